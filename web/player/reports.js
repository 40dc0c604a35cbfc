// The player's "Reports" tab: a month report for each resolved month, newest first (every roll with its die,
// every change to money, PIP and the regiment, what was cut, the umpire's notes), the diary written that month
// (publishable to the gazette afterwards), and the umpire's changes to the colonel with their reasons.

import { h, setText, setTime, syncKeyed, errorLine, runForm } from '../common/dom.js';
import { reportBody } from '../year/report.js';
import { olderMonthsNote } from '../year/older_months.js';
import { pounds, ADJUST_FIELDS, myColonel, isClosed } from '../year/format.js';

function reportItem(ctx, campaignId) {
  const heading = h('h3', { class: 'report-heading' });
  const body = h('div', { class: 'report-slot' });
  const diaryText = h('p', { class: 'item-text diary-text' });
  const published = h('span', { class: 'badge badge-ok', hidden: true }, 'in the gazette');
  const publish = h('button', { type: 'button', class: 'small secondary', testid: 'report-publish' }, 'Publish to the gazette');
  const error = errorLine('report-publish-error');
  const diaryBox = h('div', { class: 'report-diary', testid: 'report-diary' },
    h('h4', {}, 'Your diary ', published), diaryText, h('div', { class: 'form-actions' }, publish), error.el);
  const li = h('li', { class: 'card report-item', testid: 'report-item' }, heading, body, diaryBox);
  publish.addEventListener('click', () => {
    runForm({
      button: publish,
      error,
      action: () => ctx.conn.send('diary.publish', { campaign: Number(campaignId), turn: Number(li.dataset.turn) }),
    });
  });
  return li;
}

// Its name and when it shows are in index.js, which loads this file when the tab is first opened.
export const reportsTab = {
  create(ctx, campaignId) {
    const list = h('ol', { class: 'report-list', testid: 'report-list' });
    const empty = h('p', { class: 'muted empty' }, 'No month has been resolved yet. Your report comes when the umpire resolves the month.');
    const adjustments = h('ul', { class: 'adjustment-list', testid: 'adjustment-list' });
    const older = olderMonthsNote('Your reports and diaries');
    const noAdjustments = h('p', { class: 'muted empty' }, 'The umpire has changed nothing by hand.');
    const el = h('div', { class: 'year-grid' },
      h('div', { class: 'col-main' },
        h('section', { class: 'panel panel-reports', 'aria-labelledby': 'reports-heading' },
          h('h2', { id: 'reports-heading', class: 'section-title' }, 'Month reports'),
          h('p', { class: 'secret-note' }, 'Only you and the umpires read these.'),
          empty, list, older.el)),
      h('div', { class: 'col-side' },
        h('section', { class: 'card panel', 'aria-labelledby': 'adjust-heading' },
          h('h2', { id: 'adjust-heading' }, "The umpire's changes"),
          noAdjustments, adjustments)));

    return {
      el,
      update(view) {
        const col = myColonel(view);
        older.update(view);
        const reports = Object.entries((col && col.reports) || {})
          .map(([t, r]) => [Number(t), r]).sort((a, b) => b[0] - a[0]);
        empty.hidden = reports.length > 0;
        const closed = isClosed(view);
        syncKeyed(list, reports.map(([t, r]) => [t, r]), () => reportItem(ctx, campaignId), (li, r, key) => {
          li.dataset.turn = key;
          const diary = ((col && col.diaries) || {})[key] || null;
          const sig = JSON.stringify([r, diary && [diary.text, diary.publish], closed]);
          if (li.dataset.sig === sig) return;
          li.dataset.sig = sig;
          setText(li.querySelector('.report-heading'), r.label || `Month ${key}`);
          li.querySelector('.report-slot').replaceChildren(reportBody(r));
          const box = li.querySelector('.report-diary');
          const hasText = !!(diary && diary.text);
          box.hidden = !hasText;
          setText(box.querySelector('.diary-text'), hasText ? diary.text : '');
          box.querySelector('.badge').hidden = !(diary && diary.publish);
          box.querySelector('[data-testid="report-publish"]').hidden = !hasText || !!(diary && diary.publish) || closed;
        });

        const adj = ((col && col.adjustments) || []).slice().reverse().map((a) => [a.id, a]);
        noAdjustments.hidden = adj.length > 0;
        syncKeyed(adjustments, adj,
          () => h('li', { class: 'adjustment-item', testid: 'adjustment-item' },
            h('div', { class: 'adj-change' }), h('div', { class: 'item-text adj-reason' }), h('div', { class: 'item-meta' }, h('time'))),
          (li, a) => {
            const f = ADJUST_FIELDS.find((x) => x.key === a.field);
            const money = a.field === 'fortune' || a.field === 'arrears';
            const fmt = (v) => (money ? pounds(v) : String(v));
            setText(li.querySelector('.adj-change'), `${f ? f.label.replace(' (£)', '').replace(' (£ owed)', '') : a.field}: ${fmt(a.before)} → ${fmt(a.value)}`);
            setText(li.querySelector('.adj-reason'), a.reason);
            setTime(li.querySelector('time'), a.at);
          });
      },
    };
  },
};
