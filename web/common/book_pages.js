// The battle books' pages of the campaign (docs/protocol.md, "Scenarios and strings of battles": each book may add
// a page to every member's view under `battle_books.<book id>`): one tab for each book that has a `campaignPage`
// (web/rulesets/index.js), shown once the viewer's view holds that book's page. What the page holds is the book's;
// this file only mounts it.

import { RULESETS } from '../rulesets/index.js';

const pageOf = (view, id) => {
  const books = view && view.battle_books;
  return books && typeof books === 'object' && Object.prototype.hasOwnProperty.call(books, id) ? books[id] : null;
};

export const bookPageTabs = Object.values(RULESETS).filter((book) => book.campaignPage).map((book) => ({
  id: book.campaignPage.id || book.id,
  label: book.campaignPage.label || book.name,
  visible: (view) => !!pageOf(view, book.id),
  create(ctx, campaignId) {
    const page = book.campaignPage.create(ctx, campaignId);
    return {
      el: page.el,
      update(view) {
        const p = pageOf(view, book.id);
        if (p) page.update(p, view);
      },
      destroy() { if (page.destroy) page.destroy(); },
    };
  },
}));
