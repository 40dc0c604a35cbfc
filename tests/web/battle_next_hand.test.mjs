// Over the Hill: the hand of a new turn starts with no card chosen. A turn that resolves at once (auto_run) takes the
// page from turn 1's cards straight to turn 2's; the Advance he played in turn 1 must not come back chosen
// (over-the-hills.txt, "What Does A Leader Do?": each turn a leader chooses one of the five things anew).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState } from './lib/browser.mjs';
import { el } from './lib/battle.mjs';

test('the next turn\'s hand starts empty', { timeout: 90000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  t.after(async () => { for (const c of clients) await c.close().catch(() => {}); await browser.close().catch(() => {}); await server.cleanup(); });
  const table = await battleTable(server, { name: 'Hand', umpire: uniqueName('hu'), players: { a: uniqueName('ha'), b: uniqueName('hb') } });
  clients.push(...table.everyone);
  const { users, campaign } = table;
  const U = table.clients.umpire;
  const B = table.clients.b;
  const battle = (await U.ok('battle.create', {
    campaign, name: 'Hand',
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
    leaders: [
      { user: users.a.user, side: 'british', name: 'Kemp', position: [40, 40] },
      { user: users.b.user, side: 'french', name: 'Dartois', position: [140, 80] },
    ],
    units: [
      { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0 },
      { side: 'french', owner: users.b.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: [140, 80], facing: 180 },
    ],
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  const u = await openUser(browser, server, {}, { cookie: users.a.cookie, path: `/#/campaign/${campaign}/battle` });
  await waitForConnState(u.page, 'online');
  await waitForHash(u.page, `#/campaign/${campaign}/battle`);
  const page = u.page;
  await el(page, 'card-option', { card: 'order.advance' }).click();
  assert.equal(await el(page, 'card-option', { card: 'order.advance' }).getAttribute('aria-checked'), 'true');
  await page.getByTestId('card-play').click();
  await el(page, 'card-played', { card: 'order.advance' }).waitFor();
  await B.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' });
  await el(page, 'battle-turn', { turn: 2 }).waitFor();
  await el(page, 'card-option', { card: 'order.advance' }).waitFor();
  await page.waitForTimeout(500); // a late restore of the old choice would come within this
  const checked = await page.getByTestId('card-option').evaluateAll((bs) => bs.filter((b) => b.getAttribute('aria-checked') === 'true').map((b) => b.dataset.card));
  assert.deepEqual(checked, [], 'no card chosen in turn 2');
  assert.equal(await page.getByTestId('card-play').isDisabled(), true, 'nothing to play');
});
