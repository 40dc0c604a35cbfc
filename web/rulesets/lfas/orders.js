// The player's sealed orders for the turn (docs/protocol.md, "Loose Files and American Scramble", "The turn"):
// his command points spent (command.js), each unit he commands (the keys of lfas.units) with its fire and
// movement (unit_orders.js), the orders listed as they will be sent, and "Send orders": battle.submit {battle,
// turn, fire, command, move}, checked as a whole by the server, which names the entry it refuses ("Move 2: ...").

import { h } from '../../common/dom.js';
import { commandElements, showCommand, spendingWords } from './command.js';
import { unitCard, expectedDp } from './unit_orders.js';
import { FORMATIONS, lfasOf, unitOf, unitName, plural, at } from './words.js';

export function ordersElements() {
  const e = {
    command: commandElements(),
    unitsHeading: h('h3', {}, 'Your units'),
    units: h('div', { class: 'lfas-units stack', testid: 'lfas-units' }),
    summaryHeading: h('h3', {}, 'Your orders as they will be sent'),
    summary: h('ol', { class: 'lfas-summary', testid: 'lfas-summary' }),
    send: h('button', { type: 'button', class: 'primary', testid: 'lfas-send' }, 'Send orders'),
    hint: h('p', { class: 'hint' }, 'Sealed: nobody else sees them until every side\'s orders are in. You may take them back until then.'),
  };
  e.el = h('div', { class: 'lfas-orders stack', testid: 'lfas-orders', dataset: { control: 'battle-orders' } }, e.command.el, e.unitsHeading, e.units,
    e.summaryHeading, e.summary, e.hint, h('div', { class: 'form-actions' }, e.send));
  return e;
}

// The units he commands this turn (the server sends their allowances only for those).
export function myUnits(b) {
  return Object.keys(lfasOf(b).units || {}).map((id) => unitOf(b, id)).filter((u) => u && !u.removed);
}

// The units an order in the lines reaches this turn as the page knows it: ordered in a line, or written earlier.
function orderedUnits(b, commands) {
  const out = new Set();
  for (const c of commands) if (c.spend === 'order') for (const u of c.units) out.add(u);
  for (const w of lfasOf(b).written || []) if (w.from_turn <= b.turn) out.add(w.unit);
  return out;
}

// Makes a card for each of his units (kept while the turn lasts, so what he chose stays) and refreshes them.
export function syncCards(e, cards, b, commands, handlers) {
  const units = myUnits(b);
  const hints = lfasOf(b).units || {};
  const ordered = orderedUnits(b, commands);
  const needed = !b.settings || b.settings.orders_needed !== false;
  for (const u of units) {
    if (!cards.has(u.id)) cards.set(u.id, unitCard(u, handlers.changed, () => handlers.pick(u.id)));
    cards.get(u.id).update(b, u, hints[String(u.id)], ordered.has(u.id), needed);
  }
  const order = units.map((u) => cards.get(u.id).el);
  if (order.length !== e.units.children.length || order.some((el, i) => e.units.children[i] !== el)) e.units.replaceChildren(...order);
  e.unitsHeading.hidden = units.length === 0;
  showCommand(e.command, b, units, commands, handlers.remove);
}

// The body of battle.submit from the lines and the cards, or an Error (nothing is sent).
export function readOrders(b, cards, commands) {
  const body = { fire: [], command: commands.map((c) => ({ ...c })), move: [] };
  for (const u of myUnits(b)) {
    const card = cards.get(u.id);
    const got = card ? card.read() : {};
    if (got instanceof Error) return got;
    if (got.fire) body.fire.push(got.fire);
    if (got.move) body.move.push(got.move);
  }
  return body;
}

function moveWords(b, m) {
  const name = unitName(b, m.unit);
  if (m.formation) return `Formation: ${name} forms ${(FORMATIONS[m.formation] || m.formation).toLowerCase()}`;
  if (m.limber) return `Guns: ${name} ${(lfasOf(b).units || {})[String(m.unit)]?.limbered ? 'unlimbers' : 'limbers up'}`;
  const dice = `${plural(m.av, 'average die', 'average dice')}${m.d6 ? ` and ${m.d6} d6` : ''}${m.plus_two ? ' +2"' : ''}`;
  const hint = (lfasOf(b).units || {})[String(m.unit)];
  const risk = `risk: about ${expectedDp(hint, m.av, m.d6).toFixed(1)} DP`;
  if (m.charge !== undefined) return `Charge: ${name} at ${unitName(b, m.charge)} with ${dice}${m.bayonet ? ', bayonets' : ''} (${risk})`;
  return `Move: ${name} with ${dice} toward ${at(m.to)} (${risk})`;
}

// The orders listed as they will be sent, or the problem to fix first.
export function showSummary(e, b, orders) {
  const item = (kind, text) => h('li', { testid: 'lfas-summary-item', dataset: { kind } }, text);
  if (orders instanceof Error) {
    e.summary.replaceChildren(item('problem', orders.message));
    return;
  }
  const items = [
    ...orders.fire.map((f) => item('fire', `Fire: ${unitName(b, f.unit)} at ${unitName(b, f.target)}`)),
    ...orders.command.map((c) => item('command', `Command points: ${spendingWords(b, c)}`)),
    ...orders.move.map((m) => item('move', moveWords(b, m))),
  ];
  e.summary.replaceChildren(...(items.length ? items : [item('none', 'No orders: every unit holds its fire and stands.')]));
}

// Puts his sent orders back in the form (taken back after the page was reloaded).
export function loadOrders(cards, item) {
  const fire = new Map((item.fire || []).map((f) => [f.unit, f]));
  const move = new Map((item.move || []).map((m) => [m.unit, m]));
  for (const [id, card] of cards) card.load(fire.get(id), move.get(id));
  // The server adds the commander to each line; he sends them without.
  return (item.command || []).map((c) => Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'leader')));
}
