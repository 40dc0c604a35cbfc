// The notices board: the umpire's public notices, newest first, each with its answers (notice_answers.js).

import { h, setText, setTime, syncKeyed, bySeq } from '../dom.js';
import { answersByNotice, noticeAnswers } from './notice_answers.js';

export function noticeItem(testid) {
  return h('li', { class: 'notice-item', testid },
    h('div', { class: 'item-meta' }, h('span', { class: 'author' }), ' · ', h('time')),
    h('div', { class: 'item-text' }));
}

export function fillItem(li, item) {
  setText(li.querySelector('.author'), item.author);
  setTime(li.querySelector('time'), item.at);
  setText(li.querySelector('.item-text'), item.text);
}

export function noticesPanel(ctx, campaignId) {
  const list = h('ol', { class: 'notice-list', testid: 'notice-list', reversed: true });
  const empty = h('p', { class: 'muted empty' }, 'No notices yet. The umpire posts them here.');
  const el = h('section', { class: 'card panel panel-notices', 'aria-labelledby': 'notices-heading' },
    h('h2', { id: 'notices-heading' }, 'Notices'),
    empty, list);
  const parts = new WeakMap(); // a notice's <li> -> its answers part

  return {
    el,
    update(view) {
      const items = bySeq(view.notices, true);
      empty.hidden = items.length > 0;
      const answers = answersByNotice(view);
      syncKeyed(list, items, (item, key) => {
        const li = noticeItem('notice-item');
        const part = noticeAnswers(ctx, campaignId, key);
        parts.set(li, part);
        li.appendChild(part.el);
        return li;
      }, (li, item, key) => {
        fillItem(li, item);
        li.dataset.notice = key;
        parts.get(li).update(view, answers.get(key) || []);
      });
    },
  };
}
