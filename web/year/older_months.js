// The live view holds the current month and the three before it (docs/protocol.md, "The year's view",
// `months_from`); older diaries, reports and gazette entries are in the chronicle, fetched when it is opened.

import { h, setText } from '../common/dom.js';
import { chronicleHash } from '../common/router.js';

// A line with a link to the chronicle, shown once months have been left out; update(view) keeps it current.
export function olderMonthsNote(what) {
  const link = h('a', { href: '#', testid: 'older-months-link' }, 'the chronicle');
  const words = h('span');
  const el = h('p', { class: 'muted older-months', testid: 'older-months', hidden: true }, words, link, '.');
  return {
    el,
    update(view) {
      const from = view.year && view.year.months_from;
      el.hidden = !from;
      if (!from) return;
      link.setAttribute('href', chronicleHash(view.campaign.id));
      setText(words, `${what} of the months before month ${from} are in `);
    },
  };
}
