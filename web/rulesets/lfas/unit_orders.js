// One unit's orders in the player's sealed orders (docs/protocol.md, "Loose Files and American Scramble", "The
// turn"): its fire at a target the server lists (lfas.units[u].fire), and its movement: the average dice and d6
// its class allows (av, d6, plus_two) with the DPs to expect from dp_chance, a point to move to (typed or picked on
// the map) or an enemy to charge (with a bayonet for regulars), or a formation change, or limbering a gun. The
// server decides: the page warns in words (too few dice to charge, no order) and sends what the player chose.

import { h, setText } from '../../common/dom.js';
import { keepValue } from '../../common/battle/override_form.js';
import { TROOP_LABELS, FORMATIONS, unitName, plural, inches } from './words.js';

const opt = (v, l) => h('option', { value: String(v) }, l);
const range = ([lo, hi] = [0, 0]) => Array.from({ length: Math.max(0, hi - lo + 1) }, (_, i) => lo + i);
const field = (id, label, control, testid) => h('div', { class: 'field', testid }, h('label', { for: id }, label), control);
const r2 = (n) => Math.round(n * 100) / 100;

// "1 in 6" for a chance in sixths, else a percentage.
function chanceWords(p) {
  const sixths = p * 6;
  return Math.abs(sixths - Math.round(sixths)) < 1e-6 ? `${Math.round(sixths)} in 6` : `${Math.round(p * 100)}%`;
}

// The DPs to expect from the dice chosen: each die's chance of a low face (the server's dp_chance), summed.
export function expectedDp(hint, av, d6) {
  const c = (hint && hint.dp_chance) || {};
  return av * (Number(c.av) || 0) + d6 * (Number(c.d6) || 0);
}

function controls(u) {
  const id = (k) => `lfas-${k}-${u.id}`;
  const c = {
    fire: h('select', { id: id('fire'), testid: 'lfas-fire' }),
    noFire: h('p', { class: 'hint', testid: 'lfas-no-fire' }),
    kind: h('select', { id: id('kind'), testid: 'lfas-move-kind' }),
    av: h('select', { id: id('av'), testid: 'lfas-av' }),
    d6: h('select', { id: id('d6'), testid: 'lfas-d6' }),
    plusTwo: h('input', { type: 'checkbox', id: id('plus-two'), testid: 'lfas-plus-two' }),
    risk: h('p', { class: 'lfas-risk', testid: 'lfas-risk', role: 'status' }),
    speed: h('p', { class: 'hint', testid: 'lfas-speed' }),
    x: h('input', { type: 'number', id: id('x'), testid: 'lfas-to-x', step: 'any', inputmode: 'decimal' }),
    y: h('input', { type: 'number', id: id('y'), testid: 'lfas-to-y', step: 'any', inputmode: 'decimal' }),
    pick: h('button', { type: 'button', class: 'small', testid: 'lfas-pick', 'aria-pressed': 'false', 'aria-label': `Pick on the map where ${u.name || `unit ${u.id}`} goes` }, 'Pick on the map'),
    charge: h('select', { id: id('charge'), testid: 'lfas-charge' }),
    bayonet: h('input', { type: 'checkbox', id: id('bayonet'), testid: 'lfas-bayonet' }),
    chargeWarning: h('p', { class: 'hint is-bad', testid: 'lfas-charge-warning', role: 'alert' }),
    formation: h('select', { id: id('formation'), testid: 'lfas-formation' }),
    noOrder: h('p', { class: 'hint is-bad', testid: 'lfas-no-order' }),
    // The server's refusal of this unit's fire or move ("Move 1: ..."), shown on its card.
    refusal: h('p', { class: 'form-error', role: 'alert', testid: 'lfas-unit-error', hidden: true }),
  };
  c.fFire = field(id('fire'), 'Fire at', c.fire);
  c.fDice = h('div', { class: 'stack' }, h('div', { class: 'field-row' }, field(id('av'), 'Average dice', c.av), field(id('d6'), 'd6', c.d6)),
    h('label', { class: 'check', for: id('plus-two') }, c.plusTwo, ' +2" (Hessians)'));
  c.fTo = h('div', { class: 'stack' }, h('div', { class: 'field-row' }, field(id('x'), 'To x (inches)', c.x), field(id('y'), 'To y (inches)', c.y)),
    h('div', { class: 'form-actions' }, c.pick));
  c.fCharge = h('div', { class: 'field-row' }, field(id('charge'), 'Charge', c.charge),
    h('label', { class: 'check', for: id('bayonet') }, c.bayonet, ' Bayonet attack (+2; a standoff spares the defender a casualty)'));
  c.fFormation = field(id('formation'), 'New formation', c.formation);
  c.el = h('fieldset', { class: 'lfas-unit stack', testid: 'lfas-unit', dataset: { unit: String(u.id) } },
    h('legend', {}, u.name || `Unit ${u.id}`), c.fFire, c.noFire, field(id('kind'), 'Movement', c.kind),
    c.fDice, c.risk, c.speed, c.fTo, c.fCharge, c.chargeWarning, c.fFormation, c.noOrder, c.refusal);
  return c;
}

function movementChoices(u, hint) {
  const out = [opt('', 'Stands'), opt('move', 'Moves to a point'), opt('charge', 'Charges an enemy')];
  if ((hint.formations || []).length) out.push(opt('formation', 'Changes formation'));
  if (u.troop_type === 'artillery') out.push(opt('limber', hint.limbered ? 'Unlimbers' : 'Limbers up'));
  return out;
}

function refill(c, b, u, hint) {
  const fire = Array.isArray(hint.fire) ? hint.fire : [];
  keepValue(c.fire, [opt('', 'Hold fire'), ...fire.map((t) => opt(t, unitName(b, t)))]);
  c.fFire.hidden = fire.length === 0;
  setText(c.noFire, fire.length ? 'Only skirmishers may also move in a turn they fire.'
    : hint.fire_range ? `No enemy in front within ${inches(hint.fire_range)} and in sight.` : 'It does not fire.');
  keepValue(c.kind, movementChoices(u, hint));
  keepValue(c.av, range(hint.av).map((n) => opt(n, String(n))));
  keepValue(c.d6, range(hint.d6).map((n) => opt(n, String(n))));
  const enemies = (b.units || []).filter((x) => x.side !== u.side && !x.removed);
  keepValue(c.charge, enemies.map((x) => opt(x.id, `${x.name || `Unit ${x.id}`} (${TROOP_LABELS[x.troop_type] || x.troop_type})`)));
  keepValue(c.formation, (hint.formations || []).filter((f) => f !== u.formation).map((f) => opt(f, FORMATIONS[f] || f)));
  c.plusTwo.closest('label').hidden = !hint.plus_two;
  c.bayonet.closest('label').hidden = !(u.troop_type === 'infantry' && u.values && u.values.regular === true);
}

function riskWords(hint, av, d6) {
  const c = hint.dp_chance || {};
  if (!Number(c.av) && !Number(c.d6)) return 'risk: none (skirmishers take no DPs for low dice)';
  const per = [av ? `each average die ${chanceWords(Number(c.av) || 0)}` : '', d6 ? `each d6 ${chanceWords(Number(c.d6) || 0)}` : ''].filter(Boolean);
  return `risk: about ${expectedDp(hint, av, d6).toFixed(1)} DP${per.length ? ` (${per.join(', ')})` : ''}`;
}

// Shows the parts of the chosen movement; `ordered`: whether an order reaches the unit this turn as the page knows.
function show(c, hint, ordered, ordersNeeded) {
  const k = c.kind.value;
  const dice = k === 'move' || k === 'charge';
  const av = Number(c.av.value) || 0;
  const d6 = Number(c.d6.value) || 0;
  c.fDice.hidden = !dice;
  c.risk.hidden = !dice;
  c.speed.hidden = !dice;
  c.fTo.hidden = k !== 'move';
  c.fCharge.hidden = k !== 'charge';
  c.fFormation.hidden = k !== 'formation';
  c.risk.dataset.risk = dice ? String(r2(expectedDp(hint, av, d6))) : '';
  setText(c.risk, dice ? riskWords(hint, av, d6) : '');
  const last = Number(hint.speed) || 0;
  setText(c.speed, `${last ? `Moved with ${plural(last, 'die', 'dice')} last turn` : 'At rest last turn'}${hint.speed_limited ? '; its speed may change by one or two dice only' : ''}${hint.least_dice ? `; it cannot stop: with no move it rides on straight ahead with ${plural(hint.least_dice, 'die', 'dice')}` : ''}.`);
  const few = k === 'charge' && hint.charge_dice > 0 && av + d6 < hint.charge_dice;
  c.chargeWarning.hidden = !few;
  setText(c.chargeWarning, few ? `Closing to contact takes at least ${hint.charge_dice} dice; with ${av + d6} the umpire's server will refuse it.` : '');
  const needs = !!k && ordersNeeded && !ordered;
  c.noOrder.hidden = !needs;
  setText(c.noOrder, needs ? 'No order reaches it yet this turn: order it with command points (or it acts on a written order), or the move is refused.' : '');
}

// The unit's entries for the orders: {fire?, move?}, or an Error the player reads (nothing is sent).
function read(c, u) {
  const out = {};
  if (!c.fFire.hidden && c.fire.value) out.fire = { unit: u.id, target: Number(c.fire.value) };
  const k = c.kind.value;
  const name = u.name || `Unit ${u.id}`;
  if (k === 'formation') {
    if (!c.formation.value) return new Error(`${name}: choose its new formation.`);
    out.move = { unit: u.id, formation: c.formation.value };
  } else if (k === 'limber') {
    out.move = { unit: u.id, limber: true };
  } else if (k === 'move' || k === 'charge') {
    const m = { unit: u.id, av: Number(c.av.value) || 0, d6: Number(c.d6.value) || 0 };
    if (!c.plusTwo.closest('label').hidden && c.plusTwo.checked) m.plus_two = true;
    if (k === 'charge') {
      if (!c.charge.value) return new Error(`${name}: choose the enemy it charges.`);
      m.charge = Number(c.charge.value);
      if (!c.bayonet.closest('label').hidden && c.bayonet.checked) m.bayonet = true;
    } else {
      const x = Number(c.x.value);
      const y = Number(c.y.value);
      if (c.x.value.trim() === '' || c.y.value.trim() === '' || !Number.isFinite(x) || !Number.isFinite(y)) {
        return new Error(`${name}: say where it goes (x and y in inches, or pick the point on the map).`);
      }
      m.to = [x, y];
    }
    out.move = m;
  }
  return out;
}

// Puts a sent entry back in the form (his orders taken back after the page was reloaded).
function load(c, fire, move) {
  c.fire.value = fire ? String(fire.target) : '';
  if (!move) { c.kind.value = ''; return; }
  c.kind.value = move.formation ? 'formation' : move.limber ? 'limber' : move.charge !== undefined ? 'charge' : 'move';
  if (move.formation) c.formation.value = move.formation;
  if (typeof move.av === 'number') c.av.value = String(move.av);
  if (typeof move.d6 === 'number') c.d6.value = String(move.d6);
  c.plusTwo.checked = !!move.plus_two;
  c.bayonet.checked = !!move.bayonet;
  if (move.charge !== undefined) c.charge.value = String(move.charge);
  if (Array.isArray(move.to)) [c.x.value, c.y.value] = move.to.map(String);
}

// A unit's card: {el, update(b, u, hint, ordered, ordersNeeded), read(), load(fire, move), setPoint(p), picking(on),
// refuse(message)}.
// onChange(): anything chosen changed; onPick(): the player asks the map for its point.
export function unitCard(u, onChange, onPick) {
  const c = controls(u);
  let state = { hint: {}, ordered: false, ordersNeeded: true };
  const changed = () => { show(c, state.hint, state.ordered, state.ordersNeeded); onChange(); };
  for (const x of [c.fire, c.kind, c.av, c.d6, c.plusTwo, c.charge, c.bayonet, c.formation, c.x, c.y]) x.addEventListener('change', changed);
  for (const x of [c.x, c.y]) x.addEventListener('input', () => onChange());
  c.pick.addEventListener('click', () => onPick());
  return {
    el: c.el,
    update(b, unit, hint, ordered, ordersNeeded) {
      state = { hint: hint || {}, ordered, ordersNeeded };
      refill(c, b, unit, state.hint);
      show(c, state.hint, ordered, ordersNeeded);
    },
    read: () => read(c, u),
    load(fire, move) { load(c, fire, move); show(c, state.hint, state.ordered, state.ordersNeeded); },
    setPoint(p) { [c.x.value, c.y.value] = p.map((n) => String(r2(n))); changed(); },
    refuse(message) { c.refusal.hidden = !message; setText(c.refusal, message || ''); },
    picking(on) { c.pick.setAttribute('aria-pressed', on ? 'true' : 'false'); setText(c.pick, on ? 'Click the map…' : 'Pick on the map'); },
    pointEl: () => c.fTo,
    position: () => u.position || null,
    name: () => u.name || `Unit ${u.id}`,
  };
}
