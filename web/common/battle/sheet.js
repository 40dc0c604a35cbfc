// The player's turn on a phone: the book's panel (his cards, bids, orders, actions) in a sheet over the lower part
// of the map, so what a piece may do is beside the piece. A tap on one of his pieces opens it (the book narrows its
// panel to that piece where it can: `focus`); while the book asks for a point on the map the sheet folds down to
// its bar, which says what to tap, and opens again once the point is picked. On a wider screen (style.css) the sheet
// is not a sheet: the panel sits in the column beside the map as before and the bar is not shown.

import { h, setText } from '../dom.js';

const TITLE = 'Your turn';

// content: the book's panel slot; changed(open): the sheet opened or closed. Returns {el, active(on), open(title?),
// fold(words), close(), isOpen(), isActive(), justChosen()}.
export function orderSheet(content, changed = () => {}) {
  const title = h('span', { class: 'order-sheet-title', testid: 'battle-sheet-title', id: 'battle-sheet-title' }, TITLE);
  const toggle = h('button', { type: 'button', class: 'small secondary order-sheet-toggle', testid: 'battle-sheet-toggle', 'aria-expanded': 'false', 'aria-controls': 'battle-sheet-body' }, 'Open');
  // Focusable: it scrolls, and a keyboard must be able to scroll it even when it holds no control.
  const body = h('div', { class: 'order-sheet-body', id: 'battle-sheet-body', tabindex: '0' }, content);
  const el = h('section', { class: 'battle-sheet', testid: 'battle-sheet', 'aria-labelledby': 'battle-sheet-title', dataset: { open: 'false', part: 'map' } },
    h('div', { class: 'order-sheet-head' }, title, toggle), body);

  function show(open, words) {
    if (el.dataset.open !== (open ? 'true' : 'false')) changed(open);
    el.dataset.open = open ? 'true' : 'false';
    toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
    setText(toggle, open ? 'Close' : 'Open');
    if (words !== undefined) setText(title, words || TITLE);
  }
  toggle.addEventListener('click', () => show(el.dataset.open !== 'true', TITLE));
  // When the player last chose something in the sheet: a point asked for just after is his doing, and the sheet
  // folds for it; one asked for by a push (the view moved on) leaves the sheet as he has it.
  let touched = -Infinity;
  for (const type of ['click', 'change', 'input']) body.addEventListener(type, () => { touched = performance.now(); }, true);

  return {
    el,
    // Whether the viewer has a turn to take here (a player with pieces in a battle being fought).
    active(on) {
      el.classList.toggle('is-active', !!on);
      if (!on) show(false, TITLE);
    },
    open(words) { show(true, words || TITLE); },
    // Folded to its bar while a point is picked on the map: the bar says what to tap.
    fold(words) { show(false, words); },
    close() { show(false, TITLE); },
    isOpen: () => el.dataset.open === 'true',
    isActive: () => el.classList.contains('is-active'),
    justChosen: () => performance.now() - touched < 1500,
  };
}
