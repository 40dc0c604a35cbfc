// House rules (docs/protocol.md, "House rules"): every number of the year's rules with the book's value and
// the campaign's, the ones that differ marked. Everyone reads them; umpires change them (rules.set).

import { h, setText, errorLine, runForm } from '../common/dom.js';
import { SETTINGS, settingValueText, isClosed } from './format.js';

function controlFor(meta, name) {
  const id = `rules-${name}`;
  if (meta.type === 'bool') return h('input', { type: 'checkbox', id, testid: id });
  if (meta.type === 'choice') {
    return h('select', { id, testid: id }, Object.entries(meta.choices).map(([v, t]) => h('option', { value: v }, t)));
  }
  return h('input', { type: 'number', id, testid: id, step: '1', inputmode: 'numeric', min: meta.min, max: meta.max, class: 'rules-number' });
}

function readControl(meta, control) {
  if (meta.type === 'bool') return control.checked;
  if (meta.type === 'choice') return control.value;
  const t = control.value.trim();
  return /^-?\d+$/.test(t) ? Number(t) : NaN;
}

function writeControl(meta, control, value) {
  if (meta.type === 'bool') control.checked = !!value;
  else control.value = value === undefined || value === null ? '' : String(value);
}

// Its name and when it shows are in index.js, which loads this file when the tab is first opened.
export const rulesTab = {
  create(ctx, campaignId) {
    const list = h('div', { class: 'rules-list', testid: 'rules-list' });
    const summary = h('p', { class: 'rules-summary', testid: 'rules-summary' });
    const save = h('button', { type: 'submit', class: 'primary', testid: 'rules-save' }, 'Save changes');
    const revert = h('button', { type: 'button', class: 'ghost', testid: 'rules-revert' }, 'Discard edits');
    const error = errorLine('rules-error');
    const pending = h('span', { class: 'hint', testid: 'rules-pending' });
    const actions = h('div', { class: 'form-actions rules-actions' }, save, revert, pending);
    const form = h('form', { class: 'rules-form', novalidate: true }, list, error.el, actions);
    const intro = h('p', { class: 'muted' });
    const el = h('section', { class: 'card panel panel-rules', 'aria-labelledby': 'rules-heading' },
      h('h2', { id: 'rules-heading' }, 'House rules'), intro, summary, form);

    const rows = new Map(); // name -> {meta, row, control, campaignText, resetButton}
    const edits = new Map(); // name -> edited value (umpires)
    let view = null;
    let umpire = false;
    let built = false;

    function build(settings) {
      const names = new Set(Object.keys(settings));
      const metas = [];
      for (const m of SETTINGS) {
        if (m.group) metas.push(m);
        else if (names.has(m.name)) {
          metas.push(m);
          names.delete(m.name);
        }
      }
      // Settings this page does not know yet still show, as the server names them.
      if (names.size) {
        metas.push({ group: 'Other' });
        for (const n of [...names].sort()) {
          const v = settings[n];
          metas.push({ name: n, label: n.replace(/_/g, ' '), type: typeof v === 'boolean' ? 'bool' : typeof v === 'string' ? 'text' : 'int', passage: '' });
        }
      }
      list.replaceChildren(h('div', { class: 'rules-header', 'aria-hidden': 'true' },
        h('span', {}, 'Setting'), h('span', {}, 'Book'), h('span', {}, 'This campaign')));
      for (const m of metas) {
        if (m.group) {
          list.appendChild(h('h3', { class: 'rules-group' }, m.group));
          continue;
        }
        const control = m.type === 'text' ? h('input', { type: 'text', id: `rules-${m.name}`, testid: `rules-${m.name}` }) : controlFor(m, m.name);
        const campaignText = h('span', { class: 'rules-value', testid: 'rules-campaign' });
        const bookText = h('span', { class: 'rules-value', testid: 'rules-book' });
        const resetButton = h('button', { type: 'button', class: 'small ghost', testid: 'rules-reset' }, 'Book value');
        const flag = h('span', { class: 'badge badge-differs', hidden: true }, 'house rule');
        const row = h('div', { class: 'rules-row', testid: 'rules-row', dataset: { setting: m.name } },
          h('div', { class: 'rules-name' },
            h('label', { for: `rules-${m.name}` }, m.label), ' ', flag,
            h('span', { class: 'hint rules-passage' }, m.passage ? `“${m.passage}” · ${m.name}` : m.name)),
          h('div', { class: 'rules-book' }, h('span', { class: 'rules-col-label' }, 'Book'), bookText),
          h('div', { class: 'rules-campaign' }, h('span', { class: 'rules-col-label' }, 'This campaign'), campaignText,
            // A checkbox in a box a finger can hit: the label round it (the row's name is its other label).
            m.type === 'bool' ? h('label', { class: 'check-pad' }, control) : control, resetButton));
        control.addEventListener(m.type === 'bool' || m.type === 'choice' ? 'change' : 'input', () => {
          edits.set(m.name, readControl(m, control));
          refresh();
        });
        resetButton.addEventListener('click', () => {
          const book = ((view.year || {}).book || {})[m.name];
          writeControl(m, control, book);
          edits.set(m.name, book);
          refresh();
        });
        rows.set(m.name, { meta: m, row, control, campaignText, bookText, resetButton, flag });
        list.appendChild(row);
      }
      built = true;
    }

    // Changes against the campaign's values; drops edits that came back to them.
    function changes() {
      const settings = (view.year || {}).settings || {};
      const out = {};
      for (const [name, v] of edits) {
        if (v !== settings[name]) out[name] = v;
      }
      return out;
    }

    function refresh() {
      const y = view.year || {};
      const settings = y.settings || {};
      const book = y.book || {};
      const differs = y.differs || {};
      let count = 0;
      for (const [name, r] of rows) {
        const d = Object.prototype.hasOwnProperty.call(differs, name) || (name in book && book[name] !== settings[name]);
        if (d) count++;
        r.row.dataset.differs = d ? 'true' : 'false';
        r.row.classList.toggle('differs', d);
        r.flag.hidden = !d;
        setText(r.bookText, settingValueText(r.meta, book[name]));
        setText(r.campaignText, settingValueText(r.meta, settings[name]));
        r.campaignText.hidden = umpire;
        r.control.hidden = !umpire;
        const edited = edits.has(name) ? edits.get(name) : settings[name];
        if (umpire && document.activeElement !== r.control) writeControl(r.meta, r.control, edited);
        const pendingEdit = edits.has(name) && edits.get(name) !== settings[name];
        r.row.classList.toggle('edited', pendingEdit);
        r.resetButton.hidden = !umpire || !(name in book) || edited === book[name];
      }
      summary.dataset.count = String(count);
      setText(summary, count === 0 ? 'This campaign plays by the book.'
        : `${count} setting${count === 1 ? '' : 's'} differ${count === 1 ? 's' : ''} from the book (marked).`);
      const n = Object.keys(changes()).length;
      actions.hidden = !umpire;
      save.disabled = n === 0;
      revert.hidden = n === 0;
      setText(pending, n === 0 ? '' : `${n} unsaved change${n === 1 ? '' : 's'}`);
    }

    revert.addEventListener('click', () => {
      edits.clear();
      error.hide();
      for (const r of rows.values()) writeControl(r.meta, r.control, ((view.year || {}).settings || {})[r.meta.name]);
      refresh();
    });

    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const c = changes();
      for (const [name, v] of Object.entries(c)) {
        const m = rows.get(name).meta;
        if (typeof v === 'number' && Number.isNaN(v)) {
          error.show(`${m.label}: a whole number, please.`);
          return;
        }
        if (typeof v === 'number' && ((m.min !== undefined && v < m.min) || (m.max !== undefined && v > m.max))) {
          error.show(`${m.label} must be from ${m.min} to ${m.max}.`);
          return;
        }
      }
      if (Object.keys(c).length === 0) return;
      runForm({
        button: save,
        error,
        action: async () => {
          await ctx.conn.send('rules.set', { campaign: Number(campaignId), settings: c });
          edits.clear();
        },
      }).then(() => refresh());
    });

    return {
      el,
      update(v) {
        view = v;
        umpire = !!(v.me && v.me.role === 'umpire') && !isClosed(v);
        const settings = (v.year || {}).settings || {};
        const key = Object.keys(settings).sort().join(',');
        if (!built || list.dataset.key !== key) {
          build(settings);
          list.dataset.key = key;
        }
        setText(intro, umpire
          ? 'Every number of the year’s rules, with the book’s value. Change any of them: a change applies from then on (it does not rewrite past months). Players see these too.'
          : 'Every number of the year’s rules: the book’s value and this campaign’s. The umpire sets them.');
        refresh();
      },
    };
  },
};
