// "Expeditions" (docs/protocol.md, "Expeditions and the War Office Committee"; over-the-hills.txt, "Going on
// Campaign", "Expeditions", ANNEX A): every member sees it once the view has `expeditions`. Each briefed expedition,
// newest first, as the viewer may see it (web/year/expeditions/card.js), its motions with a present colonel's PIP
// vote (motions.js), and the expeditions' announcements. Umpires also get, in the same tab, the next crisis and
// the draft (draft.js), and for each expedition the briefing's editor (fields.js), the committee (committee.js)
// and the reckoning (reckon.js). The server decides who sees what: this page shows what its view holds.
//
// Test ids: tab-expeditions, expeditions-needs-you, expeditions-needs-you-item, expeditions-list, expeditions-none,
// expedition-announcements, expedition-announcement (data-expedition, data-turn), expeditions-none-announced,
// expedition-umpire (a briefed expedition's umpire tools), expedition-edit (its briefing's editor, a <details>);
// the parts' ids in their files.

import { h, setText, syncKeyed } from '../common/dom.js';
import { expeditionCard } from './expeditions/card.js';
import { crisisPanel, draftPanel } from './expeditions/draft.js';
import { fieldsEditor } from './expeditions/fields.js';
import { committeeConsole } from './expeditions/committee.js';
import { reckonConsole } from './expeditions/reckon.js';
import { expeditionsOf, isUmpire, turnText } from './expeditions/words.js';

// The umpire's tools under one expedition's card.
function umpireTools(ctx, campaignId) {
  const editor = fieldsEditor(ctx, campaignId);
  const edit = h('details', { class: 'colonel-adjustments', testid: 'expedition-edit' },
    h('summary', {}, 'Edit the briefing (public and secret fields)'), editor.el);
  const committee = committeeConsole(ctx, campaignId);
  const reckon = reckonConsole(ctx, campaignId);
  const el = h('div', { testid: 'expedition-umpire' }, edit, committee.el, reckon.el);
  return {
    el,
    update(x, view) {
      const u = expeditionsOf(view).umpire || {};
      edit.hidden = x.status === 'home';
      if (!edit.hidden) editor.update(x, u);
      committee.el.hidden = x.status !== 'briefed';
      if (!committee.el.hidden) committee.update(x, view);
      reckon.el.hidden = x.status === 'briefed';
      if (!reckon.el.hidden) reckon.update(x, view);
    },
  };
}

function expeditionItem(ctx, campaignId) {
  const card = expeditionCard(ctx, campaignId);
  let tools = null;
  return {
    el: card.el,
    update(x, view) {
      card.update(x, view);
      const umpire = isUmpire(view);
      if (umpire && !tools) {
        tools = umpireTools(ctx, campaignId);
        card.umpireSlot.appendChild(tools.el);
      } else if (!umpire && tools) {
        card.umpireSlot.replaceChildren();
        tools = null;
      }
      if (tools) tools.update(x, view);
    },
  };
}

function announcements() {
  const list = h('ol', { class: 'gazette-list', testid: 'expedition-announcements', reversed: true });
  const none = h('p', { class: 'muted empty', testid: 'expeditions-none-announced' }, 'Nothing announced yet.');
  const el = h('section', { class: 'card panel panel-gazette', 'aria-labelledby': 'expedition-announcements-heading' },
    h('h2', { id: 'expedition-announcements-heading' }, 'Announcements'), none, list);
  return {
    el,
    update(view) {
      const g = (expeditionsOf(view) || {}).gazette || [];
      const items = g.map((a, i) => [i, a]).reverse();
      none.hidden = items.length > 0;
      syncKeyed(list, items,
        () => h('li', { class: 'gazette-item', testid: 'expedition-announcement' },
          h('div', { class: 'gazette-head' }, h('span', { class: 'gazette-month' })), h('div', { class: 'item-text' })),
        (li, a) => {
          li.dataset.expedition = String(a.expedition);
          li.dataset.turn = String(a.turn);
          setText(li.querySelector('.gazette-month'), `Expedition ${a.expedition}, ${turnText(view, a.turn)}`);
          setText(li.querySelector('.item-text'), a.text);
        });
    },
  };
}

// What the server says needs the viewer here (`expeditions.needs_you`), as it words it.
function needsPanel() {
  const list = h('ul', { class: 'checklist', testid: 'expeditions-needs-you-list' });
  const el = h('section', { class: 'card panel', testid: 'expeditions-needs-you', 'aria-labelledby': 'expeditions-needs-heading', hidden: true },
    h('h2', { id: 'expeditions-needs-heading' }, 'Waiting for you'), list);
  return {
    el,
    update(view) {
      const items = ((expeditionsOf(view) || {}).needs_you || []).filter((n) => n && typeof n.what === 'string');
      el.hidden = items.length === 0;
      syncKeyed(list, items.map((n, i) => [`${i}:${n.what}`, n]), () => h('li', { class: 'todo', testid: 'expeditions-needs-you-item' }),
        (li, n) => setText(li, n.what));
    },
  };
}

// Its name and when it shows are in index.js, which loads this file when the tab is first opened.
export const expeditionsTab = {
  create(ctx, campaignId) {
    const list = h('div', { class: 'stack', testid: 'expeditions-list' });
    const none = h('section', { class: 'card panel', testid: 'expeditions-none' },
      h('h2', {}, 'Expeditions'),
      h('p', { class: 'muted' }, 'No expedition has been briefed yet. When a crisis comes the umpire briefs the players, and the War Office Committee sits: the colonels present decide with their PIP which regiments go and who commands.'));
    const news = announcements();
    const needs = needsPanel();
    let crisis = null;
    let draft = null;
    const umpireSide = h('div', { class: 'slot' });
    const umpireMain = h('div', { class: 'slot' });
    const el = h('div', { class: 'year-grid' },
      h('div', { class: 'col-main' }, needs.el, umpireMain, none, list),
      h('div', { class: 'col-side' }, umpireSide, news.el));
    return {
      el,
      update(view) {
        const xs = expeditionsOf(view) || {};
        const umpire = isUmpire(view) && !!xs.umpire;
        if (umpire && !crisis) {
          crisis = crisisPanel(ctx, campaignId);
          draft = draftPanel(ctx, campaignId);
          umpireSide.appendChild(crisis.el);
          umpireMain.appendChild(draft.el);
        } else if (!umpire && crisis) {
          umpireSide.replaceChildren();
          umpireMain.replaceChildren();
          crisis = null;
          draft = null;
        }
        if (crisis) {
          crisis.update(view, xs.umpire);
          draft.update(view, xs.umpire);
        }
        const items = Object.entries(xs.list || {})
          .map(([k, x]) => [k, x])
          .sort((a, b) => Number(b[1].id ?? b[0]) - Number(a[1].id ?? a[0]));
        none.hidden = items.length > 0;
        syncKeyed(list, items, () => {
          const item = expeditionItem(ctx, campaignId);
          item.el.item = item;
          return item.el;
        }, (el2, x) => el2.item.update(x, view));
        news.update(view);
        needs.update(view);
      },
    };
  },
};
