// What needs you in the browser (docs/protocol.md, "What needs you"; web/common/needs_you.js). One real server; an
// umpire and players A and B set up over WebSocket (tests/integration/lib/battle_table.mjs); A's page is a real
// browser whose clock is in India (GMT+5:30, no summer time, so the zone's name is fixed), and the umpire's another.
// - A has no colonel: his list says "Create your colonel.", his Colonel tab's badge says 1 (a player has no Year
//   tab: the year's items open his Colonel tab), the title starts "(1)"; tapping it opens the Colonel tab. The
//   umpire's page says "Nothing needs you now."
// - A's colonel and objective come over the socket, the umpire starts the year and sets the month's deadline: A's
//   diary item shows, due at the deadline in his local time with the zone named.
// - A Border Reivers raid with a turn timer, A's heidman the lowest fyrebrand of the first side, and a newer battle
//   already ended: once the raid starts the Battle badge says 1, the title "(2)", and with the ended battle on
//   screen the item turns the Battle tab to the raid. A finishes his bound on the page: the item, the badge and
//   the count go without a reload.
// - His campaigns page says "2 need you" on the campaign, due at the soonest of the two deadlines (campaign.list).
// - A's diary goes in over the socket: his list is empty; the umpire's says every diary is in, counted on his Year
//   tab, and tapping it opens that tab.
// - B, a late colonel whose bound it now is, at a phone's size: his three items are on screen without sideways scrolling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import {
  launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper, markWindow, windowMarker, shotPath,
} from './lib/browser.mjs';
import { el } from './lib/battle.mjs';

const hex = () => randomBytes(4).toString('hex');
const ZONE = { timezoneId: 'Asia/Kolkata', locale: 'en-GB' };
const PHONE = {
  ...ZONE, viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
};
// What the page must show for a due time: Intl in Node with the page's locale and zone.
const dueWords = (ms) => `by ${new Intl.DateTimeFormat('en-GB', {
  weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: ZONE.timezoneId,
}).format(new Date(ms))}`;

/** The needs-you items' texts on a page, in order. */
const itemWords = (page) => page.getByTestId('needs-you').getByTestId('needs-you-item').locator('.item-text').allTextContents();

/** Waits until the page's list of what needs you is exactly `words`. */
async function waitForItems(page, words) {
  await page.waitForFunction((w) => {
    const got = [...document.querySelectorAll('[data-testid="needs-you"] [data-testid="needs-you-item"] .item-text')].map((e) => e.textContent);
    return JSON.stringify(got) === JSON.stringify(w);
  }, words).catch(async (e) => { throw new Error(`${e.message}\nitems: ${JSON.stringify(await itemWords(page))}`); });
}

test('what needs you: the list, the tabs\' badges and the title, live', { timeout: 150000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const NAME = `Needs ${hex()}`;
  let U;
  let A;
  let B;
  let users;
  let campaign;
  let raid;
  let ended;
  let deadline;
  let pa;
  let umpire;
  let phone;
  const step = stepper(t, (name) => failureShots(`needs-you-${name.replace(/\W+/g, '_')}`, { a: pa?.page, umpire: umpire?.page, phone: phone?.page }));
  const open = async (key, options) => {
    const u = await openUser(browser, server, options, { cookie: users[key].cookie, path: `/#/campaign/${campaign}` });
    await waitForConnState(u.page, 'online');
    await u.page.getByTestId('needs-you').waitFor();
    return u;
  };

  await step('a player without a colonel: "Create your colonel.", his Colonel tab\'s badge 1, the title "(1)"', async () => {
    const table = await battleTable(server, { name: NAME, umpire: uniqueName('nyu'), players: { a: uniqueName('nya'), b: uniqueName('nyb') } });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
    A = table.clients.a;
    B = table.clients.b;
    [pa, umpire] = [await open('a', ZONE), await open('umpire')];
    const page = pa.page;
    await waitForItems(page, ['Create your colonel.']);
    const item = page.getByTestId('needs-you-item');
    assert.equal(await item.getAttribute('data-tab'), 'colonel');
    assert.equal(await item.getAttribute('data-battle'), '');
    assert.equal(await item.locator('.needs-you-due').isHidden(), true, 'no due time');
    const badge = page.getByTestId('tab-badge-colonel');
    assert.equal(await badge.textContent(), '1');
    assert.match(await page.getByTestId('tab-colonel').ariaSnapshot(), /tab "Colonel \(1 needs you\)"/);
    assert.equal(await page.getByTestId('tab-badge-table').isHidden(), true);
    assert.equal(await page.getByTestId('needs-you-none').isHidden(), true);
    assert.equal(await page.title(), `(1) ${NAME} · Muster`);
    await item.click();
    await waitForHash(page, `#/campaign/${campaign}/colonel`);
    await page.getByTestId('colonel-name').waitFor();
    // The umpire: nothing yet, and no count in his title.
    await umpire.page.getByTestId('needs-you-none').filter({ hasText: 'Nothing needs you now.' }).waitFor();
    assert.equal(await umpire.page.getByTestId('needs-you-item').count(), 0);
    assert.equal(await umpire.page.title(), `${NAME} · Muster`);
  });

  await step('the year starts: his diary is due at the month\'s deadline, in his local time with the zone named', async () => {
    const page = pa.page;
    await A.ok('colonel.create', { campaign, name: 'Kemp' });
    await waitForItems(page, ["Choose your colonel's objective."]);
    await A.ok('objective.choose', { campaign, kind: 'glory' });
    await page.getByTestId('needs-you-none').waitFor();
    assert.equal(await page.getByTestId('tab-badge-colonel').isHidden(), true);
    assert.equal(await page.getByTestId('tab-needs-colonel').textContent(), '');
    assert.equal(await page.title(), `${NAME} · Muster`);
    await U.ok('year.start', { campaign, year: '174-', month: 3 });
    deadline = Date.now() + 3 * 86400000 + 5 * 60000;
    await U.ok('month.set_deadline', { campaign, deadline });
    await waitForItems(page, ['Write your diary for March 174-.']);
    const item = page.getByTestId('needs-you-item');
    await item.and(page.locator(`[data-due="${deadline}"]`)).waitFor();
    const due = await item.locator('.needs-you-due').textContent();
    assert.equal(due, dueWords(deadline));
    assert.match(due, /GMT\+5:30$/, 'the zone is named');
    assert.equal(await item.locator('time').getAttribute('datetime'), new Date(deadline).toISOString());
    // The server names the tab where it is done: his diary's.
    assert.equal(await item.getAttribute('data-tab'), 'diary');
    assert.equal(await page.getByTestId('tab-badge-diary').textContent(), '1');
    assert.equal(await page.title(), `(1) ${NAME} · Muster`);
  });

  await step('a raid with him the first side\'s lowest fyrebrand, and an ended battle: the Battle badge 1, the title "(2)"', async () => {
    raid = (await U.ok('battle.create', {
      campaign, name: 'Hot Trod', ruleset: 'reivers', table: { width: 1500, depth: 1000, measure: 'paces' },
      sides: [{ id: 'a', name: 'Armstrongs' }, { id: 'b', name: 'Grahams' }],
      leaders: [
        { user: users.a.user, side: 'a', name: 'Kinmont Willie', position: [300, 300], values: { fyrebrand: 1, craft: 'average' } },
        { user: users.b.user, side: 'b', name: 'Richie Graham', position: [900, 800], values: { fyrebrand: 3, craft: 'average' } },
      ],
      settings: { turn_seconds: 7200 },
    })).battle;
    const v = await U.waitForView(campaign, (x) => x.battles?.[String(raid)]?.leaders?.length === 2);
    const leaders = v.battles[String(raid)].leaders;
    const heid = (side) => leaders.find((l) => l.side === side).id;
    await U.ok('battle.place', { campaign, battle: raid, unit: { side: 'a', owner: users.a.user, name: 'Armstrongs of Mangerton', troop_type: 'rider', position: [300, 250], facing: 0, values: { heidman: heid('a') } } });
    await U.ok('battle.place', { campaign, battle: raid, unit: { side: 'b', owner: users.b.user, name: 'Grahams of Netherby', troop_type: 'rider', position: [900, 850], facing: 180, values: { heidman: heid('b') } } });
    ended = (await U.ok('battle.create', {
      campaign, name: 'Old Score', ruleset: 'reivers', table: { width: 1500, depth: 1000, measure: 'paces' },
      sides: [{ id: 'a', name: 'Armstrongs' }, { id: 'b', name: 'Grahams' }],
    })).battle;
    await U.ok('battle.end', { campaign, battle: ended });
    await U.ok('battle.start', { campaign, battle: raid });
    const page = pa.page;
    const words = 'At Hot Trod: your bound: act with Kinmont Willie and finish it.';
    await waitForItems(page, ['Write your diary for March 174-.', words]);
    const item = el(page, 'needs-you-item', { tab: 'battle', battle: raid });
    const b = (await A.waitForView(campaign, (x) => x.battles?.[String(raid)]?.needs_you)).battles[String(raid)];
    assert.equal(b.needs_you.what, words);
    assert.equal(typeof b.needs_you.due, 'number', 'due at the turn timer');
    assert.equal(await item.locator('.needs-you-due').textContent(), dueWords(b.needs_you.due));
    assert.equal(await page.getByTestId('tab-badge-battle').textContent(), '1');
    assert.match(await page.getByTestId('tab-battle').ariaSnapshot(), /tab "Battle \(1 needs you\)"/);
    assert.equal(await page.getByTestId('tab-badge-diary').textContent(), '1');
    assert.match(await page.title(), /^\(2\) /);
    assert.equal(await page.title(), `(2) ${NAME} · Muster`);
    assert.equal(await el(page, 'needs-you-item', { battle: ended }).count(), 0, 'nothing of the ended battle');
    // The umpire is told nothing of A's bound.
    assert.equal(await umpire.page.getByTestId('needs-you-item').filter({ hasText: 'Kinmont' }).count(), 0);
  });

  await step('his campaigns page counts what needs him in each campaign, with the soonest deadline; the umpire\'s none', async () => {
    const v = await A.waitForView(campaign, (x) => x.battles?.[String(raid)]?.needs_you);
    const soonest = Math.min(deadline, v.battles[String(raid)].needs_you.due);
    const list = await pa.context.newPage();
    await list.goto(`${server.origin}/#/campaigns`);
    const needs = el(list, 'campaign-link', { campaign }).getByTestId('campaign-needs');
    await needs.waitFor();
    assert.equal(await needs.getAttribute('data-count'), '2');
    assert.equal(await needs.textContent(), `2 need you · due ${dueWords(soonest).replace(/^by /, '')}`);
    assert.equal(await list.title(), '(2) Campaigns · Muster');
    await list.close();
    const listed = (await U.ok('campaign.list', {})).campaigns.find((c) => c.id === campaign);
    assert.equal(listed.needs_you, 0, 'A\'s bound and diary are nothing of the umpire\'s');
    assert.equal(listed.due, null);
  });

  let mark;
  await step('with the ended battle on screen, tapping the item opens the Battle tab on the raid', async () => {
    const page = pa.page;
    await page.getByTestId('tab-battle').click();
    await page.getByTestId('battle-select').selectOption(String(ended));
    await page.getByTestId('battle-name').filter({ hasText: 'Old Score' }).waitFor();
    await page.getByTestId('tab-table').click();
    await waitForHash(page, `#/campaign/${campaign}`);
    mark = await markWindow(pa);
    await el(page, 'needs-you-item', { battle: raid }).click();
    await waitForHash(page, `#/campaign/${campaign}/battle`);
    assert.equal(await page.getByTestId('tab-battle').getAttribute('aria-selected'), 'true');
    await page.getByTestId('battle-name').filter({ hasText: 'Hot Trod' }).waitFor();
    assert.equal(await page.getByTestId('battle-select').inputValue(), String(raid));
    await el(page, 'reivers-status', { 'may-act': 'true' }).waitFor();
  });

  await step('he finishes his bound: the item, the Battle badge and the count go, without a reload', async () => {
    const page = pa.page;
    await page.getByTestId('reivers-finish').click();
    await waitForItems(page, ['Write your diary for March 174-.']);
    assert.equal(await page.getByTestId('tab-badge-battle').isHidden(), true);
    assert.equal(await page.getByTestId('tab-needs-battle').textContent(), '');
    await page.waitForFunction((n) => document.title === `(1) ${n} · Muster`, NAME);
    assert.equal(await windowMarker(page), mark.token, 'the page was not reloaded');
    assert.equal(pa.loads, mark.loads);
    assert.equal((await A.waitForView(campaign, (x) => x.battles?.[String(raid)]?.needs_you === null)).battles[String(raid)].needs_you, null);
  });

  await step('his diary goes in: the umpire\'s month to resolve is on his Year tab, one tap away', async () => {
    await A.ok('diary.submit', { campaign, activity: 'socialise' });
    await pa.page.getByTestId('needs-you-none').waitFor();
    assert.equal(await pa.page.title(), `${NAME} · Muster`);
    const page = umpire.page;
    await waitForItems(page, ['Every diary is in: resolve March 174-.']);
    assert.equal(await page.getByTestId('needs-you-item').getAttribute('data-tab'), 'year');
    assert.equal(await page.getByTestId('tab-badge-year').textContent(), '1');
    assert.match(await page.getByTestId('tab-year').ariaSnapshot(), /tab "Year \(1 needs you\)"/);
    assert.equal(await page.title(), `(1) ${NAME} · Muster`);
    await page.getByTestId('needs-you-item').click();
    await waitForHash(page, `#/campaign/${campaign}/year`);
    await page.getByTestId('month-resolve').waitFor();
  });

  await step('B at a phone\'s size: the list is on screen without sideways scrolling', async () => {
    await B.ok('colonel.create', { campaign, name: 'Dartington' });
    phone = await open('b', PHONE);
    const page = phone.page;
    await waitForItems(page, ["Choose your colonel's objective.", 'Write your diary for March 174-.', 'At Hot Trod: your bound: act with Richie Graham and finish it.']);
    const list = page.getByTestId('needs-you');
    assert.equal(await list.isVisible(), true);
    const box = await list.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390 + 0.5 && box.y + box.height <= 844, `in view: ${JSON.stringify(box)}`);
    for (const item of await page.getByTestId('needs-you-item').all()) {
      const b = await item.boundingBox();
      assert.ok(b.x >= 0 && b.x + b.width <= 390 + 0.5, `the item fits: ${JSON.stringify(b)}`);
    }
    const w = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    assert.equal(w.inner, 390);
    assert.ok(w.scroll <= w.inner, `no sideways scrolling: ${JSON.stringify(w)}`);
    await page.screenshot({ path: shotPath('needs-you-phone') });
    for (const u of [pa, umpire, phone]) assert.deepEqual(u.pageErrors, []);
  });
});
