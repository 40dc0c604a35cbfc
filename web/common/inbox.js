// The page's list of notifications (docs/protocol.md, "HTTP" and "Notifications"): a "Notifications (2 new)"
// button in the header of the campaigns page and the campaign page, opening the user's latest 50 (GET
// /api/notifications), each one tap from the campaign's tab it is about. Opening the list marks them seen. While the
// page is hidden, new ones also become the browser's own notifications, once the user has allowed them with a click.
// The server writes the list with the events; the page only asks for it: when it loads, every minute, when it comes
// back into view, and after a push of a campaign's view (throttled), since a push is when something has happened.

import { h, setText, syncKeyed, errorLine } from './dom.js';
import { api } from './api.js';
import { campaignHash } from './router.js';
import { dueText } from './needs_you.js';

const PERIOD_MS = 60000;
const PUSH_GAP_MS = 2000;
const MAX_POPUPS = 3;
const SVG = 'http://www.w3.org/2000/svg';

// The newest id each user's page has looked at, across the pages of this tab, so moving from page to page pops
// nothing up twice. The first look only sets it: what was there before the page opened is in the list, not news.
const lastLooked = new Map();
// Campaigns' names by id (campaign.list), for a user in several: the list says which campaign each is from.
const campaignNames = new Map();

// The poll's period; `?inbox-poll=<ms>` (at least 500) shortens it, for the browser tests.
function period() {
  const ms = Number(new URLSearchParams(window.location.search).get('inbox-poll'));
  return Number.isFinite(ms) && ms >= 500 ? ms : PERIOD_MS;
}

const canNotify = () => typeof window.Notification === 'function';
const linkOf = (n) => campaignHash(n.campaign, n.tab || null);
const newestId = (list) => list.reduce((m, n) => Math.max(m, Number(n.id) || 0), 0);

function bell() {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'inbox-bell');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', 'M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2.5 15a2.5 2.5 0 0 0 5 0z');
  svg.appendChild(path);
  return svg;
}

// Where the browser allows it: Chrome on Android lets only a service worker show one, and throws here.
function popUp(body, n) {
  try {
    const note = new window.Notification('Muster', { body, tag: n ? `muster-${n.id}` : 'muster-more' });
    note.onclick = () => {
      window.focus();
      if (n) window.location.hash = linkOf(n);
      note.close();
    };
  } catch (err) {
    /* the list still has it */
  }
}

// The browser's notifications for the unseen ones newer than the last look (at most MAX_POPUPS, then one for the
// rest), only while the page is hidden: on screen the button's count says it.
function announce(user, list) {
  const newest = newestId(list);
  if (!lastLooked.has(user)) {
    lastLooked.set(user, newest);
    return;
  }
  const since = lastLooked.get(user);
  lastLooked.set(user, Math.max(since, newest));
  const fresh = list.filter((n) => !n.seen && n.id > since).sort((a, b) => a.id - b.id);
  if (!fresh.length || document.visibilityState !== 'hidden') return;
  if (!canNotify() || window.Notification.permission !== 'granted') return;
  for (const n of fresh.slice(0, MAX_POPUPS)) popUp(n.text, n);
  if (fresh.length > MAX_POPUPS) popUp(`and ${fresh.length - MAX_POPUPS} more`, null);
}

function itemEl(close) {
  const link = h('a', { class: 'inbox-link' },
    h('span', { class: 'item-text' }),
    h('span', { class: 'inbox-meta' },
      h('span', { class: 'inbox-campaign' }), h('time', { class: 'inbox-at' }), h('span', { class: 'inbox-due' })));
  link.addEventListener('click', close);
  return h('li', { class: 'inbox-item', testid: 'inbox-item' }, link);
}

function fillItem(li, { n, fresh }) {
  const link = li.firstElementChild;
  li.dataset.id = String(n.id);
  li.dataset.campaign = String(n.campaign);
  li.dataset.seen = String(n.seen === true);
  li.classList.toggle('is-new', fresh);
  link.href = linkOf(n);
  setText(link.querySelector('.item-text'), n.text);
  const name = campaignNames.get(String(n.campaign));
  setText(link.querySelector('.inbox-campaign'), name ? `${name} · ` : '');
  const at = link.querySelector('time');
  setText(at, dueText(n.at));
  if (typeof n.at === 'number') at.setAttribute('datetime', new Date(n.at).toISOString());
  setText(link.querySelector('.inbox-due'), typeof n.due === 'number' ? ` · due ${dueText(n.due)}` : '');
}

// "Allow browser notifications": asks only on the user's click; hidden once granted, or where there are none.
function allowControl() {
  const button = h('button', { type: 'button', class: 'secondary small', testid: 'inbox-allow' }, 'Allow browser notifications');
  const note = h('p', { class: 'hint', testid: 'inbox-allow-note', hidden: true },
    'Your browser blocks notifications from Muster; its settings for this site can allow them.');
  const sync = () => {
    const p = canNotify() ? window.Notification.permission : 'granted';
    button.hidden = p !== 'default';
    note.hidden = p !== 'denied';
  };
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await window.Notification.requestPermission();
    } catch (err) {
      /* the answer is read from .permission */
    } finally {
      button.disabled = false;
      sync();
    }
  });
  sync();
  return { el: h('div', { class: 'inbox-allow' }, button, note), sync };
}

// When to look: now, every period(), when the page comes back into view, and after a view push, at most once in
// PUSH_GAP_MS (the last push of a burst still gets one). Returns stop().
function lookOften(conn, look) {
  let last = 0;
  let pushTimer = null;
  const now = () => {
    last = Date.now();
    look();
  };
  const onVisible = () => { if (document.visibilityState === 'visible') now(); };
  const offView = conn ? conn.on('view', () => {
    if (pushTimer) return;
    pushTimer = setTimeout(() => { pushTimer = null; now(); }, Math.max(0, last + PUSH_GAP_MS - Date.now()));
  }) : () => {};
  const poll = setInterval(now, period());
  document.addEventListener('visibilitychange', onVisible);
  now();
  return () => {
    clearInterval(poll);
    clearTimeout(pushTimer);
    offView();
    document.removeEventListener('visibilitychange', onVisible);
  };
}

// Escape and a click elsewhere close the list, as they close a menu. Returns stop().
function closedByOutside(el, isOpen, close, toggle) {
  const onKey = (ev) => {
    if (ev.key !== 'Escape' || !isOpen()) return;
    close();
    toggle.focus();
  };
  const onClick = (ev) => { if (isOpen() && !el.contains(ev.target)) close(); };
  document.addEventListener('keydown', onKey);
  document.addEventListener('click', onClick);
  return () => {
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('click', onClick);
  };
}

// The names of the user's campaigns, for a list naming one the page does not know yet (one joined since).
async function learnNames(conn) {
  const body = await conn.send('campaign.list', {});
  for (const c of body.campaigns || []) campaignNames.set(String(c.id), c.name);
}

// The button, and the list it opens (its panel).
function inboxParts() {
  const count = h('span', { class: 'inbox-count', testid: 'inbox-count' });
  const toggle = h('button', {
    type: 'button', class: 'inbox-toggle', testid: 'inbox-toggle', 'aria-expanded': 'false', 'aria-controls': 'inbox-panel',
  }, bell(), 'Notifications', count);
  const list = h('ul', { class: 'inbox-list', testid: 'inbox-list' });
  const none = h('p', { class: 'muted', testid: 'inbox-none' }, 'No notifications yet.');
  const error = errorLine('inbox-error');
  const allow = allowControl();
  const panel = h('section', { id: 'inbox-panel', class: 'inbox-panel', 'aria-labelledby': 'inbox-heading', hidden: true },
    h('h2', { id: 'inbox-heading', class: 'inbox-heading' }, 'Your notifications'),
    error.el, none, list, allow.el);
  return { el: h('div', { class: 'inbox' }, toggle, panel), count, toggle, list, none, error, allow, panel };
}

// The button and its list. `me` is {user}; `conn` the page's connection, whose view pushes prompt a look.
export function inbox(me, conn) {
  let destroyed = false;
  let items = [];
  let fresh = new Set(); // unseen when the list was opened: marked as new until it is closed
  let fetching = null;
  let askedNames = false; // once a mount at most
  const user = me ? me.user : 0;
  const { el, count, toggle, list, none, error, allow, panel } = inboxParts();

  function render() {
    const unseen = items.filter((n) => !n.seen).length;
    setText(count, unseen ? ` (${unseen} new)` : '');
    toggle.classList.toggle('has-new', unseen > 0);
    none.hidden = items.length > 0;
    syncKeyed(list, items.map((n) => [n.id, { n, fresh: !n.seen || fresh.has(n.id) }]), () => itemEl(() => setOpen(false)), fillItem);
  }

  async function markSeen() {
    const upTo = newestId(items);
    if (!items.some((n) => !n.seen)) return;
    try {
      await api.notificationsSeen(upTo);
      for (const n of items) if (n.id <= upTo) n.seen = true;
      if (!destroyed) render();
    } catch (err) {
      if (!destroyed) error.show(`Could not mark them read: ${err.message}`);
    }
  }

  async function look() {
    try {
      const body = await api.notifications();
      if (destroyed) return;
      items = Array.isArray(body.notifications) ? body.notifications : [];
      error.hide();
      announce(user, items);
      render();
      if (!askedNames && conn && items.some((n) => !campaignNames.has(String(n.campaign)))) {
        askedNames = true;
        learnNames(conn).then(() => { if (!destroyed) render(); }, () => { /* shown without names */ });
      }
      // Open and on screen: what arrives is read as it comes.
      if (!panel.hidden && document.visibilityState === 'visible') {
        for (const n of items) if (!n.seen) fresh.add(n.id);
        await markSeen();
      }
    } catch (err) {
      if (!destroyed && err.status !== 401) error.show(`Could not load your notifications: ${err.message}`);
    }
  }

  // One look at a time; a call during one waits for it rather than asking twice.
  function refresh() {
    if (destroyed) return Promise.resolve();
    if (!fetching) fetching = look().finally(() => { fetching = null; });
    return fetching;
  }

  function setOpen(on) {
    panel.hidden = !on;
    toggle.setAttribute('aria-expanded', String(on));
    fresh = on ? new Set(items.filter((n) => !n.seen).map((n) => n.id)) : new Set();
    allow.sync();
    render();
    if (on) markSeen();
  }
  toggle.addEventListener('click', () => setOpen(panel.hidden));
  const stopClosing = closedByOutside(el, () => !panel.hidden, () => setOpen(false), toggle);
  const stopLooking = lookOften(conn, refresh);

  return {
    el,
    refresh,
    destroy() {
      destroyed = true;
      stopLooking();
      stopClosing();
    },
  };
}
