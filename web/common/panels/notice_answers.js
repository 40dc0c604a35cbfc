// Answers to the umpire's public notices (docs/protocol.md, notice.answer), to the umpires alone. Under each
// notice an umpire sees every answer with its author; a player sees his own and, while the view's house rules
// say `notice_answers` is on, a form to answer. The server decides who may answer: the page only follows the view.

import { h, setText, setTime, syncKeyed, errorLine, runForm } from '../dom.js';

// The view's answers by notice id, oldest first.
export function answersByNotice(view) {
  const out = new Map();
  for (const [key, a] of Object.entries((view && view.notice_answers) || {})) {
    const notice = String(a && a.notice);
    if (!out.has(notice)) out.set(notice, []);
    out.get(notice).push([key, a]);
  }
  for (const list of out.values()) list.sort(([ka, a], [kb, b]) => (a.at || 0) - (b.at || 0) || ka.localeCompare(kb));
  return out;
}

// May this viewer answer notices now? His role and the year's rule as the view has them.
function mayAnswer(view) {
  const settings = (view.year && view.year.settings) || {};
  const closed = !!(view.campaign && view.campaign.closed);
  return !closed && (view.me || {}).role === 'player' && settings.notice_answers === true;
}

// Its own class names: a notice's `.item-text` and `.author` stay the notice's alone (tests read them).
// The chronicle (web/common/pages/chronicle_parts.js) builds and fills its answers with these too.
export function answerItem() {
  return h('li', { class: 'notice-answer', testid: 'notice-answer' },
    h('div', { class: 'item-meta' }, h('span', { class: 'answer-author' }), ' · ', h('time')),
    h('div', { class: 'answer-text' }));
}

function answerForm(ctx, campaignId, noticeId) {
  const id = `notice-answer-text-${noticeId}`;
  const input = h('textarea', { id, rows: '2', maxlength: '2000', testid: 'notice-answer-text' });
  const send = h('button', { type: 'submit', class: 'secondary small', testid: 'notice-answer-send' }, 'Send to the umpire');
  const error = errorLine('notice-answer-error');
  const form = h('form', { class: 'stack notice-answer-form', novalidate: true },
    h('label', { for: id }, 'Your answer, for the umpires alone'), input, error.el,
    h('div', { class: 'form-actions' }, send));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = input.value;
    if (text.trim() === '') {
      error.show('Write your answer first.');
      return;
    }
    runForm({
      button: send,
      error,
      action: async () => {
        await ctx.conn.send('notice.answer', { campaign: Number(campaignId), notice: Number(noticeId), text });
        if (input.value === text) input.value = '';
      },
    });
  });
  // Folded: a board of notices stays a board until the player means to answer one.
  const box = h('details', { class: 'notice-answer-box' },
    h('summary', { testid: 'notice-answer-open' }, 'Answer'), form);
  return { el: box, hide: () => error.hide() };
}

// One answer as the viewer reads it: an umpire, "Answer from <name>"; its author, "Your answer".
export function fillAnswer(li, a, me) {
  const umpire = me.role === 'umpire';
  const mine = a.author_id === me.user;
  li.dataset.author = String(a.author_id);
  setText(li.querySelector('.answer-author'), mine && !umpire ? 'Your answer' : `Answer from ${a.author}`);
  setTime(li.querySelector('time'), a.at);
  setText(li.querySelector('.answer-text'), a.text);
}

// The part under one notice: its answers and, for a player allowed to, the form.
export function noticeAnswers(ctx, campaignId, noticeId) {
  const list = h('ol', { class: 'notice-answers' });
  const heading = h('p', { class: 'hint notice-answers-heading' }, 'Answers, seen by the umpires alone');
  let form = null;
  const el = h('div', { class: 'notice-answers-part' }, heading, list);
  return {
    el,
    update(view, answers) {
      const me = view.me || {};
      const umpire = me.role === 'umpire';
      heading.hidden = !umpire || answers.length === 0;
      list.hidden = answers.length === 0;
      syncKeyed(list, answers, answerItem, (li, a) => fillAnswer(li, a, me));
      const allowed = mayAnswer(view);
      if (allowed && !form) {
        form = answerForm(ctx, campaignId, noticeId);
        el.appendChild(form.el);
      }
      if (form) {
        form.el.hidden = !allowed;
        if (!allowed) form.hide();
      }
      el.hidden = answers.length === 0 && !allowed;
    },
  };
}
