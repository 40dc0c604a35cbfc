// Every page a member uses outside a battle's map, at a phone's size (390x844, touch) and a desktop's (1366x900):
// the login page and the dice check signed out; a player's campaign list, each of his tabs (a colonel with a
// regiment, his diary due, an expedition briefed with the War Office Committee sitting on a motion) and his
// chronicle; the umpire's tabs and the server administrator's page (the umpire is the administrator), also on a
// tablet (768x1024, where he resolves a month and runs the committee). Each page
// must fit the screen's width, have no tap target under 40x40 px and no serious or critical axe-core violation
// (tests/web/lib/pages.mjs). MUSTER_SHOTS=<dir> keeps a screenshot of each. The battle pages are pages_battle's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startServer, MUSTER_BIN } from '../integration/lib/server.mjs';
import { connect, newUser, uniqueName, httpRequest } from '../integration/lib/client.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState } from './lib/browser.mjs';
import { SIZES, UMPIRE_SIZES, checkPage, pageRuns } from './lib/pages.mjs';

/** The tabs the page shows, in order (ids). */
const tabIds = (page) => page.locator('[role="tab"]').evaluateAll((ts) => ts.map((t) => t.id.replace(/^tab-/, '')));

/** Opens a tab of the campaign by its address and waits for its panel. */
async function openTab(page, campaign, tab) {
  await page.evaluate((h) => { window.location.hash = h; }, `#/campaign/${campaign}/${tab}`);
  await page.locator(`#panel-${tab}`).waitFor({ state: 'visible' });
}

test('every page a member uses fits a phone and a desktop, with big enough targets and no serious axe violation', { timeout: 540000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const sockets = [];
  t.after(async () => {
    for (const s of sockets) await s.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  // The campaign, through the protocol: two colonels with regiments, the year started and a deadline set, an
  // expedition briefed and a motion before the committee.
  const users = { umpire: await newUser(server, uniqueName('pgu')), a: await newUser(server, uniqueName('pga')), b: await newUser(server, uniqueName('pgb')) };
  const granted = spawnSync(MUSTER_BIN, ['admin', ...server.storeArgs, '--grant', users.umpire.username], { encoding: 'utf8' });
  assert.equal(granted.status, 0, granted.stderr);
  const [U, A, B] = [await connect(server, users.umpire.cookie), await connect(server, users.a.cookie), await connect(server, users.b.cookie)];
  sockets.push(U, A, B);
  const campaign = (await U.ok('campaign.create', { name: 'Flanders and the Low Countries, 1744-1748' })).campaign;
  const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
  for (const c of [A, B]) await c.ok('campaign.join', { code });
  await A.ok('colonel.create', { campaign, name: 'Kemp', pip: 20 });
  await B.ok('colonel.create', { campaign, name: 'Dartington', pip: 15 });
  for (const [c, regiment] of [[A, 7], [B, 12]]) {
    await U.ok('auction.open', { campaign, regiment });
    await c.ok('auction.bid', { campaign, amount: 150 });
    await U.ok('auction.close', { campaign });
  }
  await A.ok('objective.choose', { campaign, kind: 'glory' });
  await U.ok('year.start', { campaign, year: '174-', month: 4 });
  // April resolved (A's diary written, B's by default), so Reports, the Gazette and the Colonels' reports have one.
  await A.ok('diary.submit', { campaign, activity: 'politics', orders: { maintained: 10, declared: 10, pay: 'pay' }, text: 'Kemp dines with the Secretary at War.', publish: true });
  await U.ok('month.resolve', { campaign });
  await U.ok('month.set_deadline', { campaign, deadline: Date.now() + 2 * 86400000 });
  await U.ok('notice.post', { campaign, text: 'The army goes into winter quarters at Ghent.' });
  await A.ok('chat.say', { campaign, text: 'Kemp reports the 7th fit for service.' });
  await U.ok('dice.roll', { campaign, dice: '2d6', reason: 'weather' });
  await U.ok('crisis.roll', { campaign });
  await U.ok('expedition.create', { campaign, generate: true });
  await U.ok('expedition.edit', { campaign, field: 'region', value: 'Mainland France' });
  // A sketch map (a 1x1 PNG) uploaded as the umpire's page does.
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000'
    + '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082', 'hex');
  const up = await httpRequest(server, 'POST', `/api/campaigns/${campaign}/images`, {
    body: png, cookie: users.umpire.cookie, headers: { 'Content-Type': 'image/png', Origin: server.origin },
  });
  assert.equal(up.status, 201, up.text);
  await U.ok('expedition.edit', { campaign, field: 'map', value: up.json.url });
  await U.ok('expedition.brief', { campaign });
  await U.ok('committee.attendance', { campaign, expedition: 1, present: [users.a.user, users.b.user] });
  await U.ok('motion.put', { campaign, expedition: 1, question: 'Which regiment goes?',
    options: [{ label: 'The 7th', regiments: [7] }, { label: 'The 12th', regiments: [12] }] });

  const run = pageRuns(t);
  for (const [size, options] of Object.entries(SIZES)) {
    await run(`${size}: signed out`, async () => {
      const found = [];
      const u = await openUser(browser, server, options, { path: '/#/login' });
      try {
        await u.page.getByTestId('register-submit').waitFor();
        found.push(...await checkPage(u.page, `${size}-login`));
        await u.page.evaluate(() => { window.location.hash = '#/dice-check'; });
        await u.page.getByTestId('dice-file').waitFor({ state: 'attached' });
        found.push(...await checkPage(u.page, `${size}-dice-check`));
        assert.deepEqual(found, []);
        assert.deepEqual(u.pageErrors, []);
      } finally {
        await u.context.close();
      }
    });

    await run(`${size}: the player's campaign list, tabs and chronicle`, async () => {
      const found = [];
      const u = await openUser(browser, server, options, { cookie: users.a.cookie, path: '/#/campaigns' });
      try {
        const page = u.page;
        await page.locator(`[data-testid="campaign-link"][data-campaign="${campaign}"] [data-testid="campaign-needs"]`).waitFor();
        found.push(...await checkPage(page, `${size}-player-campaigns`));
        await page.evaluate((h) => { window.location.hash = h; }, `#/campaign/${campaign}`);
        await waitForConnState(page, 'online');
        await page.getByTestId('tab-expeditions').waitFor({ state: 'attached' });
        const tabs = await tabIds(page);
        assert.deepEqual(tabs, ['table', 'colonel', 'diary', 'reports', 'auction', 'gazette', 'regiments', 'expeditions', 'rules']);
        for (const tab of tabs) {
          await openTab(page, campaign, tab);
          if (tab === 'expeditions') await page.getByTestId('motion-option').first().waitFor();
          found.push(...await checkPage(page, `${size}-player-${tab}`));
          if (tab === 'expeditions') {
            // The sketch map zooms as a battle map does (common/battle/zoom.js), and back.
            const zoom = page.getByTestId('expedition-map-zoom');
            await zoom.click();
            assert.equal(await page.locator('.sketch-map-frame').getAttribute('data-zoom'), '2.5');
            assert.ok(Number(await page.getByTestId('expedition-map-image').getAttribute('width')) > 0);
            await zoom.click();
            assert.equal(await zoom.getAttribute('aria-pressed'), 'false');
          }
        }
        await page.evaluate((h) => { window.location.hash = h; }, `#/chronicle/${campaign}`);
        await page.getByTestId('chronicle').waitFor();
        found.push(...await checkPage(page, `${size}-player-chronicle`));
        assert.deepEqual(found, []);
        assert.deepEqual(u.pageErrors, []);
      } finally {
        await u.context.close();
      }
    });
  }

  for (const [size, options] of Object.entries(UMPIRE_SIZES)) {
    await run(`${size}: the umpire's tabs and the administrator's page`, async () => {
      const found = [];
      const u = await openUser(browser, server, options, { cookie: users.umpire.cookie, path: `/#/campaign/${campaign}` });
      try {
        const page = u.page;
        await waitForConnState(page, 'online');
        await page.getByTestId('tab-expeditions').waitFor({ state: 'attached' });
        const tabs = await tabIds(page);
        assert.deepEqual(tabs, ['table', 'battle', 'umpire', 'year', 'colonels', 'auction', 'gazette', 'regiments', 'expeditions', 'rules']);
        for (const tab of tabs) {
          await openTab(page, campaign, tab);
          found.push(...await checkPage(page, `${size}-umpire-${tab}`));
          if (tab === 'year') {
            // Resolving the month: its confirmation, open.
            await page.getByTestId('month-resolve').click();
            await page.getByTestId('month-resolve-box').waitFor();
            found.push(...await checkPage(page, `${size}-umpire-year-resolve`));
            await page.getByTestId('month-resolve-cancel').click();
          }
        }
        await page.evaluate(() => { window.location.hash = '#/admin'; });
        await page.getByTestId('admin-users').waitFor();
        found.push(...await checkPage(page, `${size}-admin`));
        assert.deepEqual(found, []);
        assert.deepEqual(u.pageErrors, []);
      } finally {
        await u.context.close();
      }
    });
  }
});
