// The player's "Diary" tab: this month's diary (over-the-hills.txt, "Personal Activities", "Income", "Pay",
// "Improving ...", "Concurrent Improvements"; docs/protocol.md, diary.submit): one personal activity, the
// regiment's orders, the diary text and whether it goes to the gazette; what the orders cost against the
// fortune, refused (with the reason) when the colonel cannot pay; the deadline counting down. Revisable until
// the deadline. The player's own tab also keeps the form as his standing orders (standing.js) and has his leave
// (leave.js).

import { h, setText, setTime, errorLine, runForm } from '../common/dom.js';
import { countdown } from '../year/countdown.js';
import {
  pounds, ACTIVITIES, CHOSEN_ACTIVITIES, IMPROVEMENTS, PAY_CHOICES, AWAY, myColonel, yearOf, isClosed,
  deadlineText, diaryCost, costRefusal,
} from '../year/format.js';
import { activityText, ordersText } from '../year/report.js';
import { standingOrders } from './standing.js';
import { leavePanel } from './leave.js';
import { diaryDraft } from './draft.js';
import { sendKept } from '../common/kept.js';

function field(id, label, control, hint) {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hint || null);
}

function check(id, testid) {
  return h('input', { type: 'checkbox', id, testid });
}

function lower(s) {
  return s ? s[0].toLowerCase() + s.slice(1) : s;
}

function intOf(input) {
  const t = input.value.trim();
  return /^\d+$/.test(t) ? Number(t) : NaN;
}

// The diary form. A player writes his own (bound by the deadline); an umpire may write a colonel's for him
// (`colonelOf(view)` names that colonel; orders sent by letter) and is not bound by the deadline.
// Returns {main, cost, update(view)}: the form's card and the cost summary's card.
export function diaryForm(ctx, campaignId, { umpire = false, colonelOf = myColonel, idPrefix = '' } = {}) {
  const I = (x) => `${idPrefix}${x}`; // element ids (labels need unique ones); test ids stay as they are
  // The month and its deadline.
  const month = h(umpire ? 'h3' : 'h2', { testid: 'diary-month' });
  const deadline = h('span', { class: 'deadline-text' });
  const cd = countdown('diary-countdown', { past: 'the deadline has passed', onOver: () => { if (view) update(view); } });
  const deadlineBox = h('p', { class: 'deadline', testid: 'diary-deadline' }, deadline, ' ', cd.el);
  // What the umpire has done to the clock, with his reasons (a player's own page only).
  const paused = h('p', { class: 'paused-note', testid: 'diary-paused', hidden: true });
  const extensions = h('p', { class: 'hint', testid: 'diary-extensions', hidden: true });
  const status = h('p', { class: 'diary-status', testid: 'diary-status' });
  const fallback = h('p', { class: 'hint', testid: 'diary-default' });

  // The activity.
  const activity = h('select', { id: I('diary-activity'), testid: 'diary-activity' });
  const supervise = h('select', { id: I('diary-supervise'), testid: 'diary-supervise' },
    IMPROVEMENTS.map((i) => h('option', { value: i.key }, `${i.label} (${i.attributeLabel})`)));
  const superviseField = field(I('diary-supervise'), 'Which improvement you oversee', supervise,
    h('span', { class: 'hint' }, 'Adds one to its roll. It must be one your orders pay for.'));
  const away = h('p', { class: 'away-note', testid: 'diary-away', hidden: true });
  const activityHint = h('p', { class: 'hint activity-hint' });
  const activityField = field(I('diary-activity'), 'Activity', activity);
  const activityBox = h('fieldset', { class: 'diary-part' }, h('legend', {}, umpire ? 'His activity this month' : 'Your activity this month'),
    away, activityField, activityHint, superviseField);

  // The regiment's orders.
  const imps = IMPROVEMENTS.map((i) => {
    const box = check(I(`diary-${i.key}`), `diary-${i.key}`);
    const costEl = h('span', { class: 'order-cost' });
    const label = h('label', { for: I(`diary-${i.key}`), class: 'check' }, box, h('span', {}, i.label, h('span', { class: 'hint' }, ` (${i.attributeLabel})`)), costEl);
    return { ...i, box, costEl, label };
  });
  const maintained = h('input', { id: I('diary-maintained'), type: 'number', min: '0', step: '1', inputmode: 'numeric', testid: 'diary-maintained' });
  const declared = h('input', { id: I('diary-declared'), type: 'number', min: '0', step: '1', inputmode: 'numeric', testid: 'diary-declared' });
  const pay = h('select', { id: I('diary-pay'), testid: 'diary-pay' });
  const companiesHint = h('p', { class: 'hint', testid: 'diary-companies-hint' });
  const ordersBox = h('fieldset', { class: 'diary-part', testid: 'diary-orders' }, h('legend', {}, "The regiment's orders"),
    h('div', { class: 'checks' }, imps.map((i) => i.label)),
    h('div', { class: 'field-row' },
      field(I('diary-maintained'), 'Companies maintained', maintained),
      field(I('diary-declared'), 'Declared to the government', declared)),
    companiesHint,
    field(I('diary-pay'), 'The men', pay));
  const noRegiment = h('p', { class: 'muted', hidden: true, testid: 'diary-no-regiment' },
    'You have no regiment yet, so no orders: choose how you spend the month.');

  // The text.
  const text = h('textarea', { id: I('diary-text'), rows: '7', maxlength: '8000', testid: 'diary-text', dataset: { control: umpire ? 'diary-for' : 'diary-text' }, placeholder: 'Dear diary, this month…' });
  const publish = check(I('diary-publish'), 'diary-publish');
  const textBox = h('fieldset', { class: 'diary-part' }, h('legend', {}, umpire ? 'His diary' : 'Your diary'),
    field(I('diary-text'), 'What happened this month', text),
    h('label', { class: 'check', for: I('diary-publish') }, publish, h('span', {}, 'Publish it in the gazette for the whole campaign to read')),
    h('p', { class: 'hint' }, 'Unpublished, only you and the umpires read it.'));

  // What it costs.
  const costRows = {};
  const costTable = h('dl', { class: 'cost-table' });
  for (const [k, label] of [['fortune', 'Your fortune'], ['income', 'Income this month'], ['wages', 'Wages'],
    ['back_pay', 'Back pay'], ['improvements', 'Improvements'], ['left', 'Left after this month']]) {
    const dd = h('dd', { testid: `diary-cost-${k.replace('_', '-')}` });
    costRows[k] = { row: h('div', { class: `cost-${k}` }, h('dt', {}, label), dd), dd };
    costTable.appendChild(costRows[k].row);
  }
  const incomeNote = h('p', { class: 'hint' });
  // Read out beside Submit (submitWhy); this copy is for the cost card, so it is not announced twice.
  const refusal = h('p', { class: 'form-error', testid: 'diary-refusal', hidden: true });
  const costBox = h('section', { class: 'card panel panel-cost', testid: 'diary-cost', 'aria-labelledby': I('diary-cost-heading') },
    h('h2', { id: I('diary-cost-heading') }, 'What it costs'), costTable, incomeNote, refusal);

  const submit = h('button', { type: 'submit', class: 'primary', testid: 'diary-submit', 'aria-describedby': I('diary-submit-why') }, 'Submit diary');
  // Why Submit is greyed out, right beside it: on a phone the cost card is far below, after the leave.
  const submitWhy = h('p', { class: 'form-error submit-why', id: I('diary-submit-why'), role: 'alert', testid: 'diary-submit-why', hidden: true });
  const error = errorLine('diary-error');
  const saved = h('span', { class: 'hint', testid: 'diary-saved', 'aria-live': 'polite' });
  const costLine = h('p', { class: 'cost-line', testid: 'diary-cost-line', 'aria-live': 'polite' });
  // A player's own page keeps the form as his standing orders too; an umpire writing for a colonel does not.
  const standing = umpire ? null : standingOrders(ctx, campaignId, { bodyOf: () => body(), problemOf: () => problem() });
  // A player's own diary is kept as a draft on the server while he writes it (draft.js).
  const draft = umpire ? null : diaryDraft(campaignId);
  const form = h('form', { class: 'stack diary-form', novalidate: true },
    activityBox, noRegiment, ordersBox, textBox, costLine, error.el, submitWhy,
    h('div', { class: 'form-actions' }, submit, standing && standing.button, saved), draft && draft.el, standing && standing.el);
  const closedNote = h('p', { class: 'muted', hidden: true, testid: 'diary-closed' });
  const noColonel = h('p', { class: 'muted', hidden: true }, 'Create your colonel first (Colonel tab).');

  const mainCard = h('section', { class: umpire ? 'panel panel-diary' : 'card panel panel-diary', 'aria-label': 'Diary' },
    month, deadlineBox, paused, extensions, status, fallback, noColonel, closedNote, form);
  if (umpire) costBox.classList.remove('card');

  let view = null;
  let dirty = false;
  let loadedKey = null;
  let loadedTurn = null;
  let activityKey = null;

  function col() {
    return colonelOf(view);
  }

  function settings() {
    return (yearOf(view) || {}).settings || {};
  }

  function orders() {
    return {
      drill: imps[0].box.checked,
      musketry: imps[1].box.checked,
      manoeuvres: imps[2].box.checked,
      maintained: intOf(maintained),
      declared: intOf(declared),
      pay: pay.value,
    };
  }

  // The reason the server would refuse this diary, or null.
  function problem() {
    const c = col();
    if (!c) return 'You have no colonel yet.';
    const per = settings().companies_per_regiment || 10;
    if (!c.away && !CHOSEN_ACTIVITIES.includes(activity.value)) return 'Choose an activity.';
    if (c.sheet) {
      const o = orders();
      for (const [k, label] of [['maintained', 'Companies maintained'], ['declared', 'Companies declared']]) {
        if (!Number.isInteger(o[k]) || o[k] < 0 || o[k] > per) return `${label} must be a whole number from 0 to ${per}.`;
      }
      if (!c.away && activity.value === 'supervise' && !o[supervise.value]) {
        const imp = IMPROVEMENTS.find((i) => i.key === supervise.value);
        return `You can only supervise an improvement your orders pay for this month (${imp ? imp.label.toLowerCase() : supervise.value} is not ordered).`;
      }
      return costRefusal(diaryCost({ orders: o, fortune: c.fortune, sheet: c.sheet, settings: settings() }));
    }
    return null;
  }

  // While the campaign is paused diaries may still come in after the deadline's time (month.pause).
  function deadlinePassed() {
    if (umpire) return false;
    const y = yearOf(view) || {};
    const d = y.calendar && y.calendar.deadline;
    return typeof d === 'number' && d <= Date.now() && !y.calendar.paused;
  }

  function showClock(cal) {
    const p = !umpire && cal.paused;
    paused.hidden = !p;
    setText(paused, p ? `The umpire has paused the campaign: ${p.reason}. The deadline will move on by the pause.` : '');
    const xs = umpire ? [] : cal.extensions || [];
    extensions.hidden = xs.length === 0;
    setText(extensions, xs.length
      ? `The umpire has put the deadline back this month: ${xs.map((x) => (typeof x.to === 'number' ? x.reason : `lifted it, ${x.reason}`)).join('; ')}.`
      : '');
  }

  function showCost() {
    const c = col();
    if (!c) return;
    const o = c.sheet ? orders() : null;
    const cost = diaryCost({
      orders: o && { ...o, maintained: o.maintained || 0, declared: o.declared || 0 },
      fortune: c.fortune,
      sheet: c.sheet,
      settings: settings(),
    });
    const s = settings();
    setText(costRows.fortune.dd, pounds(cost.fortune));
    setText(costRows.income.dd, `+${pounds(cost.income)}`);
    const minus = (n) => (n ? `−${pounds(n)}` : pounds(0));
    setText(costRows.wages.dd, minus(cost.wages));
    setText(costRows.back_pay.dd, minus(cost.back_pay));
    setText(costRows.improvements.dd, minus(cost.improvements));
    setText(costLine, c.sheet
      ? `These orders cost ${pounds(cost.total_costs)} of ${pounds(cost.available)} (fortune and this month's income): ${pounds(cost.left)} left.`
      : '');
    costLine.classList.toggle('is-bad', cost.left < 0);
    costLine.hidden = !c.sheet;
    setText(costRows.left.dd, pounds(cost.left));
    costRows.back_pay.row.hidden = cost.back_pay === 0;
    costRows.left.row.classList.toggle('is-bad', cost.left < 0);
    costBox.dataset.left = String(cost.left);
    costBox.dataset.total = String(cost.total_costs);
    costBox.dataset.income = String(cost.income);
    setText(incomeNote, c.sheet
      ? `Income: ${o && Number.isInteger(o.declared) ? o.declared : '?'} declared companies and your allowance of ${s.allowance_companies} at ${pounds(s.government_pay)} each; wages ${pounds(s.wage)} a maintained company. Activities and rolls come at the month's end.`
      : 'Without a regiment your month costs nothing.');
    const why = problem();
    refusal.hidden = !why;
    setText(refusal, why || '');
    costBox.dataset.ok = why ? 'false' : 'true';
    const passed = deadlinePassed();
    submit.disabled = !!why || passed || isClosed(view);
    const whyNot = why || (passed ? "This month's deadline has passed: the month is being resolved." : '');
    submitWhy.hidden = !whyNot;
    setText(submitWhy, whyNot);
    if (standing) standing.check(why);
    for (const i of imps) setText(i.costEl, pounds(s[i.cost] || 0));
    superviseField.hidden = !!c.away || activity.value !== 'supervise';
    const per = s.companies_per_regiment || 10;
    maintained.max = String(per);
    declared.max = String(per);
    if (o && Number.isInteger(o.declared) && Number.isInteger(o.maintained) && o.declared > o.maintained) {
      setText(companiesHint, `You pocket the pay of ${o.declared - o.maintained} compan${o.declared - o.maintained === 1 ? 'y' : 'ies'} the regiment does not have. The government may take a dim view of that, if found out.`);
    } else {
      setText(companiesHint, `Up to ${per} companies. The government pays for those declared.`);
    }
    const hints = {
      supervise: `Oversee one improvement: +${s.supervise_bonus ?? 1} to its roll.`,
      socialise: `+${s.socialise_pip ?? 5} PIP. The only colonel present not socialising while the others do loses ${s.lone_absentee_penalty ?? 10} PIP.`,
      business: `+${pounds(s.business_money ?? 20)} to your fortune.`,
      politics: `+${s.politics_pip ?? 10} PIP.`,
    };
    setText(activityHint, c.away ? '' : hints[activity.value] || '');
  }

  // `own`: `d` is the diary he submitted this month, not the server's default for him.
  function load(d, c, own) {
    const chosen = d && CHOSEN_ACTIVITIES.includes(d.activity) ? d.activity : 'business';
    activity.value = chosen;
    if (activity.value !== chosen) activity.value = 'business';
    supervise.value = (d && d.supervise) || 'drill';
    const o = (d && d.orders) || null;
    const per = settings().companies_per_regiment || 10;
    imps[0].box.checked = !!(o && o.drill);
    imps[1].box.checked = !!(o && o.musketry);
    imps[2].box.checked = !!(o && o.manoeuvres);
    // A diary not yet his (the server's default: last month's orders, or his standing orders) offers no more
    // companies than the regiment has now (sheet.companies): after losses, more would recruit without his asking.
    // A diary he submitted shows what he chose.
    const now = c.sheet ? c.sheet.companies : per;
    const offered = o && Number.isInteger(o.maintained) ? o.maintained : now;
    maintained.value = String(own ? offered : Math.min(offered, now));
    declared.value = String(o && Number.isInteger(o.declared) ? o.declared : (c.sheet ? c.sheet.declared : per));
    pay.value = (o && o.pay) || 'pay';
    text.value = (d && d.text) || '';
    publish.checked = !!(d && d.publish);
  }

  // The form as a diary of the view's shape, for the draft (a number not yet whole is left out).
  function formDiary() {
    const o = orders();
    for (const k of ['maintained', 'declared']) if (!Number.isInteger(o[k])) delete o[k];
    return { activity: activity.value, supervise: supervise.value, orders: o, text: text.value, publish: publish.checked };
  }

  function edited() {
    dirty = true;
    if (draft && loadedTurn !== null && loadedTurn !== undefined) draft.edited(loadedTurn, formDiary());
    showCost();
  }
  form.addEventListener('input', () => {
    setText(saved, '');
    edited();
  });
  form.addEventListener('change', edited);

  // His draft of this month, if he left one (on this device or another) after the diary he last sent.
  function restoreDraft(turn, sentAt) {
    if (!draft) return;
    draft.restore(turn, sentAt).then((d) => {
      if (!d || dirty || loadedTurn !== turn || !col()) return;
      load(d, col(), true);
      dirty = true;
      showCost();
    });
  }

  // His own diary goes with the month it was written for, kept on this device while the line is down (kept.js):
  // refused as stale if the month was resolved before the line came back. sentLater(): it went in after all.
  function sendDiary(b, sentLater) {
    const month = (yearOf(view) || {}).calendar || {};
    return sendKept(ctx, {
      campaign: campaignId, slot: 'diary', type: 'diary.submit', body: { ...b, turn: month.turn },
      what: `your diary for ${month.label || 'the month'}`,
      onLater: (o) => { if (o.ok) sentLater(); else error.show(o.message); },
    });
  }

  // The diary as diary.submit takes it (and diary.standing, which keeps no text).
  function body() {
    const c = col();
    const b = { campaign: Number(campaignId), text: text.value, publish: publish.checked };
    if (umpire) b.colonel = c.user;
    if (!c.away) b.activity = activity.value;
    if (!c.away && activity.value === 'supervise') b.supervise = supervise.value;
    if (c.sheet) b.orders = orders();
    return b;
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const why = problem();
    if (why) {
      error.show(why);
      return;
    }
    if (deadlinePassed()) {
      error.show("This month's deadline has passed: the month is being resolved.");
      return;
    }
    const b = body();
    const done = () => {
      if (draft) draft.sent();
      dirty = false;
      loadedKey = null;
      setText(saved, 'Saved.');
    };
    runForm({
      button: submit,
      error,
      action: async () => {
        if (umpire) await ctx.conn.send('diary.submit', b);
        else await sendDiary(b, done);
        done();
      },
    }).then(() => showCost());
  });

  function update(v) {
      view = v;
      const y = yearOf(v) || {};
      const cal = y.calendar || {};
      const c = col();
      setText(month, umpire ? `His diary for ${cal.label || 'this month'}, written for him` : cal.label ? `Diary for ${cal.label}` : 'Diary');
      if (typeof cal.deadline === 'number') {
        setText(deadline, `Deadline: ${deadlineText(cal.deadline)}${umpire ? ' (you are not bound by it)' : ''}${cal.paused ? ' (paused)' : ' ·'}`);
        deadlineBox.dataset.deadline = String(cal.deadline);
      } else {
        setText(deadline, 'No deadline set yet: the umpire will set one. You may write your diary now.');
        delete deadlineBox.dataset.deadline;
      }
      // Paused, the deadline will move on: no countdown to a time that will not hold.
      cd.set(typeof cal.deadline === 'number' && !cal.paused ? cal.deadline : null);
      showClock(cal);

      noColonel.hidden = !!c;
      const closed = isClosed(v);
      closedNote.hidden = !closed;
      setText(closedNote, closed ? 'The campaign is closed.' : '');
      form.hidden = !c || closed;
      if (standing) standing.update(v, c);
      if (!c) {
        status.hidden = true;
        fallback.hidden = true;
        costBox.hidden = true;
        return;
      }
      costBox.hidden = closed;

      // A new month starts the form afresh.
      if (loadedTurn !== cal.turn) {
        loadedTurn = cal.turn;
        dirty = false;
        loadedKey = null;
        setText(saved, '');
        restoreDraft(cal.turn, c.diary ? c.diary.at : null);
      }

      // The activities open to this colonel (no supervising without a regiment).
      const aKey = `${!!c.sheet}`;
      if (aKey !== activityKey) {
        activityKey = aKey;
        const keep = activity.value;
        activity.replaceChildren(...CHOSEN_ACTIVITIES.filter((a) => a !== 'supervise' || c.sheet)
          .map((a) => h('option', { value: a }, ACTIVITIES[a])));
        if (keep) activity.value = keep;
      }
      // The pay choices, with what is owed.
      const owed = c.sheet ? c.sheet.arrears || 0 : 0;
      const payKey = `${owed}`;
      if (pay.dataset.key !== payKey) {
        const keep = pay.value;
        pay.dataset.key = payKey;
        pay.replaceChildren(...Object.entries(PAY_CHOICES).map(([k, t]) =>
          h('option', { value: k }, k === 'pay_arrears' ? `${t} (${pounds(owed)} owed)` : t)));
        if (keep) pay.value = keep;
      }

      activity.disabled = !!c.away;
      activityField.hidden = !!c.away;
      away.hidden = !c.away;
      setText(away, c.away === 'leave' ? 'On leave this month: no diary is owed, and your regiment goes untrained.'
        : c.away ? `${AWAY[c.away] || c.away}: your activity is set for you this month. Your regiment still needs its orders.` : '');
      ordersBox.hidden = !c.sheet;
      noRegiment.hidden = !!c.sheet;

      const d = c.diary;
      status.dataset.submitted = d ? 'true' : 'false';
      status.hidden = false;
      status.replaceChildren(...(d
        ? [h('span', { class: 'badge badge-ok' }, 'submitted'), ' at ', (() => { const t = h('time'); setTime(t, d.at); return t; })(),
          umpire ? '. Submitting replaces it.' : deadlinePassed() ? '.' : '. You may revise it until the deadline.',
          // Sent by replying to the month's e-mail (the view's `by`).
          ...(d.by === 'mail' ? [' ', h('span', { class: 'badge badge-away', testid: 'diary-by-mail' }, umpire ? 'by e-mail' : 'Sent by e-mail')] : [])]
        : [h('span', { class: 'badge badge-warn' }, 'not submitted'), ' Nothing submitted for this month yet.']));
      const def = c.default_diary;
      fallback.hidden = !!d || !def;
      if (def) {
        setText(fallback, `If you submit nothing you get: ${activityText(def)}${def.orders ? `; ${lower(ordersText(def))}` : ''}.`);
      }
      setText(submit, d ? 'Revise diary' : 'Submit diary');

      const source = d || def || null;
      // The regiment's companies too: losses lower what the form offers (load).
      const key = JSON.stringify([cal.turn, source && { ...source, cost: undefined }, c.sheet && c.sheet.companies]);
      if (!dirty && key !== loadedKey) {
        loadedKey = key;
        load(source, c, !!d);
      }
      const passed = deadlinePassed();
      for (const x of form.querySelectorAll('input, select, textarea')) {
        if (x === activity) x.disabled = !!c.away || passed;
        else x.disabled = passed;
      }
      if (passed) setText(status, "This month's deadline has passed: the month is being resolved.");
      showCost();
  }

  return { main: mainCard, cost: costBox, update };
}

// Its name and when it shows are in index.js, which loads this file when the tab is first opened.
export const diaryTab = {
  create(ctx, campaignId) {
    const d = diaryForm(ctx, campaignId);
    const leave = leavePanel(ctx, campaignId);
    const el = h('div', { class: 'year-grid' },
      h('div', { class: 'col-main' }, d.main, leave.el),
      h('div', { class: 'col-side' }, d.cost));
    return {
      el,
      update(view) {
        d.update(view);
        leave.update(view);
      },
    };
  },
};
