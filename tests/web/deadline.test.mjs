// The month's deadline across time zones (web/umpire/year.js, web/player/diary.js): an umpire in New York and a
// player in Tokyo see the same moment in their own hours, each with his zone named; the umpire's quick buttons
// set the deadline at once, "+1 day" from the deadline in force; putting it back needs the umpire's reason, which
// both pages then show; a pause with its reason reaches the player's diary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { connect, newUser, uniqueName } from '../integration/lib/client.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper } from './lib/browser.mjs';

const DAY = 86400e3;

test('deadlines: each zone named, and the quick buttons set the deadline', { timeout: 120000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const sockets = [];
  let umpire;
  let player;
  t.after(async () => {
    for (const c of sockets) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const step = stepper(t, (name) => failureShots(`deadline-${name.replace(/\W+/g, '_')}`, { umpire: umpire?.page, player: player?.page }));
  let U;
  let campaign;
  let first;

  await step('a campaign in its months; the umpire opens the Year tab in New York, the player his diary in Tokyo', async () => {
    const users = { umpire: await newUser(server, uniqueName('du')), a: await newUser(server, uniqueName('da')) };
    U = await connect(server, users.umpire.cookie);
    const A = await connect(server, users.a.cookie);
    sockets.push(U, A);
    campaign = (await U.ok('campaign.create', { name: 'Two zones' })).campaign;
    const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
    await A.ok('campaign.join', { code });
    await A.ok('colonel.create', { campaign, name: 'Kemp' });
    await U.ok('year.start', { campaign, year: '174-', month: 4 });
    await U.subscribe(campaign);
    umpire = await openUser(browser, server, { timezoneId: 'America/New_York' }, { cookie: users.umpire.cookie, path: `/#/campaign/${campaign}/year` });
    player = await openUser(browser, server, { timezoneId: 'Asia/Tokyo' }, { cookie: users.a.cookie, path: `/#/campaign/${campaign}/diary` });
    for (const u of [umpire, player]) await waitForConnState(u.page, 'online');
    await umpire.page.getByText('Deadline (your time zone: America/New_York)').waitFor();
  });

  await step('"+1 day" sets the deadline a day from now, at once; both see it with their zone', async () => {
    const before = Date.now();
    await umpire.page.getByTestId('deadline-plus-1day').click();
    const v = await U.waitForView(campaign, (x) => typeof x.year.calendar.deadline === 'number', 10000);
    first = v.year.calendar.deadline;
    // The box holds minutes: the deadline is a day on, to the minute.
    assert.ok(first > before + DAY - 60e3 && first <= Date.now() + DAY, `${new Date(first).toISOString()}`);
    await umpire.page.getByTestId('month-deadline').filter({ hasText: /Deadline: .*(E[SD]T|GMT-[45])/ }).waitFor();
    await player.page.getByTestId('diary-deadline').filter({ hasText: /Deadline: .*(GMT\+9|JST)/ }).waitFor();
  });

  await step('"+1 day" again is an extension: refused without a reason, then put back a day with one', async () => {
    const sent = [];
    for (const ws of umpire.sockets) ws.on('framesent', (f) => { if (typeof f.payload === 'string') sent.push(JSON.parse(f.payload)); });
    await umpire.page.getByTestId('deadline-plus-1day').click();
    await umpire.page.getByTestId('deadline-error').filter({ hasText: /reason/ }).waitFor();
    assert.equal((await U.caughtUp(campaign)).year.calendar.deadline, first, 'refused: the deadline did not move');

    const reason = 'The post from Flanders is late';
    await umpire.page.getByTestId('deadline-reason').fill(reason);
    await umpire.page.getByTestId('deadline-plus-1day').click();
    const v = await U.waitForView(campaign, (x) => x.year.calendar.deadline !== first, 10000);
    const moved = v.year.calendar.deadline - first;
    assert.ok(Math.abs(moved - DAY) < 60e3, `moved ${moved} ms`);
    assert.deepEqual(v.year.calendar.extensions.map((x) => [x.from, x.reason]), [[first, reason]]);
    const bodies = sent.filter((m) => m.type === 'month.set_deadline').map((m) => m.body);
    assert.equal(bodies.length, 2, JSON.stringify(bodies));
    assert.equal(bodies[0].reason, undefined, 'an empty box sends no reason');
    assert.equal(bodies[1].reason, reason);
    for (const b of bodies) assert.equal(b.turn, v.year.calendar.turn, 'the month the page shows goes with it');

    await umpire.page.waitForFunction(() => document.querySelector('[data-testid="deadline-reason"]').value === '');
    await umpire.page.getByTestId('deadline-error').waitFor({ state: 'hidden' });
    await umpire.page.getByTestId('deadline-extensions').locator('li').filter({ hasText: reason }).waitFor();
    await player.page.getByTestId('diary-extensions').filter({ hasText: reason }).waitFor();
    // Two days on, the last reminder (12 hours before) is still to come.
    assert.ok(v.year.calendar.reminders.length > 0, JSON.stringify(v.year.calendar.reminders));
    await umpire.page.getByTestId('deadline-reminders').filter({ hasText: /^Reminders to players not in: / }).waitFor();
    for (const u of [umpire, player]) assert.deepEqual(u.pageErrors, [], 'no uncaught error');
  });

  await step('the umpire pauses the campaign with a reason; the player sees it; resuming takes the line away', async () => {
    const reason = 'Half the club is at Salute';
    await umpire.page.getByTestId('pause-reason').fill(reason);
    await umpire.page.getByTestId('month-pause').click();
    await umpire.page.getByTestId('month-paused').filter({ hasText: reason }).waitFor();
    await player.page.getByTestId('diary-paused').filter({ hasText: reason }).waitFor();
    assert.equal((await U.caughtUp(campaign)).year.calendar.paused.reason, reason);

    await umpire.page.getByTestId('month-resume').click();
    await umpire.page.getByTestId('month-pause').waitFor();
    await player.page.getByTestId('diary-paused').waitFor({ state: 'hidden' });
    assert.equal((await U.caughtUp(campaign)).year.calendar.paused, null);
    for (const u of [umpire, player]) assert.deepEqual(u.pageErrors, [], 'no uncaught error');
  });

  await step('the umpire in New York sets "every Sunday at 20:00": the rule is in his zone', async () => {
    await umpire.page.getByTestId('rule-weekday').selectOption('0');
    await umpire.page.getByTestId('rule-time').fill('20:00');
    await umpire.page.getByTestId('rule-set').click();
    await umpire.page.getByTestId('rule-current').filter({ hasText: 'every Sunday at 20:00 (America/New_York)' }).waitFor();
    const v = await U.waitForView(campaign, (x) => x.year.calendar.rule !== null, 10000);
    assert.deepEqual(v.year.calendar.rule, { weekday: 0, time: '20:00', time_zone: 'America/New_York' });
    await umpire.page.getByTestId('rule-clear').click();
    await umpire.page.getByTestId('rule-clear').waitFor({ state: 'hidden' });
    for (const u of [umpire, player]) assert.deepEqual(u.pageErrors, [], 'no uncaught error');
  });
});
