// A campaign played by post, in the browser (web/player/standing.js, web/player/leave.js, web/umpire/year.js,
// web/umpire/handover.js): a player saves the diary form as his standing orders, clears them and saves them
// again; declares leave, sees the server refuse a month past the yearly allowance, and cancels a month; the
// month missed is resolved with his standing orders; the umpire's diaries list shows a month missed and a month on
// leave; the umpire hands a colonel to a player who had none, whose page then shows him while the old player's
// offers a new colonel. axe-core finds nothing on the Diary tab with its new panels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { connect, newUser, uniqueName } from '../integration/lib/client.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper, injectAxe } from './lib/browser.mjs';


async function axeViolations(page) {
  await page.waitForTimeout(300); // the last push painted
  await injectAxe(page);
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) =>
    `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
}

test('played by post: standing orders, leave and a colonel handed over', { timeout: 180000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const sockets = [];
  const pages = {};
  t.after(async () => {
    for (const c of sockets) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const step = stepper(t, (name) => failureShots(`by_post-${name.replace(/\W+/g, '_')}`,
    Object.fromEntries(Object.entries(pages).map(([k, u]) => [k, u.page]))));
  let users;
  let U;
  let A;
  let campaign;

  await step('an umpire, two players with colonels and one without; the year started', async () => {
    users = {
      umpire: await newUser(server, uniqueName('pu')),
      a: await newUser(server, uniqueName('pa')),
      b: await newUser(server, uniqueName('pb')),
      c: await newUser(server, uniqueName('pc')),
    };
    U = await connect(server, users.umpire.cookie);
    A = await connect(server, users.a.cookie);
    const B = await connect(server, users.b.cookie);
    const C = await connect(server, users.c.cookie);
    sockets.push(U, A, B, C);
    campaign = (await U.ok('campaign.create', { name: 'By post' })).campaign;
    const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
    for (const p of [A, B, C]) await p.ok('campaign.join', { code });
    await A.ok('colonel.create', { campaign, name: 'Kemp' });
    await B.ok('colonel.create', { campaign, name: 'Lacy' });
    await U.ok('year.start', { campaign, year: '174-', month: 3 });
    await U.subscribe(campaign);
    await A.subscribe(campaign);
    const open = (u, tab) => openUser(browser, server, {}, { cookie: u.cookie, path: `/#/campaign/${campaign}/${tab}` });
    pages.a = await open(users.a, 'diary');
    pages.umpire = await open(users.umpire, 'year');
    pages.b = await open(users.b, 'colonel');
    pages.c = await open(users.c, 'colonel');
    for (const u of Object.values(pages)) await waitForConnState(u.page, 'online');
    await pages.a.page.getByTestId('standing-save').waitFor();
    await pages.c.page.getByTestId('colonel-create').waitFor();
  });

  await step('A saves the form as standing orders, clears them, saves them again', async () => {
    const page = pages.a.page;
    const mine = () => U.caughtUp(campaign).then((v) => v.year.colonels[String(users.a.user)].standing_orders);
    await page.getByTestId('standing-current').filter({ hasText: 'No standing orders.' }).waitFor();
    await page.getByTestId('standing-clear').waitFor({ state: 'hidden' });
    await page.getByTestId('diary-activity').selectOption('politics');
    await page.getByTestId('standing-save').click();
    await page.getByTestId('standing-current').filter({ hasText: 'Standing orders: Politics' }).waitFor();
    assert.equal((await mine()).activity, 'politics');

    await page.getByTestId('standing-clear').click();
    await page.getByTestId('standing-current').filter({ hasText: 'No standing orders.' }).waitFor();
    assert.equal(await mine(), null);

    await page.getByTestId('diary-activity').selectOption('politics');
    await page.getByTestId('standing-save').click();
    await page.getByTestId('standing-current').filter({ hasText: 'Standing orders: Politics' }).waitFor();
    assert.equal((await mine()).activity, 'politics');
    // Nothing was submitted for the month: the standing orders are what he will get.
    assert.equal((await U.caughtUp(campaign)).year.console.submitted[String(users.a.user)], false);
    await page.getByTestId('diary-error').waitFor({ state: 'hidden' });
    await page.getByTestId('standing-error').waitFor({ state: 'hidden' });
  });

  await step('A declares leave next month; a third month in the year is refused by the server; cancel works', async () => {
    const page = pages.a.page;
    const list = page.getByTestId('leave-list');
    await page.getByTestId('leave-allowance').filter({ hasText: 'allow two months of leave in each campaign year' }).waitFor();
    assert.equal(await page.getByTestId('leave-from').inputValue(), '2', 'the next month is offered');
    await page.getByText('This month is month 1, March 174-.').waitFor();
    await page.getByTestId('leave-months').selectOption('1');
    await page.getByTestId('leave-declare').click();
    await list.getByTestId('leave-item').filter({ hasText: 'Month 2 (April)' }).waitFor();

    await page.getByTestId('leave-from').fill('3');
    await page.getByTestId('leave-months').selectOption('2');
    await page.getByTestId('leave-declare').click();
    await page.getByTestId('leave-error').filter({ hasText: 'the house rules allow 2' }).waitFor();
    assert.equal(await list.getByTestId('leave-item').count(), 1, 'refused: nothing changed');

    await page.getByTestId('leave-months').selectOption('1');
    await page.getByTestId('leave-declare').click();
    await list.getByTestId('leave-item').filter({ hasText: 'Month 3 (May)' }).waitFor();
    await page.getByTestId('leave-error').waitFor({ state: 'hidden' });
    await list.locator('[data-testid="leave-item"][data-turn="3"]').getByTestId('leave-cancel').click();
    await list.locator('[data-testid="leave-item"][data-turn="3"]').waitFor({ state: 'detached' });
    assert.deepEqual((await A.caughtUp(campaign)).year.colonels[String(users.a.user)].leave, [2]);
  });

  await step("axe-core finds nothing on the Diary tab with standing orders and leave, nor on the umpire's Year tab", async () => {
    assert.deepEqual(await axeViolations(pages.a.page), [], 'the Diary tab');
    await pages.umpire.page.getByTestId('handover-go').waitFor();
    assert.deepEqual(await axeViolations(pages.umpire.page), [], 'the Year tab');
  });

  await step('the month resolved: A got his standing orders; the umpire sees B missed one and A on leave', async () => {
    await U.ok('month.resolve', { campaign, turn: 1 });
    const v = await A.waitForView(campaign, (x) => x.year.calendar.turn === 2, 10000);
    const report = v.year.colonels[String(users.a.user)].reports['1'];
    assert.equal(report.standing, true, JSON.stringify(report));
    assert.equal(report.activity, 'politics');
    assert.equal(v.year.colonels[String(users.a.user)].away, 'leave');

    const items = pages.umpire.page.getByTestId('submitted-list');
    const b = items.locator(`[data-testid="submitted-item"][data-colonel="${users.b.user}"]`);
    await b.getByTestId('submitted-missed').filter({ hasText: 'missed 1 in a row' }).waitFor();
    const a = items.locator(`[data-testid="submitted-item"][data-colonel="${users.a.user}"]`);
    await a.filter({ hasText: 'on leave' }).waitFor();
    assert.equal(await a.getAttribute('data-away'), 'leave');
    await pages.a.page.getByTestId('diary-away').filter({ hasText: 'On leave this month' }).waitFor();
  });

  await step("the umpire hands B's colonel to C: C's page shows him, B's offers a new colonel", async () => {
    const page = pages.umpire.page;
    await page.getByTestId('handover-colonel').selectOption(String(users.b.user));
    const offered = await page.getByTestId('handover-to').locator('option').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual(offered, [String(users.c.user)], 'only the player without a colonel');
    await page.getByTestId('handover-go').click();
    await page.getByTestId('handover-done').filter({ hasText: 'Lacy' }).waitFor();
    await pages.c.page.getByTestId('sheet-name').filter({ hasText: 'Lacy' }).waitFor();
    await pages.b.page.getByTestId('colonel-create').waitFor();
    const v = await U.caughtUp(campaign);
    assert.equal(v.year.colonels[String(users.c.user)].name, 'Lacy');
    assert.equal(v.year.colonels[String(users.b.user)], undefined);
    // B has none now: he is the one a colonel may go to.
    await page.waitForFunction((b) => [...document.querySelectorAll('[data-testid="handover-to"] option')].map((o) => o.value).join() === b,
      String(users.b.user));
    for (const u of Object.values(pages)) assert.deepEqual(u.pageErrors, [], 'no uncaught error');
  });
});
