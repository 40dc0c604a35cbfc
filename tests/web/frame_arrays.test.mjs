// The page reads frames that came together as one array (docs/protocol.md, "Frames"): a burst of notices from
// the umpire reaches a player's page, which shows every one, in order, as a fresh load of the page does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { newUser, connect, uniqueName } from '../integration/lib/client.mjs';
import { launchBrowser, openUser, waitForHash, itemTexts, waitForItem, failureShots, stepper } from './lib/browser.mjs';

const BURST = 150;

test('a burst of notices, some in arrays, all on the player\'s page in order', { timeout: 150000 }, async (t) => {
  const server = await startServer({ args: ['--ws-rate', '100000', '--ws-burst', '100000'] });
  const browser = await launchBrowser();
  const sockets = [];
  t.after(async () => {
    for (const s of sockets) await s.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  let player;
  const step = stepper(t, (name) => failureShots(`frame-arrays-${name.replace(/\W+/g, '_')}`, { player: player?.page }));

  const umpire = await newUser(server, uniqueName('ump'));
  const member = await newUser(server, uniqueName('pla'));
  const U = await connect(server, umpire.cookie);
  const P = await connect(server, member.cookie);
  sockets.push(U, P);
  const campaign = (await U.ok('campaign.create', { name: 'In one breath' })).campaign;
  await P.ok('campaign.join', { code: (await U.ok('campaign.invite', { campaign, role: 'player' })).code });

  await step('the player\'s page shows the campaign', async () => {
    player = await openUser(browser, server, {}, { cookie: member.cookie, path: `/#/campaign/${campaign}` });
    await waitForHash(player.page, `#/campaign/${campaign}`);
    await player.page.getByTestId('campaign-name').filter({ hasText: 'In one breath' }).waitFor();
  });

  const texts = Array.from({ length: BURST }, (_, i) => `Order of the day ${i + 1}`);
  await step('the umpire posts a burst; the page shows every notice, newest first', async () => {
    await Promise.all(texts.map((text) => U.ok('notice.post', { campaign, text })));
    await waitForItem(player.page, 'notice-list', 'notice-item', texts.at(-1));
    assert.deepEqual(await itemTexts(player.page, 'notice-list', 'notice-item'), [...texts].reverse());
  });

  await step('some came as arrays, and a fresh load shows the same list', async () => {
    const arrays = player.wire.filter((text) => text.startsWith('['));
    t.diagnostic(`${player.wire.length} messages, ${arrays.length} of them arrays`);
    assert.ok(arrays.length > 0, 'the burst put frames together on the page\'s socket');
    await player.page.reload();
    await waitForItem(player.page, 'notice-list', 'notice-item', texts.at(-1));
    assert.deepEqual(await itemTexts(player.page, 'notice-list', 'notice-item'), [...texts].reverse());
    assert.deepEqual(player.pageErrors, []);
  });
});
