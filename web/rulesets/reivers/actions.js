// The heidman's panel (the book's secretPanel): his bound (bound.js), the actions he pays craft for (battle.act,
// docs/protocol.md, "Border Reivers"; shared/rulesets/reivers/actions.h), "Throw craft", and "Finish my bound"
// (battle.submit to the box "bound"), then the ground as his side knows it (terrain.js).
// Costs are the view's hints.costs and reaches its hints (ranges, reach); the page refuses before sending only an
// action whose least cost is more than the craft he has left (or that lies beyond twice his craft's range, as the
// hints say): the server charges the true cost (starred ground, a road) and refuses again.

import { h, setText, errorLine, runForm } from '../../common/dom.js';
import { sendAtMoment, clearForNewTurn } from '../../common/battle/moment.js';
import { battleDraft, sendTurn, formChoice, applyFormChoice } from '../../common/battle/draft.js';
import { measureLabel } from '../../common/battle/geometry.js';
import { actionLabels } from './words.js';
import { boundElements, showBound, myLeader, craftOf } from './bound.js';
import { groundList } from './terrain.js';
import { nameChoices, offered, costOf } from './choices.js';

// Actions that need a point on the map, and its field in the command.
const POINT = { move: 'to', move_heidman: 'to', detect: 'at' };
const SPEND = new Set(['conceal', 'detect']); // the craft he puts in: concealment or detection points

const field = (id, label, control, attrs = {}) => h('div', { class: 'field', ...attrs }, h('label', { for: id }, label), control);
const num = (id, attrs) => h('input', { type: 'number', id, testid: id, inputmode: 'decimal', ...attrs });

function formElements() {
  const e = {
    action: h('select', { id: 'reivers-action', testid: 'reivers-action' }),
    unit: h('select', { id: 'reivers-unit', testid: 'reivers-unit' }),
    names: h('fieldset', { class: 'reivers-names', testid: 'reivers-names' }),
    x: num('reivers-x', { step: 'any' }),
    y: num('reivers-y', { step: 'any' }),
    spend: num('reivers-spend', { min: 1, max: 12, step: 1, value: '1', inputmode: 'numeric' }),
    pointHint: h('p', { class: 'hint', testid: 'reivers-point-hint' }),
    pointError: errorLine('reivers-point-error'),
    cost: h('p', { class: 'reivers-cost', testid: 'reivers-cost', 'aria-live': 'polite' }),
    act: h('button', { type: 'submit', class: 'primary', testid: 'reivers-act' }, 'Do it'),
    error: errorLine('reivers-error'),
  };
  e.unitField = field('reivers-unit', 'Name', e.unit);
  e.spendField = field('reivers-spend', 'Craft to spend (1-12)', e.spend);
  // The point tapped on the map goes here, or is refused here (data-map-point, web/rulesets/index.js).
  e.pointField = h('div', { dataset: { mapPoint: 'true' } }, h('div', { class: 'field-row' }, field('reivers-x', 'x (paces)', e.x), field('reivers-y', 'y (paces)', e.y)),
    e.pointError.el, e.pointHint);
  e.form = h('form', { class: 'stack', novalidate: true, testid: 'reivers-act-form', dataset: { control: 'battle-orders' } },
    field('reivers-action', 'Action', e.action), e.names, e.unitField, e.spendField, e.pointField, e.cost,
    h('div', { class: 'form-actions' }, e.act));
  return e;
}

function panelElements() {
  const e = { ...boundElements(), ...formElements(), ground: groundList() };
  e.heading = h('h2', { id: 'reivers-heading' }, 'Your bound');
  e.throw = h('button', { type: 'button', class: 'secondary', testid: 'reivers-throw' }, 'Throw craft');
  e.finish = h('button', { type: 'button', class: 'ghost', testid: 'reivers-finish' }, 'Finish my bound');
  e.buttons = h('div', { class: 'form-actions' }, e.throw, e.finish);
  e.el = h('section', { class: 'card panel panel-reivers', testid: 'reivers-panel', 'aria-labelledby': 'reivers-heading' },
    e.heading, e.bound, e.craft, e.status, e.orderHeading, e.order, e.form, e.buttons, e.error.el,
    e.searchHeading, e.searches, e.ground.el);
  return e;
}

class HeidmanPanel {
  constructor(ctx, campaignId, hooks) {
    Object.assign(this, { ctx, campaignId: Number(campaignId), hooks, battle: null, view: null, canAct: false, costsKey: '' });
    this.e = panelElements();
    // The action he composes, kept on the server until he does it (web/common/battle/draft.js).
    this.draft = battleDraft(this.campaignId);
    this.e.el.insertBefore(this.draft.el, this.e.searchHeading);
    this.listen();
  }

  listen() {
    const e = this.e;
    e.action.addEventListener('change', () => { this.e.error.hide(); e.pointError.hide(); this.refreshForm(); this.askMap(); if (POINT[e.action.value]) this.hooks.showMap(); });
    for (const x of [e.unit, e.names, e.x, e.y, e.spend]) x.addEventListener('input', () => { this.refreshCost(); this.askMap(); });
    for (const x of [e.x, e.y]) x.addEventListener('input', () => e.pointError.hide());
    e.names.addEventListener('change', () => { this.refreshCost(); this.askMap(); });
    e.form.addEventListener('submit', (ev) => { ev.preventDefault(); this.act(); });
    e.throw.addEventListener('click', () => runForm({ button: e.throw, error: e.error, action: () => this.send('battle.act', { action: 'craft' }) }));
    e.finish.addEventListener('click', () => runForm({ button: e.finish, error: e.error,
      action: () => sendTurn(this.ctx, this.campaignId, this.battle, { type: 'battle.submit', body: { box: 'bound' }, what: 'the end of your bound', error: e.error, draft: this.draft }) }));
    for (const ev of ['input', 'change']) e.form.addEventListener(ev, () => this.draft.edited(formChoice(e.form)));
  }

  // A command of this bound: it carries the turn the page shows (web/common/battle/moment.js).
  send(type, body) {
    return sendAtMoment((t, x) => this.ctx.conn.send(t, x), type, this.battle, { campaign: this.campaignId, ...body });
  }

  point() {
    const x = this.e.x.value.trim();
    const y = this.e.y.value.trim();
    return x === '' || y === '' || !Number.isFinite(Number(x)) || !Number.isFinite(Number(y)) ? null : [Number(x), Number(y)];
  }

  // Whether `p` lies off the table: a tap beside the drawn table gives a point outside it (y = -6.18).
  offTable(p) {
    const t = (this.battle && this.battle.table) || {};
    if (!(t.width > 0 && t.depth > 0)) return false;
    return p[0] < 0 || p[0] > t.width || p[1] < 0 || p[1] > t.depth;
  }

  offTableWords() {
    const t = this.battle.table;
    const m = measureLabel(t);
    return `That point is off the table: tap within it (x from 0 to ${t.width}${m}, y from 0 to ${t.depth}${m}).`;
  }

  chosenNames() {
    const action = this.e.action.value;
    if (action === 'move') return [...this.e.names.querySelectorAll('input:checked')].map((i) => Number(i.value));
    return this.e.unit.value && action !== 'move_heidman' && action !== 'detect' ? [Number(this.e.unit.value)] : [];
  }

  // The command's body for the form, or an Error to show (nothing is sent).
  body() {
    const action = this.e.action.value;
    if (!action) return new Error('Choose an action.');
    const names = this.chosenNames();
    const out = { action };
    if (action === 'move') {
      if (!names.length) return new Error('Tick the name, or the names in base contact, to move.');
      if (names.length === 1) out.unit = names[0]; else out.units = names;
    } else if (action !== 'move_heidman' && action !== 'detect') {
      if (!names.length) return new Error('Choose the name.');
      out.unit = names[0];
    }
    if (POINT[action]) {
      const p = this.point();
      if (!p) return new Error('Click or tap the map (or give x and y) for the place.');
      if (this.offTable(p)) return Object.assign(new Error(this.offTableWords()), { point: true });
      out[POINT[action]] = p;
    }
    if (SPEND.has(action)) {
      const n = Number(this.e.spend.value);
      if (!Number.isInteger(n) || n < 1 || n > 12) return new Error('Spend 1 to 12 craft.');
      out.craft = n;
    }
    return out;
  }

  cost() {
    const action = this.e.action.value;
    if (!action || !this.battle) return null;
    const n = Number(this.e.spend.value);
    return costOf(this.battle, myLeader(this.battle), action, this.chosenNames(), this.point(), SPEND.has(action) && Number.isInteger(n) ? n : 1);
  }

  // Refused here when the least it costs is more than he has left, or beyond his craft's reach.
  refusal() {
    const b = this.battle;
    const leader = myLeader(b);
    const c = this.cost();
    const left = leader ? craftOf(b, leader.id) : null;
    if (c && c.error) return c.error;
    if (c && left && c.least > left.left) {
      return `That costs ${c.exact ? '' : 'at least '}${c.least} craft; ${leader.name} has ${left.left} left this bound. Nothing was sent.`;
    }
    return null;
  }

  act() {
    const body = this.body();
    if (body instanceof Error) { (body.point ? this.e.pointError : this.e.error).show(body.message); return; }
    const refused = this.refusal();
    if (refused) { this.e.error.show(refused); return; }
    runForm({ button: this.e.act, error: this.e.error, action: async () => {
      await this.send('battle.act', body);
      this.draft.sent();
      this.e.pointError.hide();
      this.e.x.value = '';
      this.e.y.value = '';
      this.refreshForm();
      this.askMap();
    } });
  }

  refreshCost() {
    const c = this.cost();
    const b = this.battle;
    const leader = myLeader(b);
    const left = leader ? craftOf(b, leader.id) : null;
    this.e.cost.hidden = !c;
    this.e.cost.dataset.cost = c ? String(c.least) : '';
    if (!c) return;
    const have = left ? ` He has ${left.left} left.` : ' His craft is thrown with his first action.';
    setText(this.e.cost, c.error || `Costs ${c.exact ? '' : 'at least '}${c.least} craft${c.notes.length ? ` (${c.notes.join(', ')})` : ''}.${have}`);
  }

  refreshForm() {
    const e = this.e;
    const b = this.battle;
    const action = e.action.value;
    const leader = myLeader(b);
    const names = leader ? offered(b, leader, action) : [];
    nameChoices(e, b, action, names);
    e.spendField.hidden = !SPEND.has(action);
    setText(e.spendField.querySelector('label'), action === 'detect' ? 'Detection points (craft, 1-12)' : 'Craft for concealment (1-12)');
    e.pointField.hidden = !POINT[action];
    const p = this.point();
    setText(e.pointHint, p ? `At (${p.map((v) => Math.round(v)).join(', ')}). Click or tap the map to change it.` : 'Click or tap the map for the place.');
    this.refreshCost();
  }

  // Ask the map for the action's point: a name's move from the hints' ranges, a search within his craft's range.
  askMap() {
    const b = this.battle;
    const action = this.e.action.value;
    const leader = myLeader(b);
    if (!this.canAct || !POINT[action] || !leader) { this.hooks.pick(null); return; }
    const hints = b.hints || {};
    const m = measureLabel(b.table);
    const p = this.point();
    let req = { from: leader.position, reach: null, to: p, hint: `Ride: click or tap where ${leader.name} goes.` };
    if (action === 'detect' && hints.reach) {
      req = { from: hints.reach.from, reach: hints.reach.range, to: p,
        hint: `Search: click or tap the place (craft reaches ${hints.reach.range}${m}; names within ${hints.search_paces}${m} of it are searched).` };
    }
    if (action === 'move') {
      const first = (b.units || []).find((u) => u.id === this.chosenNames()[0]);
      const r = first && ((hints.ranges || {})[String(first.id)] || []).find((x) => x.kind === 'move');
      req = first ? { from: first.position, reach: r ? r.range : null, to: p, hint: `Move: click or tap where ${first.name} goes${r ? ` (${r.paces}${m} on open ground)` : ''}.` }
        : { from: null, reach: null, to: p, hint: 'Move: tick a name, then click or tap where it goes.' };
    }
    this.hooks.pick(req);
  }

  mapPoint(p) {
    if (!this.canAct || !POINT[this.e.action.value]) return false;
    // Refused at once, beside the x and y it would have filled: the place he had stays.
    if (this.offTable(p)) { this.e.pointError.show(this.offTableWords()); return true; }
    this.e.pointError.hide();
    this.e.x.value = String(p[0]);
    this.e.y.value = String(p[1]);
    this.draft.edited(formChoice(this.e.form));
    this.e.error.hide();
    this.refreshForm();
    this.askMap();
    return true;
  }

  fillActions(b) {
    const key = JSON.stringify((b.hints && b.hints.costs) || {});
    if (this.costsKey === key) return;
    this.costsKey = key;
    const keep = this.e.action.value;
    const labels = actionLabels(b.hints && b.hints.costs);
    this.e.action.replaceChildren(h('option', { value: '' }, 'Choose an action…'), ...Object.entries(labels).map(([k, v]) => h('option', { value: k }, v)));
    this.e.action.value = Object.prototype.hasOwnProperty.call(labels, keep) ? keep : '';
  }

  update(view, b) {
    const e = this.e;
    this.view = view;
    this.battle = b;
    const me = view.me || {};
    const leader = myLeader(b);
    const isPlayer = me.role === 'player' && !!leader;
    const may = showBound(e, view, b);
    e.ground.update(view, b);
    setText(e.heading, isPlayer ? `Your heidman: ${leader.name}` : 'The bound');
    this.canAct = isPlayer && b.status === 'cards' && may;
    this.fillActions(b);
    e.form.hidden = !this.canAct;
    e.buttons.hidden = !this.canAct;
    e.throw.hidden = !this.canAct || !!craftOf(b, leader.id);
    if (!this.canAct) clearForNewTurn(e.error, b.turn);
    this.refreshForm();
    this.askMap();
    this.draft.track(b, 'bound', this.canAct, (c) => { applyFormChoice(e.form, c); this.refreshForm(); this.askMap(); });
  }
}

// The book's secretPanel (web/rulesets/index.js): {el, update(view, b), mapPoint(p)}.
export function heidmanPanel(ctx, campaignId, hooks) {
  const panel = new HeidmanPanel(ctx, campaignId, hooks);
  return { el: panel.e.el, update: (view, b) => panel.update(view, b), mapPoint: (p) => panel.mapPoint(p) };
}
