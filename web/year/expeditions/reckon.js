// The umpire's reckoning of a departed expedition (docs/protocol.md, expedition.outcome, expedition.reckon;
// over-the-hills.txt, ANNEX A, "PIP Gain" and "Other gains"): the outcome form, the server's `preview` of what it is
// worth, "Apply the reckoning"; afterwards each colonel's lines (`reckonings`).
//
// Test ids: outcome-form, outcome-success, outcome-outnumbered, outcome-town-taken, outcome-riots-worse,
// outcome-battles-won, outcome-loss (data-regiment), outcome-save, outcome-error; reckoning-preview,
// preview-words, preview-colonel (data-colonel), preview-loot, preview-bonus, preview-risks, reckon, reckon-error;
// reckonings, reckoning-colonel (data-colonel).

import { h, setText, syncKeyed, errorLine, runForm } from '../../common/dom.js';
import { ordinal, pounds, signed } from '../format.js';
import { reckoningLines } from './card.js';
import { idPrefix, field, check, whoText, wholeNumber } from './words.js';

const FLAGS = [
  ['success', 'Successful: the objective achieved (the battle won, the island captured, the riots put down)', 'outcome-success'],
  ['outnumbered', 'The enemy outnumbered the expedition', 'outcome-outnumbered'],
  ['town_taken', 'The town (or pirate port) taken; when defending, taken by the enemy', 'outcome-town-taken'],
  ['riots_worse', 'The riots got worse', 'outcome-riots-worse'],
];

function outcomeForm(ctx, campaignId) {
  const p = idPrefix('outcome');
  const boxes = {};
  const flags = h('div', { class: 'checks' }, FLAGS.map(([key, label, testid]) => {
    boxes[key] = h('input', { id: `${p}-${key}`, type: 'checkbox', testid });
    return check(`${p}-${key}`, label, boxes[key]);
  }));
  const battles = h('input', { id: `${p}-battles`, type: 'number', min: '0', max: '20', step: '1', value: '0', inputmode: 'numeric', testid: 'outcome-battles-won' });
  const losses = h('div', { class: 'tool-row' });
  const save = h('button', { type: 'submit', class: 'secondary', testid: 'outcome-save' }, 'Record the outcome');
  const error = errorLine('outcome-error');
  const form = h('form', { class: 'tool-form', novalidate: true, testid: 'outcome-form', dataset: { control: 'expedition-outcome' } },
    h('fieldset', {}, h('legend', {}, 'What happened'), flags),
    field(`${p}-battles`, 'Battles won', battles, 'Counts when capturing an island: +5 PIP each.'),
    h('fieldset', {}, h('legend', {}, 'Losses in action, percent of each regiment'), losses),
    h('div', { class: 'form-actions' }, save), error.el);
  let dirty = false;
  let x = null;
  form.addEventListener('input', () => { dirty = true; });
  form.addEventListener('change', () => { dirty = true; });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const outcome = {};
    for (const [key] of FLAGS) outcome[key] = boxes[key].checked;
    const b = String(battles.value).trim() === '' ? 0 : wholeNumber(battles);
    if (!Number.isInteger(b) || b > 20) {
      error.show('Battles won: a whole number from 0 to 20.');
      return;
    }
    outcome.battles_won = b;
    outcome.losses_percent = {};
    for (const input of losses.querySelectorAll('input')) {
      if (String(input.value).trim() === '') continue;
      const n = wholeNumber(input);
      if (!Number.isInteger(n) || n > 100) {
        error.show(`The ${ordinal(Number(input.dataset.regiment))}’s losses: a whole percent from 0 to 100.`);
        return;
      }
      outcome.losses_percent[input.dataset.regiment] = n;
    }
    runForm({
      button: save,
      error,
      action: async () => {
        await ctx.conn.send('expedition.outcome', { campaign: Number(campaignId), expedition: x.id, outcome });
        dirty = false;
      },
    });
  });
  return {
    el: form,
    update(exp) {
      x = exp;
      const o = x.outcome || {};
      const regs = (x.regiments || []).map((n) => [n, n]);
      syncKeyed(losses, regs, (n, k) => field(`${p}-loss-${k}`, '',
        h('input', { id: `${p}-loss-${k}`, type: 'number', min: '0', max: '100', step: '1', inputmode: 'numeric', testid: 'outcome-loss', dataset: { regiment: k } })), (div, n, k) => {
        setText(div.querySelector('label'), `The ${ordinal(n)} (%)`);
        if (!dirty) div.querySelector('input').value = String(((o.losses_percent || {})[k]) ?? 0);
      });
      if (!dirty) {
        for (const [key] of FLAGS) boxes[key].checked = !!o[key];
        battles.value = String(o.battles_won ?? 0);
      }
    },
  };
}

function previewBox(ctx, campaignId) {
  const words = h('p', { class: 'diary-text', testid: 'preview-words' });
  const colonels = h('ul', { class: 'adjustment-list' });
  const loot = h('p', { testid: 'preview-loot' });
  const bonus = h('p', { testid: 'preview-bonus' });
  const risks = h('p', { testid: 'preview-risks' });
  const none = h('p', { class: 'muted empty' }, 'Record the outcome to see what it is worth.');
  const reckon = h('button', { type: 'button', class: 'primary', testid: 'reckon' }, 'Apply the reckoning');
  const error = errorLine('reckon-error');
  const body = h('div', {}, words, colonels, loot, bonus, risks);
  const el = h('div', { class: 'tool-form', testid: 'reckoning-preview' },
    none, body,
    h('p', { class: 'hint' }, 'Applying it rolls the loot, disease and shipwreck in each colonel’s own dice, pays and takes what is due, and sends the force home.'),
    h('div', { class: 'form-actions' }, reckon), error.el);
  let x = null;
  reckon.addEventListener('click', () => runForm({
    button: reckon, error, action: () => ctx.conn.send('expedition.reckon', { campaign: Number(campaignId), expedition: x.id }),
  }));
  return {
    el,
    update(exp, view) {
      x = exp;
      const pv = x.preview || null;
      none.hidden = !!pv;
      body.hidden = !pv;
      reckon.disabled = !x.outcome;
      if (!pv) return;
      setText(words, pv.words || '');
      const cs = Object.entries(pv.colonels || {}).sort((a, b) => Number(a[0]) - Number(b[0]));
      syncKeyed(colonels, cs, () => h('li', { class: 'adjustment-item', testid: 'preview-colonel' }, h('strong'), h('ul', { class: 'report-lines' })), (li, c, u) => {
        li.dataset.colonel = u;
        setText(li.firstChild, whoText(view, Number(u)));
        const lines = Array.isArray(c.pip) ? c.pip : [];
        li.lastChild.replaceChildren(...(lines.length ? lines.map((l) => h('li', { class: 'report-line' },
          h('span', {}, l.text || l.item), h('span', { class: `amount ${l.amount < 0 ? 'neg' : 'pos'}` }, `${signed(l.amount)} PIP`)))
          : [h('li', { class: 'report-line' }, h('span', {}, 'No PIP gained or lost'))]));
      });
      setText(loot, pv.loot ? `Loot: ${pv.loot}.` : 'No loot.');
      setText(bonus, pv.bonus_per_regiment ? `Bonus: ${pounds(pv.bonus_per_regiment)} to each colonel whose regiment went.` : 'No bonus.');
      const lp = Object.entries(pv.losses_percent || {}).filter(([, v]) => v).map(([n, v]) => `the ${ordinal(Number(n))} ${v}%`);
      setText(risks, `Losses in action: ${lp.length ? lp.join(', ') : 'none'}. Disease: ${pv.disease_risk || 0}% chance. Shipwreck: ${pv.shipwreck_risk || 0}% chance each voyage at sea.`);
    },
  };
}

// Departed: the outcome and the preview; reckoned: each colonel's lines.
export function reckonConsole(ctx, campaignId) {
  const outcome = outcomeForm(ctx, campaignId);
  const preview = previewBox(ctx, campaignId);
  const departed = h('div', {}, h('h3', {}, 'The outcome'), outcome.el, h('h3', {}, 'The reckoning to come'), preview.el);
  const list = h('ul', { class: 'adjustment-list', testid: 'reckonings' });
  const reckoned = h('div', {}, h('h3', {}, 'Each colonel’s reckoning'), list);
  const el = h('div', { class: 'colonel-tools' }, departed, reckoned);
  let keys = new Map();
  return {
    el,
    update(x, view) {
      departed.hidden = x.status !== 'departed';
      reckoned.hidden = !(x.status === 'returning' || x.status === 'home');
      if (!departed.hidden) {
        outcome.update(x, view);
        preview.update(x, view);
      }
      if (!reckoned.hidden) {
        const rs = Object.entries(x.reckonings || {}).sort((a, b) => Number(a[0]) - Number(b[0]));
        syncKeyed(list, rs, () => h('li', { class: 'adjustment-item', testid: 'reckoning-colonel' }, h('strong'), h('div')), (li, r, u) => {
          li.dataset.colonel = u;
          setText(li.firstChild, whoText(view, Number(u)));
          const key = JSON.stringify(r);
          if (keys.get(u) !== key) {
            keys.set(u, key);
            li.lastChild.replaceChildren(reckoningLines(r));
          }
        });
        if (keys.size > rs.length * 2) keys = new Map();
      }
    },
  };
}
