// The umpire's "Colonels" tab: every colonel's full sheet, this month's diary, the latest report, and the
// umpire's tools: change any value with a reason (colonel.adjust), send a colonel away (colonel.away), note on
// the latest report (report.note), losses on campaign (regiment.losses). One card per colonel, its controls
// scoped by the card (data-testid colonel-card, data-colonel = the player's user id).

import { h, setText, setTime, syncKeyed, errorLine, runForm } from '../common/dom.js';
import { colonelSheet } from '../year/sheet.js';
import { diaryForm } from '../player/diary.js';
import { reportBody, activityText, ordersText } from '../year/report.js';
import {
  pounds, num, ordinal, ADJUST_FIELDS, fieldValue, yearOf, isClosed, colonelsSorted,
} from '../year/format.js';

function field(id, label, control) {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

let uid = 0;

function colonelCard(ctx, campaignId) {
  const n = ++uid;
  const id = (s) => `c${n}-${s}`;
  const sheet = colonelSheet();
  const submittedBadge = h('span', { class: 'badge', testid: 'colonel-submitted' });

  // This month's diary.
  const diaryLine = h('p', { class: 'colonel-diary-line' });
  // A diary his player sent by replying to the month's e-mail (the view's `by`: "mail").
  const byMail = h('span', { class: 'badge badge-away', testid: 'diary-by-mail', hidden: true }, 'by e-mail');
  const diaryOrders = h('p', { class: 'hint' });
  const diaryCost = h('p', { class: 'hint' });
  const diaryText = h('p', { class: 'item-text diary-text' });
  const writeButton = h('button', { type: 'button', class: 'small secondary', testid: 'colonel-diary-write' }, 'Write his diary…');
  const writeSlot = h('div', { class: 'diary-write', hidden: true });
  let writer = null;
  const diaryBox = h('div', { class: 'colonel-diary', testid: 'colonel-diary' }, diaryLine, diaryOrders, diaryCost, diaryText,
    h('div', { class: 'form-actions' }, writeButton), writeSlot);

  // Adjust a value.
  const adjField = h('select', { id: id('adjust-field'), testid: 'adjust-field' }, ADJUST_FIELDS.map((f) => h('option', { value: f.key }, f.label)));
  const adjValue = h('input', { id: id('adjust-value'), type: 'number', step: '1', inputmode: 'numeric', testid: 'adjust-value' });
  const adjReason = h('input', { id: id('adjust-reason'), type: 'text', maxlength: '200', testid: 'adjust-reason', placeholder: 'Required: it goes into the log' });
  const adjSubmit = h('button', { type: 'submit', class: 'secondary', testid: 'adjust-submit' }, 'Change');
  const adjCurrent = h('span', { class: 'hint', testid: 'adjust-current' });
  const adjError = errorLine('adjust-error');
  const adjForm = h('form', { class: 'tool-form', novalidate: true },
    h('div', { class: 'tool-row' }, field(id('adjust-field'), 'Value', adjField), field(id('adjust-value'), 'New value', adjValue)),
    adjCurrent,
    field(id('adjust-reason'), 'Reason', adjReason),
    h('div', { class: 'form-actions' }, adjSubmit), adjError.el);

  // Away.
  const awaySelect = h('select', { id: id('away'), testid: 'away-select' },
    h('option', { value: '' }, 'At home'), h('option', { value: 'expedition' }, 'On an expedition'), h('option', { value: 'sea' }, 'On a long sea voyage'));
  const awaySet = h('button', { type: 'submit', class: 'secondary', testid: 'away-set' }, 'Set');
  const awayError = errorLine('away-error');
  const awayForm = h('form', { class: 'tool-form', novalidate: true },
    h('div', { class: 'tool-row' }, field(id('away'), 'Whereabouts', awaySelect), h('div', { class: 'form-actions' }, awaySet)),
    h('p', { class: 'hint' }, 'Away, his activity is set for him each month and he is not “present” for the socialising penalty.'), awayError.el);

  // Note on the latest report.
  const noteInput = h('textarea', { id: id('note'), rows: '2', maxlength: '2000', testid: 'report-note-input' });
  const notePost = h('button', { type: 'submit', class: 'secondary', testid: 'report-note-post' }, 'Add to his report');
  const noteError = errorLine('report-note-error');
  const noteForm = h('form', { class: 'tool-form', novalidate: true },
    field(id('note'), 'Note on his latest report', noteInput), h('div', { class: 'form-actions' }, notePost), noteError.el);

  // Losses on campaign.
  const lossCompanies = h('input', { id: id('loss'), type: 'number', min: '0', step: '1', inputmode: 'numeric', testid: 'losses-companies' });
  const lossReason = h('input', { id: id('loss-reason'), type: 'text', maxlength: '200', testid: 'losses-reason', placeholder: 'e.g. fever in the Low Countries' });
  const lossSubmit = h('button', { type: 'submit', class: 'secondary', testid: 'losses-submit' }, 'Record losses');
  const lossError = errorLine('losses-error');
  const lossForm = h('form', { class: 'tool-form', novalidate: true },
    h('div', { class: 'tool-row' }, field(id('loss'), 'Strength after losses (companies)', lossCompanies)),
    field(id('loss-reason'), 'Reason', lossReason),
    h('p', { class: 'hint' }, 'Losing half its strength or more drops every attribute a point.'),
    h('div', { class: 'form-actions' }, lossSubmit), lossError.el);

  const report = h('div', { class: 'colonel-report' });
  const reportTitle = h('summary', {}, 'Latest report');
  const reportBox = h('details', { class: 'colonel-report-box', testid: 'colonel-report' }, reportTitle, report);

  const adjustments = h('ul', { class: 'adjustment-list', testid: 'adjustment-list' });
  const adjBox = h('details', { class: 'colonel-adjustments' }, h('summary', {}, 'Changes by hand'), adjustments);

  const tools = h('div', { class: 'colonel-tools' },
    h('h3', {}, 'Change a value'), adjForm,
    h('h3', {}, 'Away'), awayForm,
    h('h3', {}, 'Report note'), noteForm,
    h('h3', { class: 'loss-title' }, 'Losses on campaign'), lossForm);

  submittedBadge.classList.add('head-flag');
  sheet.head.appendChild(submittedBadge);
  const li = h('li', { class: 'card colonel-card', testid: 'colonel-card' },
    sheet.el,
    h('section', { class: 'sheet-section' }, h('h3', {}, 'This month’s diary ', byMail), diaryBox),
    reportBox, adjBox, tools);

  let col = null;
  let view = null;
  let adjDirty = false;

  // Orders sent by letter: the umpire writes the colonel's diary for him.
  function showWriter(on) {
    if (on && !writer) {
      writer = diaryForm(ctx, campaignId, {
        umpire: true,
        idPrefix: `${id('')}`,
        colonelOf: (v) => ((yearOf(v) || {}).colonels || {})[String(col.user)] || null,
      });
      writeSlot.append(writer.main, writer.cost);
    }
    writeSlot.hidden = !on;
    setText(writeButton, on ? 'Close the diary form' : 'Write his diary…');
    if (on) writer.update(view);
  }
  writeButton.addEventListener('click', () => showWriter(writeSlot.hidden));

  function per() {
    return ((yearOf(view) || {}).settings || {}).companies_per_regiment || 10;
  }

  function showCurrent() {
    const f = ADJUST_FIELDS.find((x) => x.key === adjField.value);
    const v = fieldValue(col, adjField.value);
    const max = f.max === 'companies_per_regiment' ? per() : f.max;
    adjValue.min = String(f.min);
    adjValue.max = String(max);
    if (f.regiment && !(col && col.sheet)) setText(adjCurrent, 'He has no regiment.');
    else setText(adjCurrent, `Now ${f.key === 'fortune' || f.key === 'arrears' ? pounds(v) : v}; ${num(f.min)} to ${num(max)}.`);
    if (!adjDirty) adjValue.value = v === null || v === undefined ? '' : String(v);
  }
  adjField.addEventListener('change', () => {
    adjDirty = false;
    showCurrent();
  });
  adjValue.addEventListener('input', () => { adjDirty = true; });

  adjForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const f = ADJUST_FIELDS.find((x) => x.key === adjField.value);
    const t = adjValue.value.trim();
    if (!/^-?\d+$/.test(t)) {
      adjError.show('The new value is a whole number.');
      return;
    }
    const value = Number(t);
    const max = f.max === 'companies_per_regiment' ? per() : f.max;
    if (value < f.min || value > max) {
      adjError.show(`${f.label} must be from ${f.min} to ${max}.`);
      return;
    }
    const reason = adjReason.value.trim();
    if (!reason) {
      adjError.show('Give a reason: it goes into the log.');
      return;
    }
    runForm({
      button: adjSubmit,
      error: adjError,
      action: async () => {
        await ctx.conn.send('colonel.adjust', { campaign: Number(campaignId), colonel: col.user, field: f.key, value, reason });
        adjReason.value = '';
        adjDirty = false;
      },
    });
  });
  awayForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    runForm({
      button: awaySet,
      error: awayError,
      action: () => ctx.conn.send('colonel.away', { campaign: Number(campaignId), colonel: col.user, away: awaySelect.value || null }),
    });
  });
  noteForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = noteInput.value.trim();
    if (!text) {
      noteError.show('Write the note first.');
      return;
    }
    runForm({
      button: notePost,
      error: noteError,
      action: async () => {
        await ctx.conn.send('report.note', { campaign: Number(campaignId), colonel: col.user, text });
        noteInput.value = '';
      },
    });
  });
  lossForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const t = lossCompanies.value.trim();
    if (!/^\d+$/.test(t) || Number(t) > per()) {
      lossError.show(`Strength is a whole number of companies from 0 to ${per()}.`);
      return;
    }
    const reason = lossReason.value.trim();
    if (!reason) {
      lossError.show('Give a reason: battle or disease, and where.');
      return;
    }
    runForm({
      button: lossSubmit,
      error: lossError,
      action: async () => {
        await ctx.conn.send('regiment.losses', { campaign: Number(campaignId), colonel: col.user, companies: Number(t), reason });
        lossReason.value = '';
        lossCompanies.value = '';
      },
    });
  });

  let awayLoaded;
  let reportKey = null;

  return {
    li,
    // His diary form open, for "what needs you" (a colonel in the umpire's hands: write his diary).
    openDiary() { if (view && writeSlot.hidden && !writeButton.parentElement.hidden) showWriter(true); },
    update(c, v) {
      col = c;
      view = v;
      li.dataset.colonel = String(c.user);
      sheet.update(c, v);
      const y = yearOf(v) || {};
      const con = y.console || {};
      const months = y.phase === 'months';
      const done = !!(con.submitted || {})[String(c.user)];
      submittedBadge.hidden = !months;
      submittedBadge.className = `badge ${done ? 'badge-ok' : 'badge-warn'}`;
      submittedBadge.dataset.submitted = done ? 'true' : 'false';
      setText(submittedBadge, done ? 'diary submitted' : 'no diary yet');

      const d = c.diary || null;
      const def = c.default_diary || null;
      byMail.hidden = !(months && d && d.by === 'mail');
      writeButton.parentElement.hidden = !months || isClosed(v);
      if (writer && !writeSlot.hidden) writer.update(v);
      if (!months) {
        setText(diaryLine, 'The months have not begun.');
        diaryOrders.hidden = diaryCost.hidden = diaryText.hidden = true;
      } else {
        const shown = d || def;
        setText(diaryLine, d ? `${activityText(d)}` : `Nothing submitted. Default: ${activityText(def)}`);
        diaryLine.dataset.submitted = d ? 'true' : 'false';
        diaryOrders.hidden = !(shown && shown.orders);
        setText(diaryOrders, shown && shown.orders ? ordersText(shown) : '');
        const cost = shown && shown.cost;
        diaryCost.hidden = !cost;
        if (cost) setText(diaryCost, `Costs ${pounds(cost.total_costs)} against ${pounds(cost.available)} (fortune and this month's income): ${pounds(cost.left)} left.`);
        diaryText.hidden = !(d && d.text);
        setText(diaryText, d && d.text ? `${d.publish ? '(published) ' : ''}${d.text}` : '');
      }

      const reports = Object.entries(c.reports || {}).map(([t, r]) => [Number(t), r]).sort((a, b) => b[0] - a[0]);
      reportBox.hidden = reports.length === 0;
      if (reports.length) {
        const [, r] = reports[0];
        const key = JSON.stringify(r);
        if (key !== reportKey) {
          reportKey = key;
          setText(reportTitle, `Latest report: ${r.label}`);
          report.replaceChildren(reportBody(r));
        }
      }
      const adj = (c.adjustments || []).slice().reverse().map((a) => [a.id, a]);
      adjBox.hidden = adj.length === 0;
      syncKeyed(adjustments, adj,
        () => h('li', { class: 'adjustment-item', testid: 'adjustment-item' },
          h('div', { class: 'adj-change' }), h('div', { class: 'item-text adj-reason' }), h('div', { class: 'item-meta' }, h('time'))),
        (item, a) => {
          const money = a.field === 'fortune' || a.field === 'arrears';
          const fmt = (x) => (money ? pounds(x) : String(x));
          setText(item.querySelector('.adj-change'), `${a.field}: ${fmt(a.before)} → ${fmt(a.value)}`);
          setText(item.querySelector('.adj-reason'), a.reason);
          setTime(item.querySelector('time'), a.at);
        });

      const closed = isClosed(v);
      tools.hidden = closed;
      showCurrent();
      if (awayLoaded !== (c.away || '')) {
        awayLoaded = c.away || '';
        awaySelect.value = awayLoaded;
      }
      noteForm.hidden = reports.length === 0;
      noteForm.previousElementSibling.hidden = reports.length === 0;
      lossForm.hidden = !c.sheet;
      lossForm.previousElementSibling.hidden = !c.sheet;
      lossCompanies.max = String(per());
      lossCompanies.placeholder = c.sheet ? String(c.sheet.companies) : '';
    },
  };
}

export const umpireColonelsTab = {
  create(ctx, campaignId) {
    const list = h('ol', { class: 'colonel-list', testid: 'colonel-list' });
    const empty = h('p', { class: 'muted empty' }, 'No colonels yet. Each player creates one on their Colonel tab.');
    const summary = h('p', { class: 'muted', testid: 'colonel-count' });
    const overviewBody = h('tbody', { testid: 'colonel-overview' });
    const overview = h('div', { class: 'table-scroll card', tabindex: '0', role: 'region', 'aria-label': 'Colonels table' },
      h('table', { class: 'overview-table' },
        h('thead', {}, h('tr', {},
          ['Colonel', 'Regiment', 'Fortune', 'PIP', 'DRI', 'MUS', 'EFF', 'Companies', 'Arrears', 'Diary'].map((t, i) =>
            h('th', { scope: 'col', class: i >= 2 && i <= 8 ? 'num' : null }, t)))),
        overviewBody));
    const el = h('div', { class: 'colonels-page' },
      h('div', { class: 'section-head' }, h('h2', { class: 'section-title' }, 'Every colonel'), summary),
      h('p', { class: 'secret-note' }, 'Their full sheets: only umpires see other colonels’ fortunes, objectives, orders and reports.'),
      empty, overview, list);
    const cards = new Map();
    return {
      el,
      // {colonel: user id}: that colonel's diary form open (docs/protocol.md, "What needs you": `diary-for`).
      open({ colonel }) {
        const card = colonel !== undefined && cards.get(String(colonel));
        if (card) card.openDiary();
      },
      update(view) {
        const cols = colonelsSorted(view);
        empty.hidden = cols.length > 0;
        overview.hidden = cols.length === 0;
        const y = view.year || {};
        const submitted = (y.console || {}).submitted || {};
        const months = y.phase === 'months';
        syncKeyed(overviewBody, cols, () => h('tr', { class: 'overview-row', testid: 'colonel-overview-row' },
          h('td', {}, h('button', { type: 'button', class: 'link-button ov-name', testid: 'colonel-overview-open' }), h('span', { class: 'muted ov-player' })),
          ...Array.from({ length: 9 }, (_, i) => h('td', { class: i >= 1 && i <= 7 ? 'num' : null }))),
        (tr, c, k) => {
          tr.dataset.colonel = k;
          const cells = tr.children;
          const a = cells[0].querySelector('.ov-name');
          setText(a, c.name);
          if (!a.onclick) a.onclick = () => { const card = document.getElementById(`colonel-${tr.dataset.colonel}`); if (card) card.scrollIntoView({ behavior: 'smooth', block: 'start' }); };
          setText(cells[0].querySelector('.ov-player'), ` ${c.player}`);
          const s = c.sheet;
          const vals = [
            c.regiment ? ordinal(c.regiment) : '—', pounds(c.fortune), num(c.pip),
            s ? s.drill : '—', s ? s.musketry : '—', s ? s.effectiveness : '—',
            s ? `${s.companies} / ${s.declared}` : '—',
            s ? (s.arrears ? `${pounds(s.arrears)} (${s.arrears_months} mo)` : '£0') : '—',
            months ? (submitted[k] ? 'submitted' : 'waiting') : '—',
          ];
          vals.forEach((v, i) => setText(cells[i + 1], v));
          cells[7].classList.toggle('mismatch', !!s && s.declared !== s.companies);
          cells[8].classList.toggle('mismatch', !!s && s.at_risk);
          cells[9].className = months ? (submitted[k] ? 'ok-text' : 'warn-text') : '';
        });
        setText(summary, cols.length ? `${cols.length} colonel${cols.length === 1 ? '' : 's'}` : '');
        syncKeyed(list, cols, (c, k) => {
          const card = colonelCard(ctx, campaignId);
          cards.set(k, card);
          return card.li;
        }, (li, c, k) => {
          li.id = `colonel-${k}`;
          cards.get(k).update(c, view);
        });
        for (const k of [...cards.keys()]) if (!cols.some(([key]) => key === k)) cards.delete(k);
      },
    };
  },
};
