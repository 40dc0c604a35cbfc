// Over the Hill's unit parts: the Units table's D:M:E and TP columns, the TP badge and title on the map, the
// Records chart's columns, and the set-up form's Drill, Musketry and Effectiveness. The server sends a unit's
// values and tension points only to those who may know them (its side and umpires); others see "?".

import { h } from '../../common/dom.js';

const tpOf = (u) => (u.markers && typeof u.markers.tension_points === 'number' ? u.markers.tension_points : null);

function dme(u) {
  const v = u.values || {};
  return typeof v.drill === 'number' ? `${v.drill}:${v.musketry}:${v.effectiveness}` : '?';
}

export const unitColumns = [
  { label: 'D:M:E', cell: dme, value: dme },
  { label: 'TP', cell: (u) => (tpOf(u) === null ? '?' : String(tpOf(u))), value: (u) => (tpOf(u) === null ? '?' : String(tpOf(u))) },
];

// The TP on the map, at the unit's front corner, where the viewer knows it and it is not 0.
export function unitBadge(u) {
  const tp = tpOf(u);
  return tp !== null && tp > 0 ? { key: 'tp', value: tp, title: `${tp} tension points` } : null;
}

export function unitTitle(u) {
  const tp = tpOf(u);
  return tp === null ? '' : `TP ${tp}`;
}

export function unitGlyph(u) {
  return u.troop_type === 'horse' ? 'H' : u.troop_type === 'gunners' ? 'G' : '';
}

const text = (v) => String(v ?? '');
const pct = (v) => (v === null || v === undefined ? '—' : typeof v === 'number' ? `${v}%` : String(v));

// over-the-hills.txt, "Overall Losses" and the Records chart.
export const recordsColumns = [
  { label: 'Regiment', cell: (r) => text(r.regiment) },
  { label: 'Drill', cell: (r) => text(r.drill) },
  { label: 'Musketry', cell: (r) => text(r.musketry) },
  { label: 'Effect.', cell: (r) => text(r.effectiveness) },
  { label: 'Average', cell: (r) => text(r.average) },
  { label: 'To inflict a TP', cell: (r) => text(r.musketry_to_inflict) },
  { label: 'Losses', cell: (r) => pct(r.losses), value: (r) => text(r.losses) },
];

export const lossColumns = [
  { label: 'Unit', cell: (l) => l.name || `Unit ${l.unit}` },
  { label: 'Die', cell: (l) => text(l.die) },
  { label: 'Losses', cell: (l) => pct(l.percent) },
  { label: 'Companies', cell: (l) => (l.before !== undefined && l.before !== null ? `${l.before} → ${l.after}` : '—') },
  { label: 'Half strength', cell: (l) => (l.halved ? 'yes' : 'no') },
];

function num(id, value) {
  return h('input', { type: 'number', id, testid: id, value: String(value), inputmode: 'decimal', min: 0, max: 6 });
}

// The set-up form's values of a new unit: Drill, Musketry, Effectiveness (a non-played battalion's 2:2:2).
export function unitValues() {
  const d = num('battle-unit-drill', 2);
  const m = num('battle-unit-musketry', 2);
  const e = num('battle-unit-effectiveness', 2);
  const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
  return {
    el: h('div', { class: 'field-row three' }, field('battle-unit-drill', 'Drill', d), field('battle-unit-musketry', 'Musketry', m),
      field('battle-unit-effectiveness', 'Effect.', e)),
    read: () => ({ drill: Number(d.value), musketry: Number(m.value), effectiveness: Number(e.value) }),
  };
}
