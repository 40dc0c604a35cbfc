// Five small fixes a club asked for, in one campaign with an umpire and two players (A, B), each in his own browser;
// what is not under test is done over their WebSockets, what is tested is done in the pages.
//
// 1. The battle map's pressed toggles (Zoom: "small ghost"; Ruler: "small secondary") are readable: text at 4.5:1 or
//    more pressed and not, under the pointer and away from it, and axe's color-contrast passes with the map zoomed;
//    on a desktop and on a 390x844 phone.
// 2. A colonel whose name already has his rank is not "Colonel Colonel Sir John Kemp" (the Regiments tab; the
//    helper's readings of the ranks).
// 3. "Start the year" asks first, in the page: the first press says what will happen and offers Confirm and
//    Cancel; Cancel sends nothing; only Confirm starts the year. Resolving the month asks the same way.
// 4. After losses the Diary tab offers no more companies maintained than the regiment has now (sheet.companies),
//    though the server's default diary repeats last month's 10; a diary he submitted still shows what he chose.
// 5. A custom objective is approved from the Umpire tab as well as from the Year tab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer, SOURCE_WEB } from '../integration/lib/server.mjs';
import { connect, newUser, uniqueName, sleep } from '../integration/lib/client.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper, injectAxe } from './lib/browser.mjs';

const hex = () => randomBytes(4).toString('hex');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const KEMP = 'Colonel Sir John Kemp';

/** The element with data-testid `id` and the given data-* attributes. */
function el(scope, id, data = {}) {
  const attrs = Object.entries(data).map(([k, v]) => `[data-${k}="${v}"]`).join('');
  return scope.locator(`[data-testid="${id}"]${attrs}`);
}

async function openTab(page, campaignId, tab) {
  await page.getByTestId(`tab-${tab}`).click();
  await waitForHash(page, `#/campaign/${campaignId}/${tab}`);
}

/** axe-core's violations on the page (all rules, or `rules` only), in words. */
async function axeViolations(page, rules) {
  await page.waitForTimeout(300); // the last push painted
  await injectAxe(page);
  return page.evaluate(async (only) => (await window.axe.run(document, only ? { runOnly: only } : {})).violations.map((v) =>
    `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any.map((a) => a.message).join(' ')}`).slice(0, 3).join(' | ')}`), rules);
}

/**
 * The contrast of an element's text on the ground under it as painted now (WCAG 2 relative luminance): its colour
 * over its own background composed over its ancestors' down to white.
 */
async function contrastOf(locator) {
  return locator.evaluate((node) => {
    const parse = (c) => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return { r, g, b, a };
    };
    const over = (top, bottom) => ({
      r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1,
    });
    const layers = [];
    for (let e = node; e; e = e.parentElement) layers.push(parse(getComputedStyle(e).backgroundColor));
    let ground = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) ground = over(layer, ground);
    const text = over(parse(getComputedStyle(node).color), ground);
    const lum = ({ r, g, b }) => {
      const lin = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const [hi, lo] = [lum(text), lum(ground)].sort((x, y) => y - x);
    return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
  });
}

/** Accounts, a campaign, two colonels (A's name has his rank) with regiments, A's custom objective; still setup. */
async function setUp(server, browser, s) {
  const users = {};
  for (const k of ['umpire', 'a', 'b']) users[k] = await newUser(server, uniqueName(`csf${k[0]}`));
  const [U, A, B] = await Promise.all([users.umpire, users.a, users.b].map((u) => connect(server, u.cookie)));
  s.sockets.push(U, A, B);
  const campaign = (await U.ok('campaign.create', { name: 'Small fixes' })).campaign;
  const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
  for (const c of [A, B]) await c.ok('campaign.join', { code });
  for (const c of [U, A, B]) assert.equal((await c.subscribe(campaign)).reply.ok, true);
  await A.ok('colonel.create', { campaign, name: KEMP, pip: 20 });
  await B.ok('colonel.create', { campaign, name: 'Dartington', pip: 15 });
  for (const [c, regiment] of [[A, 7], [B, 9]]) {
    await U.ok('auction.open', { campaign, regiment });
    await c.ok('auction.bid', { campaign, amount: 150 });
    await U.ok('auction.close', { campaign });
  }
  s.objective = `OBJ-${hex()}: a seat in Parliament`;
  await A.ok('objective.choose', { campaign, kind: 'custom', text: s.objective });
  await B.ok('objective.choose', { campaign, kind: 'glory' });
  Object.assign(s, { users, U, A, B, campaign });
  const open = (k, tab) => openUser(browser, server, { viewport: DESKTOP }, { cookie: users[k].cookie, path: `/#/campaign/${campaign}/${tab}` });
  [s.umpire, s.pa, s.pb] = await Promise.all([open('umpire', 'umpire'), open('a', 'colonel'), open('b', 'colonel')]);
  for (const u of [s.umpire, s.pa, s.pb]) await waitForConnState(u.page, 'online');
}

/** Item 5: the pending objective on the Umpire tab, approved there (on a phone-sized page too). */
async function approveFromConsole(s) {
  const page = s.umpire.page;
  const a = s.users.a.user;
  await page.getByTestId('tab-umpire').waitFor();
  await waitForHash(page, `#/campaign/${s.campaign}/umpire`);
  const item = el(page, 'console-objective-review-item', { colonel: a });
  await item.waitFor();
  assert.ok((await item.textContent()).includes(s.objective), await item.textContent());
  assert.ok((await item.textContent()).includes(KEMP));
  assert.equal(await el(page, 'console-objective-review-item').count(), 1, 'only the custom objective waits');
  assert.deepEqual(await axeViolations(page), [], "the Umpire tab with an objective to review");
  await page.setViewportSize(PHONE);
  const approve = item.getByTestId('objective-approve');
  await approve.scrollIntoViewIfNeeded();
  const box = await approve.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `Approve on the phone's screen: ${JSON.stringify(box)}`);
  await item.getByTestId('objective-note-input').fill('Approved, sir.');
  await approve.click();
  await s.A.waitForView(s.campaign, (v) => v.year?.colonels?.[String(a)]?.objective?.status === 'approved', 5000, 'approved');
  await el(s.pa.page, 'objective-status', { status: 'approved' }).waitFor();
  await item.waitFor({ state: 'detached' });
  await page.getByTestId('console-objective-review').getByText('No custom objective waits for you.').waitFor();
  await page.setViewportSize(DESKTOP);
  // The Year tab's panel is the same component, emptied by the same push.
  await openTab(page, s.campaign, 'year');
  assert.equal(await el(page, 'objective-review-item').count(), 0);
}

/** Item 3: a first press of Start asks; Cancel sends nothing; Confirm starts the year. */
async function startWithConfirmation(s) {
  const page = s.umpire.page;
  const phase = () => s.U.view(s.campaign).year.phase;
  await page.getByTestId('year-start-year').fill('174-');
  await page.getByTestId('year-start-month').selectOption('4');
  const start = page.getByTestId('year-start');
  const box = page.getByTestId('year-start-box');
  await start.click();
  await box.waitFor();
  const words = await page.getByTestId('year-start-words').innerText();
  assert.match(words, /^Start the year in April 174-\? Setup ends for everyone/, words);
  assert.equal(await box.getAttribute('role'), 'alertdialog');
  assert.equal(await start.isVisible(), false, 'Start gives way to the question');
  assert.deepEqual(await axeViolations(page), [], 'the Year tab asking to start');
  await sleep(400);
  await s.U.caughtUp(s.campaign);
  assert.equal(phase(), 'setup', 'the first press sent nothing');

  await page.getByTestId('year-start-cancel').click();
  assert.equal(await box.isVisible(), false);
  await start.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'year-start', 'focus back on Start');
  await sleep(300);
  await s.U.caughtUp(s.campaign);
  assert.equal(phase(), 'setup', 'Cancel sent nothing');

  // A changed form takes the question back: it would ask about what the form no longer says.
  await start.click();
  await box.waitFor();
  await page.getByTestId('year-start-month').selectOption('5');
  assert.equal(await box.isVisible(), false, 'the question goes with a changed month');
  await page.getByTestId('year-start-month').selectOption('4');
  await start.click();
  await page.getByTestId('year-start-confirm').click();
  await el(page, 'month-label', { turn: 1 }).waitFor();
  assert.equal((await page.getByTestId('month-label').textContent()).trim(), 'April 174- (month 1)');
  await s.U.waitForView(s.campaign, (v) => v.year?.phase === 'months', 5000, 'the year started');
}

/** Item 4: a month of 10 companies resolved (through the page's confirmation), then losses down to 7. */
async function diaryAfterLosses(s) {
  const a = String(s.users.a.user);
  const orders = (maintained) => ({ drill: false, musketry: false, manoeuvres: false, maintained, declared: 10, pay: 'pay' });
  await s.A.ok('diary.submit', { campaign: s.campaign, activity: 'business', orders: orders(10) });
  await s.B.ok('diary.submit', { campaign: s.campaign, activity: 'business', orders: orders(10) });
  const page = s.umpire.page;
  await page.getByTestId('month-resolve').click();
  await page.getByTestId('month-resolve-box').waitFor();
  assert.match(await page.getByTestId('month-resolve-words').innerText(), /^Resolve April 174- for every colonel now\?/);
  await page.getByTestId('month-resolve-confirm').click();
  await el(page, 'month-label', { turn: 2 }).waitFor();
  assert.equal(await page.getByTestId('month-resolve-box').isVisible(), false);

  await s.U.ok('regiment.losses', { campaign: s.campaign, colonel: Number(a), companies: 7, reason: 'The Mill Ford' });
  const view = await s.A.waitForView(s.campaign, (v) => v.year?.colonels?.[a]?.sheet?.companies === 7, 5000, 'the losses');
  const col = view.year.colonels[a];
  // What the server offers: last month's orders, companies and all; the regiment now has 7.
  assert.equal(col.default_diary.orders.maintained, 10, JSON.stringify(col.default_diary));
  assert.equal(col.diary, null);

  const pa = s.pa.page;
  await el(pa, 'sheet-companies', { value: 7 }).waitFor();
  assert.equal((await pa.getByTestId('sheet-companies').innerText()).trim(), '7 of 10');
  await openTab(pa, s.campaign, 'diary');
  await el(pa, 'diary-month').filter({ hasText: 'May 174-' }).waitFor();
  assert.equal(await pa.getByTestId('diary-maintained').inputValue(), '7', 'no more than the regiment has now');
  assert.equal(await pa.getByTestId('diary-declared').inputValue(), '10', 'declared as the server repeats it');

  // His own diary keeps what he chose, recruiting and all.
  await s.A.ok('diary.submit', { campaign: s.campaign, activity: 'business', orders: orders(9) });
  await el(pa, 'diary-status', { submitted: 'true' }).waitFor();
  await pa.waitForFunction(() => document.querySelector('[data-testid="diary-maintained"]').value === '9');
}

/** Item 2: the Regiments tab names each colonel with his rank once; the helper's readings of ranks. */
async function ranksOnce(s) {
  for (const [u, you] of [[s.pa, ' (you)'], [s.pb, '']]) {
    await openTab(u.page, s.campaign, 'regiments');
    const kemp = el(u.page, 'regiment-item', { number: 7 }).locator('.regiment-colonel');
    await kemp.waitFor();
    assert.equal((await kemp.innerText()).trim(), `${KEMP}${you}`);
    const dart = el(u.page, 'regiment-item', { number: 9 }).locator('.regiment-colonel');
    assert.equal((await dart.innerText()).trim(), `Colonel Dartington${you ? '' : ' (you)'}`);
  }
  const titles = await s.pa.page.evaluate(async (names) => {
    const { colonelTitle } = await import('/year/format.js');
    return names.map((n) => colonelTitle(n));
  }, ['Sir John Kemp', 'colonel kemp', 'Col. Hay', 'Col Hay', 'Colin Campbell', 'Lieutenant-Colonel Hay', 'Lt-Col Hay',
    'Lt. Col. Hay', 'General Wade', 'Major-General Wade', 'MAJOR Sturgeon', 'Majoribanks', 'Captain Flint', 'Generous Joe']);
  assert.deepEqual(titles, ['Colonel Sir John Kemp', 'colonel kemp', 'Col. Hay', 'Col Hay', 'Colonel Colin Campbell',
    'Lieutenant-Colonel Hay', 'Lt-Col Hay', 'Lt. Col. Hay', 'General Wade', 'Major-General Wade', 'MAJOR Sturgeon',
    'Colonel Majoribanks', 'Captain Flint', 'Colonel Generous Joe']);
}

/** Item 1 on one page size: each toggle's text readable in every state; axe's color-contrast with the map zoomed. */
async function togglesReadable(page, size) {
  const where = `${size.width}x${size.height}`;
  await page.setViewportSize(size);
  const zoom = page.getByTestId('battle-map-zoom');
  const ruler = page.getByTestId('battle-ruler');
  await zoom.scrollIntoViewIfNeeded();
  const away = () => page.mouse.move(1, 1);
  for (const [name, b] of [['Zoom', zoom], ['Ruler', ruler]]) {
    await away();
    assert.equal(await b.getAttribute('aria-pressed'), 'false');
    assert.ok(await contrastOf(b) >= 4.5, `${where}: ${name} not pressed: ${await contrastOf(b)}:1`);
    await b.hover();
    assert.ok(await contrastOf(b) >= 4.5, `${where}: ${name} not pressed, under the pointer: ${await contrastOf(b)}:1`);
    await b.click(); // the pointer stays on it, as a mouse's does
    assert.equal(await b.getAttribute('aria-pressed'), 'true');
    assert.ok(await contrastOf(b) >= 4.5, `${where}: ${name} pressed, under the pointer: ${await contrastOf(b)}:1`);
    await away();
    assert.ok(await contrastOf(b) >= 4.5, `${where}: ${name} pressed: ${await contrastOf(b)}:1`);
  }
  await ruler.click(); // off again: only the zoom stays pressed
  await zoom.hover();
  assert.equal(await page.locator('.battle-map-frame.is-zoomed').count(), 1, `${where}: the map is zoomed`);
  assert.deepEqual(await axeViolations(page, ['color-contrast']), [], `${where}: color-contrast with the map zoomed`);
  await zoom.click();
  assert.equal(await zoom.getAttribute('aria-pressed'), 'false');
}

/** Item 1: a battle on the table, A's Battle tab on a desktop and on a phone. */
async function mapToggles(s) {
  const { U, users, campaign } = s;
  const battle = (await U.ok('battle.create', {
    campaign, name: 'The Mill Ford', table: { width: 180, depth: 120, measure: 'cm' },
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
    leaders: [
      { user: users.a.user, side: 'british', name: 'Kemp', position: [60, 60] },
      { user: users.b.user, side: 'french', name: 'Dartois', position: [100, 60] },
    ],
    units: [
      { side: 'british', owner: users.a.user, name: '7th Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0 },
      { side: 'french', owner: users.b.user, name: 'Picardie', troop_type: 'formed_infantry', position: [120, 84], facing: 180 },
    ],
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  const page = s.pa.page;
  await openTab(page, campaign, 'battle');
  await el(page, 'battle-turn', { turn: 1 }).waitFor();
  await togglesReadable(page, DESKTOP);
  await togglesReadable(page, PHONE);
}

test('club fixes: readable toggles, one rank, Start asks first, companies after losses, objectives from the console', { timeout: 150000 }, async (t) => {
  // The plain modules: a step imports web/year/format.js in the page by its address.
  const server = await startServer({ web: SOURCE_WEB });
  const browser = await launchBrowser();
  const s = { sockets: [] };
  t.after(async () => {
    for (const c of s.sockets) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const step = stepper(t, (name) => failureShots(`small-${name.replace(/\W+/g, '_')}`,
    { umpire: s.umpire?.page, a: s.pa?.page, b: s.pb?.page }));

  await step('set-up: two colonels with regiments, a custom objective pending, three pages', () => setUp(server, browser, s));
  await step('objectives: approved from the Umpire tab, on a phone-sized page', () => approveFromConsole(s));
  await step('Start the year: the first press asks, Cancel sends nothing, Confirm starts it', () => startWithConfirmation(s));
  await step('diary: after losses no more companies offered than the regiment has', () => diaryAfterLosses(s));
  await step('ranks: "Colonel" is not said twice', () => ranksOnce(s));
  await step('battle map: pressed toggles readable, color-contrast with the map zoomed', () => mapToggles(s));
  await step('a signed-out load logs nothing in the console (no 401 from asking who is signed in)', async () => {
    const u = await openUser(browser, server, { viewport: DESKTOP });
    const logged = [];
    u.page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') logged.push(m.text()); });
    await u.page.reload();
    await u.page.getByTestId('forgot-open').waitFor();
    await u.page.waitForLoadState('networkidle');
    assert.deepEqual(logged, []);
    await u.context.close();
  });
  await step('no page error', () => {
    for (const u of [s.umpire, s.pa, s.pb]) assert.deepEqual(u.pageErrors, []);
  });
});
