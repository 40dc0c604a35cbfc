// The umpire's War Office Committee for a briefed expedition (docs/protocol.md, committee.attendance, motion.put,
// expedition.force, expedition.roles, expedition.depart; over-the-hills.txt, "Expeditions"): who is present, a new
// motion (plain options, "which regiments" or "who commands"), the force, roles for those present who do not go,
// and "Sail". Each form keeps what the umpire is choosing until he sends it; each shows the server's refusal.
//
// Test ids: committee-attendance, committee-present (checkbox, data-colonel), committee-attendance-save,
// committee-attendance-error; motion-put-form, motion-question, motion-kind (plain | regiments | commander),
// motion-options, motion-options-hint, motion-put, motion-put-error; force-form, force-regiment (checkbox,
// data-regiment), force-no-regiments, force-commander, force-set, force-error; roles-form, role-select (data-colonel),
// roles-none, roles-save, roles-error; depart-form, depart-months, depart, depart-error.

import { h, setText, syncKeyed, errorLine, runForm } from '../../common/dom.js';
import { ordinal, colonelsSorted, yearOf } from '../format.js';
import {
  idPrefix, field, check, whoText, regimentOf, colonelOfRegiment, regimentsText, ROLE_CHOICES, wholeNumber,
} from './words.js';

const send = (ctx, type, body) => ctx.conn.send(type, body);

function attendance(ctx, campaignId) {
  const list = h('div', { class: 'checks' });
  const none = h('p', { class: 'muted empty' }, 'No colonels yet.');
  const save = h('button', { type: 'submit', class: 'secondary', testid: 'committee-attendance-save' }, 'Save who is present');
  const error = errorLine('committee-attendance-error');
  const form = h('form', { class: 'tool-form', novalidate: true, testid: 'committee-attendance' },
    h('fieldset', {}, h('legend', {}, 'Present at the committee'), none, list),
    h('div', { class: 'form-actions' }, save), error.el);
  let dirty = false;
  let x = null;
  list.addEventListener('change', () => { dirty = true; });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const present = [...list.querySelectorAll('input:checked')].map((i) => Number(i.dataset.colonel));
    runForm({
      button: save,
      error,
      action: async () => {
        await send(ctx, 'committee.attendance', { campaign: Number(campaignId), expedition: x.id, present });
        dirty = false;
      },
    });
  });
  const p = idPrefix('present');
  return {
    el: form,
    update(exp, view) {
      x = exp;
      const cols = colonelsSorted(view);
      none.hidden = cols.length > 0;
      const here = new Set((x.present || []).map(Number));
      syncKeyed(list, cols, (c, k) => check(`${p}-${k}`, '',
        h('input', { id: `${p}-${k}`, type: 'checkbox', testid: 'committee-present', dataset: { colonel: k } })), (label, c, k) => {
        const r = c.regiment || regimentOf(view, k);
        setText(label.lastChild, `${whoText(view, Number(k))}${r ? `, the ${ordinal(r)}` : ', no regiment'}${c.away ? ` (away: ${c.away === 'sea' ? 'at sea' : 'on expedition'})` : ''}`);
        if (!dirty) label.firstChild.checked = here.has(Number(k));
      });
    },
  };
}

// Option lines of a "which regiments" motion: "7, 9" or "7, 9: Kemp and Dartington go".
function regimentOptions(text) {
  const out = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^([\d\s,]+)(?::\s*(.*))?$/.exec(line);
    if (!m) return { error: `“${line}” is not a list of regiment numbers (e.g. “7, 9” or “7, 9: both go”).` };
    const regiments = m[1].split(',').map((s) => s.trim()).filter(Boolean).map(Number);
    if (regiments.length === 0 || regiments.some((n) => !Number.isInteger(n))) return { error: `“${line}” names no regiment.` };
    const label = (m[2] || '').trim() || `Send ${regimentsText(regiments)}`;
    out.push({ label: label.slice(0, 120), regiments });
  }
  return { options: out };
}

function motionForm(ctx, campaignId) {
  const p = idPrefix('put');
  const question = h('input', { id: `${p}-q`, type: 'text', maxlength: '300', autocomplete: 'off', testid: 'motion-question', placeholder: 'e.g. Which regiments shall go?' });
  const kind = h('select', { id: `${p}-kind`, testid: 'motion-kind' },
    h('option', { value: 'plain' }, 'Plain options'),
    h('option', { value: 'regiments' }, 'Which regiments (carrying it sets the force)'),
    h('option', { value: 'commander' }, 'Who commands (one option per colonel present)'));
  const options = h('textarea', { id: `${p}-options`, rows: '4', testid: 'motion-options' });
  const optionsLabel = h('label', { for: `${p}-options` }, 'Options, one a line');
  const hint = h('p', { class: 'hint', testid: 'motion-options-hint' });
  const optionsField = h('div', { class: 'field' }, optionsLabel, options);
  const put = h('button', { type: 'submit', class: 'primary', testid: 'motion-put' }, 'Put the motion');
  const error = errorLine('motion-put-error');
  const form = h('form', { class: 'tool-form', novalidate: true, testid: 'motion-put-form' },
    field(`${p}-q`, 'Question', question), field(`${p}-kind`, 'Kind', kind), optionsField, hint,
    h('div', { class: 'form-actions' }, put), error.el);
  let x = null;
  let view = null;

  function showKind() {
    const k = kind.value;
    optionsField.hidden = k === 'commander';
    setText(optionsLabel, k === 'regiments' ? 'Options: the regiment numbers of each, one option a line' : 'Options, one a line');
    options.placeholder = k === 'regiments' ? '7, 9\n7\n9: only the 9th goes' : 'Aye\nNo';
    const present = (x && x.present) || [];
    setText(hint, k === 'commander'
      ? (present.length ? `One option for each colonel present: ${present.map((u) => whoText(view, u)).join(', ')}.` : 'Mark who is present first.')
      : k === 'regiments' ? 'Only regiments whose colonels are present may go. Carrying an option sets the force to its regiments.'
        : '2 to 12 options.');
  }
  kind.addEventListener('change', showKind);

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const q = question.value.trim();
    if (!q) {
      error.show('Write the question.');
      return;
    }
    let opts;
    if (kind.value === 'commander') {
      opts = (x.present || []).map((u) => ({ label: `${whoText(view, u).replace(/ \(you\)$/, '')} commands`.slice(0, 120), commander: Number(u) }));
    } else if (kind.value === 'regiments') {
      const r = regimentOptions(options.value);
      if (r.error) {
        error.show(r.error);
        return;
      }
      opts = r.options;
    } else {
      opts = options.value.split('\n').map((s) => s.trim()).filter(Boolean).map((label) => ({ label: label.slice(0, 120) }));
    }
    if (opts.length < 2 || opts.length > 12) {
      error.show(`A motion has 2 to 12 options; this one has ${opts.length}.`);
      return;
    }
    runForm({
      button: put,
      error,
      action: async () => {
        await send(ctx, 'motion.put', { campaign: Number(campaignId), expedition: x.id, question: q, options: opts });
        question.value = '';
        options.value = '';
      },
    });
  });
  return {
    el: form,
    update(exp, v) {
      x = exp;
      view = v;
      showKind();
    },
  };
}

function forceForm(ctx, campaignId) {
  const p = idPrefix('force');
  const regs = h('div', { class: 'checks' });
  const none = h('p', { class: 'muted empty', testid: 'force-no-regiments' }, 'No colonel present holds a regiment.');
  const commander = h('select', { id: `${p}-commander`, testid: 'force-commander' });
  const set = h('button', { type: 'submit', class: 'secondary', testid: 'force-set' }, 'Set the force');
  const error = errorLine('force-error');
  const form = h('form', { class: 'tool-form', novalidate: true, testid: 'force-form' },
    h('fieldset', {}, h('legend', {}, 'Regiments that go'), none, regs),
    field(`${p}-commander`, 'In command', commander, 'Normally the colonel of the most senior regiment; he may command without his regiment.'),
    h('div', { class: 'form-actions' }, set), error.el);
  let dirty = false;
  let x = null;
  let commandersKey = null;
  form.addEventListener('change', () => { dirty = true; });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const body = { campaign: Number(campaignId), expedition: x.id, regiments: [...regs.querySelectorAll('input:checked')].map((i) => Number(i.dataset.regiment)) };
    if (commander.value) body.commander = Number(commander.value);
    runForm({
      button: set,
      error,
      action: async () => {
        await send(ctx, 'expedition.force', body);
        dirty = false;
      },
    });
  });
  return {
    el: form,
    update(exp, view) {
      x = exp;
      const present = (x.present || []).map(Number);
      const numbers = ((yearOf(view) || {}).regiments || []).filter((r) => present.includes(Number(r.colonel))).map((r) => [r.number, r]);
      none.hidden = numbers.length > 0;
      const going = new Set((x.regiments || []).map(Number));
      syncKeyed(regs, numbers, (r, k) => check(`${p}-r${k}`, '',
        h('input', { id: `${p}-r${k}`, type: 'checkbox', testid: 'force-regiment', dataset: { regiment: k } })), (label, r) => {
        setText(label.lastChild, `The ${ordinal(r.number)} (${whoText(view, r.colonel)})`);
        if (!dirty) label.firstChild.checked = going.has(Number(r.number));
      });
      const key = `${present.join(',')}|${x.default_commander}|${x.commander}`;
      if (key !== commandersKey) {
        commandersKey = key;
        const keep = commander.value;
        commander.replaceChildren(
          h('option', { value: '' }, x.default_commander ? `By seniority (now ${whoText(view, x.default_commander)})` : 'By seniority'),
          ...present.map((u) => h('option', { value: String(u) }, whoText(view, u))));
        commander.value = dirty ? keep : x.commander ? String(x.commander) : '';
        if (commander.selectedIndex < 0) commander.value = '';
      } else if (!dirty) {
        commander.value = x.commander ? String(x.commander) : '';
      }
    },
  };
}

function rolesForm(ctx, campaignId) {
  const list = h('div', { class: 'tool-form' });
  const none = h('p', { class: 'muted empty', testid: 'roles-none' }, 'Every colonel present goes with the force.');
  const save = h('button', { type: 'submit', class: 'secondary', testid: 'roles-save' }, 'Save the roles');
  const error = errorLine('roles-error');
  const form = h('form', { class: 'tool-form', novalidate: true, testid: 'roles-form' },
    h('p', { class: 'hint' }, 'Colonels present whose regiments do not go command the attached artillery or cavalry, local forces, naval support or the enemy.'),
    none, list, h('div', { class: 'form-actions' }, save), error.el);
  let dirty = false;
  let x = null;
  const p = idPrefix('role');
  form.addEventListener('change', () => { dirty = true; });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const roles = {};
    for (const s of list.querySelectorAll('select')) roles[s.dataset.colonel] = s.value || null;
    if (Object.keys(roles).length === 0) {
      error.show('Nobody to give a role to.');
      return;
    }
    runForm({
      button: save,
      error,
      action: async () => {
        await send(ctx, 'expedition.roles', { campaign: Number(campaignId), expedition: x.id, roles });
        dirty = false;
      },
    });
  });
  return {
    el: form,
    update(exp, view) {
      x = exp;
      // Who goes: the colonels of the regiments chosen and the commander (or, by seniority, the default one).
      const going = new Set((x.regiments || []).map((n) => Number(colonelOfRegiment(view, n))));
      going.add(Number(x.commander || x.default_commander || 0));
      const stay = (x.present || []).map(Number).filter((u) => !going.has(u)).map((u) => [u, u]);
      none.hidden = stay.length > 0;
      save.hidden = stay.length === 0;
      syncKeyed(list, stay, (u, k) => field(`${p}-${k}`, '', h('select', { id: `${p}-${k}`, testid: 'role-select', dataset: { colonel: k } },
        ROLE_CHOICES.map(([v, t]) => h('option', { value: v }, t)))), (div, u, k) => {
        setText(div.querySelector('label'), whoText(view, u));
        if (!dirty) div.querySelector('select').value = (x.roles || {})[k] || '';
      });
    },
  };
}

function departForm(ctx, campaignId) {
  const p = idPrefix('depart');
  const months = h('input', { id: `${p}-months`, type: 'number', min: '1', max: '24', step: '1', value: '1', inputmode: 'numeric', testid: 'depart-months' });
  const sail = h('button', { type: 'submit', class: 'primary', testid: 'depart' }, 'Sail');
  const error = errorLine('depart-error');
  const status = h('p', { class: 'hint' });
  const form = h('form', { class: 'tool-form', novalidate: true, testid: 'depart-form' },
    field(`${p}-months`, 'Months on campaign', months, 'After the voyage out; the voyage home follows the reckoning.'),
    status, h('div', { class: 'form-actions' }, sail), error.el);
  let x = null;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const n = wholeNumber(months);
    if (!Number.isInteger(n) || n < 1 || n > 24) {
      error.show('Months on campaign: a whole number from 1 to 24.');
      return;
    }
    runForm({ button: sail, error, action: () => send(ctx, 'expedition.depart', { campaign: Number(campaignId), expedition: x.id, months_campaign: n }) });
  });
  return {
    el: form,
    update(exp) {
      x = exp;
      const open = (x.motions || []).filter((m) => m.open).length;
      const regs = (x.regiments || []).length;
      setText(status, open ? `Close the open motion${open === 1 ? '' : 's'} first.`
        : regs ? `The force: ${regimentsText(x.regiments)}. The colonels who go are at sea, then on campaign, until you reckon it.`
          : 'Choose the force first.');
    },
  };
}

// All of it, for one briefed expedition.
export function committeeConsole(ctx, campaignId) {
  const parts = {
    attendance: attendance(ctx, campaignId),
    motion: motionForm(ctx, campaignId),
    force: forceForm(ctx, campaignId),
    roles: rolesForm(ctx, campaignId),
    depart: departForm(ctx, campaignId),
  };
  const el = h('div', { class: 'colonel-tools' },
    h('h3', {}, 'Who is present'), parts.attendance.el,
    h('h3', {}, 'Put a motion'), parts.motion.el,
    h('h3', {}, 'The force'), parts.force.el,
    h('h3', {}, 'Roles'), parts.roles.el,
    h('h3', {}, 'Sail'), parts.depart.el);
  return {
    el,
    update(x, view) {
      for (const part of Object.values(parts)) part.update(x, view);
    },
  };
}
