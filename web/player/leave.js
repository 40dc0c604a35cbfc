// The player's leave (docs/protocol.md, leave.declare and leave.cancel): months he will be away, declared ahead
// from the house rules' yearly allowance. On the Diary tab, under the diary. The page decides nothing of what
// is allowed: it sends, and shows the server's refusal.

import { h, setText, syncKeyed, errorLine, runForm } from '../common/dom.js';
import { MONTHS, myColonel, yearOf, isClosed } from '../year/format.js';

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

function monthsWords(n) {
  return `${WORDS[n] ?? n} month${n === 1 ? '' : 's'}`;
}

// Month `turn` as "Month 4 (June)": the month's name counted from the calendar's current month.
function monthText(cal, turn) {
  const m = Number(cal.month);
  if (!Number.isInteger(m) || !Number.isInteger(cal.turn)) return `Month ${turn}`;
  const i = (((m - 1 + turn - cal.turn) % 12) + 12) % 12;
  return `Month ${turn} (${MONTHS[i]})`;
}

export function leavePanel(ctx, campaignId) {
  const from = h('input', { id: 'leave-from', type: 'number', min: '1', step: '1', inputmode: 'numeric', testid: 'leave-from' });
  const months = h('select', { id: 'leave-months', testid: 'leave-months' },
    [1, 2, 3].map((n) => h('option', { value: String(n) }, monthsWords(n))));
  const fromHint = h('p', { class: 'hint', id: 'leave-from-hint' });
  from.setAttribute('aria-describedby', 'leave-from-hint');
  const declare = h('button', { type: 'submit', class: 'secondary', testid: 'leave-declare' }, 'Declare leave');
  const error = errorLine('leave-error');
  const allowance = h('p', { class: 'hint', testid: 'leave-allowance' });
  const list = h('ul', { class: 'leave-list', testid: 'leave-list', 'aria-label': 'Months of leave declared' });
  const none = h('p', { class: 'muted', testid: 'leave-none' }, 'No leave declared.');
  const form = h('form', { class: 'inline-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'leave-from' }, 'From month'), from),
    h('div', { class: 'field' }, h('label', { for: 'leave-months' }, 'For'), months),
    h('div', { class: 'form-actions' }, declare));
  const el = h('section', { class: 'card panel panel-leave', 'aria-labelledby': 'leave-heading', testid: 'leave-panel' },
    h('h2', { id: 'leave-heading' }, 'Leave'),
    h('p', { class: 'muted' }, 'Months you will be away: no diary is owed, your colonel does nothing of his own and the regiment goes untrained. The umpires are told.'),
    allowance, none, list, fromHint, form, error.el);
  let view = null;
  let dirty = false;
  from.addEventListener('input', () => { dirty = true; });

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    // Whatever is typed goes: the server says what is refused and why.
    const body = { campaign: Number(campaignId), from: Number(from.value), months: Number(months.value) };
    runForm({
      button: declare,
      error,
      action: async () => {
        await ctx.conn.send('leave.declare', body);
        dirty = false;
      },
    });
  });

  function item() {
    const cancel = h('button', { type: 'button', class: 'small ghost', testid: 'leave-cancel' }, 'Cancel');
    const li = h('li', { class: 'leave-item', testid: 'leave-item' }, h('span', { class: 'item-text' }), ' ', cancel);
    cancel.addEventListener('click', () => {
      runForm({ button: cancel, error, action: () => ctx.conn.send('leave.cancel', { campaign: Number(campaignId), turn: Number(li.dataset.turn) }) });
    });
    return li;
  }

  return {
    el,
    update(v) {
      view = v;
      const col = myColonel(view);
      el.hidden = !col || isClosed(view);
      if (el.hidden) return;
      const y = yearOf(view) || {};
      const cal = y.calendar || {};
      const per = (y.settings || {}).leave_months_per_year;
      setText(allowance, typeof per === 'number'
        ? `The house rules allow ${monthsWords(per)} of leave in each campaign year.`
        : '');
      setText(fromHint, cal.label ? `This month is month ${cal.turn}, ${cal.label}.` : '');
      if (!dirty && Number.isInteger(cal.turn)) from.value = String(cal.turn + 1);
      const turns = [...(col.leave || [])].map(Number).sort((a, b) => a - b);
      none.hidden = turns.length > 0;
      syncKeyed(list, turns.map((t) => [t, t]), item, (li, t) => {
        li.dataset.turn = String(t);
        setText(li.querySelector('.item-text'), monthText(cal, t));
        // A month already resolved is history, not a request: no Cancel on it.
        li.querySelector('button').hidden = t < cal.turn;
      });
    },
  };
}
