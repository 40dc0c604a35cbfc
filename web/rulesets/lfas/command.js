// The commander's command points in the sealed orders (loose-files-american-scramble.txt, "Costs: move one die x
// inches 1 CP; give an order to a unit (or several in a brigade doing the same thing) within 6" 1 CP; write an
// order ... 2 CPs; rally one D. Point 2 CPs; inspire troops in combat (+1) 3 CPs"): his points this turn
// (lfas.cp), the spending lines he adds, each at the server's price (lfas.costs), and the budget left after them.
// The server checks the total; the page says when it is over.

import { h, setText } from '../../common/dom.js';
import { keepValue } from '../../common/battle/override_form.js';
import { lfasOf, costsOf, costOf, leaderName, unitName, plural, at, inches } from './words.js';

const opt = (v, l) => h('option', { value: String(v) }, l);
const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const cp = (n) => `${n} CP`;

function spendChoices(costs) {
  const c = costs || {};
  const n = (v) => (typeof v === 'number' ? v : '?');
  return [
    opt('order', `Order units within ${n(c.command_range)}" (${cp(n(c.order))})`),
    opt('move', `Ride: move him by average dice (${cp(n(c.move))} a die)`),
    opt('write', `Write an order, acted on next turn (${cp(n(c.write))})`),
    opt('rally', `Rally: one DP off, beside its command group (${cp(n(c.rally))})`),
    opt('inspire', `Inspire it in combat, beside its command group (${cp(n(c.inspire))})`),
  ];
}

export function commandElements() {
  const e = {
    cp: h('p', { class: 'lfas-cp', testid: 'lfas-cp' }),
    cpList: h('ul', { class: 'lfas-cp-list', testid: 'lfas-cp-list' }),
    budget: h('p', { class: 'lfas-budget', testid: 'lfas-budget', role: 'status' }),
    spend: h('select', { id: 'lfas-spend', testid: 'lfas-spend' }),
    dice: h('select', { id: 'lfas-spend-dice', testid: 'lfas-spend-dice' }, ...[1, 2, 3, 4].map((n) => opt(n, String(n)))),
    x: h('input', { type: 'number', id: 'lfas-spend-x', testid: 'lfas-spend-x', step: 'any', inputmode: 'decimal' }),
    y: h('input', { type: 'number', id: 'lfas-spend-y', testid: 'lfas-spend-y', step: 'any', inputmode: 'decimal' }),
    pick: h('button', { type: 'button', class: 'small', testid: 'lfas-spend-pick', 'aria-pressed': 'false', 'aria-label': 'Pick on the map where your commander rides' }, 'Pick on the map'),
    units: h('div', { class: 'checks', testid: 'lfas-spend-units', role: 'group', 'aria-label': 'Units to order' }),
    unit: h('select', { id: 'lfas-spend-unit', testid: 'lfas-spend-unit' }),
    cost: h('p', { class: 'hint', testid: 'lfas-spend-cost' }),
    add: h('button', { type: 'button', class: 'secondary', testid: 'lfas-spend-add' }, 'Add this spending'),
    list: h('ol', { class: 'lfas-spending', testid: 'lfas-spending' }),
    // The server's refusal of a spending line ("Command 2: ..."), shown beside the lines (refuse()).
    refusal: h('p', { class: 'form-error', role: 'alert', testid: 'lfas-command-error', hidden: true }),
    refusedIndex: null,
  };
  e.fDice = h('div', { class: 'stack' }, field('lfas-spend-dice', 'Average dice', e.dice),
    h('div', { class: 'field-row' }, field('lfas-spend-x', 'To x (inches)', e.x), field('lfas-spend-y', 'To y (inches)', e.y)),
    h('div', { class: 'form-actions' }, e.pick));
  e.fUnits = h('div', { class: 'field' }, h('span', { class: 'label' }, 'Units (doing the same thing)'), e.units);
  e.fUnit = field('lfas-spend-unit', 'Unit', e.unit);
  e.el = h('fieldset', { class: 'lfas-command stack', testid: 'lfas-command' }, h('legend', {}, 'Command points'),
    field('lfas-spend', 'Spend points to', e.spend), e.fDice, e.fUnits, e.fUnit, e.cost,
    h('div', { class: 'form-actions' }, e.add), e.list, e.refusal, e.budget);
  return e;
}

// The server refused the spending line `index` (0-based) with `message`; null: no refusal to show.
export function refuseSpending(e, index, message) {
  e.refusedIndex = message ? index : null;
  e.refusal.hidden = !message;
  setText(e.refusal, message || '');
  [...e.list.children].forEach((li, i) => { li.dataset.refused = String(i === e.refusedIndex); });
}

// A new turn: nothing ticked or typed from the last one.
export function resetSpendForm(e) {
  for (const box of e.units.querySelectorAll('input:checked')) box.checked = false;
  e.x.value = '';
  e.y.value = '';
}

// The spending line the form holds now, or an Error the player reads.
export function readSpending(e) {
  const spend = e.spend.value;
  if (spend === 'move') {
    const x = Number(e.x.value);
    const y = Number(e.y.value);
    if (e.x.value.trim() === '' || e.y.value.trim() === '' || !Number.isFinite(x) || !Number.isFinite(y)) {
      return new Error('Say where he rides (x and y in inches, or pick the point on the map).');
    }
    return { spend, dice: Number(e.dice.value), to: [x, y] };
  }
  if (spend === 'order') {
    const units = [...e.units.querySelectorAll('input:checked')].map((i) => Number(i.value));
    return units.length ? { spend, units } : new Error('Tick the units the order goes to.');
  }
  return e.unit.value ? { spend, unit: Number(e.unit.value) } : new Error('Choose the unit.');
}

// A spending line in words: "Order 33rd Foot (1 CP)".
export function spendingWords(b, entry) {
  const c = cp(costOf(entry, costsOf(b)));
  if (entry.spend === 'move') return `Ride ${plural(entry.dice, 'average die', 'average dice')} toward ${at(entry.to)} (${c})`;
  if (entry.spend === 'order') return `Order ${entry.units.map((u) => unitName(b, u)).join(', ')} (${c})`;
  const verb = { write: 'Write an order to', rally: 'Rally', inspire: 'Inspire' }[entry.spend] || entry.spend;
  return `${verb} ${unitName(b, entry.unit)} (${c})`;
}

// Whether an order is judged where his ride ends (the setting command_range_from) and he has a ride in his lines:
// then the server, not the page, says whether a unit beyond his 6" now will be within it.
function ridesFirst(b, entries) {
  const from = (b.settings || {}).command_range_from || 'after_ride';
  return from === 'after_ride' && entries.some((x) => x.spend === 'move');
}

// Each unit's place in "Order units within 6"": `in` (the server's hint in_command_range), `out` (not offered, with
// the reason) or `ride` (beyond 6" now, offered since he rides first and the server judges it where he ends).
function rangeOf(b, u, riding) {
  const hint = (lfasOf(b).units || {})[String(u.id)] || {};
  if (hint.in_command_range !== false) return { state: 'in', hint };
  return { state: riding ? 'ride' : 'out', hint };
}

function rangeWords(b, r) {
  const range = inches(costsOf(b).command_range ?? 6);
  const off = `${inches(r.hint.command_inches)} from ${leaderName(b, b.me && b.me.leader)}`;
  if (r.state === 'out') return ` — out of range: ${off}; an order given directly needs it within ${range}`;
  if (r.state === 'ride') return ` — ${off} now; the server judges it where his ride ends (within ${range})`;
  return '';
}

function unitChecks(e, b, units, entries) {
  const riding = ridesFirst(b, entries);
  const ranges = units.map((u) => rangeOf(b, u, riding));
  const key = units.map((u, i) => `${u.id}:${ranges[i].state}:${ranges[i].hint.command_inches ?? ''}`).join(',');
  if (e.units.dataset.key === key) return;
  const ticked = new Set([...e.units.querySelectorAll('input:checked')].map((i) => i.value));
  e.units.dataset.key = key;
  e.units.replaceChildren(...units.map((u, i) => {
    const r = ranges[i];
    const id = `lfas-spend-unit-${u.id}`;
    const out = r.state === 'out';
    const box = h('input', { type: 'checkbox', id, value: String(u.id), testid: 'lfas-spend-unit-check', dataset: { unit: String(u.id) }, checked: !out && ticked.has(String(u.id)), disabled: out });
    return h('label', { class: `check${out ? ' is-disabled' : ''}`, for: id, testid: 'lfas-spend-unit-label', dataset: { unit: String(u.id), range: r.state } },
      box, h('span', {}, ` ${u.name || `Unit ${u.id}`}`, r.state === 'in' ? '' : h('span', { class: 'hint', testid: 'lfas-spend-unit-range' }, rangeWords(b, r))));
  }));
}

// His points {points, left} this turn, or null.
export function pointsOf(b) {
  const me = b.me && b.me.leader;
  const c = lfasOf(b).cp || {};
  return me !== undefined && me !== null && c[String(me)] ? c[String(me)] : null;
}

// The form's parts for the spending chosen, and its cost.
export function showSpendForm(e, b) {
  const s = e.spend.value;
  e.fDice.hidden = s !== 'move';
  e.fUnits.hidden = s !== 'order';
  e.fUnit.hidden = s === 'move' || s === 'order';
  const entry = s === 'move' ? { spend: s, dice: Number(e.dice.value) } : { spend: s };
  e.cost.dataset.cost = String(costOf(entry, costsOf(b)));
  setText(e.cost, `This costs ${cp(costOf(entry, costsOf(b)))}.`);
}

// Fills the command points part: his units to choose from, the lines added and the budget they leave.
export function showCommand(e, b, units, entries, onRemove) {
  keepValue(e.spend, spendChoices(costsOf(b)));
  unitChecks(e, b, units, entries);
  keepValue(e.unit, units.map((u) => opt(u.id, u.name || `Unit ${u.id}`)));
  showSpendForm(e, b);
  e.list.replaceChildren(...entries.map((entry, i) => {
    const remove = h('button', { type: 'button', class: 'small ghost', testid: 'lfas-spending-remove', 'aria-label': `Remove: ${spendingWords(b, entry)}` }, 'Remove');
    remove.addEventListener('click', () => onRemove(i));
    return h('li', { testid: 'lfas-spending-item', dataset: { spend: entry.spend, cost: String(costOf(entry, costsOf(b))), refused: String(i === e.refusedIndex) } }, `${spendingWords(b, entry)} `, remove);
  }));
  const pts = pointsOf(b);
  const spent = entries.reduce((s, x) => s + costOf(x, costsOf(b)), 0);
  const left = pts ? pts.left - spent : null;
  Object.assign(e.budget.dataset, { points: String(pts ? pts.points : ''), spent: String(spent), left: String(left ?? ''), over: String(left !== null && left < 0) });
  e.budget.classList.toggle('is-bad', left !== null && left < 0);
  setText(e.budget, !pts ? `These orders spend ${cp(spent)}.`
    : left < 0 ? `Over budget: these orders spend ${cp(spent)} of ${pts.left} left. The server will refuse them.`
      : `Budget: ${plural(pts.left, 'command point')} left this turn; these orders spend ${spent}: ${left} left after them.`);
}

// The points of the commanders the viewer may see (his side's; umpires: all).
export function showPoints(e, b, umpire) {
  const c = lfasOf(b).cp || {};
  const pts = pointsOf(b);
  e.cp.hidden = !pts;
  Object.assign(e.cp.dataset, { points: String(pts ? pts.points : ''), left: String(pts ? pts.left : '') });
  setText(e.cp, pts ? `${leaderName(b, b.me.leader)}: ${plural(pts.points, 'command point')} this turn, ${pts.left} left.` : '');
  const others = Object.entries(c).filter(([id]) => umpire || !b.me || String(b.me.leader) !== id);
  e.cpList.replaceChildren(...others.map(([id, x]) => h('li', { testid: 'lfas-cp-item', dataset: { leader: id, points: String(x.points), left: String(x.left) } },
    `${leaderName(b, id)}: ${plural(x.points, 'command point')}, ${x.left} left.`)));
  e.cpList.hidden = others.length === 0;
}
