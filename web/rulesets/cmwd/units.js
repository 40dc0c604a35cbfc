// Chosen Men's bases on the page: the letter and badge on the map, the title's words (its brigade, quality, school,
// base size, broken), the Units table's columns, and the umpire's set-up values of a new base and a general
// (docs/protocol.md, "Chosen Men, Well Disposed", "Pieces"). What the viewer may not know is not sent.

import { h } from '../../common/dom.js';
import { QUALITIES, SCHOOLS, RANKS, brigadeName, cmwdOf } from './words.js';

const vals = (u) => (u.values && typeof u.values === 'object' ? u.values : {});
const marker = (u, k) => (u.markers && typeof u.markers[k] === 'number' ? u.markers[k] : 0);
const text = (v) => (v === null || v === undefined || v === '' ? '—' : String(v));
const r1 = (n) => Math.round(n * 10) / 10;

const GLYPHS = { infantry: 'I', horse: 'H', dragoons: 'D', dismounted_dragoons: 'd', artillery: 'A', baggage: 'B' };
export const unitGlyph = (u) => GLYPHS[u.troop_type] || '';

// At the base's front corner: broken, else its shaken levels.
export function unitBadge(u) {
  if (marker(u, 'broken')) return { key: 'broken', value: 'B', title: 'Broken' };
  const s = marker(u, 'shaken');
  return s ? { key: 'shaken', value: s, title: `Shaken (${s} level${s === 1 ? '' : 's'})` } : null;
}

const qualityText = (u) => QUALITIES[vals(u).quality] || vals(u).quality || '';
const schoolText = (u) => (u.troop_type === 'infantry' ? SCHOOLS[vals(u).school] || vals(u).school || '' : '');
const shakenText = (u) => (marker(u, 'broken') ? 'broken' : marker(u, 'shaken') ? `shaken ${marker(u, 'shaken')}` : 'steady');

// The base's size in the table's measure ("base 6 × 3"), as the map draws it.
const sizeText = (u) => (u.base_width ? `base ${r1(u.base_width)} × ${r1(u.base_depth || u.base_width / 2)}` : '');

export function unitTitle(u) {
  const v = vals(u);
  const parts = [];
  if (v.brigade) parts.push(`brigade ${v.brigade}`);
  for (const t of [qualityText(u), schoolText(u), v.pistols ? 'pistols' : '', sizeText(u)]) if (t) parts.push(t);
  if (marker(u, 'broken')) parts.push('broken');
  else if (marker(u, 'shaken')) parts.push(`shaken ${marker(u, 'shaken')}`);
  return parts.join(' · ');
}

export const unitColumns = [
  { label: 'Brigade', cell: (u, b) => text(vals(u).brigade ? brigadeName(b, vals(u).brigade) : ''), value: (u) => vals(u).brigade || '' },
  { label: 'Quality', cell: (u) => text(qualityText(u)), value: (u) => vals(u).quality || '' },
  { label: 'School', cell: (u) => text(schoolText(u)), value: (u) => vals(u).school || '' },
  { label: 'Shaken', cell: shakenText, value: (u) => String(marker(u, 'broken') ? 'broken' : marker(u, 'shaken')) },
];

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const select = (id, choices, chosen) => h('select', { id, testid: id },
  ...Object.entries(choices).map(([k, v]) => h('option', { value: k, selected: k === chosen }, v)));

// The brigades on the table so far, offered as the brigade's word.
function brigadeList(id) {
  const list = h('datalist', { id });
  return {
    el: list,
    update(b) {
      const ids = [...new Set([...(cmwdOf(b).brigades || []).map((x) => x.id), ...(b.units || []).map((u) => vals(u).brigade).filter(Boolean)])];
      if (list.dataset.key === ids.join(',')) return;
      list.dataset.key = ids.join(',');
      list.replaceChildren(...ids.map((x) => h('option', { value: x })));
    },
  };
}

// A new base's values: its brigade (required but for baggage), quality, school (infantry), pistols (cavalry).
export function unitValues() {
  const brigades = brigadeList('cmwd-brigades-known');
  const brigade = h('input', { type: 'text', id: 'battle-unit-brigade', testid: 'battle-unit-brigade', maxlength: 40, autocomplete: 'off', list: 'cmwd-brigades-known' });
  const quality = select('battle-unit-quality', QUALITIES, 'trained');
  const school = select('battle-unit-school', SCHOOLS, 'dutch');
  const pistols = h('input', { type: 'checkbox', id: 'battle-unit-pistols', testid: 'battle-unit-pistols' });
  return {
    el: h('div', { class: 'stack' },
      h('div', { class: 'field-row three' }, field('battle-unit-brigade', 'Brigade', brigade), field('battle-unit-quality', 'Quality', quality),
        field('battle-unit-school', 'School (infantry)', school)),
      h('label', { class: 'check', for: 'battle-unit-pistols' }, pistols, ' Fires pistols in a charge (cavalry)'), brigades.el),
    update: (b) => brigades.update(b),
    read() {
      // The school is infantry's only (the set-up form's troop type, beside these fields).
      const form = brigade.closest('form');
      const type = form && form.querySelector('[data-testid="battle-unit-type"]');
      const v = { quality: quality.value };
      if (!type || type.value === 'infantry') v.school = school.value;
      if (pistols.checked) v.pistols = true;
      if (brigade.value.trim()) v.brigade = brigade.value.trim();
      return v;
    },
  };
}

// A general's values: his brigade ("" a commander of the side), his rank, whether he commands the side.
export function leaderValues() {
  const brigade = h('input', { type: 'text', id: 'battle-leader-brigade', testid: 'battle-leader-brigade', maxlength: 40, autocomplete: 'off', placeholder: 'none: a commander' });
  const rank = select('battle-leader-rank', RANKS, 'active');
  const commander = h('input', { type: 'checkbox', id: 'battle-leader-commander', testid: 'battle-leader-commander' });
  return {
    el: h('div', { class: 'stack' },
      h('div', { class: 'field-row' }, field('battle-leader-brigade', 'Brigade', brigade), field('battle-leader-rank', 'Rank', rank)),
      h('label', { class: 'check', for: 'battle-leader-commander' }, commander, ' Commands the side (bids for the tempo)')),
    read() {
      const v = { brigade: brigade.value.trim(), rank: rank.value };
      if (commander.checked) v.commander = true;
      return v;
    },
  };
}
