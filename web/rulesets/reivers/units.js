// Border Reivers' names on the page: the Units table's columns (mounted or on foot, fyrebrand, state), the mark on
// the map (a name's concealment points while it lies in ambush), the losses table once the raid ends, and the
// set-up form's values of a new name and a heidman. The server sends a name's fyrebrand and markers only to its
// own side and umpires; of an enemy name everyone sees whether it is mounted and whether it flees (docs/protocol.md,
// "Border Reivers"; shared/rulesets/reivers/ruleset.cpp, visibility). A concealed name reaches only its own side.

import { h } from '../../common/dom.js';

const vals = (u) => (u.values && typeof u.values === 'object' ? u.values : {});
const marker = (u, k) => (u.markers && typeof u.markers[k] === 'number' ? u.markers[k] : 0);
const ambushPoints = (u) => marker(u, 'concealment');
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

export function mountedText(u) {
  if (u.troop_type === 'herd' || u.troop_type === 'wagon') return 'driven';
  const m = vals(u).mounted;
  return m === true ? 'mounted' : m === false ? 'on foot' : '?';
}

// Its rating and every +1 carried since it fled ("The fyrbrand of the fleeing name is increased by one for the
// remainder of the game"), as the server keeps them: values.fyrebrand and markers.fyrebrand_up.
export function fyrebrandText(u) {
  const f = vals(u).fyrebrand;
  if (typeof f !== 'number') return '?';
  const up = marker(u, 'fyrebrand_up');
  return up ? `${f} +${up}` : String(f);
}

// The names this one has declared feud on (the view's `feuds`, naming no name hidden from the viewer): "the
// fyrebrand rating of the declaring name is lowered by 2 when facing their feuding targets".
function feudText(u, b) {
  const against = ((b && b.feuds) || []).filter((f) => f.by === u.id).flatMap((f) => f.against || []);
  const names = against.map((id) => ((b.units || []).find((x) => x.id === id) || {}).name).filter(Boolean);
  return names.length ? `in feud with ${names.join(', ')}` : '';
}

// The name's state: in ambush (his own side sees the points), fleeing, taken, destroyed, its feuds.
function stateParts(u, b) {
  const out = [];
  if (u.concealed) out.push({ key: 'ambush', text: `in ambush, ${plural(ambushPoints(u), 'concealment point', 'concealment points')}` });
  if (marker(u, 'fleeing')) out.push({ key: 'fleeing', text: 'fleeing' });
  if (marker(u, 'taken')) out.push({ key: 'taken', text: 'taken' });
  if (marker(u, 'destroyed')) out.push({ key: 'destroyed', text: 'destroyed' });
  const feud = feudText(u, b);
  if (feud) out.push({ key: 'feud', text: feud });
  return out;
}

function stateCell(u, b) {
  const parts = stateParts(u, b);
  if (!parts.length) return u.removed ? 'gone' : 'standing';
  return h('span', {}, ...parts.flatMap((p, i) => [i ? ', ' : '',
    h('span', { class: `reivers-${p.key}`, testid: `reivers-unit-${p.key}`, dataset: p.key === 'ambush' ? { points: String(ambushPoints(u)) } : {} }, p.text)]));
}

export const unitColumns = [
  { label: 'Mounted', cell: mountedText, value: mountedText },
  { label: 'Fyrebrand', cell: fyrebrandText, value: fyrebrandText },
  { label: 'State', cell: stateCell, value: (u, b) => stateParts(u, b).map((p) => p.key).join(' ') || 'standing' },
];

// On the map, at the name's front corner: its concealment points while it lies in ambush (its own side and umpires
// only receive it), else "F" while it flees.
export function unitBadge(u) {
  if (u.concealed) return { key: 'ambush', value: ambushPoints(u), title: `In ambush: ${plural(ambushPoints(u), 'concealment point', 'concealment points')}` };
  if (marker(u, 'fleeing')) return { key: 'fleeing', value: 'F', title: 'Fleeing' };
  return null;
}

export function unitTitle(u) {
  const parts = [mountedText(u)];
  if (typeof vals(u).fyrebrand === 'number') parts.push(`fyrebrand ${fyrebrandText(u)}`);
  for (const p of stateParts(u)) parts.push(p.text);
  return parts.join(' · ');
}

const GLYPHS = { rider: 'R', lowne: 'L', demi_lance: 'DL', musketeer: 'M', blade: 'Bl', bow: 'Bw', pike: 'P', herd: 'H', wagon: 'W' };
export const unitGlyph = (u) => GLYPHS[u.troop_type] || '';

const text = (v) => (v === null || v === undefined || v === '' ? '—' : String(v));

// The raid's outcome (docs/protocol.md, "Border Reivers": each name's state, whether it was taken, its heidman and
// his fate); the chart has no rows of its own.
export const recordsColumns = [];
export const lossColumns = [
  { label: 'Name', cell: (l) => l.name || `Name ${l.unit}` },
  { label: 'State', cell: (l) => text(l.state) },
  { label: 'Taken', cell: (l) => (l.taken ? 'yes' : 'no') },
  { label: 'Fyrebrand +', cell: (l) => text(l.fyrebrand_up) },
  { label: 'Heidman', cell: (l) => text(l.heidman) },
  { label: 'His fate', cell: (l) => text(l.heidman_fate) },
];

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);

// The set-up form's values of a new name: mounted or on foot (blank: as its type, mounted but for herds and
// wagons), fyrebrand (blank: its heidman's, else 3), its heidman; and its concealment points when it is placed in
// ambush (markers.concealment).
export function unitValues() {
  const mounted = h('select', { id: 'battle-unit-mounted', testid: 'battle-unit-mounted' },
    h('option', { value: '' }, 'As its type'), h('option', { value: 'true' }, 'Mounted'), h('option', { value: 'false' }, 'On foot'));
  const fyrebrand = h('input', { type: 'number', id: 'battle-unit-fyrebrand', testid: 'battle-unit-fyrebrand', min: 0, max: 5, inputmode: 'numeric', placeholder: 'his heidman\'s' });
  const heidman = h('select', { id: 'battle-unit-heidman', testid: 'battle-unit-heidman' });
  const points = h('input', { type: 'number', id: 'battle-unit-concealment', testid: 'battle-unit-concealment', min: 1, max: 99, value: '1', inputmode: 'numeric' });
  return {
    el: h('div', { class: 'stack' },
      h('div', { class: 'field-row three' }, field('battle-unit-mounted', 'Mounted', mounted), field('battle-unit-fyrebrand', 'Fyrebrand (0-5)', fyrebrand),
        field('battle-unit-heidman', 'Heidman', heidman)),
      field('battle-unit-concealment', 'Concealment points if placed in ambush', points)),
    update(b) {
      const key = (b.leaders || []).map((l) => `${l.id}:${l.side}`).join(',');
      if (heidman.dataset.key === key) return;
      heidman.dataset.key = key;
      const keep = heidman.value;
      heidman.replaceChildren(h('option', { value: '' }, 'None'),
        ...(b.leaders || []).map((l) => h('option', { value: String(l.id) }, `${l.name} (${((b.sides || []).find((s) => s.id === l.side) || {}).name || l.side})`)));
      if ([...heidman.options].some((o) => o.value === keep)) heidman.value = keep;
    },
    read() {
      const v = {};
      if (mounted.value) v.mounted = mounted.value === 'true';
      if (fyrebrand.value !== '') v.fyrebrand = Number(fyrebrand.value);
      if (heidman.value) v.heidman = Number(heidman.value);
      return v;
    },
    fields: ({ concealed }) => (concealed && Number(points.value) > 0 ? { markers: { concealment: Number(points.value) } } : {}),
  };
}

// A heidman's values: fyrebrand 0-5 and craft poor | average | good (shared/rulesets/reivers/ruleset.cpp,
// read_leader; the server's defaults 3 and average).
export function leaderValues() {
  const fyrebrand = h('input', { type: 'number', id: 'battle-leader-fyrebrand', testid: 'battle-leader-fyrebrand', min: 0, max: 5, value: '3', inputmode: 'numeric' });
  const craft = h('select', { id: 'battle-leader-craft', testid: 'battle-leader-craft' },
    ...['poor', 'average', 'good'].map((c) => h('option', { value: c, selected: c === 'average' }, c)));
  return {
    el: h('div', { class: 'field-row' }, field('battle-leader-fyrebrand', 'Fyrebrand (0-5)', fyrebrand), field('battle-leader-craft', 'Craft', craft)),
    read: () => ({ fyrebrand: Number(fyrebrand.value) || 0, craft: craft.value }),
  };
}
