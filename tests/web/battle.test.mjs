// An Over the Hill battle in four browsers ("two players and an umpire play two turns, cards
// hidden until the reveal, a talk channel opening when the leaders stand together"; docs/protocol.md, "Battles
// (Over the Hill)"). One real server; an umpire, two players (A british, B french) and an observer, each in his
// own browser context; every WebSocket frame each page receives is recorded.
//
// The umpire's part (campaign, invites, battle.create with exact positions, battle.start, and the override that
// stands the two leaders together) goes through a WebSocket client (tests/integration/lib/client.mjs) on the
// umpire's own session, not the set-up editor: dragging units to exact coordinates is not what is tested here.
// The umpire's page is open on the Battle tab all along and is checked as a viewer (every card, all talk).
// Everything the players do is done in their pages: joining, choosing and playing cards (the Move card's point
// is clicked on the map), reading the reveal, and talking.
//
// Turn 1: A plays Move (the marker: the exact point he clicked, as the server holds it); B's and the observer's
// pages show that A has played, not what: neither their text nor any frame they received has the point; then B
// plays Move, which closes the turn; both pages show both points in the reveal. The umpire then stands A's leader
// beside B's. Turn 2: B plays first (a short Move that keeps him beside A; hidden from A and the observer in the
// same way), A plays Talk to B; after the reveal the talk panel opens on both pages (not on the observer's), A's
// message with a marker appears on B's and the umpire's pages, B's answer on A's, and neither is in any frame
// the observer's page received.
//
// The replay (the view's `history`: the table as each turn opened): on A's page the slider shows turn 1's table
// (his leader and the 33rd where the battle began), then turn 2's (his leader where his Move card took him), then
// turn 3's (the 33rd where the umpire moved it during turn 2), each beside that turn's log lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import {
  launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper, UI_TIMEOUT,
} from './lib/browser.mjs';
import { el, viewsFrom, pageCaughtUp } from './lib/battle.mjs';

const hex = () => randomBytes(5).toString('hex');
const TABLE = { width: 180, depth: 120, measure: 'cm' };
const START = { A: [40, 40], B: [120, 80] };

const bodyText = (page) => page.evaluate(() => document.body.innerText);

/** A number as it appears in a JSON frame, matched whole (not inside a longer number). */
function numberRe(n) {
  return new RegExp(`(?<![0-9.])${String(n).replace('.', '\\.')}(?![0-9])`);
}

/** The frames (from index `from`) of a recorded page or client that contain the point [x, y] (both numbers). */
function framesWithPoint(frames, [x, y], from = 0) {
  const rx = numberRe(x);
  const ry = numberRe(y);
  return frames.slice(from).filter((f) => rx.test(f) && ry.test(f));
}

/**
 * Every view a page received, checked as `me` (a player's user id, or null for the observer) must see it: before
 * a reveal, no card but his own; no talk or channel he is not in.
 */
function assertViewsClean(frames, campaign, me, who) {
  const views = viewsFrom(frames, campaign);
  assert.ok(views.length > 3, `${who}: view pushes recorded (${views.length})`);
  for (const { version, view } of views) {
    for (const [id, b] of Object.entries(view.battles ?? {})) {
      const at = `${who}, version ${version}, battle ${id}`;
      const box = b.boxes?.cards;
      if (box && !box.revealed) {
        for (const item of box.items ?? []) assert.equal(item.user, me, `${at}: another's card before the reveal ${JSON.stringify(item)}`);
      }
      for (const m of b.talk ?? []) assert.ok(me !== null && (m.from === me || m.to === me), `${at}: talk not his ${JSON.stringify(m)}`);
      for (const c of b.channels ?? []) assert.ok(me !== null && (c.a === me || c.b === me), `${at}: channel not his ${JSON.stringify(c)}`);
    }
  }
}

/** The battle as the page last received it. */
function lastBattle(frames, campaign, battle) {
  const views = viewsFrom(frames, campaign);
  return views.length ? views[views.length - 1].view.battles?.[String(battle)] : undefined;
}

/** Client coordinates of the table point `p` on the page's battle map (the map draws y upwards). */
async function mapPoint(page, p) {
  const map = page.getByTestId('battle-map');
  await map.scrollIntoViewIfNeeded();
  return page.evaluate(([x, y, depth]) => {
    const svg = document.querySelector('[data-testid="battle-map"]');
    const m = svg.getScreenCTM();
    const pt = svg.createSVGPoint();
    pt.x = x;
    pt.y = depth - y;
    const q = pt.matrixTransform(m);
    return [q.x, q.y];
  }, [p[0], p[1], TABLE.depth]);
}

test('a battle in the browser: two turns, cards hidden until the reveal, talk between leaders standing together', { timeout: 90000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  let U; // the umpire's WebSocket client
  t.after(async () => {
    await U?.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const M = { talkA: `TALK-A-${hex()}`, talkB: `TALK-B-${hex()}` };
  let umpire;
  let pa;
  let pb;
  let obs;
  let users;
  let campaign;
  let battle;
  const LEADER = {};
  const UNIT = {};
  const UNIT_MOVED = [44, 47]; // where the umpire moves the 33rd during turn 2: in the frame of turn 3
  const move = {}; // the Move cards' points, as the server holds them
  const step = stepper(t, (name) => failureShots(`battle-${name.replace(/\W+/g, '_')}`,
    { umpire: umpire?.page, a: pa?.page, b: pb?.page, observer: obs?.page }));

  /** The Battle tab of a page, waiting for the battle's turn `turn`. */
  async function openBattle(u, turn) {
    await u.page.getByTestId('tab-battle').click();
    await waitForHash(u.page, `#/campaign/${campaign}/battle`);
    await el(u.page, 'battle-turn', { turn }).waitFor();
    await u.page.getByTestId('battle-map').waitFor();
  }

  /**
   * In page `u`, plays the Move card to about `target` (clicked on the map). Returns the point the server holds
   * (read off the page's own frames), which is the marker: it has decimals no other value in the battle has.
   */
  async function playMove(u, userId, target, turn, { last = false } = {}) {
    const page = u.page;
    await el(page, 'card-option', { card: 'move' }).click();
    let to = null;
    // The click lands on whole or fractional pixels; a nudge gives a point with decimals if the first had none.
    for (const nudge of [0, 0.37, 0.71]) {
      const [cx, cy] = await mapPoint(page, target);
      await page.mouse.click(cx + nudge, cy + nudge);
      await page.getByTestId('card-play').click();
      // The last card closes the turn at once: the page goes on to the next turn, the card in the reveal.
      if (last) await el(page, 'battle-turn', { turn: turn + 1 }).waitFor();
      else await el(page, 'card-played', { card: 'move' }).waitFor();
      to = (await waitForMine(u, userId, turn, to)).item.to;
      if (last) break;
      if (to.every((n) => !Number.isInteger(n) && String(n).length >= 4)) break;
    }
    assert.ok(to.every((n) => !Number.isInteger(n)), `a point with decimals: ${JSON.stringify(to)}`);
    return to;
  }

  /** Waits until the page's last battle view satisfies `pred` (bounded); returns the battle. */
  async function waitForBattle(u, pred, what) {
    const deadline = Date.now() + UI_TIMEOUT;
    for (;;) {
      const b = lastBattle(u.frames, campaign, battle);
      if (b && pred(b)) return b;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Waits until the page has received its own Move card of `turn` (another point than `before`): in the open box,
   * or once revealed in the turn's reveal line of the log.
   */
  async function waitForMine(u, userId, turn, before) {
    const find = (b) => {
      const box = b.boxes?.cards;
      if (box && box.turn === turn) return (box.items || []).find((i) => i.user === userId);
      const reveal = (b.log || []).find((e) => e.turn === turn && e.phase === 'reveal');
      return reveal ? (reveal.details?.cards || []).find((i) => i.user === userId) : undefined;
    };
    const b = await waitForBattle(u, (x) => {
      const mine = find(x);
      return mine && mine.item.card === 'move' && JSON.stringify(mine.item.to) !== JSON.stringify(before);
    }, `the Move card of ${userId} in turn ${turn} on his page`);
    return find(b);
  }

  /** Hidden: the viewer's page shows that `player` has played, and neither its text nor any frame has `point`. */
  async function assertHiddenFrom(viewer, who, player, point) {
    await el(viewer.page, 'card-played-item', { user: player, played: 'true' }).waitFor();
    const text = await bodyText(viewer.page);
    for (const n of point) {
      assert.ok(!numberRe(n).test(text), `${who}'s page shows ${n} before the reveal`);
      const shown = String(Math.round(n * 10) / 10); // the precision the page describes a Move card with
      if (shown.includes('.')) assert.ok(!numberRe(shown).test(text), `${who}'s page shows ${shown} before the reveal`);
    }
    assert.deepEqual(framesWithPoint(viewer.frames, point).map((f) => f.slice(0, 300)), [], `${who}'s frames have ${point}`);
    const box = lastBattle(viewer.frames, campaign, battle).boxes.cards;
    assert.equal(box.revealed, false);
    assert.ok(box.submitted.includes(player), `${who} sees that ${player} has played`);
  }

  /** Revealed: the page's turn log shows the reveal of `turn` with the point, and a frame brought it. */
  async function assertRevealed(viewer, who, turn, point, from) {
    const reveal = el(viewer.page.getByTestId('battle-log'), 'battle-log-item', { turn, phase: 'reveal' });
    await reveal.waitFor();
    // The cards are in the line's fold: opened, as a player who wants them would.
    await reveal.getByTestId('battle-log-fold').evaluateAll((ds) => ds.forEach((d) => { d.open = true; }));
    const text = await reveal.innerText();
    for (const n of point) assert.ok(numberRe(n).test(text), `${who}: the reveal of turn ${turn} shows ${n}: ${text}`);
    assert.ok(framesWithPoint(viewer.frames, point, from).length > 0, `${who}'s page received ${point} at the reveal`);
  }

  await step('set-up: four people, a campaign, a battle created and started by the umpire', async () => {
    // The umpire's client makes the campaign and the codes; the others join in their pages.
    const table = await battleTable(server, {
      name: 'Over the Hill, a club night', umpire: uniqueName('bu'),
      players: { a: uniqueName('ba'), b: uniqueName('bb') }, observers: { o: uniqueName('bo') }, join: false,
    });
    ({ users, campaign } = table);
    const { codes } = table;
    U = table.clients.umpire;
    [umpire, pa, pb, obs] = await Promise.all(['umpire', 'a', 'b', 'o'].map((k) => openUser(browser, server, {}, { cookie: users[k].cookie })));
    // The players and the observer join with their codes, in their pages.
    for (const [u, code] of [[pa, codes.player], [pb, codes.player], [obs, codes.observer]]) {
      await waitForHash(u.page, '#/campaigns');
      await u.page.getByTestId('join-code-input').fill(code);
      await u.page.getByTestId('join-submit').click();
      await waitForHash(u.page, `#/campaign/${campaign}`);
      await waitForConnState(u.page, 'online');
    }
    await el(pa.page, 'my-role', { role: 'player' }).waitFor();
    await el(obs.page, 'my-role', { role: 'observer' }).waitFor();
    battle = (await U.ok('battle.create', {
      campaign, name: 'Hill of the Windmill', table: TABLE,
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      leaders: [
        { user: users.a.user, side: 'british', name: 'Kemp', position: START.A },
        { user: users.b.user, side: 'french', name: 'Dartois', position: START.B },
      ],
      units: [
        { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: START.A, facing: 0 },
        { side: 'french', owner: users.b.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: [120, 84], facing: 180 },
      ],
    })).battle;
    assert.ok(Number.isInteger(battle) && battle > 0);
    await U.subscribe(campaign);
    const leaders = (await U.waitForView(campaign, (v) => v.battles?.[String(battle)]?.leaders?.length === 2)).battles[String(battle)].leaders;
    LEADER.A = leaders.find((l) => l.user === users.a.user).id;
    LEADER.B = leaders.find((l) => l.user === users.b.user).id;
    UNIT.A = U.view(campaign).battles[String(battle)].units.find((u) => u.name === '33rd Foot').id;
    await U.ok('battle.start', { campaign, battle });
    await waitForHash(umpire.page, '#/campaigns');
    await el(umpire.page, 'campaign-link', { campaign }).click();
    await waitForHash(umpire.page, `#/campaign/${campaign}`);
    await el(umpire.page, 'my-role', { role: 'umpire' }).waitFor();
    for (const u of [umpire, pa, pb, obs]) await openBattle(u, 1);
    // The players' hands are open; the observer has none; the talk is closed for everyone.
    for (const u of [pa, pb]) await el(u.page, 'card-option', { card: 'talk' }).waitFor();
    assert.equal(await el(obs.page, 'card-option').count(), 0, 'the observer has no cards');
    for (const u of [pa, pb, obs]) assert.equal(await u.page.getByTestId('talk-panel').getAttribute('data-open'), 'false');
  });

  await step('turn 1: A plays Move in his page; B and the observer see that he played, not where he rides', async () => {
    move.A = await playMove(pa, users.a.user, [57.3, 63.6], 1);
    // The page's own point, and the umpire's console with it, before the reveal.
    await el(umpire.page, 'battle-umpire-card', { user: users.a.user, card: 'move' }).waitFor();
    assert.ok(framesWithPoint(umpire.frames, move.A).length > 0, 'the umpire\'s page received A\'s card');
    await assertHiddenFrom(pb, 'B', users.a.user, move.A);
    await assertHiddenFrom(obs, 'the observer', users.a.user, move.A);
    assert.equal(await el(pb.page, 'card-played').isHidden(), true, 'B has played nothing yet');
  });

  let upto1;
  await step('turn 1: B plays Move, the last card: the turn is revealed to all at once and resolves', async () => {
    upto1 = new Map([umpire, pa, pb, obs].map((u) => [u, u.frames.length]));
    move.B = await playMove(pb, users.b.user, [104.6, 66.3], 1, { last: true });
    for (const u of [umpire, pa, pb, obs]) await el(u.page, 'battle-turn', { turn: 2 }).waitFor();
    for (const [u, who] of [[pa, 'A'], [pb, 'B'], [obs, 'the observer']]) {
      await assertRevealed(u, who, 1, move.A, who === 'A' ? 0 : upto1.get(u));
      await assertRevealed(u, who, 1, move.B, 0);
    }
    // A never had B's card before the reveal: it came with it.
    assert.deepEqual(framesWithPoint(pa.frames.slice(0, upto1.get(pa)), move.B), [], 'A\'s frames before B played');
    // The leaders rode to their points.
    const b = lastBattle(pa.frames, campaign, battle);
    assert.deepEqual(b.leaders.find((l) => l.id === LEADER.A).position, move.A);
    assert.deepEqual(b.leaders.find((l) => l.id === LEADER.B).position, move.B);
    for (const u of [pa, pb]) assert.equal(await u.page.getByTestId('talk-panel').getAttribute('data-open'), 'false');
  });

  let beside;
  await step('the umpire stands A\'s leader beside B\'s (an override with a reason)', async () => {
    beside = [Math.round((move.B[0] - 3) * 100) / 100, Math.round(move.B[1] * 100) / 100];
    await U.ok('battle.override', { campaign, battle, what: 'move', leader: LEADER.A, position: beside, reason: 'the leaders meet under a flag of truce' });
    // And the 33rd shuffles forward (the replay shows it in turn 3's table, not in turn 2's).
    await U.ok('battle.override', { campaign, battle, what: 'move', unit: UNIT.A, position: UNIT_MOVED, facing: 0, reason: 'the 33rd dresses its ranks' });
    for (const u of [pa, pb]) {
      await waitForBattle(u, (b) => JSON.stringify(b.leaders.find((l) => l.id === LEADER.A).position) === JSON.stringify(beside), 'A\'s leader beside B\'s');
    }
    // A's Talk card now offers B as beside him.
    await el(pa.page, 'card-option', { card: 'talk' }).click();
    await pa.page.locator(`[data-testid="card-leader"] option[value="${LEADER.B}"]`).filter({ hasText: 'beside you' }).waitFor({ state: 'attached' });
  });

  let upto2;
  await step('turn 2: B plays first (a short Move, still beside A); A and the observer see that he played, not where', async () => {
    // Within talk distance of A's leader after the move.
    move.B2 = await playMove(pb, users.b.user, [beside[0] + 1.3, beside[1] + 2.1], 2);
    const d = Math.hypot(move.B2[0] - beside[0], move.B2[1] - beside[1]);
    assert.ok(d < 4.5, `B stays beside A (${d.toFixed(2)} cm)`);
    t.diagnostic(`Move points (the markers): A ${JSON.stringify(move.A)}, B ${JSON.stringify(move.B)}, B in turn 2 ${JSON.stringify(move.B2)}`);
    await el(umpire.page, 'battle-umpire-card', { user: users.b.user, card: 'move' }).waitFor();
    await assertHiddenFrom(pa, 'A', users.b.user, move.B2);
    await assertHiddenFrom(obs, 'the observer', users.b.user, move.B2);
  });

  await step('turn 2: A plays Talk to B; after the reveal the talk panel opens on both pages, not the observer\'s', async () => {
    upto2 = new Map([umpire, pa, pb, obs].map((u) => [u, u.frames.length]));
    const page = pa.page;
    await el(page, 'card-option', { card: 'talk' }).click();
    await page.getByTestId('card-leader').selectOption(String(LEADER.B));
    await page.getByTestId('card-play').click();
    for (const u of [umpire, pa, pb, obs]) await el(u.page, 'battle-turn', { turn: 3 }).waitFor();
    await assertRevealed(pa, 'A', 2, move.B2, upto2.get(pa));
    await assertRevealed(obs, 'the observer', 2, move.B2, upto2.get(obs));
    for (const u of [pa, pb]) {
      await el(u.page, 'talk-panel', { open: 'true' }).waitFor();
      await u.page.getByTestId('talk-input').waitFor();
    }
    assert.equal(await obs.page.getByTestId('talk-panel').getAttribute('data-open'), 'false');
    assert.equal(await obs.page.getByTestId('talk-input').isVisible(), false, 'no talk input for the observer');
    const b = lastBattle(pb.frames, campaign, battle);
    assert.deepEqual(b.channels, [{ a: Math.min(users.a.user, users.b.user), b: Math.max(users.a.user, users.b.user) }]);
  });

  await step('talk: A\'s message reaches B and the umpire, B\'s answer reaches A; nothing reaches the observer', async () => {
    const say = async (from, text) => {
      await from.page.getByTestId('talk-input').fill(text);
      await from.page.getByTestId('talk-send').click();
    };
    await say(pa, `${M.talkA} shall we parley?`);
    for (const u of [pb, umpire, pa]) await u.page.getByTestId('talk-item').filter({ hasText: M.talkA }).waitFor();
    await say(pb, `${M.talkB} never, monsieur`);
    for (const u of [pa, umpire, pb]) await u.page.getByTestId('talk-item').filter({ hasText: M.talkB }).waitFor();
    // The observer's page is brought past the talk (an override the observer sees: A's leader steps back), so
    // that anything the talk sent it would be in its frames by now.
    await U.ok('battle.override', { campaign, battle, what: 'move', leader: LEADER.A, position: [beside[0], beside[1] - 1], reason: 'a step back' });
    await pageCaughtUp(obs, U, campaign);
    const text = await bodyText(obs.page);
    for (const m of Object.values(M)) {
      assert.ok(!text.includes(m), `the observer's page shows ${m}`);
      assert.deepEqual(obs.frames.filter((f) => f.includes(m)).map((f) => f.slice(0, 200)), [], `the observer's frames with ${m}`);
      for (const u of [umpire, pa, pb]) assert.ok(u.frames.some((f) => f.includes(m)), `a page in the channel received ${m}`);
    }
    assert.equal(await obs.page.getByTestId('talk-item').count(), 0);
    // Every view each page received, replayed: no card of another before a reveal, no talk of another channel.
    assertViewsClean(pa.frames, campaign, users.a.user, 'A');
    assertViewsClean(pb.frames, campaign, users.b.user, 'B');
    assertViewsClean(obs.frames, campaign, null, 'the observer');
    for (const u of [umpire, pa, pb, obs]) assert.deepEqual(u.pageErrors, []);
  });

  await step('the replay on A\'s page: the table as turn 1 opened, then turn 2, then turn 3, beside each turn\'s lines', async () => {
    const page = pa.page;
    const b = await waitForBattle(pa, (x) => Array.isArray(x.history) && x.history.filter((f) => !f.end).length >= 3, 'three frames in the history');
    assert.deepEqual(b.history.filter((f) => !f.end).map((f) => f.turn).slice(0, 3), [1, 2, 3], 'a frame per turn, in order');
    await page.getByTestId('battle-replay').scrollIntoViewIfNeeded();
    // The slider to its first frame, as a hand on it would.
    await page.getByTestId('battle-replay-turn').evaluate((s) => { s.value = s.min; s.dispatchEvent(new Event('input', { bubbles: true })); });
    const where = async (id, data) => {
      const g = el(page.getByTestId('battle-replay-map'), id, data);
      return [Number(await g.getAttribute('data-x')), Number(await g.getAttribute('data-y'))];
    };
    const frame = async (i, label) => {
      await el(page, 'battle-replay', { frame: i }).waitFor();
      assert.equal(await page.getByTestId('battle-replay-label').innerText(), label);
    };
    await frame(0, 'Turn 1');
    assert.deepEqual(await where('battle-replay-leader', { leader: LEADER.A }), START.A, 'turn 1: A\'s leader where the battle began');
    assert.deepEqual(await where('battle-replay-unit', { unit: UNIT.A }), START.A, 'turn 1: the 33rd where the battle began');
    await el(page.getByTestId('battle-replay-lines'), 'battle-log-item', { turn: 1, phase: 'reveal' }).waitFor();
    assert.equal(await el(page.getByTestId('battle-replay-lines'), 'battle-log-item', { turn: 2 }).count(), 0, 'only turn 1\'s lines beside it');

    await page.getByTestId('battle-replay-next').click();
    await frame(1, 'Turn 2');
    assert.deepEqual(await where('battle-replay-leader', { leader: LEADER.A }), move.A, 'turn 2: A\'s leader where his Move card took him');
    assert.deepEqual(await where('battle-replay-unit', { unit: UNIT.A }), START.A, 'turn 2: the 33rd not yet moved');
    await el(page.getByTestId('battle-replay-lines'), 'battle-log-item', { turn: 2, phase: 'reveal' }).waitFor();

    await page.getByTestId('battle-replay-next').click();
    await frame(2, 'Turn 3');
    assert.deepEqual(await where('battle-replay-unit', { unit: UNIT.A }), UNIT_MOVED, 'turn 3: the 33rd where the umpire moved it');
    assert.deepEqual(await where('battle-replay-leader', { leader: LEADER.A }), beside, 'turn 3: A\'s leader beside B\'s');
    // The live map has the 33rd there too (drawn by the same code).
    assert.equal(await el(page.getByTestId('battle-map'), 'battle-unit', { unit: UNIT.A }).getAttribute('data-x'), String(UNIT_MOVED[0]));
    for (const u of [umpire, pa, pb, obs]) assert.deepEqual(u.pageErrors, []);
  });
});
