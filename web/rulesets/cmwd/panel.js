// Chosen Men's panel on the battle page (the book's secretPanel, web/rulesets/index.js): the stage of the game turn,
// the tempo bid (tempo.js), the acting side's brigades and bases (orders.js), the last tests and the generals'
// fates (tests.js), and for the umpire in set-up the French army generator (generator.js). Everything shown is the
// view's `cmwd` field (docs/protocol.md, "Chosen Men, Well Disposed", "The view").

import { h, setText } from '../../common/dom.js';
import { sendAtMoment } from '../../common/battle/moment.js';
import { battleDraft, sendTurn, formChoice, applyFormChoice } from '../../common/battle/draft.js';
import { baseOutlines, distance } from '../../common/battle/geometry.js';
import { cmwdOf, stageLine } from './words.js';
import { tempoElements, showTempo, listenTempo } from './tempo.js';
import { ordersElements, showOrders, listenOrders, actingBases, refreshForm } from './orders.js';
import { fightingElements, showFighting } from './tests.js';
import { generatorElements, showGenerator, listenGenerator, generatorPoint, point } from './generator.js';

// Whether table point p lies on the base (its outline, any orientation).
function onBase(u, p) {
  return baseOutlines(u).some((poly) => {
    let inside = false;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i, i += 1) {
      const [xi, yi] = poly[i];
      const [xj, yj] = poly[j];
      if ((yi > p[1]) !== (yj > p[1]) && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  });
}

function panelElements() {
  const e = {
    heading: h('h2', { id: 'cmwd-heading' }, 'Tempo and orders'),
    stage: h('p', { class: 'cmwd-stage', testid: 'cmwd-stage' }),
    scale: h('p', { class: 'hint', testid: 'cmwd-scale' }),
    tempo: tempoElements(),
    orders: ordersElements(),
    fighting: fightingElements(),
    generator: generatorElements(),
    // Shown while the panel is narrowed to one base (focus): back to the whole stage.
    allUnits: h('button', { type: 'button', class: 'small ghost', testid: 'cmwd-all-units', hidden: true }, 'All units'),
  };
  e.el = h('section', { class: 'card panel panel-cmwd', testid: 'cmwd-panel', 'aria-labelledby': 'cmwd-heading' },
    e.heading, e.stage, e.allUnits, e.scale, e.tempo.el, e.orders.el, e.fighting.el, e.generator.el);
  return e;
}

class CmwdPanel {
  constructor(ctx, campaignId, hooks) {
    Object.assign(this, { ctx, campaignId: Number(campaignId), hooks, view: null, battle: null, picking: null, focused: null });
    this.e = panelElements();
    const send = (type, body) => this.send(type, body);
    this.e.tempo.send = send;
    // His bid and his stage's form as he writes them, kept on the server until sent (web/common/battle/draft.js);
    // the bid and the stage's end go with their turn, kept on this device while the line is down.
    this.draft = battleDraft(this.campaignId);
    this.e.el.insertBefore(this.draft.el, this.e.fighting.el);
    const sendKeptTurn = (error) => (type, body, what) => sendTurn(this.ctx, this.campaignId, this.battle, { type, body, what, error, draft: this.draft });
    this.e.tempo.sendTurn = sendKeptTurn(this.e.tempo.error);
    this.e.orders.sendTurn = sendKeptTurn(this.e.orders.error);
    this.e.orders.acted = () => this.draft.sent(); // the form's action went in
    for (const ev of ['input', 'change']) {
      for (const part of [this.e.tempo.el, this.e.orders.form]) part.addEventListener(ev, () => this.draft.edited(this.choice()));
    }
    listenTempo(this.e.tempo, () => this.battle);
    listenOrders(this.e.orders, () => this.battle, () => send);
    // battle.generate is a set-up command: it carries no turn.
    listenGenerator(this.e.generator, (type, body) => this.ctx.conn.send(type, { campaign: this.campaignId, battle: this.battle.id, ...body }));
    this.e.generator.el.addEventListener('toggle', () => { if (this.view) this.update(this.view, this.battle); });
    this.e.allUnits.addEventListener('click', () => this.focus(null));
  }

  // A tap on one of his pieces on the map (the page then shows this panel over the map): a base he may act with
  // now narrows the panel to that base's controls, with "All units" to widen it again; anything else (a general,
  // a base not his to act with) leaves the panel as it is. Returns whether it narrowed.
  focus(piece) {
    const id = piece && piece.kind === 'unit' ? Number(piece.id) : null;
    const can = id !== null && !!this.battle && this.picking === 'base' && actingBases(this.battle).some((u) => u.id === id);
    if (piece && !can) return false;
    this.focused = can ? id : null;
    if (can) {
      this.e.orders.unit.value = String(id);
      this.e.orders.error.hide();
      refreshForm(this.e.orders, this.battle);
    }
    this.showFocus();
    return can;
  }

  // Narrowed to one base: only its form (the base's own action) shows; the brigades, the declared list, the
  // tempo and the tests wait behind "All units".
  showFocus() {
    const e = this.e;
    const on = this.focused !== null;
    e.el.classList.toggle('is-focused', on);
    e.allUnits.hidden = !on;
    e.orders.unit.disabled = on;
    for (const x of [e.scale, e.tempo.el, e.fighting.el, e.generator.el, e.orders.brigades, e.orders.brigadesHeading, e.orders.declared, e.orders.declaredHeading]) {
      if (on) { x.dataset.focusHidden = x.hidden ? 'was' : 'yes'; x.hidden = true; } else if (x.dataset.focusHidden) { x.hidden = x.dataset.focusHidden === 'was'; delete x.dataset.focusHidden; }
    }
  }

  // A command of this stage: it carries the turn the page shows (web/common/battle/moment.js).
  send(type, body) {
    return sendAtMoment((t, x) => this.ctx.conn.send(t, x), type, this.battle, { campaign: this.campaignId, ...body });
  }

  // The choice on screen: his bid, or his stage's form (a base and its action).
  choice() {
    return { ...formChoice(this.e.tempo.el), ...formChoice(this.e.orders.form) };
  }

  // The part of the turn he writes for now (the bid, or his side's stage), or null.
  writing(b) {
    const c = cmwdOf(b);
    if (!this.e.tempo.form.hidden) return 'bid';
    return this.picking === 'base' ? `${c.stage}:${c.acting_side || ''}` : null;
  }

  // The map picks a base to act with, or (the umpire in set-up) where a generated line starts.
  askMap() {
    const g = this.e.generator;
    if (this.picking === 'generator') {
      this.hooks.pick({ from: null, reach: null, to: point(g), hint: 'French army generator: click or tap where the line starts.' });
    } else if (this.picking === 'base') {
      this.hooks.pick({ from: null, reach: null, to: null, hint: 'Click or tap one of your bases to give it an action, or hover over a base for its ranges.' });
    } else {
      this.hooks.pick(null);
    }
  }

  mapPoint(p) {
    if (this.picking === 'generator') {
      generatorPoint(this.e.generator, p);
      this.askMap();
      return true;
    }
    if (this.picking !== 'base') return false;
    const bases = actingBases(this.battle);
    const hit = bases.find((u) => onBase(u, p))
      || bases.filter((u) => distance(u.position || [0, 0], p) <= (cmwdOf(this.battle).bw || 6)).sort((a, b) => distance(a.position, p) - distance(b.position, p))[0];
    if (!hit) return false;
    this.e.orders.unit.value = String(hit.id);
    this.e.orders.error.hide();
    refreshForm(this.e.orders, this.battle);
    return true;
  }

  update(view, b) {
    Object.assign(this, { view, battle: b });
    const c = cmwdOf(b);
    const e = this.e;
    const send = (type, body) => this.send(type, body);
    setText(e.heading, (view.me || {}).role === 'umpire' ? 'Tempo and orders (all sides)' : 'Tempo and orders');
    e.stage.dataset.stage = c.stage || '';
    setText(e.stage, b.status === 'setup' ? 'The umpire is setting up the table.' : b.status === 'ended' ? 'The battle is over.' : stageLine(b));
    e.scale.hidden = !c.bw;
    setText(e.scale, c.bw ? `1 BW (a base width) = ${c.bw} ${(b.table && b.table.measure) || ''}; 1 BD = ${c.bd || c.bw / 2} ${(b.table && b.table.measure) || ''}. Moves and ranges are in BW.` : '');
    showTempo(e.tempo, view, b, send);
    const acting = showOrders(e.orders, view, b, send);
    showFighting(e.fighting, b);
    const generating = showGenerator(e.generator, view, b);
    this.picking = generating ? 'generator' : acting ? 'base' : null;
    this.askMap();
    // A focus outlives a redraw only while that base may still act.
    if (this.focused !== null && !(this.picking === 'base' && actingBases(b).some((u) => u.id === this.focused))) this.focused = null;
    else if (this.focused !== null) { e.orders.unit.value = String(this.focused); refreshForm(e.orders, b); }
    for (const x of e.el.querySelectorAll('[data-focus-hidden]')) delete x.dataset.focusHidden;
    this.showFocus();
    const stage = this.writing(b);
    this.draft.track(b, stage || '', !!stage, (choice) => {
      applyFormChoice(this.e.tempo.el, choice);
      applyFormChoice(this.e.orders.form, choice);
    });
  }
}

// The book's secretPanel: {el, update(view, b), mapPoint(p), focus(piece)}.
export function cmwdPanel(ctx, campaignId, hooks) {
  const panel = new CmwdPanel(ctx, campaignId, hooks);
  return { el: panel.e.el, update: (view, b) => panel.update(view, b), mapPoint: (p) => panel.mapPoint(p), focus: (piece) => panel.focus(piece) };
}
