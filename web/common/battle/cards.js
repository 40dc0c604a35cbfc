// The hand of cards for this turn (over-the-hills.txt, ANNEX B, as the view's `card_set` lists them):
// talk to a leader, an order to a unit the leader is with (only those are offered), inspire, engage,
// move (a point within 40 cm, clicked on the map), no action. The card played stays hidden from others
// until the reveal; everyone sees who has played, not what.

import { h, setText, errorLine, runForm } from '../dom.js';
import { distance, distanceToUnit, cmPerUnit } from './geometry.js';

export function memberName(view, user) {
  const m = view.members && view.members[String(user)];
  return m ? m.name : `#${user}`;
}

export function cardLabel(battle, card) {
  const c = (battle.card_set || []).find((x) => x.id === card);
  return c ? c.name : card;
}

// Describes a played card item ({card, unit?, leader?, to?}) in words.
export function describeCard(battle, item) {
  if (!item) return '';
  const card = item.card || item.id || '';
  let text = cardLabel(battle, card);
  if (item.unit !== undefined && item.unit !== null) {
    const u = (battle.units || []).find((x) => x.id === item.unit);
    text += ` → ${u ? u.name || `unit ${u.id}` : `unit ${item.unit}`}`;
  }
  if (item.leader !== undefined && item.leader !== null) {
    const l = (battle.leaders || []).find((x) => x.id === item.leader);
    text += ` → ${l ? l.name : `leader ${item.leader}`}`;
  }
  if (Array.isArray(item.to)) text += ` → (${item.to.map((n) => Math.round(n * 100) / 100).join(', ')})`;
  return text;
}

// The units of the player's side his leader is with (within with_unit_cm of the footprint).
export function unitsWith(battle, leader) {
  if (!leader) return [];
  const reach = ((battle.settings && battle.settings.with_unit_cm) ?? 2) / cmPerUnit(battle.table);
  return (battle.units || []).filter((u) => !u.removed && u.side === leader.side && distanceToUnit(u, leader.position) <= reach + 1e-6);
}

export function cardHand(ctx, campaignId, { onMoveMode, onShowMap }) {
  const list = h('div', { class: 'card-hand', testid: 'card-hand', role: 'radiogroup', 'aria-label': 'Your cards this turn' });
  const unitSelect = h('select', { id: 'card-unit', testid: 'card-unit' });
  const unitField = h('div', { class: 'field', hidden: true }, h('label', { for: 'card-unit' }, 'To the unit you are with'), unitSelect);
  const leaderSelect = h('select', { id: 'card-leader', testid: 'card-leader' });
  const leaderField = h('div', { class: 'field', hidden: true }, h('label', { for: 'card-leader' }, 'Talk to'), leaderSelect);
  const cardText = h('p', { class: 'play-card-text', testid: 'card-text', hidden: true });
  const moveNote = h('p', { class: 'hint', testid: 'card-move-point', hidden: true });
  const noUnits = h('p', { class: 'hint', testid: 'card-no-units', hidden: true },
    'Your leader is with none of your units: orders can only be given to troops he is actually with.');
  const play = h('button', { type: 'button', class: 'primary', testid: 'card-play', disabled: true }, 'Play this card');
  const withdraw = h('button', { type: 'button', class: 'ghost small', testid: 'card-withdraw', hidden: true }, 'Take it back');
  const error = errorLine('card-error');
  const played = h('div', { class: 'card-played', testid: 'card-played', hidden: true });
  const whoHeading = h('h3', {}, 'Who has played');
  const cardsHeading = h('h2', { id: 'cards-heading' }, 'Your card');
  const who = h('ul', { class: 'played-list', testid: 'card-played-list' });
  const closed = h('p', { class: 'muted', testid: 'card-closed', hidden: true });
  const el = h('section', { class: 'card panel panel-cards', 'aria-labelledby': 'cards-heading' },
    cardsHeading,
    closed, played, list, cardText, unitField, leaderField, noUnits, moveNote,
    h('div', { class: 'form-actions' }, play, withdraw), error.el,
    whoHeading, who);

  let battle = null;
  let view = null;
  let chosen = null;
  let moveTo = null;
  let builtFor = '';

  function myLeader() {
    return battle && battle.me && battle.me.leader ? (battle.leaders || []).find((l) => l.id === battle.me.leader) : null;
  }

  function choose(id) {
    chosen = id;
    if (id !== 'move') moveTo = null;
    for (const b of list.querySelectorAll('button')) b.setAttribute('aria-checked', b.dataset.card === id ? 'true' : 'false');
    refreshForm();
    onMoveMode(id === 'move', moveTo);
    if (id === 'move' && onShowMap) onShowMap();
  }

  function refreshForm() {
    const card = (battle && (battle.card_set || []).find((c) => c.id === chosen)) || null;
    const isOrder = card && card.kind === 'order';
    cardText.hidden = !card;
    setText(cardText, card ? card.text : '');
    const leader = myLeader();
    const offered = isOrder ? unitsWith(battle, leader) : [];
    unitField.hidden = !isOrder || offered.length === 0;
    noUnits.hidden = !isOrder || offered.length > 0;
    const keepUnit = unitSelect.value;
    unitSelect.replaceChildren(...offered.map((u) => h('option', { value: String(u.id) }, u.name || `Unit ${u.id}`)));
    if (offered.some((u) => String(u.id) === keepUnit)) unitSelect.value = keepUnit;
    const isTalk = card && card.kind === 'talk';
    leaderField.hidden = !isTalk;
    if (isTalk) {
      const keep = leaderSelect.value;
      const talkReach = ((battle.settings && battle.settings.talk_cm) ?? 5) / cmPerUnit(battle.table);
      const others = (battle.leaders || []).filter((l) => !leader || l.id !== leader.id);
      leaderSelect.replaceChildren(...others.map((l) => {
        const near = leader && distance(l.position, leader.position) <= talkReach + 1e-6;
        return h('option', { value: String(l.id) }, `${l.name}${near ? ' (beside you)' : ' (too far to talk)'}`);
      }));
      if (others.some((l) => String(l.id) === keep)) leaderSelect.value = keep;
    }
    moveNote.hidden = chosen !== 'move';
    setText(moveNote, moveTo ? `Ride to (${moveTo.map((n) => Math.round(n)).join(', ')}). Click or tap the map to change it.`
      : 'Click a point on the map within 40 cm of your leader.');
    play.disabled = !chosen || (isOrder && offered.length === 0) || (chosen === 'move' && !moveTo) || (isTalk && !leaderSelect.value);
  }

  list.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-card]');
    if (b) choose(b.dataset.card);
  });
  leaderSelect.addEventListener('change', refreshForm);

  play.addEventListener('click', () => {
    const card = (battle.card_set || []).find((c) => c.id === chosen);
    if (!card) return;
    const body = { campaign: Number(campaignId), battle: battle.id, card: card.id };
    if (card.kind === 'order') body.unit = Number(unitSelect.value);
    if (card.kind === 'talk') body.leader = Number(leaderSelect.value);
    if (card.id === 'move') body.to = moveTo;
    runForm({ button: play, error, action: () => ctx.conn.send('card.play', body) });
  });
  withdraw.addEventListener('click', () => {
    runForm({ button: withdraw, error, action: () => ctx.conn.send('card.withdraw', { campaign: Number(campaignId), battle: battle.id }) });
  });

  return {
    el,
    setMovePoint(p) {
      if (chosen !== 'move') return false;
      moveTo = p;
      refreshForm();
      onMoveMode(true, moveTo);
      return true;
    },
    update(v, b) {
      view = v;
      battle = b;
      const me = v.me || {};
      const box = (b.boxes && b.boxes.cards) || { items: [] };
      const submitted = box.submitted || (box.items || []).map((i) => i.user);
      const leader = myLeader();
      const isPlayer = me.role === 'player' && !!leader;
      const open = b.status === 'cards';
      const killed = leader && leader.values && leader.values.fate === 'killed';
      const mine = (box.items || []).find((i) => i.user === me.user);

      setText(closed, !isPlayer ? (me.role === 'umpire' ? 'Players choose their cards here; you see every card in the console.' : 'You have no leader in this battle.')
        : killed ? 'Your leader has fallen: no more cards.'
          : b.status === 'setup' ? 'The umpire is still setting up the table.'
            : b.status === 'resolving' ? `Turn ${b.turn}: the cards are revealed and the turn is resolving.`
              : b.status === 'ended' ? 'The battle is over.' : '');
      closed.hidden = !closed.textContent;

      played.hidden = !mine;
      if (mine) {
        played.replaceChildren(
          h('span', { class: 'badge badge-secret' }, box.revealed ? 'revealed' : 'played'),
          ' ', h('strong', { class: 'card-played-name' }, describeCard(b, mine.item)),
          h('span', { class: 'hint' }, box.revealed ? ' — shown to everyone.' : ' — hidden from others until the reveal.'));
        played.dataset.card = (mine.item && mine.item.card) || '';
      }
      const canPlay = isPlayer && open && !killed;
      withdraw.hidden = !(canPlay && mine);
      list.hidden = !canPlay;
      play.hidden = !canPlay;
      if (!canPlay) { cardText.hidden = true; unitField.hidden = true; leaderField.hidden = true; moveNote.hidden = true; noUnits.hidden = true; }
      const key = `${b.id}:${(b.card_set || []).map((c) => c.id).join(',')}`;
      if (canPlay && builtFor !== key) {
        builtFor = key;
        let heading = null;
        const items = [];
        for (const c of b.card_set || []) {
          if (c.heading !== heading) {
            heading = c.heading;
            if (heading) items.push(h('div', { class: 'card-heading' }, heading));
          }
          items.push(h('button', { type: 'button', class: `play-card play-card-${c.kind}`, role: 'radio', 'aria-checked': 'false', testid: 'card-option', dataset: { card: c.id }, title: c.text },
            h('span', { class: 'play-card-name' }, c.name)));
        }
        list.replaceChildren(...items);
        if (chosen) choose(chosen);
      }
      if (canPlay) refreshForm();
      if (!open && chosen) { chosen = null; moveTo = null; onMoveMode(false, null); for (const x of list.querySelectorAll('button')) x.setAttribute('aria-checked', 'false'); }

      const players = b.players || [];
      who.hidden = !(b.status === 'cards' || b.status === 'resolving');
      whoHeading.hidden = who.hidden;
      el.hidden = who.hidden && (!isPlayer || b.status === 'ended');
      setText(cardsHeading, isPlayer ? 'Your card' : 'Cards');
      who.replaceChildren(...players.map((u) => {
        const done = submitted.includes(u);
        return h('li', { class: `played-item${done ? ' is-done' : ''}`, testid: 'card-played-item', dataset: { user: String(u), played: done ? 'true' : 'false' } },
          h('span', { class: 'played-mark', 'aria-hidden': 'true' }, done ? '✓' : '…'), ' ', memberName(v, u),
          h('span', { class: 'hint' }, done ? (box.revealed ? ' revealed' : ' has played') : ' choosing'));
      }));
    },
  };
}
