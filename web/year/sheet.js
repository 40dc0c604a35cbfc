// A colonel's sheet (over-the-hills.txt, "Set Up" to "Pay"): profile, fortune, PIP, objective, regiment
// number and name, companies, Drill / Musketry / Effectiveness, arrears, and the month-by-month chart.
// Shown to the colonel's player (Colonel tab) and to umpires (Colonels tab); the same element ids inside
// each sheet (data-testid sheet-*), so an umpire's test scopes them by the colonel's card.

import { h, setText } from '../common/dom.js';
import {
  pounds, num, regimentTitle, objectiveText, OBJECTIVE_STATUS, AWAY, ATTRIBUTES,
} from './format.js';
import { historyChart } from './chart.js';

function dd(testid) {
  return h('dd', { testid });
}

// Six boxes, `value` of them filled: the book's 1-6 scale at a glance.
function scale(max = 6) {
  const el = h('span', { class: 'attr-scale', 'aria-hidden': 'true' });
  const boxes = [];
  for (let i = 0; i < max; i++) {
    const b = h('span', { class: 'attr-box' });
    boxes.push(b);
    el.appendChild(b);
  }
  return {
    el,
    set(v) {
      boxes.forEach((b, i) => b.classList.toggle('on', typeof v === 'number' && i < v));
    },
  };
}

// The history, and the colonel as he stands now when that differs from its last point (an umpire's change,
// a regiment won since the last month).
function withNow(col) {
  const pts = Array.isArray(col.history) ? col.history.slice() : [];
  if (pts.length === 0) return pts;
  const s = col.sheet || {};
  const now = {
    turn: null, label: 'Now', fortune: col.fortune, pip: col.pip,
    drill: col.sheet ? s.drill : null, musketry: col.sheet ? s.musketry : null,
    effectiveness: col.sheet ? s.effectiveness : null, companies: col.sheet ? s.companies : null,
  };
  const last = pts[pts.length - 1];
  const same = ['fortune', 'pip', 'drill', 'musketry', 'effectiveness'].every((k) => (last[k] ?? null) === (now[k] ?? null));
  if (!same) pts.push(now);
  return pts;
}

export function colonelSheet({ chart = true } = {}) {
  const name = h('h2', { class: 'sheet-name', testid: 'sheet-name' });
  const player = h('span', { class: 'muted sheet-player' });
  const away = h('span', { class: 'badge badge-away', testid: 'sheet-away', hidden: true });

  // Money and influence.
  const fortune = h('span', { class: 'big-number', testid: 'sheet-fortune' });
  const pip = h('span', { class: 'big-number', testid: 'sheet-pip' });
  const pipNote = h('span', { class: 'hint' });

  // Objective.
  const objKind = h('span', { class: 'badge badge-objective' });
  const objText = h('span', { class: 'objective-text' });
  const objNote = h('p', { class: 'hint objective-note', hidden: true });
  const objective = h('div', { class: 'sheet-objective', testid: 'sheet-objective' },
    h('span', { class: 'secret-tag', title: 'Only you and the umpires see this' }, 'secret'), ' ',
    objText, ' ', objKind, objNote);

  // Regiment.
  const regNumber = h('span', { class: 'regiment-number', testid: 'sheet-regiment' });
  const regName = h('span', { class: 'regiment-name', testid: 'sheet-regiment-name' });
  const noRegiment = h('p', { class: 'muted empty', testid: 'sheet-no-regiment' }, 'No regiment yet: win one at the auction.');
  const companies = h('span', { testid: 'sheet-companies' });
  const declared = h('span', { testid: 'sheet-declared' });
  const attrRows = ATTRIBUTES.map((a) => {
    const value = h('span', { class: 'attr-value', testid: `sheet-${a.key}` });
    const sc = scale();
    const without = h('span', { class: 'hint attr-without' });
    const row = h('div', { class: 'attr-row' }, h('span', { class: 'attr-label' }, a.label), value, sc.el, without);
    return { key: a.key, value, sc, without, row };
  });
  const arrears = h('span', { testid: 'sheet-arrears' });
  const arrearsMonths = h('span', { class: 'hint' });
  const atRisk = h('p', { class: 'risk-note', testid: 'sheet-at-risk', hidden: true },
    'The men are long unpaid: the regiment is at risk of looting and trouble.');
  const regimentBody = h('div', { class: 'regiment-body' },
    h('div', { class: 'regiment-title' }, regNumber, regName),
    h('dl', { class: 'facts facts-inline' },
      h('div', {}, h('dt', {}, 'Companies maintained'), h('dd', {}, companies)),
      h('div', {}, h('dt', {}, 'Declared to the government'), h('dd', {}, declared)),
      h('div', {}, h('dt', {}, 'Arrears of pay'), h('dd', {}, arrears, ' ', arrearsMonths))),
    h('div', { class: 'attr-list' }, attrRows.map((r) => r.row)),
    atRisk);

  // Profile.
  const profileFields = [
    ['age', 'Age'], ['social_status', 'Social status'], ['marital_status', 'Marital status'],
    ['background', 'Background'], ['experience', 'Military experience'],
  ].map(([key, label]) => {
    const value = dd(`sheet-profile-${key.replace('_status', '')}`);
    const row = h('div', { class: `profile-${key}` }, h('dt', {}, label), value);
    return { key, value, row };
  });
  const profileEmpty = h('p', { class: 'muted empty' }, 'No profile written yet.');
  const profile = h('dl', { class: 'facts profile', testid: 'sheet-profile' }, profileFields.map((f) => f.row));

  const hist = chart ? historyChart('sheet-chart') : null;

  const head = h('div', { class: 'sheet-head' }, name, player, away);
  const el = h('div', { class: 'sheet', testid: 'sheet' },
    head,
    h('div', { class: 'sheet-numbers' },
      h('div', { class: 'number-box' }, h('span', { class: 'number-label' }, 'Fortune'), fortune),
      h('div', { class: 'number-box' }, h('span', { class: 'number-label' }, 'PIP (influence)'), pip, pipNote)),
    h('section', { class: 'sheet-section' }, h('h3', {}, 'Personal objective'), objective),
    h('section', { class: 'sheet-section' }, h('h3', {}, 'Regiment'), noRegiment, regimentBody),
    hist ? h('section', { class: 'sheet-section' }, h('h3', {}, 'Month by month'), hist.el) : null,
    h('section', { class: 'sheet-section' }, h('h3', {}, 'Profile'), profileEmpty, profile));

  return {
    el,
    head,
    update(col, view) {
      if (!col) return;
      const settings = (view && view.year && view.year.settings) || {};
      setText(name, col.name);
      setText(player, col.player ? `played by ${col.player}` : '');
      away.hidden = !col.away;
      setText(away, col.away ? AWAY[col.away] || col.away : '');

      setText(fortune, pounds(col.fortune));
      fortune.dataset.value = String(col.fortune ?? '');
      setText(pip, num(col.pip));
      pip.dataset.value = String(col.pip ?? '');
      setText(pipNote, typeof col.pip_bought === 'number' ? `${num(col.pip_bought)} bought at start-up` : '');

      const obj = col.objective;
      objective.dataset.status = obj ? obj.status : 'none';
      setText(objText, obj ? objectiveText(obj) : 'Not chosen yet.');
      objText.classList.toggle('muted', !obj);
      objKind.hidden = !obj;
      if (obj) {
        setText(objKind, OBJECTIVE_STATUS[obj.status] || obj.status);
        objKind.dataset.status = obj.status;
      }
      objNote.hidden = !(obj && obj.note);
      setText(objNote, obj && obj.note ? `Umpire: ${obj.note}` : '');

      const sheet = col.sheet;
      noRegiment.hidden = !!(col.regiment || sheet);
      regimentBody.hidden = !(col.regiment || sheet);
      setText(regNumber, col.regiment ? regimentTitle(col.regiment) : '');
      regNumber.dataset.value = String(col.regiment ?? '');
      setText(regName, col.regiment_name || '');
      if (sheet) {
        const per = settings.companies_per_regiment || 10;
        setText(companies, `${sheet.companies} of ${per}`);
        companies.dataset.value = String(sheet.companies);
        setText(declared, `${sheet.declared}`);
        declared.dataset.value = String(sheet.declared);
        declared.classList.toggle('mismatch', sheet.declared !== sheet.companies);
        setText(arrears, pounds(sheet.arrears));
        arrears.dataset.value = String(sheet.arrears);
        setText(arrearsMonths, sheet.arrears_months ? `(${sheet.arrears_months} month${sheet.arrears_months === 1 ? '' : 's'})` : '');
        const mw = sheet.months_without || {};
        for (const r of attrRows) {
          const v = sheet[r.key];
          setText(r.value, typeof v === 'number' ? String(v) : '—');
          r.value.dataset.value = String(v ?? '');
          r.sc.set(v);
          const m = mw[r.key];
          setText(r.without, m ? `${m} month${m === 1 ? '' : 's'} without` : '');
        }
        atRisk.hidden = !sheet.at_risk;
      } else {
        atRisk.hidden = true;
      }

      const p = col.profile || {};
      let any = false;
      for (const f of profileFields) {
        const v = p[f.key];
        const has = v !== undefined && v !== null && v !== '';
        f.row.hidden = !has;
        setText(f.value, has ? String(v) : '');
        any = any || has;
      }
      profileEmpty.hidden = any;
      profile.hidden = !any;

      if (hist) hist.update(withNow(col));
    },
  };
}
