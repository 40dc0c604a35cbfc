// Muster's browser client: boots the session, owns the one connection, routes between pages. What a signed-out page
// needs is here; every other page's code is loaded when it is first opened (PAGES), so that the login page, a
// player's campaign page and the umpire's console each download only what they show (scripts/build-web.mjs bundles
// along these imports).

import { api } from './common/api.js';
import { Connection } from './common/connection.js';
import { h, setText } from './common/dom.js';
import { parseHash } from './common/router.js';
import { forgetKept } from './common/kept.js';
import { loginPage } from './common/pages/login.js';
import { resetPage } from './common/pages/reset.js';
import { preload } from './common/preload.js';

// Each page's code, loaded once: route name -> () => Promise<(ctx, route) -> page>. Each is one module (one bundle
// and the chunks it shares), named twice: for the bundler (import) and for preload (its bundles asked for at once).
const PAGES = {
  'dice-check': () => { preload('common/pages/dice_check.js'); return import('./common/pages/dice_check.js').then((m) => m.diceCheckPage); },
  campaigns: () => { preload('common/pages/campaigns.js'); return import('./common/pages/campaigns.js').then((m) => m.campaignsPage); },
  admin: () => { preload('common/pages/admin.js'); return import('./common/pages/admin.js').then((m) => m.adminPage); },
  campaign: () => { preload('campaign_page.js'); return import('./campaign_page.js').then((m) => m.memberCampaignPage); },
  chronicle: () => { preload('chronicle_page.js'); return import('./chronicle_page.js').then((m) => m.memberChroniclePage); },
};

const STATE_LABELS = {
  online: 'online',
  connecting: 'reconnecting…',
  offline: 'offline',
};

const main = document.getElementById('main');
const userBox = document.getElementById('user-box');
const userName = document.getElementById('user-name');
const connState = document.getElementById('conn-state');
const connLabel = connState.querySelector('.conn-label');
const logoutButton = document.getElementById('logout');

const ctx = {
  me: null,
  conn: null,
  page: null,
  flash: null, // a message for the next page (e.g. "your session has ended")
  returnTo: null,
  navigate,
  signedIn,
  setTitle(text) {
    document.title = text ? `${text} · Muster` : 'Muster';
  },
};

function showConnState(state) {
  connState.dataset.state = state;
  setText(connLabel, STATE_LABELS[state] || state);
  connState.title = state === 'online' ? 'Connected to the server'
    : state === 'connecting' ? 'Connection lost; reconnecting…'
      : 'Not connected; retrying';
}

function startConnection() {
  if (ctx.conn) return;
  const conn = new Connection();
  conn.on('state', showConnState);
  conn.on('unauthorized', () => {
    sessionEnded('Your session has ended. Please sign in again.');
  });
  ctx.conn = conn;
  showConnState('connecting');
  conn.start();
}

function stopConnection() {
  if (!ctx.conn) return;
  ctx.conn.stop();
  ctx.conn = null;
}

function showUser() {
  userBox.hidden = !ctx.me;
  setText(userName, ctx.me ? ctx.me.username : '');
}

function sessionEnded(message) {
  stopConnection();
  ctx.me = null;
  ctx.flash = message;
  showUser();
  // A reset link ends every login of its user, this one too: the reset page says so itself and links to #/login.
  if (parseHash().name !== 'reset') navigate('#/login');
}

// Called by the login page once the session cookie is set.
function signedIn(me) {
  ctx.me = me;
  showUser();
  startConnection();
  const target = ctx.returnTo || '#/campaigns';
  ctx.returnTo = null;
  navigate(target);
}

function navigate(hash, { replace = false } = {}) {
  if (window.location.hash === hash) {
    route();
  } else if (replace) {
    history.replaceState(null, '', hash);
    route();
  } else {
    window.location.hash = hash; // hashchange calls route()
  }
}

function mount(key, factory) {
  if (ctx.page && ctx.page.destroy) ctx.page.destroy();
  ctx.page = null;
  main.replaceChildren();
  const page = factory(ctx);
  page.key = key;
  ctx.page = page;
  main.appendChild(page.el);
  if (page.focus) page.focus();
  window.scrollTo(0, 0);
}

// A page whose code is still loading: its key, so that a second route() to it waits for the first.
let loadingKey = null;

function mountLoaded(key, name) {
  loadingKey = key;
  PAGES[name]().then((factory) => {
    if (loadingKey !== key) return; // the reader went elsewhere meanwhile
    loadingKey = null;
    mount(key, (c) => factory(c, parseHash()));
  }, (err) => {
    if (loadingKey !== key) return;
    loadingKey = null;
    main.replaceChildren(h('section', { class: 'card narrow boot-error', role: 'alert' },
      h('h2', {}, 'Cannot open this page'), h('p', {}, `Its code did not load (${err.message}). Reload the page to try again.`)));
  });
}

function route() {
  const r = parseHash();
  if (!ctx.me) {
    // The e-mailed reset link and the dice check work signed out as well as in.
    if (r.name !== 'login' && r.name !== 'reset' && r.name !== 'dice-check') {
      if (r.name === 'campaign' || r.name === 'campaigns' || r.name === 'admin' || r.name === 'chronicle') ctx.returnTo = window.location.hash;
      navigate('#/login', { replace: true });
      return;
    }
  } else if (r.name === 'login' || r.name === 'home' || r.name === 'unknown') {
    navigate('#/campaigns', { replace: true });
    return;
  }
  const key = r.name === 'campaign' || r.name === 'chronicle' ? `${r.name}:${r.id}` : r.name === 'reset' ? `reset:${r.token}` : r.name;
  if (ctx.page && ctx.page.key === key && loadingKey === null) {
    if (ctx.page.routeChanged) ctx.page.routeChanged(r);
    return;
  }
  if (loadingKey === key) return;
  if (r.name === 'login') { loadingKey = null; mount(key, loginPage); }
  else if (r.name === 'reset') { loadingKey = null; mount(key, (c) => resetPage(c, r)); }
  else if (PAGES[r.name]) mountLoaded(key, r.name);
}

logoutButton.addEventListener('click', async () => {
  logoutButton.disabled = true;
  try {
    await api.logout();
  } catch (err) {
    // Even if the server cannot be reached, forget the session here.
    console.warn('logout failed', err);
  } finally {
    logoutButton.disabled = false;
  }
  // What he left unsent stays off a shared device once he has logged out.
  if (ctx.me) forgetKept(ctx.me.user);
  sessionEnded(null);
});

async function boot() {
  showConnState('offline');
  // The page's code comes while /api/me is asked, rather than after it.
  const first = parseHash().name;
  if (PAGES[first]) PAGES[first]().catch(() => { /* said when the page is opened */ });
  let me = null;
  for (;;) {
    try {
      me = await api.me();
      break;
    } catch (err) {
      main.replaceChildren(
        h('section', { class: 'card narrow boot-error', role: 'alert' },
          h('h2', {}, 'Cannot reach the server'),
          h('p', {}, err.message),
          h('p', { class: 'muted' }, 'Retrying…')));
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
  ctx.me = me;
  showUser();
  if (me) startConnection();
  window.addEventListener('hashchange', route);
  route();
}

boot();
