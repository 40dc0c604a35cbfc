// The built client's budget on a phone's line (docs/performance.md, "The page on a phone"): a signed-in player's
// first load of the campaign page transfers at most 200 KiB compressed and loads neither the umpire's code nor any
// battle book; opening the Battle tab loads the book of the battle shown and no other; a repeat visit asks the
// server for the page itself alone (every bundle has a content-hashed name and is kept as immutable).
// It needs the bundles (scripts/build-web.mjs): MUSTER_WEB must name a built client, as CTest's does (build/web).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, MUSTER_WEB } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, waitForConnState } from './lib/browser.mjs';
import { bookBattle } from './lib/book_battles.mjs';
import { bundleSources, sourceModules, MANIFEST } from './lib/bundles.mjs';

const BUDGET = 200 * 1024; // bytes on the wire, headers and bodies, compressed
const BOOKS = ['oth', 'reivers', 'cmwd', 'lfas'];

// The umpire's code is web/umpire/ but its index.js (the names of his tabs, which load the rest).
const isUmpireCode = (src) => src.startsWith('/umpire/') && src !== '/umpire/index.js';
const bookOf = (src) => (src.match(/^\/rulesets\/([a-z]+)\//) || [])[1] || null;

/**
 * Records what a page fetches over HTTP: each request's address, bytes received (headers and encoded body, as
 * the browser counts them) and whether the browser took it from its own cache without asking the server.
 */
async function recorder(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type !== 'WebSocket') requests.set(e.requestId, { url: new URL(e.request.url), bytes: 0, cached: false, status: 0 });
  });
  cdp.on('Network.requestServedFromCache', (e) => { if (requests.has(e.requestId)) requests.get(e.requestId).cached = true; });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    if (e.response.fromDiskCache || e.response.fromMemoryCache) r.cached = true;
  });
  // The status on the wire: a revalidated file is a 304 there, though the page is given the cached 200.
  cdp.on('Network.responseReceivedExtraInfo', (e) => { if (requests.has(e.requestId)) requests.get(e.requestId).wire = e.statusCode; });
  cdp.on('Network.loadingFinished', (e) => { if (requests.has(e.requestId)) requests.get(e.requestId).bytes = e.encodedDataLength; });
  return { all: () => [...requests.values()], clear: () => requests.clear() };
}

/**
 * A fresh profile signed in with `cookie`, its network recorded from before its first address: {context, page,
 * net, pageErrors}.
 */
async function freshUser(browser, server, cookie) {
  const context = await browser.newContext({ baseURL: server.origin });
  const eq = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: server.origin }]);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  return { context, page, pageErrors, net: await recorder(page) };
}

const loadedSources = (requests) => sourceModules(requests.map((r) => r.url.pathname).filter((p) => p.endsWith('.js')));

test('a player\'s campaign page loads within its budget, no umpire code, only the books of battles opened', { timeout: 240000 }, async (t) => {
  assert.ok(bundleSources(), `no built client at ${MUSTER_WEB} (${MANIFEST}): run scripts/build-web.mjs and set MUSTER_WEB`);
  const server = await startServer();
  const browser = await launchBrowser();
  const table = await battleTable(server, { name: 'Budget', umpire: uniqueName('bdu'), players: { a: uniqueName('bda'), b: uniqueName('bdb') } });
  t.after(async () => {
    for (const c of table.everyone) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const { campaign, users } = table;
  const U = table.clients.umpire;
  const battle = (await U.ok('battle.create', { campaign, name: 'Budget field', ...bookBattle('oth', users.a.user, users.b.user) })).battle;
  await U.ok('battle.start', { campaign, battle });

  await t.test('first load: within 200 KiB, no umpire code, no book', async (st) => {
    const u = await freshUser(browser, server, users.a.cookie);
    const net = u.net;
    try {
      await u.page.goto(`${server.origin}/#/campaign/${campaign}`);
      await u.page.locator('[data-testid="my-role"][data-role="player"]').waitFor();
      await u.page.getByTestId('chat-list').waitFor({ state: 'attached' });
      await waitForConnState(u.page, 'online');
      const requests = net.all();
      const total = requests.reduce((n, r) => n + r.bytes, 0);
      st.diagnostic(`first load: ${requests.length} requests, ${total} bytes on the wire`);
      assert.ok(total > 0 && total <= BUDGET, `the first load took ${total} bytes (budget ${BUDGET})`);
      const statics = requests.filter((r) => !r.url.pathname.startsWith('/api/'));
      for (const r of statics) assert.ok(r.status === 200 && !r.cached, `${r.url.pathname}: ${r.status}${r.cached ? ', from the cache' : ''}`);
      const loaded = loadedSources(requests);
      assert.ok(loaded.includes('/common/pages/campaign.js'), 'the campaign page\'s own bundle was loaded');
      assert.deepEqual(loaded.filter(isUmpireCode), [], 'the umpire\'s code was loaded on a player\'s page');
      assert.deepEqual(loaded.filter(bookOf), [], 'a battle book was loaded before any battle was opened');

      // The Battle tab: the book of the battle on screen, no other.
      net.clear();
      await u.page.getByTestId('tab-battle').click();
      await u.page.getByTestId('card-hand').waitFor();
      const books = new Set(loadedSources(net.all()).map(bookOf).filter(Boolean));
      assert.deepEqual([...books], ['oth']);
      assert.deepEqual(loadedSources(net.all()).filter(isUmpireCode), []);

      // A repeat visit: a new page of the same browser asks the server for the page alone (a 304); every bundle,
      // the style sheet and the icon come from the browser's cache.
      const again = await u.context.newPage();
      const net2 = await recorder(again);
      await again.goto(`${server.origin}/#/campaign/${campaign}/battle`);
      await again.getByTestId('card-hand').waitFor();
      const asked = net2.all().filter((r) => !r.cached && !r.url.pathname.startsWith('/api/'));
      assert.deepEqual(asked.map((r) => `${r.url.pathname} ${r.wire}`), ['/ 304']);
      assert.deepEqual(u.pageErrors, []);
    } finally {
      await u.context.close();
    }
  });

  await t.test('the umpire\'s page loads his code (the check above can see it), and every book for his console', async () => {
    const u = await freshUser(browser, server, users.umpire.cookie);
    const net = u.net;
    try {
      await u.page.goto(`${server.origin}/#/campaign/${campaign}/battle`);
      await u.page.getByTestId('battle-create-ruleset').waitFor({ state: 'attached' });
      const loaded = loadedSources(net.all());
      assert.ok(loaded.some(isUmpireCode), 'the umpire\'s console came');
      assert.deepEqual([...new Set(loaded.map(bookOf).filter(Boolean))].sort(), [...BOOKS].sort());
      assert.deepEqual(u.pageErrors, []);
    } finally {
      await u.context.close();
    }
  });
});
