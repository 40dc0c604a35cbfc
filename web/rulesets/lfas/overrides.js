// Loose Files' overrides for the umpire (battle.override; docs/protocol.md, "Loose Files and American Scramble",
// "Overrides"): a unit's DPs, casualties or formation, a gun limbered or not, a standoff parted, a commander's
// command points (logged to his side only) or wound, and the generic move. Each needs a reason, shown in the log;
// dragging a piece during play fills in a move.

import { h, errorLine } from '../../common/dom.js';
import { overrideForm } from '../../common/battle/override_form.js';
import { TROOP_LABELS, FORMATIONS, WOUNDS, sideName } from './words.js';

const OVERRIDES = {
  move: 'Move a unit or commander', dp: 'A unit\'s DPs', casualties: 'A unit\'s casualties', formation: 'A unit\'s formation',
  limber: 'Limber or unlimber a gun', part: 'Part a standoff', cp: 'A commander\'s command points', wound: 'A commander\'s wound',
};
// [label, min, max] of the number each override sets (the server's bounds, shared/rulesets/lfas/overrides.cpp).
const NUMBERS = { dp: ['DPs (0-5)', 0, 5], casualties: ['Casualties (0-40)', 0, 40], cp: ['Command points this turn (0-20)', 0, 20] };

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const num = (id, attrs = {}) => h('input', { type: 'number', id, testid: id, value: '0', inputmode: 'decimal', ...attrs });
const sel = (id, choices) => h('select', { id, testid: id }, ...Object.entries(choices).map(([k, v]) => h('option', { value: k }, v)));
const opt = (v, l) => h('option', { value: v }, l);

function controls() {
  const c = {
    what: sel('battle-override-what', OVERRIDES),
    target: h('select', { id: 'battle-override-target', testid: 'battle-override-target' }),
    number: num('battle-override-number', { min: 0, max: 40, step: 1 }),
    formation: sel('battle-override-formation', FORMATIONS),
    wound: sel('battle-override-wound', WOUNDS),
    x: num('battle-override-x', { step: 'any' }),
    y: num('battle-override-y', { step: 'any' }),
    facing: num('battle-override-facing', { step: 'any' }),
    reason: h('input', { type: 'text', id: 'battle-override-reason', testid: 'battle-override-reason', maxlength: 200, required: true, placeholder: 'Why (shown in the log)' }),
    submit: h('button', { type: 'submit', class: 'danger', testid: 'battle-override-submit' }, 'Override'),
    error: errorLine('battle-override-error'),
  };
  c.numberLabel = h('label', { for: 'battle-override-number' }, 'Value');
  c.fNumber = h('div', { class: 'field' }, c.numberLabel, c.number);
  c.fFormation = field('battle-override-formation', 'Formation', c.formation);
  c.fWound = field('battle-override-wound', 'Wound', c.wound);
  c.fPos = h('div', { class: 'field-row three' }, field('battle-override-x', 'x', c.x), field('battle-override-y', 'y', c.y), field('battle-override-facing', 'Facing°', c.facing));
  c.form = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field-row' }, field('battle-override-what', 'Override', c.what), field('battle-override-target', 'Of', c.target)),
    c.fNumber, c.fFormation, c.fWound, c.fPos,
    field('battle-override-reason', 'Reason (required)', c.reason), h('div', { class: 'form-actions' }, c.submit), c.error.el);
  return c;
}

const unitOptions = (b, only = () => true) => (b.units || []).filter((u) => !u.removed && only(u))
  .map((u) => opt(`unit:${u.id}`, `${u.name || `Unit ${u.id}`} (${TROOP_LABELS[u.troop_type] || u.troop_type}, ${sideName(b, u.side)})`));
const leaderOptions = (b) => (b.leaders || []).map((l) => opt(`leader:${l.id}`, `Commander: ${l.name} (${sideName(b, l.side)})`));

function targetOptions(b, what) {
  if (what === 'cp' || what === 'wound') return leaderOptions(b);
  if (what === 'move') return [...unitOptions(b), ...leaderOptions(b)];
  if (what === 'limber') return unitOptions(b, (u) => u.troop_type === 'artillery');
  return unitOptions(b);
}

function showFields(c, what) {
  const n = NUMBERS[what];
  c.fNumber.hidden = !n;
  if (n) {
    c.numberLabel.textContent = n[0];
    c.number.min = String(n[1]);
    c.number.max = String(n[2]);
  }
  c.fFormation.hidden = what !== 'formation';
  c.fWound.hidden = what !== 'wound';
  c.fPos.hidden = what !== 'move';
}

function overrideBody(c, what, kind, id) {
  if (what === 'move') return kind === 'unit' ? { unit: id, position: [Number(c.x.value), Number(c.y.value)], facing: Number(c.facing.value) } : { leader: id, position: [Number(c.x.value), Number(c.y.value)] };
  if (what === 'cp') return { leader: id, value: Number(c.number.value) };
  if (what === 'wound') return { leader: id, wound: c.wound.value };
  if (what === 'dp' || what === 'casualties') return { unit: id, value: Number(c.number.value) };
  if (what === 'formation') return { unit: id, formation: c.formation.value };
  return { unit: id };
}

const piecesKey = (b) => `${b.id}:${(b.units || []).map((u) => `${u.id}${u.removed ? 'r' : ''}`).join(',')}:${(b.leaders || []).map((l) => l.id).join(',')}`;

// send(type, body): the console's sender. {el, update(view, b), select(kind, id), moveTo(...)}.
export function overridesForm(send) {
  const c = controls();
  return overrideForm(send, c, {
    targets: targetOptions,
    fields(b, what) { showFields(c, what); },
    body: overrideBody,
    nothing: (what) => (what === 'limber' ? 'No gun on the table.' : 'Nothing to choose.'),
    key: piecesKey,
    unitFacingOnly: true,
  });
}
