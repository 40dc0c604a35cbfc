// axe-core over the pages a club uses (web/README.md): the campaigns page, a campaign's page and its Battle tab for a
// player, and the umpire's console, each in a real browser with a battle of every book on the table. No violation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, injectAxe } from './lib/browser.mjs';

async function violations(page, hash, ready) {
  await page.goto('/' + hash);
  await page.getByTestId(ready).first().waitFor();
  await page.waitForTimeout(300); // the last push painted
  await injectAxe(page);
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) =>
    `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
}

test('accessibility: axe-core finds no violation on the pages a club uses', { timeout: 120000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const table = await battleTable(server, { name: 'Axe', umpire: 'ax_umpire', players: { a: 'ax_a', b: 'ax_b' } });
  t.after(async () => {
    for (const c of table.everyone) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const U = table.clients.umpire;
  const campaign = table.campaign;
  await U.ok('battle.create', {
    campaign, name: 'Ramillies', ruleset: 'cmwd', table: { width: 180, depth: 120, measure: 'cm' },
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
    leaders: [{ side: 'british', user: table.users.a.user, name: 'Cadogan', position: [30, 20], values: { commander: true, brigade: 'b1' } },
      { side: 'french', user: table.users.b.user, name: 'Villeroi', position: [30, 100], values: { commander: true, brigade: 'f1' } }],
    units: [{ side: 'british', name: 'Guards', troop_type: 'infantry', position: [30, 50], facing: 0, values: { brigade: 'b1' } },
      { side: 'french', name: 'Picardie', troop_type: 'infantry', position: [30, 80], facing: 180, values: { brigade: 'f1' } }],
  });
  await U.ok('battle.start', { campaign, battle: 1 });
  const player = await openUser(browser, server, {}, { cookie: table.users.a.cookie });
  const umpire = await openUser(browser, server, {}, { cookie: table.users.umpire.cookie });
  assert.deepEqual(await violations(player.page, '#/campaigns', 'campaign-link'), [], 'the campaigns page');
  assert.deepEqual(await violations(player.page, `#/campaign/${campaign}`, 'tab-battle'), [], "a campaign's page");
  assert.deepEqual(await violations(player.page, `#/campaign/${campaign}/battle`, 'battle-map'), [], 'the Battle tab');
  assert.deepEqual(await violations(umpire.page, `#/campaign/${campaign}/umpire`, 'tab-umpire'), [], "the umpire's console");
});
