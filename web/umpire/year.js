// The umpire's "Year" tab: starting the year, the month's deadline, who has submitted, resolving the month
// (with a confirmation) and undoing the last resolution, custom objectives to approve, regiments at risk and
// companies declared against those maintained (docs/protocol.md, year.start, month.*, objective.review); each
// colonel's missed months in a row and leave in the month's diaries, and handing a colonel over (handover.js).

import { h, setText, syncKeyed, errorLine, runForm } from '../common/dom.js';
import { countdown } from '../year/countdown.js';
import { handoverPanel } from './handover.js';
import { deadlineRuleBox } from './deadline_rule.js';
import {
  MONTHS, pounds, ordinal, yearOf, isClosed, colonelsSorted, deadlineText, localInputValue, objectiveText, myTimeZone,
} from '../year/format.js';

// A colonel's public `away` in the month's diaries list.
const AWAY_WORDS = {
  sea: 'at sea', expedition: 'on expedition', leave: 'on leave', wounded: 'wounded', captured: 'captured', killed: 'killed',
};

function field(id, label, control, hint) {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hint ? h('span', { class: 'hint' }, hint) : null);
}

// A step that asks first, in the page (starting the year, resolving the month): `open()` hides `button` and shows
// what will happen (`say`) with Confirm and Cancel; only Confirm runs `action`, whose refusal shows in `error`.
// Test ids: `<testid>-box`, `<testid>-words`, `<testid>-confirm`, `<testid>-cancel`.
function confirmStep({ button, testid, label, confirmText, confirmClass = 'danger', error, action }) {
  const confirm = h('button', { type: 'button', class: confirmClass, testid: `${testid}-confirm` }, confirmText);
  const cancel = h('button', { type: 'button', class: 'ghost', testid: `${testid}-cancel` }, 'Cancel');
  const words = h('p', { id: `${testid}-words`, testid: `${testid}-words` });
  const el = h('div', {
    class: 'confirm-box', hidden: true, role: 'alertdialog', 'aria-label': label, 'aria-describedby': `${testid}-words`, testid: `${testid}-box`,
  }, words, h('div', { class: 'form-actions' }, confirm, cancel));
  function close() {
    el.hidden = true;
    button.hidden = false;
  }
  cancel.addEventListener('click', () => {
    close();
    error.hide();
    button.focus();
  });
  confirm.addEventListener('click', () => {
    runForm({
      button: confirm,
      error,
      action: async () => {
        await action();
        close();
      },
    });
  });
  return {
    el,
    close,
    open() {
      error.hide();
      el.hidden = false;
      button.hidden = true;
      cancel.focus();
    },
    say(text) { setText(words, text); },
  };
}

function startPanel(ctx, campaignId) {
  const year = h('input', { id: 'year-start-year', type: 'text', maxlength: '16', value: '174-', testid: 'year-start-year', autocomplete: 'off' });
  const month = h('select', { id: 'year-start-month', testid: 'year-start-month' },
    MONTHS.map((m, i) => h('option', { value: String(i + 1) }, m)));
  month.value = '3';
  const start = h('button', { type: 'submit', class: 'primary', testid: 'year-start' }, 'Start the year…');
  const error = errorLine('year-start-error');
  const checklist = h('ul', { class: 'checklist', testid: 'setup-checklist' });
  const form = h('form', { class: 'inline-form', novalidate: true },
    field('year-start-year', 'Year', year, 'e.g. “174-”: the date is deliberately vague'),
    field('year-start-month', 'First month', month),
    h('div', { class: 'form-actions' }, start));
  // Ending setup cannot be undone: the first press says what happens, only Confirm sends it.
  let chosen = null;
  let todo = [];
  const ask = confirmStep({
    button: start,
    testid: 'year-start',
    label: 'Confirm starting the year',
    confirmText: 'Yes, start the year',
    confirmClass: 'primary',
    error,
    action: () => ctx.conn.send('year.start', { campaign: Number(campaignId), ...chosen }),
  });
  const el = h('section', { class: 'card panel panel-start', 'aria-labelledby': 'start-heading' },
    h('h2', { id: 'start-heading' }, 'Setup'),
    h('p', { class: 'muted' }, 'Players create colonels, buy PIP and choose objectives; you run the regiment auction. Starting the year ends setup: no more PIP buying, and the auction’s lowest price is fixed for late joiners.'),
    checklist, form, ask.el, error.el);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const y = year.value.trim();
    if (!y) {
      error.show('Give the year a label, e.g. 174-.');
      return;
    }
    chosen = { year: y, month: Number(month.value) };
    ask.say(`Start the year in ${MONTHS[chosen.month - 1]} ${y}? Setup ends for everyone and cannot be taken back: no more PIP buying, and the auction’s lowest price is fixed for late joiners. Month 1 begins.${todo.length ? ` Not done yet: ${todo.join('; ')}.` : ''}`);
    ask.open();
  });
  // A changed year or month is no longer what the question asked.
  form.addEventListener('input', () => ask.close());
  return {
    el,
    update(view) {
      const y = yearOf(view) || {};
      el.hidden = y.phase !== 'setup' || isClosed(view);
      if (el.hidden) return;
      const cols = colonelsSorted(view).map(([, c]) => c);
      const players = Object.values(view.members || {}).filter((m) => m.role === 'player').length;
      const noObjective = cols.filter((c) => !c.objective).length;
      const pending = cols.filter((c) => c.objective && c.objective.status === 'pending').length;
      const withRegiment = cols.filter((c) => c.regiment).length;
      const lot = (y.auction || {}).lot;
      const items = [
        [`${cols.length} of ${players} player${players === 1 ? '' : 's'} have a colonel`, cols.length >= players && players > 0],
        [`${withRegiment} of ${cols.length} colonel${cols.length === 1 ? '' : 's'} hold a regiment`, cols.length > 0 && withRegiment === cols.length],
        [noObjective ? `${noObjective} without an objective` : 'Every colonel has an objective', noObjective === 0 && cols.length > 0],
        [pending ? `${pending} custom objective${pending === 1 ? '' : 's'} to review` : 'No objective waits for you', pending === 0],
        [lot ? `The ${ordinal(lot.regiment)} is on the block: close the lot first` : 'No lot open', !lot],
      ];
      checklist.replaceChildren(...items.map(([t, ok]) => h('li', { class: ok ? 'ok' : 'todo' }, t)));
      todo = items.filter(([, ok]) => !ok).map(([t]) => t);
      start.disabled = !!lot;
      if (lot) ask.close();
    },
  };
}

// "Put back from <time> to <time>: <reason>", or "Lifted: <reason>" for a deadline cleared.
function extensionText(x) {
  return typeof x.to === 'number'
    ? `Put back from ${deadlineText(x.from)} to ${deadlineText(x.to)}: ${x.reason}`
    : `Lifted: ${x.reason}`;
}

// What the players have been told of the month's clock: its extensions and the reminders still to come.
function clockNotes() {
  const extensions = h('ul', { class: 'clock-notes', testid: 'deadline-extensions', 'aria-label': 'Extensions this month', hidden: true });
  const reminders = h('p', { class: 'hint', testid: 'deadline-reminders', hidden: true });
  return {
    el: h('div', {}, extensions, reminders),
    update(cal) {
      const xs = (cal.extensions || []).map((x, i) => [i, x]);
      extensions.hidden = xs.length === 0;
      syncKeyed(extensions, xs, () => h('li', { class: 'clock-note' }), (li, x) => setText(li, extensionText(x)));
      const rs = cal.reminders || [];
      reminders.hidden = rs.length === 0;
      setText(reminders, rs.length ? `Reminders to players not in: ${rs.map(deadlineText).join(', ')}` : '');
    },
  };
}

// Stopping the month's clock (docs/protocol.md, month.pause): while paused no deadline or reminder runs out.
function pauseBox(ctx, campaignId) {
  const reason = h('input', { id: 'pause-reason', type: 'text', maxlength: '200', testid: 'pause-reason', autocomplete: 'off' });
  const pause = h('button', { type: 'submit', class: 'secondary', testid: 'month-pause' }, 'Pause the campaign');
  const form = h('form', { class: 'inline-form', novalidate: true },
    field('pause-reason', 'Why you pause it, told to every player', reason),
    h('div', { class: 'form-actions' }, pause));
  const paused = h('p', { class: 'paused-note', testid: 'month-paused' });
  const resume = h('button', { type: 'button', class: 'primary', testid: 'month-resume' }, 'Resume');
  const pausedBox = h('div', { hidden: true }, paused, h('div', { class: 'form-actions' }, resume));
  const error = errorLine('pause-error');
  const el = h('div', { class: 'pause-box' }, h('h3', {}, 'Pause'), form, pausedBox, error.el);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const why = reason.value.trim();
    if (!why) {
      error.show('Give the players your reason for pausing.');
      return;
    }
    runForm({
      button: pause,
      error,
      action: async () => {
        await ctx.conn.send('month.pause', { campaign: Number(campaignId), reason: why });
        reason.value = '';
      },
    });
  });
  resume.addEventListener('click', () => {
    runForm({ button: resume, error, action: () => ctx.conn.send('month.resume', { campaign: Number(campaignId) }) });
  });
  return {
    el,
    update(cal, closed) {
      el.hidden = closed;
      const p = cal.paused || null;
      form.hidden = !!p;
      pausedBox.hidden = !p;
      setText(paused, p ? `Paused since ${deadlineText(p.since)}: ${p.reason}. No deadline or reminder runs out.` : '');
    },
  };
}

function monthPanel(ctx, campaignId) {
  const label = h('h2', { testid: 'month-label' });
  const deadlineNow = h('span', { testid: 'month-deadline' });
  const cd = countdown('month-countdown', { past: 'passed: resolving' });
  const input = h('input', { id: 'deadline-input', type: 'datetime-local', testid: 'deadline-input' });
  const set = h('button', { type: 'submit', class: 'primary', testid: 'deadline-set' }, 'Set deadline');
  const clear = h('button', { type: 'button', class: 'ghost', testid: 'deadline-clear' }, 'Clear');
  const quick = h('div', { class: 'quick-buttons' },
    [['+1 hour', 3600e3], ['+1 day', 86400e3], ['+3 days', 3 * 86400e3], ['+1 week', 7 * 86400e3]].map(([t, ms]) => {
      const b = h('button', { type: 'button', class: 'small secondary', testid: `deadline-plus-${t.replace(/\W+/g, '')}` }, t);
      // Sets the deadline at once: from the deadline in force (or now), as the button says.
      b.addEventListener('click', () => {
        const cal = (yearOf(view) || {}).calendar || {};
        const base = typeof cal.deadline === 'number' ? cal.deadline : Date.now();
        input.value = localInputValue(Math.max(base, Date.now()) + ms);
        dirty = true;
        deadlineForm.requestSubmit();
      });
      return b;
    }));
  const deadlineError = errorLine('deadline-error');
  // Sent with every change of the deadline and with an undo; the server says when one is needed.
  const reason = h('input', { id: 'deadline-reason', type: 'text', maxlength: '200', testid: 'deadline-reason', autocomplete: 'off' });
  const deadlineForm = h('form', { class: 'inline-form deadline-form', novalidate: true },
    field('deadline-input', `Deadline (your time zone: ${myTimeZone()})`, input),
    field('deadline-reason', 'Reason, told to every player', reason),
    h('div', { class: 'form-actions' }, set, clear));
  const notes = clockNotes();
  const pauser = pauseBox(ctx, campaignId);
  const rule = deadlineRuleBox(ctx, campaignId);

  const submittedList = h('ul', { class: 'submitted-list', testid: 'submitted-list' });
  const submittedCount = h('span', { class: 'count', testid: 'submitted-count' });
  const noColonels = h('p', { class: 'muted empty' }, 'No colonels yet.');

  const resolve = h('button', { type: 'button', class: 'danger', testid: 'month-resolve', dataset: { control: 'month-resolve' } }, 'Resolve the month…');
  const undo = h('button', { type: 'button', class: 'danger-ghost', testid: 'month-undo' }, 'Undo the last resolution');
  const undoText = h('p', { class: 'hint', testid: 'month-undo-note' });
  const monthError = errorLine('month-error');
  const resolveStep = confirmStep({
    button: resolve,
    testid: 'month-resolve',
    label: 'Confirm resolving the month',
    confirmText: 'Yes, resolve it now',
    error: monthError,
    action: () => ctx.conn.send('month.resolve', { campaign: Number(campaignId), turn: ((yearOf(view) || {}).calendar || {}).turn }),
  });

  const el = h('section', { class: 'card panel panel-month', 'aria-labelledby': 'month-heading' },
    h('span', { id: 'month-heading', class: 'sr-only' }, 'This month'),
    label,
    h('p', { class: 'deadline' }, deadlineNow, ' ', cd.el),
    notes.el, deadlineForm, quick, deadlineError.el, rule.el, pauser.el,
    h('h3', {}, 'Diaries ', submittedCount), noColonels, submittedList,
    h('h3', {}, 'Resolution'),
    h('p', { class: 'muted' }, 'Resolving rolls every colonel’s month in one go (income, pay, improvements, decline, activities) and moves the calendar on. At the deadline the server does it by itself.'),
    h('div', { class: 'form-actions' }, resolve, undo), resolveStep.el, undoText, monthError.el);

  let dirty = false;
  let lastDeadline;
  let view = null;
  input.addEventListener('input', () => { dirty = true; });

  // The month the page shows goes with it, so a command made stale by a resolution is refused.
  function deadlineBody(deadline) {
    const body = { campaign: Number(campaignId), deadline, turn: ((yearOf(view) || {}).calendar || {}).turn };
    if (reason.value.trim()) body.reason = reason.value.trim();
    return body;
  }

  deadlineForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const at = Date.parse(input.value);
    if (!Number.isFinite(at)) {
      deadlineError.show('Choose a date and time.');
      return;
    }
    if (at <= Date.now()) {
      deadlineError.show('The deadline must be in the future.');
      return;
    }
    runForm({
      button: set,
      error: deadlineError,
      action: async () => {
        await ctx.conn.send('month.set_deadline', deadlineBody(at));
        dirty = false;
        reason.value = '';
      },
    });
  });
  clear.addEventListener('click', () => {
    runForm({
      button: clear,
      error: deadlineError,
      action: async () => {
        await ctx.conn.send('month.set_deadline', deadlineBody(null));
        dirty = false;
        input.value = '';
        reason.value = '';
      },
    });
  });
  resolve.addEventListener('click', () => resolveStep.open());
  undo.addEventListener('click', () => {
    const body = { campaign: Number(campaignId) };
    if (reason.value.trim()) body.reason = reason.value.trim();
    runForm({
      button: undo,
      error: monthError,
      action: async () => {
        await ctx.conn.send('month.undo', body);
        reason.value = '';
      },
    });
  });

  return {
    el,
    update(v) {
      view = v;
      const y = yearOf(v) || {};
      el.hidden = y.phase !== 'months';
      if (el.hidden) return;
      const cal = y.calendar || {};
      const closed = isClosed(v);
      setText(label, cal.label ? `${cal.label} (month ${cal.turn})` : 'This month');
      label.dataset.turn = String(cal.turn);
      setText(deadlineNow, typeof cal.deadline === 'number' ? `Deadline: ${deadlineText(cal.deadline)}${cal.paused ? ' (paused)' : ' ·'}` : 'No deadline set.');
      deadlineNow.dataset.deadline = typeof cal.deadline === 'number' ? String(cal.deadline) : '';
      // While paused the deadline will move on by the pause: no countdown to a time that will not hold.
      cd.set(typeof cal.deadline === 'number' && !cal.paused ? cal.deadline : null);
      notes.update(cal);
      pauser.update(cal, closed);
      rule.update(cal, closed);
      if (cal.deadline !== lastDeadline) {
        lastDeadline = cal.deadline;
        if (!dirty) input.value = typeof cal.deadline === 'number' ? localInputValue(cal.deadline) : '';
      }
      clear.hidden = typeof cal.deadline !== 'number';
      deadlineForm.hidden = closed;
      quick.hidden = closed;

      const con = y.console || {};
      const submitted = con.submitted || {};
      const cols = colonelsSorted(v);
      noColonels.hidden = cols.length > 0;
      // The server says who owes a diary this month: a colonel away or on leave does not.
      const owing = new Set((con.owing || cols.map(([k]) => Number(k))).map(String));
      const owed = cols.filter(([k]) => owing.has(k));
      const n = owed.filter(([k]) => submitted[k]).length;
      setText(submittedCount, `(${n} of ${owed.length} submitted)`);
      syncKeyed(submittedList, cols,
        () => h('li', { class: 'submitted-item', testid: 'submitted-item' },
          h('span', { class: 'badge' }), h('span', { class: 'member-name' }), h('span', { class: 'muted' }),
          h('span', { class: 'badge badge-away', testid: 'diary-by-mail', hidden: true }, 'by e-mail'),
          h('span', { class: 'missed-note', testid: 'submitted-missed' })),
        (li, c, k) => {
          const done = !!submitted[k];
          li.dataset.colonel = k;
          li.dataset.submitted = done ? 'true' : 'false';
          li.dataset.away = c.away || '';
          const b = li.querySelector('.badge');
          const owes = owing.has(k);
          b.className = `badge ${done ? 'badge-ok' : owes ? 'badge-warn' : ''}`;
          setText(b, done ? 'submitted' : owes ? 'waiting' : 'owes none');
          setText(li.querySelector('.member-name'), c.name);
          setText(li.querySelector('.muted'), `${c.player}${c.away ? ` · ${AWAY_WORDS[c.away] || c.away}` : ''}`);
          // Sent by replying to the month's e-mail: the view's `by`, shown as it is.
          li.querySelector('[data-testid="diary-by-mail"]').hidden = !(done && c.diary && c.diary.by === 'mail');
          // The missed-turn ladder: months in a row his player sent nothing (docs/protocol.md, "Deadlines").
          const missed = c.missed_in_a_row || 0;
          li.dataset.missed = String(missed);
          const m = li.querySelector('.missed-note');
          m.hidden = missed === 0;
          setText(m, missed ? `missed ${missed} in a row` : '');
        });
      resolveStep.say(`Resolve ${cal.label || 'this month'} for every colonel now? ${owed.length - n} of ${owed.length} who owe a diary have not submitted and get their standing orders, else their default diary. Every roll is made at once.`);
      resolve.disabled = closed;
      undo.hidden = !con.can_undo || closed;
      setText(undoText, con.can_undo
        ? 'Undo puts every sheet and the calendar back to before the last resolution; that month’s diaries can then be revised and resolved again. The reason above, if any, is told to every player.'
        : 'Nothing to undo (only the last resolution, and only while nothing else has changed a sheet since).');
    },
  };
}

// The custom objectives waiting for an umpire, to approve or reject. The Year tab has it and the Umpire tab
// (console.js) shows it too; `prefix` keeps the two copies' element ids and list test ids apart, while the
// controls repeated in each item keep theirs (`objective-approve`, ...).
export function objectivesPanel(ctx, campaignId, { prefix = '' } = {}) {
  const list = h('ul', { class: 'review-list', testid: `${prefix}objective-review-list` });
  const empty = h('p', { class: 'muted empty' }, 'No custom objective waits for you.');
  const el = h('section', { class: 'card panel', 'aria-labelledby': `${prefix}review-heading`, testid: `${prefix}objective-review` },
    h('h2', { id: `${prefix}review-heading` }, 'Custom objectives'), empty, list);
  function create() {
    const text = h('p', { class: 'item-text objective-text' });
    const noteInput = h('input', { type: 'text', maxlength: '500', placeholder: 'A note for the player (optional)', testid: 'objective-note-input', 'aria-label': 'Note for the player' });
    const approve = h('button', { type: 'button', class: 'small primary', testid: 'objective-approve', dataset: { control: 'objective-review' } }, 'Approve');
    const reject = h('button', { type: 'button', class: 'small danger-ghost', testid: 'objective-reject' }, 'Reject');
    const error = errorLine('objective-review-error');
    const li = h('li', { class: 'review-item', testid: `${prefix}objective-review-item` },
      h('div', { class: 'item-meta' }, h('span', { class: 'author' }), ' wants:'), text, noteInput,
      h('div', { class: 'form-actions' }, approve, reject), error.el);
    const send = (ok, button) => runForm({
      button,
      error,
      action: () => ctx.conn.send('objective.review', {
        campaign: Number(campaignId), colonel: Number(li.dataset.colonel), approve: ok, note: noteInput.value.trim(),
      }),
    });
    approve.addEventListener('click', () => send(true, approve));
    reject.addEventListener('click', () => send(false, reject));
    return li;
  }
  return {
    el,
    update(view) {
      const y = yearOf(view);
      // A campaign without a year (the console's copy) has no objectives.
      el.hidden = !y;
      if (!y) return;
      const pending = ((y.console || {}).pending_objectives || []).map(String);
      const items = colonelsSorted(view).filter(([k]) => pending.includes(k));
      empty.hidden = items.length > 0;
      syncKeyed(list, items, create, (li, c, k) => {
        li.dataset.colonel = k;
        setText(li.querySelector('.author'), `${c.name} (${c.player})`);
        setText(li.querySelector('.objective-text'), objectiveText(c.objective));
      });
      el.classList.toggle('attention', items.length > 0);
    },
  };
}

function watchPanel() {
  const risk = h('ul', { class: 'watch-list', testid: 'at-risk-list' });
  const noRisk = h('p', { class: 'muted empty' }, 'No regiment is long unpaid.');
  const companies = h('ul', { class: 'watch-list', testid: 'companies-list' });
  const noCompanies = h('p', { class: 'muted empty' }, 'No regiments yet.');
  const el = h('section', { class: 'card panel', 'aria-labelledby': 'watch-heading' },
    h('h2', { id: 'watch-heading' }, 'Watch'),
    h('h3', {}, 'At risk of looting and trouble'), noRisk, risk,
    h('h3', {}, 'Companies declared against maintained'), noCompanies, companies);
  return {
    el,
    update(view) {
      const y = yearOf(view) || {};
      const con = y.console || {};
      const cols = y.colonels || {};
      const r = (con.at_risk || []).map((u) => [u, cols[String(u)] || { name: `#${u}` }]);
      noRisk.hidden = r.length > 0;
      syncKeyed(risk, r, () => h('li', { class: 'watch-item risk', testid: 'at-risk-item' }), (li, c) => {
        const s = c.sheet || {};
        setText(li, `${c.name}: ${s.arrears_months ?? '?'} months in arrears, ${pounds(s.arrears)} owed`);
      });
      const comp = Object.entries(con.companies || {}).map(([u, x]) => [u, { ...x, col: cols[u] || { name: `#${u}` } }])
        .sort((a, b) => String(a[1].col.name).localeCompare(String(b[1].col.name)));
      noCompanies.hidden = comp.length > 0;
      syncKeyed(companies, comp, () => h('li', { class: 'watch-item', testid: 'companies-item' },
        h('span', { class: 'member-name' }), h('span', { class: 'companies-figures' })), (li, x, u) => {
        li.dataset.colonel = u;
        const over = x.declared > x.maintained;
        li.classList.toggle('mismatch', over);
        li.dataset.mismatch = over ? 'true' : 'false';
        setText(li.querySelector('.member-name'), x.col.name);
        setText(li.querySelector('.companies-figures'), `declares ${x.declared}, maintains ${x.maintained}${over ? ` — pockets ${x.declared - x.maintained} companies’ pay` : ''}`);
      });
    },
  };
}

export const umpireYearTab = {
  create(ctx, campaignId) {
    const panels = {
      start: startPanel(ctx, campaignId),
      month: monthPanel(ctx, campaignId),
      objectives: objectivesPanel(ctx, campaignId),
      watch: watchPanel(),
      handover: handoverPanel(ctx, campaignId),
    };
    const el = h('div', { class: 'year-grid' },
      h('div', { class: 'col-main' }, panels.start.el, panels.month.el),
      h('div', { class: 'col-side' }, panels.objectives.el, panels.handover.el, panels.watch.el));
    return {
      el,
      update(view) {
        for (const p of Object.values(panels)) p.update(view);
      },
    };
  },
};
