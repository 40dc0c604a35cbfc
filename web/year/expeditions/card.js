// One briefed expedition as every member sees it (docs/protocol.md, "The view: `expeditions`"): its status, the
// public briefing, the committee and its motions, the force and the roles, the voyage, and once reckoned the
// public words and the player's own reckoning. Umpires' tools for it go in `umpireSlot` (the tab mounts them).
//
// Test ids: expedition (data-expedition, data-status), expedition-title, expedition-status, expedition-briefing,
// expedition-fact (data-field), expedition-committee, expedition-present-list, expedition-present-item
// (data-colonel), expedition-not-present, expedition-motions, expedition-force (data-regiments, data-commander),
// expedition-roles, expedition-role-item (data-colonel, data-role), expedition-timeline, expedition-reckoning,
// my-reckoning, reckoning-pip-item, reckoning-money-item, reckoning-loss-item, reckoning-roll-item.

import { h, setText, syncKeyed } from '../../common/dom.js';
import { num, signed, signedPounds, ordinal } from '../format.js';
import { motionItem } from './motions.js';
import {
  fieldLabel, publicFields, valueEl, statusText, expeditionTitle, whoText, regimentOf, regimentsText, ROLES, turnText,
  briefingValue, plural, ROLL_WHAT,
} from './words.js';

function lineList(title, items, make, testid) {
  if (!items || items.length === 0) return null;
  return h('div', { class: 'report-block' }, h('h4', {}, title), h('ul', { class: 'report-lines', testid }, items.map(make)));
}

// A colonel's reckoning lines ({pip, pip_total, money, losses, rolls}): the player's `my_reckoning`, an umpire's
// `reckonings[colonel]`.
export function reckoningLines(r) {
  const pip = Array.isArray(r.pip) ? r.pip : [];
  const money = Array.isArray(r.money) ? r.money : [];
  const losses = Array.isArray(r.losses) ? r.losses : [];
  const rolls = Array.isArray(r.rolls) ? r.rolls : [];
  return h('div', { class: 'report-body' },
    lineList('Political influence', pip, (p) => h('li', { class: 'report-line', testid: 'reckoning-pip-item', dataset: { item: p.item, amount: String(p.amount) } },
      h('span', {}, p.text || p.item), h('span', { class: `amount ${p.amount < 0 ? 'neg' : 'pos'}` }, `${signed(p.amount)} PIP`)), 'reckoning-pip'),
    typeof r.pip_total === 'number'
      ? h('p', { class: 'report-sum hint', testid: 'reckoning-pip-total', dataset: { value: String(r.pip_total) } }, `In all ${signed(r.pip_total)} PIP`)
      : null,
    lineList('Money', money, (m) => h('li', { class: 'report-line', testid: 'reckoning-money-item', dataset: { item: m.item, amount: String(m.amount) } },
      h('span', {}, m.text || m.item), h('span', { class: `amount ${m.amount < 0 ? 'neg' : 'pos'}` }, signedPounds(m.amount))), 'reckoning-money'),
    lineList('The regiment’s losses', losses, (l) => h('li', { class: 'report-line warn-line', testid: 'reckoning-loss-item', dataset: { before: String(l.before), after: String(l.after) } },
      h('span', {}, l.reason || 'Losses'),
      h('span', { class: 'amount' }, `${num(l.before)} → ${num(l.after)} companies${l.halved ? ', half its strength: every attribute a point down' : ''}`)), 'reckoning-losses'),
    lineList('Rolls', rolls, (d) => h('li', { class: 'report-line', testid: 'reckoning-roll-item', dataset: { what: d.what, value: String(d.value) } },
      h('span', {}, `${ROLL_WHAT[d.what] || d.what} ${d.dice || ''}`.trim()),
      h('span', { class: 'amount' }, `${d.value}${d.struck === true ? ': struck' : d.struck === false ? ': spared' : ''}`)), 'reckoning-rolls'),
    !pip.length && !money.length && !losses.length && !rolls.length ? h('p', { class: 'muted' }, 'Nothing gained or lost.') : null);
}

export function expeditionCard(ctx, campaignId) {
  const title = h('h2', { class: 'inline-h2', testid: 'expedition-title' });
  const status = h('span', { class: 'badge', testid: 'expedition-status' });

  const facts = h('dl', { class: 'facts', testid: 'expedition-briefing' });
  const noFacts = h('p', { class: 'muted empty' }, 'The umpire has told the players nothing yet.');

  const present = h('ul', { class: 'member-list', testid: 'expedition-present-list' });
  const noPresent = h('p', { class: 'muted empty' }, 'The umpire has not yet marked who sits on the committee.');
  const notPresent = h('p', { class: 'hint', testid: 'expedition-not-present' });
  const committee = h('section', { class: 'sheet-section', testid: 'expedition-committee' },
    h('h3', {}, 'The War Office Committee'),
    h('p', { class: 'hint' }, 'The colonels present decide how many regiments go, which, and who commands, voting with PIP. Those not present cannot go, nor their regiments.'),
    noPresent, present, notPresent);

  const motions = h('ul', { class: 'adjustment-list', testid: 'expedition-motions' });
  const noMotions = h('p', { class: 'muted empty' }, 'No motion has been put yet.');
  const motionsBox = h('section', { class: 'sheet-section' }, h('h3', {}, 'Motions'), noMotions, motions);

  const force = h('p', { testid: 'expedition-force' });
  const roles = h('ul', { class: 'report-lines', testid: 'expedition-roles' });
  const forceBox = h('section', { class: 'sheet-section' }, h('h3', {}, 'The force'), force, roles);

  const timeline = h('dl', { class: 'facts', testid: 'expedition-timeline' });
  const timelineBox = h('section', { class: 'sheet-section' }, h('h3', {}, 'The voyage'), timeline);

  const words = h('p', { class: 'diary-text', testid: 'expedition-reckoning' });
  const mine = h('div', { testid: 'my-reckoning' });
  const reckoningBox = h('section', { class: 'sheet-section' }, h('h3', {}, 'The reckoning'), words, mine);

  const umpireSlot = h('div', { class: 'slot' });
  const el = h('article', { class: 'card panel panel-expedition', testid: 'expedition' },
    h('div', { class: 'section-head' }, title, status),
    h('section', {}, h('h3', {}, 'The briefing'), noFacts, facts),
    committee, motionsBox, forceBox, timelineBox, reckoningBox, umpireSlot);

  let mineKey = null;

  return {
    el,
    umpireSlot,
    update(x, view) {
      const umpire = !!(view.me && view.me.role === 'umpire');
      el.dataset.expedition = String(x.id);
      el.dataset.status = x.status;
      setText(title, expeditionTitle(x, umpire));
      setText(status, statusText(x, view, umpire));
      status.className = `badge ${x.status === 'briefed' ? 'badge-warn' : x.status === 'departed' || x.status === 'returning' ? 'badge-away' : 'badge-ok'}`;

      // What the players are told (for umpires: the fields marked public, as the players see them).
      const pub = publicFields(x, umpire);
      noFacts.hidden = pub.length > 0;
      syncKeyed(facts, pub, () => h('div', { testid: 'expedition-fact' }, h('dt'), h('dd')), (div, v, name) => {
        div.dataset.field = name;
        setText(div.querySelector('dt'), fieldLabel(name));
        div.querySelector('dd').replaceChildren(valueEl(name, v));
      });

      // The committee.
      const who = (x.present || []).map((u) => [u, u]);
      committee.hidden = x.status !== 'briefed' && who.length === 0;
      noPresent.hidden = who.length > 0;
      syncKeyed(present, who, () => h('li', { class: 'member-item', testid: 'expedition-present-item' }), (li, u) => {
        li.dataset.colonel = String(u);
        const r = regimentOf(view, u);
        setText(li, `${whoText(view, u)}${r ? `, the ${ordinal(r)}` : ''}`);
      });
      const player = !!(view.me && view.me.role === 'player');
      notPresent.hidden = !(player && x.status === 'briefed' && !x.can_vote);
      setText(notPresent, 'You are not marked present at this committee: you cannot vote, and you and your regiment cannot go.');

      // Motions, in the order they were put.
      const ms = (x.motions || []).map((m) => [m.id, m]);
      noMotions.hidden = ms.length > 0;
      syncKeyed(motions, ms, () => {
        const item = motionItem(ctx, campaignId);
        item.el.motion = item;
        return item.el;
      }, (li, m) => li.motion.update(m, x, view));

      // The force and the roles.
      const regs = x.regiments || [];
      force.dataset.regiments = regs.join(',');
      force.dataset.commander = x.commander ? String(x.commander) : '';
      const commander = x.commander
        ? whoText(view, x.commander)
        : x.default_commander ? `by seniority, ${whoText(view, x.default_commander)}` : 'not chosen';
      setText(force, regs.length
        ? `${x.status === 'briefed' ? 'To go' : 'Went'}: ${regimentsText(regs)}. In command: ${commander}.`
        : `No regiments chosen yet.${x.commander ? ` In command: ${commander}.` : ''}`);
      const rs = Object.entries(x.roles || {}).filter(([, r]) => r);
      syncKeyed(roles, rs, () => h('li', { class: 'report-line', testid: 'expedition-role-item' }, h('span'), h('span', { class: 'amount' })), (li, r, u) => {
        li.dataset.colonel = u;
        li.dataset.role = r;
        setText(li.firstChild, whoText(view, Number(u)));
        setText(li.lastChild, ROLES[r] || r);
      });

      // The voyage.
      timelineBox.hidden = !x.departed_turn && x.status === 'briefed';
      if (!timelineBox.hidden) {
        const out = briefingValue(x, 'months_out', umpire);
        const back = briefingValue(x, 'months_back', umpire);
        const rows = [
          ['Sailed', turnText(view, x.departed_turn)],
          ['Colonels who went', (x.went || []).map((u) => whoText(view, u)).join(', ') || '—'],
          ['At sea on the way out', typeof out === 'number' ? plural(out, 'month') : '—'],
          ['On campaign', typeof x.months_campaign === 'number' ? plural(x.months_campaign, 'month') : '—'],
          ['At sea on the way back', typeof back === 'number' ? plural(back, 'month') : '—'],
        ];
        if (x.reckoning && typeof x.reckoning.turn === 'number') rows.push(['Reckoned', turnText(view, x.reckoning.turn)]);
        timeline.replaceChildren(...rows.map(([k, v]) => h('div', {}, h('dt', {}, k), h('dd', {}, v))));
      }

      // The reckoning.
      reckoningBox.hidden = !x.reckoning;
      setText(words, x.reckoning ? x.reckoning.words : '');
      const my = x.my_reckoning || null;
      const key = my ? JSON.stringify(my) : '';
      if (key !== mineKey) {
        mineKey = key;
        mine.replaceChildren(...(my ? [h('h4', {}, 'Your part'), reckoningLines(my)] : []));
      }
    },
  };
}
