// The tempo bid (chosen-men-well-disposed.txt, "Tempo Bidding"; docs/protocol.md, "Chosen Men, Well Disposed",
// "The game turn"): the side's tempo points (cmwd.tempo, its own side only), the commander's sealed bid to the box
// "orders" (battle.submit {bid}), withdrawn and made again until both are in; then who has the tempo and both bids
// (cmwd.tempo_side, cmwd.bids). The server sends nothing of the other side's bid before the reveal, and this page
// says nothing of it: not its amount, not whether it is in.

import { h, setText, errorLine, runForm } from '../../common/dom.js';
import { clearForNewTurn } from '../../common/battle/moment.js';
import { cmwdOf, sideName, commanderOf } from './words.js';

const plural = (n) => `${n} tempo point${n === 1 ? '' : 's'}`;

export function tempoElements() {
  const e = {
    points: h('p', { class: 'cmwd-points', testid: 'cmwd-tempo-points' }),
    input: h('input', { type: 'number', id: 'cmwd-bid-input', testid: 'cmwd-bid-input', dataset: { control: 'battle-orders' }, min: 0, step: 1, value: '0', inputmode: 'numeric' }),
    bid: h('button', { type: 'submit', class: 'primary', testid: 'cmwd-bid' }, 'Bid'),
    status: h('p', { class: 'cmwd-bid-status', testid: 'cmwd-bid-status', role: 'status' }),
    withdraw: h('button', { type: 'button', class: 'ghost', testid: 'cmwd-withdraw' }, 'Withdraw my bid'),
    note: h('p', { class: 'hint', testid: 'cmwd-bid-note' }),
    tempoSide: h('p', { class: 'cmwd-tempo-side', testid: 'cmwd-tempo-side' }),
    bids: h('ul', { class: 'cmwd-bids', testid: 'cmwd-bids' }),
    left: h('p', { class: 'cmwd-left', testid: 'cmwd-tempo-left' }),
    error: errorLine('cmwd-bid-error'),
  };
  e.form = h('form', { class: 'inline-form', novalidate: true, testid: 'cmwd-bid-form' },
    h('div', { class: 'field' }, h('label', { for: 'cmwd-bid-input' }, 'Tempo points to bid'), e.input),
    h('div', { class: 'form-actions' }, e.bid));
  e.statusRow = h('div', { class: 'stack' }, e.status, h('div', { class: 'form-actions' }, e.withdraw));
  e.el = h('div', { class: 'cmwd-tempo stack', testid: 'cmwd-tempo' }, e.points, e.left, e.form, e.statusRow, e.note, e.tempoSide, e.bids, e.error.el);
  return e;
}

// The viewer's side's tempo ({points, left}); the umpire's view holds every side's.
export function tempoOf(b, side) {
  const t = cmwdOf(b).tempo || {};
  if (typeof t.points === 'number' || typeof t.left === 'number') return t;
  return (side && t[side]) || null;
}

// The bid this viewer may see before the reveal: his own, else his side's (the box holds no other).
function ownBid(view, b) {
  const box = (b.boxes && b.boxes.orders) || {};
  const items = (box.items || []).filter((i) => i && i.item && typeof i.item.bid === 'number');
  const me = (view.me || {}).user;
  return items.find((i) => i.user === me) || (box.revealed ? null : items[0]) || null;
}

function pointsLine(e, view, b, side) {
  const umpire = (view.me || {}).role === 'umpire';
  const c = cmwdOf(b);
  const lines = umpire ? (b.sides || []).map((s) => [s.id, tempoOf(b, s.id)]).filter(([, t]) => t) : [[side, tempoOf(b, side)]].filter(([, t]) => t);
  e.points.hidden = lines.length === 0;
  const mine = lines.length === 1 ? lines[0][1] : null;
  e.points.dataset.points = mine && typeof mine.points === 'number' ? String(mine.points) : '';
  const say = ([s, t]) => (umpire ? `The ${sideName(b, s)}: ${plural(t.points || 0)}` : `Your side, the ${sideName(b, s)}, has ${plural(t.points || 0)}`);
  setText(e.points, lines.length ? `${lines.map(say).join('; ')} this game turn.` : '');
  const left = mine && c.stage !== 'bid' && typeof mine.left === 'number' ? mine.left : null;
  e.left.hidden = left === null;
  e.left.dataset.left = left === null ? '' : String(left);
  setText(e.left, left === null ? '' : `${plural(left)} left to order brigades.`);
}

function revealLine(e, b) {
  const c = cmwdOf(b);
  const shown = c.stage !== 'bid' && !!c.tempo_side;
  e.tempoSide.hidden = !shown;
  e.tempoSide.dataset.side = shown ? c.tempo_side : '';
  setText(e.tempoSide, shown ? `The ${sideName(b, c.tempo_side)} have the tempo.` : '');
  const bids = shown && c.bids && typeof c.bids === 'object' ? Object.entries(c.bids) : [];
  e.bids.hidden = bids.length === 0;
  e.bids.replaceChildren(...bids.map(([s, n]) => h('li', { testid: 'cmwd-bid-item', dataset: { side: s, bid: String(n) } }, `The ${sideName(b, s)} bid ${plural(n)}.`)));
}

// Fills the tempo part; `send(type, body)` sends at the page's moment.
export function showTempo(e, view, b, send) {
  const c = cmwdOf(b);
  const me = view.me || {};
  const side = (b.me && b.me.side) || '';
  const leader = b.me && b.me.leader ? (b.leaders || []).find((l) => l.id === b.me.leader) : null;
  pointsLine(e, view, b, side);
  revealLine(e, b);
  const bidding = c.stage === 'bid' && b.status === 'cards';
  const player = me.role === 'player' && !!leader;
  const commander = player && (commanderOf(b, side) || {}).id === leader.id;
  const own = bidding && player ? ownBid(view, b) : null;
  e.form.hidden = !(bidding && commander && !own);
  e.statusRow.hidden = !own;
  e.withdraw.hidden = !(own && own.user === me.user);
  const t = tempoOf(b, side);
  if (t && typeof t.points === 'number') e.input.max = String(t.points);
  e.status.dataset.bid = own ? String(own.item.bid) : '';
  setText(e.status, own ? `${own.user === me.user ? 'Your bid' : 'Your side\'s bid'}: ${own.item.bid} — waiting for the other side` : '');
  const cmd = commanderOf(b, side);
  setText(e.note, bidding && player && !commander && !own ? `${cmd ? cmd.name : 'Your commander'} bids for your side.` : '');
  e.note.hidden = !e.note.textContent;
  if (!bidding) clearForNewTurn(e.error, b.turn);
  e.send = send;
}

export function listenTempo(e, getBattle) {
  e.form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const n = Number(e.input.value);
    const t = tempoOf(getBattle(), (getBattle().me || {}).side);
    const most = t && typeof t.points === 'number' ? t.points : Infinity;
    if (e.input.value.trim() === '' || !Number.isInteger(n) || n < 0 || n > most) {
      e.error.show(`Bid a whole number of tempo points from 0 to ${most}. Nothing was sent.`);
      return;
    }
    runForm({ button: e.bid, error: e.error, action: () => e.sendTurn('battle.submit', { box: 'orders', bid: n }, 'your tempo bid') });
  });
  e.withdraw.addEventListener('click', () => runForm({ button: e.withdraw, error: e.error, action: () => e.send('battle.withdraw', { box: 'orders' }) }));
}
