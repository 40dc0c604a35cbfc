// The auction room (over-the-hills.txt, "Getting your Regiment"; docs/protocol.md, auction.*, regiment.buy):
// the lot on the block with every bid as it comes, the bid form, the lot's countdown, the closed lots, the
// lowest price the initial auction established and the late joiner's purchase. Umpires open and close lots
// here. Everyone in the campaign watches: bids are public.

import { h, setText, setTime, syncKeyed, errorLine, runForm } from '../common/dom.js';
import { countdown } from './countdown.js';
import { pounds, ordinal, regimentTitle, myColonel, yearOf, isClosed } from './format.js';

const COUNTDOWNS = [
  ['', 'No countdown (I close it)'],
  ['30', '30 seconds'],
  ['60', '1 minute'],
  ['120', '2 minutes'],
  ['300', '5 minutes'],
  ['900', '15 minutes'],
  ['3600', '1 hour'],
  ['86400', '1 day'],
  ['604800', '1 week'],
];

function numberOf(input) {
  const t = input.value.trim();
  if (!/^\d+$/.test(t)) return NaN;
  return Number(t);
}

function lotPanel(ctx, campaignId) {
  const none = h('p', { class: 'muted empty', testid: 'auction-no-lot' }, 'No regiment is on the block.');
  const lotNumber = h('span', { class: 'lot-number' });
  const regiment = h('span', { class: 'lot-regiment' });
  const reserve = h('span', { class: 'high-bid', testid: 'auction-reserve' });
  const high = h('span', { class: 'high-bid', testid: 'auction-high' });
  const highBy = h('span', { class: 'high-by' });
  const cd = countdown('auction-countdown', { past: 'Bidding has closed', suffix: ' to go' });
  const bids = h('ol', { class: 'bid-list', testid: 'auction-bid-list', 'aria-live': 'polite' });
  const noBids = h('p', { class: 'muted empty' }, 'No bids yet.');

  const amount = h('input', { id: 'auction-bid-amount', type: 'number', min: '1', step: '1', inputmode: 'numeric', testid: 'auction-bid-amount', dataset: { control: 'auction-bid' }, 'aria-describedby': 'auction-bid-hint' });
  const bid = h('button', { type: 'submit', class: 'primary', testid: 'auction-bid' }, 'Bid');
  const hint = h('p', { id: 'auction-bid-hint', class: 'hint', testid: 'auction-bid-hint' });
  const error = errorLine('auction-error');
  const form = h('form', { class: 'bid-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'auction-bid-amount' }, 'Your bid (£)'), amount),
    h('div', { class: 'form-actions' }, bid));
  const whyNot = h('p', { class: 'hint bid-why-not', testid: 'auction-cannot-bid', hidden: true });
  const bidBox = h('div', { class: 'bid-box' }, form, hint, error.el, whyNot);

  const lotBody = h('div', { class: 'lot', testid: 'auction-lot' },
    h('div', { class: 'lot-head' }, h('div', {}, lotNumber, regiment), cd.el),
    h('div', { class: 'lot-figures' },
      h('div', { class: 'number-box' }, h('span', { class: 'number-label' }, 'High bid'), high, highBy),
      h('div', { class: 'number-box' }, h('span', { class: 'number-label' }, 'Lowest acceptable'), reserve)),
    bidBox,
    h('h3', {}, 'Bids'), noBids, bids);
  const el = h('section', { class: 'card panel panel-lot', 'aria-labelledby': 'auction-lot-heading' },
    h('h2', { id: 'auction-lot-heading' }, 'On the block'), none, lotBody);

  let view = null;

  // What the server would refuse, in its words; null when the bid may go.
  function refusal(n) {
    const y = yearOf(view) || {};
    const lot = (y.auction || {}).lot;
    const col = myColonel(view);
    if (!lot) return 'No regiment is on the block.';
    if (!col) return 'You have no colonel yet: create one first.';
    if (col.regiment) return `You already have a regiment: the ${ordinal(col.regiment)}.`;
    if (cd.isOver()) return 'The bidding on this lot has closed.';
    if (!Number.isInteger(n) || n < 1) return 'A bid is a whole number of pounds.';
    if (lot.high && n <= lot.high.amount) return `A bid must be more than the high bid of ${pounds(lot.high.amount)}.`;
    if (n < lot.reserve) return `The lowest acceptable bid for this regiment is ${pounds(lot.reserve)}.`;
    if (typeof col.fortune === 'number' && n > col.fortune) return `You have ${pounds(col.fortune)}; you cannot bid ${pounds(n)}.`;
    return null;
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const n = numberOf(amount);
    const why = refusal(n);
    if (why) {
      error.show(why);
      return;
    }
    runForm({
      button: bid,
      error,
      action: async () => {
        await ctx.conn.send('auction.bid', { campaign: Number(campaignId), amount: n });
        if (numberOf(amount) === n) amount.value = '';
      },
    });
  });

  return {
    el,
    update(v) {
      view = v;
      const y = yearOf(v) || {};
      const lot = (y.auction || {}).lot;
      none.hidden = !!lot;
      lotBody.hidden = !lot;
      if (!lot) {
        cd.set(null);
        error.hide();
        return;
      }
      lotBody.dataset.lot = String(lot.lot);
      lotBody.dataset.regiment = String(lot.regiment);
      setText(lotNumber, `Lot ${lot.lot}: `);
      setText(regiment, regimentTitle(lot.regiment));
      setText(reserve, pounds(lot.reserve));
      setText(high, lot.high ? pounds(lot.high.amount) : '—');
      high.dataset.value = lot.high ? String(lot.high.amount) : '';
      const me = v.me || {};
      setText(highBy, lot.high ? (lot.high.colonel === me.user ? 'yours' : lot.high.colonel_name) : 'no bids');
      cd.set(lot.closes_at ?? null);

      const list = (lot.bids || []).map((b, i) => [i, b]).reverse();
      noBids.hidden = list.length > 0;
      syncKeyed(bids, list,
        () => h('li', { class: 'bid-item', testid: 'auction-bid-item' },
          h('span', { class: 'bid-amount' }), h('span', { class: 'bid-who' }), h('time')),
        (li, b) => {
          setText(li.querySelector('.bid-amount'), pounds(b.amount));
          li.dataset.amount = String(b.amount);
          li.dataset.colonel = String(b.colonel);
          setText(li.querySelector('.bid-who'), b.colonel === me.user ? `${b.colonel_name} (you)` : b.colonel_name);
          setTime(li.querySelector('time'), b.at);
          li.classList.toggle('mine', b.colonel === me.user);
          li.classList.toggle('high', !!lot.high && b.amount === lot.high.amount && b.colonel === lot.high.colonel);
        });

      // Who may bid: a player whose colonel has no regiment yet.
      const col = myColonel(v);
      const player = me.role === 'player';
      let cannot = null;
      if (isClosed(v)) cannot = 'The campaign is closed.';
      else if (!player) cannot = me.role === 'umpire' ? 'Players bid; you open and close the lots.' : 'Observers watch the bidding.';
      else if (!col) cannot = 'Create your colonel (Colonel tab) to bid.';
      else if (col.regiment) cannot = `You already hold the ${ordinal(col.regiment)}: each colonel wins one regiment.`;
      form.hidden = !!cannot;
      hint.hidden = !!cannot;
      whyNot.hidden = !cannot;
      setText(whyNot, cannot || '');
      if (!cannot) {
        const min = Math.max(lot.reserve || 1, lot.high ? lot.high.amount + 1 : 1);
        amount.min = String(min);
        if (typeof col.fortune === 'number') amount.max = String(col.fortune);
        amount.placeholder = String(min);
        setText(hint, min > (col.fortune ?? Infinity)
          ? `The next bid must be at least ${pounds(min)}; you have ${pounds(col.fortune)}.`
          : `At least ${pounds(min)}; you have ${pounds(col.fortune)}. Cash only: the winner pays the bid.`);
      }
    },
  };
}

// The umpire opens a lot (a regiment number, an optional countdown) and closes it.
function umpirePanel(ctx, campaignId) {
  const number = h('select', { id: 'auction-open-regiment', testid: 'auction-open-regiment' });
  const seconds = h('select', { id: 'auction-open-countdown', testid: 'auction-open-countdown' },
    COUNTDOWNS.map(([v, t]) => h('option', { value: v }, t)));
  const open = h('button', { type: 'submit', class: 'primary', testid: 'auction-open' }, 'Open the lot');
  const close = h('button', { type: 'button', class: 'danger', testid: 'auction-close' }, 'Close the lot');
  const error = errorLine('auction-umpire-error');
  const form = h('form', { class: 'inline-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'auction-open-regiment' }, 'Regiment'), number),
    h('div', { class: 'field' }, h('label', { for: 'auction-open-countdown' }, 'Countdown'), seconds),
    h('div', { class: 'form-actions' }, open));
  const closeText = h('p', { class: 'hint' });
  const closeBox = h('div', { class: 'close-lot' }, closeText, h('div', { class: 'form-actions' }, close));
  const el = h('section', { class: 'card panel panel-umpire-auction', 'aria-labelledby': 'auction-umpire-heading' },
    h('h2', { id: 'auction-umpire-heading' }, 'Run the auction'),
    h('p', { class: 'muted' }, 'One regiment at a time, numbers 3 and up (1 and 2 go to Royalty). The highest bidder who can still pay wins when the lot closes.'),
    form, closeBox, error.el);
  let lotNo = null;
  let numbersKey = null;

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const n = Number(number.value);
    if (!Number.isInteger(n) || n < 3) {
      error.show('Choose a regiment.');
      return;
    }
    const body = { campaign: Number(campaignId), regiment: n };
    if (seconds.value) body.countdown_seconds = Number(seconds.value);
    runForm({ button: open, error, action: () => ctx.conn.send('auction.open', body) });
  });
  close.addEventListener('click', () => {
    const body = { campaign: Number(campaignId) };
    if (lotNo !== null) body.lot = lotNo;
    runForm({ button: close, error, action: () => ctx.conn.send('auction.close', body) });
  });

  return {
    el,
    update(v) {
      const y = yearOf(v) || {};
      const a = y.auction || {};
      const lot = a.lot;
      el.hidden = isClosed(v);
      lotNo = lot ? lot.lot : null;
      form.hidden = !!lot;
      closeBox.hidden = !lot;
      if (lot) {
        const bidsN = (lot.bids || []).length;
        setText(closeText, `Lot ${lot.lot}, the ${ordinal(lot.regiment)}: ${bidsN} bid${bidsN === 1 ? '' : 's'}`
          + `${lot.high ? `, high ${pounds(lot.high.amount)} by ${lot.high.colonel_name}` : ''}.`
          + `${lot.closes_at ? ' The countdown closes it by itself.' : ''}`);
      }
      const nums = (a.available || []).filter((n) => !lot || n !== lot.regiment);
      const key = nums.join(',');
      if (key !== numbersKey) {
        numbersKey = key;
        const keep = number.value;
        number.replaceChildren(...nums.map((n) => h('option', { value: String(n) }, regimentTitle(n))));
        if (nums.map(String).includes(keep)) number.value = keep;
      }
      open.disabled = nums.length === 0;
    },
  };
}

// A colonel who came after the initial auction buys a regiment at the lowest price it established.
function buyPanel(ctx, campaignId) {
  const number = h('select', { id: 'regiment-buy-number', testid: 'regiment-buy-number' });
  const buy = h('button', { type: 'submit', class: 'primary', testid: 'regiment-buy' }, 'Buy');
  const error = errorLine('regiment-buy-error');
  const text = h('p', { class: 'muted', testid: 'regiment-buy-price' });
  const form = h('form', { class: 'inline-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'regiment-buy-number' }, 'Regiment'), number),
    h('div', { class: 'form-actions' }, buy));
  const el = h('section', { class: 'card panel panel-buy', 'aria-labelledby': 'buy-heading' },
    h('h2', { id: 'buy-heading' }, 'Buy a regiment'), text, form, error.el);
  let view = null;
  let key = null;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const y = yearOf(view) || {};
    const price = (y.auction || {}).lowest_price;
    const col = myColonel(view);
    const n = Number(number.value);
    if (!Number.isInteger(n)) {
      error.show('Choose a regiment.');
      return;
    }
    if (typeof price === 'number' && col && typeof col.fortune === 'number' && col.fortune < price) {
      error.show(`A regiment costs ${pounds(price)}; you have ${pounds(col.fortune)}.`);
      return;
    }
    runForm({ button: buy, error, action: () => ctx.conn.send('regiment.buy', { campaign: Number(campaignId), regiment: n }) });
  });
  return {
    el,
    update(v) {
      view = v;
      const y = yearOf(v) || {};
      const a = y.auction || {};
      const col = myColonel(v);
      const show = !isClosed(v) && y.phase === 'months' && !!col && !col.regiment;
      el.hidden = !show;
      if (!show) return;
      const price = a.lowest_price;
      const nums = (a.available || []).filter((n) => !a.lot || n !== a.lot.regiment);
      form.hidden = typeof price !== 'number' || nums.length === 0;
      setText(text, typeof price !== 'number'
        ? 'The initial auction sold no regiment, so no price is established: ask the umpire to auction one.'
        : `You came after the initial auction: any regiment still without a colonel is yours for ${pounds(price)}, the lowest price`
          + ` the initial auction established. You have ${pounds(col.fortune)}. If others join with you, the umpire may auction it instead.`);
      const k = nums.join(',');
      if (k !== key) {
        key = k;
        const keep = number.value;
        number.replaceChildren(...nums.map((n) => h('option', { value: String(n) }, regimentTitle(n))));
        if (nums.map(String).includes(keep)) number.value = keep;
      }
    },
  };
}

// Your purse (players), the lowest price, the closed lots and the regiments still without a colonel.
function recordPanel() {
  const purse = h('p', { class: 'purse', testid: 'auction-purse' });
  const lowest = h('span', { class: 'big-number', testid: 'auction-lowest' });
  const lowestNote = h('span', { class: 'hint' });
  const lots = h('ol', { class: 'lot-list', testid: 'auction-lot-list', reversed: true });
  const noLots = h('p', { class: 'muted empty' }, 'No lots closed yet.');
  const available = h('p', { class: 'available', testid: 'auction-available' });
  const el = h('section', { class: 'card panel panel-auction-record', 'aria-labelledby': 'auction-record-heading' },
    h('h2', { id: 'auction-record-heading' }, 'The sale so far'),
    purse,
    h('div', { class: 'number-box' }, h('span', { class: 'number-label' }, 'Lowest price established'), lowest, lowestNote),
    h('h3', {}, 'Lots closed'), noLots, lots,
    h('h3', {}, 'Regiments without a colonel'), available);
  return {
    el,
    update(v) {
      const y = yearOf(v) || {};
      const a = y.auction || {};
      const col = myColonel(v);
      purse.hidden = !col;
      if (col) {
        setText(purse, col.regiment
          ? `You hold the ${ordinal(col.regiment)}. Your fortune: ${pounds(col.fortune)}.`
          : `Your fortune: ${pounds(col.fortune)}. You may win one regiment.`);
      }
      setText(lowest, typeof a.lowest_price === 'number' ? pounds(a.lowest_price) : 'none yet');
      lowest.dataset.value = typeof a.lowest_price === 'number' ? String(a.lowest_price) : '';
      setText(lowestNote, 'what late joiners pay');
      const closed = (a.lots || []).slice().reverse().map((l) => [l.lot, l]);
      noLots.hidden = closed.length > 0;
      syncKeyed(lots, closed,
        () => h('li', { class: 'lot-item', testid: 'auction-lot-item' },
          h('span', { class: 'lot-item-regiment' }), h('span', { class: 'lot-item-result' })),
        (li, l) => {
          li.dataset.regiment = String(l.regiment);
          li.dataset.winner = l.winner === null || l.winner === undefined ? '' : String(l.winner);
          setText(li.querySelector('.lot-item-regiment'), `Lot ${l.lot}: the ${ordinal(l.regiment)}`);
          setText(li.querySelector('.lot-item-result'), l.winner !== null && l.winner !== undefined
            ? `${l.winner_name}, ${pounds(l.price)}${l.initial ? '' : ' (after setup)'}` : 'unsold');
          li.classList.toggle('unsold', l.winner === null || l.winner === undefined);
        });
      const nums = a.available || [];
      setText(available, nums.length ? nums.map((n) => ordinal(n)).join(', ') : 'Every regiment has a colonel.');
    },
  };
}

// Its name and when it shows are in index.js, which loads this file when the tab is first opened.
export const auctionTab = {
  create(ctx, campaignId) {
    const panels = {
      lot: lotPanel(ctx, campaignId),
      umpire: umpirePanel(ctx, campaignId),
      buy: buyPanel(ctx, campaignId),
      record: recordPanel(),
    };
    const umpireSlot = h('div', { class: 'slot' });
    const el = h('div', { class: 'year-grid' },
      h('div', { class: 'col-main' }, panels.lot.el, umpireSlot, panels.buy.el),
      h('div', { class: 'col-side' }, panels.record.el));
    return {
      el,
      update(view) {
        const umpire = !!(view.me && view.me.role === 'umpire');
        if (umpire && !umpireSlot.firstChild) umpireSlot.appendChild(panels.umpire.el);
        if (!umpire && umpireSlot.firstChild) umpireSlot.replaceChildren();
        panels.lot.update(view);
        if (umpire) panels.umpire.update(view);
        panels.buy.update(view);
        panels.record.update(view);
      },
    };
  },
};
