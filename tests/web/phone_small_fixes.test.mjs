// Small things that cost a player on a phone (390x844) his turn. One campaign in its months: player A (a colonel
// with a regiment) at a phone, an Over the Hill battle "Fontenoy" and a Border Reivers raid "Hot Trod" under way.
// - What needs you: every battle's item names its battle ("At Fontenoy: choose your card for turn 1.").
// - The diary: with Submit greyed out, the reason is just above it and is its aria-describedby.
// - The raid: a tap off the table is refused beside x and y, nothing filled in; a tap on it fills them in.
// - The Units table on a phone: a card a unit, a labelled line a cell, no wider than the screen; a table on a desktop.
// - Type on a phone: body 16 px; labels, hints, badges and table headers at least 14 px.
// - The map's "Here:" bar: cleared when another battle is shown.
// Each check is its own subtest, so one that fails does not hide the others.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, UI_TIMEOUT } from './lib/browser.mjs';
import { PHONE } from './lib/pages.mjs';
import { el, openSheet, tablePoint } from './lib/battle.mjs';
import { bookBattle, placeRiders } from './lib/book_battles.mjs';

const itemWords = (page) => page.getByTestId('needs-you').getByTestId('needs-you-item').locator('.item-text').allTextContents();

/** Opens a tab by the phone's section select, and waits for the page to say it is on it. */
async function go(page, tab) {
  await page.getByTestId('tab-select').selectOption(tab);
  await page.waitForFunction((id) => document.querySelector(`[data-testid="tab-${id}"]`)?.getAttribute('aria-selected') === 'true', tab);
}

async function showBattle(page, id, name) {
  await go(page, 'battle');
  await page.getByTestId('battle-select').selectOption(String(id));
  await page.getByTestId('battle-name').filter({ hasText: name }).waitFor();
}

/** On a phone the battle's parts show one at a time: `part` (map, talk, log, units, replay). */
async function showPart(page, part) {
  await page.getByTestId(`battle-section-${part}`).tap();
  await page.locator(`.battle-body[data-section="${part}"]`).waitFor();
}

const sheetOpen = (page, open) => page.locator(`[data-testid="battle-sheet"][data-open="${open}"]`).waitFor();

/** Visible elements under `selector` whose computed font size is under `min` px: "tag.class "text" 13.6px". */
async function smallType(page, selector, min) {
  return page.evaluate(([sel, m]) => [...document.querySelectorAll(sel)]
    .filter((x) => x.checkVisibility() && (x.textContent || '').trim())
    .map((x) => ({ x, size: parseFloat(getComputedStyle(x).fontSize) }))
    .filter(({ size }) => size < m - 0.01)
    .map(({ x, size }) => `${x.tagName.toLowerCase()}.${String(x.className).trim().replace(/\s+/g, '.')} "${x.textContent.trim().slice(0, 24)}" ${size}px`), [selector, min]);
}

// Each check: [its name, async ({page: A's phone page, battles: {oth, reivers} ids})].
const CHECKS = [
  ['what needs you: each battle\'s item names its battle', async ({ page, battles }) => {
    const want = ['At Fontenoy: choose your card for turn 1.', 'At Hot Trod: your bound: act with Kinmont Willie and finish it.'];
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="needs-you-item"][data-battle]:not([data-battle=""])').length === n, want.length)
      .catch(async (e) => { throw new Error(`${e.message}\nitems: ${JSON.stringify(await itemWords(page))}`); });
    for (const [book, words] of [['oth', want[0]], ['reivers', want[1]]]) {
      const item = el(page, 'needs-you-item', { battle: battles[book] });
      await item.locator('.item-text').filter({ hasText: words }).waitFor({ timeout: 3000 })
        .catch(async () => assert.fail(`the ${book} item: ${JSON.stringify(await item.locator('.item-text').textContent())}, not ${JSON.stringify(words)}`));
    }
  }],
  ['the diary: Submit greyed out has its reason just above it, read with it', async ({ page }) => {
    await go(page, 'diary');
    await page.getByTestId('diary-maintained').fill('11');
    const submit = page.getByTestId('diary-submit');
    await page.waitForFunction(() => document.querySelector('[data-testid="diary-submit"]').disabled);
    const why = 'Companies maintained must be a whole number from 0 to 10.';
    const id = await submit.getAttribute('aria-describedby');
    assert.ok(id, 'Submit has an aria-describedby');
    const reason = page.locator(`[id="${id}"]`);
    assert.equal((await reason.textContent()).trim(), why);
    assert.equal(await reason.isVisible(), true);
    await submit.scrollIntoViewIfNeeded();
    const s = await submit.boundingBox();
    const r = await reason.boundingBox();
    const gap = r.y + r.height <= s.y ? s.y - (r.y + r.height) : r.y - (s.y + s.height);
    assert.ok(gap >= -0.5 && gap <= 24, `the reason is just above or below Submit: ${JSON.stringify({ submit: s, reason: r })}`);
    assert.ok(s.y + s.height <= 844 && r.y >= 0 && r.y + r.height <= 844, 'both on the screen at once');
    assert.match(await submit.ariaSnapshot(), /button "Submit diary"/);
    const described = await page.evaluate(() => { const b = document.querySelector('[data-testid="diary-submit"]'); return b.getAttribute('aria-describedby').split(/\s+/).map((x) => document.getElementById(x)?.textContent).join(' '); });
    assert.equal(described.trim(), why);
    await page.getByTestId('diary-maintained').fill('10');
    await page.waitForFunction(() => !document.querySelector('[data-testid="diary-submit"]').disabled);
    assert.equal(await reason.isHidden(), true, 'no reason once Submit may be pressed');
  }],
  ['type on a phone: body 16 px; labels, hints, badges and table headers at least 14 px', async ({ page, battles }) => {
    const small = 'label, .hint, .badge, .tab-badge, th';
    await go(page, 'diary');
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).fontSize), '16px');
    const onDiary = await smallType(page, small, 14);
    await showBattle(page, battles.oth, 'Fontenoy');
    const onMap = await smallType(page, small, 14);
    await showPart(page, 'units');
    const onBattle = [...onMap, ...await smallType(page, `${small}, [data-testid="battle-unit-table"] td`, 14)];
    assert.deepEqual([...onDiary, ...onBattle], []);
    // The Units table's header cells too, hidden or not once the table becomes cards.
    const th = await page.evaluate(() => [...document.querySelectorAll('[data-testid="battle-unit-table"] th')].map((x) => parseFloat(getComputedStyle(x).fontSize)));
    assert.ok(th.length > 0 && th.every((x) => x >= 14), `table headers: ${th}`);
  }],
  ['the Units table on a phone: a card a unit with labelled lines, no wider than the screen', async ({ page, battles }) => {
    await showBattle(page, battles.oth, 'Fontenoy');
    await showPart(page, 'units');
    const units = page.getByTestId('battle-unit-table');
    await el(units, 'battle-unit-row').first().waitFor();
    const got = await page.evaluate(() => {
      const vw = document.documentElement.clientWidth;
      const tables = [...document.querySelectorAll('table')].filter((x) => x.checkVisibility())
        .map((x) => ({ id: x.dataset.testid || x.className, right: x.getBoundingClientRect().right, width: x.scrollWidth, box: x.parentElement.clientWidth }));
      const row = document.querySelector('[data-testid="battle-unit-row"]');
      const cells = [...row.querySelectorAll('td')].map((td) => ({
        label: td.dataset.label || '', before: getComputedStyle(td, '::before').content, display: getComputedStyle(td).display,
        right: td.getBoundingClientRect().right,
      }));
      return { vw, tables, cells, row: getComputedStyle(row).display };
    });
    for (const x of got.tables) assert.ok(x.right <= got.vw + 0.5 && x.width <= x.box + 0.5, `a table wider than the screen: ${JSON.stringify(x)}`);
    assert.equal(got.row, 'block', 'a unit is a card');
    const labels = got.cells.map((c) => c.label);
    for (const l of ['Type', 'D:M:E', 'TP', 'Order']) assert.ok(labels.includes(l), `a line labelled ${l}: ${JSON.stringify(labels)}`);
    for (const c of got.cells.filter((x) => x.label)) {
      assert.equal(c.before, `"${c.label}: "`, 'each line says what it is');
      assert.ok(c.right <= got.vw + 0.5, `each line on the screen: ${JSON.stringify(c)}`);
    }
    // A desktop keeps the table.
    await page.setViewportSize({ width: 1280, height: 900 });
    try {
      await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-testid="battle-unit-row"] td')).display === 'table-cell', null, { timeout: UI_TIMEOUT });
      assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="battle-unit-table"] thead')).position), 'static');
    } finally {
      await page.setViewportSize(PHONE.viewport);
    }
  }],
  ['the map\'s "Here:" bar is cleared when another battle is shown', async ({ page, battles }) => {
    await showBattle(page, battles.oth, 'Fontenoy');
    await showPart(page, 'map');
    const [x, y] = await tablePoint(page, [60, 40]);
    await page.touchscreen.tap(x, y);
    const bar = page.getByTestId('battle-map-pieces');
    await bar.getByTestId('battle-map-piece').filter({ hasText: '33rd Foot' }).waitFor();
    await showBattle(page, battles.reivers, 'Hot Trod');
    await page.waitForFunction(() => document.querySelector('[data-testid="battle-map-pieces"]').hidden, null, { timeout: 3000 })
      .catch(async () => assert.fail(`the bar still says: ${await bar.textContent()}`));
    assert.equal(await bar.getByTestId('battle-map-piece').count(), 0);
  }],
  ['the raid: a tap off the table is refused beside x and y, nothing filled in', async ({ page, battles }) => {
    await showBattle(page, battles.reivers, 'Hot Trod');
    await showPart(page, 'map');
    await el(page, 'reivers-status', { 'may-act': 'true' }).waitFor({ state: 'attached' });
    await openSheet(page);
    await page.getByTestId('reivers-action').selectOption('move_heidman');
    await sheetOpen(page, 'false'); // folded down while the map is tapped
    // Below the table's near edge, in the drawing's margin: table y about -12 paces.
    const [x, y] = await tablePoint(page, [750, -12]);
    await page.touchscreen.tap(x, y);
    const error = page.getByTestId('reivers-point-error');
    await error.waitFor({ timeout: 3000 }).catch(async () => assert.fail(`no refusal; x = ${await page.getByTestId('reivers-x').inputValue()}, y = ${await page.getByTestId('reivers-y').inputValue()}`));
    assert.match(await error.textContent(), /^That point is off the table: tap within it/);
    assert.equal(await page.getByTestId('reivers-x').inputValue(), '', 'nothing filled in');
    assert.equal(await page.getByTestId('reivers-y').inputValue(), '');
    await error.scrollIntoViewIfNeeded();
    const e = await error.boundingBox();
    const yBox = await page.getByTestId('reivers-y').boundingBox();
    assert.ok(e.y >= yBox.y + yBox.height - 0.5 && e.y - (yBox.y + yBox.height) <= 40, `beside x and y: ${JSON.stringify({ error: e, y: yBox })}`);
    // On the table (above the open sheet): filled in, and the refusal goes.
    const [x2, y2] = await tablePoint(page, [750, 900]); // the far half: the open sheet covers the near
    await page.touchscreen.tap(x2, y2);
    await page.waitForFunction(() => document.querySelector('[data-testid="reivers-y"]').value !== '', null, { timeout: 3000 })
      .catch(async () => assert.fail(`not filled in by a tap at ${x2}, ${y2} on ${await page.evaluate(([a, b]) => { const t = document.elementFromPoint(a, b); return t ? `${t.tagName}.${t.getAttribute('class')} ${t.closest('[data-testid]')?.dataset.testid}` : 'nothing'; }, [x2, y2])}`));
    assert.ok(Math.abs(Number(await page.getByTestId('reivers-y').inputValue()) - 900) < 15);
    assert.equal(await error.isHidden(), true);
  }],
];

test('phone: small fixes that cost a player his turn', { timeout: 240000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  let pa;
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const check = (name, fn) => t.test(name, async () => {
    try {
      await fn();
    } catch (e) {
      await failureShots(`phone-small-${name.replace(/\W+/g, '_')}`, { a: pa?.page });
      if (pa?.pageErrors.length) e.message += `\npage errors: ${pa.pageErrors.join('\n')}`;
      throw e;
    }
  });

  const table = await battleTable(server, { name: 'Small fixes', umpire: uniqueName('sfu'), players: { a: uniqueName('sfa'), b: uniqueName('sfb') } });
  clients.push(...table.everyone);
  const { users, campaign } = table;
  const { umpire: U, a: A, b: B } = table.clients;
  await A.ok('colonel.create', { campaign, name: 'Kemp' });
  await B.ok('colonel.create', { campaign, name: 'Hay' });
  await U.ok('auction.open', { campaign, regiment: 7 });
  await A.ok('auction.bid', { campaign, amount: 100 });
  await U.ok('auction.close', { campaign });
  await U.ok('year.start', { campaign, year: '174-', month: 3 });
  const battles = {};
  for (const [book, name] of [['oth', 'Fontenoy'], ['reivers', 'Hot Trod']]) {
    const id = (await U.ok('battle.create', { campaign, name, ...bookBattle(book, users.a.user, users.b.user) })).battle;
    if (book === 'reivers') await placeRiders(U, campaign, id);
    await U.ok('battle.start', { campaign, battle: id });
    battles[book] = id;
  }
  pa = await openUser(browser, server, PHONE, { cookie: users.a.cookie, path: `/#/campaign/${campaign}` });
  await waitForConnState(pa.page, 'online');
  const page = pa.page;
  await page.getByTestId('needs-you').waitFor();

  for (const [name, fn] of CHECKS) await check(name, () => fn({ page, battles }));
});
