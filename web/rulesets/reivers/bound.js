// What the heidman's panel says of the bound, read from the view (docs/protocol.md, "Border Reivers", "The view's
// own fields"): whose bound it is, the order the side's heidmen act in (`bound.order`: lowest fyrebrand first, only
// to the side whose bound it is), his craft for the bound (`craft`: thrown, left), whether he may act now
// (`hints.may_act`, `hints.why_not`: the server's words), and his side's searches. Nothing here is reckoned.

import { h, setText } from '../../common/dom.js';
import { CRAFT_LABELS, sideName } from './words.js';

export const myLeader = (b) => (b && b.me && b.me.leader ? (b.leaders || []).find((l) => l.id === b.me.leader) : null) || null;
export const craftOf = (b, leaderId) => (b && b.craft && b.craft[String(leaderId)]) || null;
const leaderName = (b, id) => ((b.leaders || []).find((l) => l.id === id) || {}).name || `heidman ${id}`;
const unitName = (b, id) => ((b.units || []).find((u) => u.id === id) || {}).name || `name ${id}`;
const at = (p) => (Array.isArray(p) ? `(${p.map((n) => Math.round(n)).join(', ')})` : '');

export function boundElements() {
  const e = {
    bound: h('p', { class: 'reivers-bound', testid: 'reivers-bound' }),
    craft: h('div', { class: 'reivers-craft', testid: 'reivers-craft', 'aria-live': 'polite' }),
    status: h('p', { class: 'reivers-status', testid: 'reivers-status', role: 'status' }),
    orderHeading: h('h3', {}, 'Heidmen, lowest fyrebrand first'),
    order: h('ol', { class: 'reivers-order', testid: 'reivers-order' }),
    searchHeading: h('h3', {}, 'Your side\'s searches'),
    searches: h('ul', { class: 'reivers-ground', testid: 'reivers-searches' }),
  };
  return e;
}

function craftLine(e, b, leader) {
  const c = leader ? craftOf(b, leader.id) : null;
  const rating = leader && leader.values ? leader.values.craft : '';
  e.craft.dataset.thrown = c ? 'true' : 'false';
  e.craft.dataset.left = c ? String(c.left) : '';
  e.craft.dataset.rolled = c ? String(c.rolled) : '';
  if (!leader) { e.craft.replaceChildren(); return; }
  if (c) {
    e.craft.replaceChildren(h('span', { class: 'reivers-craft-left' }, String(c.left)),
      h('span', {}, ` craft left of ${c.rolled} thrown this bound (${CRAFT_LABELS[c.craft] || c.craft}).${c.road_used ? ' The road has been used this bound.' : ''}`));
  } else {
    e.craft.replaceChildren(h('span', {}, `Craft not yet thrown this bound: ${CRAFT_LABELS[rating] || rating || 'his rating'}. His first action throws it; what is left is lost when he finishes.`));
  }
}

function statusLine(e, view, b, leader) {
  const me = view.me || {};
  const hints = b.hints || {};
  let text;
  let may = false;
  if (b.status === 'setup') text = 'The umpire is still setting up the table.';
  else if (b.status === 'ended') text = 'The raid is over.';
  else if (me.role === 'umpire') text = 'The heidmen act here. You may act for any of them with the override "Act for a heidman".';
  else if (!leader) text = 'You have no heidman in this raid.';
  else if (hints.may_act === true) { may = true; text = `${leader.name} may act now.`; }
  else text = hints.why_not || `${leader.name} may not act now.`;
  setText(e.status, text);
  e.status.dataset.mayAct = may ? 'true' : 'false';
  e.status.classList.toggle('may-act', may);
  return may;
}

function orderItems(view, b, leader) {
  const order = (b.bound && Array.isArray(b.bound.order)) ? b.bound.order : [];
  const umpire = !!view.me && view.me.role === 'umpire';
  return order.map((o) => {
    const c = umpire ? craftOf(b, o.leader) : null;
    const mine = !!leader && o.leader === leader.id;
    return h('li', { class: `${o.done ? 'is-done' : ''}${mine ? ' is-me' : ''}`, testid: 'reivers-order-item', dataset: { leader: String(o.leader), done: o.done ? 'true' : 'false' } },
      `${leaderName(b, o.leader)} (fyrebrand ${o.fyrebrand})`, h('span', { class: 'hint' }, o.done ? ' finished' : mine ? ' you' : ''),
      c ? h('span', { class: 'hint' }, ` · craft ${c.left} of ${c.rolled}`) : null);
  });
}

function searchItems(b) {
  return (b.searches || []).map((x) => h('li', { testid: 'reivers-search-item', dataset: { found: String((x.found || []).length) } },
    `Bound ${x.turn}: ${leaderName(b, x.leader)} searched near ${at(x.at)} with ${x.points} detection point${x.points === 1 ? '' : 's'}: `,
    (x.found || []).length ? `found ${x.found.map((id) => unitName(b, id)).join(', ')}.` : 'nothing is found.'));
}

// Fills the bound's parts; returns whether his heidman may act now.
export function showBound(e, view, b) {
  const leader = myLeader(b);
  const side = b.bound && b.bound.side;
  setText(e.bound, b.status === 'setup' || !side ? '' : `Bound ${b.turn}: the ${sideName(b, side)}${side === (b.me && b.me.side) ? ' (your side)' : ''}.`);
  e.bound.dataset.side = side || '';
  // His craft is thrown for his side's bound and lost at its end: shown while it is his side's.
  craftLine(e, b, leader);
  e.craft.hidden = !leader || b.status !== 'cards' || side !== leader.side;
  const may = statusLine(e, view, b, leader);
  const items = orderItems(view, b, leader);
  e.order.replaceChildren(...items);
  e.order.hidden = items.length === 0;
  e.orderHeading.hidden = items.length === 0;
  const searches = searchItems(b);
  e.searches.replaceChildren(...searches);
  e.searches.hidden = searches.length === 0;
  e.searchHeading.hidden = searches.length === 0;
  return may;
}
