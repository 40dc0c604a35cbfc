// Loose Files and American Scramble in the browser (docs/protocol.md, "Loose Files and American Scramble";
// web/rulesets/lfas/). One real server; an umpire (a WebSocket client and a page), player A (the British) and
// player B (the Americans), each in his own browser context; every frame each page receives is recorded.
//
// The umpire creates the battle over WebSocket (72 x 48 inches, orders_needed, auto_run off): A's commander-in-chief
// with the 33rd Foot (2nd class regulars) and the 17th Light Dragoons; B's commander-in-chief with the North
// Carolina Militia (4th class) 22" up the table. In the pages:
// - the umpire's set-up form offers no Concealed box and adds a unit and a commander with the book's values;
// - A's orders: the 33rd's movement (2 average dice to (33.25, 17.75)) with its DP risk; sent without an order it
//   is refused with the server's words on its card; the dragoons, 20" off, are not offered an order given directly
//   ("Orders given directly by a commander require the unit to be within 6" command range") until A adds a ride;
//   the server refuses that order as beyond 6" where the ride ends, beside the spending lines; A removes both,
//   orders the 33rd (1 CP: the budget goes down), sends, takes back and sends again;
// - a click on the 33rd on the map narrows A's panel to its block (the book's focus), "All units" shows them all;
// - B's page and every frame it received before the reveal hold nothing of A's orders; B orders and moves his
//   militia;
// - the umpire steps the seven phases, giving the movement dice 1, 6, 1: both pages show the movement tests with
//   their faces (the 33rd: average 2 and 5, 7", 1 DP), the DP badges, and turn 2 open for orders;
// - turn 2: Cornwallis rides to the 33rd and orders it to charge the militia with bayonets; stepped with the
//   umpire's dice, A's page shows the combat with each side's die, factors and total, the margin and results;
//   the umpire's override sets the dragoons' DPs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper } from './lib/browser.mjs';
import { el, pageCaughtUp, viewsFrom, mapPoint } from './lib/battle.mjs';

const TABLE = { width: 72, depth: 48, measure: 'inches' };
const TO = [33.25, 17.75]; // where the 33rd goes: unusual, so that a leak of A's orders is easy to find
const RIDE_AT = [20, 10]; // a ride picked on the map, then removed

const unit = (side, owner, name, troop, position, values, bases = 4) => ({
  side, owner, name, troop_type: troop, bases, position, facing: side === 'british' ? 0 : 180, values,
});

test('Loose Files: sealed orders with movement dice, DP risk and command points; the turn stepped with the umpire\'s dice', { timeout: 180000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  let U;
  let users;
  let campaign;
  let battle;
  let umpire;
  let pa;
  let pb;
  const ID = {};
  const step = stepper(t, (name) => failureShots(`lfas-${name.replace(/\W+/g, '_')}`, { umpire: umpire?.page, a: pa?.page, b: pb?.page }));
  const battleOf = (v) => v?.battles?.[String(battle)];
  const path = () => `/#/campaign/${campaign}/battle`;
  const card = (page, id) => el(page, 'lfas-unit', { unit: id });

  async function openPage(key) {
    const u = await openUser(browser, server, {}, { cookie: users[key].cookie, path: path() });
    await waitForConnState(u.page, 'online');
    await waitForHash(u.page, `#/campaign/${campaign}/battle`);
    return u;
  }

  await step('the umpire\'s New battle form offers Loose Files with a 72 x 48 inch table', async () => {
    const table = await battleTable(server, {
      name: 'The Carolinas', umpire: uniqueName('lfu'), players: { a: uniqueName('lfa'), b: uniqueName('lfb') }, subscribe: false,
    });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
    umpire = await openPage('umpire');
    const page = umpire.page;
    await page.getByTestId('battle-create-ruleset').waitFor();
    await page.getByTestId('battle-create-ruleset').selectOption('lfas');
    assert.equal(await page.getByTestId('battle-create-width').inputValue(), '72');
    assert.equal(await page.getByTestId('battle-create-depth').inputValue(), '48');
    assert.equal(await page.getByTestId('battle-create-side-b').inputValue(), 'Americans');
  });

  await step('set-up over WebSocket: a commander-in-chief a side, the 33rd and the dragoons, the militia up the table', async () => {
    const a = users.a.user;
    const b = users.b.user;
    battle = (await U.ok('battle.create', {
      campaign, name: 'Guilford Courthouse', ruleset: 'lfas', table: TABLE,
      sides: [{ id: 'british', name: 'British' }, { id: 'americans', name: 'Americans' }],
      leaders: [
        { user: a, side: 'british', name: 'Lord Cornwallis', position: [30, 4], values: { role: 'c_in_c' } },
        { user: b, side: 'americans', name: 'Nathanael Greene', position: [36, 34], values: { role: 'c_in_c' } },
      ],
      units: [
        unit('british', a, '33rd Foot', 'infantry', [30, 8], { class: 2, kind: 'regular', regular: true }),
        unit('british', a, '17th Light Dragoons', 'cavalry', [50, 8], { class: 2 }, 3),
        unit('americans', b, 'North Carolina Militia', 'infantry', [36, 30], { class: 4, kind: 'militia' }),
      ],
      settings: { orders_needed: true, auto_run: false },
    })).battle;
    await U.subscribe(campaign);
    const bt = battleOf(await U.waitForView(campaign, (v) => battleOf(v)?.units?.length === 3));
    for (const u of bt.units) ID[u.name.split(' ')[0]] = u.id; // 33rd, 17th, North
    for (const l of bt.leaders) ID[l.side] = l.id;
    assert.equal(bt.settings.orders_needed, true);
  });

  await step('the umpire\'s set-up: a unit and a commander with the book\'s values; the settings form', async () => {
    const page = umpire.page;
    await page.getByTestId('battle-setup').waitFor();
    assert.equal(await page.getByTestId('battle-unit-bases').inputValue(), '4', 'four companies');
    // Loose Files has no hidden troops (the umpire's view: conceals false): no Concealed box for a unit or a leader.
    for (const box of ['battle-unit-concealed', 'battle-leader-concealed']) assert.equal(await page.getByTestId(box).isVisible(), false, `no ${box}`);
    await page.getByTestId('battle-unit-name').fill('Tarleton\'s Legion');
    await page.getByTestId('battle-unit-side').selectOption('0');
    await page.getByTestId('battle-unit-type').selectOption('cavalry');
    await page.getByTestId('battle-unit-bases').fill('3');
    await page.getByTestId('battle-unit-class').selectOption('1');
    await page.getByTestId('battle-unit-add').click();
    const bt = battleOf(await U.waitForView(campaign, (v) => (battleOf(v)?.units || []).some((u) => u.name === 'Tarleton\'s Legion')));
    const legion = bt.units.find((u) => u.name === 'Tarleton\'s Legion');
    assert.equal(legion.values.class, 1);
    assert.equal(legion.values.weapon, undefined, 'cavalry carry no musket value');
    await U.ok('battle.remove', { campaign, battle, unit: legion.id });
    assert.equal(await page.getByTestId('lfas-setting-orders-needed').isChecked(), true);
    assert.equal(await page.getByTestId('lfas-setting-sequence').inputValue(), 'simultaneous');
    const g = el(page.getByTestId('battle-map'), 'battle-unit', { unit: ID['33rd'], troop: 'infantry' });
    await g.waitFor();
    assert.match(await g.locator('title').textContent(), /2nd class · Regular · 0 DPs · 0 casualties/);
  });

  await step('the battle starts: both players may write orders; A sees his commander\'s points', async () => {
    await U.ok('battle.start', { campaign, battle });
    [pa, pb] = [await openPage('a'), await openPage('b')];
    for (const u of [pa, pb]) await el(u.page, 'lfas-status', { state: 'writing' }).waitFor();
    const cp = pa.page.getByTestId('lfas-cp');
    await cp.waitFor();
    const points = Number(await cp.getAttribute('data-points'));
    assert.ok(points >= 3 && points <= 6, `an average die + 1: ${points}`);
    assert.equal(await card(pa.page, ID.North).count(), 0, 'no card for an enemy unit');
    assert.equal(await card(pb.page, ID['33rd']).count(), 0);
  });

  let left;
  await step('A: the 33rd moves with 2 average dice to (33.25, 17.75), the DP risk shown; without an order it is refused', async () => {
    const page = pa.page;
    const c = card(page, ID['33rd']);
    await c.getByTestId('lfas-move-kind').selectOption('move');
    await c.getByTestId('lfas-av').selectOption('2');
    assert.deepEqual(await c.getByTestId('lfas-av').locator('option').evaluateAll((os) => os.map((o) => o.value)), ['1', '2'], 'a 2nd class unit: one or two average dice');
    await c.getByTestId('lfas-to-x').fill(String(TO[0]));
    await c.getByTestId('lfas-to-y').fill(String(TO[1]));
    await el(c, 'lfas-risk', { risk: '0.33' }).filter({ hasText: 'risk: about 0.3 DP (each average die 1 in 6)' }).waitFor();
    await c.getByTestId('lfas-av').selectOption('1');
    await el(c, 'lfas-risk', { risk: '0.17' }).waitFor();
    await c.getByTestId('lfas-av').selectOption('2');
    assert.equal(await c.getByTestId('lfas-no-order').isVisible(), true, 'warned: no order reaches it');
    assert.match(await page.getByTestId('lfas-summary').innerText(), /Move: 33rd Foot with 2 average dice toward \(33\.25, 17\.75\)/);
    await page.getByTestId('lfas-send').click();
    // The refusal beside the control that caused it: the 33rd's card.
    await c.getByTestId('lfas-unit-error').filter({ hasText: /^Move 1: 33rd Foot has no order/ }).waitFor();
    assert.equal(await page.getByTestId('lfas-error').isHidden(), true, 'not on the panel\'s line');
    await el(page, 'lfas-status', { state: 'writing' }).waitFor();
  });

  await step('a click on the 33rd on the map narrows A\'s panel to its block; All units shows every block again', async () => {
    const page = pa.page;
    const [x, y] = await mapPoint(page, [30, 7.6], TABLE.depth);
    await page.mouse.click(x, y);
    // Cornwallis stands near: the bar of the pieces under the click names both; his leader first (everything shown).
    await el(page, 'battle-map-piece', { kind: 'unit', id: ID['33rd'] }).click();
    await el(page, 'lfas-panel', { focus: ID['33rd'] }).waitFor();
    assert.equal(await card(page, ID['33rd']).isVisible(), true);
    assert.equal(await card(page, ID['17th']).isHidden(), true, 'the dragoons\' block is hidden');
    assert.equal(await page.getByTestId('lfas-summary').isHidden(), true);
    assert.equal(await page.getByTestId('lfas-send').isVisible(), true, 'Send stays');
    assert.equal(await page.getByTestId('lfas-command').isVisible(), true, 'the command points stay');
    await page.getByTestId('lfas-focus-all').click();
    await el(page, 'lfas-panel', { focus: '' }).waitFor();
    await card(page, ID['17th']).waitFor();
    assert.equal(await page.getByTestId('lfas-focus-all').isHidden(), true);
    assert.equal(await page.getByTestId('lfas-summary').isVisible(), true);
  });

  await step('A picks a ride on the map and removes it, orders the 33rd (1 CP): the budget goes down', async () => {
    const page = pa.page;
    const budget = page.getByTestId('lfas-budget');
    left = Number(await page.getByTestId('lfas-cp').getAttribute('data-left'));
    assert.equal(await budget.getAttribute('data-left'), String(left));
    await page.getByTestId('lfas-spend').selectOption('move');
    await page.getByTestId('lfas-spend-dice').selectOption('2');
    await el(page, 'lfas-spend-cost', { cost: 2 }).waitFor();
    // The dragoons are 20" from Cornwallis: listed, not offered, with the reason (the server's lfas.units hint).
    await page.getByTestId('lfas-spend').selectOption('order');
    const dragoons = el(page, 'lfas-spend-unit-label', { unit: ID['17th'] });
    assert.equal(await dragoons.getAttribute('data-range'), 'out');
    assert.match(await dragoons.innerText(), /17th Light Dragoons — out of range: \d+(\.\d+)?" from Lord Cornwallis; an order given directly needs it within 6"/);
    assert.equal(await el(page, 'lfas-spend-unit-check', { unit: ID['17th'] }).isDisabled(), true);
    assert.equal(await el(page, 'lfas-spend-unit-label', { unit: ID['33rd'] }).getAttribute('data-range'), 'in');
    await page.getByTestId('lfas-spend').selectOption('move');
    await page.getByTestId('lfas-spend-pick').click();
    const [x, y] = await mapPoint(page, RIDE_AT, TABLE.depth);
    await page.mouse.click(x, y);
    await page.waitForFunction(() => document.querySelector('[data-testid="lfas-spend-x"]').value !== '');
    const at = [Number(await page.getByTestId('lfas-spend-x').inputValue()), Number(await page.getByTestId('lfas-spend-y').inputValue())];
    assert.ok(Math.hypot(at[0] - RIDE_AT[0], at[1] - RIDE_AT[1]) < 1, `the map's point ${at}`);
    await page.getByTestId('lfas-spend-add').click();
    await el(page, 'lfas-budget', { left: left - 2, spent: 2 }).waitFor();
    // With a ride in his lines the dragoons may be ticked: the server judges them where the ride ends, and refuses.
    await page.getByTestId('lfas-spend').selectOption('order');
    await el(page, 'lfas-spend-unit-label', { unit: ID['17th'], range: 'ride' }).waitFor();
    await el(page, 'lfas-spend-unit-check', { unit: ID['17th'] }).check();
    await page.getByTestId('lfas-spend-add').click();
    await el(page, 'lfas-budget', { left: left - 3, spent: 3 }).waitFor();
    await page.getByTestId('lfas-send').click();
    await page.getByTestId('lfas-command-error').filter({ hasText: /^Command 2: 17th Light Dragoons would be \d+\.?\d*" from Lord Cornwallis where his ride ends: orders given directly need it within 6"\.$/ }).waitFor();
    await el(page, 'lfas-spending-item', { spend: 'order', refused: 'true' }).waitFor();
    await el(page, 'lfas-status', { state: 'writing' }).waitFor();
    assert.equal(Number(await page.getByTestId('lfas-cp').getAttribute('data-left')), left, 'no point spent');
    await el(page, 'lfas-spending-item', { spend: 'order', cost: 1 }).getByTestId('lfas-spending-remove').click();
    await page.getByTestId('lfas-command-error').waitFor({ state: 'hidden' });
    await el(page, 'lfas-spending-item', { spend: 'move', cost: 2 }).getByTestId('lfas-spending-remove').click();
    await el(page, 'lfas-budget', { left, spent: 0 }).waitFor();
    await el(page, 'lfas-spend-unit-label', { unit: ID['17th'], range: 'out' }).waitFor();
    await page.getByTestId('lfas-spend').selectOption('order');
    await el(page, 'lfas-spend-unit-check', { unit: ID['33rd'] }).check();
    await page.getByTestId('lfas-spend-add').click();
    await el(page, 'lfas-spending-item', { spend: 'order', cost: 1 }).filter({ hasText: 'Order 33rd Foot (1 CP)' }).waitFor();
    await el(page, 'lfas-budget', { left: left - 1, spent: 1 }).waitFor();
    assert.equal(await card(page, ID['33rd']).getByTestId('lfas-no-order').isHidden(), true, 'ordered now');
    const summary = await page.getByTestId('lfas-summary-item').evaluateAll((ls) => ls.map((l) => [l.dataset.kind, l.textContent]));
    assert.deepEqual(summary, [
      ['command', 'Command points: Order 33rd Foot (1 CP)'],
      ['move', 'Move: 33rd Foot with 2 average dice toward (33.25, 17.75) (risk: about 0.3 DP)'],
    ]);
  });

  await step('A sends, takes back and sends again; the orders stay in the form', async () => {
    const page = pa.page;
    await page.getByTestId('lfas-send').click();
    await el(page, 'lfas-status', { state: 'sent' }).filter({ hasText: 'Your orders are in — waiting for the other side' }).waitFor();
    assert.equal(await page.getByTestId('lfas-orders').isHidden(), true);
    await page.getByTestId('lfas-withdraw').click();
    await el(page, 'lfas-status', { state: 'writing' }).waitFor();
    assert.equal(await card(page, ID['33rd']).getByTestId('lfas-to-x').inputValue(), String(TO[0]));
    await page.getByTestId('lfas-send').click();
    await el(page, 'lfas-status', { state: 'sent' }).waitFor();
    const ba = battleOf(await pageCaughtUp(pa, U, campaign));
    const mine = ba.boxes.orders.items.find((i) => i.user === users.a.user);
    assert.deepEqual(mine.item.move, [{ unit: ID['33rd'], av: 2, d6: 0, plus_two: false, to: TO }]);
    assert.deepEqual(mine.item.command.map((c) => [c.spend, c.units]), [['order', [ID['33rd']]]]);
  });

  let sealed;
  await step('B\'s page and frames hold nothing of A\'s orders; B orders and moves his militia', async () => {
    const page = pb.page;
    const bb = battleOf(await pageCaughtUp(pb, U, campaign));
    assert.ok(!(bb.boxes?.orders?.items || []).some((i) => i.user === users.a.user), 'no item of A in B\'s box');
    const text = await page.getByTestId('lfas-panel').innerText();
    assert.doesNotMatch(text, /33\.25|17\.75|33rd Foot with/);
    sealed = pb.frames.length;
    const leaked = pb.frames.filter((f) => f.includes('33.25') || f.includes('17.75'));
    assert.deepEqual(leaked.map((f) => f.slice(0, 300)), [], 'no frame to B holds A\'s destination');
    const c = card(page, ID.North);
    assert.deepEqual(await c.getByTestId('lfas-av').locator('option').evaluateAll((os) => os.map((o) => o.value)), ['1'], '4th class: one average die');
    await page.getByTestId('lfas-spend').selectOption('order');
    await el(page, 'lfas-spend-unit-check', { unit: ID.North }).check();
    await page.getByTestId('lfas-spend-add').click();
    await c.getByTestId('lfas-move-kind').selectOption('move');
    await c.getByTestId('lfas-to-x').fill('36');
    await c.getByTestId('lfas-to-y').fill('26');
    await page.getByTestId('lfas-send').click();
    await el(umpire.page, 'battle-status', { status: 'resolving' }).waitFor();
    for (const { view } of viewsFrom(pb.frames.slice(0, sealed), campaign)) {
      assert.ok(!(battleOf(view)?.boxes?.orders?.items || []).some((i) => i.user === users.a.user), 'A\'s orders sealed');
    }
  });

  await step('the umpire steps the seven phases, the movement dice 1, 6, 1: both pages show the tests, DPs and turn 2', async () => {
    const steps = [];
    for (let i = 0; i < 10; i += 1) {
      const bt = battleOf(await U.caughtUp(campaign));
      if (bt.status !== 'resolving') break;
      steps.push(bt.next_step);
      const body = { campaign, battle, turn: bt.turn, step: bt.next_step };
      // A's two average dice and B's one (in the box's order): each side's move has one low face whatever the order.
      if (bt.next_step === 'movement') body.dice = [1, 6, 1];
      await U.ok('battle.step', body);
    }
    assert.deepEqual(steps, ['fire', 'command', 'movement', 'combat', 'redress', 'retreats', 'morale']);
    for (const u of [pa, pb]) {
      const page = u.page;
      const ours = el(page, 'lfas-test', { test: 'movement', unit: ID['33rd'] });
      await ours.waitFor();
      assert.deepEqual(await ours.getByTestId('lfas-test-die').evaluateAll((ds) => ds.map((d) => `${d.dataset.kind} ${d.dataset.die}`).sort()), ['average 2', 'average 5']);
      assert.match(await ours.innerText(), /= 7"; 1 DP\./);
      const theirs = el(page, 'lfas-test', { test: 'movement', unit: ID.North });
      assert.deepEqual(await theirs.getByTestId('lfas-test-die').evaluateAll((ds) => ds.map((d) => d.dataset.die)), ['2']);
      const map = page.getByTestId('battle-map');
      await el(el(map, 'battle-unit', { unit: ID['33rd'] }), 'battle-unit-dp', { value: 1 }).waitFor();
      await el(el(map, 'battle-unit', { unit: ID.North }), 'battle-unit-dp', { value: 1 }).waitFor();
      assert.equal(await el(map, 'battle-unit', { unit: ID['17th'] }).getByTestId('battle-unit-dp').count(), 0, 'the dragoons stood: no DP');
      // DPs and casualties are public; the class and speed are A's to know.
      const row = el(page, 'battle-unit-row', { unit: ID['33rd'] });
      assert.match(await row.innerText(), u === pa ? /2nd class\s+1\s+0\s+moved with 2 dice/ : /\s1\s+0\s/);
      await el(page, 'battle-turn', { turn: 2 }).waitFor();
      await el(page, 'lfas-status', { state: 'writing' }).filter({ hasText: 'Turn 2: write your orders' }).waitFor();
      // The dice are folded under each line: opened, as a player who wants them would.
      await page.getByTestId('battle-log-fold').evaluateAll((ds) => ds.forEach((d) => { d.open = true; }));
      const log = await page.getByTestId('battle-log-item').allInnerTexts();
      assert.ok(log.some((l) => /33rd Foot moves 7"/.test(l) && /faces/.test(l)), 'the shared log has the movement line with its dice');
    }
    const x = Number(await el(pa.page.getByTestId('battle-map'), 'battle-unit', { unit: ID['33rd'] }).getAttribute('data-x'));
    assert.ok(Math.abs(x - (30 + 3.25 * 7 / Math.hypot(3.25, 9.75))) < 0.05, `7" toward (33.25, 17.75): x ${x}`);
    // A new turn: a clean sheet and the new points.
    assert.equal(await card(pa.page, ID['33rd']).getByTestId('lfas-move-kind').inputValue(), '');
    assert.equal(await pa.page.getByTestId('lfas-spending-item').count(), 0);
  });

  await step('turn 2: Cornwallis rides and orders the 33rd to charge with bayonets; the combat with its factors and totals', async () => {
    const page = pa.page;
    await page.getByTestId('lfas-spend').selectOption('move');
    await page.getByTestId('lfas-spend-dice').selectOption('2');
    await page.getByTestId('lfas-spend-x').fill('32');
    await page.getByTestId('lfas-spend-y').fill('12');
    await page.getByTestId('lfas-spend-add').click();
    await page.getByTestId('lfas-spend').selectOption('order');
    await el(page, 'lfas-spend-unit-check', { unit: ID['33rd'] }).check();
    await page.getByTestId('lfas-spend-add').click();
    const c = card(page, ID['33rd']);
    await c.getByTestId('lfas-move-kind').selectOption('charge');
    await c.getByTestId('lfas-av').selectOption('2');
    await c.getByTestId('lfas-charge').selectOption(String(ID.North));
    await c.getByTestId('lfas-bayonet').check();
    await page.getByTestId('lfas-send').click();
    await el(page, 'lfas-status', { state: 'sent' }).waitFor();
    await pb.page.getByTestId('lfas-send').click(); // B's orders: none
    await el(umpire.page, 'battle-status', { status: 'resolving' }).waitFor();
    // The ride (5 + 5, he stops at the point), the charge (5 + 5: no DP), the combat's average dice (5 and 2).
    const dice = { command: [6, 6], movement: [6, 6], combat: [6, 1] };
    for (let i = 0; i < 10; i += 1) {
      const bt = battleOf(await U.caughtUp(campaign));
      if (bt.status !== 'resolving') break;
      await U.ok('battle.step', { campaign, battle, turn: bt.turn, step: bt.next_step, ...(dice[bt.next_step] ? { dice: dice[bt.next_step] } : {}) });
    }
    const item = el(page, 'lfas-test', { test: 'combat' });
    await item.waitFor();
    const sides = item.getByTestId('lfas-test-side');
    // "+3 per training grade above the opponent" (2nd class against 4th), "-2 per DP", bayonet +2.
    assert.deepEqual(await sides.evaluateAll((ss) => ss.map((x) => [x.dataset.side, x.dataset.total])), [['attackers', '11'], ['defender', '0']]);
    const factors = await item.getByTestId('lfas-test-factor').evaluateAll((fs) => fs.map((f) => `${f.dataset.why} ${f.dataset.value}`));
    assert.deepEqual(factors.sort(), ['33rd Foot DPs -2', 'North Carolina Militia DPs -2', 'bayonet attack 2', 'training 6']);
    assert.match(await sides.first().innerText(), /Attackers \(33rd Foot\): die 5 − 2 \(33rd Foot DPs\) \+ 6 \(training\) \+ 2 \(bayonet attack\) = 11/);
    const result = item.getByTestId('lfas-test-result');
    assert.equal(await result.getAttribute('data-margin'), '11');
    assert.match(await result.innerText(), /Margin \+11: the attackers: easy victory; the defender: routed\./);
    const ride = el(page, 'lfas-test', { test: 'commander_move' });
    assert.deepEqual(await ride.getByTestId('lfas-test-die').evaluateAll((ds) => ds.map((d) => d.dataset.die)), ['5', '5']);
    await el(page, 'battle-turn', { turn: 3 }).waitFor();
    // The umpire's override form: the dragoons' DPs, shown on A's map.
    const up = umpire.page;
    await up.getByTestId('battle-override').locator('summary').click();
    await up.getByTestId('battle-override-what').selectOption('dp');
    await up.getByTestId('battle-override-target').selectOption(`unit:${ID['17th']}`);
    await up.getByTestId('battle-override-number').fill('3');
    await up.getByTestId('battle-override-reason').fill('a long march in the rain');
    await up.getByTestId('battle-override-submit').click();
    await el(el(page.getByTestId('battle-map'), 'battle-unit', { unit: ID['17th'] }), 'battle-unit-dp', { value: 3 }).waitFor();
    for (const u of [pa, pb, umpire]) assert.deepEqual(u.pageErrors, []);
  });
});
