// The battle page on a tablet (the battle page must be usable on a tablet). One real server; an umpire and
// a player (A, british) in their own touch-screen browser contexts (820x1180 portrait, 1180x820 landscape,
// isMobile, hasTouch, deviceScaleFactor 2); a second player (B, french) plays through a WebSocket client. Every
// tap is a touch tap (locator.tap, page.touchscreen.tap); every drag is a real touch drag (the DevTools
// protocol's Input.dispatchTouchEvent: touchstart, touchmove, touchend, so the page gets pointer events with
// pointerType "touch", and the browser pans and scrolls, or not, as on a tablet).
//
// The umpire, landscape, in set-up: adds a unit with the form, drags it on the map with a finger (its data-x/-y move
// by the drag once battle.place is answered), selects it with a tap that wobbles a few pixels as a fingertip does (a
// selection, not a move), turns it with the 45° button; with the map zoomed, a swipe on the empty table pans the
// zoomed map (and moves nothing) while a piece still drags; then unticks auto-run and starts the battle.
// A, portrait: the page does not scroll sideways; the map, the hand of cards, the talk panel and the log are on
// screen once scrolled to; a tap on a unit shows its ranges (there is no hover on a tablet). Turn 1: A gives an
// order to his unit by taps, takes it back, gives it again; the umpire drags B's unit during play (the override form
// fills in) and overrides it with a reason; the umpire steps through the resolution with the Apply button. Turn 2:
// A plays Talk to B. Turn 3: the talk is open: A writes and taps Send; A plays Move, the point chosen by a tap on
// the map; his leader rides there. The ruler by touch (two taps) in portrait and landscape. Both pages fit both
// orientations; the hand's controls and the umpire's step and override controls are at least 32 px tall.
// Screenshots go to /tmp/muster-web-shots/ (tablet-*.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import {
  launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper, shotPath, UI_TIMEOUT,
} from './lib/browser.mjs';
import { el } from './lib/battle.mjs';

const hex = () => randomBytes(4).toString('hex');
const PORTRAIT = { width: 820, height: 1180 };
const LANDSCAPE = { width: 1180, height: 820 };
const TABLET = {
  viewport: PORTRAIT,
  screen: PORTRAIT,
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
};
const MIN_TAP = 32; // px: a fingertip's target, at the least
const TABLE = { width: 180, depth: 120, measure: 'cm' };
// A's leader stands inside the 33rd's footprint (a unit's position is the middle of its front edge; it faces up
// the table, so its bases lie behind, below y 40); B's leader stands within talking distance of A's.
const A_LEADER = [60, 39];
const B_LEADER = [63, 39];
const A_UNIT = [60, 40];
const B_UNIT = [120, 95];
const ORDER = 'order.hold_your_fire';

/** Widths that decide sideways scrolling, and what sticks out to the right (for the message). */
async function assertFits(page, what) {
  const w = await page.evaluate(() => {
    const se = document.scrollingElement;
    const vw = se.clientWidth;
    const over = [];
    for (const x of document.body.querySelectorAll('*')) {
      const r = x.getBoundingClientRect();
      if (r.width > 0 && r.right > vw + 0.5 && !x.closest('.battle-map-frame.is-zoomed svg')) {
        over.push(`${x.tagName.toLowerCase()}${x.dataset?.testid ? `[data-testid=${x.dataset.testid}]` : ''}${typeof x.className === 'string' && x.className ? `.${x.className.trim().split(/\s+/).join('.')}` : ''} right=${Math.round(r.right)}`);
      }
    }
    return { scrollWidth: se.scrollWidth, clientWidth: vw, innerWidth: window.innerWidth, over: over.slice(0, 12) };
  });
  const vp = page.viewportSize();
  assert.equal(w.innerWidth, vp.width, `${what}: the layout viewport is the tablet's width`);
  assert.ok(w.scrollWidth <= w.clientWidth,
    `${what}: scrollWidth ${w.scrollWidth} > clientWidth ${w.clientWidth}; sticking out: ${w.over.join(', ')}`);
  await page.evaluate(() => window.scrollTo(300, window.scrollY));
  assert.equal(await page.evaluate(() => window.scrollX), 0, `${what}: the page scrolls sideways`);
}

/** Visible once scrolled to, inside the screen's width, and in view. */
async function assertReachable(page, loc, what) {
  assert.equal(await loc.count(), 1, `${what}: one element`);
  await loc.scrollIntoViewIfNeeded();
  assert.equal(await loc.isVisible(), true, `${what}: visible`);
  const box = await loc.boundingBox();
  const vp = page.viewportSize();
  assert.ok(box && box.width > 0 && box.height > 0, `${what}: has a box`);
  assert.ok(box.x >= -0.5 && box.x + box.width <= vp.width + 0.5, `${what}: within the width ${vp.width}: ${JSON.stringify(box)}`);
  assert.ok(box.y < vp.height && box.y + box.height > 0, `${what}: in view after scrolling to it: ${JSON.stringify(box)}`);
  return box;
}

/** Every visible element of `loc` is at least MIN_TAP px tall (and as wide): a finger can hit it. */
async function assertTappable(loc, what, { min = 1 } = {}) {
  const n = await loc.count();
  let seen = 0;
  for (let i = 0; i < n; i += 1) {
    const one = loc.nth(i);
    if (!(await one.isVisible())) continue;
    const box = await one.boundingBox();
    assert.ok(box.height >= MIN_TAP - 0.5 && box.width >= MIN_TAP - 0.5,
      `${what} #${i} (${(await one.innerText().catch(() => '')).trim().slice(0, 40)}) is ${Math.round(box.width)}x${Math.round(box.height)} px: too small to tap`);
    seen += 1;
  }
  assert.ok(seen >= min, `${what}: ${seen} visible, expected at least ${min}`);
}

/** Waits until the page stands still: a smooth scroll the page began (showMap, on choosing Move) runs on for a moment. */
function scrollSettled(page) {
  return page.evaluate(() => new Promise((resolve) => {
    let last = NaN;
    let still = 0;
    const tick = () => {
      if (window.scrollY === last) still += 1;
      else { still = 0; last = window.scrollY; }
      if (still >= 5) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }));
}

/** Scrolls the map (or its zoomed frame) so the table point is in view; returns its client coordinates. */
async function mapPoint(page, p, { scroll = true } = {}) {
  const map = page.getByTestId('battle-map');
  if (scroll) {
    await scrollSettled(page);
    await map.evaluate((svg) => svg.closest('.battle-map-frame').scrollIntoView({ block: 'center' }));
    await scrollSettled(page);
  }
  return page.evaluate(([x, y, depth]) => {
    const svg = document.querySelector('[data-testid="battle-map"]');
    const pt = svg.createSVGPoint();
    pt.x = x;
    pt.y = depth - y;
    const q = pt.matrixTransform(svg.getScreenCTM());
    return [q.x, q.y];
  }, [p[0], p[1], TABLE.depth]);
}

/** CSS pixels per table unit on the page's map as drawn now. */
function pxPerUnit(page) {
  return page.evaluate(() => document.querySelector('[data-testid="battle-map"]').getScreenCTM().a);
}

/** What the browser finds under a client point: the data-testid and data-unit/leader of the piece, if any. */
function hitAt(page, [x, y]) {
  return page.evaluate(([cx, cy]) => {
    const e = document.elementFromPoint(cx, cy);
    const g = e && e.closest('[data-testid="battle-unit"], [data-testid="battle-leader"]');
    return g ? { testid: g.dataset.testid, unit: g.dataset.unit, leader: g.dataset.leader } : { testid: e ? e.tagName.toLowerCase() : null };
  }, [x, y]);
}

/** A finger on the glass: touchstart at the first point, touchmove through the rest, touchend at the last. */
async function touchPath(cdp, points, { pause = 16 } = {}) {
  const at = ([x, y]) => [{ x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(points[0]) });
  for (const p of points.slice(1)) {
    await new Promise((r) => setTimeout(r, pause));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(p) });
  }
  await new Promise((r) => setTimeout(r, pause));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A drag from `a` to `b` in `n` moves. */
function dragPath(a, b, n = 12) {
  const out = [a];
  for (let i = 1; i <= n; i += 1) out.push([a[0] + ((b[0] - a[0]) * i) / n, a[1] + ((b[1] - a[1]) * i) / n]);
  return out;
}

/** Waits until the element's scroll position has not changed for 300 ms (a fling has ended); returns it. */
async function settled(loc) {
  let last = null;
  let still = 0;
  for (let i = 0; i < 100; i += 1) {
    const now = await loc.evaluate((f) => [f.scrollLeft, f.scrollTop]);
    if (last && now[0] === last[0] && now[1] === last[1]) {
      still += 1;
      if (still >= 6) return now;
    } else {
      still = 0;
    }
    last = now;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the zoomed map never stopped scrolling');
}

const near = (a, b, tol) => Math.abs(a - b) <= tol;

test('the battle page on a tablet: touch taps and drags for the player and the umpire, nothing too wide or too small', { timeout: 150000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  let table;
  t.after(async () => {
    for (const c of table?.everyone ?? []) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const UNIT_NAME = `Royal Ecossais ${hex()}`;
  let U; // the umpire's WebSocket client (subscribed: sees every card)
  let B; // player B's WebSocket client
  let umpire; // the umpire's tablet
  let pa; // A's tablet
  let ucdp; // the umpire's page's DevTools session (touch drags)
  let users;
  let campaign;
  let battle;
  const ID = {};
  const step = stepper(t, (name) => failureShots(`tablet-${name.replace(/\W+/g, '_')}`, { umpire: umpire?.page, a: pa?.page }));

  const battleOf = (v) => v?.battles?.[String(battle)];
  const waitBattle = async (pred, what) => battleOf(await U.waitForView(campaign, (v) => { const b = battleOf(v); return !!b && pred(b); }, UI_TIMEOUT, what));
  const unitOn = (page, id) => el(page.getByTestId('battle-map'), 'battle-unit', { unit: id });
  const xyOf = async (g) => [Number(await g.getAttribute('data-x')), Number(await g.getAttribute('data-y'))];

  /** The umpire taps "Apply this step" until the turn `turn` opens for cards; returns how many steps it took. */
  async function stepThrough(turn) {
    const page = umpire.page;
    let taps = 0;
    for (;;) {
      const b = battleOf(U.view(campaign));
      if (b.status === 'cards' && b.turn === turn) return taps;
      assert.equal(b.status, 'resolving', `resolving, not ${b.status}`);
      assert.ok(taps < 8, 'six steps a turn');
      const next = b.next_step;
      await el(page, 'battle-next-step', { step: next }).waitFor();
      await page.getByTestId('battle-step').tap();
      taps += 1;
      await waitBattle((x) => x.next_step !== next || x.status !== 'resolving', `the step ${next} applied`);
    }
  }

  await step('set-up: a campaign, two players, a battle in set-up; the umpire and A on tablets', async () => {
    table = await battleTable(server, {
      name: 'Tablets at the club', umpire: uniqueName('tbu'), players: { a: uniqueName('tba'), b: uniqueName('tbb') },
    });
    ({ users, campaign } = table);
    U = table.clients.umpire;
    B = table.clients.b;
    battle = (await U.ok('battle.create', {
      campaign, name: 'The Heath at Dettingen', table: TABLE,
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      leaders: [
        { user: users.a.user, side: 'british', name: 'Kemp', position: A_LEADER },
        { user: users.b.user, side: 'french', name: 'Dartois', position: B_LEADER },
      ],
      units: [
        { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: A_UNIT, facing: 0 },
        { side: 'french', owner: users.b.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: B_UNIT, facing: 180 },
      ],
    })).battle;
    const b = battleOf(await U.waitForView(campaign, (v) => battleOf(v)?.units?.length === 2));
    ID.unitA = b.units.find((u) => u.side === 'british').id;
    ID.unitB = b.units.find((u) => u.side === 'french').id;
    ID.leaderA = b.leaders.find((l) => l.user === users.a.user).id;
    ID.leaderB = b.leaders.find((l) => l.user === users.b.user).id;
    const path = `/#/campaign/${campaign}/battle`;
    umpire = await openUser(browser, server, { ...TABLET, viewport: LANDSCAPE, screen: LANDSCAPE }, { cookie: users.umpire.cookie, path });
    pa = await openUser(browser, server, TABLET, { cookie: users.a.cookie, path });
    for (const u of [umpire, pa]) {
      await waitForConnState(u.page, 'online');
      await waitForHash(u.page, `#/campaign/${campaign}/battle`);
      await el(u.page, 'battle-status', { status: 'setup' }).waitFor();
      assert.equal(await u.page.evaluate(() => matchMedia('(pointer: coarse)').matches), true, 'a touch screen');
    }
    await umpire.page.getByTestId('battle-setup').waitFor();
    ucdp = await umpire.context.newCDPSession(umpire.page);
  });

  await step('the umpire, landscape: adds a unit by tapping Add, and drags it on the map with a finger', async () => {
    const page = umpire.page;
    await assertFits(page, 'the umpire\'s set-up, landscape');
    await page.screenshot({ path: shotPath('tablet-umpire-setup-landscape'), fullPage: true });
    await assertTappable(page.getByTestId('battle-setup').locator('button:visible, select:visible, input[type="text"]:visible, input[type="number"]:visible'), 'the set-up form\'s controls', { min: 8 });
    await assertTappable(page.getByTestId('battle-setup').locator('label.check:visible'), 'the set-up\'s checkboxes (their labels)', { min: 2 });
    await assertTappable(page.locator('.map-toolbar button'), 'the map\'s buttons', { min: 3 });
    await page.getByTestId('battle-unit-name').fill(UNIT_NAME);
    await page.getByTestId('battle-unit-side').selectOption('1');
    await page.getByTestId('battle-unit-add').tap();
    const b = await waitBattle((x) => x.units.some((u) => u.name === UNIT_NAME), 'the new unit');
    const added = b.units.find((u) => u.name === UNIT_NAME);
    ID.added = added.id;
    const g = unitOn(page, ID.added);
    await g.waitFor();
    const before = await xyOf(g);
    assert.deepEqual(before, added.position, 'drawn where the server placed it');
    // A finger on the unit's middle base (it faces down the table: its bases lie above its front edge).
    const from = await mapPoint(page, [before[0], before[1] + 1]);
    const hit = await hitAt(page, from);
    assert.ok(hit.testid === 'battle-unit' && hit.unit === String(ID.added), `the finger is on the unit: ${JSON.stringify(hit)}`);
    const k = await pxPerUnit(page);
    const want = [22, -14]; // table units: right and down the table (the map draws y upwards)
    const to = [from[0] + want[0] * k, from[1] - want[1] * k];
    await touchPath(ucdp, dragPath(from, to));
    const moved = await waitBattle((x) => { const u = x.units.find((v) => v.id === ID.added); return u.position[0] !== before[0] || u.position[1] !== before[1]; }, 'the unit moved by battle.place');
    const pos = moved.units.find((u) => u.id === ID.added).position;
    await page.waitForFunction(([id, x]) => document.querySelector(`[data-testid="battle-map"] [data-testid="battle-unit"][data-unit="${id}"]`)?.dataset.x === String(x), [ID.added, pos[0]]);
    const after = await xyOf(g);
    assert.deepEqual(after, pos, 'the map draws it where the server has it');
    assert.ok(near(after[0] - before[0], want[0], 0.3) && near(after[1] - before[1], want[1], 0.3),
      `moved by the drag: ${JSON.stringify(before)} -> ${JSON.stringify(after)}, wanted ${JSON.stringify(want)}`);
    assert.equal(await g.getAttribute('transform'), null, 'no drag offset left on the piece');
    assert.equal(await page.evaluate(() => window.scrollX), 0, 'the drag did not move the page sideways');
    assert.deepEqual(umpire.pageErrors, []);
  });

  await step('the umpire selects the unit with a fingertip\'s tap (a few pixels of wobble) and turns it with the 45° button', async () => {
    const page = umpire.page;
    const g = unitOn(page, ID.added);
    const [x, y] = await xyOf(g);
    const before = U.version(campaign);
    const p = await mapPoint(page, [x, y + 1]);
    assert.equal((await hitAt(page, p)).unit, String(ID.added));
    // A fingertip's tap: down, a wobble of 4.5 px, up (more than half a table unit at this size, which a mouse would drag).
    assert.ok(Math.hypot(4, 2) / (await pxPerUnit(page)) > 0.5, 'the wobble is more than half a table unit');
    await touchPath(ucdp, [p, [p[0] + 3, p[1] + 2.5], [p[0] + 4, p[1] + 2]], { pause: 30 });
    await page.getByTestId('battle-selected').filter({ hasText: UNIT_NAME }).waitFor();
    await U.ok('campaign.list', {});
    assert.equal(U.version(campaign), before, 'a tap selects: nothing was moved');
    assert.deepEqual(await xyOf(g), [x, y]);
    await assertTappable(page.locator('[data-testid="battle-rotate-left"], [data-testid="battle-rotate-right"], [data-testid="battle-about-face"], [data-testid="battle-remove"]'), 'the selected piece\'s buttons', { min: 4 });
    await assertTappable(page.locator('label.check:has([data-testid="battle-selected-concealed"])'), 'the selected piece\'s Concealed box');
    const facing = Number(await g.getAttribute('data-facing'));
    await page.getByTestId('battle-rotate-right').tap();
    await page.waitForFunction(([id, f]) => document.querySelector(`[data-testid="battle-map"] [data-testid="battle-unit"][data-unit="${id}"]`)?.dataset.facing === String(f), [ID.added, (facing + 45) % 360]);
  });

  await step('the zoomed map: a swipe on the empty table pans it; a piece still drags with a finger', async () => {
    const page = umpire.page;
    await page.getByTestId('battle-map-zoom').tap();
    const frame = page.locator('.battle-map-frame:has([data-testid="battle-map"])');
    await page.locator('[data-testid="battle-map-zoom"][aria-pressed="true"]').waitFor();
    await frame.scrollIntoViewIfNeeded();
    // The French unit in view of the zoomed frame.
    const g = unitOn(page, ID.unitB);
    await g.evaluate((x) => x.scrollIntoView({ block: 'center', inline: 'center' }));
    const scroll0 = await frame.evaluate((f) => [f.scrollLeft, f.scrollTop]);
    // A swipe to the left over empty cloth (well clear of the pieces) pans the frame to the right.
    const fb = await frame.boundingBox();
    const a = [fb.x + fb.width * 0.75, fb.y + fb.height * 0.5];
    const under = await hitAt(page, a);
    assert.ok(!['battle-unit', 'battle-leader'].includes(under.testid), `the swipe starts on the table, not a piece: ${JSON.stringify(under)}`);
    const versionBefore = U.version(campaign);
    await touchPath(ucdp, dragPath(a, [a[0] - 220, a[1]], 10));
    // The swipe flings the frame on: wait for it to come to rest (a tap during a fling only stops it).
    const scroll1 = await settled(frame);
    assert.ok(scroll1[0] > scroll0[0] + 50, `the swipe panned the zoomed map: scrollLeft ${scroll0[0]} -> ${scroll1[0]}`);
    await U.ok('campaign.list', {});
    assert.equal(U.version(campaign), versionBefore, 'the swipe moved nothing on the table');
    // And a piece drags as before.
    const before = await xyOf(g);
    await g.evaluate((x) => x.scrollIntoView({ block: 'center', inline: 'center' }));
    const from = await mapPoint(page, [before[0], before[1] + 1], { scroll: false });
    assert.equal((await hitAt(page, from)).unit, String(ID.unitB), 'the finger is on the French unit');
    const k = await pxPerUnit(page);
    await touchPath(ucdp, dragPath(from, [from[0] - 10 * k, from[1]], 8));
    const b = await waitBattle((x) => x.units.find((u) => u.id === ID.unitB).position[0] !== before[0], 'the French unit dragged');
    const pos = b.units.find((u) => u.id === ID.unitB).position;
    assert.ok(near(pos[0] - before[0], -10, 0.3) && near(pos[1], before[1], 0.3), `dragged 10 to the left: ${JSON.stringify(before)} -> ${JSON.stringify(pos)}`);
    await page.getByTestId('battle-map-zoom').tap();
    await page.waitForFunction(() => !document.querySelector('[data-testid="battle-map"]').closest('.battle-map-frame').classList.contains('is-zoomed'));
    assert.deepEqual(umpire.pageErrors, []);
  });

  await step('the umpire unticks auto-run by tapping its label, saves, and taps Start', async () => {
    const page = umpire.page;
    assert.equal(await page.getByTestId('battle-auto-run').isChecked(), true);
    await page.locator('label.check:has([data-testid="battle-auto-run"])').tap();
    assert.equal(await page.getByTestId('battle-auto-run').isChecked(), false);
    await page.getByTestId('battle-settings-save').tap();
    await waitBattle((x) => x.settings.auto_run === false, 'auto-run off');
    await page.getByTestId('battle-start').tap();
    for (const u of [umpire, pa]) await el(u.page, 'battle-turn', { turn: 1 }).waitFor();
    await page.getByTestId('battle-umpire-play').waitFor();
    await assertFits(page, 'the umpire\'s play panel, landscape');
  });

  await step('A, portrait: the page fits; the map, the hand, the talk panel and the log are on screen; the hand is big enough to tap', async () => {
    const page = pa.page;
    await el(page, 'card-option', { card: ORDER }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shotPath('tablet-player-portrait'), fullPage: true });
    await assertFits(page, 'A\'s battle page, portrait');
    for (const id of ['battle-map', 'card-hand', 'card-play', 'talk-panel', 'battle-unit-table', 'battle-replay']) {
      await assertReachable(page, page.getByTestId(id), `A's ${id}, portrait`);
    }
    // The turn log's panel (its list shows with the first line, at the reveal).
    await assertReachable(page, page.locator('section:has(> #battle-log-heading)'), 'A\'s turn log panel, portrait');
    await assertTappable(page.getByTestId('card-option'), 'the cards in the hand', { min: 10 });
    await assertTappable(page.getByTestId('card-play'), 'Play this card');
    await assertTappable(page.locator('.map-toolbar button'), 'the map\'s buttons', { min: 3 });
  });

  await step('A taps his unit: its ranges show and stay (a tablet has no hover); a tap on the open table clears them', async () => {
    const page = pa.page;
    assert.match(await page.locator('.map-hint').innerText(), /tap a unit/, 'the map\'s hint does not only say "hover"');
    const p = await mapPoint(page, [A_UNIT[0] - 6, A_UNIT[1] - 1]);
    assert.equal((await hitAt(page, p)).unit, String(ID.unitA), 'the finger is on the 33rd');
    await page.touchscreen.tap(p[0], p[1]);
    const range = el(page, 'battle-range', { unit: ID.unitA });
    await range.first().waitFor();
    await page.waitForTimeout(300);
    assert.ok(await range.count() > 0, 'the ranges stay after the finger is lifted');
    const empty = await mapPoint(page, [150, 60]);
    await page.touchscreen.tap(empty[0], empty[1]);
    await range.first().waitFor({ state: 'detached' });
  });

  await step('turn 1: A gives an order to his unit by taps, takes it back and gives it again', async () => {
    const page = pa.page;
    await el(page, 'card-option', { card: ORDER }).tap();
    await el(page, 'card-option', { card: ORDER }).and(page.locator('[aria-checked="true"]')).waitFor();
    const unit = page.getByTestId('card-unit');
    await unit.waitFor();
    assert.equal(await unit.inputValue(), String(ID.unitA), 'the 33rd is offered');
    await assertTappable(unit, 'the unit to order');
    await page.getByTestId('card-play').tap();
    await el(page, 'card-played', { card: ORDER }).waitFor();
    let box = (await waitBattle((x) => (x.boxes.cards.items || []).some((i) => i.user === users.a.user), 'A\'s card')).boxes.cards;
    assert.deepEqual(box.items.find((i) => i.user === users.a.user).item, { card: ORDER, unit: ID.unitA });
    await assertTappable(page.getByTestId('card-withdraw'), 'Take it back');
    await page.getByTestId('card-withdraw').tap();
    await waitBattle((x) => !(x.boxes.cards.items || []).some((i) => i.user === users.a.user), 'A\'s card taken back');
    await page.getByTestId('card-played').waitFor({ state: 'hidden' });
    await el(page, 'card-option', { card: ORDER }).tap();
    await page.getByTestId('card-play').tap();
    await el(page, 'card-played', { card: ORDER }).waitFor();
    box = (await waitBattle((x) => (x.boxes.cards.items || []).some((i) => i.user === users.a.user), 'A\'s card again')).boxes.cards;
    assert.deepEqual(box.items.find((i) => i.user === users.a.user).item, { card: ORDER, unit: ID.unitA });
    assert.deepEqual(pa.pageErrors, []);
  });

  await step('turn 1: the umpire drags B\'s unit with a finger during play; the override form fills in; a reason and a tap on Override move it', async () => {
    const page = umpire.page;
    await el(page, 'battle-umpire-card', { user: users.a.user, card: ORDER }).waitFor();
    await assertTappable(page.getByTestId('battle-close-turn'), 'Close the turn');
    const g = unitOn(page, ID.unitB);
    const before = await xyOf(g);
    const from = await mapPoint(page, [before[0], before[1] + 1]);
    assert.equal((await hitAt(page, from)).unit, String(ID.unitB), 'the finger is on the French unit');
    const k = await pxPerUnit(page);
    await touchPath(ucdp, dragPath(from, [from[0] + 8 * k, from[1] + 5 * k]));
    const form = page.getByTestId('battle-override');
    await page.waitForFunction(() => document.querySelector('[data-testid="battle-override"]').open);
    assert.equal(await page.getByTestId('battle-override-target').inputValue(), `unit:${ID.unitB}`);
    const x = Number(await page.getByTestId('battle-override-x').inputValue());
    const y = Number(await page.getByTestId('battle-override-y').inputValue());
    assert.ok(near(x - before[0], 8, 0.3) && near(y - before[1], -5, 0.3), `the form has the dragged point: ${x}, ${y} from ${before}`);
    await assertTappable(form.locator('summary'), 'the Overrides box\'s heading');
    await assertTappable(form.locator('select:visible, input:visible, button:visible'), 'the override form\'s controls', { min: 6 });
    await page.screenshot({ path: shotPath('tablet-umpire-override'), fullPage: true });
    await page.getByTestId('battle-override-reason').fill('the Picardie dress their line');
    await page.getByTestId('battle-override-submit').tap();
    const b = await waitBattle((z) => z.units.find((u) => u.id === ID.unitB).position[0] === x, 'the override applied');
    assert.deepEqual(b.units.find((u) => u.id === ID.unitB).position, [x, y]);
    await page.waitForFunction(([id, v]) => document.querySelector(`[data-testid="battle-map"] [data-testid="battle-unit"][data-unit="${id}"]`)?.dataset.x === String(v), [ID.unitB, x]);
    assert.equal(await g.getAttribute('transform'), null);
    assert.deepEqual(umpire.pageErrors, []);
  });

  await step('turn 1 closes; the umpire steps through the resolution with "Apply this step" (big enough to tap)', async () => {
    const page = umpire.page;
    await B.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' });
    await el(page, 'battle-status', { status: 'resolving' }).waitFor();
    await page.getByTestId('battle-step').waitFor();
    await assertTappable(page.locator('[data-testid="battle-step"], [data-testid="battle-step-dice"]'), 'the step controls', { min: 2 });
    await assertReachable(page, page.getByTestId('battle-next-step'), 'the next step');
    await page.screenshot({ path: shotPath('tablet-umpire-step'), fullPage: true });
    await assertFits(page, 'the umpire\'s page while resolving, landscape');
    const taps = await stepThrough(2);
    assert.equal(taps, 6, 'six steps');
    await el(pa.page, 'battle-turn', { turn: 2 }).waitFor();
    await el(pa.page.getByTestId('battle-log'), 'battle-log-item', { turn: 1, phase: 'reveal' }).waitFor();
  });

  await step('turn 2: A plays Talk to B by taps; after the reveal the talk opens', async () => {
    const page = pa.page;
    await el(page, 'card-option', { card: 'talk' }).tap();
    const who = page.getByTestId('card-leader');
    await who.waitFor();
    await assertTappable(who, 'the leader to talk to');
    await who.selectOption(String(ID.leaderB));
    assert.match(await who.locator('option:checked').innerText(), /beside you/);
    await page.getByTestId('card-play').tap();
    await el(page, 'card-played', { card: 'talk' }).waitFor();
    await B.ok('card.play', { campaign, battle, turn: 2, card: 'no_action' });
    await el(umpire.page, 'battle-status', { status: 'resolving' }).waitFor();
    await stepThrough(3);
    await el(page, 'talk-panel', { open: 'true' }).waitFor();
  });

  await step('turn 3: A writes to B and taps Send; then plays Move, the point chosen by a tap on the map', async () => {
    const page = pa.page;
    const text = `By the windmill at noon ${hex()}`;
    await assertReachable(page, page.getByTestId('talk-input'), 'the talk box');
    await assertTappable(page.locator('[data-testid="talk-input"], [data-testid="talk-send"]'), 'the talk box and Send', { min: 2 });
    await page.getByTestId('talk-input').tap();
    await page.getByTestId('talk-input').fill(text);
    await page.getByTestId('talk-send').tap();
    await B.waitForView(campaign, (v) => (battleOf(v)?.talk || []).some((m) => m.text === text), UI_TIMEOUT, 'B receives the talk');
    await umpire.page.getByTestId('talk-item').filter({ hasText: text }).waitFor();

    await el(page, 'card-option', { card: 'move' }).tap();
    await page.getByTestId('card-move-point').waitFor();
    const target = [72.4, 61.7];
    const p = await mapPoint(page, target);
    await page.touchscreen.tap(p[0], p[1]);
    await page.getByTestId('battle-move-target').waitFor();
    await page.getByTestId('card-move-point').filter({ hasText: 'Ride to (72, 62)' }).waitFor();
    await assertTappable(page.getByTestId('card-play'), 'Play this card');
    assert.equal(await page.getByTestId('card-play').isEnabled(), true);
    await page.getByTestId('card-play').tap();
    await el(page, 'card-played', { card: 'move' }).waitFor();
    const b = await waitBattle((x) => (x.boxes.cards.items || []).some((i) => i.user === users.a.user), 'A\'s Move card');
    const to = b.boxes.cards.items.find((i) => i.user === users.a.user).item.to;
    const tol = 1 / (await pxPerUnit(page)) + 0.02; // a pixel
    assert.ok(near(to[0], target[0], tol) && near(to[1], target[1], tol), `the tapped point ${JSON.stringify(to)} is about ${JSON.stringify(target)}`);
    await B.ok('card.play', { campaign, battle, turn: 3, card: 'no_action' });
    await el(umpire.page, 'battle-status', { status: 'resolving' }).waitFor();
    await stepThrough(4);
    const leader = el(page.getByTestId('battle-map'), 'battle-leader', { leader: ID.leaderA });
    await page.waitForFunction(([id, x]) => document.querySelector(`[data-testid="battle-map"] [data-testid="battle-leader"][data-leader="${id}"]`)?.dataset.x === String(x), [ID.leaderA, to[0]]);
    assert.deepEqual(await xyOf(leader), to, 'his leader rode to the tapped point');
    assert.deepEqual(pa.pageErrors, []);
  });

  await step('the ruler by touch: the Ruler button, then two taps on the map, portrait and landscape', async () => {
    const page = pa.page;
    const measure = async (a, b, what) => {
      const p = await mapPoint(page, a);
      await page.touchscreen.tap(p[0], p[1]);
      await page.getByTestId('battle-ruler-readout').filter({ hasText: 'Now the second point.' }).waitFor();
      const q = await mapPoint(page, b);
      await page.touchscreen.tap(q[0], q[1]);
      await page.getByTestId('battle-ruler-line').waitFor({ state: 'attached' }); // a level line has no height: attached, not "visible"
      const d = Number(await page.getByTestId('battle-ruler-readout').getAttribute('data-value'));
      const want = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const tol = 2 / (await pxPerUnit(page)) + 0.1;
      assert.ok(near(d, want, tol), `${what}: the ruler reads ${d}, the points are ${want.toFixed(1)} apart`);
      assert.match(await page.getByTestId('battle-ruler-readout').innerText(), / cm$/);
    };
    await page.getByTestId('battle-ruler').tap();
    await page.locator('[data-testid="battle-ruler"][aria-pressed="true"]').waitFor();
    await measure([20, 20], [50, 60], 'portrait');
    const version = U.version(campaign);
    await page.setViewportSize(LANDSCAPE);
    await page.waitForFunction((w) => window.innerWidth === w, LANDSCAPE.width);
    await measure([100, 30], [160, 30], 'landscape');
    // Measuring sends nothing (no card played, nothing moved).
    await U.ok('campaign.list', {});
    assert.equal(U.version(campaign), version);
    await page.getByTestId('battle-ruler').tap();
    await page.locator('[data-testid="battle-ruler"][aria-pressed="false"]').waitFor();
  });

  await step('A, landscape, and the umpire, portrait: the pages still fit, everything in reach', async () => {
    const page = pa.page;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shotPath('tablet-player-landscape'), fullPage: true });
    await assertFits(page, 'A\'s battle page, landscape');
    // The channel closed at turn 4's reveal: the talk panel says so.
    for (const id of ['battle-map', 'card-hand', 'talk-panel', 'talk-status', 'battle-log', 'battle-replay', 'battle-replay-map']) {
      await assertReachable(page, page.getByTestId(id), `A's ${id}, landscape`);
    }
    await assertTappable(page.getByTestId('card-option'), 'the cards in the hand, landscape', { min: 10 });
    const up = umpire.page;
    await up.setViewportSize(PORTRAIT);
    await up.waitForFunction((w) => window.innerWidth === w, PORTRAIT.width);
    await up.evaluate(() => window.scrollTo(0, 0));
    await up.screenshot({ path: shotPath('tablet-umpire-portrait'), fullPage: true });
    await assertFits(up, 'the umpire\'s battle page, portrait');
    for (const id of ['battle-map', 'battle-umpire-play', 'battle-override', 'battle-log']) {
      await assertReachable(up, up.getByTestId(id), `the umpire's ${id}, portrait`);
    }
    await assertTappable(up.getByTestId('battle-override').locator('summary'), 'the Overrides box\'s heading, portrait');
    await assertTappable(up.getByTestId('battle-play-settings').locator('summary'), 'the Settings box\'s heading, portrait');
    await assertTappable(up.getByTestId('battle-end'), 'End the battle');
    for (const u of [umpire, pa]) assert.deepEqual(u.pageErrors, []);
  });
});
