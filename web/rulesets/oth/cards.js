// The hand of cards for this turn (over-the-hills.txt, ANNEX B, as the view's `card_set` lists them): talk to a
// leader, an order to a unit the leader is with, inspire, engage, move (a point on the map), no action. The card
// played stays hidden from others until the reveal; everyone sees who has played, not what.
// Which units he is with, which leaders are beside him and how far he rides are the server's `hints`
// (shared/rulesets/oth/hints.h): the page computes none of them.

import { h, setText, errorLine, runForm } from '../../common/dom.js';
import { memberName } from '../../common/battle/names.js';
import { measureLabel } from '../../common/battle/geometry.js';
import { sendAtMoment } from '../../common/battle/moment.js';
import { battleDraft, sendTurn } from '../../common/battle/draft.js';
import { describeCard } from './words.js';

const round = (n) => Math.round(n * 10) / 10;

function myLeader(b) {
  return b && b.me && b.me.leader ? (b.leaders || []).find((l) => l.id === b.me.leader) : null;
}

// The units an order may go to: the hints' with_units. Without hints (a server that sends none) every unit of
// his side is offered and the server judges.
function offeredUnits(b, leader) {
  if (!leader) return [];
  const ids = b.hints && Array.isArray(b.hints.with_units) ? new Set(b.hints.with_units) : null;
  return (b.units || []).filter((u) => !u.removed && (ids ? ids.has(u.id) : u.side === leader.side));
}

// Why he can order nobody, from the hints: how far off his nearest unit stands, and how close "with" is.
function noUnitsText(b) {
  const base = 'Your leader is with none of your units: orders can only be given to troops he is actually with.';
  const hints = b.hints || {};
  const near = hints.nearest_unit_cm;
  const withReach = (hints.leader_reach || []).find((r) => r.kind === 'with');
  if (typeof near !== 'number') return base;
  const need = withReach && typeof withReach.cm === 'number' ? `; he must be within ${withReach.cm} cm` : '';
  return `${base} The nearest stands ${near} cm from him${need}. The Move card takes him there.`;
}

// How far a point is beyond the hints' reach of his leader (0 within it).
function beyondReach(b, leader, p) {
  const reach = b && b.hints ? b.hints.move_reach : null;
  if (!leader || !p || typeof reach !== 'number') return 0;
  const d = Math.hypot(p[0] - leader.position[0], p[1] - leader.position[1]);
  return d > reach + 1e-6 ? d : 0;
}

function talkOption(b, leader, l) {
  const near = b.hints && Array.isArray(b.hints.talk_to) ? b.hints.talk_to.includes(l.id) : null;
  const note = near === null ? '' : near ? ' (beside you)' : ' (too far to talk)';
  return h('option', { value: String(l.id) }, `${l.name}${note}`);
}

function handElements() {
  const e = {};
  e.list = h('div', { class: 'card-hand', testid: 'card-hand', dataset: { control: 'battle-orders' }, role: 'radiogroup', 'aria-label': 'Your cards this turn' });
  e.unitSelect = h('select', { id: 'card-unit', testid: 'card-unit' });
  e.unitField = h('div', { class: 'field', hidden: true }, h('label', { for: 'card-unit' }, 'To the unit you are with'), e.unitSelect);
  e.leaderSelect = h('select', { id: 'card-leader', testid: 'card-leader' });
  e.leaderField = h('div', { class: 'field', hidden: true }, h('label', { for: 'card-leader' }, 'Talk to'), e.leaderSelect);
  e.cardText = h('p', { class: 'play-card-text', testid: 'card-text', hidden: true });
  // Where he rides, or why not: the answer to a point tapped on the map (data-map-point, web/rulesets/index.js).
  e.moveNote = h('p', { class: 'hint', testid: 'card-move-point', hidden: true, dataset: { mapPoint: 'true' } });
  e.noUnits = h('p', { class: 'hint', testid: 'card-no-units', hidden: true });
  e.play = h('button', { type: 'button', class: 'primary', testid: 'card-play', disabled: true }, 'Play this card');
  e.withdraw = h('button', { type: 'button', class: 'ghost small', testid: 'card-withdraw', hidden: true }, 'Take it back');
  e.error = errorLine('card-error');
  e.played = h('div', { class: 'card-played', testid: 'card-played', hidden: true });
  e.whoHeading = h('h3', {}, 'Who has played');
  e.heading = h('h2', { id: 'cards-heading' }, 'Your card');
  e.who = h('ul', { class: 'played-list', testid: 'card-played-list' });
  e.closed = h('p', { class: 'muted', testid: 'card-closed', hidden: true });
  e.el = h('section', { class: 'card panel panel-cards', 'aria-labelledby': 'cards-heading' },
    e.heading, e.closed, e.played, e.list, e.cardText, e.unitField, e.leaderField, e.noUnits, e.moveNote,
    h('div', { class: 'form-actions' }, e.play, e.withdraw), e.error.el, e.whoHeading, e.who);
  return e;
}

function cardButtons(cardSet) {
  let heading = null;
  const items = [];
  for (const c of cardSet) {
    if (c.heading !== heading) {
      heading = c.heading;
      if (heading) items.push(h('div', { class: 'card-heading' }, heading));
    }
    items.push(h('button', { type: 'button', class: `play-card play-card-${c.kind}`, role: 'radio', 'aria-checked': 'false', testid: 'card-option', dataset: { card: c.id }, title: c.text },
      h('span', { class: 'play-card-name' }, c.name)));
  }
  return items;
}

function closedText(view, b, leader, killed) {
  const me = view.me || {};
  if (!(me.role === 'player' && leader)) return me.role === 'umpire' ? 'Players choose their cards here; you see every card in the console.' : 'You have no leader in this battle.';
  if (killed) return 'Your leader has fallen: no more cards.';
  if (b.status === 'setup') return 'The umpire is still setting up the table.';
  if (b.status === 'resolving') return `Turn ${b.turn}: the cards are revealed and the turn is resolving.`;
  return b.status === 'ended' ? 'The battle is over.' : '';
}

function whoHasPlayed(view, b, box) {
  const submitted = box.submitted || (box.items || []).map((i) => i.user);
  return (b.players || []).map((u) => {
    const done = submitted.includes(u);
    return h('li', { class: `played-item${done ? ' is-done' : ''}`, testid: 'card-played-item', dataset: { user: String(u), played: done ? 'true' : 'false' } },
      h('span', { class: 'played-mark', 'aria-hidden': 'true' }, done ? '✓' : '…'), ' ', memberName(view, u),
      h('span', { class: 'hint' }, done ? (box.revealed ? ' revealed' : ' has played') : ' choosing'));
  });
}

// The hand: the cards of this turn, the form of the card chosen (a unit, a leader, a point on the map), play and
// take back, and who has played. hooks: pick({from, reach, to, hint} | null) asks the map for the Move card's
// point; showMap() scrolls to it.
class CardHand {
  constructor(ctx, campaignId, hooks) {
    Object.assign(this, { ctx, campaignId: Number(campaignId), hooks, battle: null, chosen: null, moveTo: null, builtFor: '', choiceFor: '' });
    this.e = handElements();
    // His card as he chooses it, kept on the server until he plays it (web/common/battle/draft.js).
    this.draft = battleDraft(this.campaignId);
    this.e.el.insertBefore(this.draft.el, this.e.whoHeading);
    this.listen();
  }

  listen() {
    const e = this.e;
    e.list.addEventListener('click', (ev) => {
      const b = ev.target.closest('button[data-card]');
      if (b) this.choose(b.dataset.card);
    });
    e.leaderSelect.addEventListener('change', () => { this.refreshForm(); this.edited(); });
    e.unitSelect.addEventListener('change', () => this.edited());
    e.play.addEventListener('click', () => this.play());
    e.withdraw.addEventListener('click', () => {
      runForm({ button: e.withdraw, error: e.error, action: () => this.send('card.withdraw', {}) });
    });
  }

  // A command of this turn: the battle and the turn this page shows (a `stale` refusal reads "The turn moved on").
  send(type, body) {
    return sendAtMoment((t, x) => this.ctx.conn.send(t, x), type, this.battle, { campaign: this.campaignId, ...body });
  }

  play() {
    const e = this.e;
    const card = (this.battle.card_set || []).find((c) => c.id === this.chosen);
    if (!card) return;
    const body = { card: card.id };
    if (card.kind === 'order') body.unit = Number(e.unitSelect.value);
    if (card.kind === 'talk') body.leader = Number(e.leaderSelect.value);
    if (card.id === 'move') body.to = this.moveTo;
    runForm({ button: e.play, error: e.error, action: () => sendTurn(this.ctx, this.campaignId, this.battle, { type: 'card.play', body, what: 'your card', error: e.error, draft: this.draft }) });
  }

  // The choice as it stands, for the draft.
  edited() {
    this.draft.edited({ card: this.chosen, unit: this.e.unitSelect.value, leader: this.e.leaderSelect.value, to: this.moveTo });
  }

  // A draft of this turn put back.
  restore(c) {
    if (!c || !(this.battle.card_set || []).some((x) => x.id === c.card)) return;
    this.moveTo = Array.isArray(c.to) ? c.to : null;
    this.choose(c.card);
    if (c.unit) this.e.unitSelect.value = c.unit;
    if (c.leader) this.e.leaderSelect.value = c.leader;
    this.refreshForm();
    this.askMap();
  }

  // The Move card asks the map for a point within the hints' reach of his leader.
  askMap() {
    const b = this.battle;
    const leader = myLeader(b);
    const reach = b && b.hints ? b.hints.move_reach : null;
    if (this.chosen !== 'move' || !leader) { this.hooks.pick(null); return; }
    const where = typeof reach === 'number' ? ` (within ${round(reach)}${measureLabel(b.table)})` : '';
    this.hooks.pick({ from: leader.position, reach, to: this.moveTo, hint: `Move: click or tap where your leader rides${where}.` });
  }

  choose(id) {
    this.chosen = id;
    if (id !== 'move') { this.moveTo = null; this.tooFar = null; }
    this.edited();
    for (const b of this.e.list.querySelectorAll('button')) b.setAttribute('aria-checked', b.dataset.card === id ? 'true' : 'false');
    this.refreshForm();
    this.askMap();
    if (id === 'move') this.hooks.showMap();
  }

  fillUnits(offered) {
    const sel = this.e.unitSelect;
    const keep = sel.value;
    sel.replaceChildren(...offered.map((u) => h('option', { value: String(u.id) }, u.name || `Unit ${u.id}`)));
    if (offered.some((u) => String(u.id) === keep)) sel.value = keep;
  }

  fillLeaders(leader) {
    const sel = this.e.leaderSelect;
    const keep = sel.value;
    const others = (this.battle.leaders || []).filter((l) => !leader || l.id !== leader.id);
    sel.replaceChildren(...others.map((l) => talkOption(this.battle, leader, l)));
    if (others.some((l) => String(l.id) === keep)) sel.value = keep;
  }

  moveText() {
    const b = this.battle;
    if (this.tooFar) {
      return `That point is ${round(this.tooFar)}${measureLabel(b.table)} away: your leader rides at most ${round(b.hints.move_reach)}${measureLabel(b.table)}. Pick a point inside the circle.`;
    }
    if (this.moveTo) return `Ride to (${this.moveTo.map((n) => Math.round(n)).join(', ')}). Click or tap the map to change it.`;
    const reach = this.battle.hints && this.battle.hints.move_reach;
    return typeof reach === 'number' ? `Click a point on the map within ${round(reach)}${measureLabel(this.battle.table)} of your leader.` : 'Click a point on the map.';
  }

  refreshForm() {
    const e = this.e;
    const b = this.battle;
    const card = (b && (b.card_set || []).find((c) => c.id === this.chosen)) || null;
    const isOrder = !!card && card.kind === 'order';
    const isTalk = !!card && card.kind === 'talk';
    e.cardText.hidden = !card;
    setText(e.cardText, card ? card.text : '');
    const leader = myLeader(b);
    const offered = isOrder ? offeredUnits(b, leader) : [];
    e.unitField.hidden = !isOrder || offered.length === 0;
    e.noUnits.hidden = !isOrder || offered.length > 0;
    if (b) setText(e.noUnits, noUnitsText(b));
    this.fillUnits(offered);
    e.leaderField.hidden = !isTalk;
    if (isTalk) this.fillLeaders(leader);
    e.moveNote.hidden = this.chosen !== 'move';
    if (b) setText(e.moveNote, this.moveText());
    e.play.disabled = !this.chosen || (isOrder && offered.length === 0) || (this.chosen === 'move' && !this.moveTo) || (isTalk && !e.leaderSelect.value);
  }

  showPlayed(b, box, mine) {
    const e = this.e;
    e.played.hidden = !mine;
    if (!mine) return;
    e.played.replaceChildren(
      h('span', { class: 'badge badge-secret' }, box.revealed ? 'revealed' : 'played'),
      ' ', h('strong', { class: 'card-played-name' }, describeCard(b, mine.item)),
      h('span', { class: 'hint' }, box.revealed ? ' — shown to everyone.' : ' — hidden from others until the reveal.'));
    e.played.dataset.card = (mine.item && mine.item.card) || '';
  }

  // A choice is for one turn. When the page next sees another turn (or battle) — even straight from one turn's
  // hand to the next, the resolution never shown — the old card is let go: the new hand starts empty, and the
  // draft of the new turn (if he kept one) is put back by draft.track after this.
  forgetOldTurn(b) {
    const turnKey = `${b.id}:${b.turn}`;
    if (this.choiceFor === turnKey) return;
    this.choiceFor = turnKey;
    this.chosen = null;
    this.moveTo = null;
    this.tooFar = null;
    this.e.unitSelect.value = '';
    this.e.leaderSelect.value = '';
    this.hooks.pick(null);
    for (const x of this.e.list.querySelectorAll('button')) x.setAttribute('aria-checked', 'false');
  }

  showHand(b, canPlay) {
    const e = this.e;
    e.list.hidden = !canPlay;
    e.play.hidden = !canPlay;
    if (!canPlay) { for (const x of [e.cardText, e.unitField, e.leaderField, e.moveNote, e.noUnits]) x.hidden = true; }
    const key = `${b.id}:${(b.card_set || []).map((c) => c.id).join(',')}`;
    if (canPlay && this.builtFor !== key) {
      this.builtFor = key;
      e.list.replaceChildren(...cardButtons(b.card_set || []));
      if (this.chosen) this.choose(this.chosen);
    }
    if (canPlay) this.refreshForm();
    if (b.status !== 'cards' && this.chosen) {
      this.chosen = null;
      this.moveTo = null;
      this.hooks.pick(null);
      for (const x of e.list.querySelectorAll('button')) x.setAttribute('aria-checked', 'false');
    }
  }

  // A click on the map while the Move card is chosen: the point he rides to.
  mapPoint(p) {
    if (this.chosen !== 'move') return false;
    // A point beyond his ride is refused here, with the distances, rather than on Play.
    const far = beyondReach(this.battle, myLeader(this.battle), p);
    this.tooFar = far || null; // how far the refused point is
    this.moveTo = far ? null : p;
    this.edited();
    this.refreshForm();
    this.askMap();
    return true;
  }

  update(view, b) {
    const e = this.e;
    this.battle = b;
    this.forgetOldTurn(b);
    const me = view.me || {};
    const box = (b.boxes && b.boxes.cards) || { items: [] };
    const leader = myLeader(b);
    const isPlayer = me.role === 'player' && !!leader;
    const killed = !!leader && !!leader.values && leader.values.fate === 'killed';
    setText(e.closed, closedText(view, b, leader, killed));
    e.closed.hidden = !e.closed.textContent;
    const mine = (box.items || []).find((i) => i.user === me.user);
    this.showPlayed(b, box, mine);
    const canPlay = isPlayer && b.status === 'cards' && !killed;
    e.withdraw.hidden = !(canPlay && mine);
    this.showHand(b, canPlay);
    this.draft.track(b, 'cards', canPlay, (c) => this.restore(c));
    if (this.chosen === 'move') this.askMap(); // his leader or the hints may have moved
    e.who.hidden = !(b.status === 'cards' || b.status === 'resolving');
    e.whoHeading.hidden = e.who.hidden;
    e.el.hidden = e.who.hidden && (!isPlayer || b.status === 'ended');
    setText(e.heading, isPlayer ? 'Your card' : 'Cards');
    e.who.replaceChildren(...whoHasPlayed(view, b, box));
  }
}

// The book's secretPanel (web/rulesets/index.js): {el, update(view, b), mapPoint(p), focus(piece)}. The hand is
// his leader's, one card for the turn, not a unit's: a tap on one of his pieces narrows nothing (focus: false).
export function cardHand(ctx, campaignId, hooks) {
  const hand = new CardHand(ctx, campaignId, hooks);
  return { el: hand.e.el, update: (view, b) => hand.update(view, b), mapPoint: (p) => hand.mapPoint(p), focus: () => false };
}
