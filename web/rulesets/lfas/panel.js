// Loose Files' panel on the battle page (the book's secretPanel, web/rulesets/index.js): the turn and what the
// viewer may do in it, his commanders' command points, his sealed orders while the turn is open and the view's
// `hints.may_act` (orders.js), "Your orders are in" with Take back once sent, the standoffs and written orders
// going on, and the last tests with every die and factor (tests.js). Everything shown is the view's `lfas` field
// (docs/protocol.md, "Loose Files and American Scramble", "The view").

import { h, setText, errorLine, runForm } from '../../common/dom.js';
import { sendAtMoment, clearForNewTurn } from '../../common/battle/moment.js';
import { battleDraft, sendTurn, formChoice, applyFormChoice } from '../../common/battle/draft.js';
import { lfasOf, sideName, unitName } from './words.js';
import { readSpending, showSpendForm, showPoints, resetSpendForm, refuseSpending } from './command.js';
import { ordersElements, syncCards, readOrders, showSummary, loadOrders } from './orders.js';
import { testsElements, showTests } from './tests.js';

function panelElements() {
  const e = {
    heading: h('h2', { id: 'lfas-heading' }, 'Orders'),
    status: h('p', { class: 'lfas-status', testid: 'lfas-status', role: 'status' }),
    orders: ordersElements(),
    withdraw: h('button', { type: 'button', class: 'ghost', testid: 'lfas-withdraw' }, 'Take back my orders'),
    // Narrowed to one unit (focus()): back to every unit's block.
    allUnits: h('button', { type: 'button', class: 'small ghost', testid: 'lfas-focus-all', hidden: true }, 'All units'),
    standoffs: h('ul', { class: 'lfas-standoffs', testid: 'lfas-standoffs' }),
    written: h('ul', { class: 'lfas-written', testid: 'lfas-written' }),
    tests: testsElements(),
    error: errorLine('lfas-error'),
  };
  e.withdrawRow = h('div', { class: 'form-actions' }, e.withdraw);
  e.el = h('section', { class: 'card panel panel-lfas', testid: 'lfas-panel', 'aria-labelledby': 'lfas-heading' },
    e.heading, e.allUnits, e.status, e.orders.command.cp, e.orders.command.cpList, e.orders.el, e.withdrawRow, e.error.el,
    e.standoffs, e.written, e.tests.el);
  return e;
}

// Whether his orders are in the box and not yet revealed; and his item, which only he (and umpires) receive.
function ownOrders(view, b) {
  const box = (b.boxes && b.boxes.orders) || {};
  const me = (view.me || {}).user;
  const item = (box.items || []).find((i) => i && i.user === me);
  return { sent: !box.revealed && ((box.submitted || []).includes(me) || !!item), item: item ? item.item : null };
}

function statusOf(view, b, sent) {
  const me = view.me || {};
  const acting = lfasOf(b).acting_side;
  const turn = `Turn ${b.turn}`;
  if (b.status === 'setup') return ['setup', 'The umpire is setting up the table.'];
  if (b.status === 'ended') return ['ended', 'The battle is over.'];
  if (b.status === 'resolving') return ['resolving', `${turn}: the orders are revealed; the umpire resolves the turn, phase by phase.`];
  if (me.role !== 'player' || !(b.me && b.me.leader)) return ['watching', `${turn}: ${acting ? `the ${sideName(b, acting)} write` : 'the players write'} their orders.`];
  if (sent) return ['sent', 'Your orders are in — waiting for the other side'];
  if (b.hints && b.hints.may_act) return ['writing', `${turn}: write your orders: fire, command points and movement.`];
  if (acting && acting !== b.me.side) return ['waiting', `${turn}: the ${sideName(b, acting)} write their orders. Yours come next turn.`];
  return ['waiting', `${turn}: your commander gives no orders (he is out of the fight).`];
}

class LfasPanel {
  constructor(ctx, campaignId, hooks) {
    Object.assign(this, { ctx, campaignId: Number(campaignId), hooks, view: null, battle: null, picking: null });
    Object.assign(this, { turnKey: '', cards: new Map(), commands: [], loaded: false, focused: null });
    this.e = panelElements();
    // His orders as he writes them, kept on the server until sent (web/common/battle/draft.js).
    this.draft = battleDraft(this.campaignId);
    this.e.el.insertBefore(this.draft.el, this.e.standoffs);
    this.listen();
  }

  // The choice on screen: the controls of his orders and the command points' lines he has added.
  choice() {
    return { controls: formChoice(this.e.orders.el), commands: this.commands };
  }

  restore(c) {
    if (!c) return;
    this.commands = Array.isArray(c.commands) ? c.commands.map((x) => ({ ...x })) : [];
    this.refresh();
    applyFormChoice(this.e.orders.el, c.controls || {});
    this.refresh();
  }

  listen() {
    const o = this.e.orders;
    const c = o.command;
    c.spend.addEventListener('change', () => showSpendForm(c, this.battle));
    c.dice.addEventListener('change', () => showSpendForm(c, this.battle));
    c.pick.addEventListener('click', () => this.startPick({ kind: 'ride' }));
    c.add.addEventListener('click', () => {
      const entry = readSpending(c);
      if (entry instanceof Error) { this.e.error.show(entry.message); return; }
      this.e.error.hide();
      refuseSpending(c, null, null);
      this.commands.push(entry);
      this.refresh();
      this.draft.edited(this.choice());
    });
    o.send.addEventListener('click', () => {
      const body = readOrders(this.battle, this.cards, this.commands);
      if (body instanceof Error) { this.e.error.show(`${body.message} Nothing was sent.`); return; }
      this.stopPick();
      const error = this.refusalLine(body);
      runForm({ button: o.send, error, action: () => sendTurn(this.ctx, this.campaignId, this.battle, { type: 'battle.submit', body, what: 'your orders', error, draft: this.draft }) });
    });
    this.e.allUnits.addEventListener('click', () => this.focus(null));
    for (const ev of ['input', 'change']) o.el.addEventListener(ev, () => this.draft.edited(this.choice()));
    this.e.withdraw.addEventListener('click', () => runForm({ button: this.e.withdraw, error: this.e.error, action: () => this.send('battle.withdraw', {}) }));
  }

  // Where the server's refusal of `body` shows: beside what it names ("Command 2: ..." by the spending lines, "Move
  // 1: ..." or "Fire 1: ..." on the card of the unit of that entry in the body sent), else on the panel's line.
  refusalLine(body) {
    return { show: (message) => this.refuse(message, body), hide: () => this.refuse(null, body) };
  }

  refuse(message, body) {
    refuseSpending(this.e.orders.command, null, null);
    for (const card of this.cards.values()) card.refuse(null);
    this.e.error.hide();
    if (!message) return;
    const m = /^(Command|Move|Fire) (\d+):/.exec(message);
    const n = m ? Number(m[2]) - 1 : -1;
    if (m && m[1] === 'Command' && n < this.commands.length) { refuseSpending(this.e.orders.command, n, message); return; }
    const entry = m && m[1] !== 'Command' ? (body[m[1] === 'Move' ? 'move' : 'fire'] || [])[n] : null;
    const card = entry ? this.cards.get(entry.unit) : null;
    if (card && !card.el.hidden) card.refuse(message);
    else this.e.error.show(message);
  }

  // The battle page's tap on one of his pieces: a unit narrows the panel to its block, with the command points and
  // Send; a leader or null shows everything. True when it narrowed (only while he writes orders for that unit).
  focus(piece) {
    this.focused = piece && piece.kind === 'unit' ? Number(piece.id) : null;
    return this.applyFocus();
  }

  applyFocus() {
    const e = this.e;
    const was = this.narrowed;
    const narrow = this.focused !== null && !e.orders.el.hidden && this.cards.has(this.focused);
    this.narrowed = narrow;
    for (const [id, card] of this.cards) card.el.hidden = narrow && id !== this.focused;
    const others = [e.orders.unitsHeading, e.orders.summaryHeading, e.orders.summary, e.standoffs, e.written, e.tests.el];
    if (narrow) for (const x of others) x.hidden = true;
    if (was && !narrow && this.battle) {
      // Back to everything: each part shown as update() shows it.
      e.orders.summaryHeading.hidden = false;
      e.orders.summary.hidden = false;
      if (!e.orders.el.hidden) this.refresh();
      this.showGoingOn(this.battle);
      showTests(e.tests, this.battle);
    }
    e.el.dataset.focus = narrow ? String(this.focused) : '';
    e.allUnits.hidden = !narrow;
    // The spending form's unit: the one in focus, for a written order, a rally or inspiring.
    const pick = e.orders.command.unit;
    if (narrow && [...pick.options].some((o) => o.value === String(this.focused))) pick.value = String(this.focused);
    return narrow;
  }

  // A command of this turn: it carries the turn the page shows (web/common/battle/moment.js).
  send(type, body) {
    return sendAtMoment((t, x) => this.ctx.conn.send(t, x), type, this.battle, { campaign: this.campaignId, ...body });
  }

  startPick(what) {
    this.picking = what;
    this.askMap();
    this.hooks.showMap();
  }

  stopPick() {
    this.picking = null;
    this.askMap();
  }

  // The map picks where a unit moves or where the commander rides.
  askMap() {
    const p = this.picking;
    const card = p && p.kind === 'unit' ? this.cards.get(p.id) : null;
    for (const [id, x] of this.cards) x.picking(!!card && p.id === id);
    const c = this.e.orders.command;
    c.pick.setAttribute('aria-pressed', p && p.kind === 'ride' ? 'true' : 'false');
    setText(c.pick, p && p.kind === 'ride' ? 'Click the map…' : 'Pick on the map');
    if (!p) { this.hooks.pick(null); return; }
    const leader = (this.battle.leaders || []).find((l) => this.battle.me && l.id === this.battle.me.leader);
    const from = card ? card.position() : leader ? leader.position : null;
    const hint = card ? `Click or tap where ${card.name()} goes.` : 'Click or tap where your commander rides.';
    this.hooks.pick({ from, reach: null, to: null, hint });
  }

  mapPoint(p) {
    if (!this.picking) return false;
    const r = (n) => Math.round(n * 100) / 100;
    if (this.picking.kind === 'unit') this.cards.get(this.picking.id)?.setPoint(p);
    else [this.e.orders.command.x.value, this.e.orders.command.y.value] = p.map((n) => String(r(n)));
    // The fields the point went into: the page shows them (web/rulesets/index.js, data-map-point).
    for (const x of this.e.el.querySelectorAll('[data-map-point]')) delete x.dataset.mapPoint;
    const x = this.e.orders.command.x;
    const answer = this.picking.kind === 'unit' ? this.cards.get(this.picking.id)?.pointEl() : x.closest('.field-row') || x;
    if (answer) answer.dataset.mapPoint = 'true';
    this.stopPick();
    this.draft.edited(this.choice());
    return true;
  }

  // A new turn (or battle) starts a clean sheet of orders.
  newTurn(b) {
    const key = `${b.id}:${b.turn}:${b.status === 'setup' ? 's' : ''}`;
    if (key === this.turnKey) return;
    Object.assign(this, { turnKey: key, cards: new Map(), commands: [], loaded: false, picking: null });
    resetSpendForm(this.e.orders.command);
    refuseSpending(this.e.orders.command, null, null);
    clearForNewTurn(this.e.error, b.turn);
  }

  // The cards, lines, summary and budget from what he has chosen so far.
  refresh() {
    const b = this.battle;
    const handlers = {
      changed: () => this.refresh(),
      pick: (id) => this.startPick({ kind: 'unit', id }),
      remove: (i) => { this.commands.splice(i, 1); refuseSpending(this.e.orders.command, null, null); this.refresh(); this.draft.edited(this.choice()); },
    };
    syncCards(this.e.orders, this.cards, b, this.commands, handlers);
    showSummary(this.e.orders, b, readOrders(b, this.cards, this.commands));
  }

  showGoingOn(b) {
    const l = lfasOf(b);
    const standoffs = Array.isArray(l.standoffs) ? l.standoffs : [];
    this.e.standoffs.replaceChildren(...standoffs.map((s) => h('li', { testid: 'lfas-standoff', dataset: { defender: String(s.defender) } },
      `Standoff: ${(s.attackers || []).map((a) => unitName(b, a)).join(' and ')} against ${unitName(b, s.defender)}: the combat goes on next turn.`)));
    this.e.standoffs.hidden = standoffs.length === 0;
    const written = Array.isArray(l.written) ? l.written : [];
    this.e.written.replaceChildren(...written.map((w) => h('li', { testid: 'lfas-written-item', dataset: { unit: String(w.unit), from: String(w.from_turn) } },
      `${unitName(b, w.unit)} acts on a written order from turn ${w.from_turn}.`)));
    this.e.written.hidden = written.length === 0;
  }

  update(view, b) {
    Object.assign(this, { view, battle: b });
    const e = this.e;
    this.newTurn(b);
    const own = ownOrders(view, b);
    const [state, words] = statusOf(view, b, own.sent);
    setText(e.heading, (view.me || {}).role === 'umpire' ? 'Orders and command points (all sides)' : 'Orders');
    e.status.dataset.state = state;
    setText(e.status, words);
    // His orders sent and then taken back after a reload: put them back in the form once.
    if (own.item && !this.loaded && !this.commands.length) {
      this.refresh();
      this.commands = loadOrders(this.cards, own.item);
    }
    this.loaded = this.loaded || !!own.item;
    const writing = state === 'writing';
    e.orders.el.hidden = !writing;
    e.withdrawRow.hidden = state !== 'sent';
    if (writing) this.refresh();
    else if (this.picking) this.stopPick();
    this.draft.track(b, 'orders', writing, (c) => this.restore(c));
    showPoints(e.orders.command, b, (view.me || {}).role === 'umpire');
    if (!writing && state !== 'sent') e.error.hide();
    this.showGoingOn(b);
    showTests(e.tests, b);
    this.applyFocus();
  }
}

// The book's secretPanel: {el, update(view, b), mapPoint(p), focus(piece)}.
export function lfasPanel(ctx, campaignId, hooks) {
  const panel = new LfasPanel(ctx, campaignId, hooks);
  return { el: panel.e.el, update: (view, b) => panel.update(view, b), mapPoint: (p) => panel.mapPoint(p), focus: (piece) => panel.focus(piece) };
}
