// The campaign's regiments by seniority (the lower the number, the more senior: over-the-hills.txt,
// "Getting your Regiment"), and the colonels still without one. Public to every member.

import { h, setText, syncKeyed } from '../common/dom.js';
import { ordinal, AWAY, colonelsSorted, colonelTitle } from './format.js';

// Its name and when it shows are in index.js, which loads this file when the tab is first opened.
export const regimentsTab = {
  create() {
    const list = h('ol', { class: 'regiment-list', testid: 'regiment-list' });
    const empty = h('p', { class: 'muted empty' }, 'No regiment has a colonel yet: they are won at the auction.');
    const waiting = h('ul', { class: 'waiting-list', testid: 'colonel-waiting-list' });
    const noWaiting = h('p', { class: 'muted empty' }, 'None.');
    const el = h('div', { class: 'year-grid' },
      h('div', { class: 'col-main' },
        h('section', { class: 'card panel panel-regiments', 'aria-labelledby': 'regiments-heading' },
          h('h2', { id: 'regiments-heading' }, 'Regiments by seniority'),
          h('p', { class: 'muted' }, 'The lower the number, the more senior: the colonel of the most senior regiment on an expedition usually commands it.'),
          empty, list)),
      h('div', { class: 'col-side' },
        h('section', { class: 'card panel', 'aria-labelledby': 'waiting-heading' },
          h('h2', { id: 'waiting-heading' }, 'Colonels without a regiment'), noWaiting, waiting)));
    return {
      el,
      update(view) {
        const me = view.me || {};
        const y = view.year || {};
        const regs = (y.regiments || []).map((r) => [r.number, r]);
        empty.hidden = regs.length > 0;
        syncKeyed(list, regs,
          () => h('li', { class: 'regiment-item', testid: 'regiment-item' },
            h('span', { class: 'regiment-badge' }),
            h('span', { class: 'regiment-text' }, h('span', { class: 'regiment-name' }), h('span', { class: 'regiment-colonel muted' })),
            h('span', { class: 'badge badge-away', hidden: true })),
          (li, r) => {
            li.dataset.number = String(r.number);
            li.dataset.colonel = String(r.colonel);
            setText(li.querySelector('.regiment-badge'), ordinal(r.number));
            setText(li.querySelector('.regiment-name'), r.name);
            setText(li.querySelector('.regiment-colonel'), `${colonelTitle(r.colonel_name)}${r.colonel === me.user ? ' (you)' : ''}`);
            const col = (y.colonels || {})[String(r.colonel)];
            const away = li.querySelector('.badge-away');
            away.hidden = !(col && col.away);
            setText(away, col && col.away ? AWAY[col.away] || col.away : '');
            li.classList.toggle('mine', r.colonel === me.user);
          });
        const w = colonelsSorted(view).filter(([, c]) => !c.regiment);
        noWaiting.hidden = w.length > 0;
        syncKeyed(waiting, w,
          () => h('li', { class: 'waiting-item', testid: 'colonel-waiting-item' }, h('span', { class: 'member-name' }), h('span', { class: 'muted' })),
          (li, c) => {
            setText(li.querySelector('.member-name'), c.name);
            setText(li.querySelector('.muted'), ` ${c.player}${c.user === me.user ? ' (you)' : ''}`);
          });
      },
    };
  },
};
