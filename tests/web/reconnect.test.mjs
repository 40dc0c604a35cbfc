// The player's page loses its connection (the server stops, then comes back on the same port and database);
// a notice posted while the page was cut off shows up once the page has reconnected by itself, without a
// reload, and the indicator is back to "online".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { newUser, connect, uniqueName } from '../integration/lib/client.mjs';
import {
  launchBrowser, openUser, registerViaPage, waitForHash, waitForConnState, connState, itemTexts, waitForItem,
  markWindow, windowMarker, freePort, failureShots, stepper, UI_TIMEOUT, RECONNECT_TIMEOUT,
} from './lib/browser.mjs';

/** The umpire, as a plain API and WebSocket client: posts a notice and returns its id among the notices. */
async function postNotice(server, umpire, campaign, text) {
  const ws = await connect(server, umpire.cookie);
  try {
    const body = await ws.ok('notice.post', { campaign, text });
    assert.equal(typeof body.id, 'number');
    return body.id;
  } finally {
    await ws.close();
  }
}

test('reconnect: notices posted while the page was cut off arrive after it reconnects', { timeout: 150000 }, async (t) => {
  // A fixed port, so that the restarted server is at the page's origin again.
  const port = await freePort();
  const server = await startServer({ args: ['--listen', `127.0.0.1:${port}`] });
  assert.equal(server.port, port);
  const browser = await launchBrowser();
  t.after(async () => {
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const run = Math.random().toString(36).slice(2, 10);
  const campaignName = `Bohemia 1742 ${run}`;
  const first = `Before the storm (${run})`;
  const whileOffline = `Posted while the player was cut off (${run})`;
  const whileRestarting = `Posted as the server came back (${run})`;

  let umpire;
  let player;
  let campaign;
  let mark;
  const step = stepper(t, (name) => failureShots(`reconnect-${name.replace(/\W+/g, '_')}`, { player: player?.page }));

  await step('set up: an umpire (API client) with a campaign, a player in the browser on its page', async () => {
    umpire = await newUser(server, uniqueName('ump'));
    const ws = await connect(server, umpire.cookie);
    try {
      campaign = (await ws.ok('campaign.create', { name: campaignName })).campaign;
      const { code } = await ws.ok('campaign.invite', { campaign, role: 'player' });
      player = await openUser(browser, server);
      await waitForHash(player.page, '#/login');
      await registerViaPage(player.page, uniqueName('pla'));
      await player.page.getByTestId('join-code-input').fill(code);
      await player.page.getByTestId('join-submit').click();
      await waitForHash(player.page, `#/campaign/${campaign}`);
      await player.page.getByTestId('campaign-name').filter({ hasText: campaignName }).waitFor();
      await ws.ok('notice.post', { campaign, text: first });
    } finally {
      await ws.close();
    }
    await waitForItem(player.page, 'notice-list', 'notice-item', first);
    await waitForConnState(player.page, 'online');
    mark = await markWindow(player);
  });

  await step('the server stops: the page notices and stops saying "online"', async () => {
    const exit = await server.stop();
    assert.deepEqual(exit, { code: 0, signal: null }, 'the server exits cleanly on SIGTERM');
    const state = await waitForConnState(player.page, 'online', { not: true, timeout: UI_TIMEOUT });
    assert.ok(state === 'connecting' || state === 'offline', `indicator while the server is down: ${state}`);
  });

  await step('while the browser is offline the server comes back and the umpire posts a notice', async () => {
    // Offline, the page cannot reconnect early: the notice is certainly posted while it is cut off.
    await player.context.setOffline(true);
    await waitForConnState(player.page, 'offline');
    await server.start();
    assert.equal(server.port, port, 'the server came back on the same port');
    await postNotice(server, umpire, campaign, whileOffline);
    await player.page.waitForTimeout(1500);
    assert.equal(await connState(player.page), 'offline');
    assert.deepEqual(await itemTexts(player.page, 'notice-list', 'notice-item'), [first]);
  });

  await step('back online, the page reconnects and shows the notice without a reload', async () => {
    await player.context.setOffline(false);
    await waitForItem(player.page, 'notice-list', 'notice-item', whileOffline, RECONNECT_TIMEOUT);
    assert.deepEqual(await itemTexts(player.page, 'notice-list', 'notice-item'), [whileOffline, first]);
    assert.equal(await waitForConnState(player.page, 'online', { timeout: RECONNECT_TIMEOUT }), 'online');
    assert.equal((await player.page.getByTestId('conn-state').locator('.conn-label').textContent()).trim(), 'online');
    assert.equal(await windowMarker(player.page), mark.token, 'the page was not reloaded');
    assert.equal(player.loads, mark.loads, 'no document load');
    assert.equal(await player.page.evaluate(() => location.hash), `#/campaign/${campaign}`);
  });

  await step('a server restart alone: the page reconnects by itself (backoff) and catches up', async () => {
    await server.stop();
    await waitForConnState(player.page, 'online', { not: true });
    await server.start();
    assert.equal(server.port, port);
    await postNotice(server, umpire, campaign, whileRestarting);
    await waitForItem(player.page, 'notice-list', 'notice-item', whileRestarting, RECONNECT_TIMEOUT);
    assert.deepEqual(await itemTexts(player.page, 'notice-list', 'notice-item'), [whileRestarting, whileOffline, first]);
    assert.equal(await waitForConnState(player.page, 'online', { timeout: RECONNECT_TIMEOUT }), 'online');
    assert.equal(await windowMarker(player.page), mark.token, 'the page was not reloaded');
    assert.equal(player.loads, mark.loads, 'no document load');
  });

  await step('after reconnecting, the page still works both ways', async () => {
    const text = `Still here (${run})`;
    await player.page.getByTestId('chat-input').fill(text);
    await player.page.getByTestId('chat-send').click();
    await waitForItem(player.page, 'chat-list', 'chat-item', text);
    assert.deepEqual(await itemTexts(player.page, 'chat-list', 'chat-item'), [text]);
    assert.equal(await player.page.getByTestId('chat-error').isHidden(), true);
    const ws = await connect(server, umpire.cookie);
    try {
      const { view } = await ws.subscribe(campaign);
      assert.deepEqual(Object.values(view.chat).map((m) => m.text), [text]);
    } finally {
      await ws.close();
    }
    assert.deepEqual(player.pageErrors, []);
  });
});
