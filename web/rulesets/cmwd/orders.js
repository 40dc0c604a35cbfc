// The acting side's stage (docs/protocol.md, "Chosen Men, Well Disposed", battle.act): its brigades with what each
// costs in tempo points now, ordered, spent and its last morale total (cmwd.brigades); Order where the server's
// hints allow it (cmwd.hints.order); a base's move, wheel, turn, fire or charge (hints.move, hints.fire,
// hints.charge); the fire and charges declared, in order (cmwd.declared); and "Finish", after which the steps
// fire, charges, hand to hand and morale follow. What may be done is the hints': the page reckons no rule.

import { h, setText, errorLine, runForm } from '../../common/dom.js';
import { keepValue } from '../../common/battle/override_form.js';
import { TROOP_LABELS, cmwdOf, sideName, unitName, commanderOf } from './words.js';

const ACTIONS = { move: 'Move straight ahead', wheel_left: 'Wheel left', wheel_right: 'Wheel right', turn: 'Turn', fire: 'Fire at', charge: 'Charge', cancel: 'Take back its fire or charge' };
const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const opt = (v, l) => h('option', { value: v }, l);
const hintsOf = (b) => cmwdOf(b).hints || {};
const listOf = (o, id) => (o && Array.isArray(o[String(id)]) ? o[String(id)] : []);

export function ordersElements() {
  const e = {
    acting: h('p', { class: 'cmwd-acting', testid: 'cmwd-acting', role: 'status' }),
    brigadesHeading: h('h3', {}, 'Your brigades'),
    brigades: h('ul', { class: 'cmwd-brigades', testid: 'cmwd-brigades' }),
    unit: h('select', { id: 'cmwd-unit', testid: 'cmwd-unit' }),
    action: h('select', { id: 'cmwd-action', testid: 'cmwd-action' }),
    distance: h('input', { type: 'number', id: 'cmwd-distance', testid: 'cmwd-distance', min: 0.1, step: 'any', value: '1', inputmode: 'decimal' }),
    degrees: h('select', { id: 'cmwd-degrees', testid: 'cmwd-degrees' }, opt('90', 'right (90°)'), opt('-90', 'left (90°)'), opt('180', 'about (180°)')),
    target: h('select', { id: 'cmwd-target', testid: 'cmwd-target' }),
    reach: h('p', { class: 'hint', testid: 'cmwd-reach' }),
    act: h('button', { type: 'submit', class: 'primary', testid: 'cmwd-act' }, 'Do it'),
    declaredHeading: h('h3', {}, 'Fire and charges declared, in order'),
    declared: h('ol', { class: 'cmwd-declared', testid: 'cmwd-declared' }),
    done: h('button', { type: 'button', class: 'secondary', testid: 'cmwd-done' }, 'Finish — resolve combat'),
    error: errorLine('cmwd-error'),
  };
  e.fDistance = field('cmwd-distance', 'Distance (BW)', e.distance);
  e.fDegrees = field('cmwd-degrees', 'Turn', e.degrees);
  e.fTarget = field('cmwd-target', 'Target', e.target);
  e.form = h('form', { class: 'stack', novalidate: true, testid: 'cmwd-act-form', dataset: { control: 'battle-orders' } },
    h('div', { class: 'field-row' }, field('cmwd-unit', 'Base', e.unit), field('cmwd-action', 'Action', e.action)),
    h('div', { class: 'field-row' }, e.fDistance, e.fDegrees, e.fTarget), e.reach, h('div', { class: 'form-actions' }, e.act));
  e.el = h('div', { class: 'cmwd-orders stack', testid: 'cmwd-orders' }, e.acting, e.brigadesHeading, e.brigades, e.form,
    e.declaredHeading, e.declared, h('div', { class: 'form-actions' }, e.done), e.error.el);
  return e;
}

function brigadeItem(b, x, orderable, onOrder) {
  const facts = [`${x.bases} base${x.bases === 1 ? '' : 's'}`];
  if (typeof x.cost === 'number' && !x.ordered && !x.spent) facts.push(`${x.cost} TP to order`);
  if (x.ordered) facts.push('ordered');
  if (x.spent) facts.push('spent');
  if (x.held) facts.push(x.held);
  if (x.broken) facts.push(`${x.broken} broken`);
  if (x.shaken) facts.push(`${x.shaken} shaken`);
  if (typeof x.morale === 'number') facts.push(`morale total ${x.morale}`);
  const button = orderable ? h('button', { type: 'button', class: 'small primary', testid: `cmwd-order-${x.id}`, 'aria-label': `Order ${x.name || x.id}` }, 'Order') : null;
  if (button) button.addEventListener('click', () => onOrder(x.id, button));
  return h('li', { testid: 'cmwd-brigade', dataset: { brigade: x.id, ordered: x.ordered ? 'true' : 'false', spent: x.spent ? 'true' : 'false', cost: typeof x.cost === 'number' ? String(x.cost) : '' } },
    h('strong', {}, x.name || x.id), ` — ${facts.join(', ')} `, button);
}

function declaredItems(b) {
  return (cmwdOf(b).declared || []).map((d) => h('li', { testid: 'cmwd-declared-item', dataset: { unit: String(d.unit), action: d.action, target: String(d.target) } },
    `${unitName(b, d.unit)} ${d.action === 'charge' ? 'charges' : 'fires at'} ${unitName(b, d.target)}`));
}

// The actions the hints allow the base now (a move, wheel or turn while it may move; fire or charge at a target
// the server lists; cancel what it declared).
function actionsFor(b, id) {
  const hints = hintsOf(b);
  const out = [];
  if (hints.move && typeof hints.move[String(id)] === 'number') out.push('move', 'wheel_left', 'wheel_right', 'turn');
  if (listOf(hints.fire, id).length) out.push('fire');
  if (listOf(hints.charge, id).length) out.push('charge');
  if ((cmwdOf(b).declared || []).some((d) => d.unit === id)) out.push('cancel');
  return out;
}

// The bases of his side the hints let him act with.
export function actingBases(b) {
  const side = (b.me && b.me.side) || '';
  return (b.units || []).filter((u) => u.side === side && !u.removed && actionsFor(b, u.id).length);
}

export function refreshForm(e, b) {
  const bases = actingBases(b);
  keepValue(e.unit, bases.map((u) => opt(String(u.id), `${u.name || `Base ${u.id}`} (${TROOP_LABELS[u.troop_type] || u.troop_type})`)));
  const id = Number(e.unit.value);
  keepValue(e.action, actionsFor(b, id).map((a) => opt(a, ACTIONS[a])));
  const a = e.action.value;
  const kind = a === 'charge' ? 'charge' : 'fire';
  keepValue(e.target, listOf(hintsOf(b)[kind], id).map((t) => opt(String(t), unitName(b, t))));
  e.form.hidden = bases.length === 0;
  e.fDistance.hidden = !['move', 'wheel_left', 'wheel_right'].includes(a);
  e.fDegrees.hidden = a !== 'turn';
  e.fTarget.hidden = a !== 'fire' && a !== 'charge';
  const most = hintsOf(b).move ? hintsOf(b).move[String(id)] : undefined;
  setText(e.reach, typeof most === 'number' && !e.fDistance.hidden ? `Up to ${most} BW this stage (slowed by the ground; it stops at contact).` : '');
  e.reach.hidden = !e.reach.textContent;
}

// The command's body for the form, or an Error (nothing is sent).
export function actBody(e, b) {
  const unit = Number(e.unit.value);
  const a = e.action.value;
  if (!unit || !a) return new Error('Choose a base and what it does.');
  if (a === 'cancel') return { action: 'cancel', unit };
  if (a === 'turn') return { action: 'turn', unit, degrees: Number(e.degrees.value) };
  if (a === 'fire' || a === 'charge') return e.target.value ? { action: a, unit, target: Number(e.target.value) } : new Error('Choose the target.');
  const d = Number(e.distance.value);
  const most = hintsOf(b).move ? hintsOf(b).move[String(unit)] : Infinity;
  if (!(d > 0) || d > most) return new Error(`A distance above 0 and up to ${most} BW. Nothing was sent.`);
  return a === 'move' ? { action: 'move', unit, distance: d } : { action: 'wheel', unit, direction: a === 'wheel_left' ? 'left' : 'right', distance: d };
}

// Fills the stage's part; returns whether the viewer may act with bases now (for the map's picking).
export function showOrders(e, view, b, send) {
  const c = cmwdOf(b);
  const me = view.me || {};
  const side = (b.me && b.me.side) || '';
  const leader = b.me && b.me.leader ? (b.leaders || []).find((l) => l.id === b.me.leader) : null;
  const stage = c.stage === 'first' || c.stage === 'second';
  const mine = stage && me.role === 'player' && !!leader && c.acting_side === side;
  const open = mine && b.status === 'cards';
  e.el.hidden = !stage;
  e.acting.dataset.side = c.acting_side || '';
  e.acting.dataset.mayAct = open ? 'true' : 'false';
  const who = `The ${sideName(b, c.acting_side)}`;
  setText(e.acting, !stage ? '' : b.status === 'resolving' ? `${who} fight: combat is being resolved.`
    : open ? `${who} are moving: your side may act. Order brigades with tempo points, then move, fire and charge.`
      : `${who} are moving.${me.role === 'player' ? ' Nothing to do until they finish.' : ''}`);
  const brigades = (c.brigades || []).filter((x) => x.side === side || me.role === 'umpire');
  const order = new Set(hintsOf(b).order || []);
  e.brigades.replaceChildren(...brigades.map((x) => brigadeItem(b, x, open && order.has(x.id), (id, button) =>
    runForm({ button, error: e.error, action: () => send('battle.act', { action: 'order', brigade: id }) }))));
  e.brigades.hidden = !stage || brigades.length === 0;
  e.brigadesHeading.hidden = e.brigades.hidden;
  setText(e.brigadesHeading, me.role === 'umpire' ? 'Brigades' : 'Your brigades');
  const declared = declaredItems(b);
  e.declared.replaceChildren(...declared);
  e.declared.hidden = declared.length === 0;
  e.declaredHeading.hidden = declared.length === 0;
  refreshForm(e, b);
  e.form.hidden = e.form.hidden || !open;
  e.done.hidden = !(open && (commanderOf(b, side) || {}).id === leader.id);
  if (!open) e.error.hide();
  return open && !e.form.hidden;
}

export function listenOrders(e, getBattle, getSend) {
  e.unit.addEventListener('change', () => { e.error.hide(); refreshForm(e, getBattle()); });
  e.action.addEventListener('change', () => { e.error.hide(); refreshForm(e, getBattle()); });
  e.form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const body = actBody(e, getBattle());
    if (body instanceof Error) { e.error.show(body.message); return; }
    runForm({ button: e.act, error: e.error, action: async () => { await getSend()('battle.act', body); if (e.acted) e.acted(); } });
  });
  e.done.addEventListener('click', () => runForm({ button: e.done, error: e.error, action: () => e.sendTurn('battle.submit', { box: 'orders', done: true }, 'the end of your stage') }));
}
