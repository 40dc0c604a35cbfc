// Dice: a form to roll (notation like "2d6", "d10", "dAv", and an optional reason) and the recent rolls
// with their faces and total. Used twice: open rolls on the table (`rolls`), and the umpire's blind rolls
// (`blind_rolls`), which only umpires' views contain.

import { h, setText, setTime, syncKeyed, bySeq, errorLine, runForm } from '../dom.js';

export function rollItem(testid) {
  return h('li', { class: 'roll-item', testid },
    h('div', { class: 'roll-line' },
      h('span', { class: 'roll-total', title: 'total' }),
      h('span', { class: 'roll-body' },
        h('span', { class: 'roll-head' }, h('span', { class: 'author' }), ' rolled ', h('span', { class: 'roll-dice mono' })),
        h('span', { class: 'roll-faces', 'aria-label': 'faces' }))),
    h('div', { class: 'item-meta' }, h('span', { class: 'roll-reason' }), h('time')));
}

export function fillRoll(li, r) {
  setText(li.querySelector('.author'), r.author);
  setText(li.querySelector('.roll-dice'), r.dice);
  setText(li.querySelector('.roll-total'), r.total);
  const faces = li.querySelector('.roll-faces');
  const key = JSON.stringify(r.faces || []);
  if (faces.dataset.faces !== key) {
    faces.dataset.faces = key;
    faces.replaceChildren(...(r.faces || []).map((f) => h('span', { class: 'die' }, String(f))));
  }
  setText(li.querySelector('.roll-reason'), r.reason ? `“${r.reason}” · ` : '');
  setTime(li.querySelector('time'), r.at);
  li.classList.toggle('private', !!r.private);
}

// options: {blind: bool, prefix: testid prefix ("" or "blind-"), title, emptyText}
export function dicePanel(ctx, campaignId, { blind = false, prefix = '', title = 'Dice', emptyText = 'No rolls yet.' } = {}) {
  const id = (name) => `${prefix}${name}`;
  const diceInput = h('input', {
    id: id('dice-input'), type: 'text', value: '2d6', autocomplete: 'off', autocapitalize: 'none',
    spellcheck: 'false', class: 'mono', maxlength: '40', testid: id('dice-input'),
  });
  const reasonInput = h('input', {
    id: id('dice-reason'), type: 'text', maxlength: '200', autocomplete: 'off', placeholder: 'optional',
    testid: id('dice-reason'),
  });
  const rollButton = h('button', { type: 'submit', class: blind ? 'secondary' : 'primary', testid: id('dice-roll') }, blind ? 'Roll blind' : 'Roll');
  const error = errorLine(id('dice-error'));
  const form = h('form', { class: 'dice-form', novalidate: true },
    h('div', { class: 'field field-dice' }, h('label', { for: id('dice-input') }, 'Dice'), diceInput),
    h('div', { class: 'field field-reason' }, h('label', { for: id('dice-reason') }, 'Reason'), reasonInput),
    h('div', { class: 'form-actions' }, rollButton));
  const note = h('p', { class: 'muted form-note', hidden: true });
  const list = h('ol', { class: 'roll-list', testid: id('roll-list') });
  const empty = h('p', { class: 'muted empty' }, emptyText);

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const body = { campaign: Number(campaignId), dice: diceInput.value.trim() };
    const reason = reasonInput.value.trim();
    if (reason) body.reason = reason;
    if (blind) body.private = true;
    runForm({
      button: rollButton,
      error,
      action: async () => {
        await ctx.conn.send('dice.roll', body);
        reasonInput.value = '';
      },
    });
  });

  const el = h('section', { class: `card panel panel-dice${blind ? ' panel-blind' : ''}`, 'aria-label': title },
    h('h2', {}, title),
    blind ? h('p', { class: 'secret-note' }, 'Only umpires see these rolls.') : null,
    form, error.el, note, empty, list);

  return {
    el,
    update(view) {
      const me = view.me || {};
      const closed = !!(view.campaign && view.campaign.closed);
      const observer = me.role === 'observer';
      form.hidden = closed || observer;
      if (closed) error.hide();
      note.hidden = !(closed || observer);
      setText(note, closed ? 'The campaign is closed; no more rolls.' : 'Observers watch the dice; they do not roll.');
      const items = bySeq(blind ? view.blind_rolls : view.rolls, true);
      empty.hidden = items.length > 0;
      syncKeyed(list, items, () => rollItem(id('roll-item')), fillRoll);
    },
  };
}
