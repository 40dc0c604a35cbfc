// The umpire's editor of a briefing (docs/protocol.md, expedition.edit; "The briefing's fields"): a row per field of
// `umpire.fields`, its value (text, a number for months, percent and multiple, the mission a select of
// `umpire.missions`) saved with its own button as {field, value}, and "Players see it" saved as soon as it is
// ticked, as {field, public}. Without an expedition number the draft is edited. A row keeps what the umpire
// types until he saves it, whatever the view brings meanwhile.
//
// Test ids: expedition-fields, expedition-field (data-field, data-kind, data-public, data-value: the view's),
// expedition-field-value, expedition-field-public, expedition-field-visibility, expedition-field-save,
// expedition-field-error.

import { h, setText, syncKeyed, errorLine, runForm } from '../../common/dom.js';
import { fieldLabel, MISSIONS, idPrefix, isBlank } from './words.js';
import { mapUpload } from './map_upload.js';

// Text fields that read better in a box of two lines.
const LONG = new Set(['action', 'objectives', 'travel', 'map', 'believed_enemy', 'risk_hint', 'pip_gains', 'other_gains',
  'enemy_numbers_text', 'notes']);

const NUMBERS = {
  months: { min: 0, max: 24, step: '1', whole: true, words: 'a whole number of months from 0 to 24' },
  percent: { min: 0, max: 100, step: '1', whole: true, words: 'a whole percent from 0 to 100' },
  multiple: { min: 0, max: 20, step: '0.1', whole: false, words: 'a multiple of the expedition’s strength from 0 to 20' },
};

function control(spec, id, missions) {
  if (spec.kind === 'mission') {
    return h('select', { id, testid: 'expedition-field-value' },
      h('option', { value: '' }, '— choose the mission —'),
      (missions.length ? missions : Object.entries(MISSIONS).map(([key, title]) => ({ key, title })))
        .map((m) => h('option', { value: m.key }, m.title)));
  }
  const n = NUMBERS[spec.kind];
  if (n) {
    return h('input', { id, type: 'number', min: String(n.min), max: String(n.max), step: n.step, inputmode: n.whole ? 'numeric' : 'decimal', testid: 'expedition-field-value' });
  }
  if (LONG.has(spec.name)) return h('textarea', { id, rows: '2', maxlength: '2000', testid: 'expedition-field-value' });
  return h('input', { id, type: 'text', maxlength: '2000', autocomplete: 'off', testid: 'expedition-field-value' });
}

// The value an input holds, as the server takes it; {error} when it is not one.
function readValue(spec, input) {
  const t = String(input.value).trim();
  if (spec.kind === 'mission') return { value: t === '' ? null : t };
  const n = NUMBERS[spec.kind];
  if (n) {
    if (t === '') return { value: null };
    const v = Number(t);
    if (!Number.isFinite(v) || (n.whole && !/^\d+$/.test(t)) || v < n.min || v > n.max) {
      return { error: `${fieldLabel(spec.name)} is ${n.words}.` };
    }
    return { value: v };
  }
  return { value: t === '' ? null : t };
}

function shown(v) {
  return isBlank(v) ? '' : String(v);
}

function fieldRow(ctx, campaignId, spec, missions, target) {
  const p = idPrefix(`f-${spec.name}`);
  const input = control(spec, `${p}-value`, missions);
  const pub = h('input', { id: `${p}-public`, type: 'checkbox', testid: 'expedition-field-public' });
  const tag = h('span', { class: 'badge', testid: 'expedition-field-visibility' });
  const save = h('button', { type: 'submit', class: 'small secondary', testid: 'expedition-field-save' }, 'Save');
  const error = errorLine('expedition-field-error');
  const form = h('form', { class: 'tool-form', novalidate: true },
    h('div', { class: 'section-head' }, h('label', { for: `${p}-value` }, fieldLabel(spec.name)), tag),
    input,
    h('div', { class: 'form-actions' },
      h('label', { class: 'check', for: `${p}-public` }, pub, h('span', {}, 'Players see it')), save),
    error.el,
    spec.name === 'map' ? mapUpload(campaignId, async (url) => {
      await ctx.conn.send('expedition.edit', { campaign: Number(campaignId), ...target(), field: 'map', value: url });
      dirty = false;
    }, error) : null);
  const li = h('li', { class: 'adjustment-item', testid: 'expedition-field', dataset: { field: spec.name, kind: spec.kind } }, form);

  let dirty = false;
  let last = { value: null, public: false, editable: true };

  function fill() {
    if (!dirty) input.value = shown(last.value);
    pub.checked = !!last.public;
    li.dataset.public = last.public ? 'true' : 'false';
    li.dataset.value = shown(last.value);
    tag.className = `badge ${last.public ? 'badge-ok' : 'badge-secret'}`;
    setText(tag, last.public ? 'players see it' : 'secret: umpires only');
  }

  input.addEventListener('input', () => { dirty = true; });
  input.addEventListener('change', () => { dirty = true; });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const r = readValue(spec, input);
    if (r.error) {
      error.show(r.error);
      return;
    }
    runForm({
      button: save,
      error,
      action: async () => {
        await ctx.conn.send('expedition.edit', { campaign: Number(campaignId), ...target(), field: spec.name, value: r.value });
        dirty = false;
        fill();
      },
    });
  });
  pub.addEventListener('change', () => {
    const want = pub.checked;
    runForm({
      button: pub,
      error,
      action: async () => {
        try {
          await ctx.conn.send('expedition.edit', { campaign: Number(campaignId), ...target(), field: spec.name, public: want });
        } finally {
          fill();
        }
      },
    });
  });

  return {
    el: li,
    update(f, { mission }) {
      last = { value: f ? f.value : null, public: !!(f && f.public) };
      fill();
      // "mission is settled at the briefing".
      const settled = spec.kind === 'mission' && mission === 'settled';
      input.disabled = settled;
      save.hidden = settled;
      if (settled) input.title = 'The mission is settled once the expedition is briefed.';
    },
  };
}

// editor.update(x, umpirePart): x the draft or a briefed expedition as umpires see it.
export function fieldsEditor(ctx, campaignId) {
  const list = h('ul', { class: 'adjustment-list', testid: 'expedition-fields' });
  let x = null;
  const target = () => (x && x.id ? { expedition: x.id } : {});
  return {
    el: list,
    update(exp, umpirePart) {
      x = exp;
      const u = umpirePart || {};
      const missions = Array.isArray(u.missions) ? u.missions : [];
      const specs = (Array.isArray(u.fields) ? u.fields : []).map((s) => [s.name, s]);
      const b = (exp && exp.briefing) || {};
      syncKeyed(list, specs, (spec) => {
        const row = fieldRow(ctx, campaignId, spec, missions, target);
        row.el.row = row;
        return row.el;
      }, (li, spec) => li.row.update(b[spec.name], { mission: exp && exp.status !== 'draft' ? 'settled' : 'open' }));
    },
  };
}
