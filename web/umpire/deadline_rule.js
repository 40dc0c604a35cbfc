// A repeating deadline (docs/protocol.md, month.deadline_rule): "every Sunday at 20:00" in the umpire's own time
// zone; the server sets each new month's deadline from it, across changes of the clocks.
import { h, setText, errorLine, runForm } from '../common/dom.js';
import { myTimeZone } from '../year/format.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function deadlineRuleBox(ctx, campaignId) {
  const weekday = h('select', { id: 'rule-weekday', testid: 'rule-weekday' }, DAYS.map((d, i) => h('option', { value: String(i) }, d)));
  const time = h('input', { id: 'rule-time', type: 'time', value: '20:00', testid: 'rule-time' });
  const set = h('button', { type: 'submit', class: 'secondary', testid: 'rule-set' }, 'Repeat every week');
  const clear = h('button', { type: 'button', class: 'ghost', testid: 'rule-clear', hidden: true }, 'Stop repeating');
  const current = h('p', { class: 'hint', testid: 'rule-current' });
  const error = errorLine('rule-error');
  const form = h('form', { class: 'inline-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'rule-weekday' }, 'Every'), weekday),
    h('div', { class: 'field' }, h('label', { for: 'rule-time' }, `at (your time zone: ${myTimeZone()})`), time),
    h('div', { class: 'form-actions' }, set, clear));
  const el = h('div', { class: 'rule-box' }, h('h3', {}, 'Repeating deadline'), current, form, error.el);
  const send = (body, button) => runForm({
    button, error, action: () => ctx.conn.send('month.deadline_rule', { campaign: Number(campaignId), ...body }),
  });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    send({ weekday: Number(weekday.value), time: time.value, time_zone: myTimeZone() }, set);
  });
  clear.addEventListener('click', () => send({ clear: true }, clear));
  return {
    el,
    update(cal, closed) {
      el.hidden = closed;
      const r = cal.rule || null;
      clear.hidden = !r;
      setText(current, r
        ? `Each new month's deadline: every ${DAYS[r.weekday]} at ${r.time} (${r.time_zone}), at least a day after the month opens.`
        : 'None: you set each month\u2019s deadline.');
    },
  };
}
