// Border Reivers' overrides for the umpire (battle.override; docs/protocol.md, "Border Reivers", "Overrides";
// shared/rulesets/reivers/overrides.cpp): act for a heidman (the order of heidmen not enforced), declare or end a
// feud ("an umpire ... may declare feud on another name"), rule a heidman's craft throw, set or reveal a terrain roll, a heidman's fate, a name's
// marker, reveal or conceal a name, and the generic move. Each needs a reason, shown in the log. Dragging a piece
// on the map during play fills in a move (moveTo).

import { h, errorLine } from '../../common/dom.js';
import { overrideForm, keepValue } from '../../common/battle/override_form.js';
import { TROOP_LABELS, sideName } from './words.js';

const OVERRIDES = {
  act: 'Act for a heidman', craft: 'A heidman\'s craft throw', move: 'Move a name or heidman', feud: 'Declare a feud', unfeud: 'End a name\'s feuds',
  terrain: 'A terrain roll', fate: 'A heidman\'s fate', marker: 'Set a name\'s marker', reveal: 'Reveal a name in ambush',
  conceal: 'Conceal a name (ambush)',
};
const ACTIONS = {
  craft: 'Throw his craft', move: 'Move a name', move_heidman: 'Ride (the heidman)', conceal: 'Conceal a name',
  detect: 'Search for an ambush', dismount: 'Dismount a name', remount: 'Remount a name', rally: 'Rally a name', spring: 'Spring an ambush',
};
const MARKERS = { fleeing: 'Fleeing (0 rallies it)', fyrebrand_up: 'Fyrebrand +', concealment: 'Concealment points', under_fire: 'Under fire' };
const NEEDS_UNIT = new Set(['move', 'conceal', 'dismount', 'remount', 'rally', 'spring']);
const NEEDS_POINT = { move: 'to', move_heidman: 'to', detect: 'at' };

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const num = (id, attrs = {}) => h('input', { type: 'number', id, testid: id, value: '0', inputmode: 'decimal', ...attrs });
const sel = (id, attrs = {}, ...options) => h('select', { id, testid: id, ...attrs }, ...options);
const opt = (v, l) => h('option', { value: v }, l);

function controls() {
  const c = {
    what: sel('battle-override-what', {}, ...Object.entries(OVERRIDES).map(([k, v]) => opt(k, v))),
    target: sel('battle-override-target'),
    action: sel('battle-override-action', {}, ...Object.entries(ACTIONS).map(([k, v]) => opt(k, v))),
    unit: sel('battle-override-unit'),
    against: sel('battle-override-against', { multiple: true, size: 4 }),
    roll: sel('battle-override-roll', {}, opt('', 'keep the roll'), ...[1, 2, 3, 4, 5, 6].map((n) => opt(String(n), String(n)))),
    revealTo: sel('battle-override-reveal-to'),
    fate: sel('battle-override-fate', {}, opt('', 'in the fight'), opt('dead', 'dead'), opt('captured', 'captured')),
    wounded: h('input', { type: 'checkbox', id: 'battle-override-wounded', testid: 'battle-override-wounded' }),
    marker: sel('battle-override-marker', {}, ...Object.entries(MARKERS).map(([k, v]) => opt(k, v))),
    number: num('battle-override-number', { min: 0, max: 99, step: 1 }),
    craft: num('battle-override-craft', { min: 1, max: 12, step: 1, value: '1' }),
    x: num('battle-override-x', { step: 'any' }),
    y: num('battle-override-y', { step: 'any' }),
    facing: num('battle-override-facing', { step: 'any' }),
    reason: h('input', { type: 'text', id: 'battle-override-reason', testid: 'battle-override-reason', maxlength: 200, required: true, placeholder: 'Why (shown in the log)' }),
    submit: h('button', { type: 'submit', class: 'danger', testid: 'battle-override-submit' }, 'Override'),
    error: errorLine('battle-override-error'),
  };
  c.fAction = field('battle-override-action', 'Action', c.action);
  c.fUnit = field('battle-override-unit', 'Name', c.unit);
  c.fAgainst = field('battle-override-against', 'Against (the names, their allies among them)', c.against);
  c.fRoll = field('battle-override-roll', 'Roll (1-6)', c.roll);
  c.fRevealTo = field('battle-override-reveal-to', 'Tell', c.revealTo);
  c.fFate = h('div', { class: 'field-row' }, field('battle-override-fate', 'Fate', c.fate),
    h('label', { class: 'check', for: 'battle-override-wounded' }, c.wounded, ' Wounded'));
  c.fMarker = field('battle-override-marker', 'Marker', c.marker);
  c.numberLabel = h('label', { for: 'battle-override-number' }, 'Value');
  c.fNumber = h('div', { class: 'field' }, c.numberLabel, c.number);
  c.fCraft = field('battle-override-craft', 'Craft (1-12)', c.craft);
  c.fPos = h('div', { class: 'field-row three' }, field('battle-override-x', 'x (paces)', c.x), field('battle-override-y', 'y (paces)', c.y),
    field('battle-override-facing', 'Facing°', c.facing));
  c.form = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field-row' }, field('battle-override-what', 'Override', c.what), field('battle-override-target', 'Of', c.target)),
    c.fAction, c.fUnit, c.fAgainst, c.fRoll, c.fRevealTo, c.fFate, c.fMarker, c.fNumber, c.fCraft, c.fPos,
    field('battle-override-reason', 'Reason (required)', c.reason), h('div', { class: 'form-actions' }, c.submit), c.error.el);
  return c;
}

const unitLabel = (b, u) => `${u.name || `Name ${u.id}`} (${TROOP_LABELS[u.troop_type] || u.troop_type}, ${sideName(b, u.side)}${u.concealed ? ', in ambush' : ''})`;
const unitOptions = (b, fits = () => true) => (b.units || []).filter((u) => !u.removed && fits(u)).map((u) => opt(`unit:${u.id}`, unitLabel(b, u)));
const leaderOptions = (b) => (b.leaders || []).map((l) => opt(`leader:${l.id}`, `Heidman: ${l.name}`));

// The pieces each override names.
function targetOptions(b, what) {
  if (what === 'act' || what === 'fate' || what === 'craft') return leaderOptions(b);
  if (what === 'move') return [...unitOptions(b), ...leaderOptions(b)];
  if (what === 'terrain') return (b.terrain || []).map((t) => opt(`feature:${t.id}`, `${t.name || t.kind} (${t.kind})`));
  if (what === 'reveal') return unitOptions(b, (u) => u.concealed === true);
  if (what === 'conceal') return unitOptions(b, (u) => u.concealed !== true);
  return unitOptions(b);
}

function showFields(c, what) {
  const action = c.action.value;
  const act = what === 'act';
  c.fAction.hidden = !act;
  c.fUnit.hidden = !(act && NEEDS_UNIT.has(action));
  c.fAgainst.hidden = what !== 'feud';
  c.fRoll.hidden = what !== 'terrain';
  c.fRevealTo.hidden = what !== 'terrain';
  c.fFate.hidden = what !== 'fate';
  c.fMarker.hidden = what !== 'marker';
  c.fNumber.hidden = !(what === 'marker' || what === 'conceal' || what === 'craft');
  c.numberLabel.textContent = { conceal: 'Concealment points (1-99)', craft: 'Craft thrown (0-6; what is spent stays spent)' }[what] || 'Value (0-99)';
  c.fCraft.hidden = !(act && (action === 'conceal' || action === 'detect'));
  c.fPos.hidden = !(what === 'move' || (act && NEEDS_POINT[action]));
  c.facing.closest('.field').hidden = what !== 'move';
}

// The command's body for the form's override of `kind:id`.
function overrideBody(c, what, kind, id) {
  const point = [Number(c.x.value), Number(c.y.value)];
  if (what === 'move') return kind === 'unit' ? { unit: id, position: point, facing: Number(c.facing.value) } : { leader: id, position: point };
  if (what === 'act') {
    const body = { leader: id, action: c.action.value };
    if (NEEDS_UNIT.has(body.action)) body.unit = Number(c.unit.value.split(':')[1]);
    if (NEEDS_POINT[body.action]) body[NEEDS_POINT[body.action]] = point;
    if (body.action === 'conceal' || body.action === 'detect') body.craft = Number(c.craft.value);
    return body;
  }
  if (what === 'feud') return { by: id, against: [...c.against.selectedOptions].map((o) => Number(o.value.split(':')[1])) };
  if (what === 'unfeud') return { by: id };
  if (what === 'terrain') {
    const body = { feature: id };
    if (c.roll.value) body.roll = Number(c.roll.value);
    if (c.revealTo.value) body.reveal_to = c.revealTo.value;
    return body;
  }
  if (what === 'fate') return { leader: id, fate: c.fate.value, wounded: c.wounded.checked };
  if (what === 'marker') return { unit: id, marker: c.marker.value, value: Number(c.number.value) };
  if (what === 'conceal') return { unit: id, points: Number(c.number.value) };
  if (what === 'craft') return { leader: id, rolled: Number(c.number.value) };
  return { unit: id };
}

const piecesKey = (b) => `${b.id}:${(b.units || []).map((u) => `${u.id}${u.concealed ? 'c' : ''}${u.removed ? 'r' : ''}`).join(',')}:${(b.leaders || []).map((l) => l.id).join(',')}:${(b.terrain || []).map((t) => t.id).join(',')}`;

// send(type, body): the console's sender (adds the campaign). {el, update(view, b), select(kind, id), moveTo(...)}.
export function overridesForm(send) {
  const c = controls();
  c.action.addEventListener('change', () => showFields(c, c.what.value));
  return overrideForm(send, c, {
    targets: targetOptions,
    fields(b, what) {
      keepValue(c.unit, unitOptions(b));
      keepValue(c.against, unitOptions(b));
      keepValue(c.revealTo, [opt('', 'nobody yet'), opt('*', 'every side'), ...(b.sides || []).map((s) => opt(s.id, s.name || s.id))]);
      if (what === 'conceal' && Number(c.number.value) < 1) c.number.value = '1';
      showFields(c, what);
    },
    body: overrideBody,
    nothing: (what) => (what === 'reveal' ? 'No name lies in ambush.' : 'Nothing to choose.'),
    key: piecesKey,
  });
}
