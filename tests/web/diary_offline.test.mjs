// A diary sent from a phone whose line is down (web/common/kept.js; docs/protocol.md, "Commands kept on the device"):
// A's phone (390x844) reaches the server through a line whose WebSocket can be cut while plain HTTP still goes
// (tests/web/lib/line.mjs).
//   - The line goes; he sends his diary and the page is reloaded (the phone slept): the page says it waits on the
//     phone; the server has none. The line comes back: it goes in for March, and the page says so.
//   - The line goes again; he revises it; meanwhile the umpire resolves March. When the line is back the server
//     refuses it as stale (it names the month), April gets nothing of it, and the page tells him the month moved on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { connect, newUser, uniqueName } from '../integration/lib/client.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper, UI_TIMEOUT, RECONNECT_TIMEOUT } from './lib/browser.mjs';
import { el } from './lib/battle.mjs';
import { cuttableLine } from './lib/line.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('a diary sent with the line down goes when it is back; one for a month resolved meanwhile is refused and said so', { timeout: 150000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const line = await cuttableLine(server);
  const sockets = [];
  let pa;
  t.after(async () => {
    for (const c of sockets) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await line.close();
    await server.cleanup();
  });
  const step = stepper(t, (name) => failureShots(`diary-offline-${name.replace(/\W+/g, '_')}`, { a: pa?.page }));
  let campaign, U, A;
  const kemp = (v) => Object.values(v.year.colonels).find((c) => c.name === 'Kemp');

  await step('a campaign in March; A\'s phone on his diary through a line that can be cut', async () => {
    const users = { umpire: await newUser(server, uniqueName('dou')), a: await newUser(server, uniqueName('doa')) };
    U = await connect(server, users.umpire.cookie);
    A = await connect(server, users.a.cookie);
    sockets.push(U, A);
    campaign = (await U.ok('campaign.create', { name: 'Letters Home' })).campaign;
    const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
    await A.ok('campaign.join', { code });
    await A.ok('colonel.create', { campaign, name: 'Kemp' });
    await U.ok('year.start', { campaign, year: '174-', month: 3 });
    await U.subscribe(campaign);
    pa = await openUser(browser, line, PHONE, { cookie: users.a.cookie, path: `/#/campaign/${campaign}/diary` });
    await waitForConnState(pa.page, 'online');
    await pa.page.getByTestId('diary-text').waitFor();
  });

  await step('the line goes; he sends it and the phone sleeps: the diary waits on the phone; back, it goes in', async () => {
    const p = pa.page;
    await p.getByTestId('diary-activity').selectOption('politics');
    await p.getByTestId('diary-text').fill('Wrote to my agent from the road.');
    line.cut();
    await waitForConnState(p, 'online', { not: true });
    await p.getByTestId('diary-submit').click();
    await p.waitForFunction(() => (localStorage.getItem('muster-kept') || '').includes('diary.submit'));
    await p.reload();
    await p.getByTestId('kept-item').filter({ hasText: 'Kept on this device until the line is back: your diary for March 174-.' }).waitFor();
    assert.equal(kemp(await U.caughtUp(campaign)).diary ?? null, null, 'nothing on the server yet');
    line.mend();
    await el(p, 'kept-item', { state: 'sent' }).filter({ hasText: 'Sent when the line came back: your diary for March 174-.' }).waitFor({ timeout: RECONNECT_TIMEOUT });
    const v = await U.waitForView(campaign, (x) => !!kemp(x).diary, UI_TIMEOUT, 'Kemp\'s diary');
    assert.equal(kemp(v).diary.text, 'Wrote to my agent from the road.');
    assert.equal(kemp(v).diary.activity, 'politics');
    await p.getByTestId('kept-dismiss').tap();
  });

  await step('the line goes; he revises it; March is resolved meanwhile: refused as stale, and he is told', async () => {
    const p = pa.page;
    await p.getByTestId('diary-status').and(p.locator('[data-submitted="true"]')).waitFor();
    await p.getByTestId('diary-text').fill('A second thought, too late.');
    line.cut();
    await waitForConnState(p, 'online', { not: true });
    await p.getByTestId('diary-submit').click();
    // No socket: the diary is kept at once, and the page says so (web/common/kept.js).
    await p.getByTestId('diary-error').filter({ hasText: 'No line to the server, so this is kept on this device and goes when the line is back: your diary for March 174-.' }).waitFor({ timeout: 5000 });
    await U.ok('month.resolve', { campaign });
    await U.waitForView(campaign, (x) => x.year.calendar.month === 4, UI_TIMEOUT, 'April');
    line.mend();
    const refused = el(p, 'kept-item', { state: 'refused', code: 'stale' });
    await refused.waitFor({ timeout: RECONNECT_TIMEOUT });
    assert.match(await refused.innerText(), /^Not sent — the month has moved on: your diary for March 174-\. You saw month 1; the campaign is at month 2\./);
    await p.getByTestId('diary-error').filter({ hasText: 'You saw month 1; the campaign is at month 2.' }).waitFor();
    const v = await U.caughtUp(campaign);
    assert.equal(kemp(v).diary ?? null, null, 'April has no diary of his');
    assert.equal(JSON.stringify(v).includes('A second thought'), false);
    assert.deepEqual(pa.pageErrors, []);
  });
});
