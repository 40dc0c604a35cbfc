// Over the Hill's overrides for the umpire (battle.override, docs/protocol.md): move a piece, set tension points,
// impose an order, apply a reaction result, call a reaction test, correct the losses tally, a leader's fate,
// reveal or conceal an ambush; each with a required reason, shown in the log. Dragging a piece on the map during
// play fills in a move (moveTo).

import { h, errorLine } from '../../common/dom.js';
import { overrideForm, keepValue } from '../../common/battle/override_form.js';

const OVERRIDES = {
  move: 'Move a unit or leader',
  tp: 'Set tension points',
  order: 'Impose an order',
  result: 'Apply a reaction result',
  reaction_test: 'Call a reaction test',
  record: 'Correct the losses tally',
  leader: 'A leader\'s fate',
  reveal: 'Reveal an ambush',
  conceal: 'Conceal (an ambush)',
};

const ORDERS = ['fire', 'hold_your_fire', 'cease_fire', 'retreat', 'run_away', 'advance', 'charge', 'wheel_left', 'wheel_right', 'follow_me', 'form_square', 'form_column', 'form_line'];

// The choices of the value list for each kind of override.
const VALUES = {
  order: [['', 'No order'], ...ORDERS.map((o) => [o, o.replace(/_/g, ' ')])],
  result: ['OK', 'NA', 'FB', 'RA', 'Ch', 'CF'].map((r) => [r, r]),
  leader: ['unhurt', 'wounded', 'killed'].map((r) => [r, r]),
  record: [['times_ran_away', 'Times ran away'], ['turns_of_musketry_received', 'Turns of musketry received'], ['turns_fired_on_by_cannon', 'Turns under cannon']],
};

const faces = (text) => text.split(/[\s,]+/).filter(Boolean).map(Number);
const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const num = (id, attrs = {}) => h('input', { type: 'number', id, testid: id, value: '0', inputmode: 'decimal', ...attrs });

function controls() {
  const c = {
    what: h('select', { id: 'battle-override-what', testid: 'battle-override-what' }, ...Object.entries(OVERRIDES).map(([k, v]) => h('option', { value: k }, v))),
    target: h('select', { id: 'battle-override-target', testid: 'battle-override-target' }),
    value: h('select', { id: 'battle-override-value', testid: 'battle-override-value' }),
    number: num('battle-override-number', { min: 0, max: 8 }),
    x: num('battle-override-x', { step: 'any' }),
    y: num('battle-override-y', { step: 'any' }),
    facing: num('battle-override-facing', { step: 'any' }),
    dice: h('input', { type: 'text', id: 'battle-override-dice', testid: 'battle-override-dice', placeholder: 'faces (optional)' }),
    reason: h('input', { type: 'text', id: 'battle-override-reason', testid: 'battle-override-reason', maxlength: 200, required: true, placeholder: 'Why (shown in the log)' }),
    submit: h('button', { type: 'submit', class: 'danger', testid: 'battle-override-submit' }, 'Override'),
    error: errorLine('battle-override-error'),
  };
  c.fValue = field('battle-override-value', 'Value', c.value);
  c.fNumber = field('battle-override-number', 'Value', c.number);
  c.fPos = h('div', { class: 'field-row three' }, field('battle-override-x', 'x', c.x), field('battle-override-y', 'y', c.y), field('battle-override-facing', 'Facing°', c.facing));
  c.fDice = field('battle-override-dice', 'Dice', c.dice);
  c.form = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field-row' }, field('battle-override-what', 'Override', c.what), field('battle-override-target', 'Of', c.target)),
    c.fValue, c.fNumber, c.fPos, c.fDice, field('battle-override-reason', 'Reason (required)', c.reason),
    h('div', { class: 'form-actions' }, c.submit), c.error.el);
  return c;
}

// The pieces an override may name: Reveal offers the concealed ones, Conceal the others still on the table;
// units first, then leaders (a leader's fate: leaders only).
function targetOptions(b, what) {
  const hiding = what === 'reveal' || what === 'conceal';
  const fits = (x) => (what === 'reveal' ? x.concealed === true : what === 'conceal' ? x.concealed !== true && !x.removed : true);
  const units = what === 'leader' ? [] : (b.units || []).filter(fits).map((u) => h('option', { value: `unit:${u.id}` }, u.name || `Unit ${u.id}`));
  const leaders = what === 'move' || what === 'leader' || hiding
    ? (b.leaders || []).filter(fits).map((l) => h('option', { value: `leader:${l.id}` }, `Leader: ${l.name}`)) : [];
  return [...units, ...leaders];
}

// The command's body for the form's override of piece `kind:id`.
function overrideBody(c, what, kind, id) {
  if (what === 'reveal' || what === 'conceal') return { [kind]: id };
  if (what === 'move') {
    const body = { [kind]: id, position: [Number(c.x.value), Number(c.y.value)] };
    if (kind === 'unit') body.facing = Number(c.facing.value);
    return body;
  }
  if (what === 'leader') return { leader: id, fate: c.value.value };
  const body = { unit: id };
  if (what === 'tp') body.value = Number(c.number.value);
  if (what === 'order') body.order = c.value.value || null;
  if (what === 'result') body.result = c.value.value;
  if (what === 'record') body[c.value.value] = Number(c.number.value);
  if (what === 'reaction_test') { const d = faces(c.dice.value); if (d.length) body.dice = d; }
  return body;
}

const targetKey = (b) => `${b.id}:${(b.units || []).map((u) => `${u.id}${u.concealed ? 'c' : ''}${u.removed ? 'r' : ''}`).join(',')}:${(b.leaders || []).map((l) => `${l.id}${l.concealed ? 'c' : ''}`).join(',')}`;

// send(type, body): the console's sender (adds the campaign). Returns {el, update(view, b), select(kind, id),
// moveTo(kind, id, position)}: the map's selection and drags fill in a move.
export function overridesForm(send) {
  const c = controls();
  return overrideForm(send, c, {
    targets: targetOptions,
    fields(b, what) {
      const values = VALUES[what] || [];
      keepValue(c.value, values.map(([v, l]) => h('option', { value: v }, l)));
      c.fValue.hidden = values.length === 0;
      c.fNumber.hidden = !(what === 'tp' || what === 'record');
      c.fPos.hidden = what !== 'move';
      c.fDice.hidden = what !== 'reaction_test';
    },
    body: overrideBody,
    nothing: (what) => (what === 'reveal' ? 'Nothing is concealed.' : 'Nothing to choose.'),
    key: targetKey,
    unitFacingOnly: true,
  });
}
