// The player's "Colonel" tab: creating the colonel (name, roleplay profile, PIP bought from the starting money),
// then the colonel's sheet, the secret personal objective and the regiment's name
// (over-the-hills.txt, "Set Up", "Personal Objectives"; docs/protocol.md, colonel.*, objective.choose).

import { h, setText, errorLine, runForm } from '../common/dom.js';
import { colonelSheet } from '../year/sheet.js';
import {
  pounds, num, OBJECTIVES, OBJECTIVE_STATUS, objectiveText, myColonel, yearOf, isClosed, colonelTitle,
} from '../year/format.js';

function field(id, label, control, hint) {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hint ? h('span', { class: 'hint' }, hint) : null);
}

function intValue(input) {
  const t = input.value.trim();
  if (t === '') return null;
  if (!/^-?\d+$/.test(t)) return NaN;
  return Number(t);
}

// Name, profile and PIP: creates the colonel, then edits it (name and profile any time, PIP during setup).
function colonelForm(ctx, campaignId) {
  const name = h('input', { id: 'colonel-name', type: 'text', maxlength: '80', autocomplete: 'off', testid: 'colonel-name', dataset: { control: 'colonel-create' }, placeholder: 'e.g. Colonel Sir Hector Kemp' });
  const age = h('input', { id: 'colonel-age', type: 'number', min: '16', max: '99', step: '1', inputmode: 'numeric', testid: 'colonel-age' });
  const social = h('input', { id: 'colonel-social', type: 'text', maxlength: '200', testid: 'colonel-social', placeholder: 'e.g. younger son of a baronet' });
  const marital = h('input', { id: 'colonel-marital', type: 'text', maxlength: '200', testid: 'colonel-marital', placeholder: 'e.g. married, three daughters' });
  const background = h('textarea', { id: 'colonel-background', rows: '3', maxlength: '2000', testid: 'colonel-background' });
  const experience = h('textarea', { id: 'colonel-experience', rows: '3', maxlength: '2000', testid: 'colonel-experience', placeholder: 'Not required to hold a colonelcy.' });
  const pip = h('input', { id: 'colonel-pip', type: 'number', min: '0', step: '1', inputmode: 'numeric', value: '0', testid: 'colonel-pip' });
  const pipSummary = h('p', { class: 'pip-summary', testid: 'colonel-pip-summary', 'aria-live': 'polite' });
  const pipClosed = h('p', { class: 'hint', testid: 'colonel-pip-closed', hidden: true });
  const submit = h('button', { type: 'submit', class: 'primary', testid: 'colonel-create' }, 'Create my colonel');
  const cancel = h('button', { type: 'button', class: 'ghost', testid: 'colonel-edit-cancel', hidden: true }, 'Cancel');
  const error = errorLine('colonel-error');
  const pipField = field('colonel-pip', 'Political influence points (PIP) to buy', pip);
  const heading = h('h2', {}, 'Create your colonel');
  const intro = h('p', { class: 'muted' });
  const form = h('form', { class: 'stack colonel-form', novalidate: true },
    field('colonel-name', 'Name', name),
    h('div', { class: 'field-row' },
      field('colonel-age', 'Age', age),
      field('colonel-social', 'Social status', social)),
    field('colonel-marital', 'Marital status', marital),
    field('colonel-background', 'Background', background),
    field('colonel-experience', 'Previous military experience', experience),
    h('fieldset', { class: 'pip-box' }, h('legend', {}, 'Money and influence'), pipField, pipSummary, pipClosed),
    error.el,
    h('div', { class: 'form-actions' }, submit, cancel));
  const el = h('section', { class: 'card panel panel-colonel-form', 'aria-label': 'Your colonel' }, heading, intro, form);

  let mode = 'create'; // or 'edit'
  let dirty = false;
  let loadedKey = null;
  let view = null;

  form.addEventListener('input', () => {
    dirty = true;
    showPip();
  });

  function phase() {
    const y = yearOf(view);
    return y ? y.phase : 'setup';
  }

  function pipAllowed() {
    const s = (yearOf(view) || {}).settings || {};
    if (mode === 'edit') return phase() === 'setup';
    return phase() === 'setup' || s.late_colonels_buy_pip !== false;
  }

  // What the colonel can spend on PIP, the price, and the fortune that would be left.
  function pipBudget() {
    const s = (yearOf(view) || {}).settings || {};
    const price = s.pip_price || 10;
    if (mode === 'edit') {
      const col = myColonel(view) || {};
      // The price paid at creation is not in the view; the campaign's price is shown (the server uses the former).
      const budget = (col.fortune || 0) + (col.pip_bought || 0) * price;
      return { price, budget };
    }
    return { price, budget: s.starting_money ?? 1000 };
  }

  function pipProblem() {
    if (!pipAllowed()) return null;
    const n = intValue(pip);
    const { price, budget } = pipBudget();
    if (n === null) return null;
    if (Number.isNaN(n) || n < 0) return 'PIP must be a whole number, 0 or more.';
    if (n * price > budget) return `${num(n)} PIP cost ${pounds(n * price)} but you have ${pounds(budget)}.`;
    return null;
  }

  function showPip() {
    const allowed = pipAllowed();
    pipField.hidden = !allowed;
    pipSummary.hidden = !allowed;
    pipClosed.hidden = allowed;
    if (!allowed) {
      setText(pipClosed, 'Political influence can only be bought at the start of the campaign.');
      return;
    }
    const { price, budget } = pipBudget();
    pip.max = String(Math.floor(budget / price));
    const n = intValue(pip) ?? 0;
    const problem = pipProblem();
    pipSummary.classList.toggle('is-bad', !!problem);
    if (problem) {
      setText(pipSummary, problem);
      return;
    }
    setText(pipSummary, `${num(n)} PIP at ${pounds(price)} cost ${pounds(n * price)}: your fortune will be ${pounds(budget - n * price)}`
      + ` (of ${pounds(budget)}; at most ${num(Math.floor(budget / price))} PIP).`);
  }

  function body() {
    const profile = {
      social_status: social.value.trim(),
      marital_status: marital.value.trim(),
      background: background.value.trim(),
      experience: experience.value.trim(),
    };
    const a = intValue(age);
    if (a !== null) profile.age = a;
    const out = { campaign: Number(campaignId), name: name.value.trim(), profile };
    if (pipAllowed()) out.pip = intValue(pip) ?? 0;
    return out;
  }

  function check() {
    if (name.value.trim() === '') return 'Give your colonel a name.';
    const a = intValue(age);
    if (a !== null && (Number.isNaN(a) || a < 16 || a > 99)) return 'Age is a whole number from 16 to 99.';
    return pipProblem();
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const problem = check();
    if (problem) {
      error.show(problem);
      return;
    }
    const b = body();
    runForm({
      button: submit,
      error,
      action: async () => {
        if (mode === 'create') {
          await ctx.conn.send('colonel.create', b);
        } else {
          const col = myColonel(view) || {};
          if (b.pip === col.pip_bought) delete b.pip; // unchanged: no PIP purchase to re-check
          await ctx.conn.send('colonel.update', b);
          if (onDone) onDone();
        }
        dirty = false;
        loadedKey = null;
      },
    });
  });

  let onDone = null;
  cancel.addEventListener('click', () => {
    dirty = false;
    loadedKey = null;
    error.hide();
    if (onDone) onDone();
  });

  function load(col) {
    name.value = col.name || '';
    const p = col.profile || {};
    age.value = p.age ?? '';
    social.value = p.social_status || '';
    marital.value = p.marital_status || '';
    background.value = p.background || '';
    experience.value = p.experience || '';
    pip.value = String(col.pip_bought ?? 0);
  }

  return {
    el,
    setMode(m, done) {
      mode = m;
      onDone = done || null;
      submit.dataset.testid = m === 'create' ? 'colonel-create' : 'colonel-save';
      setText(submit, m === 'create' ? 'Create my colonel' : 'Save changes');
      cancel.hidden = m === 'create';
      setText(heading, m === 'create' ? 'Create your colonel' : 'Edit your colonel');
      if (m === 'edit') {
        dirty = false;
        loadedKey = null;
      }
    },
    update(v) {
      view = v;
      const s = (yearOf(v) || {}).settings || {};
      const price = s.pip_price || 10;
      if (mode === 'create') {
        setText(intro, `This is a roleplaying game: say who your colonel is. You start with ${pounds(s.starting_money ?? 1000)}`
          + ` and may buy political influence at ${pounds(price)} a PIP${phase() === 'setup' ? ', now only' : ''};`
          + ' whatever is left is your fortune.');
      } else {
        setText(intro, phase() === 'setup'
          ? 'You may change your name, profile and the PIP you bought until the year starts.'
          : 'Your name and profile may change at any time.');
        const col = myColonel(v);
        const key = col ? JSON.stringify([col.name, col.profile, col.pip_bought]) : null;
        if (col && !dirty && key !== loadedKey) {
          load(col);
          loadedKey = key;
        }
      }
      form.hidden = isClosed(v);
      showPip();
    },
  };
}

// The secret personal objective: one of the book's five or a custom one the umpire approves.
function objectivePanel(ctx, campaignId) {
  const kind = h('select', { id: 'objective-kind', testid: 'objective-kind', dataset: { control: 'objective' } },
    h('option', { value: '' }, 'Choose…'),
    OBJECTIVES.map((o) => h('option', { value: o.kind }, o.text)));
  const text = h('textarea', { id: 'objective-text', rows: '3', maxlength: '500', testid: 'objective-text', placeholder: 'Your own objective, in a sentence or two.' });
  const textField = field('objective-text', 'Your objective', text, 'The umpire must approve it.');
  const choose = h('button', { type: 'submit', class: 'primary', testid: 'objective-choose' }, 'Choose this objective');
  const error = errorLine('objective-error');
  const current = h('div', { class: 'objective-current', testid: 'objective-current' });
  const statusBadge = h('span', { class: 'badge badge-objective', testid: 'objective-status' });
  const currentText = h('p', { class: 'objective-text' });
  const note = h('p', { class: 'hint', testid: 'objective-note' });
  current.append(statusBadge, currentText, note);
  const form = h('form', { class: 'stack', novalidate: true },
    field('objective-kind', 'Objective', kind), textField, error.el, h('div', { class: 'form-actions' }, choose));
  const locked = h('p', { class: 'hint', hidden: true }, 'Chosen at the start of the campaign; it stands.');
  const el = h('section', { class: 'card panel panel-objective', 'aria-labelledby': 'objective-heading' },
    h('h2', { id: 'objective-heading' }, 'Personal objective'),
    h('p', { class: 'secret-note' }, 'Secret: only you and the umpires see it.'),
    current, form, locked);

  let dirty = false;
  let loadedKey = null;
  kind.addEventListener('change', () => {
    dirty = true;
    textField.hidden = kind.value !== 'custom';
  });
  text.addEventListener('input', () => { dirty = true; });

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!kind.value) {
      error.show('Choose an objective first.');
      return;
    }
    const b = { campaign: Number(campaignId), kind: kind.value };
    if (kind.value === 'custom') {
      if (text.value.trim() === '') {
        error.show('Write your objective first.');
        return;
      }
      b.text = text.value.trim();
    }
    runForm({
      button: choose,
      error,
      action: async () => {
        await ctx.conn.send('objective.choose', b);
        dirty = false;
        loadedKey = null;
      },
    });
  });

  return {
    el,
    update(view, col) {
      const y = yearOf(view) || {};
      const obj = col.objective;
      current.hidden = !obj;
      if (obj) {
        setText(statusBadge, OBJECTIVE_STATUS[obj.status] || obj.status);
        statusBadge.dataset.status = obj.status;
        setText(currentText, objectiveText(obj));
        setText(note, obj.note ? `The umpire: “${obj.note}”` : obj.status === 'pending' ? 'The umpire has yet to decide.' : '');
        note.hidden = !note.textContent;
      }
      const open = !isClosed(view) && (y.phase === 'setup' || !obj || obj.status !== 'approved');
      form.hidden = !open;
      locked.hidden = open || !obj;
      setText(choose, obj ? 'Change my objective' : 'Choose this objective');
      const key = JSON.stringify(obj || null);
      if (!dirty && key !== loadedKey) {
        loadedKey = key;
        kind.value = obj ? obj.kind : '';
        text.value = obj && obj.kind === 'custom' ? obj.text || '' : '';
        textField.hidden = kind.value !== 'custom';
      }
    },
  };
}

// A colonel killed in battle: his player names the successor who takes on the regiment and fortune
// (docs/rules-notes.md, "A colonel's fate in battle"; the server decides what passes to him).
function successorPanel(ctx, campaignId) {
  const input = h('input', { id: 'successor-name', type: 'text', maxlength: '80', autocomplete: 'off', testid: 'successor-name', dataset: { control: 'colonel-successor' } });
  const save = h('button', { type: 'submit', class: 'primary', testid: 'colonel-succeed' }, 'Name the successor');
  const error = errorLine('successor-error');
  const words = h('p', { testid: 'successor-words' });
  const form = h('form', { class: 'stack', novalidate: true },
    field('successor-name', 'Your new colonel’s name', input), error.el, h('div', { class: 'form-actions' }, save));
  const el = h('section', { class: 'card panel panel-successor', 'aria-labelledby': 'successor-heading', role: 'alert' },
    h('h2', { id: 'successor-heading' }, 'Your colonel is dead'), words, form);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) {
      error.show('Give your successor a name.');
      return;
    }
    runForm({
      button: save,
      error,
      action: async () => {
        await ctx.conn.send('colonel.succeed', { campaign: Number(campaignId), name });
        input.value = '';
      },
    });
  });
  return {
    el,
    update(view, col) {
      const dead = !!(col.laid_up && col.laid_up.fate === 'killed');
      el.hidden = !dead || isClosed(view);
      if (dead) setText(words, `${colonelTitle(col.name)} was killed in battle. Name his successor: he takes on the regiment and the fortune.`);
    },
  };
}

// The regiment's name (default "<colonel>'s Regiment of Foot").
function regimentNamePanel(ctx, campaignId) {
  const input = h('input', { id: 'regiment-name', type: 'text', maxlength: '80', testid: 'regiment-name' });
  const save = h('button', { type: 'submit', class: 'secondary', testid: 'regiment-rename' }, 'Rename');
  const error = errorLine('regiment-rename-error');
  const form = h('form', { class: 'inline-form', novalidate: true },
    field('regiment-name', "Your regiment's name", input), h('div', { class: 'form-actions' }, save));
  const el = h('section', { class: 'card panel', 'aria-label': "The regiment's name" }, form, error.el);
  let dirty = false;
  let loaded = null;
  input.addEventListener('input', () => { dirty = true; });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) {
      error.show('Give the regiment a name.');
      return;
    }
    runForm({
      button: save,
      error,
      action: async () => {
        await ctx.conn.send('regiment.rename', { campaign: Number(campaignId), name });
        dirty = false;
      },
    });
  });
  return {
    el,
    update(view, col) {
      el.hidden = !col.regiment || isClosed(view);
      if (!dirty && col.regiment_name !== loaded) {
        loaded = col.regiment_name;
        input.value = col.regiment_name || '';
      }
    },
  };
}

// Its name and when it shows are in index.js, which loads this file when the tab is first opened.
export const colonelTab = {
  create(ctx, campaignId) {
    const form = colonelForm(ctx, campaignId);
    const sheet = colonelSheet();
    const objective = objectivePanel(ctx, campaignId);
    const regimentName = regimentNamePanel(ctx, campaignId);
    const successor = successorPanel(ctx, campaignId);
    const editButton = h('button', { type: 'button', class: 'secondary small', testid: 'colonel-edit' }, 'Edit name and profile');
    const sheetCard = h('section', { class: 'card panel panel-sheet', 'aria-label': 'Your colonel’s sheet' },
      h('div', { class: 'sheet-actions' }, editButton), sheet.el);
    const createView = h('div', { class: 'create-colonel' }, form.el);
    const main = h('div', { class: 'col-main' });
    const side = h('div', { class: 'col-side' });
    const el = h('div', { class: 'year-grid' }, main, side);
    let state = null; // 'create' | 'sheet' | 'edit'
    let lastView = null;

    function show(next) {
      if (state === next) return;
      state = next;
      if (next === 'create') {
        form.setMode('create');
        main.replaceChildren(createView);
        side.replaceChildren();
        el.classList.add('single');
      } else if (next === 'edit') {
        form.setMode('edit', () => {
          show('sheet');
          if (lastView) update(lastView);
        });
        main.replaceChildren(form.el);
        side.replaceChildren(objective.el, regimentName.el);
        el.classList.remove('single');
      } else {
        main.replaceChildren(successor.el, sheetCard);
        side.replaceChildren(objective.el, regimentName.el);
        el.classList.remove('single');
      }
    }

    editButton.addEventListener('click', () => {
      show('edit');
      if (lastView) update(lastView);
    });

    function update(view) {
      lastView = view;
      const col = myColonel(view);
      if (!col) show('create');
      else if (state !== 'edit') show('sheet');
      editButton.hidden = isClosed(view);
      form.update(view);
      if (col) {
        sheet.update(col, view);
        objective.update(view, col);
        regimentName.update(view, col);
        successor.update(view, col);
      }
    }
    return { el, update };
  },
};
