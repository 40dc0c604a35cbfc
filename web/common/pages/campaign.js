// #/campaign/<id>[/<tab>]: subscribes to the campaign's view and renders the tab on screen from it. A tab is built
// the first time it is opened (its code loaded first when it has `load`: the umpire's, a book's page, the Battle
// tab), and a push updates only the tab shown; another tab catches up with the latest view when it is opened.

import { h, setText } from '../dom.js';
import { campaignHash, chronicleHash, parseHash } from '../router.js';
import { roleBadge } from '../panels/members.js';
import { tableTab } from '../table_tab.js';
import { battleTab } from '../battle/index.js';
import { bookPageTabs } from '../book_pages.js';
import { gatherNeeds, tabOf, needsYouPanel, focusControl } from '../needs_you.js';
import { inbox } from '../inbox.js';
import { keptNotice } from '../kept_notice.js';

// The shared tabs, and after the Battle tab the battle books' pages of the campaign (Border Reivers' Raids); app.js
// adds the player's, the umpire's and the year's (web/common imports none of them).
const SHARED_TABS = [tableTab, battleTab, ...bookPageTabs];

export function campaignPage(ctx, route, moreTabs = []) {
  const TABS = [...SHARED_TABS, ...moreTabs];
  const campaignId = route.id;
  const conn = ctx.conn;
  let wantedTab = route.tab || 'table';
  let current = null; // id of the tab on screen
  let lastView = null;
  let renders = 0; // views rendered: a tab's `seen` is the count when it was last brought up to date
  const built = new Map(); // tab id -> {def, button, badge, panel, instance (once opened), seen (the view it has)}
  let destroyed = false;

  const title = h('h1', { class: 'campaign-name', testid: 'campaign-name' }, `Campaign ${campaignId}`);
  const role = h('span', { class: 'campaign-role', testid: 'my-role' });
  const closedBadge = h('span', { class: 'badge badge-closed', testid: 'campaign-closed', hidden: true }, 'closed');
  const tabBar = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Campaign sections' });
  // A phone's navigation (style.css shows it, and hides the tab bar, below 700 px): one row, every section in a
  // select (the phone's own picker, one tap away), and beside it only the tabs with something that needs the viewer.
  const sectionSelect = h('select', { class: 'tab-select', testid: 'tab-select', 'aria-label': 'Section of the campaign' });
  sectionSelect.addEventListener('change', () => selectTab(sectionSelect.value));
  const tabNav = h('nav', { class: 'tab-nav', testid: 'tab-nav', 'aria-label': 'Campaign', hidden: true },
    h('div', { class: 'tab-menu' }, sectionSelect), tabBar);
  const body = h('div', { class: 'tab-panels' });
  const status = h('div', { class: 'card narrow status-card', testid: 'campaign-status' },
    h('p', { class: 'muted' }, 'Mustering the campaign…'));
  // What needs the viewer (docs/protocol.md, "What needs you"): one tap opens the tab where it is done.
  const needs = needsYouPanel((item) => openNeed(item));
  const closedBanner = h('p', { class: 'closed-banner', hidden: true },
    'This campaign is closed. Nothing more can change. Its dice seed is revealed on the Table, so anyone can check every roll.');

  // The user's notifications from every campaign; this page's pushes prompt it to look again.
  const notifications = inbox(ctx.me, conn);
  // Commands kept on this device while the line was down, and what became of them (kept.js).
  const kept = keptNotice(ctx, campaignId);

  const el = h('div', { class: 'page page-campaign' },
    h('header', { class: 'campaign-header' },
      h('div', { class: 'page-topline' },
        h('a', { class: 'back-link', href: '#/campaigns' }, '← All campaigns'),
        // His whole view as one document to read, print or keep (#/chronicle/<id>).
        h('a', { class: 'back-link chronicle-link', href: chronicleHash(campaignId), testid: 'chronicle-link' }, 'My chronicle'),
        notifications.el),
      h('div', { class: 'campaign-title-row' }, title, h('span', { class: 'campaign-badges' }, role, closedBadge)),
      needs.el,
      kept.el,
      tabNav),
    closedBanner,
    status,
    body);

  function selectTab(id, { focus = false, updateHash = true } = {}) {
    if (!built.has(id)) id = 'table';
    wantedTab = id;
    current = id;
    for (const [tid, t] of built) {
      const on = tid === id;
      t.button.setAttribute('aria-selected', on ? 'true' : 'false');
      t.button.tabIndex = on ? 0 : -1;
      t.panel.hidden = !on;
    }
    sectionSelect.value = id;
    const t = built.get(id);
    const instance = open(t);
    if (instance) {
      catchUp(t);
      if (instance.shown) instance.shown();
    }
    if (focus) t.button.focus();
    if (updateHash) {
      const hash = campaignHash(campaignId, id === 'table' ? null : id);
      if (window.location.hash !== hash) history.replaceState(null, '', hash);
    }
  }

  // An item of the list: its tab is turned to what the item names (its `open`: the Battle tab to the item's battle,
  // the umpire's Colonels tab to a colonel's diary form), then shown, and the control that does it (the item's
  // `control`, within its `scope`) focused; without one on the page, the tab itself.
  function openNeed(item) {
    const t = item.where && built.get(item.where);
    if (!t) return;
    const instance = open(t);
    if (!instance) { t.pending.then(() => { if (built.get(item.where) === t) openNeed(item); }); return; }
    catchUp(t); // what the item opens (a colonel's diary form) is drawn from the view
    if (instance.open) instance.open({ battle: item.battle, ...item.scope });
    selectTab(item.where);
    // Without the control on the page, the tab; on a phone its button is hidden (tab-nav), so the section select.
    focusControl(t.panel, item.control, item.scope).then((done) => {
      if (!done) (t.button.getClientRects().length ? t.button : sectionSelect).focus();
    });
  }

  // Each tab's count of items in its badge, and in its name for screen readers ("Battle (1 needs you)"): words
  // inside the button, not an aria-label, so its name still begins with what it shows (WCAG 2.5.3).
  function showBadges(items) {
    for (const [id, t] of built) {
      const n = items.filter((i) => i.where === id).length;
      t.badge.hidden = n === 0;
      setText(t.badge, n ? String(n) : '');
      setText(t.needs, n ? `(${n} ${n === 1 ? 'needs' : 'need'} you)` : '');
      t.button.classList.toggle('has-needs', n > 0);
      setText(t.option, n ? `${t.def.label} (${n} ${n === 1 ? 'needs' : 'need'} you)` : t.def.label);
    }
  }

  // A tab opened after pushes it did not draw is brought up to date with the latest view.
  function catchUp(t) {
    if (t.instance && lastView && t.seen !== renders) { t.instance.update(lastView); t.seen = renders; }
  }

  // The tab's instance, made now if its code is here; null while its code loads (the panel says so, and the tab is
  // made, brought up to date and, if still on screen, shown when it comes).
  function open(t) {
    if (t.instance) return t.instance;
    const make = (create) => {
      t.instance = create(ctx, campaignId);
      t.panel.replaceChildren(t.instance.el);
      return t.instance;
    };
    if (!t.def.load) return make(t.def.create);
    if (!t.pending) {
      t.pending = t.def.load().then((create) => {
        if (destroyed || built.get(t.def.id) !== t) return;
        make(create);
        if (current === t.def.id) selectTab(t.def.id, { updateHash: false });
      }, (err) => {
        t.pending = null;
        setText(t.panel.firstChild, `Could not load this tab (${err.message}). Choose it again, or reload the page.`);
      });
    }
    return null;
  }

  function buildTab(def) {
    const badge = h('span', { class: 'tab-badge', testid: `tab-badge-${def.id}`, 'aria-hidden': 'true', hidden: true });
    const needs = h('span', { class: 'sr-only', testid: `tab-needs-${def.id}` });
    const button = h('button', {
      type: 'button', role: 'tab', id: `tab-${def.id}`, class: 'tab', testid: `tab-${def.id}`,
      'aria-controls': `panel-${def.id}`, 'aria-selected': 'false',
    }, def.label, badge, needs);
    const panel = h('div', { role: 'tabpanel', id: `panel-${def.id}`, 'aria-labelledby': `tab-${def.id}`, class: 'tab-panel', hidden: true },
      h('p', { class: 'muted tab-opening', role: 'status' }, 'Opening…'));
    button.addEventListener('click', () => selectTab(def.id));
    button.addEventListener('keydown', (ev) => {
      if (ev.key !== 'ArrowRight' && ev.key !== 'ArrowLeft') return;
      const ids = [...built.keys()];
      const i = ids.indexOf(def.id);
      const next = ids[(i + (ev.key === 'ArrowRight' ? 1 : ids.length - 1)) % ids.length];
      selectTab(next, { focus: true });
    });
    const option = h('option', { value: def.id }, def.label);
    built.set(def.id, { def, button, badge, needs, option, panel, instance: null, pending: null, seen: 0 });
  }

  function syncTabs(view) {
    let changed = false;
    for (const def of TABS) {
      const visible = def.visible(view);
      if (visible && !built.has(def.id)) {
        buildTab(def);
        changed = true;
      } else if (!visible && built.has(def.id)) {
        const t = built.get(def.id);
        if (t.instance && t.instance.destroy) t.instance.destroy();
        built.delete(def.id);
        changed = true;
      }
    }
    if (changed) {
      // Keep the order of TABS.
      const order = TABS.filter((d) => built.has(d.id)).map((d) => built.get(d.id));
      tabBar.replaceChildren(...order.map((t) => t.button));
      body.replaceChildren(...order.map((t) => t.panel));
      sectionSelect.replaceChildren(...order.map((t) => t.option));
      if (current !== null && built.has(current)) sectionSelect.value = current;
    }
    tabNav.hidden = built.size < 2;
    return changed;
  }

  function render(view) {
    lastView = view;
    renders += 1;
    status.hidden = true;
    const c = view.campaign || {};
    setText(title, c.name || `Campaign ${campaignId}`);
    const me = view.me || {};
    if (role.dataset.role !== me.role) {
      role.dataset.role = me.role || '';
      role.replaceChildren(h('span', { class: 'sr-only' }, 'Your role: '), roleBadge(me.role));
    }
    closedBadge.hidden = !c.closed;
    closedBanner.hidden = !c.closed;
    el.classList.toggle('is-closed', !!c.closed);
    const changed = syncTabs(view);
    const shown = current !== null && built.get(current);
    if (shown && shown.instance) { shown.instance.update(view); shown.seen = renders; }
    // Gathered after the tabs are synced: an item opens (and is counted on) a tab the page has now.
    const items = gatherNeeds(view).map((i) => ({ ...i, where: tabOf(i, (id) => built.has(id)) }));
    needs.update(items);
    showBadges(items);
    ctx.setTitle(`${items.length ? `(${items.length}) ` : ''}${c.name || 'Campaign'}`);
    if (changed || current === null || !built.has(current)) {
      // The address may have named another tab since the last one was chosen (a link followed, Back pressed) and its
      // hashchange not come yet: it wins, or its event would find the address overwritten with the old tab.
      const r = parseHash();
      if (r.name === 'campaign' && String(r.id) === String(campaignId) && current !== null) wantedTab = r.tab || 'table';
      selectTab(built.has(wantedTab) ? wantedTab : 'table', { updateHash: current !== null || wantedTab !== 'table' });
    }
  }

  function showProblem(message) {
    status.hidden = false;
    status.replaceChildren(
      h('h2', {}, 'Cannot open this campaign'),
      h('p', { testid: 'campaign-error' }, message),
      h('p', {}, h('a', { href: '#/campaigns' }, 'Back to your campaigns')));
  }

  const offView = conn.on('view', (key, entry) => {
    if (key === String(campaignId)) render(entry.view);
  });
  const offError = conn.on('subscribe-error', (key, err) => {
    if (key !== String(campaignId)) return;
    if (!lastView || err.code === 'forbidden' || err.code === 'not_found') showProblem(err.message);
  });

  // The code of the tab the address names comes beside the view rather than after it.
  const firstTab = TABS.find((d) => d.id === wantedTab);
  if (firstTab && firstTab.load) firstTab.load().catch(() => { /* said when the tab is opened */ });

  const cached = conn.views.get(campaignId);
  if (cached) render(cached.view);
  conn.subscribe(campaignId).catch(() => { /* shown through subscribe-error */ });

  return {
    el,
    routeChanged(r) {
      const want = r.tab || 'table';
      if (built.size === 0) wantedTab = want; // no view yet: chosen when it arrives
      else selectTab(built.has(want) ? want : 'table', { updateHash: !built.has(want) });
    },
    destroy() {
      notifications.destroy();
      kept.destroy();
      offView();
      offError();
      destroyed = true;
      for (const t of built.values()) if (t.instance && t.instance.destroy) t.instance.destroy();
      conn.unsubscribe(campaignId);
    },
  };
}
