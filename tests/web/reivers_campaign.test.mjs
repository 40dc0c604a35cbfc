// Border Reivers over a string of raids in the browser (docs/protocol.md, "Scenarios and strings of battles";
// web/umpire/battle_create_from.js, battle_save_scenario.js, web/rulesets/reivers/raids.js). One real server; an
// umpire (a WebSocket client and a page), player A and player B, each in his own browser context; every frame each
// page receives is recorded.
// - The umpire's New battle form starts from the book's scenario "The ambush of a returning raid": its description
//   shown, a seat for each heidman; A sits on Richie Graham (the Grahams, the raiders), B on Wat Scott of Harden (the
//   Scots, who lie in ambush), Wat Graham on nobody. The server seats them; the umpire starts the raid on the page.
// - Both players' pages show the raid; B's page marks his names in ambush; A's has nothing of them: no element, no
//   text, no frame with their names or ids.
// - The umpire saves the set-up as a scenario from the console: it is listed in the New battle form (with its
//   description and empty seats), and no player's frame carries it (scenarios are the umpires').
// - The umpire ends the raid (battle.end over WebSocket): A's Raids page lists the Grahams' names, standing, not
//   taken, with their heidmen unhurt, as the view's battle_books.reivers has them, and nothing of the Scots in
//   ambush; B's page lists his own names too.
// - The form carries a second raid on from the first (no scenario: the first raid's table, sides and survivors);
//   once it ends, the Raids pages show each name's two raids, and the Scots' second raid (no longer hidden) to A.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName, connect } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper } from './lib/browser.mjs';
import { el, pageCaughtUp } from './lib/battle.mjs';

const hex = () => randomBytes(5).toString('hex');
const GRAHAMS = ['Grahams of Netherby', 'Stolen kine', 'Grahams of Esk'];
const HIDDEN = ['Scotts', 'Harden\'s bows']; // the Scots' names in ambush (shared/rulesets/reivers/scenarios.cpp)

test('Border Reivers in a campaign: a raid from a scenario with seats, a saved scenario, the Raids page, a raid carried on', { timeout: 180000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const RAID = `Tarras Moss ${hex()}`;
  const SAVED = { name: `Tarras again ${hex()}`, description: `The ambush as it stood at the first bound ${hex()}.` };
  let U;
  let users;
  let campaign;
  let battle;
  let second;
  let umpire;
  let pa;
  let pb;
  const hiddenIds = [];
  const step = stepper(t, (name) => failureShots(`reivers-campaign-${name.replace(/\W+/g, '_')}`, { umpire: umpire?.page, a: pa?.page, b: pb?.page }));
  const battleOf = (v, id = battle) => v?.battles?.[String(id)];

  async function openPage(key, tab) {
    const u = await openUser(browser, server, {}, { cookie: users[key].cookie, path: `/#/campaign/${campaign}/${tab}` });
    await waitForConnState(u.page, 'online');
    await waitForHash(u.page, `#/campaign/${campaign}/${tab}`);
    return u;
  }

  /** The Raids page's names, as the page shows them: {name: {side, rows: [{battle, state, taken, cells}]}}. */
  async function raidsOnPage(page) {
    await page.getByTestId('tab-raids').click();
    await page.getByTestId('reivers-raids').waitFor();
    return page.getByTestId('reivers-raids-name').evaluateAll((items) => Object.fromEntries(items.map((i) => [i.dataset.name, {
      side: i.dataset.side,
      rows: [...i.querySelectorAll('[data-testid="reivers-raids-row"]')].map((r) => ({
        battle: Number(r.dataset.battle), state: r.dataset.state, taken: r.dataset.taken === 'true', cells: [...r.cells].map((c) => c.textContent),
      })),
    }])));
  }

  /** The page's Raids names match the view's battle_books.reivers the page received, row for row. */
  function assertRaidsAsView(shown, view) {
    const names = view.battle_books.reivers.names;
    assert.deepEqual(Object.keys(shown).sort(), names.map((n) => n.name).sort());
    for (const n of names) {
      assert.equal(shown[n.name].side, n.side);
      assert.deepEqual(shown[n.name].rows.map((r) => [r.battle, r.state, r.taken]), n.raids.map((r) => [r.battle, r.state, r.taken]));
    }
  }

  await step('the New battle form starts from the scenario "The ambush of a returning raid", seating A and B', async () => {
    const table = await battleTable(server, {
      name: 'The Debatable Land', umpire: uniqueName('rcu'), players: { a: uniqueName('rca'), b: uniqueName('rcb') }, subscribe: false,
    });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
    await U.subscribe(campaign);
    umpire = await openPage('umpire', 'battle');
    const page = umpire.page;
    await page.getByTestId('battle-create-ruleset').selectOption('reivers');
    const scenario = page.getByLabel('Start from');
    const offered = await scenario.locator('option').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual(offered, ['', 'reivers-foray', 'reivers-truce', 'reivers-ambush']);
    // Nothing has ended yet: nothing to carry on from.
    assert.deepEqual(await page.getByLabel('Carry on from').locator('option').evaluateAll((os) => os.map((o) => o.value)), ['']);
    await scenario.selectOption({ label: 'The ambush of a returning raid' });
    await page.getByTestId('battle-create-scenario-about').filter({ hasText: 'lie in wait where the road runs between the wood and the moss' }).waitFor();
    assert.equal(await page.getByTestId('battle-create-side-a').isHidden(), true, 'the scenario gives the sides');
    const seats = await page.getByTestId('battle-create-seat').evaluateAll((ss) => ss.map((s) => s.dataset.leader));
    assert.deepEqual(seats, ['Richie Graham', 'Wat Graham', 'Wat Scott of Harden']);
    await page.getByLabel('Richie Graham (Grahams)', { exact: true }).selectOption(String(users.a.user));
    await page.getByLabel('Wat Scott of Harden (Scots)', { exact: true }).selectOption(String(users.b.user));
    assert.equal(await page.getByLabel('Wat Graham (Grahams)', { exact: true }).inputValue(), '', 'nobody');
    await page.getByTestId('battle-create-name').fill(RAID);
    await page.getByTestId('battle-create').click();
    const v = await U.waitForView(campaign, (x) => Object.values(x.battles || {}).some((b) => b.name === RAID), 10000);
    battle = Object.values(v.battles).find((b) => b.name === RAID).id;
    const b = battleOf(v);
    assert.equal(b.ruleset, 'reivers');
    assert.deepEqual(Object.fromEntries(b.leaders.map((l) => [l.name, l.user])),
      { 'Richie Graham': users.a.user, 'Wat Graham': 0, 'Wat Scott of Harden': users.b.user });
    for (const n of HIDDEN) {
      const u = b.units.find((x) => x.name === n);
      assert.equal(u.concealed, true, `${n} lies in ambush`);
      hiddenIds.push(u.id);
    }
    await page.getByTestId('battle-name').filter({ hasText: RAID }).waitFor();
    await page.getByTestId('battle-start').click();
    await el(page, 'battle-status', { status: 'cards' }).waitFor();
  });

  await step('the players\' pages show the raid; the Scots\' names in ambush are on B\'s page only', async () => {
    [pa, pb] = [await openPage('a', 'battle'), await openPage('b', 'battle')];
    for (const u of [pa, pb]) {
      await u.page.getByTestId('battle-name').filter({ hasText: RAID }).waitFor();
      await el(u.page, 'battle-turn', { turn: 1 }).waitFor();
    }
    for (const n of GRAHAMS) await el(pa.page, 'battle-unit-row', { side: 'raiders' }).filter({ hasText: n }).waitFor();
    for (const [i, n] of HIDDEN.entries()) {
      await el(pb.page, 'battle-unit-row', { unit: hiddenIds[i], concealed: 'true' }).filter({ hasText: n }).waitFor();
    }
    const ba = battleOf(await pageCaughtUp(pa, U, campaign));
    assert.ok(!ba.units.some((u) => hiddenIds.includes(u.id)), 'A\'s view has none of them');
    const html = await pa.page.evaluate(() => document.documentElement.outerHTML);
    for (const s of [...HIDDEN, ...hiddenIds.map(String)]) {
      assert.ok(!html.includes(s), `A's page has ${s}`);
      assert.deepEqual(pa.frames.filter((f) => f.includes(s)).map((f) => f.slice(0, 200)), [], `a frame to A has ${s}`);
    }
    assert.equal(await pa.page.getByTestId('reivers-unit-ambush').count(), 0);
    // The Raids page comes with the first raid of the book to end (docs/protocol.md, battle_books).
    assert.equal(await pa.page.getByTestId('tab-raids').count(), 0);
  });

  let saved;
  await step('the umpire saves the set-up as a scenario from the console: kept with its seats emptied, for umpires only', async () => {
    const page = umpire.page;
    await page.getByTestId('battle-save-scenario').locator('summary').click();
    await page.getByLabel('Scenario name').fill(SAVED.name);
    await page.getByLabel('Description (optional)').fill(SAVED.description);
    await page.getByTestId('battle-scenario-save').click();
    await page.getByTestId('battle-scenario-saved').filter({ hasText: SAVED.name }).waitFor();
    // The campaign's scenarios as a new subscription of the umpire's reads them.
    const fresh = await connect(server, users.umpire.cookie);
    clients.push(fresh);
    const { view } = await fresh.subscribe(campaign);
    saved = view.battle_scenarios.find((s) => s.name === SAVED.name);
    assert.ok(saved, 'the scenario is kept');
    assert.equal(saved.ruleset, 'reivers');
    assert.equal(saved.description, SAVED.description);
    assert.ok(saved.battle.leaders.every((l) => l.user === 0), 'the seats are emptied');
    assert.ok(saved.battle.units.filter((u) => u.concealed).every((u) => u.id === undefined), 'a piece in ambush leaves its id behind');
    for (const u of [pa, pb]) await pageCaughtUp(u, U, campaign);
    for (const u of [pa, pb]) assert.deepEqual(u.frames.filter((f) => f.includes(SAVED.description)), [], 'no player receives the scenario');
  });

  // Not a step: the later steps do not depend on it. The umpire's view changes (battle_scenarios gains the saved
  // one), so his open page must get it pushed and list it without a reload.
  await t.test('the saved scenario is listed in the New battle form as soon as it is saved', async () => {
    const page = umpire.page;
    await page.getByTestId('battle-create-panel').locator('summary').click();
    try {
      await page.getByTestId('battle-create-ruleset').selectOption('reivers');
      await page.getByLabel('Start from').locator(`option[value="${saved.id}"]`).waitFor({ state: 'attached' });
      await page.getByLabel('Start from').selectOption({ label: SAVED.name });
      await page.getByTestId('battle-create-scenario-about').filter({ hasText: SAVED.description }).waitFor();
      assert.equal(await page.getByTestId('battle-create-seat').count(), 3);
      assert.deepEqual(await page.getByTestId('battle-create-seat').evaluateAll((ss) => ss.map((s) => s.value)), ['', '', ''], 'every seat empty');
    } finally {
      await page.getByLabel('Start from').selectOption('');
      await page.getByTestId('battle-create-panel').locator('summary').click();
    }
  });

  await step('the raid ends: A\'s Raids page shows the Grahams\' names and their states, nothing of the Scots in ambush; B\'s shows his too', async () => {
    await U.ok('battle.end', { campaign, battle });
    await el(pa.page, 'battle-status', { status: 'ended' }).waitFor();
    const va = await pageCaughtUp(pa, U, campaign);
    const shownA = await raidsOnPage(pa.page);
    assertRaidsAsView(shownA, va);
    for (const n of GRAHAMS) {
      assert.equal(shownA[n].side, 'Grahams');
      assert.deepEqual(shownA[n].rows.map((r) => [r.battle, r.state, r.taken]), [[battle, 'standing', false]], n);
    }
    assert.deepEqual(shownA['Grahams of Netherby'].rows[0].cells, [RAID, 'standing', 'no', 'Richie Graham', 'unhurt']);
    for (const n of HIDDEN) assert.equal(shownA[n], undefined, `${n} on A's Raids page`);
    assert.equal(await pa.page.getByTestId('reivers-raids-none').isHidden(), true);
    const vb = await pageCaughtUp(pb, U, campaign);
    const shownB = await raidsOnPage(pb.page);
    assertRaidsAsView(shownB, vb);
    for (const n of [...GRAHAMS, ...HIDDEN]) assert.ok(shownB[n], `${n} on B's Raids page`);
    assert.equal(shownB.Scotts.side, 'Scots');
    assert.equal(shownB.Scotts.rows[0].cells[3], 'Wat Scott of Harden');
  });

  await step('a second raid carries on from the first through the form: its survivors come, seated as before', async () => {
    const page = umpire.page;
    await page.getByTestId('battle-create-panel').locator('summary').click();
    await page.getByTestId('battle-create-ruleset').selectOption('reivers');
    const carry = page.getByLabel('Carry on from');
    await carry.selectOption({ label: RAID });
    await page.getByTestId('battle-create-carry-hint').filter({ hasText: 'every survivor comes where it ended' }).waitFor();
    assert.equal(await page.getByTestId('battle-create-side-a').isHidden(), true, 'the ended raid gives the sides');
    await page.getByTestId('battle-create-name').fill(`${RAID}, the second day`);
    await page.getByTestId('battle-create').click();
    const v = await U.waitForView(campaign, (x) => Object.values(x.battles || {}).some((b) => b.name === `${RAID}, the second day`), 10000);
    second = Object.values(v.battles).find((b) => b.name === `${RAID}, the second day`).id;
    const b = battleOf(v, second);
    assert.deepEqual(b.units.map((u) => u.name).sort(), [...GRAHAMS, ...HIDDEN].sort());
    assert.deepEqual(Object.fromEntries(b.leaders.map((l) => [l.name, l.user])),
      { 'Richie Graham': users.a.user, 'Wat Graham': 0, 'Wat Scott of Harden': users.b.user });
    await U.ok('battle.start', { campaign, battle: second });
    await U.ok('battle.end', { campaign, battle: second });
    const va = await pageCaughtUp(pa, U, campaign);
    const shownA = await raidsOnPage(pa.page);
    assertRaidsAsView(shownA, va);
    assert.deepEqual(shownA['Grahams of Netherby'].rows.map((r) => r.battle), [battle, second]);
    // The Scots came to the second raid seen (campaign.h: a name comes "on the table, seen"): A reads that raid only.
    assert.deepEqual(shownA.Scotts.rows.map((r) => r.battle), [second]);
    const shownB = await raidsOnPage(pb.page);
    assert.deepEqual(shownB.Scotts.rows.map((r) => r.battle), [battle, second]);
    for (const u of [pa, pb, umpire]) assert.deepEqual(u.pageErrors, []);
  });
});
