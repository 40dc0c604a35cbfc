// The campaign page's word on commands kept on this device (kept.js): what waits for the line, and what became of
// each once the line came back (sent; gone in before the line dropped; or refused and why: the month or turn it was
// meant for has passed).

import { h, setText } from './dom.js';
import { keptEvents, keptItems, sendKeptNow } from './kept.js';

function outcomeText(o) {
  if (o.repeated) return `It had gone in before the line dropped: ${o.item.what}.`;
  if (o.ok) return `Sent when the line came back: ${o.item.what}.`;
  const moved = o.code === 'stale' ? (o.item.slot === 'diary' ? ' — the month has moved on' : ' — the turn has moved on') : '';
  return `Not sent${moved}: ${o.item.what}. ${o.message || ''}`.trim();
}

export function keptNotice(ctx, campaignId) {
  const key = String(campaignId);
  const list = h('ul', { class: 'kept-list' });
  const dismiss = h('button', { type: 'button', class: 'ghost small', testid: 'kept-dismiss' }, 'Dismiss');
  const el = h('section', { class: 'kept-notice', testid: 'kept-notice', role: 'status', 'aria-live': 'polite', hidden: true },
    list, h('div', { class: 'form-actions' }, dismiss));
  const outcomes = [];

  function show() {
    const waiting = keptItems(ctx.me ? ctx.me.user : null, key).map((x) =>
      h('li', { testid: 'kept-item', dataset: { state: 'kept', slot: x.slot } }, `Kept on this device until the line is back: ${x.what}.`));
    const done = outcomes.map((o) => h('li', { testid: 'kept-item', class: o.ok ? '' : 'is-bad', dataset: { state: o.repeated ? 'repeated' : o.ok ? 'sent' : 'refused', slot: o.item.slot, code: o.code || '' } }, outcomeText(o)));
    list.replaceChildren(...waiting, ...done);
    el.hidden = waiting.length + done.length === 0;
    dismiss.hidden = done.length === 0;
  }
  dismiss.addEventListener('click', () => { outcomes.length = 0; show(); });

  const offChange = keptEvents.on('change', (c) => { if (c === key) show(); });
  const offOutcome = keptEvents.on('outcome', (c, o) => {
    if (c !== key) return;
    outcomes.push(o);
    show();
  });
  const offState = ctx.conn.on('state', (s) => { if (s === 'online') sendKeptNow(ctx, key); });
  show();
  if (ctx.conn.online) sendKeptNow(ctx, key);
  return {
    el,
    destroy() { offChange(); offOutcome(); offState(); },
  };
}
