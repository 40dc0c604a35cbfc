// The battle map on a phone (390x844, touch; web/common/battle/zoom.js and pieces.js). Over the Hill's table with
// A's leader Kemp set down on his 33rd and the 43rd touching it: three pieces under one fingertip.
// - A's map takes the screen's whole width, and his hand of cards waits in the sheet folded over the map's foot.
// - A taps the stack: the bar above the map lists Kemp, the 33rd and the 43rd by name, each a full-size target; he
//   taps the 43rd: it is the one chosen and its ranges (the server's hints) are drawn.
// - Two fingers pinch the map out: the map zooms round them (the frame scrolls to pan it), the page itself neither
//   zooms nor grows wider; pinching back in returns to the whole table.
// - The umpire taps the stack on his phone and picks the 43rd from the bar: it is selected on the map and in his
//   console, ready to turn or remove.
// - The replay's map (its own part of the page on a phone) zooms by its own Zoom button as the live map does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper } from './lib/browser.mjs';
import { el, mapPoint } from './lib/battle.mjs';
import { PHONE, shot } from './lib/pages.mjs';

const TABLE = { width: 180, depth: 120, measure: 'cm' };
const STACK_AT = [60, 39];

/** Two fingers from `from` ([[x, y], [x, y]]) to `to`, in `n` moves (the DevTools protocol's touch events). */
async function pinch(cdp, from, to, n = 10) {
  const at = (pts) => pts.map(([x, y], i) => ({ x: Math.round(x), y: Math.round(y), id: i + 1, radiusX: 4, radiusY: 4, force: 1 }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
  for (let i = 1; i <= n; i += 1) {
    const pts = from.map((f, k) => [f[0] + ((to[k][0] - f[0]) * i) / n, f[1] + ((to[k][1] - f[1]) * i) / n]);
    await new Promise((r) => setTimeout(r, 16));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(pts) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

const pieceWords = (page) => page.getByTestId('battle-map-pieces').getByTestId('battle-map-piece')
  .evaluateAll((bs) => bs.map((b) => [b.dataset.kind, b.textContent.trim()]).sort());

test('the battle map on a phone: the whole width, stacked pieces one by one, pinch to zoom', { timeout: 120000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const table = await battleTable(server, { name: 'Phone map', umpire: uniqueName('pmu'), players: { a: uniqueName('pma'), b: uniqueName('pmb') } });
  t.after(async () => {
    for (const c of table.everyone) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const { campaign, users } = table;
  const U = table.clients.umpire;
  const battle = (await U.ok('battle.create', {
    campaign, name: 'The Stack', table: TABLE,
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
    leaders: [{ user: users.a.user, side: 'british', name: 'Kemp', position: STACK_AT }, { user: users.b.user, side: 'french', name: 'Dartois', position: [120, 90] }],
    units: [
      { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [60, 40], facing: 0 },
      { side: 'british', owner: users.a.user, name: '43rd Foot', troop_type: 'formed_infantry', position: [62, 41], facing: 0 },
      { side: 'french', owner: users.b.user, name: 'Picardie', troop_type: 'formed_infantry', position: [120, 95], facing: 180 },
    ],
  })).battle;
  const ids = {};
  const b0 = (await U.waitForView(campaign, (v) => v.battles?.[String(battle)]?.units?.length === 3)).battles[String(battle)];
  for (const u of b0.units) ids[u.name.split(' ')[0]] = u.id;
  let pa;
  let umpire;
  const step = stepper(t, (name) => failureShots(`phone-map-${name.replace(/\W+/g, '_')}`, { a: pa?.page, umpire: umpire?.page }));

  await step('the umpire taps the stack and picks the 43rd from the bar: it is selected', async () => {
    umpire = await openUser(browser, server, PHONE, { cookie: users.umpire.cookie, path: `/#/campaign/${campaign}/battle` });
    const page = umpire.page;
    await waitForConnState(page, 'online');
    await el(page, 'battle-unit', { unit: ids['43rd'] }).waitFor();
    const [x, y] = await mapPoint(page, [60.5, 39.5], TABLE.depth);
    await page.touchscreen.tap(x, y);
    await page.getByTestId('battle-map-pieces').waitFor();
    assert.deepEqual(await pieceWords(page), [['leader', 'Kemp leader'], ['unit', '33rd Foot'], ['unit', '43rd Foot']]);
    await el(page, 'battle-map-piece', { kind: 'unit', id: ids['43rd'] }).tap();
    await page.locator(`[data-testid="battle-unit"][data-unit="${ids['43rd']}"].unit-selected`).waitFor();
    assert.equal(await el(page, 'battle-map-piece', { kind: 'unit', id: ids['43rd'] }).getAttribute('aria-pressed'), 'true');
    await page.getByTestId('battle-selected').filter({ hasText: '43rd Foot' }).waitFor();
    await shot(page, 'phone-map-umpire-stack');
    await U.ok('battle.start', { campaign, battle });
  });

  await step('A\'s map takes the whole width and his hand of cards waits in the sheet folded over its foot', async () => {
    pa = await openUser(browser, server, PHONE, { cookie: users.a.cookie, path: `/#/campaign/${campaign}/battle` });
    const page = pa.page;
    await waitForConnState(page, 'online');
    await el(page, 'card-option', { card: 'talk' }).waitFor({ state: 'attached' });
    const map = await page.getByTestId('battle-map').boundingBox();
    assert.ok(map.x <= 1 && map.width >= 388, `the map fills the width: ${JSON.stringify(map)}`);
    // The sheet (web/common/battle/sheet.js): folded to its bar at the foot of the screen.
    await el(page, 'battle-sheet', { open: 'false' }).waitFor();
    const bar = await page.getByTestId('battle-sheet').boundingBox();
    assert.ok(Math.abs(bar.y + bar.height - 844) <= 1 && bar.height <= 70, `the sheet's bar at the screen's foot: ${JSON.stringify(bar)}`);
    assert.equal(await el(page, 'card-option', { card: 'talk' }).isVisible(), false, 'the hand waits in the folded sheet');
  });

  await step('A taps the stack: Kemp, the 33rd and the 43rd by name, each a full-size target; the 43rd\'s ranges', async () => {
    const page = pa.page;
    const [x, y] = await mapPoint(page, [60.5, 39.5], TABLE.depth);
    await page.touchscreen.tap(x, y);
    await page.getByTestId('battle-map-pieces').waitFor();
    assert.deepEqual(await pieceWords(page), [['leader', 'Kemp leader'], ['unit', '33rd Foot'], ['unit', '43rd Foot']]);
    for (const b of await page.getByTestId('battle-map-piece').all()) {
      const box = await b.boundingBox();
      assert.ok(box.width >= 44 && box.height >= 44, `a piece's button is a full-size target: ${JSON.stringify(box)}`);
    }
    await el(page, 'battle-map-piece', { kind: 'unit', id: ids['43rd'] }).tap();
    assert.equal(await el(page, 'battle-map-piece', { kind: 'unit', id: ids['43rd'] }).getAttribute('aria-pressed'), 'true');
    await el(page, 'battle-range', { unit: ids['43rd'] }).first().waitFor({ state: 'attached' });
    assert.equal(await el(page, 'battle-range', { unit: ids['33rd'] }).count(), 0, 'only the chosen one\'s ranges');
    // His own piece tapped: the sheet of his turn opened over the map, the hand in it.
    await el(page, 'battle-sheet', { open: 'true' }).waitFor();
    await el(page, 'card-option', { card: 'talk' }).waitFor();
    await shot(page, 'phone-map-player-stack');
    await page.getByTestId('battle-sheet-toggle').tap();
    await el(page, 'battle-sheet', { open: 'false' }).waitFor();
  });

  await step('two fingers pinch the map out and back: the map zooms, the page does not', async () => {
    const page = pa.page;
    const cdp = await pa.context.newCDPSession(page);
    // From the whole table: the page opened it framed on his pieces.
    if (await page.getByTestId('battle-map-zoom').getAttribute('aria-pressed') === 'true') await page.getByTestId('battle-map-zoom').tap();
    await page.locator('.panel-map .battle-map-frame').scrollIntoViewIfNeeded();
    const box = await page.locator('.panel-map .battle-map-frame').boundingBox();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await pinch(cdp, [[cx - 30, cy], [cx + 30, cy]], [[cx - 120, cy], [cx + 120, cy]]);
    const frame = page.locator('.panel-map .battle-map-frame');
    const zoom = Number(await frame.getAttribute('data-zoom'));
    assert.ok(zoom >= 3 && zoom <= 4.5, `four times the fingers' gap, about four times the map: ${zoom}`);
    assert.equal(await page.getByTestId('battle-map-zoom').getAttribute('aria-pressed'), 'true');
    const m = await page.evaluate(() => ({
      scale: window.visualViewport.scale, sw: document.scrollingElement.scrollWidth,
      svg: document.querySelector('[data-testid="battle-map"]').getBoundingClientRect().width,
      frameScroll: document.querySelector('.panel-map .battle-map-frame').scrollLeft,
    }));
    assert.equal(m.scale, 1, 'the page is not zoomed');
    assert.ok(m.sw <= 390, `the page is no wider: ${m.sw}`);
    assert.ok(m.svg > 390 * 3, `the map is: ${m.svg}`);
    assert.ok(m.frameScroll > 0, 'the frame scrolled to keep the fingers\' middle in place');
    await shot(page, 'phone-map-pinched');
    await pinch(cdp, [[cx - 150, cy], [cx + 150, cy]], [[cx - 10, cy], [cx + 10, cy]]);
    assert.equal(await frame.getAttribute('data-zoom'), '1');
    assert.equal(await page.getByTestId('battle-map-zoom').getAttribute('aria-pressed'), 'false');
  });

  await step('the replay\'s map zooms the same way', async () => {
    const page = pa.page;
    await page.getByTestId('battle-section-replay').tap(); // on a phone the battle's parts are shown one at a time
    const frame = page.locator('.replay-map .battle-map-frame');
    await frame.waitFor();
    await page.getByTestId('battle-replay-zoom').tap();
    assert.equal(await frame.getAttribute('data-zoom'), '2.5');
    const w = await page.evaluate(() => ({
      svg: document.querySelector('[data-testid="battle-replay-map"]').getBoundingClientRect().width,
      frame: document.querySelector('.replay-map .battle-map-frame').clientWidth,
      page: document.scrollingElement.scrollWidth,
    }));
    assert.ok(w.svg > w.frame * 2, `the replay's map is zoomed in its frame: ${JSON.stringify(w)}`);
    assert.ok(w.page <= 390, `the page is no wider: ${w.page}`);
    assert.deepEqual(pa.pageErrors, []);
    assert.deepEqual(umpire.pageErrors, []);
  });
});
