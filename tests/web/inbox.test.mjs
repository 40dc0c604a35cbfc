// The page's list of notifications (docs/protocol.md, "HTTP" /api/notifications and "Notifications";
// web/common/inbox.js). One real server; an umpire and player A set up over WebSocket; A's pages are real browsers
// in Tokyo (GMT+9, no summer time, so the zone's name is fixed).
// - A's page sits on the campaigns page, its poll shortened to a second by `?inbox-poll=1000` (the campaigns page
//   has no pushes and the real period is a minute). The umpire posts a public notice over the protocol: within
//   seconds the button says "Notifications (1 new)". Opening the list shows it, its time in A's zone, its link to
//   the campaign (an item with a tab links to that tab); the count goes and the server has them seen. The link
//   lands on the campaign page.
// - A second page of A's, with no shortened poll, so only a view push can make it look: `document.visibilityState`
//   made to say 'hidden' and `window.Notification` wrapped to record what is shown, by an init script (headless
//   Chromium has no way to hide a page otherwise), the permission granted to the context. On the campaign page a
//   notice becomes one browser notification with its text; five posted while the page sits on the campaigns page
//   become three and "and 2 more" when the campaign page looks. It never asked for the permission; A's first page,
//   not granted, offers "Allow browser notifications", which asks only on its click.
// - axe-core over the campaigns page with the list open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName, httpRequest } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper, UI_TIMEOUT, injectAxe } from './lib/browser.mjs';

const hex = () => randomBytes(4).toString('hex');
const ZONE = { timezoneId: 'Asia/Tokyo', locale: 'en-GB' };
// The list's time for `ms`: Intl in Node with the page's locale and zone.
const atWords = (ms) => new Intl.DateTimeFormat('en-GB', {
  weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: ZONE.timezoneId,
}).format(new Date(ms));

// Hidden, and every browser notification recorded (the real one still made, where the browser can).
const HIDDEN_PAGE = `
  window.__notes = [];
  window.__asked = 0;
  const Real = window.Notification;
  class Recorded extends Real {
    constructor(title, options) {
      window.__notes.push({ title, body: options && options.body });
      super(title, options);
    }
  }
  Recorded.requestPermission = (...a) => { window.__asked += 1; return Real.requestPermission(...a); };
  window.Notification = Recorded;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
`;
// Only counts the asking.
const COUNT_ASKING = `
  window.__asked = 0;
  const ask = window.Notification.requestPermission.bind(window.Notification);
  window.Notification.requestPermission = (...a) => { window.__asked += 1; return ask(...a); };
`;

const toggleText = (page) => page.getByTestId('inbox-toggle').textContent();
async function waitForToggle(page, text, timeout = UI_TIMEOUT) {
  await page.waitForFunction((t) => document.querySelector('[data-testid="inbox-toggle"]')?.textContent === t, text, { timeout })
    .catch(async (e) => { throw new Error(`${e.message}\nthe button says: ${JSON.stringify(await toggleText(page))}`); });
}
const notes = (page) => page.evaluate(() => window.__notes);
async function waitForNotes(page, n) {
  await page.waitForFunction((k) => window.__notes.length >= k, n, { timeout: UI_TIMEOUT })
    .catch(async (e) => { throw new Error(`${e.message}\nnotes: ${JSON.stringify(await notes(page))}`); });
}

test('the page\'s notifications: the count, the list, the browser\'s own', { timeout: 150000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const table = await battleTable(server, { name: `Inbox ${hex()}`, umpire: uniqueName('iu'), players: { a: uniqueName('ia') } });
  t.after(async () => {
    for (const c of table.everyone) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const { campaign } = table;
  const cookie = table.users.a.cookie;
  const U = table.clients.umpire;
  const list = async () => (await httpRequest(server, 'GET', '/api/notifications', { cookie })).json.notifications;
  let pa;
  let pb;
  const step = stepper(t, (name) => failureShots(`inbox-${name.replace(/\W+/g, '_')}`, { a: pa?.page, b: pb?.page }));
  const notice = `Winter quarters at Ghent (${hex()})`;

  await step('a notice posted over the protocol is counted on the campaigns page within seconds', async () => {
    const before = await list();
    assert.ok(before.length > 0, 'joining told him to create his colonel');
    const colonel = before.find((n) => n.tab === 'colonel');
    assert.ok(colonel, JSON.stringify(before));
    pa = await openUser(browser, server, ZONE, { cookie, path: '/?inbox-poll=1000#/campaigns' });
    await pa.context.addInitScript(COUNT_ASKING);
    await pa.page.reload();
    const page = pa.page;
    await waitForToggle(page, `Notifications (${before.length} new)`);
    // Seen beforehand, so the count that comes is the notice's alone.
    await httpRequest(server, 'POST', '/api/notifications/seen', { cookie, body: { up_to: Math.max(...before.map((n) => n.id)) } });
    await waitForToggle(page, 'Notifications');
    assert.equal(await page.getByTestId('inbox-toggle').getAttribute('aria-expanded'), 'false');
    await U.ok('notice.post', { campaign, text: notice });
    await waitForToggle(page, 'Notifications (1 new)', 5000);
    await page.getByRole('button', { name: 'Notifications (1 new)' }).waitFor();
  });

  await step('opening the list shows it with its time and its link; the count goes, the server has it seen', async () => {
    const page = pa.page;
    const newest = (await list())[0];
    assert.equal(newest.text, `Notice from the umpire: ${notice}`);
    assert.equal(newest.seen, false);
    await page.getByTestId('inbox-toggle').click();
    await page.getByTestId('inbox-list').waitFor();
    assert.equal(await page.getByTestId('inbox-toggle').getAttribute('aria-expanded'), 'true');
    const item = page.getByTestId('inbox-item').first();
    assert.equal(await item.locator('.item-text').textContent(), newest.text);
    assert.equal(await item.locator('a').getAttribute('href'), `#/campaign/${campaign}`);
    assert.equal(await item.locator('time').textContent(), atWords(newest.at));
    assert.match(await item.locator('time').textContent(), /GMT\+9/);
    assert.equal(await item.locator('time').getAttribute('datetime'), new Date(newest.at).toISOString());
    await item.locator('.inbox-campaign').filter({ hasText: /^Inbox [0-9a-f]+ · $/ }).waitFor(); // which campaign
    const colonel = page.getByTestId('inbox-item').filter({ hasText: 'Create your colonel.' });
    assert.equal(await colonel.locator('a').getAttribute('href'), `#/campaign/${campaign}/colonel`);
    await waitForToggle(page, 'Notifications');
    assert.ok((await list()).every((n) => n.seen), 'all seen on the server');
    // Marked as new until the list closes.
    assert.equal(await item.getAttribute('class'), 'inbox-item is-new');
  });

  await step('axe-core finds no violation on the campaigns page with the list open', async () => {
    const page = pa.page;
    assert.equal(await page.getByTestId('inbox-allow').isVisible(), true, 'not granted: offered');
    assert.equal(await page.evaluate(() => window.__asked), 0, 'never asked without a click');
    await page.getByTestId('email-panel').waitFor();
    await injectAxe(page);
    const violations = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) =>
      `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
    assert.deepEqual(violations, []);
  });

  await step('"Allow browser notifications" asks on its click', async () => {
    const page = pa.page;
    await page.getByTestId('inbox-allow').click();
    await page.waitForFunction(() => window.__asked === 1);
    // Headless Chromium answers without a prompt; the button stays only while the answer is still "default".
    const permission = await page.evaluate(() => Notification.permission);
    assert.equal(await page.getByTestId('inbox-allow').isVisible(), permission === 'default', permission);
    assert.equal(await page.getByTestId('inbox-allow-note').isVisible(), permission === 'denied', permission);
  });

  await step('the link lands on the campaign page, and the list closes', async () => {
    const page = pa.page;
    await page.getByTestId('inbox-item').first().locator('a').click();
    await waitForHash(page, `#/campaign/${campaign}`);
    await page.getByTestId('campaign-name').filter({ hasText: 'Inbox' }).waitFor();
    assert.equal(await page.getByTestId('inbox-toggle').getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByTestId('inbox-list').isHidden(), true);
    assert.equal(await toggleText(page), 'Notifications');
  });

  await step('hidden, on the campaign page: a view push brings a notice, which the browser shows', async () => {
    pb = await openUser(browser, server, ZONE, { cookie, path: `/#/campaign/${campaign}` });
    await pb.context.grantPermissions(['notifications'], { origin: server.origin });
    await pb.context.addInitScript(HIDDEN_PAGE);
    await pb.page.reload();
    const page = pb.page;
    await waitForConnState(page, 'online');
    await page.getByTestId('campaign-name').filter({ hasText: 'Inbox' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="inbox-item"]').length > 0); // its first look
    assert.equal(await page.evaluate(() => [document.visibilityState, Notification.permission].join()), 'hidden,granted');
    assert.equal(await page.getByTestId('inbox-allow').isHidden(), true, 'granted: not offered');
    assert.deepEqual(await notes(page), [], 'what was there when the page opened is not news');

    const text = `The river is in flood (${hex()})`;
    await U.ok('notice.post', { campaign, text });
    await waitForToggle(page, 'Notifications (1 new)', 5000); // the poll is a minute: the push made it look
    await waitForNotes(page, 1);
    await page.waitForTimeout(2500); // the push's second look finds nothing new
    assert.deepEqual(await notes(page), [{ title: 'Muster', body: `Notice from the umpire: ${text}` }]);
  });

  await step('five while away from the campaign: three shown, then "and 2 more"; never asked', async () => {
    const page = pb.page;
    await page.evaluate(() => { window.location.hash = '#/campaigns'; });
    await page.getByTestId('campaign-list').getByTestId('campaign-link').first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="inbox-item"]').length > 0);
    const texts = [1, 2, 3, 4, 5].map((i) => `Order ${i} (${hex()})`);
    for (const text of texts) await U.ok('notice.post', { campaign, text });
    await page.evaluate((c) => { window.location.hash = `#/campaign/${c}`; }, campaign);
    await waitForNotes(page, 5);
    await page.waitForTimeout(2500);
    assert.deepEqual((await notes(page)).slice(1), [
      ...texts.slice(0, 3).map((text) => ({ title: 'Muster', body: `Notice from the umpire: ${text}` })),
      { title: 'Muster', body: 'and 2 more' },
    ]);
    await waitForToggle(page, 'Notifications (6 new)');
    assert.equal(await page.evaluate(() => window.__asked), 0, 'never asked without a click');
    assert.deepEqual(pa.pageErrors, [], 'no uncaught errors on the first page');
    assert.deepEqual(pb.pageErrors, [], 'no uncaught errors on the second page');
  });
});
