// A page that sends for a moment that has passed (docs/protocol.md, "Battles": "The moment a command was meant
// for"): the battle page sends the turn it shows with card.play (and the step it shows with battle.step); when the
// battle has moved on the server answers `stale`, changes nothing, and the page says "The turn moved on; nothing
// was sent." One real server; an umpire and two players (A british, B french). The set-up and the other side's
// moves go through WebSocket clients. A's page and the umpire's page each run their socket through a route that
// can hold back the server's view pushes (never the replies): while held, the page still shows the old moment, as
// a page would on a slow line.
//   - A's page shows turn 1 with its hand; pushes held; the umpire closes turn 1 (auto_run: turn 2 opens); A plays
//     a card: `stale` -> the message in card-error, no card of A in turn 2's box. Pushes released: the page shows
//     turn 2 and A's card then plays.
//   - the umpire's page shows the next step; pushes held; the umpire's client applies that step; the page's
//     "Apply this step": `stale` -> the message in battle-play-error, the step applied once. Released: the page
//     names the step after it and applies it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper, UI_TIMEOUT } from './lib/browser.mjs';
import { el } from './lib/battle.mjs';

const STALE = 'The turn moved on; nothing was sent.';

/**
 * Runs the page's WebSocket through a route that forwards everything, except that while `held` is on the server's
 * view pushes wait (in order) until release(). Call before the page opens its socket.
 */
async function holdablePushes(page) {
  const state = { held: false, queue: [], toPage: null };
  await page.routeWebSocket(/\/ws(\/c\/\d+)?$/, (ws) => {
    const server = ws.connectToServer();
    state.toPage = (m) => ws.send(m);
    server.onMessage((m) => {
      const text = typeof m === 'string' ? m : m.toString('utf8');
      if (state.held && text.includes('"push"')) state.queue.push(m);
      else ws.send(m);
    });
  });
  return {
    hold() { state.held = true; },
    release() {
      state.held = false;
      for (const m of state.queue.splice(0)) state.toPage(m);
    },
    get waiting() { return state.queue.length; },
  };
}

test('a page that sends for a turn or step that has passed is told "The turn moved on"; nothing changes', { timeout: 90000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  let users;
  let campaign;
  let battle;
  let U; // the umpire's WebSocket client (subscribed)
  let B; // B's WebSocket client (subscribed)
  let pa; // A's page
  let umpire; // the umpire's page
  let aLine; // A's page's pushes, holdable
  let uLine; // the umpire's page's pushes, holdable
  const step = stepper(t, (name) => failureShots(`stale-${name.replace(/\W+/g, '_')}`, { a: pa?.page, umpire: umpire?.page }));
  const bv = (c) => c.view(campaign).battles[String(battle)];
  const waitBattle = (c, pred, what) => c.waitForView(campaign, (v) => { const b = v.battles?.[String(battle)]; return !!b && pred(b); }, UI_TIMEOUT, what);

  /** A page opened on the Battle tab with its socket routed through holdablePushes. */
  async function openRouted(cookie) {
    const u = await openUser(browser, server, {}, { cookie, path: '/favicon.svg' });
    const line = await holdablePushes(u.page);
    await u.page.goto(`${server.origin}/#/campaign/${campaign}/battle`);
    await waitForConnState(u.page, 'online');
    await waitForHash(u.page, `#/campaign/${campaign}/battle`);
    return { u, line };
  }

  await step('set-up: a battle started with auto_run; A\'s page and the umpire\'s page on its Battle tab', async () => {
    const table = await battleTable(server, {
      name: 'Stale pages', umpire: uniqueName('stu'), players: { a: uniqueName('sta'), b: uniqueName('stb') },
    });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
    B = table.clients.b;
    battle = (await U.ok('battle.create', {
      campaign, name: 'The Slow Courier',
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      leaders: [
        { user: users.a.user, side: 'british', name: 'Kemp', position: [40, 40] },
        { user: users.b.user, side: 'french', name: 'Dartois', position: [140, 80] },
      ],
      units: [
        { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0 },
        { side: 'french', owner: users.b.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: [140, 80], facing: 180 },
      ],
    })).battle;
    await U.ok('battle.start', { campaign, battle });
    ({ u: pa, line: aLine } = await openRouted(users.a.cookie));
    ({ u: umpire, line: uLine } = await openRouted(users.umpire.cookie));
    for (const u of [pa, umpire]) await el(u.page, 'battle-turn', { turn: 1 }).waitFor();
    await el(pa.page, 'card-option', { card: 'no_action' }).waitFor();
  });

  await step('A\'s page still shows turn 1 when the umpire has closed it: his card is stale, and says so', async () => {
    const page = pa.page;
    aLine.hold();
    await U.ok('battle.close_turn', { campaign, battle, turn: 1 });
    await waitBattle(U, (b) => b.turn === 2 && b.status === 'cards', 'turn 2 open');
    assert.equal(await page.getByTestId('battle-turn').getAttribute('data-turn'), '1', 'A\'s page still shows turn 1');
    await el(page, 'card-option', { card: 'no_action' }).click();
    await page.getByTestId('card-play').click();
    const error = page.getByTestId('card-error');
    await error.filter({ hasText: STALE }).waitFor();
    assert.equal(await error.innerText(), STALE);
    await U.ok('campaign.list', {});
    assert.deepEqual(bv(U).boxes.cards, { turn: 2, revealed: false, submitted: [], items: [] }, 'nothing of A\'s card in turn 2');
    assert.deepEqual(bv(U).log.find((e) => e.turn === 1 && e.phase === 'reveal').details.cards, [], 'nor in turn 1');
    assert.ok(aLine.waiting > 0, 'the page\'s pushes were held');
  });

  await step('released, A\'s page shows turn 2 and his card plays', async () => {
    const page = pa.page;
    aLine.release();
    await el(page, 'battle-turn', { turn: 2 }).waitFor();
    await el(page, 'card-option', { card: 'no_action' }).click();
    await page.getByTestId('card-play').click();
    await el(page, 'card-played', { card: 'no_action' }).waitFor();
    assert.equal(await page.getByTestId('card-error').isHidden(), true, 'no error now');
    await waitBattle(U, (x) => x.boxes.cards.submitted.includes(users.a.user), 'A\'s card in turn 2');
    assert.deepEqual(bv(U).boxes.cards.items, [{ user: users.a.user, side: 'british', item: { card: 'no_action' } }]);
    assert.deepEqual(pa.pageErrors, []);
  });

  await step('the umpire\'s page shows a step already applied by his other client: "Apply this step" is stale, and says so', async () => {
    const page = umpire.page;
    await U.ok('battle.settings', { campaign, battle, settings: { auto_run: false } });
    await B.ok('card.play', { campaign, battle, turn: 2, card: 'no_action' }); // the last card: turn 2 revealed
    await el(page, 'battle-next-step', { step: 'orders' }).waitFor();
    uLine.hold();
    assert.deepEqual(await U.ok('battle.step', { campaign, battle, turn: 2, step: 'orders' }), { step: 'orders' });
    const logLength = bv(U).log.length;
    await page.getByTestId('battle-step').click();
    const error = page.getByTestId('battle-play-error');
    await error.filter({ hasText: STALE }).waitFor();
    await U.ok('campaign.list', {});
    assert.equal(bv(U).next_step, 'movement', 'the orders step applied once');
    assert.equal(bv(U).log.length, logLength, 'nothing more in the log');
    uLine.release();
    await el(page, 'battle-next-step', { step: 'movement' }).waitFor();
    await page.getByTestId('battle-step').click();
    await waitBattle(U, (b) => b.next_step === 'fire', 'the movement step applied from the page');
    assert.equal(await error.isHidden(), true, 'the error is gone once a step applies');
    assert.deepEqual(umpire.pageErrors, []);
  });
});
