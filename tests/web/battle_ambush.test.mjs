// An ambush in the browser (docs/protocol.md, "Battles (Over the Hill)": concealed units). One real server; an
// umpire, a player (A, british) and an observer, each in his own browser context; every WebSocket frame each
// page receives is recorded.
//
// The campaign, the invites and the battle (A's leader and his unit far from the enemy's half) are made through
// WebSocket clients; what is tested is done in the pages: the umpire sets the ambush settings in the settings form
// (a bad movement factor is refused in the form), adds a French unit with a distinctive name with the "Concealed
// (ambush)" box ticked, sees it drawn dashed with "Concealed from the enemy", and starts the battle. A plays a
// turn. Until the umpire reveals the unit with the override form, neither A's page nor the observer's has its name
// anywhere (text, SVG, any frame received) nor a unit with its id; after the reveal both pages show it. During
// play the umpire changes the turn timer in the same settings form, now in the play panel's Settings box: every
// view has the new timer and nothing else changed. When the battle ends (the Settings box gone from the umpire's
// page), A's replay ends with the End frame (the ambushers on it) beside the closing line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import {
  launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper,
} from './lib/browser.mjs';
import { el, viewsFrom, pageCaughtUp } from './lib/battle.mjs';

const hex = () => randomBytes(5).toString('hex');
const TABLE = { width: 180, depth: 120, measure: 'cm' };

test('an ambush: a concealed unit stays off the player\'s and the observer\'s pages until the umpire reveals it', { timeout: 90000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const NAME = `Black Watch ${hex()}`; // the ambushers: a name nothing else has
  let U; // the umpire's WebSocket client (subscribed: his own newest version)
  let umpire;
  let pa;
  let obs;
  let users;
  let campaign;
  let battle;
  let ambusher; // the concealed unit's id
  const step = stepper(t, (name) => failureShots(`ambush-${name.replace(/\W+/g, '_')}`,
    { umpire: umpire?.page, a: pa?.page, observer: obs?.page }));

  const battleOf = (v) => v?.battles?.[String(battle)];

  /** Waits until the page has received the campaign's view as it stands after the umpire client's commands; returns it. */
  const caughtUp = (u) => pageCaughtUp(u, U, campaign);

  /** Hidden: nothing of the ambushers on the page (text, SVG, any attribute) nor in any frame it received. */
  async function assertHidden(u, who) {
    const view = await caughtUp(u);
    const b = battleOf(view);
    assert.ok(b, `${who} has the battle`);
    assert.ok(!(b.units || []).some((x) => x.id === ambusher), `${who}'s view has no unit ${ambusher}`);
    for (const f of b.history || []) assert.ok(!(f.units || []).some((x) => x.id === ambusher), `${who}'s history of turn ${f.turn} has no unit ${ambusher}`);
    const html = await u.page.evaluate(() => document.documentElement.outerHTML);
    assert.ok(!html.includes(NAME), `${who}'s page has ${NAME}`);
    assert.ok(!(await u.page.evaluate(() => document.body.innerText)).includes(NAME), `${who}'s page text has ${NAME}`);
    assert.equal(await el(u.page, 'battle-unit', { unit: ambusher }).count(), 0, `${who}'s map draws unit ${ambusher}`);
    assert.deepEqual(u.frames.filter((f) => f.includes(NAME)).map((f) => f.slice(0, 200)), [], `${who}'s frames with ${NAME}`);
  }

  await step('set-up: a campaign with a player and an observer; a battle; the umpire\'s page on the Battle tab', async () => {
    // The player and the observer join through WebSocket clients (not subscribed); the umpire's subscribes below.
    const table = await battleTable(server, {
      name: 'Ambush at the ford', umpire: uniqueName('amumpire'),
      players: { a: uniqueName('ama') }, observers: { o: uniqueName('amo') }, subscribe: false,
    });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
    battle = (await U.ok('battle.create', {
      campaign, name: 'The Ford', table: TABLE,
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      // A and his unit in the far corner: no enemy comes near the ambush by itself.
      leaders: [{ user: users.a.user, side: 'british', name: 'Kemp', position: [150, 16] }],
      units: [{ side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [150, 20], facing: 0 }],
    })).battle;
    await U.subscribe(campaign);
    [umpire, pa, obs] = await Promise.all(['umpire', 'a', 'o'].map((k) => openUser(browser, server, {}, { cookie: users[k].cookie, path: `/#/campaign/${campaign}/battle` })));
    for (const u of [umpire, pa, obs]) {
      await waitForConnState(u.page, 'online');
      await waitForHash(u.page, `#/campaign/${campaign}/battle`);
      await el(u.page, 'battle-status', { status: 'setup' }).waitFor();
    }
    await umpire.page.getByTestId('battle-setup').waitFor();
  });

  await step('settings: the umpire sets the ambush and terrain settings in the form; a bad factor is refused there', async () => {
    const page = umpire.page;
    const before = U.version(campaign);
    await page.getByTestId('battle-spot-cm').fill('10');
    await page.getByTestId('battle-terrain-movement').fill('wood 2');
    await page.getByTestId('battle-settings-save').click();
    const error = page.getByTestId('battle-settings-error');
    await error.waitFor();
    assert.match(await error.innerText(), /wood 2/);
    await U.ok('campaign.list', {});
    assert.equal(U.version(campaign), before, 'nothing was sent');
    await page.getByTestId('battle-terrain-movement').fill('wood 0.5, marsh 0.5, town 0.5, river 0');
    await page.getByTestId('battle-blocks-sight').fill('wood, town, hill');
    await page.getByTestId('battle-ambush-surprise').check();
    await page.getByTestId('battle-settings-save').click();
    const st = battleOf(await U.waitForView(campaign, (v) => battleOf(v)?.settings?.spot_cm === 10)).settings;
    assert.equal(st.ambush_surprise, true);
    assert.deepEqual(st.terrain_movement, { wood: 0.5, marsh: 0.5, town: 0.5, river: 0 });
    assert.deepEqual([...st.blocks_sight].sort(), ['hill', 'town', 'wood']);
    assert.equal(await error.isHidden(), true);
  });

  await step('the umpire adds a concealed French unit with the set-up form; his map draws it dashed, "Concealed from the enemy"', async () => {
    const page = umpire.page;
    await page.getByTestId('battle-unit-name').fill(NAME);
    await page.getByTestId('battle-unit-side').selectOption('1');
    await page.getByTestId('battle-unit-concealed').check();
    await page.getByTestId('battle-unit-add').click();
    const b = battleOf(await U.waitForView(campaign, (v) => (battleOf(v)?.units || []).some((x) => x.name === NAME)));
    const unit = b.units.find((x) => x.name === NAME);
    ambusher = unit.id;
    assert.equal(unit.side, 'french');
    assert.equal(unit.concealed, true, 'placed concealed');
    const g = el(page.getByTestId('battle-map'), 'battle-unit', { unit: ambusher });
    await g.waitFor();
    assert.equal(await g.getAttribute('data-concealed'), 'true');
    assert.match(await g.getAttribute('class'), /is-concealed/);
    assert.match(await g.locator('title').textContent(), /Concealed from the enemy/);
    // The box is cleared for the next unit.
    await page.waitForFunction(() => !document.querySelector('[data-testid="battle-unit-concealed"]').checked);
    await assertHidden(pa, 'A');
    await assertHidden(obs, 'the observer');
  });

  await step('the umpire starts the battle; A plays a turn; the ambush stays hidden from A and the observer', async () => {
    await umpire.page.getByTestId('battle-start').click();
    for (const u of [umpire, pa, obs]) await el(u.page, 'battle-turn', { turn: 1 }).waitFor();
    await assertHidden(pa, 'A');
    await assertHidden(obs, 'the observer');
    await el(pa.page, 'card-option', { card: 'no_action' }).click();
    await pa.page.getByTestId('card-play').click();
    for (const u of [umpire, pa, obs]) await el(u.page, 'battle-turn', { turn: 2 }).waitFor();
    await assertHidden(pa, 'A');
    await assertHidden(obs, 'the observer');
    // Still concealed for the umpire, drawn so on his map.
    await el(umpire.page.getByTestId('battle-map'), 'battle-unit', { unit: ambusher, concealed: 'true' }).waitFor();
  });

  await step('the umpire reveals it with the override form; then A and the observer see it', async () => {
    const page = umpire.page;
    const upto = new Map([pa, obs].map((u) => [u, u.frames.length]));
    await page.getByTestId('battle-override').locator('summary').click();
    await page.getByTestId('battle-override-what').selectOption('reveal');
    await page.getByTestId('battle-override-target').selectOption(`unit:${ambusher}`);
    await page.getByTestId('battle-override-reason').fill('the Highlanders rise from the heather');
    await page.getByTestId('battle-override-submit').click();
    await U.waitForView(campaign, (v) => (battleOf(v)?.units || []).some((x) => x.id === ambusher && x.concealed === false));
    for (const [u, who] of [[pa, 'A'], [obs, 'the observer']]) {
      await el(u.page.getByTestId('battle-map'), 'battle-unit', { unit: ambusher, side: 'french' }).waitFor();
      await el(u.page, 'battle-unit-row', { unit: ambusher }).filter({ hasText: NAME }).waitFor();
      assert.ok(u.frames.slice(upto.get(u)).some((f) => f.includes(NAME)), `${who}'s page received ${NAME} with the reveal`);
      assert.deepEqual(u.frames.slice(0, upto.get(u)).filter((f) => f.includes(NAME)).map((f) => f.slice(0, 200)), [], `${who}'s frames before the reveal`);
      // An enemy's unit: drawn plainly, not as a concealed one of his own.
      assert.equal(await el(u.page, 'battle-unit', { unit: ambusher }).getAttribute('data-concealed'), null);
    }
    // The umpire's map no longer draws it as concealed; the override form no longer offers it to reveal.
    await el(page.getByTestId('battle-map'), 'battle-unit', { unit: ambusher }).and(page.locator(':not([data-concealed])')).waitFor();
    assert.equal(await page.locator(`[data-testid="battle-override-target"] option[value="unit:${ambusher}"]`).count(), 0);
    // As A saw the battle: the replay's first frame (before the reveal) without the ambushers.
    const b = battleOf(viewsFrom(pa.frames, campaign).at(-1).view);
    const early = (b.history || []).filter((f) => !f.end && f.turn === 1).flatMap((f) => f.units || []);
    assert.ok(early.length > 0, 'A has a frame of turn 1');
    assert.equal(early.some((x) => x.id === ambusher), false, 'A\'s replay of turn 1 shows the table as he saw it: no ambushers');
    for (const u of [umpire, pa, obs]) assert.deepEqual(u.pageErrors, []);
  });
  await step('during play the umpire changes the turn timer in the play panel\'s Settings box: the views have it, nothing else changed', async () => {
    const page = umpire.page;
    const box = page.getByTestId('battle-play-settings');
    await box.locator('summary').click();
    // The set-up's form itself, moved into the play panel (one copy on the page), filled from the view.
    const seconds = box.getByTestId('battle-turn-seconds');
    await seconds.waitFor();
    assert.equal(await page.getByTestId('battle-setup').isHidden(), true, 'the set-up panel is hidden during play');
    assert.equal(await page.getByTestId('battle-turn-seconds').count(), 1, 'one settings form');
    assert.equal(await seconds.inputValue(), '0');
    assert.equal(await box.getByTestId('battle-spot-cm').inputValue(), '10');
    assert.equal(await box.getByTestId('battle-ambush-surprise').isChecked(), true);
    // Every view as it stands before: the umpire's client, the umpire's page, A's page, the observer's page.
    const before = U.version(campaign);
    const was = battleOf(U.view(campaign));
    assert.equal(was.status, 'cards', 'during play');
    assert.equal(was.settings.turn_seconds, 0);
    const pages = [[umpire, 'the umpire'], [pa, 'A'], [obs, 'the observer']];
    const wasOn = new Map();
    for (const [u] of pages) wasOn.set(u, structuredClone(battleOf(await caughtUp(u))));
    await seconds.fill('600');
    await box.getByTestId('battle-settings-save').click();
    const now = battleOf(await U.waitForView(campaign, (v) => battleOf(v)?.settings?.turn_seconds === 600));
    assert.equal(U.version(campaign), before + 1, 'one change');
    const withTimer = (b) => ({ ...b, settings: { ...b.settings, turn_seconds: 600 } });
    assert.deepEqual(now, withTimer(was), 'the umpire\'s view: the turn timer, nothing else');
    for (const [u, who] of pages) {
      const b = battleOf(await caughtUp(u));
      assert.equal(b.settings.turn_seconds, 600, `${who}'s page has the new turn timer`);
      assert.deepEqual(b, withTimer(wasOn.get(u)), `${who}'s page: the turn timer changed, nothing else`);
    }
    // The form shows the saved value, with no error; the settings box stays where it is.
    await page.waitForFunction(() => document.querySelector('[data-testid="battle-play-settings"] [data-testid="battle-turn-seconds"]')?.value === '600');
    assert.equal(await box.getByTestId('battle-settings-error').isHidden(), true);
    assert.equal(await box.getByTestId('battle-spot-cm').inputValue(), '10');
    for (const u of [umpire, pa, obs]) assert.deepEqual(u.pageErrors, []);
  });
  await step('the umpire ends the battle: the replay on A\'s page ends with the End frame and its closing line', async () => {
    await U.ok('battle.end', { campaign, battle });
    const page = pa.page;
    await el(page, 'battle-status', { status: 'ended' }).waitFor();
    // The slider was never moved on A's page: it follows the newest frame.
    await el(page, 'battle-replay', { end: 'true' }).waitFor();
    assert.equal(await page.getByTestId('battle-replay-label').innerText(), 'End');
    await page.getByTestId('battle-replay-lines').getByTestId('battle-log-item').filter({ hasText: 'The battle ends' }).waitFor();
    await el(page.getByTestId('battle-replay-map'), 'battle-replay-unit', { unit: ambusher }).waitFor();
    // The umpire's settings are gone with the battle: the server takes them no more.
    await el(umpire.page, 'battle-status', { status: 'ended' }).waitFor();
    assert.equal(await umpire.page.getByTestId('battle-play-settings').isHidden(), true, 'no settings once ended');
    assert.equal(await umpire.page.getByTestId('battle-turn-seconds').isVisible(), false);
    for (const u of [umpire, pa, obs]) assert.deepEqual(u.pageErrors, []);
  });
});
