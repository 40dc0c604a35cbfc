// Chosen Men, Well Disposed in the browser (docs/protocol.md, "Chosen Men, Well Disposed"; web/rulesets/cmwd/).
// One real server; an umpire (a WebSocket client and a page), player A (the British) and player B (the French),
// each in his own browser context; every frame each page receives is recorded.
//
// The umpire creates the battle over WebSocket: one commander per side; for the British an infantry brigade (two
// Dutch bases) and a cavalry brigade, for the French an a prest infantry brigade and a cavalry brigade whose base X
// stands 11 cm (under 2 BW, bw 6) in front of the British horse F; the infantry face each other 5 cm apart (close
// range). Combat is stepped by the umpire (auto_run off), so that he gives the charge test's dice. In the pages:
// - the umpire's set-up form offers no Concealed box and adds a base with the book's values; the settings form
//   shows BW 6; his override sets the French tempo points (6), the British get 4 over WebSocket; his French army
//   generator rolls a cavalry division far up the table from a point clicked on the map;
// - B bids 2, withdraws, bids 3; A's page shows nothing of it (no amount, no "bid in"), and no frame A received
//   before the reveal holds the French bid or the French commander in the box;
// - A bids 1: both pages say the French have the tempo, with both bids;
// - B orders his cavalry brigade (2 TP: it did not move), declares X's charge at F and finishes; the umpire steps
//   the combat with the charge dice 6 (X) and 1 (F): B's page lists the charge test with its factors and dice
//   (9 against 4: F breaks before contact), and then A's page says the British may act.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper } from './lib/browser.mjs';
import { el, pageCaughtUp, viewsFrom, mapPoint } from './lib/battle.mjs';

const TABLE = { width: 180, depth: 120, measure: 'cm' };
const GENERATE_AT = [175, 112]; // the French generated line: far up the table, running right to left

const base = (side, owner, name, troop, brigade, position, values = {}) => ({
  side, owner, name, troop_type: troop, bases: 1, position, facing: side === 'british' ? 0 : 180, values: { brigade, quality: 'trained', ...values },
});

test('Chosen Men: a sealed tempo bid, the tempo side orders and charges, the charge test with its factors and dice', { timeout: 150000 }, async (t) => {
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
  const step = stepper(t, (name) => failureShots(`cmwd-${name.replace(/\W+/g, '_')}`, { umpire: umpire?.page, a: pa?.page, b: pb?.page }));
  const battleOf = (v) => v?.battles?.[String(battle)];
  const path = () => `/#/campaign/${campaign}/battle`;
  const caughtUp = async (u) => battleOf(await pageCaughtUp(u, U, campaign));

  async function openPage(key) {
    const u = await openUser(browser, server, {}, { cookie: users[key].cookie, path: path() });
    await waitForConnState(u.page, 'online');
    await waitForHash(u.page, `#/campaign/${campaign}/battle`);
    return u;
  }

  await step('the umpire\'s New battle form offers Chosen Men with a 180 x 120 cm table', async () => {
    const table = await battleTable(server, {
      name: 'Blenheim', umpire: uniqueName('cmu'), players: { a: uniqueName('cma'), b: uniqueName('cmb') }, subscribe: false,
    });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
    umpire = await openPage('umpire');
    const page = umpire.page;
    await page.getByTestId('battle-create-ruleset').waitFor();
    const offered = await page.getByTestId('battle-create-ruleset').locator('option').evaluateAll((os) => os.map((o) => o.value));
    assert.ok(offered.includes('cmwd'), `offered: ${offered}`);
    await page.getByTestId('battle-create-ruleset').selectOption('cmwd');
    assert.equal(await page.getByTestId('battle-create-width').inputValue(), '180');
    assert.equal(await page.getByTestId('battle-create-depth').inputValue(), '120');
  });

  await step('set-up over WebSocket: two commanders, two brigades a side, the French horse 11 cm before the British', async () => {
    const a = users.a.user;
    const b = users.b.user;
    battle = (await U.ok('battle.create', {
      campaign, name: 'Schellenberg', ruleset: 'cmwd', table: TABLE,
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      leaders: [
        { user: a, side: 'british', name: 'Lord Cutts', position: [90, 30], values: { brigade: '', rank: 'active', commander: true } },
        { user: b, side: 'french', name: 'Comte d\'Arco', position: [90, 90], values: { brigade: '', rank: 'active', commander: true } },
      ],
      units: [
        base('british', a, 'Ingoldsby\'s', 'infantry', 'bennington', [60, 50], { school: 'dutch' }),
        base('british', a, 'Orkney\'s', 'infantry', 'bennington', [66, 50], { school: 'dutch' }),
        base('british', a, 'Lumley\'s Horse F', 'horse', 'spriggs', [120, 50]),
        base('french', b, 'Regiment de Navarre', 'infantry', 'hautfront', [63, 55], { school: 'a_prest' }),
        base('french', b, 'Cuirassiers X', 'horse', 'malheureux', [120, 61]),
      ],
      settings: { bw: 6, auto_run: false },
    })).battle;
    await U.subscribe(campaign);
    const bt = battleOf(await U.waitForView(campaign, (v) => battleOf(v)?.units?.length === 5));
    for (const u of bt.units) ID[u.name.split(' ').pop()] = u.id;
    for (const l of bt.leaders) ID[l.side] = l.id;
    const x = bt.units.find((u) => u.id === ID.X);
    assert.equal(x.base_width, 6, 'a base is one BW wide');
    assert.equal(x.base_depth, 3, 'and one BD deep');
  });

  await step('the umpire\'s set-up: a base with the book\'s values; the settings show BW 6; the map\'s title gives the base', async () => {
    const page = umpire.page;
    await page.getByTestId('battle-setup').waitFor();
    assert.equal(await page.getByTestId('battle-unit-bases').inputValue(), '1', 'a base is a unit');
    // Chosen Men has no hidden troops (the umpire's view: conceals false): no Concealed box for a unit or a leader.
    for (const box of ['battle-unit-concealed', 'battle-leader-concealed']) assert.equal(await page.getByTestId(box).isVisible(), false, `no ${box}`);
    await page.getByTestId('battle-unit-name').fill('Rowe\'s');
    await page.getByTestId('battle-unit-side').selectOption('0');
    await page.getByTestId('battle-unit-type').selectOption('infantry');
    await page.getByTestId('battle-unit-brigade').fill('bennington');
    await page.getByTestId('battle-unit-quality').selectOption('veteran');
    await page.getByTestId('battle-unit-school').selectOption('dutch');
    await page.getByTestId('battle-unit-add').click();
    const bt = battleOf(await U.waitForView(campaign, (v) => (battleOf(v)?.units || []).some((u) => u.name === 'Rowe\'s')));
    const u = bt.units.find((x) => x.name === 'Rowe\'s');
    assert.equal(u.bases, 1);
    assert.deepEqual({ brigade: u.values.brigade, quality: u.values.quality, school: u.values.school }, { brigade: 'bennington', quality: 'veteran', school: 'dutch' });
    await U.ok('battle.remove', { campaign, battle, unit: u.id });
    assert.equal(await page.getByTestId('cmwd-setting-bw').inputValue(), '6');
    const g = el(page.getByTestId('battle-map'), 'battle-unit', { unit: ID.X, troop: 'horse' });
    await g.waitFor();
    assert.match(await g.locator('title').textContent(), /brigade malheureux · Trained · base 6 × 3/);
  });

  await step('the settings form offers every setting the server has for the book; a change reaches the server', async () => {
    const page = umpire.page;
    // The table's own settings (talk_cm, blocks_sight, terrain_movement, spot_cm, chat_closed, apply_losses) are no
    // book's form's; auto_run and turn_seconds are the form's first row under their own ids.
    const generic = new Set(['talk_cm', 'blocks_sight', 'terrain_movement', 'spot_cm', 'chat_closed', 'apply_losses', 'auto_run', 'turn_seconds']);
    const settings = battleOf(await U.waitForView(campaign, (v) => battleOf(v)?.settings)).settings;
    assert.ok('regiment_losses' in settings && 'heavier_cavalry' in settings, 'the server sends them');
    for (const k of Object.keys(settings).filter((x) => !generic.has(x))) {
      const n = await page.locator(`[data-testid^="cmwd-setting-${k.replace(/_/g, '-')}"]`).count();
      assert.ok(n > 0, `the form offers ${k}`);
    }
    assert.equal(await page.getByTestId('cmwd-setting-regiment-losses').inputValue(), 'broken 50, shaken 10, standing 0');
    // A name the server has not is the form's error, and nothing is sent.
    await page.getByTestId('cmwd-setting-regiment-losses').fill('broken 40, routed 20');
    await page.getByTestId('battle-settings-save').click();
    await page.getByTestId('battle-settings-error').filter({ hasText: 'there is no "routed"' }).waitFor();
    await page.getByTestId('cmwd-setting-regiment-losses').fill('broken 40, shaken 10, standing 0');
    await page.getByTestId('cmwd-setting-heavier-cavalry').selectOption('tester');
    await page.getByTestId('cmwd-setting-general-table-1').selectOption('active');
    await page.getByTestId('battle-settings-save').click();
    await page.getByTestId('battle-settings-saved').waitFor();
    const now = battleOf(await U.waitForView(campaign, (v) => battleOf(v)?.settings?.heavier_cavalry === 'tester')).settings;
    assert.deepEqual(now.regiment_losses, { broken: 40, shaken: 10, standing: 0 });
    assert.deepEqual(now.general_table, ['active', 'active', 'active', 'active', 'active', 'vigorous']);
    assert.equal(now.bw, 6, 'the rest as it was');
  });

  await step('the umpire\'s French army generator: a click on the map, a cavalry division rolled, every die in the log', async () => {
    const page = umpire.page;
    await page.getByTestId('cmwd-generator').locator('summary').click();
    const [x, y] = await mapPoint(page, GENERATE_AT, TABLE.depth);
    await page.mouse.click(x, y);
    await page.waitForFunction(() => document.querySelector('[data-testid="cmwd-generate-x"]').value !== '');
    const at = [Number(await page.getByTestId('cmwd-generate-x').inputValue()), Number(await page.getByTestId('cmwd-generate-y').inputValue())];
    assert.ok(Math.hypot(at[0] - GENERATE_AT[0], at[1] - GENERATE_AT[1]) < 2, `the map's point ${at}`);
    await page.getByTestId('cmwd-generate-division').selectOption('cavalry');
    await page.getByTestId('cmwd-generate-side').selectOption('french');
    await page.getByTestId('cmwd-generate-facing').fill('180');
    await page.getByTestId('cmwd-generate').click();
    await page.getByTestId('cmwd-generate-done').waitFor();
    const bt = battleOf(await U.waitForView(campaign, (v) => (battleOf(v)?.units || []).length > 5));
    const made = bt.units.filter((u) => /^fr\d+-cav-/.test(u.values?.brigade || ''));
    assert.ok(made.length > 0 && made.every((u) => u.side === 'french' && u.facing === 180), 'French cavalry bases');
    assert.ok(bt.log.some((l) => l.details?.test === 'generator' && typeof l.details.die === 'number'), 'a log line per die');
    await el(page, 'cmwd-test', { test: 'generator' }).first().waitFor();
  });

  await step('the battle starts; the umpire\'s override gives the French 6 tempo points, the British get 4', async () => {
    await U.ok('battle.start', { campaign, battle });
    const page = umpire.page;
    await page.getByTestId('battle-override').locator('summary').click();
    await page.getByTestId('battle-override-what').selectOption('tempo');
    await page.getByTestId('battle-override-target').selectOption('side:french');
    await page.getByTestId('battle-override-number').fill('6');
    await page.getByTestId('battle-override-reason').fill('the Elector\'s reinforcements');
    await page.getByTestId('battle-override-submit').click();
    await U.ok('battle.override', { campaign, battle, what: 'tempo', side: 'british', points: 4, reason: 'a long march' });
    await U.waitForView(campaign, (v) => battleOf(v)?.cmwd?.tempo?.french?.points === 6 && battleOf(v)?.cmwd?.tempo?.british?.points === 4);
    [pa, pb] = [await openPage('a'), await openPage('b')];
    await el(pa.page, 'cmwd-tempo-points', { points: 4 }).waitFor();
    await el(pb.page, 'cmwd-tempo-points', { points: 6 }).waitFor();
    for (const u of [pa, pb]) await el(u.page, 'cmwd-stage', { stage: 'bid' }).filter({ hasText: 'Game turn 1 — tempo bids' }).waitFor();
  });

  let sealedFrames;
  await step('B bids 2, withdraws and bids 3; A\'s page and frames have nothing of it', async () => {
    const page = pb.page;
    await page.getByTestId('cmwd-bid-input').fill('2');
    await page.getByTestId('cmwd-bid').click();
    await el(page, 'cmwd-bid-status', { bid: 2 }).filter({ hasText: 'Your bid: 2 — waiting for the other side' }).waitFor();
    await page.getByTestId('cmwd-withdraw').click();
    await page.getByTestId('cmwd-bid-input').waitFor();
    await page.getByTestId('cmwd-bid-input').fill('3');
    await page.getByTestId('cmwd-bid').click();
    await el(page, 'cmwd-bid-status', { bid: 3 }).waitFor();
    const ba = await caughtUp(pa);
    assert.equal(ba.cmwd.stage, 'bid', 'not revealed');
    assert.ok(!(ba.boxes?.orders?.submitted || []).includes(users.b.user), 'A\'s box names no French bidder');
    assert.deepEqual(ba.boxes?.orders?.items || [], [], 'A\'s box holds no item');
    assert.equal(await pa.page.getByTestId('cmwd-bid-status').isHidden(), true, 'no bid status on A\'s page');
    const text = await pa.page.getByTestId('cmwd-panel').innerText();
    assert.doesNotMatch(text, /French bid|waiting for the other side|[23] tempo points? bid/);
    sealedFrames = pa.frames.length;
    const leaked = pa.frames.filter((f) => /"bid":\s*[23]\b/.test(f));
    assert.deepEqual(leaked.map((f) => f.slice(0, 300)), [], 'no frame to A holds the French bid');
  });

  await step('A bids 1: both pages say the French have the tempo, with both bids; nothing leaked before the reveal', async () => {
    await pa.page.getByTestId('cmwd-bid-input').fill('1');
    await pa.page.getByTestId('cmwd-bid').click();
    for (const u of [pa, pb]) {
      await el(u.page, 'cmwd-tempo-side', { side: 'french' }).filter({ hasText: 'The French have the tempo.' }).waitFor();
      await el(u.page, 'cmwd-bid-item', { side: 'french', bid: 3 }).waitFor();
      await el(u.page, 'cmwd-bid-item', { side: 'british', bid: 1 }).waitFor();
    }
    // Every view A received before his own bid: no French bid, no French item or bidder in the box.
    for (const { view } of viewsFrom(pa.frames.slice(0, sealedFrames), campaign)) {
      const box = battleOf(view)?.boxes?.orders;
      assert.ok(!(box?.submitted || []).includes(users.b.user));
      assert.ok(!(box?.items || []).some((i) => i.user === users.b.user));
      assert.ok(battleOf(view)?.cmwd?.bids == null, 'no bids before the reveal');
      assert.ok(battleOf(view)?.cmwd?.tempo_side == null, 'no tempo side before the reveal');
    }
    await el(pb.page, 'cmwd-acting', { side: 'french', 'may-act': 'true' }).waitFor();
    await el(pa.page, 'cmwd-acting', { side: 'french', 'may-act': 'false' }).filter({ hasText: 'The French are moving.' }).waitFor();
    assert.equal(await pa.page.getByTestId('cmwd-act-form').isHidden(), true, 'nothing for A to do');
  });

  await step('B orders his cavalry (2 TP: it did not move), declares X\'s charge at F and finishes', async () => {
    const page = pb.page;
    const left = Number(await el(page, 'cmwd-tempo-left').getAttribute('data-left'));
    await el(page, 'cmwd-brigade', { brigade: 'malheureux', cost: 2, ordered: 'false' }).waitFor();
    await page.getByTestId('cmwd-order-malheureux').click();
    await el(page, 'cmwd-brigade', { brigade: 'malheureux', ordered: 'true' }).waitFor();
    await el(page, 'cmwd-tempo-left', { left: left - 2 }).waitFor();
    await page.getByTestId('cmwd-unit').selectOption(String(ID.X));
    await page.getByTestId('cmwd-action').selectOption('charge');
    await page.getByTestId('cmwd-target').selectOption(String(ID.F));
    await page.getByTestId('cmwd-act').click();
    await el(page, 'cmwd-declared-item', { unit: ID.X, action: 'charge', target: ID.F }).waitFor();
    await page.getByTestId('cmwd-done').click();
    await el(umpire.page, 'battle-status', { status: 'resolving' }).waitFor();
  });

  await step('the umpire steps the combat, the charge with dice 6 and 1: B\'s page shows the test, A\'s may act', async () => {
    for (let i = 0; i < 8; i += 1) {
      const bt = battleOf(await U.caughtUp(campaign));
      if (bt.status !== 'resolving') break;
      const body = { campaign, battle, turn: bt.turn, step: bt.next_step };
      if (bt.next_step === 'charges') body.dice = [6, 1];
      await U.ok('battle.step', body);
    }
    const page = pb.page;
    const item = el(page, 'cmwd-test', { test: 'charge' }).first();
    await item.waitFor();
    const sides = item.getByTestId('cmwd-test-side');
    assert.equal(await sides.count(), 2, 'the charger and the target');
    assert.ok(await item.getByTestId('cmwd-test-factor').count() >= 2, 'factors listed');
    assert.deepEqual(await item.getByTestId('cmwd-test-die').evaluateAll((ds) => ds.map((d) => d.dataset.die)), ['6', '1']);
    assert.equal(await sides.first().getAttribute('data-unit'), String(ID.X));
    // The book's test: 3 (cavalry) + 6 = 9 against the horse's defence 3 + 1 = 4; "Testers win by 5 or more.
    // Target breaks before contact."
    assert.deepEqual(await sides.evaluateAll((ss) => ss.map((x) => x.dataset.total)), ['9', '4']);
    assert.match(await sides.first().innerText(), /Cuirassiers X: 3 \(cavalry\) \+ die 6 = 9/);
    assert.match(await item.getByTestId('cmwd-test-result').innerText(), /the target breaks before contact/);
    assert.match(await item.innerText(), /difference 5/);
    await el(pb.page.getByTestId('battle-map'), 'battle-unit', { unit: ID.F }).getByTestId('battle-unit-broken').waitFor();
    // The details are folded under each line: opened, as a player who wants them would.
    await page.getByTestId('battle-log-fold').evaluateAll((ds) => ds.forEach((d) => { d.open = true; }));
    const log = await page.getByTestId('battle-log-item').allInnerTexts();
    assert.ok(log.some((l) => /test/i.test(l) && /sides/.test(l)), 'the shared log has the test\'s details');
    // One numbering, the game turn's (battle turn 2 is the first game turn's tempo side): the test's heading and
    // the server's line say it as the panel does.
    assert.match(await item.locator('.item-meta').innerText(), /^Game turn 1 — the tempo side moves and fights · /);
    assert.ok(log.some((l) => l.includes('Game turn 1: the French have moved: combat.')), 'the stage line names the game turn');
    await el(pa.page, 'cmwd-acting', { side: 'british', 'may-act': 'true' }).waitFor();
    await el(pb.page, 'cmwd-acting', { side: 'british', 'may-act': 'false' }).waitFor();
    for (const u of [pa, pb, umpire]) assert.deepEqual(u.pageErrors, []);
  });
});
