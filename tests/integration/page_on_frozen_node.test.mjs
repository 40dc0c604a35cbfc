// A page whose campaign's node freezes (SIGSTOP), behind HAProxy as docker/haproxy.cfg puts it, in a real browser
// (chromium): web/common/connection.js drops a socket whose command has gone unanswered for 5 s with nothing heard,
// and reconnects at the campaign's address; the proxy's check has marked the frozen node down, so the socket reaches
// the other node, which keeps the campaign once the lease (3 s) has run out.
// The proxy here does not close the frozen node's sockets itself (no on-marked-down shutdown-sessions): it is the
// page that notices. The line typed while the node was frozen stays in the box (the page says it may not have been
// sent); sent again, it is stored once, on the new node, without a reload.
// With the proxy closing a frozen node's sockets (as docker/haproxy.cfg), and a lease of 6 s: the page reconnects
// within about a second and reaches the other node while the lease is still the frozen node's; a line sent then is
// refused there as `moved` (not stored), so the page sends it again on each new socket until the new node keeps
// the campaign: it is stored once, and the page shows no error.
// Runs on PostgreSQL with haproxy and chromium (MUSTER_TEST_STORE=postgresql, as `ctest -L integration-pg` runs it).
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wantsPostgres } from './lib/postgres.mjs';
import { haproxyInstalled, proxyCluster, through } from './lib/haproxy.mjs';
import { connect, newUser, sleep } from './lib/client.mjs';
import {
  CHROMIUM, launchBrowser, openUser, waitForConnState, waitForItem, itemTexts, markWindow, windowMarker, UI_TIMEOUT,
} from '../web/lib/browser.mjs';

const skip = (!wantsPostgres && 'two nodes share a PostgreSQL store: run with MUSTER_TEST_STORE=postgresql')
  || (!haproxyInstalled && 'haproxy is not installed (bash scripts/dev.sh deps installs it)')
  || (!existsSync(CHROMIUM) && `no chromium at ${CHROMIUM}`);
const dir = mkdtempSync(path.join(tmpdir(), 'muster-frozen-page-'));
const closers = [];
after(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

// Two nodes behind the proxy, a campaign made on one of them and its umpire's page on it: {C, campaign, user,
// frozen, other}, with the line "before the freeze" said on the page.
async function pageOnCampaign(tag, options) {
  const C = await proxyCluster(dir, tag, [], options);
  closers.push(() => C.stop());
  const P = through(C.port);
  const ump = await newUser(P, `${tag}_umpire`);
  const lobby = await connect(P, ump.cookie);
  closers.push(() => lobby.close());
  const campaign = (await lobby.ok('campaign.create', { name: 'Frozen keeper' })).campaign;
  let keeper = '';
  for (let i = 0; i < 50 && !keeper; i++) keeper = await C.keeperOf(campaign);
  assert.ok(keeper, 'the map names the node that made the campaign');
  const [frozen, other] = keeper === 'node-a' ? [C.a, C.b] : [C.b, C.a];
  const browser = await launchBrowser();
  closers.push(() => browser.close());
  const user = await openUser(browser, P, {}, { cookie: ump.cookie, path: `/#/campaign/${campaign}` });
  await waitForConnState(user.page, 'online');
  await user.page.getByTestId('chat-input').fill('before the freeze');
  await user.page.getByTestId('chat-send').click();
  await waitForItem(user.page, 'chat-list', 'chat-item', 'before the freeze');
  return { C, campaign, user, keeper, frozen, other, name: other === C.a ? 'node-a' : 'node-b' };
}

const storedLines = (node, campaign) => node.sql(`SELECT body FROM events WHERE campaign = ${campaign} AND type = 'chat.said'`)
  .split('\n').filter(Boolean).map((b) => JSON.parse(b).text);

test('a page on a frozen node reconnects through the proxy to the campaign\'s new node, keeping the unsent line', { skip, timeout: 120000 }, async (t) => {
  const { C, campaign, user, keeper, frozen, other, name } = await pageOnCampaign('page', { shutdownSessions: false });
  const mark = await markWindow(user);

  process.kill(frozen.proc.pid, 'SIGSTOP');
  const frozenAt = Date.now();
  let online;
  try {
    await user.page.getByTestId('chat-input').fill('typed while frozen');
    await user.page.getByTestId('chat-send').click();
    // Unanswered: after 5 s the page drops the socket; the line is reported, and kept in the box.
    await user.page.getByTestId('chat-error').waitFor({ state: 'visible', timeout: 15000 });
    const noticed = Date.now() - frozenAt;
    assert.equal(await user.page.getByTestId('chat-input').inputValue(), 'typed while frozen');
    await waitForConnState(user.page, 'online', { timeout: 20000 });
    online = Date.now() - frozenAt;
    t.diagnostic(`${keeper} frozen: the page reported the unanswered line after ${noticed} ms and was online again after ${online} ms`);
    assert.ok(online < 12000, `online again ${online} ms after the freeze`);

    await user.page.getByTestId('chat-send').click();
    await waitForItem(user.page, 'chat-list', 'chat-item', 'typed while frozen', UI_TIMEOUT);
    assert.equal(await user.page.getByTestId('chat-input').inputValue(), '');
    assert.deepEqual(await itemTexts(user.page, 'chat-list', 'chat-item'), ['before the freeze', 'typed while frozen']);
    assert.equal(await C.keeperOf(campaign), name, 'the map names the new node');
  } finally {
    process.kill(frozen.proc.pid, 'SIGCONT');
  }
  assert.equal(await windowMarker(user.page), mark.token, 'the page was not reloaded');
  assert.deepEqual(storedLines(other, campaign), ['before the freeze', 'typed while frozen'], 'each line stored once');
  assert.deepEqual(user.pageErrors, []);
});

test('a line refused as moved while the campaign changes node is sent again by the page, and stored once', { skip, timeout: 120000 }, async (t) => {
  const { C, campaign, user, keeper, frozen, other, name } = await pageOnCampaign('moved', { leaseSeconds: 6 });
  let sends = 0;
  user.page.on('websocket', (ws) => ws.on('framesent', (f) => { if (String(f.payload).includes('sent while the campaign moves')) sends++; }));
  process.kill(frozen.proc.pid, 'SIGSTOP');
  const frozenAt = Date.now();
  try {
    // The proxy closes the frozen node's socket; the page reconnects to the other node, which answers `moved`.
    await waitForConnState(user.page, 'online', { not: true, timeout: 5000 });
    const sentAt = Date.now() - frozenAt;
    await user.page.getByTestId('chat-input').fill('sent while the campaign moves');
    await user.page.getByTestId('chat-send').click();
    await waitForItem(user.page, 'chat-list', 'chat-item', 'sent while the campaign moves', 20000);
    const shown = Date.now() - frozenAt;
    t.diagnostic(`${keeper} frozen (lease 6 s): the line typed ${sentAt} ms after went ${sends} times, and was shown ${shown} ms after`);
    assert.ok(sends > 1, `the line went again after a refusal: ${sends} times`);
    assert.equal(await user.page.getByTestId('chat-error').isHidden(), true);
    assert.equal(await user.page.getByTestId('chat-input').inputValue(), '');
    assert.equal(await C.keeperOf(campaign), name);
  } finally {
    process.kill(frozen.proc.pid, 'SIGCONT');
  }
  await sleep(500);
  assert.deepEqual(storedLines(other, campaign), ['before the freeze', 'sent while the campaign moves'], 'each line stored once');
  assert.deepEqual(user.pageErrors, []);
});
