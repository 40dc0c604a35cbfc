// The umpire's "Hand a colonel over" (docs/protocol.md, colonel.handover), on the Year tab beside the month: a
// colonel whose player has gone quiet goes to a player of the campaign who has none. The server says what
// stands in the way (a battle, an expedition, a bid).

import { h, setText, errorLine, runForm } from '../common/dom.js';
import { yearOf, isClosed, colonelsSorted } from '../year/format.js';

// Refills a select with [value, text] options when they change, keeping the choice where it is still offered.
function refill(select, options) {
  const key = JSON.stringify(options);
  if (select.dataset.key === key) return;
  select.dataset.key = key;
  const keep = select.value;
  select.replaceChildren(...options.map(([value, text]) => h('option', { value }, text)));
  if (options.some(([value]) => value === keep)) select.value = keep;
}

export function handoverPanel(ctx, campaignId) {
  const colonel = h('select', { id: 'handover-colonel', testid: 'handover-colonel' });
  const to = h('select', { id: 'handover-to', testid: 'handover-to' });
  const go = h('button', { type: 'submit', class: 'secondary', testid: 'handover-go' }, 'Hand over');
  const error = errorLine('handover-error');
  const done = h('p', { class: 'hint', testid: 'handover-done', role: 'status' });
  const none = h('p', { class: 'muted', testid: 'handover-none' });
  const form = h('form', { class: 'tool-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'handover-colonel' }, 'Colonel'), colonel),
    h('div', { class: 'field' }, h('label', { for: 'handover-to' }, 'To the player'), to),
    h('p', { class: 'hint' }, 'His old player will see nothing more of the colonel: his sheet, diaries and reports go to the new one. Everyone is told.'),
    h('div', { class: 'form-actions' }, go));
  const el = h('section', { class: 'card panel panel-handover', 'aria-labelledby': 'handover-heading' },
    h('h2', { id: 'handover-heading' }, 'Hand a colonel over'), none, form, error.el, done);
  let view = null;

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const cols = (yearOf(view) || {}).colonels || {};
    const name = (cols[colonel.value] || {}).name || 'The colonel';
    const player = to.selectedOptions[0] ? to.selectedOptions[0].textContent : '';
    const body = { campaign: Number(campaignId), colonel: Number(colonel.value), to: Number(to.value) };
    setText(done, '');
    runForm({
      button: go,
      error,
      action: async () => {
        await ctx.conn.send('colonel.handover', body);
        setText(done, `${name} is now ${player}'s.`);
      },
    });
  });

  return {
    el,
    update(v) {
      view = v;
      const y = yearOf(v);
      el.hidden = !y || isClosed(v);
      if (el.hidden) return;
      const cols = colonelsSorted(v);
      const missed = (c) => (c.missed_in_a_row ? `, missed ${c.missed_in_a_row} in a row` : '');
      refill(colonel, cols.map(([k, c]) => [k, `${c.name} (${c.player}${missed(c)})`]));
      // Players of the campaign with no colonel of their own.
      const free = Object.values(v.members || {})
        .filter((m) => m.role === 'player' && !(y.colonels || {})[String(m.user)])
        .sort((a, b) => String(a.name).localeCompare(String(b.name)))
        .map((m) => [String(m.user), m.name]);
      refill(to, free);
      const ready = cols.length > 0 && free.length > 0;
      form.hidden = !ready;
      none.hidden = ready;
      setText(none, cols.length === 0 ? 'No colonels yet.' : 'Every player has a colonel: none to hand one to.');
    },
  };
}
