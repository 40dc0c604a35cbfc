// The gazette: the War Office's announcements of expeditions (briefed, sailed, reckoned; a colonel fallen), then
// the diaries their writers published, newest first. Public to every member.

import { h, setText, setTime, syncKeyed, bySeq } from '../common/dom.js';
import { olderMonthsNote } from './older_months.js';

// Its name and when it shows are in index.js, which loads this file when the tab is first opened.
export const gazetteTab = {
  create() {
    const list = h('ol', { class: 'gazette-list', testid: 'gazette-list' });
    const empty = h('p', { class: 'muted empty' }, 'Nothing published yet. A colonel may publish his diary here when he writes it.');
    const news = h('ol', { class: 'gazette-list', testid: 'gazette-news' });
    const newsHead = h('h3', {}, 'From the War Office');
    const older = olderMonthsNote('The diaries published');
    const el = h('section', { class: 'card panel panel-gazette', 'aria-labelledby': 'gazette-heading' },
      h('h2', { id: 'gazette-heading' }, 'The Gazette'),
      newsHead, news,
      h('p', { class: 'muted' }, 'Diaries their writers chose to publish.'),
      empty, list, older.el);
    return {
      el,
      update(view) {
        const me = view.me || {};
        older.update(view);
        // The server's announcements in the order made; newest first here.
        const announced = [...(((view.expeditions || {}).gazette) || [])].reverse();
        newsHead.hidden = news.hidden = announced.length === 0;
        news.replaceChildren(...announced.map((g) => h('li', { class: 'gazette-item', testid: 'gazette-news-item', dataset: { expedition: String(g.expedition) } },
          h('div', { class: 'item-text' }, g.text))));
        const items = bySeq((view.year || {}).gazette, true);
        empty.hidden = items.length > 0;
        syncKeyed(list, items,
          () => h('li', { class: 'gazette-item', testid: 'gazette-item' },
            h('div', { class: 'gazette-head' }, h('span', { class: 'gazette-month' }), h('span', { class: 'author' })),
            h('div', { class: 'item-text' }),
            h('div', { class: 'item-meta' }, 'published ', h('time'))),
          (li, g) => {
            li.dataset.colonel = String(g.colonel);
            li.dataset.turn = String(g.turn);
            setText(li.querySelector('.gazette-month'), g.label || '');
            setText(li.querySelector('.author'), g.colonel === me.user ? `${g.colonel_name} (you)` : g.colonel_name);
            setText(li.querySelector('.item-text'), g.text);
            setTime(li.querySelector('time'), g.at);
          });
      },
    };
  },
};
