// The umpire's turn controls during play: what each player submitted (before the reveal only umpires see it),
// closing the turn, stepping through the resolution with the next step named before it applies (the book's
// words), the book's overrides, and ending the battle.

import { h, setText, errorLine, runForm } from '../common/dom.js';
import { memberName } from '../common/battle/names.js';
import { sendAtMoment } from '../common/battle/moment.js';

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const faces = (text) => text.split(/[\s,]+/).filter(Boolean).map(Number);

function controls() {
  const c = {
    turnInfo: h('p', { class: 'turn-info', testid: 'battle-turn-info' }),
    cards: h('ul', { class: 'umpire-cards', testid: 'battle-umpire-cards' }),
    cardsHeading: h('h3', {}, 'Cards this turn (only you see them before the reveal)'),
    closeTurn: h('button', { type: 'button', class: 'primary', testid: 'battle-close-turn' }, 'Close the turn and reveal'),
    nextStep: h('p', { class: 'next-step', testid: 'battle-next-step' }),
    stepDice: h('input', { type: 'text', id: 'battle-step-dice', testid: 'battle-step-dice', placeholder: 'e.g. 6, 2 (optional)', inputmode: 'numeric' }),
    step: h('button', { type: 'button', class: 'primary', testid: 'battle-step', dataset: { control: 'battle-step' } }, 'Apply this step'),
    error: errorLine('battle-play-error'),
    endButton: h('button', { type: 'button', class: 'danger-ghost', testid: 'battle-end' }, 'End the battle…'),
    endConfirm: h('button', { type: 'button', class: 'danger', testid: 'battle-end-confirm' }, 'End it: reckon the losses'),
    endCancel: h('button', { type: 'button', class: 'ghost', testid: 'battle-end-cancel' }, 'Cancel'),
    endError: errorLine('battle-end-error'),
    overridesSlot: h('div', {}),
  };
  c.stepBox = h('div', { class: 'step-box', hidden: true }, c.nextStep,
    h('div', { class: 'inline-form' }, field('battle-step-dice', 'Your dice for this step', c.stepDice), h('div', { class: 'form-actions' }, c.step)));
  c.endBox = h('div', { class: 'confirm-box', hidden: true },
    h('p', {}, 'Each unit\'s losses are rolled and applied to the campaign\'s regiments; the Records chart is shown to all. This cannot be undone.'),
    h('div', { class: 'form-actions' }, c.endConfirm, c.endCancel));
  c.endRow = h('div', { class: 'end-row' }, c.endButton, c.endBox, c.endError.el);
  c.overrideBox = h('details', { class: 'override-box', testid: 'battle-override' }, h('summary', {}, 'Overrides'), c.overridesSlot);
  return c;
}

function listen(c, send, current) {
  const B = () => ({ battle: current().id });
  // The turn (and the step) this console shows: another umpire's click, or the timer, first makes this one stale.
  c.closeTurn.addEventListener('click', () => runForm({ button: c.closeTurn, error: c.error, action: () => sendAtMoment(send, 'battle.close_turn', current(), {}) }));
  c.step.addEventListener('click', () => {
    const body = {};
    const d = faces(c.stepDice.value);
    if (d.length) body.dice = d;
    runForm({ button: c.step, error: c.error, action: async () => { await sendAtMoment(send, 'battle.step', current(), body, { step: true }); c.stepDice.value = ''; } });
  });
  c.endButton.addEventListener('click', () => { c.endBox.hidden = false; c.endButton.hidden = true; });
  c.endCancel.addEventListener('click', () => { c.endBox.hidden = true; c.endButton.hidden = false; });
  c.endConfirm.addEventListener('click', () => runForm({ button: c.endConfirm, error: c.endError, action: async () => {
    await send('battle.end', B());
    c.endBox.hidden = true;
    // The view push that ends the battle may come before this reply: never offer the end again once ended.
    c.endButton.hidden = current().status === 'ended';
  } }));
}

// The players' submissions to the book's box (Over the Hill: the cards), described in the book's words; `users`:
// whose submissions are awaited (the book's turnWords may name them; else every player).
function submissions(view, b, book, users) {
  const box = (book && book.box && b.boxes && b.boxes[book.box]) || { items: [] };
  const items = box.items || [];
  const describe = (item) => (book && book.describeItem ? book.describeItem(b, item) : JSON.stringify(item));
  return {
    played: new Set(items.map((i) => i.user)),
    list: (users || b.players || []).map((u) => {
      const it = items.find((i) => i.user === u);
      return h('li', { testid: 'battle-umpire-card', dataset: { user: String(u), card: it ? (it.item && it.item.card) || '' : '' } },
        h('strong', {}, memberName(view, u)), ': ', it ? describe(it.item) : h('span', { class: 'muted' }, 'not yet'));
    }),
  };
}

// send(type, body) adds the campaign; settingsHome: the settings' place in this panel.
export function playPanel(send, settingsHome) {
  const c = controls();
  let battle = null;
  listen(c, send, () => battle);
  const overrides = new Map(); // book id -> the book's overrides form
  let form = null;
  const el = h('section', { class: 'card panel panel-battle-play', testid: 'battle-umpire-play', 'aria-labelledby': 'play-heading' },
    h('h2', { id: 'play-heading' }, 'Umpire: the turn'),
    c.turnInfo, c.cardsHeading, c.cards,
    h('div', { class: 'form-actions' }, c.closeTurn), c.stepBox, c.error.el,
    c.overrideBox, settingsHome,
    c.endRow);

  function useBook(book) {
    const make = book && book.umpire && book.umpire.overridesForm;
    if (make && !overrides.has(book.id)) overrides.set(book.id, make(send));
    const next = make ? overrides.get(book.id) : null;
    if (next !== form) { form = next; c.overridesSlot.replaceChildren(...(form ? [form.el] : [])); }
  }

  return {
    el,
    update(view, b, book) {
      battle = b;
      useBook(book);
      const ended = b.status === 'ended';
      // The book's words for the turn (book.umpire.turnWords(view, b) -> {info, heading, close, users}), if any.
      const turn = (book && book.umpire && book.umpire.turnWords && book.umpire.turnWords(view, b)) || {};
      const sub = submissions(view, b, book, turn.users);
      c.cards.hidden = ended;
      c.cardsHeading.hidden = ended;
      setText(c.cardsHeading, turn.heading || 'Cards this turn (only you see them before the reveal)');
      setText(c.closeTurn, turn.close || 'Close the turn and reveal');
      const info = turn.info || `Turn ${b.turn}: ${b.status === 'cards' ? `${sub.played.size} of ${(b.players || []).length} cards played` : 'cards revealed'}.`;
      setText(c.turnInfo, ended ? 'The battle has ended.' : `${info}${b.deadline ? ' The turn timer is running.' : ''}`);
      c.cards.replaceChildren(...sub.list);
      c.closeTurn.hidden = b.status !== 'cards';
      c.stepBox.hidden = b.status !== 'resolving';
      const words = (book && book.steps && book.steps[b.next_step]) || b.next_step;
      setText(c.nextStep, b.next_step ? `Next: ${words}. Nothing has applied yet; override first if you must.` : '');
      c.nextStep.dataset.step = b.next_step || '';
      c.overrideBox.hidden = ended || !form;
      // Nothing to end once the battle has ended (here or by another umpire): the confirmation goes too.
      if (ended) c.endBox.hidden = true;
      c.endButton.hidden = ended || !c.endBox.hidden;
      c.endRow.hidden = ended;
      if (form) form.update(view, b);
    },
    // The map's selection and drags during play fill in a move override.
    select(kind, id) { if (form) { c.overrideBox.open = true; form.select(kind, id); } },
    moveTo(kind, id, position) { if (form) { c.overrideBox.open = true; form.moveTo(kind, id, position); } },
  };
}
