// The turn log of an Over the Hill battle reads as plain language: each line a sentence, its dice and table folded
// under it (closed) for whoever wants to check them, naming the book's table and the die. An umpire and two
// players (A, B), each in his own browser; the commands not under test go over their WebSockets
// (tests/integration/lib/battle_table.mjs).
//
// Turn 1: the umpire orders B's Regiment de Picardie to FIRE (imposed at once); both players play No action; the
// umpire steps the turn with his own dice: the volley 5 (Musketry 2: "5,6" to inflict a TP), the 33rd's test
// under musketry 2 with 1 TP and no modifiers (the Regular Infantry Table's row 2, column 1: OK).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, failureShots, stepper, injectAxe, shotPath } from './lib/browser.mjs';
import { el, pageCaughtUp } from './lib/battle.mjs';

const TEST_LINE = '33rd Foot (under musketry): continue as ordered.';
const VOLLEY_LINE = 'Regiment de Picardie fire a volley at 33rd Foot.';

/** The log item on `page` whose sentence is exactly `text`. */
function logItem(page, text) {
  return page.getByTestId('battle-log').getByTestId('battle-log-item')
    .filter({ has: page.locator('.item-text', { hasText: new RegExp(`^${text.replace(/[.()]/g, '\\$&')}$`) }) });
}

test('battle log words: sentences, the dice folded under them, the book\'s table named', { timeout: 90000 }, async (t) => {
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
  let pb;
  let campaign;
  let battle;
  const UNIT = {};
  const step = stepper(t, (name) => failureShots(`logwords-${name.replace(/\W+/g, '_')}`,
    { umpire: umpire?.page, a: pa?.page, b: pb?.page }));

  await step('set-up: two regiments 5 cm apart, the turn stepped by the umpire; three pages on the Battle tab', async () => {
    table = await battleTable(server, {
      name: 'Log words', umpire: uniqueName('lwu'), players: { a: uniqueName('lwa'), b: uniqueName('lwb') },
    });
    const { users } = table;
    campaign = table.campaign;
    const U = table.clients.umpire;
    battle = (await U.ok('battle.create', {
      campaign, name: 'Prestonpans', table: { width: 180, depth: 120, measure: 'cm' },
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      settings: { auto_run: false },
      leaders: [
        { user: users.a.user, side: 'british', name: 'Kemp', position: [20, 20] },
        { user: users.b.user, side: 'french', name: 'Dartois', position: [160, 100] },
      ],
      units: [
        { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [90, 50], facing: 0 },
        { side: 'french', owner: users.b.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: [90, 55], facing: 180 },
      ],
    })).battle;
    const units = (await U.waitForView(campaign, (v) => v.battles?.[String(battle)]?.units?.length === 2)).battles[String(battle)].units;
    UNIT.A = units.find((u) => u.side === 'british').id;
    UNIT.B = units.find((u) => u.side === 'french').id;
    await U.ok('battle.start', { campaign, battle });
    [umpire, pa, pb] = await Promise.all(['umpire', 'a', 'b'].map((k) => openUser(browser, server, {}, { cookie: users[k].cookie, path: `/#/campaign/${campaign}/battle` })));
    for (const u of [umpire, pa, pb]) await el(u.page, 'battle-turn', { turn: 1 }).waitFor();
  });

  await step('turn 1: Picardie fire a volley, the 33rd test under musketry', async () => {
    const U = table.clients.umpire;
    await U.ok('battle.override', { campaign, battle, what: 'order', unit: UNIT.B, order: 'fire', reason: 'Picardie are ready' });
    await table.clients.a.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' });
    await table.clients.b.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' });
    // over-the-hills.txt, "Musketry" (Musketry 2: 5,6 to inflict a TP) and "REACTION TEST RESULTS TABLES"
    // (Regular Infantry Table, 1 TP, 2: OK); the 33rd's rally roll 6 (Effectiveness 2: the TP stays).
    const dice = { fire: [5], reaction: [2], tension: [6] };
    for (const s of ['orders', 'movement', 'fire', 'reaction', 'melee', 'tension'])
      await U.ok('battle.step', { campaign, battle, turn: 1, step: s, ...(dice[s] ? { dice: dice[s] } : {}) });
    for (const u of [umpire, pa, pb]) {
      await pageCaughtUp(u, U, campaign);
      await el(u.page, 'battle-turn', { turn: 2 }).waitFor();
    }
  });

  await step('A\'s page: the test reads as a sentence, its fold closed; opened, it names the table and the die', async () => {
    const page = pa.page;
    const item = logItem(page, TEST_LINE);
    await item.waitFor();
    const shown = await item.innerText();
    for (const raw of [/circumstances/i, /column/i, /modifier 0/i, /\brow\b/i, /hold/i])
      assert.doesNotMatch(shown, raw, `no raw figures on show: ${shown}`);
    const fold = item.getByTestId('battle-log-fold');
    assert.equal(await fold.count(), 1);
    assert.equal(await fold.evaluate((d) => d.open), false, 'the fold is closed');
    assert.equal(await item.getByTestId('battle-log-how').isVisible(), false);
    const summary = fold.locator('summary');
    assert.match(await summary.innerText(), /^How it was decided\s+british only$/i);
    const box = await summary.boundingBox();
    assert.ok(box.height >= 40 && box.width >= 40, `the fold opens with a finger: ${JSON.stringify(box)}`);
    await summary.click();
    await item.getByTestId('battle-log-how').waitFor();
    const how = await item.getByTestId('battle-log-how').locator('li').allInnerTexts();
    assert.deepEqual(how, [
      'A reaction test: after a round of musketry.',
      'Regular Infantry Table, tension points 1, die roll 2 (no modifiers): OK, continue as ordered.',
    ]);
    // The raw figures follow, keys in words, the how not repeated among them.
    const figures = item.locator('.log-details');
    assert.ok(await figures.isVisible());
    assert.equal(await el(figures, 'battle-log-roll').first().locator('dt').innerText(), 'die');
    assert.doesNotMatch(await figures.innerText(), /\bhow\b/);
    // The volley's dice are the French side's: A reads its sentence, no fold.
    const volley = logItem(page, VOLLEY_LINE);
    await volley.waitFor();
    assert.equal(await volley.getByTestId('battle-log-fold').count(), 0, 'no dice of the enemy\'s volley');
    await page.locator('.panel-battle-log').screenshot({ path: shotPath('log-words-a') });
  });

  await step('B\'s page: the volley names the Musketry table, the score and the die', async () => {
    const page = pb.page;
    const item = logItem(page, VOLLEY_LINE);
    await item.waitFor();
    const fold = item.getByTestId('battle-log-fold');
    assert.equal(await fold.evaluate((d) => d.open), false, 'the fold is closed');
    assert.doesNotMatch(await item.innerText(), /needed|inflicted|modified/);
    await fold.locator('summary').click();
    assert.deepEqual(await item.getByTestId('battle-log-how').locator('li').allInnerTexts(), [
      'Range 5 cm, within 4 + MUS 2 = 6 cm.',
      'Musketry table, MUS 2: 5,6 to inflict a TP; rolled 5: a TP.',
    ]);
    // The 33rd's test is public, its figures British: B reads the sentence alone.
    const testLine = logItem(page, TEST_LINE);
    await testLine.waitFor();
    assert.equal(await testLine.getByTestId('battle-log-fold').count(), 0, 'no figures of the enemy\'s test');
  });

  await step('axe: the turn log, its folds open and closed, has no violation', async () => {
    for (const u of [pa, pb]) {
      await injectAxe(u.page);
      const violations = await u.page.evaluate(async () => (await window.axe.run(document.querySelector('.panel-battle-log'))).violations
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
      assert.deepEqual(violations, []);
    }
    for (const u of [umpire, pa, pb]) assert.deepEqual(u.pageErrors, []);
  });
});
