// The battle's talk: live only while a channel is open (the view's `channels`: this player's leader beside
// another's and one of them played Talk to the other in the last revealed turn). Umpires read every message.
// Why it is closed is said in the book's words (book.talkClosed).

import { h, setText, setTime, syncKeyed, errorLine, runForm } from '../dom.js';
import { memberName } from './names.js';
import { sendAtMoment } from './moment.js';

export function talkPanel(ctx, campaignId) {
  const status = h('p', { class: 'talk-status', testid: 'talk-status' });
  const list = h('ul', { class: 'talk-list chat-list', testid: 'talk-list' });
  const toSelect = h('select', { id: 'talk-to', testid: 'talk-to', hidden: true });
  const input = h('textarea', { id: 'talk-input', testid: 'talk-input', rows: 2, maxlength: 1000, placeholder: 'Say something to the other leader' });
  const send = h('button', { type: 'submit', class: 'primary', testid: 'talk-send' }, 'Send');
  const error = errorLine('talk-error');
  const form = h('form', { class: 'talk-form', novalidate: true }, toSelect,
    h('label', { class: 'sr-only', for: 'talk-input' }, 'Message'), input, h('div', { class: 'form-actions' }, send));
  const el = h('section', { class: 'card panel panel-talk', testid: 'talk-panel', 'aria-labelledby': 'talk-heading' },
    h('h2', { id: 'talk-heading' }, 'Talk'), status, list, form, error.el);
  let battle = null;

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text || !battle) return;
    const ok = await runForm({ button: send, error, action: () => sendAtMoment((t, x) => ctx.conn.send(t, x), 'talk.say', battle, { campaign: Number(campaignId), to: Number(toSelect.value), text }) });
    if (ok) input.value = '';
  });
  // Enter sends, as in any chat; Shift+Enter keeps a new line (and Enter while an IME is composing is left alone).
  input.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Enter' || ev.shiftKey || ev.isComposing || send.disabled) return;
    ev.preventDefault();
    form.requestSubmit(send);
  });

  return {
    el,
    update(view, b, book) {
      battle = b;
      const me = view.me || {};
      const umpire = me.role === 'umpire';
      const mine = (b.channels || []).filter((c) => umpire || c.a === me.user || c.b === me.user);
      // Each person once: a pair may come more than once (older servers sent a channel per Talk card played).
      const partners = umpire ? [] : [...new Set(mine.map((c) => (c.a === me.user ? c.b : c.a)))];
      const open = partners.length > 0 && b.status !== 'ended';
      el.dataset.open = open ? 'true' : 'false';
      if (umpire) {
        const pairs = [...new Map(mine.map((c) => [`${Math.min(c.a, c.b)}-${Math.max(c.a, c.b)}`, c])).values()];
        setText(status, pairs.length ? `Open channels: ${pairs.map((c) => `${memberName(view, c.a)} ↔ ${memberName(view, c.b)}`).join(', ')}. You read every message.`
          : 'No channel is open this turn. You read every message.');
      } else if (me.role !== 'player') {
        setText(status, 'Only the leaders in a channel and the umpires read the battle\'s talk.');
      } else if (open) {
        setText(status, `Channel open with ${partners.map((u) => memberName(view, u)).join(', ')} until the next reveal.`);
      } else if (b.status === 'ended') {
        setText(status, 'The battle is over: the talk is closed.');
      } else if (b.status === 'setup') {
        setText(status, 'Closed: the battle has not begun.');
      } else {
        setText(status, book && book.talkClosed ? book.talkClosed(b) : 'Closed.');
      }
      status.classList.toggle('is-open', open);
      form.hidden = !open;
      const keep = toSelect.value;
      toSelect.replaceChildren(...partners.map((u) => h('option', { value: String(u) }, `To ${memberName(view, u)}`)));
      if (partners.map(String).includes(keep)) toSelect.value = keep;
      toSelect.hidden = partners.length < 2;
      // Each message's `n`: its number within what this viewer sees (docs/protocol.md, "The battles' view").
      const items = (b.talk || []).map((m) => [m.n, m]);
      syncKeyed(list, items, () => h('li', { class: 'chat-item talk-item', testid: 'talk-item' },
        h('div', { class: 'item-meta' }, h('span', { class: 'author' }), ' · turn ', h('span', { class: 'talk-turn' }), ' · ', h('time')),
        h('div', { class: 'item-text' })), (li, m) => {
        const who = `${memberName(view, m.from)} → ${memberName(view, m.to)}`;
        setText(li.querySelector('.author'), who);
        setText(li.querySelector('.talk-turn'), m.turn);
        setTime(li.querySelector('time'), m.at);
        setText(li.querySelector('.item-text'), m.text);
        li.classList.toggle('is-mine', m.from === me.user);
      });
      list.hidden = items.length === 0;
    },
  };
}
