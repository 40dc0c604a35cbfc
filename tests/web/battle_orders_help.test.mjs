// A player could not give orders: his leader stood 5 cm behind his regiment after placement, the card panel said
// only "your leader is with none of your units", and neither he nor the umpire could see why. Over the Hill
// (over-the-hills.txt, "Leaders can only give orders to troops they are actually with"), an umpire and three
// players (A, B, C), each in his own browser; the set-up goes over the umpire's WebSocket, what is tested is done in
// the pages.
//
// - The umpire is warned at placement and after the start of a leader with none of his units, with how far off
//   the nearest stands and how near "with" is; a button selects him, and the map draws his "with" and talk
//   distances from the server's hints.
// - A leader set down on his regiment does not make it impossible to grab: a tap on the leader already selected
//   selects the regiment under him, which then drags; the names of two leaders side by side do not overlap.
// - On a phone, the player sees the circles round his own leader, the card panel says how far off his nearest
//   unit is, and a Move card's point beyond his ride is refused in the form (with the distances), not on Play.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, failureShots, stepper, injectAxe } from './lib/browser.mjs';
import { el, waitForBattle, openSheet } from './lib/battle.mjs';

const PHONE = { width: 390, height: 844 };

// Where table point p is on the page's map, relative to the map's box (the map is not turned in this test).
function mapPosition(page, p) {
  return page.getByTestId('battle-map').evaluate((svg, q) => {
    const m = svg.getScreenCTM();
    const box = svg.getBoundingClientRect();
    const depth = Number(svg.viewBox.baseVal.height) - 2 * -svg.viewBox.baseVal.y;
    const pt = svg.createSVGPoint();
    pt.x = q[0];
    pt.y = depth - q[1];
    const s = pt.matrixTransform(m);
    return { x: s.x - box.left, y: s.y - box.top, cx: s.x, cy: s.y };
  }, p);
}

async function axeSerious(page) {
  await injectAxe(page);
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a leader apart from his units: warned, drawn and explained; stacked pieces reachable; a Move beyond reach refused in the form', { timeout: 120000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  let table;
  t.after(async () => {
    for (const c of table?.everyone ?? []) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  let umpire;
  let pa;
  let campaign;
  let battle;
  let users;
  const L = {};
  const U = {};
  const step = stepper(t, (name) => failureShots(`orders-help-${name.replace(/\W+/g, '_')}`, { umpire: umpire?.page, a: pa?.page }));
  const untilBattle = (u, pred, what) => waitForBattle(u, campaign, battle, pred, what);

  await step('set-up: Kemp 5 cm behind the 33rd; Dartois set down on the Picardie, Carl beside him', async () => {
    table = await battleTable(server, {
      name: 'Orders help', umpire: uniqueName('ohu'), players: { a: uniqueName('oha'), b: uniqueName('ohb'), c: uniqueName('ohc') },
    });
    ({ users, campaign } = table);
    const C = table.clients.umpire;
    battle = (await C.ok('battle.create', {
      campaign, name: 'The Long Meadow', table: { width: 180, depth: 120, measure: 'cm' },
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      leaders: [
        // The 33rd's rear edge runs at y 38 (its front at 40, facing up the table): Kemp stands 5 cm behind it.
        { user: users.a.user, side: 'british', name: 'Kemp', position: [40, 33] },
        // The Picardie faces down the table from y 84, its rear at 86: Dartois stands on it.
        { user: users.b.user, side: 'french', name: 'Dartois', position: [120, 85] },
        { user: users.c.user, side: 'french', name: 'Carl', position: [122, 84.5] },
      ],
      units: [
        { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0 },
        { side: 'french', owner: users.b.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: [120, 84], facing: 180 },
      ],
    })).battle;
    const b = (await C.waitForView(campaign, (v) => v.battles?.[String(battle)]?.leaders?.length === 3)).battles[String(battle)];
    for (const l of b.leaders) L[l.name] = l.id;
    for (const u of b.units) U[u.name] = u.id;
    umpire = await openUser(browser, server, {}, { cookie: users.umpire.cookie, path: `/#/campaign/${campaign}/battle` });
    await el(umpire.page, 'battle-setup').waitFor();
  });

  await step('the umpire is warned at placement: Kemp, 5 cm off, must be within 2 cm; Select shows his distances', async () => {
    const page = umpire.page;
    const warning = page.getByTestId('battle-leaders-alone');
    await warning.waitFor();
    const items = page.getByTestId('leader-alone');
    assert.equal(await items.count(), 1, 'only Kemp: Dartois and Carl stand on their regiment');
    const text = await items.first().innerText();
    assert.match(text, /^Kemp is with none of his units: the nearest of his side's units is 5 cm off \(he must be within 2 cm\)/);
    assert.equal(await warning.getAttribute('role'), 'status');
    await page.getByTestId('leader-alone-select').click();
    assert.match(await page.getByTestId('battle-selected').innerText(), /Kemp/);
    const reach = (kind) => el(page, 'battle-leader-reach', { leader: L.Kemp, kind });
    await reach('with').waitFor({ state: 'attached' });
    assert.equal(await reach('with').getAttribute('data-range'), '2');
    assert.equal(await reach('talk').getAttribute('data-range'), '5');
    assert.deepEqual(await axeSerious(page), []);
  });

  await step('the names of Dartois and Carl, side by side, do not overlap', async () => {
    const boxes = await umpire.page.locator('[data-testid="battle-leader-label"]').evaluateAll((els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return { name: e.textContent, l: r.left, r: r.right, t: r.top, b: r.bottom };
    }));
    const d = boxes.find((x) => x.name === 'Dartois');
    const c = boxes.find((x) => x.name === 'Carl');
    const overlap = d.l < c.r && c.l < d.r && d.t < c.b && c.t < d.b;
    assert.equal(overlap, false, `labels overlap: ${JSON.stringify({ d, c })}`);
  });

  await step('stacked: a tap selects Dartois, a second tap the Picardie under him, which then drags', async () => {
    const page = umpire.page;
    const map = page.getByTestId('battle-map');
    await map.scrollIntoViewIfNeeded();
    const at = await mapPosition(page, [120, 85]);
    const selected = page.getByTestId('battle-selected');
    await map.click({ position: { x: at.x, y: at.y } });
    await page.waitForFunction(() => /Dartois/.test(document.querySelector('[data-testid="battle-selected"]').textContent));
    await map.click({ position: { x: at.x, y: at.y } });
    await page.waitForFunction(() => /Picardie/.test(document.querySelector('[data-testid="battle-selected"]').textContent));
    await map.click({ position: { x: at.x, y: at.y } });
    await page.waitForFunction(() => /Dartois/.test(document.querySelector('[data-testid="battle-selected"]').textContent));
    await map.click({ position: { x: at.x, y: at.y } });
    await page.waitForFunction(() => /Picardie/.test(document.querySelector('[data-testid="battle-selected"]').textContent));
    assert.match(await selected.innerText(), /Picardie/);
    // Dragging from the same point now takes the Picardie, not the leader on top of it.
    const there = await mapPosition(page, [135, 85]);
    await page.mouse.move(at.cx, at.cy);
    await page.mouse.down();
    await page.mouse.move((at.cx + there.cx) / 2, at.cy, { steps: 4 });
    await page.mouse.move(there.cx, there.cy, { steps: 4 });
    await page.mouse.up();
    const b = await untilBattle(umpire, (x) => x.units.find((u) => u.id === U['Regiment de Picardie']).position[0] > 130, 'the Picardie moved');
    assert.deepEqual(b.leaders.find((l) => l.id === L.Dartois).position, [120, 85], 'Dartois stayed where he was');
    // Now Dartois and Carl stand apart from their regiment too: the warning says so at once.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="leader-alone"]').length === 3);
  });

  await step('after the start the umpire is still warned; the player\'s phone shows his distances and why he cannot order', async () => {
    const page = umpire.page;
    await page.getByTestId('battle-start').click();
    await untilBattle(umpire, (b) => b.status === 'cards', 'the first turn open');
    await el(page, 'leader-alone', { leader: L.Kemp }).waitFor();

    pa = await openUser(browser, server, { viewport: PHONE, hasTouch: true, isMobile: true }, { cookie: users.a.cookie, path: `/#/campaign/${campaign}/battle` });
    const p = pa.page;
    await el(p, 'battle-turn', { turn: 1 }).waitFor();
    await openSheet(p);
    assert.equal(await p.getByTestId('battle-leaders-alone').count(), 0, 'the warning is the umpire\'s');
    await el(p, 'battle-leader-reach', { leader: L.Kemp, kind: 'with' }).waitFor({ state: 'attached' });
    await el(p, 'card-option', { card: 'order.advance' }).click();
    const why = p.getByTestId('card-no-units');
    await why.waitFor();
    assert.match(await why.innerText(), /The nearest stands 5 cm from him; he must be within 2 cm\. The Move card takes him there\./);
    assert.equal(await p.getByTestId('card-play').isDisabled(), true);
    const box = await why.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width + 0.5, `the explanation fits the phone: ${JSON.stringify(box)}`);
  });

  await step('a Move beyond his 40 cm ride is refused in the form with the distances; inside it, Play is taken', async () => {
    const p = pa.page;
    await el(p, 'card-option', { card: 'move' }).click();
    const note = p.getByTestId('card-move-point');
    const map = p.getByTestId('battle-map');
    await map.scrollIntoViewIfNeeded();
    const far = await mapPosition(p, [40, 113]); // 80 cm up the table from Kemp
    await map.click({ position: { x: far.x, y: far.y } });
    await p.waitForFunction(() => /rides at most 40 cm/.test(document.querySelector('[data-testid="card-move-point"]').textContent));
    assert.match(await note.innerText(), /^That point is 8\d(\.\d)? cm away: your leader rides at most 40 cm\./);
    assert.equal(await p.getByTestId('card-play').isDisabled(), true, 'no Play for a point he cannot reach');
    assert.equal(await p.getByTestId('battle-move-target').count(), 0, 'no point marked beyond his reach');

    // On a phone the sheet opened again to say so; folded, the map is tapped again, and the sheet opens on the answer.
    await p.getByTestId('battle-sheet-toggle').click();
    const near = await mapPosition(p, [40, 36]);
    await map.click({ position: { x: near.x, y: near.y } });
    await el(p, 'battle-sheet', { open: 'true' }).waitFor();
    await p.waitForFunction(() => /^Ride to/.test(document.querySelector('[data-testid="card-move-point"]').textContent));
    await p.getByTestId('card-play').click();
    await p.getByTestId('card-played').waitFor();
    assert.deepEqual(await axeSerious(p), []);
    for (const u of [umpire, pa]) assert.deepEqual(u.pageErrors, []);
  });
});
