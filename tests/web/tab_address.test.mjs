// The campaign page follows its address even when a push adds a tab between the address changing and the browser's
// hashchange event (web/common/pages/campaign.js): a player on his Colonel tab follows a link to his Diary just as
// the month opens (the push that builds the Diary tab). The race is made certain here: the address is changed
// without an event (history.pushState), the push is awaited, and then the event is fired, as the browser would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState } from './lib/browser.mjs';

test('a push that adds a tab does not take the page back from the tab its address just named', { timeout: 60000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const table = await battleTable(server, { name: 'Addresses', umpire: uniqueName('tau'), players: { a: uniqueName('taa') } });
  t.after(async () => {
    for (const c of table.everyone) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const { campaign, users } = table;
  const { umpire: U, a: A } = table.clients;
  await A.ok('colonel.create', { campaign, name: 'Kemp' });
  const u = await openUser(browser, server, {}, { cookie: users.a.cookie, path: `/#/campaign/${campaign}/colonel` });
  const page = u.page;
  await waitForConnState(page, 'online');
  await page.locator('#panel-colonel').waitFor();
  assert.equal(await page.locator('#tab-diary').count(), 0, 'no Diary tab before the month opens');

  await page.evaluate((h) => history.pushState(null, '', h), `#/campaign/${campaign}/diary`);
  await U.ok('year.start', { campaign, year: '174-', month: 3 });
  await page.locator('#tab-diary').waitFor({ state: 'attached' });
  await page.evaluate(() => window.dispatchEvent(new HashChangeEvent('hashchange')));
  await page.locator('#panel-diary').waitFor();
  assert.equal(await page.evaluate(() => window.location.hash), `#/campaign/${campaign}/diary`);
  assert.equal(await page.getByTestId('tab-diary').getAttribute('aria-selected'), 'true');
  assert.equal(await page.locator('#panel-colonel').isVisible(), false);
  assert.deepEqual(u.pageErrors, []);
});
