// Loose Files' units on the page: the letter and DP badge on the map, the title's words (class, DPs, casualties,
// speed), the Units table's columns, and the umpire's set-up values of a new unit and commander (docs/protocol.md,
// "Loose Files and American Scramble", "Pieces"). DPs and casualties are public ("tracked with pebbles or micro
// dice beside the command group so both sides see them"); what the viewer may not know is not sent.

import { h } from '../../common/dom.js';
import { KINDS, GUNS, WEAPONS, FORMATIONS, ROLES, ordinal, plural, leaderName } from './words.js';

const vals = (u) => (u.values && typeof u.values === 'object' ? u.values : {});
const marker = (u, k) => (u.markers && typeof u.markers[k] === 'number' ? u.markers[k] : null);
const count = (u, k) => marker(u, k) || 0;

const GLYPHS = { infantry: 'I', skirmishers: 'S', cavalry: 'C', artillery: 'A' };
export const unitGlyph = (u) => GLYPHS[u.troop_type] || '';

// At the unit's front corner: its DPs, once it has any.
export function unitBadge(u) {
  const dp = count(u, 'dp');
  return dp ? { key: 'dp', value: dp, title: `${plural(dp, 'DP')} (disorder points)` } : null;
}

const classText = (u) => (typeof vals(u).class === 'number' ? `${ordinal(vals(u).class)} class` : '');
const speedText = (u) => (marker(u, 'speed') === null ? '' : marker(u, 'speed') ? `moved with ${plural(marker(u, 'speed'), 'die', 'dice')}` : 'at rest');

function kindText(u) {
  const v = vals(u);
  const out = [];
  if (v.kind) out.push(KINDS[v.kind] || v.kind);
  if (v.regular && v.kind !== 'regular') out.push('regular');
  if (v.hessian) out.push('Hessian');
  if (v.weapon === 'rifle') out.push('rifles');
  if (u.troop_type === 'artillery' && v.gun) out.push(GUNS[v.gun] || v.gun);
  return out.join(', ');
}

function limberText(u) {
  if (u.troop_type !== 'artillery') return '';
  if (count(u, 'limbering')) return `limbering (${plural(count(u, 'limbering'), 'turn')} left)`;
  return vals(u).limbered ? 'limbered' : 'unlimbered';
}

export function unitTitle(u) {
  const parts = [classText(u), kindText(u), plural(count(u, 'dp'), 'DP'), plural(count(u, 'casualties'), 'casualty', 'casualties'), speedText(u), limberText(u)];
  return parts.filter(Boolean).join(' · ');
}

const dash = (v) => (v === null || v === undefined || v === '' ? '—' : String(v));

export const unitColumns = [
  { label: 'Class', cell: (u) => dash(classText(u)), value: (u) => String(vals(u).class ?? '') },
  { label: 'DP', cell: (u) => String(count(u, 'dp')), value: (u) => String(count(u, 'dp')) },
  { label: 'Casualties', cell: (u) => String(count(u, 'casualties')), value: (u) => String(count(u, 'casualties')) },
  { label: 'Speed', cell: (u) => dash(speedText(u)), value: (u) => String(marker(u, 'speed') ?? '') },
  {
    label: 'Formation',
    cell: (u) => [FORMATIONS[u.formation] || u.formation, limberText(u)].filter(Boolean).join(', '),
    value: (u) => u.formation || '',
  },
];

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const select = (id, choices, chosen) => h('select', { id, testid: id },
  ...Object.entries(choices).map(([k, v]) => h('option', { value: k, selected: k === chosen }, v)));
const check = (id, label) => {
  const box = h('input', { type: 'checkbox', id, testid: id });
  return { box, el: h('label', { class: 'check', for: id }, box, ` ${label}`) };
};

// The brigadiers on the table: a unit of a brigade is commanded by its brigadier (values.brigade his leader id).
function brigadeChoices(b) {
  const out = { '': 'None: the commander-in-chief\'s' };
  for (const l of (b && b.leaders) || []) if (l.values && l.values.role === 'brigadier') out[String(l.id)] = `${leaderName(b, l.id)}'s brigade (${l.side})`;
  return out;
}

function unitControls() {
  const c = {
    klass: select('battle-unit-class', { 1: '1st (grenadiers, light infantry)', 2: '2nd', 3: '3rd', 4: '4th', 5: '5th' }, '3'),
    kind: select('battle-unit-kind', { '': '—', ...KINDS }, ''),
    weapon: select('battle-unit-weapon', WEAPONS, 'musket'),
    gun: select('battle-unit-gun', GUNS, 'field'),
    brigade: select('battle-unit-brigade', brigadeChoices(null), ''),
    regular: check('battle-unit-regular', 'British regulars (may make a bayonet attack)'),
    hessian: check('battle-unit-hessian', 'Hessian infantry (one average die +2")'),
  };
  c.el = h('div', { class: 'stack' },
    h('div', { class: 'field-row three' }, field('battle-unit-class', 'Class', c.klass), field('battle-unit-kind', 'Kind', c.kind),
      field('battle-unit-brigade', 'Brigade', c.brigade)),
    h('div', { class: 'field-row' }, field('battle-unit-weapon', 'Weapon (foot)', c.weapon), field('battle-unit-gun', 'Gun (artillery)', c.gun)),
    c.regular.el, c.hessian.el);
  return c;
}

// A new unit's values: class, kind, regular, Hessian, weapon (foot), gun (artillery), brigade.
export function unitValues() {
  const c = unitControls();
  return {
    el: c.el,
    update(b) {
      const choices = brigadeChoices(b);
      const key = JSON.stringify(choices);
      if (c.brigade.dataset.key === key) return;
      c.brigade.dataset.key = key;
      const keep = c.brigade.value;
      c.brigade.replaceChildren(...Object.entries(choices).map(([k, v]) => h('option', { value: k }, v)));
      if (keep in choices) c.brigade.value = keep;
    },
    read() {
      // The troop type is the set-up form's own field, beside these.
      const form = c.klass.closest('form');
      const typeEl = form && form.querySelector('[data-testid="battle-unit-type"]');
      const type = typeEl ? typeEl.value : 'infantry';
      const v = { class: Number(c.klass.value) };
      if (c.kind.value) v.kind = c.kind.value;
      if (c.regular.box.checked) v.regular = true;
      if (c.hessian.box.checked) v.hessian = true;
      if (type === 'artillery') v.gun = c.gun.value;
      else if (type !== 'cavalry') v.weapon = c.weapon.value;
      if (c.brigade.value) v.brigade = Number(c.brigade.value);
      return v;
    },
  };
}

// A commander's values: the commander-in-chief or a brigadier ("Commander-in-chief CPs = Average Dice + 1").
export function leaderValues() {
  const role = select('battle-leader-role', ROLES, 'brigadier');
  return { el: field('battle-leader-role', 'Role', role), read: () => ({ role: role.value }) };
}
