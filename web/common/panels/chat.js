// The table chat: the campaign's public talk, oldest first, with a box to speak in (Enter sends,
// Shift+Enter starts a new line).

import { h, setText, setTime, syncKeyed, bySeq, errorLine, runForm } from '../dom.js';

export function chatPanel(ctx, campaignId) {
  const list = h('ol', { class: 'chat-list', testid: 'chat-list', 'aria-live': 'polite', tabindex: '0' });
  const empty = h('p', { class: 'muted empty' }, 'No one has spoken yet.');
  const scroller = h('div', { class: 'chat-scroll' }, empty, list);
  const input = h('textarea', {
    id: 'chat-input', rows: '2', maxlength: '2000', placeholder: 'Say something to the table…',
    'aria-label': 'Message to the table', testid: 'chat-input',
  });
  const send = h('button', { type: 'submit', class: 'primary', testid: 'chat-send' }, 'Send');
  const error = errorLine('chat-error');
  const form = h('form', { class: 'chat-form', novalidate: true }, input, send);
  const closedNote = h('p', { class: 'muted closed-note', hidden: true }, 'The campaign is closed; the table is silent.');
  const el = h('section', { class: 'card panel panel-chat', 'aria-labelledby': 'chat-heading' },
    h('h2', { id: 'chat-heading' }, 'Table talk'),
    scroller, error.el, form, closedNote);

  let sending = false;
  async function submit() {
    const text = input.value;
    if (sending || text.trim() === '') return;
    sending = true;
    const ok = await runForm({
      button: send,
      error,
      action: () => ctx.conn.send('chat.say', { campaign: Number(campaignId), text }),
    });
    sending = false;
    if (ok) {
      if (input.value === text) input.value = '';
      stickToBottom = true;
      scrollToEnd();
    }
    input.focus();
  }
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    submit();
  });
  input.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && !ev.shiftKey && !ev.isComposing) {
      ev.preventDefault();
      submit();
    }
  });

  let stickToBottom = true;
  scroller.addEventListener('scroll', () => {
    stickToBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
  });
  function scrollToEnd() {
    scroller.scrollTop = scroller.scrollHeight;
  }

  return {
    el,
    update(view) {
      const me = view.me || {};
      const items = bySeq(view.chat);
      empty.hidden = items.length > 0;
      const wasAtBottom = stickToBottom;
      syncKeyed(list, items,
        () => h('li', { class: 'chat-item', testid: 'chat-item' },
          h('div', { class: 'item-meta' }, h('span', { class: 'author' }), ' ', h('time')),
          h('div', { class: 'item-text' })),
        (li, m) => {
          setText(li.querySelector('.author'), m.author);
          setTime(li.querySelector('time'), m.at);
          setText(li.querySelector('.item-text'), m.text);
          li.classList.toggle('mine', m.author === me.name);
        });
      if (wasAtBottom) scrollToEnd();
      const closed = !!(view.campaign && view.campaign.closed);
      form.hidden = closed;
      if (closed) error.hide();
      closedNote.hidden = !closed;
    },
    shown() {
      if (stickToBottom) scrollToEnd();
    },
  };
}
