// Three small fixes a club asked for, in an Over the Hill battle with an umpire and two players (A, B), each in
// his own browser; the umpire's and the players' commands that are not under test go over their WebSockets
// (tests/integration/lib/battle_table.mjs), what is tested is done in the pages.
//
// 1. Table talk: the leaders stand together and both play Talk to the other; the channel is named once on each
//    page ("Channel open with B", never "B, B"); Enter in the message box sends, Shift+Enter keeps a new line.
// 2. The umpire's battle settings: Save says "Saved." (role="status") once the server took them, and shows the
//    server's own words when it refuses (a turn timer longer than a day).
// 3. The umpire's console: once the battle has ended, "End the battle" is no longer offered; the battle's own dice
//    are committed to from the start and, once it ended, every page offers its rolls to download and check.
// 4. On a desktop the Units table fits: its stats, tension points and the umpire's Order column are on screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, failureShots, stepper } from './lib/browser.mjs';
import { el, viewsFrom, lastBattle, waitForBattle } from './lib/battle.mjs';

const hex = () => randomBytes(4).toString('hex');

test('club fixes: talk sent with Enter and named once, settings saved visibly, no End once ended', { timeout: 90000 }, async (t) => {
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
  let users;
  const LEADER = {};
  const step = stepper(t, (name) => failureShots(`club-${name.replace(/\W+/g, '_')}`,
    { umpire: umpire?.page, a: pa?.page, b: pb?.page }));

  const battleNow = (u) => lastBattle(u.frames, campaign, battle);
  const untilBattle = (u, pred, what) => waitForBattle(u, campaign, battle, pred, what);

  await step('set-up: a battle with the two leaders side by side, started; three pages on the Battle tab', async () => {
    table = await battleTable(server, {
      name: 'Club night fixes', umpire: uniqueName('cfu'), players: { a: uniqueName('cfa'), b: uniqueName('cfb') },
    });
    ({ users, campaign } = table);
    const U = table.clients.umpire;
    battle = (await U.ok('battle.create', {
      campaign, name: 'The Mill Ford', table: { width: 180, depth: 120, measure: 'cm' },
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      leaders: [
        { user: users.a.user, side: 'british', name: 'Kemp', position: [60, 60] },
        { user: users.b.user, side: 'french', name: 'Dartois', position: [62, 60] },
      ],
      units: [
        { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0 },
        { side: 'french', owner: users.b.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: [120, 84], facing: 180 },
      ],
    })).battle;
    const leaders = (await U.waitForView(campaign, (v) => v.battles?.[String(battle)]?.leaders?.length === 2)).battles[String(battle)].leaders;
    LEADER.A = leaders.find((l) => l.user === users.a.user).id;
    LEADER.B = leaders.find((l) => l.user === users.b.user).id;
    await U.ok('battle.start', { campaign, battle });
    [umpire, pa, pb] = await Promise.all(['umpire', 'a', 'b'].map((k) => openUser(browser, server, {}, { cookie: users[k].cookie, path: `/#/campaign/${campaign}/battle` })));
    for (const u of [umpire, pa, pb]) await el(u.page, 'battle-turn', { turn: 1 }).waitFor();
    await el(umpire.page, 'battle-end').waitFor();
    // Its dice come from a seed of its own, committed to from the start (docs/dice.md, "Battles' own seeds").
    const commit = battleNow(pa).seed_sha256;
    assert.match(commit, /^[0-9a-f]{64}$/);
    assert.match(await pa.page.getByTestId('battle-dice').textContent(), new RegExp(`committed to as ${commit.slice(0, 16)}`));
    assert.equal(await pa.page.getByTestId('battle-dice-download').count(), 0, 'nothing to download before the end');
  });

  await step('talk: both leaders play Talk to the other; each page names the other once', async () => {
    await table.clients.a.ok('card.play', { campaign, battle, turn: 1, card: 'talk', leader: LEADER.B });
    await table.clients.b.ok('card.play', { campaign, battle, turn: 1, card: 'talk', leader: LEADER.A });
    const nameOf = (u, id) => viewsFrom(u.frames, campaign).at(-1).view.members[String(id)].name;
    for (const [u, otherId] of [[pa, users.b.user], [pb, users.a.user]]) {
      await el(u.page, 'talk-panel', { open: 'true' }).waitFor();
      const status = await u.page.getByTestId('talk-status').innerText();
      assert.ok(status.startsWith('Channel open with '), status);
      const named = status.replace(/^Channel open with /, '').replace(/ until the next reveal\.$/, '');
      assert.equal(named.split(', ').length, 1, `one person named: ${status}`);
      assert.equal(named, nameOf(u, otherId), status);
      // One partner: no choice of whom to talk to.
      assert.equal(await u.page.getByTestId('talk-to').isVisible(), false);
    }
    const umpStatus = await umpire.page.getByTestId('talk-status').innerText();
    assert.equal((umpStatus.match(/↔/g) || []).length, 1, `the umpire's page names the pair once: ${umpStatus}`);
  });

  await step('talk: Enter sends the message, Shift+Enter keeps a new line', async () => {
    const one = `ENTER-${hex()}`;
    const input = pa.page.getByTestId('talk-input');
    await input.click();
    await pa.page.keyboard.type(`${one} shall we parley?`);
    await pa.page.keyboard.press('Enter');
    for (const u of [pb, pa, umpire]) await u.page.getByTestId('talk-item').filter({ hasText: one }).waitFor();
    assert.equal(await input.inputValue(), '', 'the box is emptied once sent');

    const two = `SHIFT-${hex()}`;
    await pa.page.keyboard.type(`${two} first line`);
    await pa.page.keyboard.press('Shift+Enter');
    await pa.page.keyboard.type('second line');
    assert.equal(await input.inputValue(), `${two} first line\nsecond line`, 'Shift+Enter: a new line, nothing sent');
    assert.equal(await pa.page.getByTestId('talk-item').filter({ hasText: two }).count(), 0);
    await pa.page.keyboard.press('Enter');
    const item = pb.page.getByTestId('talk-item').filter({ hasText: two });
    await item.waitFor();
    const sent = battleNow(pb).talk.find((m) => m.text.startsWith(two));
    assert.equal(sent.text, `${two} first line\nsecond line`);
    assert.equal(battleNow(pb).talk.filter((m) => m.text.startsWith(two)).length, 1, 'sent once');
  });

  await step('settings: Save says "Saved." once the server took them, and the server\'s words when it refuses', async () => {
    const page = umpire.page;
    await page.locator('[data-testid="battle-play-settings"] > summary').click();
    const saved = page.getByTestId('battle-settings-saved');
    const error = page.getByTestId('battle-settings-error');
    assert.equal(await saved.isVisible(), false, 'nothing said before Save');
    await page.getByTestId('battle-turn-seconds').fill('120');
    await page.getByTestId('battle-settings-save').click();
    await saved.waitFor();
    assert.equal(await saved.innerText(), 'Saved.');
    assert.equal(await saved.getAttribute('role'), 'status');
    await untilBattle(umpire, (b) => b.settings?.turn_seconds === 120, 'the timer saved');

    // Editing the form again takes the word back: it would speak of settings no longer shown.
    await page.getByTestId('battle-turn-seconds').fill('100000');
    assert.equal(await saved.isVisible(), false, '"Saved." goes once the form is changed');
    // What the server says to the same settings, to compare with what the page shows.
    const refusal = await table.clients.umpire.send('battle.settings', { campaign, battle, settings: { auto_run: battleNow(umpire).settings?.auto_run ?? false, turn_seconds: 100000 } });
    assert.equal(refusal.ok, false, JSON.stringify(refusal));
    await page.getByTestId('battle-settings-save').click();
    await error.waitFor();
    assert.equal(await error.innerText(), refusal.error.message);
    assert.equal(await saved.isVisible(), false, 'no "Saved." when refused');
    assert.equal(battleNow(umpire).settings.turn_seconds, 120, 'the refused timer was not taken');
  });

  await step('units: on a desktop the Units table fits, its every column on screen, for the umpire and a player', async () => {
    for (const [who, u] of [['umpire', umpire], ['A', pa]]) {
      await u.page.setViewportSize({ width: 1024, height: 768 });
      const table = u.page.getByTestId('battle-unit-table');
      await table.waitFor();
      const fit = await table.evaluate((t) => {
        const frame = t.parentElement;
        const right = frame.getBoundingClientRect().right;
        const cells = [...t.querySelectorAll('thead th')];
        return { scroll: frame.scrollWidth, client: frame.clientWidth, cut: cells.filter((c) => c.getBoundingClientRect().right > right + 0.5).map((c) => c.textContent) };
      });
      assert.ok(fit.scroll <= fit.client, `${who}: the table is ${fit.scroll} px in a ${fit.client} px frame; cut off: ${fit.cut.join(', ')}`);
    }
  });

  await step('end: once the battle has ended, the umpire\'s console no longer offers to end it', async () => {
    const page = umpire.page;
    await page.getByTestId('battle-end').click();
    await page.getByTestId('battle-end-confirm').click();
    await untilBattle(umpire, (b) => b.status === 'ended', 'the battle ended');
    await page.getByTestId('battle-turn-info').filter({ hasText: 'The battle has ended.' }).waitFor();
    // The reply comes after the view push that ended the battle: give the page a moment past both.
    await table.settle();
    await page.waitForTimeout(200);
    assert.equal(await page.getByTestId('battle-end').isVisible(), false, 'no "End the battle…" once ended');
    assert.equal(await page.getByTestId('battle-end-confirm').isVisible(), false, 'no confirmation either');
    // Ended: the seed is revealed, and each page offers the battle's rolls to download and check.
    const seed = (await untilBattle(pa, (b) => !!b.seed, 'the seed revealed')).seed;
    assert.match(seed, /^[0-9a-f]{64}$/);
    const link = pa.page.getByTestId('battle-dice-download');
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), `/api/campaigns/${campaign}/battles/${battle}/dice`);
    const file = await pa.page.evaluate(async (href) => (await fetch(href)).json(), await link.getAttribute('href'));
    assert.equal(file.format, 'muster-battle-dice');
    assert.equal(file.seed, seed);
    assert.equal(await pa.page.getByTestId('battle-dice-check').getAttribute('href'), '#/dice-check');
    // A fresh page on the ended battle does not offer it either.
    await page.reload();
    await page.getByTestId('battle-turn-info').filter({ hasText: 'The battle has ended.' }).waitFor();
    assert.equal(await page.getByTestId('battle-end').isVisible(), false, 'no "End the battle…" after a reload');
    // The live view holds the ended battle as a summary (docs/protocol.md, "paged"): its pieces come with the
    // record the page fetches, on the map and in the units' table.
    assert.equal(battleNow(umpire).paged, true);
    assert.deepEqual(battleNow(umpire).units, []);
    await page.getByTestId('battle-unit-row').first().waitFor();
    assert.ok(await page.locator('.unit-layer .unit').count() > 0, 'the ended battle\'s units on the map');
    assert.equal(await page.getByTestId('battle-loading').isVisible(), false, 'the record came');
    for (const u of [umpire, pa, pb]) assert.deepEqual(u.pageErrors, []);
  });
});
