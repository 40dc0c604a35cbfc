// Border Reivers in the browser (docs/protocol.md, "Border Reivers"; web/rulesets/reivers/). One real server; an
// umpire (a WebSocket client and a page), player A (the Armstrongs, side a, whose bound comes first) and player B
// (the Grahams, side b), each in his own browser context; every frame each page receives is recorded.
//
// The umpire's New battle form offers the rule sets and fills in Border Reivers' table in paces. The umpire creates
// the raid over WebSocket: a wood and a marsh, one heidman per player (A's with good craft, so at least 3), a name of
// A's, and a name of B's placed concealed in the wood with 1 concealment point; the setting local_knowledge = b
// (side b rolls every area in secret at the start). In the umpire's page the set-up form adds a name with the book's
// values and the settings form shows the local knowledge. Then, in the real pages:
// - B's page marks the hidden name "in ambush" with its 1 concealment point (Units table, map badge); A's page has
//   nothing of it: no element, no text, no frame with its name or id.
// - The wood and the marsh are unknown ground to A ("? not yet ridden"), and known to B with the roll's own words.
// - A's craft is thrown as his bound opens; a search with more craft than he has left is refused in the page (nothing sent); a ride the
//   server refuses shows its message; a search of 2 detection points at the ambush (3 craft with the one for using
//   craft over range) finds it (concealment 1), and the name appears on A's page.
// - The umpire's overrides form tells every side the marsh's roll: A's page shows its words, the wood still unknown.
// - A finishes his bound: combat, then B's bound: B's page says he may act.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper } from './lib/browser.mjs';
import { el, pageCaughtUp, mapPoint } from './lib/battle.mjs';

const hex = () => randomBytes(5).toString('hex');
const TABLE = { width: 1500, depth: 1000, measure: 'paces' };
const WOOD = { kind: 'wood', name: 'Tarras Wood', shape: 'polygon', points: [[500, 400], [700, 400], [700, 600], [500, 600]] };
const MARSH = { kind: 'marsh', name: 'Solway Moss', shape: 'polygon', points: [[1000, 150], [1300, 150], [1300, 350], [1000, 350]] };
const AMBUSH_AT = [600, 500]; // in the wood; 360 paces from A's heidman: over his craft's range of 300, under 600

test('Border Reivers: an ambush and the secret terrain rolls stay with their side; a search with craft finds the ambush', { timeout: 120000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const NAME = `Grahams of Netherby ${hex()}`; // the ambushers: a name nothing else has
  let U;
  let users;
  let campaign;
  let battle;
  let umpire;
  let pa;
  let pb;
  const ID = {};
  const sentByA = []; // the commands A's page sends
  const step = stepper(t, (name) => failureShots(`reivers-${name.replace(/\W+/g, '_')}`, { umpire: umpire?.page, a: pa?.page, b: pb?.page }));
  const battleOf = (v) => v?.battles?.[String(battle)];
  const path = () => `/#/campaign/${campaign}/battle`;
  const caughtUp = async (u) => battleOf(await pageCaughtUp(u, U, campaign));

  async function openPage(key) {
    const u = await openUser(browser, server, {}, { cookie: users[key].cookie, path: path() });
    await waitForConnState(u.page, 'online');
    await waitForHash(u.page, `#/campaign/${campaign}/battle`);
    return u;
  }

  /** Nothing of the ambushers on A's page (text, SVG, attributes) nor in any frame it received. */
  async function assertHiddenFromA() {
    const b = await caughtUp(pa);
    assert.ok(!(b.units || []).some((x) => x.id === ID.ambush), 'A\'s view has no such name');
    const html = await pa.page.evaluate(() => document.documentElement.outerHTML);
    assert.ok(!html.includes(NAME), 'A\'s page has the name');
    assert.ok(!html.includes(String(ID.ambush)), 'A\'s page has its id');
    assert.equal(await el(pa.page, 'battle-unit', { unit: ID.ambush }).count(), 0);
    assert.equal(await pa.page.getByTestId('reivers-unit-ambush').count(), 0, 'nothing "in ambush" on A\'s page');
    assert.deepEqual(pa.frames.filter((f) => f.includes(NAME) || f.includes(String(ID.ambush))).map((f) => f.slice(0, 200)), []);
  }

  await step('the umpire\'s New battle form offers Border Reivers and fills in a table in paces', async () => {
    const table = await battleTable(server, {
      name: 'The West March', umpire: uniqueName('rvu'), players: { a: uniqueName('rva'), b: uniqueName('rvb') }, subscribe: false,
    });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
    umpire = await openPage('umpire');
    const page = umpire.page;
    await page.getByTestId('battle-create-ruleset').waitFor();
    const offered = await page.getByTestId('battle-create-ruleset').locator('option').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual(offered, ['oth', 'reivers', 'cmwd', 'lfas']);
    assert.equal(await page.getByTestId('battle-create-width').inputValue(), '180');
    await page.getByTestId('battle-create-ruleset').selectOption('reivers');
    assert.equal(await page.getByTestId('battle-create-width').inputValue(), '1500');
    assert.equal(await page.getByTestId('battle-create-depth').inputValue(), '1000');
    assert.equal(await page.getByLabel('Width (paces)').count(), 1, 'the width is labelled in paces');
  });

  await step('set-up over WebSocket: the raid, the ambush in the wood, local knowledge for side b', async () => {
    battle = (await U.ok('battle.create', {
      campaign, name: 'Hot Trod', ruleset: 'reivers', table: TABLE,
      sides: [{ id: 'a', name: 'Armstrongs' }, { id: 'b', name: 'Grahams' }],
      leaders: [
        { user: users.a.user, side: 'a', name: 'Kinmont Willie', position: [300, 300], values: { fyrebrand: 2, craft: 'good' } },
        { user: users.b.user, side: 'b', name: 'Richie Graham', position: [900, 800], values: { fyrebrand: 3, craft: 'average' } },
      ],
      terrain: [WOOD, MARSH],
      settings: { local_knowledge: 'b' },
    })).battle;
    await U.subscribe(campaign);
    const b0 = battleOf(await U.waitForView(campaign, (v) => battleOf(v)?.leaders?.length === 2));
    for (const l of b0.leaders) ID[l.side === 'a' ? 'willie' : 'richie'] = l.id;
    for (const f of b0.terrain) ID[f.kind] = f.id;
    await U.ok('battle.place', { campaign, battle, unit: { side: 'a', owner: users.a.user, name: 'Armstrongs of Mangerton', troop_type: 'rider', position: [300, 250], facing: 0, values: { heidman: ID.willie } } });
    await U.ok('battle.place', { campaign, battle, unit: { side: 'b', owner: users.b.user, name: NAME, troop_type: 'rider', position: AMBUSH_AT, facing: 180, concealed: true, markers: { concealment: 1 }, values: { heidman: ID.richie } } });
    const b = battleOf(await U.waitForView(campaign, (v) => battleOf(v)?.units?.length === 2));
    ID.mangerton = b.units.find((u) => u.side === 'a').id;
    ID.ambush = b.units.find((u) => u.name === NAME).id;
    assert.equal(b.units.find((u) => u.id === ID.ambush).markers.concealment, 1);
  });

  await step('the umpire\'s set-up form adds a name with the book\'s values; the settings form shows the local knowledge', async () => {
    const page = umpire.page;
    await page.getByTestId('battle-setup').waitFor();
    assert.equal(await page.getByTestId('battle-unit-bases').inputValue(), '1', 'a name is one base');
    await page.getByTestId('battle-unit-name').fill('Elliots of Redheugh');
    await page.getByTestId('battle-unit-side').selectOption('0');
    await page.getByTestId('battle-unit-type').selectOption('blade');
    await page.getByTestId('battle-unit-mounted').selectOption('false');
    await page.getByTestId('battle-unit-fyrebrand').fill('4');
    await page.getByTestId('battle-unit-heidman').selectOption(String(ID.willie));
    await page.getByTestId('battle-unit-add').click();
    const b = battleOf(await U.waitForView(campaign, (v) => (battleOf(v)?.units || []).some((u) => u.name === 'Elliots of Redheugh')));
    const u = b.units.find((x) => x.name === 'Elliots of Redheugh');
    assert.equal(u.troop_type, 'blade');
    assert.equal(u.bases, 1);
    assert.deepEqual(u.values, { mounted: false, fyrebrand: 4, heidman: ID.willie });
    assert.equal(await page.getByTestId('reivers-setting-local-knowledge').inputValue(), 'b');
    assert.equal(await page.getByTestId('reivers-setting-search-paces').inputValue(), '100');
    // A campaign regiment's losses by its name's end (setting regiment_losses): shown, and a change reaches the server.
    const losses = page.getByTestId('reivers-setting-regiment-losses');
    assert.equal(await losses.inputValue(), 'destroyed 50, fled 25, fleeing 10, standing 0');
    await losses.fill('destroyed 60, fled 25, fleeing 10, standing 0');
    await page.getByTestId('battle-settings-save').click();
    await page.getByTestId('battle-settings-saved').waitFor();
    const now = battleOf(await U.waitForView(campaign, (v) => battleOf(v)?.settings?.regiment_losses?.destroyed === 60)).settings;
    assert.equal(now.regiment_losses.fled, 25);
    await el(page.getByTestId('battle-map'), 'battle-unit', { unit: ID.ambush, concealed: 'true' }).waitFor();
  });

  await step('the raid starts; B\'s page marks its name in ambush with its concealment point, A\'s has nothing of it', async () => {
    await U.ok('battle.start', { campaign, battle });
    [pa, pb] = [await openPage('a'), await openPage('b')];
    for (const ws of pa.sockets) ws.on('framesent', (f) => sentByA.push(String(f.payload)));
    pa.page.on('websocket', (ws) => ws.on('framesent', (f) => sentByA.push(String(f.payload))));
    for (const u of [pa, pb, umpire]) await el(u.page, 'battle-turn', { turn: 1 }).waitFor();
    await el(pb.page, 'battle-status', { status: 'cards' }).filter({ hasText: 'Bound' }).waitFor();
    const row = el(pb.page, 'battle-unit-row', { unit: ID.ambush, concealed: 'true' });
    await row.filter({ hasText: NAME }).waitFor();
    const mark = row.getByTestId('reivers-unit-ambush');
    assert.equal(await mark.innerText(), 'in ambush, 1 concealment point');
    assert.equal(await mark.getAttribute('data-points'), '1');
    const g = el(pb.page.getByTestId('battle-map'), 'battle-unit', { unit: ID.ambush, concealed: 'true' });
    await g.waitFor();
    assert.equal(await g.getByTestId('battle-unit-ambush').getAttribute('data-value'), '1');
    assert.match(await g.locator('title').textContent(), /in ambush, 1 concealment point/);
    await assertHiddenFromA();
    // The other side's bound: B's heidman may not act, in the server's words.
    await el(pb.page, 'reivers-status', { 'may-act': 'false' }).filter({ hasText: 'Armstrongs bound' }).waitFor();
    assert.equal(await pb.page.getByTestId('reivers-act-form').isHidden(), true);
  });

  await step('the ground: unknown to A ("? not yet ridden"), known to B with the roll\'s words', async () => {
    const bb = await caughtUp(pb);
    const rolls = bb.terrain_rolls;
    assert.ok(rolls[String(ID.wood)] && rolls[String(ID.marsh)], 'side b knows both rolls');
    for (const f of ['wood', 'marsh']) {
      const note = el(pb.page.getByTestId('battle-map'), 'battle-terrain-note', { terrain: ID[f] });
      await note.waitFor();
      assert.equal(await note.getAttribute('data-known'), 'true');
      assert.equal(await note.textContent(), rolls[String(ID[f])].text);
      const item = el(pb.page, 'reivers-ground-item', { terrain: ID[f], known: 'true' });
      assert.match(await item.innerText(), new RegExp(`rolled ${rolls[String(ID[f])].roll}`));
    }
    const ba = await caughtUp(pa);
    assert.deepEqual(ba.terrain_rolls, {}, 'A\'s view has no roll');
    for (const f of ['wood', 'marsh']) {
      const note = el(pa.page.getByTestId('battle-map'), 'battle-terrain-note', { terrain: ID[f] });
      assert.equal(await note.getAttribute('data-known'), 'false');
      assert.equal(await note.textContent(), '? not yet ridden');
      assert.match(await el(pa.page, 'reivers-ground-item', { terrain: ID[f], known: 'false' }).innerText(), /not yet ridden/);
    }
  });

  let left;
  await step('A\'s craft is thrown as his bound opens ("thrown for at the start of each bound"): good craft, at least 3', async () => {
    const page = pa.page;
    await el(page, 'reivers-status', { 'may-act': 'true' }).waitFor();
    const craft = el(page, 'reivers-craft', { thrown: 'true' });
    await craft.waitFor();
    left = Number(await craft.getAttribute('data-left'));
    assert.ok(left >= 3 && left <= 6, `good craft: ${left}`);
    assert.equal((await caughtUp(pa)).craft[String(ID.willie)].left, left);
    assert.equal(await page.getByTestId('reivers-throw').isHidden(), true);
  });

  await step('a search that would overspend his craft is refused in the page: nothing is sent', async () => {
    const page = pa.page;
    const before = U.version(campaign);
    const sent = sentByA.length;
    await page.getByTestId('reivers-action').selectOption('detect');
    const [x, y] = await mapPoint(page, AMBUSH_AT, TABLE.depth);
    await page.mouse.click(x, y);
    await page.waitForFunction(() => document.querySelector('[data-testid="reivers-x"]').value !== '');
    const at = [Number(await page.getByTestId('reivers-x').inputValue()), Number(await page.getByTestId('reivers-y').inputValue())];
    assert.ok(Math.hypot(at[0] - AMBUSH_AT[0], at[1] - AMBUSH_AT[1]) < 15, `the map's point ${at}`);
    await page.getByTestId('reivers-spend').fill('12');
    assert.match(await page.getByTestId('reivers-cost').innerText(), /Costs 13 craft \(1 for using craft over range\)/);
    await page.getByTestId('reivers-act').click();
    const error = page.getByTestId('reivers-error');
    await error.waitFor();
    assert.match(await error.innerText(), new RegExp(`costs 13 craft; Kinmont Willie has ${left} left this bound. Nothing was sent.`));
    await U.ok('campaign.list', {});
    assert.equal(U.version(campaign), before, 'nothing changed');
    assert.deepEqual(sentByA.slice(sent).filter((f) => f.includes('battle.act')), [], 'no battle.act sent');
  });

  await step('a ride the server refuses: its message on A\'s page, nothing changed', async () => {
    const page = pa.page;
    const before = U.version(campaign);
    await page.getByTestId('reivers-action').selectOption('move_heidman');
    const [x, y] = await mapPoint(page, [1400, 900], TABLE.depth);
    await page.mouse.click(x, y);
    await page.waitForFunction(() => document.querySelector('[data-testid="reivers-x"]').value !== '');
    await page.getByTestId('reivers-act').click();
    await page.getByTestId('reivers-error').filter({ hasText: 'Kinmont Willie rides at most 200 paces in a bound.' }).waitFor();
    await U.ok('campaign.list', {});
    assert.equal(U.version(campaign), before, 'nothing changed');
  });

  await step('a search of 2 detection points finds the ambush: the name appears on A\'s page', async () => {
    const page = pa.page;
    await page.getByTestId('reivers-action').selectOption('detect');
    const [x, y] = await mapPoint(page, AMBUSH_AT, TABLE.depth);
    await page.mouse.click(x, y);
    await page.getByTestId('reivers-spend').fill('2');
    await page.getByTestId('reivers-cost').filter({ hasText: 'Costs 3 craft' }).waitFor();
    await page.getByTestId('reivers-act').click();
    await el(page.getByTestId('battle-map'), 'battle-unit', { unit: ID.ambush, side: 'b' }).waitFor();
    await el(page, 'battle-unit-row', { unit: ID.ambush }).filter({ hasText: NAME }).waitFor();
    assert.equal(await page.getByTestId('reivers-error').isHidden(), true);
    await el(page, 'reivers-search-item', { found: '1' }).filter({ hasText: NAME }).waitFor();
    const b = await caughtUp(pa);
    assert.equal(b.searches.length, 1);
    assert.deepEqual(b.searches[0].found, [ID.ambush]);
    assert.equal(await el(page, 'reivers-craft').getAttribute('data-left'), String(b.craft[String(ID.willie)].left));
    // An enemy name, found: drawn plainly, not as one of his own in ambush.
    assert.equal(await el(page, 'battle-unit', { unit: ID.ambush }).getAttribute('data-concealed'), null);
    // B's page: no longer in ambush.
    await el(pb.page, 'battle-unit-row', { unit: ID.ambush }).and(pb.page.locator(':not([data-concealed])')).waitFor();
    assert.equal(await pb.page.getByTestId('reivers-unit-ambush').count(), 0);
    // The ground is still unknown to A: his names have entered no area.
    assert.equal(await el(page, 'battle-terrain-note', { terrain: ID.wood }).getAttribute('data-known'), 'false');
  });

  await step('the umpire tells every side the marsh\'s roll with the overrides form: A\'s page shows its words', async () => {
    const page = umpire.page;
    await page.getByTestId('battle-override').locator('summary').click();
    await page.getByTestId('battle-override-what').selectOption('terrain');
    await page.getByTestId('battle-override-target').selectOption(`feature:${ID.marsh}`);
    await page.getByTestId('battle-override-reveal-to').selectOption('*');
    await page.getByTestId('battle-override-reason').fill('the Armstrongs have a guide from Canonbie');
    await page.getByTestId('battle-override-submit').click();
    const text = (await caughtUp(pb)).terrain_rolls[String(ID.marsh)].text;
    const note = el(pa.page, 'battle-terrain-note', { terrain: ID.marsh, known: 'true' });
    await note.waitFor();
    assert.equal(await note.textContent(), text);
    assert.equal(await el(pa.page, 'battle-terrain-note', { terrain: ID.wood }).getAttribute('data-known'), 'false', 'the wood is still unknown to A');
  });

  await step('A finishes his bound: combat, then the Grahams\' bound, in which B may act', async () => {
    await pa.page.getByTestId('reivers-finish').click();
    for (const u of [pa, pb, umpire]) await el(u.page, 'battle-turn', { turn: 2 }).waitFor();
    await el(pb.page, 'reivers-status', { 'may-act': 'true' }).filter({ hasText: 'Richie Graham may act now.' }).waitFor();
    await el(pb.page, 'reivers-bound', { side: 'b' }).waitFor();
    await el(pa.page, 'reivers-status', { 'may-act': 'false' }).waitFor();
    assert.equal(await pa.page.getByTestId('reivers-act-form').isHidden(), true);
    await umpire.page.getByTestId('battle-turn-info').filter({ hasText: 'Bound 2: the Grahams. 0 of 1 heidmen have finished.' }).waitFor();
    // The finished bounds are folded under the reveal's line: opened, as a player who wants them would.
    await pa.page.getByTestId('battle-log-fold').evaluateAll((ds) => ds.forEach((d) => { d.open = true; }));
    const log = await pa.page.getByTestId('battle-log-item').allInnerTexts();
    assert.ok(log.some((l) => /The Armstrongs bound ends: combat\./.test(l)), 'the reveal\'s line');
    // The reveal's line names the finished bound in the book's words.
    assert.ok(log.some((l) => /: has finished his bound/.test(l)), 'the finished bound in words');
    for (const u of [pa, pb, umpire]) assert.deepEqual(u.pageErrors, []);
  });
});
