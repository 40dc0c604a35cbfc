// The battle books' pages of the campaign (docs/protocol.md, "Scenarios and strings of battles": each book may add
// a page to every member's view under `battle_books.<book id>`): one tab for each book with a `page` in
// web/rulesets/index.js (BOOKS), shown once the viewer's view holds that book's page. What the page holds is the
// book's (its `campaignPage`, loaded with the book when the tab is first opened); this file only mounts it.

import { BOOKS, loadBook } from '../rulesets/index.js';

const pageOf = (view, id) => {
  const books = view && view.battle_books;
  return books && typeof books === 'object' && Object.prototype.hasOwnProperty.call(books, id) ? books[id] : null;
};

export const bookPageTabs = BOOKS.filter((book) => book.page).map((book) => ({
  id: book.page.id,
  label: book.page.label,
  visible: (view) => !!pageOf(view, book.id),
  load: () => loadBook(book.id).then((loaded) => (ctx, campaignId) => {
    const page = loaded.campaignPage.create(ctx, campaignId);
    return {
      el: page.el,
      update(view) {
        const p = pageOf(view, book.id);
        if (p) page.update(p, view);
      },
      destroy() { if (page.destroy) page.destroy(); },
    };
  }),
}));
