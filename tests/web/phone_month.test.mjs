// A player does a month and a battle turn of each book on a phone (390x844, touch), by taps on the page alone:
// he creates his colonel, chooses his objective, bids for a regiment, declares and cancels leave, writes his diary,
// reads and publishes his report, talks and rolls on the table (a long link pasted there too), then plays a turn of Over the Hills, Chosen Men,
// Loose Files and Border Reivers. Every screen on the way, forms filled in, passes the page checks
// (tests/web/lib/pages.mjs: no sideways scrolling, so no zooming the browser; no tap target under 40x40; no serious
// axe-core violation), and so does each battle once resolving has begun, for him on the phone and on a desktop and
// for the umpire on a phone (stepping it by a tap, a piece picked on the map), a tablet and a desktop.
// MUSTER_SHOTS=<dir> keeps a screenshot of each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper, UI_TIMEOUT } from './lib/browser.mjs';
import { PHONE, DESKTOP, TABLET, checkPage } from './lib/pages.mjs';
import { el, mapPoint } from './lib/battle.mjs';
import { bookBattle, placeRiders, writeLfasOrders } from './lib/book_battles.mjs';

// How A takes his turn in each book's battle (tests/web/lib/book_battles.mjs), where the umpire taps on the map to
// pick a piece, and how B answers through the protocol.
const TURNS = [
  {
    book: 'oth', name: 'Fontenoy', depth: 120, pick: [60, 40],
    async turn(p) {
      await el(p, 'card-option', { card: 'no_action' }).tap();
      await p.getByTestId('card-play').tap();
      await p.getByTestId('card-withdraw').waitFor();
    },
    other: (bv) => ['card.play', { turn: bv.turn, card: 'no_action' }],
  },
  {
    book: 'cmwd', name: 'Schellenberg', depth: 120, pick: [30, 50],
    async turn(p) {
      await p.getByTestId('cmwd-bid-input').fill('1');
      await p.getByTestId('cmwd-bid').tap();
      await el(p, 'cmwd-bid-status', { bid: '1' }).waitFor();
    },
    other: (bv) => ['battle.submit', { turn: bv.turn, bid: 0 }],
  },
  {
    book: 'lfas', name: 'Guilford Courthouse', depth: 48, pick: [30, 8],
    async turn(p) {
      await writeLfasOrders(p);
      await checkPage(p, 'phone-lfas-orders-written').then((f) => assert.deepEqual(f, []));
      await p.getByTestId('lfas-send').tap();
      await p.getByTestId('lfas-withdraw').waitFor();
    },
    other: (bv) => ['battle.submit', { turn: bv.turn }],
  },
  {
    book: 'reivers', name: 'Hot Trod', depth: 1000, pick: [300, 250],
    async turn(p) {
      await p.getByTestId('reivers-action').selectOption('move');
      // The sheet folds down for a point on the map (tests/web/phone_battle.test.mjs taps it); he types it instead.
      await p.locator('[data-testid="battle-sheet"][data-open="false"]').waitFor();
      await p.getByTestId('battle-sheet-toggle').tap();
      await p.getByTestId('reivers-x').fill('320');
      await p.getByTestId('reivers-y').fill('260');
      await p.getByTestId('reivers-act').tap();
      await p.getByTestId('battle-log').filter({ hasText: 'Armstrongs of Mangerton' }).first().waitFor({ state: 'attached' }); // the log is its own part on a phone
      await p.getByTestId('reivers-finish').tap();
    },
    other: null, // the bound is his alone; it ends with his finish
  },
];

test('a month and a battle turn of each book, done by taps on a phone; every screen on the way fits', { timeout: 420000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const table = await battleTable(server, { name: 'A Month by Phone', umpire: uniqueName('pmu'), players: { a: uniqueName('pma'), b: uniqueName('pmb') } });
  const open = []; // browser contexts
  t.after(async () => {
    for (const c of open) await c.close().catch(() => {});
    for (const c of table.everyone) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const { campaign, users } = table;
  const { umpire: U, b: B } = table.clients;
  const pages = {};
  const step = stepper(t, (name) => failureShots(`phone-month-${name.replace(/\W+/g, '_')}`, pages));
  const found = [];
  const check = async (page, what) => found.push(...await checkPage(page, what));
  /** Opens a tab of the campaign by its address and waits for its panel. */
  const go = async (page, tab) => {
    await page.locator(`#tab-${tab}`).waitFor({ state: 'attached' });
    await page.evaluate((h) => { window.location.hash = h; }, `#/campaign/${campaign}/${tab}`);
    await page.locator(`#panel-${tab}`).waitFor({ state: 'visible' }).catch(async (e) => {
      throw new Error(`${e.message}\n${JSON.stringify(await page.evaluate(() => [location.hash, document.querySelector('[data-testid="tab-select"]')?.value]))}`);
    });
  };
  const userPage = async (key, who, options, tab) => {
    const u = await openUser(browser, server, options, { cookie: users[who].cookie, path: `/#/campaign/${campaign}/${tab}` });
    open.push(u.context);
    pages[key] = u.page;
    await waitForConnState(u.page, 'online');
    return u;
  };
  let phone;

  await step('the colonel: created, his objective chosen and a regiment bought, all by taps', async () => {
    phone = await userPage('phone', 'a', PHONE, 'colonel');
    const p = phone.page;
    await p.getByTestId('colonel-name').tap();
    await p.getByTestId('colonel-name').fill('Colonel Sir Hector Kemp');
    await p.getByTestId('colonel-age').fill('38');
    await check(p, 'phone-colonel-form');
    await p.getByTestId('colonel-create').tap();
    await p.getByTestId('objective-kind').waitFor();
    await p.getByTestId('objective-kind').selectOption('glory');
    await p.getByTestId('objective-choose').tap();
    await B.ok('colonel.create', { campaign, name: 'Dartington' });
    await U.ok('auction.open', { campaign, regiment: 7 });
    await go(p, 'auction');
    await p.getByTestId('auction-bid-amount').fill('150');
    await check(p, 'phone-auction-bid');
    await p.getByTestId('auction-bid').tap();
    await p.getByTestId('auction-bid-list').filter({ hasText: '150' }).waitFor();
    await U.ok('auction.close', { campaign });
    await go(p, 'colonel');
    await p.getByTestId('sheet-regiment').filter({ hasText: '7' }).waitFor();
    await check(p, 'phone-colonel');
  });

  await step('the month: leave declared and cancelled, the diary written and sent', async () => {
    await U.ok('year.start', { campaign, year: '174-', month: 4 });
    const p = phone.page;
    await go(p, 'diary');
    await p.getByTestId('leave-from').fill('3');
    await p.getByTestId('leave-months').selectOption('1');
    await p.getByTestId('leave-declare').tap();
    await p.getByTestId('leave-item').first().waitFor();
    await check(p, 'phone-diary-leave');
    await p.getByTestId('leave-cancel').tap();
    await p.getByTestId('leave-none').waitFor();
    await p.getByTestId('diary-text').waitFor();
    await p.getByTestId('diary-activity').selectOption('politics');
    await p.getByTestId('diary-maintained').fill('10');
    await p.getByTestId('diary-declared').fill('10');
    await p.getByTestId('diary-text').fill('Dined with the Secretary at War; the 7th drills on the Meir.');
    await check(p, 'phone-diary-written');
    await p.getByTestId('diary-submit').tap();
    await p.getByTestId('diary-status').and(p.locator('[data-submitted="true"]')).waitFor();
    await check(p, 'phone-diary-sent');
  });

  await step('the report: the month resolved, he reads it and publishes his diary', async () => {
    await U.ok('month.resolve', { campaign });
    const p = phone.page;
    await go(p, 'reports');
    await p.getByTestId('report-item').first().waitFor();
    await check(p, 'phone-report');
    await p.getByTestId('report-publish').first().tap();
    await go(p, 'gazette');
    await p.locator('#panel-gazette').filter({ hasText: 'Dined with the Secretary at War' }).waitFor();
  });

  await step('the table: a word in the chat, a roll of the dice and a pasted link, forms filled in', async () => {
    const p = phone.page;
    await go(p, 'table');
    await p.getByTestId('chat-input').fill('Kemp reports the 7th fit for service.');
    await p.getByTestId('chat-send').tap();
    await p.getByTestId('chat-item').filter({ hasText: 'fit for service' }).waitFor();
    await p.getByTestId('dice-input').fill('3d6');
    await p.getByTestId('dice-reason').fill('forage');
    await p.getByTestId('dice-roll').tap();
    await p.getByTestId('roll-item').filter({ hasText: 'forage' }).waitFor();
    // Long unbroken text (a pasted link) wraps rather than pushing the page sideways.
    const long = `https://example.org/maps/flanders-1744/${'x'.repeat(180)}?sheet=1`;
    await U.ok('notice.post', { campaign, text: `Map: ${long}` });
    await U.ok('chat.say', { campaign, text: long });
    await p.getByTestId('chat-item').filter({ hasText: long }).waitFor();
    await p.getByTestId('notice-item').filter({ hasText: long }).waitFor();
    await p.getByTestId('chat-input').fill('And a word not yet sent');
    await check(p, 'phone-table');
    assert.deepEqual(phone.pageErrors, []);
  });

  const desk = await userPage('desk', 'a', DESKTOP, 'table');
  const umpires = {};
  for (const [size, options] of Object.entries({ phone: PHONE, tablet: TABLET, desktop: DESKTOP })) {
    umpires[size] = await userPage(`umpire-${size}`, 'umpire', options, 'battle');
  }

  for (const x of TURNS) {
    await step(`${x.book}: A takes his turn by taps; the battle resolving, for him and for the umpire at each size`, async () => {
      const body = bookBattle(x.book, users.a.user, users.b.user);
      const battle = (await U.ok('battle.create', { campaign, name: x.name, ...body, settings: { ...(body.settings || {}), auto_run: false } })).battle;
      if (x.book === 'reivers') await placeRiders(U, campaign, battle);
      await U.ok('battle.start', { campaign, battle });
      const show = async (page) => {
        await go(page, 'battle');
        if (await page.getByTestId('battle-select').isVisible()) await page.getByTestId('battle-select').selectOption(String(battle));
        await page.getByTestId('battle-name').filter({ hasText: x.name }).waitFor();
      };
      const p = phone.page;
      await show(p);
      await check(p, `phone-${x.book}-turn`);
      // His turn is in the sheet over the map (web/common/battle/sheet.js), opened from its bar.
      await p.getByTestId('battle-sheet-toggle').tap();
      await p.locator('[data-testid="battle-sheet"][data-open="true"]').waitFor();
      await x.turn(p);
      if (x.other) {
        const bv = (await B.caughtUp(campaign)).battles[String(battle)];
        const [type, body] = x.other(bv);
        await B.ok(type, { campaign, battle, ...body });
      }
      const bv = (await U.caughtUp(campaign)).battles[String(battle)];
      if (bv.status === 'cards' || bv.status === 'orders') await U.ok('battle.close_turn', { campaign, battle, turn: bv.turn }).catch(() => {});

      // The umpire on his phone: the step to run, tapped; then a piece picked on the map.
      const up = umpires.phone.page;
      await show(up);
      await up.getByTestId('battle-step').waitFor({ timeout: UI_TIMEOUT });
      await check(up, `phone-umpire-${x.book}-resolving`);
      const moment = (v) => JSON.stringify(['turn', 'status', 'next_step'].map((k) => v.battles[String(battle)][k]));
      const before = moment(await U.caughtUp(campaign));
      await up.getByTestId('battle-step').tap();
      await U.waitForView(campaign, (v) => moment(v) !== before, UI_TIMEOUT, 'a step applied');
      const [mx, my] = await mapPoint(up, x.pick, x.depth);
      await up.touchscreen.tap(mx, my);
      await up.getByTestId('battle-map-pieces').waitFor();
      await el(up, 'battle-map-piece', { kind: 'unit' }).first().tap();
      await up.locator('[data-testid="battle-unit"].unit-selected').waitFor();
      await check(up, `phone-umpire-${x.book}-step-and-piece`);
      for (const size of ['tablet', 'desktop']) {
        await show(umpires[size].page);
        await check(umpires[size].page, `${size}-umpire-${x.book}-resolving`);
      }
      await show(p);
      await check(p, `phone-${x.book}-resolving`);
      await show(desk.page);
      await check(desk.page, `desktop-${x.book}-resolving`);
    });
  }

  await step('no page found a problem or threw', async () => {
    assert.deepEqual(found, []);
    for (const [k, page] of Object.entries(pages)) assert.equal(page.isClosed(), false, k);
    assert.deepEqual(phone.pageErrors, []);
    assert.deepEqual(desk.pageErrors, []);
    for (const u of Object.values(umpires)) assert.deepEqual(u.pageErrors, []);
  });
});
