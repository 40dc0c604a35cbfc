// A battle turn of each book on a phone (390x844, touch), by taps on the map (web/common/battle/sheet.js, map.js,
// scene.js): the battle opens on the map framed on the player's own pieces, each a target a finger can take (44x44
// px at least) with its name; a tap on one of them opens the sheet of his turn over the map's lower part; a point
// the book asks for is tapped on the map, the sheet folded down meanwhile; the turn is sent from the sheet. The
// page stays within three screens and passes the page checks (tests/web/lib/pages.mjs: nothing wider than the
// screen, no tap target under 40x40, no serious axe-core violation). At a desktop's size the same battle keeps its
// panel beside the map, with no sheet.
// MUSTER_SHOTS=<dir> keeps a screenshot of each screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper, UI_TIMEOUT } from './lib/browser.mjs';
import { PHONE, DESKTOP, checkPage } from './lib/pages.mjs';
import { el, tablePoint } from './lib/battle.mjs';
import { bookBattle, placeRiders } from './lib/book_battles.mjs';

const SCREEN = PHONE.viewport.height;

/** The middle of a piece of the viewer's on screen, and its box: the first of `selector` on the map. */
async function pieceBox(page, selector) {
  return page.locator(`[data-testid="battle-map"] ${selector}`).first().boundingBox();
}

/** The player's pieces on the map and their boxes on screen, with the map's frame. */
async function myPieces(page) {
  return page.evaluate(() => {
    const frame = document.querySelector('.panel-map .battle-map-frame').getBoundingClientRect();
    const box = (x) => { const r = x.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
    const pieces = [...document.querySelectorAll('[data-testid="battle-map"] .unit-mine:not(.unit-removed), [data-testid="battle-map"] .leader-mine')]
      .map((x) => ({ name: x.querySelector('title').textContent, ...box(x.querySelector('.hit') || x), label: x.querySelector('.unit-label, .leader-label')?.getBoundingClientRect().height || 0 }));
    return { frame: box({ getBoundingClientRect: () => frame }), pieces };
  });
}

const sheetOpen = (page, open) => page.locator(`[data-testid="battle-sheet"][data-open="${open}"]`).waitFor();

// Each book's turn by taps: the piece tapped to open the sheet, then what he does in it. `point` is a table point the
// book asks for (tapped on the map while the sheet is folded down).
const TURNS = [
  {
    book: 'oth', name: 'Fontenoy', piece: '.leader-mine',
    async turn(p) {
      await el(p, 'card-option', { card: 'move' }).tap();
      await sheetOpen(p, 'false'); // folded: the map is tapped for where he rides
      assert.match(await p.getByTestId('battle-sheet-title').textContent(), /Move: click or tap where your leader rides/);
      // Too far: refused in words in the sheet, on screen, with nothing played (over-the-hills.txt, "Move": "Leaders
      // can move 40cm per turn on horseback").
      let [x, y] = await tablePoint(p, [60, 100]);
      await p.touchscreen.tap(x, y);
      await sheetOpen(p, 'true');
      const why = p.getByTestId('card-move-point').filter({ hasText: /rides at most 40 cm/ });
      await why.waitFor();
      const box = await why.boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= SCREEN, `the refusal is on screen: ${JSON.stringify(box)}`);
      assert.equal(await p.getByTestId('card-play').isDisabled(), true, 'nothing to play');
      await p.getByTestId('battle-sheet-toggle').tap();
      [x, y] = await tablePoint(p, [60, 50]);
      await p.touchscreen.tap(x, y);
      await sheetOpen(p, 'true');
      await p.getByTestId('card-move-point').filter({ hasText: /\d/ }).waitFor();
      await p.getByTestId('card-play').tap();
      await p.getByTestId('card-withdraw').waitFor();
    },
    // The other side plays; the umpire resolves the turn: a tap on Kemp says where he rode, beside the map.
    async after(p, { B, U, campaign, battle }) {
      await B.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' });
      for (;;) {
        const b = (await U.caughtUp(campaign)).battles[String(battle)];
        if (b.turn > 1) break;
        if (b.status === 'cards') await U.ok('battle.close_turn', { campaign, battle, turn: b.turn });
        else await U.ok('battle.step', { campaign, battle, turn: b.turn, step: b.next_step });
      }
      await el(p, 'battle-turn', { turn: 2 }).waitFor({ state: 'attached' });
      await p.getByTestId('battle-sheet-toggle').tap(); // folded: the map is free to tap
      const box = await pieceBox(p, '.leader-mine');
      await p.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      const news = p.getByTestId('battle-piece-news');
      await news.filter({ hasText: /^Kemp, turn 1: / }).waitFor();
      if (process.env.MUSTER_SHOTS) await p.screenshot({ path: path.join(process.env.MUSTER_SHOTS, 'phone-oth-news-screen.png') });
      const where = await news.boundingBox();
      assert.ok(where.y >= 0 && where.y + where.height <= SCREEN, `what befell him is on screen: ${JSON.stringify(where)}`);
    },
  },
  {
    book: 'cmwd', name: 'Schellenberg', piece: '.unit-mine',
    async turn(p) {
      await p.getByTestId('cmwd-bid-input').fill('1');
      await p.getByTestId('cmwd-bid').tap();
      await el(p, 'cmwd-bid-status', { bid: '1' }).waitFor();
    },
  },
  {
    book: 'lfas', name: 'Guilford Courthouse', piece: '.unit-mine',
    async turn(p) {
      await p.getByTestId('lfas-spend').selectOption('order');
      await el(p, 'lfas-spend-unit-check').first().check();
      await p.getByTestId('lfas-spend-add').tap();
      await p.getByTestId('lfas-spending-item').first().waitFor();
      const c = p.getByTestId('lfas-unit').first();
      await c.getByTestId('lfas-move-kind').selectOption('move');
      await c.getByTestId('lfas-av').selectOption('2');
      // Where it goes, tapped on the map: the sheet folds for it and opens again with the point filled in.
      await c.getByTestId('lfas-pick').tap();
      await sheetOpen(p, 'false');
      const [x, y] = await tablePoint(p, [31, 12]);
      await p.touchscreen.tap(x, y);
      await sheetOpen(p, 'true');
      assert.ok(Math.abs(Number(await c.getByTestId('lfas-to-x').inputValue()) - 31) < 0.6, 'x picked on the map');
      assert.ok(Math.abs(Number(await c.getByTestId('lfas-to-y').inputValue()) - 12) < 0.6, 'y picked on the map');
      await p.getByTestId('lfas-send').tap();
      await p.getByTestId('lfas-withdraw').waitFor();
    },
  },
  {
    book: 'reivers', name: 'Hot Trod', piece: '.unit-mine',
    async turn(p) {
      await p.getByTestId('reivers-action').selectOption('move');
      await sheetOpen(p, 'false');
      const [x, y] = await tablePoint(p, [320, 280]);
      await p.touchscreen.tap(x, y);
      await sheetOpen(p, 'true');
      await p.getByTestId('reivers-act').tap();
      await p.getByTestId('battle-log').filter({ hasText: 'Armstrongs of Mangerton' }).first().waitFor({ state: 'attached' });
      await p.getByTestId('reivers-finish').tap();
    },
  },
];

test('a battle turn of each book on a phone, by taps on the map; the sheet of his turn over it', { timeout: 300000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const table = await battleTable(server, { name: 'Battles by Phone', umpire: uniqueName('pbu'), players: { a: uniqueName('pba'), b: uniqueName('pbb') } });
  const open = [];
  t.after(async () => {
    for (const c of open) await c.close().catch(() => {});
    for (const c of table.everyone) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const { campaign, users } = table;
  const U = table.clients.umpire;
  const pages = {};
  const step = stepper(t, (name) => failureShots(`phone-battle-${name.replace(/\W+/g, '_')}`, pages));
  const found = [];
  // The page checks; with MUSTER_SHOTS, the screen as the player sees it too (the sheet is fixed to the screen,
  // which a full-page picture does not show where it is).
  const check = async (page, what) => {
    // First: a full-page picture stretches the window for a moment, and the map redraws for it.
    if (process.env.MUSTER_SHOTS) await page.screenshot({ path: path.join(process.env.MUSTER_SHOTS, `${what}-screen.png`) });
    found.push(...await checkPage(page, what));
  };
  const userPage = async (key, options) => {
    const u = await openUser(browser, server, options, { cookie: users.a.cookie, path: `/#/campaigns` });
    open.push(u.context);
    pages[key] = u.page;
    return u;
  };
  const phone = await userPage('phone', PHONE);
  const desk = await userPage('desktop', DESKTOP);
  const show = async (page, battle, name) => {
    await page.evaluate((hsh) => { window.location.hash = hsh; }, `#/campaign/${campaign}/battle`);
    await waitForConnState(page, 'online');
    const picker = page.getByTestId('battle-select');
    await picker.locator(`option[value="${battle}"]`).waitFor({ state: 'attached' }).catch((e) => { throw new Error(`${e.message}\n${JSON.stringify([phone.pageErrors, desk.pageErrors])}`); });
    if (await picker.isVisible()) await picker.selectOption(String(battle));
    await page.getByTestId('battle-name').filter({ hasText: name }).waitFor();
  };

  for (const x of TURNS) {
    await step(`${x.book}: the map first, his pieces to a finger's size; his turn played from the sheet by taps`, async () => {
      const body = bookBattle(x.book, users.a.user, users.b.user);
      const battle = (await U.ok('battle.create', { campaign, name: x.name, ...body, settings: { ...(body.settings || {}), auto_run: false } })).battle;
      if (x.book === 'reivers') await placeRiders(U, campaign, battle);
      await U.ok('battle.start', { campaign, battle });
      const p = phone.page;
      await show(p, battle, x.name);
      await p.locator('[data-testid="battle-map"] .unit-mine .hit').first().waitFor({ state: 'attached' });
      await p.waitForTimeout(200); // the opening frame set and drawn

      // The opening frame: the map on the first screen, his pieces in it, each 44x44 px at least with its name.
      const map = await p.locator('.panel-map .battle-map-frame').boundingBox();
      assert.ok(map.y < SCREEN / 2, `${x.book}: the map starts on the first screen: ${JSON.stringify(map)}`);
      const mine = await myPieces(p);
      assert.ok(mine.pieces.length >= 1, `${x.book}: his pieces are drawn`);
      for (const piece of mine.pieces) {
        assert.ok(piece.width >= 44 && piece.height >= 44, `${x.book}: ${piece.name} takes a finger: ${Math.round(piece.width)}x${Math.round(piece.height)}`);
        assert.ok(piece.label >= 13, `${x.book}: ${piece.name}'s name is readable: ${piece.label}px`);
        const cx = piece.x + piece.width / 2;
        const cy = piece.y + piece.height / 2;
        assert.ok(cx > mine.frame.x && cx < mine.frame.x + mine.frame.width && cy > mine.frame.y && cy < mine.frame.y + mine.frame.height,
          `${x.book}: ${piece.name} is in the opening frame: ${JSON.stringify({ piece, frame: mine.frame })}`);
      }
      assert.equal(await p.getByTestId('battle-sheet').getAttribute('data-open'), 'false', 'the sheet waits folded');
      await check(p, `phone-${x.book}-opening`);

      // A tap on his piece opens the sheet of his turn over the map.
      await p.locator('.panel-map .battle-map-frame').evaluate((f) => f.scrollIntoView({ block: 'start' }));
      const box = await pieceBox(p, x.piece);
      await p.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await sheetOpen(p, 'true');
      const sheet = await p.getByTestId('battle-sheet').boundingBox();
      assert.ok(sheet.y > 0 && sheet.y + sheet.height <= SCREEN + 1, `${x.book}: the sheet is on screen: ${JSON.stringify(sheet)}`);
      await check(p, `phone-${x.book}-sheet`);
      await x.turn(p);
      if (x.after) await x.after(p, { B: table.clients.b, U, campaign, battle });
      const tall = await p.evaluate(() => document.scrollingElement.scrollHeight);
      assert.ok(tall <= 3 * SCREEN, `${x.book}: the page in his turn is within three screens: ${tall}px`);
      await check(p, `phone-${x.book}-sent`);

      // At a desktop's size: no sheet, the book's panel beside the map.
      await show(desk.page, battle, x.name);
      assert.equal(await desk.page.locator('.order-sheet-head').isVisible(), false, 'no sheet on a desktop');
      await desk.page.locator('.battle-side .battle-secret-slot > *').first().waitFor({ timeout: UI_TIMEOUT });
      await check(desk.page, `desktop-${x.book}`);
    });
  }

  await step('no page found a problem or threw', async () => {
    assert.deepEqual(found, []);
    assert.deepEqual(phone.pageErrors, []);
    assert.deepEqual(desk.pageErrors, []);
  });
});
