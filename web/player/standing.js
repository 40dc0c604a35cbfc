// The player's standing orders (docs/protocol.md, diary.standing): the diary form's activity and orders kept
// for any month he submits nothing, before the campaign's default diary. Part of the Diary tab: the button sits
// beside Submit, the current orders and Clear under the form.

import { h, setText, errorLine, runForm } from '../common/dom.js';
import { IMPROVEMENTS, isClosed } from '../year/format.js';
import { activityText } from '../year/report.js';

// "Politics" or "Supervising the regiment (extra drill); extra drill ordered, 10 companies maintained": short,
// from the view's fields only.
export function standingText(s) {
  if (!s) return '';
  const parts = [activityText(s)];
  const o = s.orders;
  if (o) {
    const imps = IMPROVEMENTS.filter((i) => o[i.key]).map((i) => i.label.toLowerCase());
    parts.push(`${imps.length ? `${imps.join(', ')} ordered` : 'no improvements'}, ${o.maintained} companies maintained`);
  }
  return parts.join('; ');
}

// `bodyOf()` is the diary form's body (what diary.submit would get); `problemOf()` the form's own refusal or null.
export function standingOrders(ctx, campaignId, { bodyOf, problemOf }) {
  const save = h('button', { type: 'button', class: 'secondary', testid: 'standing-save' }, 'Save as standing orders');
  const current = h('span', { testid: 'standing-current' });
  const clear = h('button', { type: 'button', class: 'small ghost', testid: 'standing-clear' }, 'Clear');
  const hint = h('p', { class: 'hint standing-hint' });
  const error = errorLine('standing-error');
  const el = h('div', { class: 'standing-box' }, h('p', { class: 'standing-line' }, current, ' ', clear), hint, error.el);
  let away = false;

  save.addEventListener('click', () => {
    const why = problemOf();
    if (why) {
      error.show(why);
      return;
    }
    // The body diary.submit would get: the server keeps no text in standing orders.
    runForm({ button: save, error, action: () => ctx.conn.send('diary.standing', bodyOf()) });
  });
  clear.addEventListener('click', () => {
    runForm({ button: clear, error, action: () => ctx.conn.send('diary.standing', { campaign: Number(campaignId), clear: true }) });
  });

  return {
    button: save,
    el,
    update(view, col) {
      const s = (col && col.standing_orders) || null;
      away = !!(col && col.away);
      el.hidden = !col || isClosed(view);
      save.hidden = !col || isClosed(view);
      setText(current, s ? `Standing orders: ${standingText(s)}` : 'No standing orders.');
      current.dataset.set = s ? 'true' : 'false';
      clear.hidden = !s;
      // Away, the form has no activity to keep: the server wants one for standing orders.
      setText(hint, away
        ? 'Your activity is set for you this month: save standing orders in a month at home.'
        : 'Standing orders are used in any month you miss, instead of the default diary: saving keeps the activity and orders above, not the text.');
    },
    // The form's refusal (the cost, a missing choice) holds them back as it holds back Submit.
    check(why) {
      save.disabled = !!why || away;
    },
  };
}
