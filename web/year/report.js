// A month report (docs/protocol.md, "The year's view", "A month report"): every roll with its die, every
// change to money, PIP and the regiment, what was cut, flags, and the umpire's notes.

import { h } from '../common/dom.js';
import {
  pounds, signedPounds, signed, num, ACTIVITIES, IMPROVEMENTS, PAY_CHOICES, MONEY_ITEMS, PIP_ITEMS, FLAGS, ATTRIBUTES,
} from './format.js';

const REGIMENT_FIELDS = {
  drill: 'Drill', musketry: 'Musketry', effectiveness: 'Effectiveness', companies: 'Companies maintained',
  declared: 'Companies declared', arrears: 'Arrears', arrears_months: 'Months in arrears', number: 'Regiment',
  name: 'Name',
};

export function ordersText(diary) {
  if (!diary) return '';
  const parts = [];
  const o = diary.orders;
  if (o) {
    const imps = IMPROVEMENTS.filter((i) => o[i.key]).map((i) => i.label.toLowerCase());
    parts.push(imps.length ? `Ordered ${imps.join(', ')}` : 'No improvements');
    parts.push(`${o.maintained} companies maintained, ${o.declared} declared`);
    parts.push(PAY_CHOICES[o.pay] || o.pay);
  }
  return parts.join(' · ');
}

export function activityText(diary, activity) {
  const a = activity || (diary && diary.activity);
  if (!a) return '';
  let t = ACTIVITIES[a] || a;
  if (a === 'supervise' && diary && diary.supervise) {
    const imp = IMPROVEMENTS.find((i) => i.key === diary.supervise);
    t += ` (${imp ? imp.label.toLowerCase() : diary.supervise})`;
  }
  return t;
}

function attributeLabel(key) {
  const a = ATTRIBUTES.find((x) => x.key === key);
  return a ? a.label : key;
}

function rollItem(r) {
  const result = r.result || '';
  const li = h('li', { class: `report-roll result-${result.replace(/\s+/g, '-')}`, testid: 'report-roll-item', dataset: { die: String(r.die) } },
    h('span', { class: 'die die-big', title: 'the die' }, String(r.die)),
    h('span', { class: 'roll-what' },
      h('strong', {}, capitalise(r.roll || '')),
      h('span', { class: 'hint' },
        `${r.modifier ? `${r.die} ${r.modifier > 0 ? '+' : '−'} ${Math.abs(r.modifier)} = ${r.total}` : `rolled ${r.total}`}; needed ${r.needed}`
        + `${typeof r.counter === 'number' ? ` · die no. ${r.counter} of ${r.stream && r.stream !== 'campaign' ? 'this colonel’s dice' : 'the campaign'}` : ''}`)),
    h('span', { class: 'roll-result' },
      result === 'gained' || result === 'lost' ? `${attributeLabel(r.attribute)} ${r.before} → ${r.after}`
        : `no change (${r.after ?? r.before})`));
  return li;
}

function capitalise(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

function lines(title, items, make, testid) {
  if (!items || items.length === 0) return null;
  return h('div', { class: 'report-block' }, h('h4', {}, title), h('ul', { class: 'report-lines', testid }, items.map(make)));
}

// The body of one report (everything but the heading).
export function reportBody(r) {
  const fortune = r.fortune || {};
  const pipTotal = r.pip_total || {};
  const money = Array.isArray(r.money) ? r.money : [];
  const pips = Array.isArray(r.pip) ? r.pip : [];
  const rolls = Array.isArray(r.rolls) ? r.rolls : [];
  const regiment = r.regiment && typeof r.regiment === 'object' ? Object.entries(r.regiment) : [];
  const moneySum = money.reduce((a, m) => a + (m.amount || 0), 0);

  return h('div', { class: 'report-body' },
    h('div', { class: 'report-totals' },
      h('div', { class: 'number-box' }, h('span', { class: 'number-label' }, 'Fortune'),
        h('span', { class: 'report-change', testid: 'report-fortune', dataset: { before: String(fortune.before), after: String(fortune.after) } },
          `${pounds(fortune.before)} → ${pounds(fortune.after)}`)),
      h('div', { class: 'number-box' }, h('span', { class: 'number-label' }, 'PIP'),
        h('span', { class: 'report-change', testid: 'report-pip', dataset: { before: String(pipTotal.before), after: String(pipTotal.after) } },
          `${num(pipTotal.before)} → ${num(pipTotal.after)}`))),
    h('p', { class: 'report-activity' },
      h('strong', {}, 'Activity: '), activityText(r.diary, r.activity),
      r.default ? h('span', { class: 'badge badge-default', testid: 'report-default' }, 'default diary') : null),
    r.diary && r.diary.orders ? h('p', { class: 'hint report-orders' }, ordersText(r.diary)) : null,
    lines('Money', money, (m) => h('li', { class: 'report-line', testid: 'report-money-item', dataset: { item: m.item } },
      h('span', {}, m.text || MONEY_ITEMS[m.item] || m.item),
      h('span', { class: `amount ${m.amount < 0 ? 'neg' : 'pos'}` }, signedPounds(m.amount))), 'report-money'),
    money.length ? h('p', { class: 'report-sum hint' }, `In all ${signedPounds(moneySum)}`) : null,
    lines('Political influence', pips, (p) => h('li', { class: 'report-line', testid: 'report-pip-item', dataset: { item: p.item } },
      h('span', {}, p.text || PIP_ITEMS[p.item] || p.item),
      h('span', { class: `amount ${p.amount < 0 ? 'neg' : 'pos'}` }, `${signed(p.amount)} PIP`)), 'report-pips'),
    rolls.length ? h('div', { class: 'report-block' }, h('h4', {}, 'Rolls'),
      h('ol', { class: 'report-rolls', testid: 'report-rolls' }, rolls.map(rollItem))) : null,
    lines('The regiment', regiment, ([k, v]) => h('li', { class: 'report-line', testid: 'report-regiment-item', dataset: { field: k } },
      h('span', {}, REGIMENT_FIELDS[k] || k),
      h('span', { class: 'amount' }, k === 'arrears' ? `${pounds(v.before)} → ${pounds(v.after)}` : `${v.before} → ${v.after}`)), 'report-regiment'),
    lines('Cut for want of money', r.cut, (t) => h('li', { class: 'report-line warn-line', testid: 'report-cut-item' }, t), 'report-cut'),
    lines('Warnings', r.flags, (f) => h('li', { class: 'report-line warn-line', testid: 'report-flag-item' }, FLAGS[f] || f), 'report-flags'),
    lines('The umpire notes', r.notes, (t) => h('li', { class: 'report-note', testid: 'report-note-item' }, h('span', { class: 'item-text' }, t)), 'report-notes'),
    ...(Array.isArray(r.expedition) ? r.expedition.map(expeditionBlock) : []));
}

// An expedition reckoned after this month (docs/protocol.md, "Expeditions"): its words, the colonel's PIP and
// money, his regiment's losses and the rolls, as the server gave them.
function expeditionBlock(x) {
  const item = (text, amount, unit) => h('li', { class: 'report-line', testid: 'report-expedition-item' },
    h('span', {}, text), h('span', { class: `amount ${amount < 0 ? 'neg' : 'pos'}` }, unit === '£' ? signedPounds(amount) : `${signed(amount)} PIP`));
  const rolls = Array.isArray(x.rolls) ? x.rolls : [];
  return h('div', { class: 'report-block', testid: 'report-expedition' },
    h('h4', {}, `Expedition ${x.expedition}: ${x.words || ''}`),
    h('ul', { class: 'report-lines' },
      ...(x.pip || []).map((p) => item(p.text, p.amount, 'PIP')),
      ...(x.money || []).map((m) => item(m.text, m.amount, '£')),
      ...(x.losses || []).map((l) => h('li', { class: 'report-line warn-line' }, `${l.reason}: ${l.before} → ${l.after} companies${l.halved ? ' (half lost: every attribute drops a point)' : ''}`))),
    rolls.length ? h('ol', { class: 'report-rolls' }, rolls.map((r) => h('li', {},
      `${r.what} ${r.dice}: ${r.value}${r.struck === true ? ' (struck)' : r.struck === false ? ' (spared)' : ''}${r.counter !== undefined ? ` · ${r.stream} #${r.counter}` : ''}`))) : null);
}
