// Chosen Men's overrides for the umpire (battle.override; docs/protocol.md, "Chosen Men, Well Disposed",
// "Overrides"): a base's marker (shaken levels, broken, fired), a general's fate and rank, a side's tempo points,
// a brigade spent or on the move, a hand-to-hand fight parted, and the generic move. Each needs a reason, shown in the log;
// dragging a piece during play fills in a move.

import { h, errorLine } from '../../common/dom.js';
import { overrideForm } from '../../common/battle/override_form.js';
import { TROOP_LABELS, FATES, RANKS, cmwdOf, sideName } from './words.js';

const OVERRIDES = {
  move: 'Move a base or general', marker: 'Set a base\'s marker', fate: 'A general\'s fate', rank: 'A general\'s rank',
  tempo: 'A side\'s tempo points', spent: 'A brigade spent (or not)', moving: 'A brigade on the move (or not)',
  part: 'Part a hand-to-hand fight',
};
const MARKERS = { shaken: 'Shaken levels', broken: 'Broken (1) or not (0)', fired: 'Has fired (1) or not (0)' };

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const num = (id, attrs = {}) => h('input', { type: 'number', id, testid: id, value: '0', inputmode: 'decimal', ...attrs });
const sel = (id, choices) => h('select', { id, testid: id }, ...Object.entries(choices).map(([k, v]) => h('option', { value: k }, v)));
const opt = (v, l) => h('option', { value: v }, l);

function controls() {
  const c = {
    what: sel('battle-override-what', OVERRIDES),
    target: h('select', { id: 'battle-override-target', testid: 'battle-override-target' }),
    marker: sel('battle-override-marker', MARKERS),
    number: num('battle-override-number', { min: 0, max: 99, step: 1 }),
    fate: sel('battle-override-fate', FATES),
    rank: sel('battle-override-rank', RANKS),
    spent: h('input', { type: 'checkbox', id: 'battle-override-spent', testid: 'battle-override-spent', checked: true }),
    x: num('battle-override-x', { step: 'any' }),
    y: num('battle-override-y', { step: 'any' }),
    facing: num('battle-override-facing', { step: 'any' }),
    reason: h('input', { type: 'text', id: 'battle-override-reason', testid: 'battle-override-reason', maxlength: 200, required: true, placeholder: 'Why (shown in the log)' }),
    submit: h('button', { type: 'submit', class: 'danger', testid: 'battle-override-submit' }, 'Override'),
    error: errorLine('battle-override-error'),
  };
  c.fMarker = field('battle-override-marker', 'Marker', c.marker);
  c.numberLabel = h('label', { for: 'battle-override-number' }, 'Value');
  c.fNumber = h('div', { class: 'field' }, c.numberLabel, c.number);
  // The server reads the turns out of action from the fate's row of the book's table.
  c.fFate = field('battle-override-fate', 'Fate (out of action as the book\'s table says)', c.fate);
  c.fRank = field('battle-override-rank', 'Rank', c.rank);
  c.spentLabel = h('span', {}, ' Spent: takes no further part');
  c.fSpent = h('label', { class: 'check', for: 'battle-override-spent' }, c.spent, c.spentLabel);
  c.fPos = h('div', { class: 'field-row three' }, field('battle-override-x', 'x', c.x), field('battle-override-y', 'y', c.y), field('battle-override-facing', 'Facing°', c.facing));
  c.form = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field-row' }, field('battle-override-what', 'Override', c.what), field('battle-override-target', 'Of', c.target)),
    c.fMarker, c.fNumber, c.fFate, c.fRank, c.fSpent, c.fPos,
    field('battle-override-reason', 'Reason (required)', c.reason), h('div', { class: 'form-actions' }, c.submit), c.error.el);
  return c;
}

const unitOptions = (b) => (b.units || []).filter((u) => !u.removed)
  .map((u) => opt(`unit:${u.id}`, `${u.name || `Base ${u.id}`} (${TROOP_LABELS[u.troop_type] || u.troop_type}, ${sideName(b, u.side)})`));
const leaderOptions = (b) => (b.leaders || []).map((l) => opt(`leader:${l.id}`, `General: ${l.name}`));

function targetOptions(b, what) {
  if (what === 'fate' || what === 'rank') return leaderOptions(b);
  if (what === 'move') return [...unitOptions(b), ...leaderOptions(b)];
  if (what === 'tempo') return (b.sides || []).map((s) => opt(`side:${s.id}`, `The ${s.name || s.id}`));
  if (what === 'spent' || what === 'moving') return (cmwdOf(b).brigades || []).map((x) => opt(`brigade:${x.id}`, `${x.name || x.id} (${sideName(b, x.side)})${x.spent ? ', spent' : ''}`));
  return unitOptions(b);
}

function showFields(c, what) {
  c.fMarker.hidden = what !== 'marker';
  c.fNumber.hidden = what !== 'marker' && what !== 'tempo';
  c.numberLabel.textContent = what === 'tempo' ? 'Tempo points this game turn' : 'Value (0-99)';
  c.fFate.hidden = what !== 'fate';
  c.fRank.hidden = what !== 'rank';
  c.fSpent.hidden = what !== 'spent' && what !== 'moving';
  c.spentLabel.textContent = what === 'moving' ? ' On the move: it moved in its last stage (the next order costs less)' : ' Spent: takes no further part';
  c.fPos.hidden = what !== 'move';
}

// The body of the override; a side's or a brigade's id is a word, read from the target itself.
function overrideBody(c, what, kind, id) {
  const word = c.target.value.slice(c.target.value.indexOf(':') + 1);
  if (what === 'move') return kind === 'unit' ? { unit: id, position: [Number(c.x.value), Number(c.y.value)], facing: Number(c.facing.value) } : { leader: id, position: [Number(c.x.value), Number(c.y.value)] };
  if (what === 'marker') return { unit: id, marker: c.marker.value, value: Number(c.number.value) };
  if (what === 'fate') return { leader: id, fate: c.fate.value };
  if (what === 'rank') return { leader: id, rank: c.rank.value };
  if (what === 'tempo') return { side: word, points: Number(c.number.value) };
  if (what === 'spent' || what === 'moving') return { brigade: word, [what]: c.spent.checked };
  return { unit: id };
}

const piecesKey = (b) => `${b.id}:${(b.units || []).map((u) => `${u.id}${u.removed ? 'r' : ''}`).join(',')}:${(b.leaders || []).map((l) => l.id).join(',')}:${(cmwdOf(b).brigades || []).map((x) => `${x.id}${x.spent ? 's' : ''}`).join(',')}`;

// send(type, body): the console's sender. {el, update(view, b), select(kind, id), moveTo(...)}.
export function overridesForm(send) {
  const c = controls();
  return overrideForm(send, c, {
    targets: targetOptions,
    fields(b, what) { showFields(c, what); },
    body: overrideBody,
    nothing: () => 'Nothing to choose.',
    key: piecesKey,
    unitFacingOnly: true,
  });
}
