// Stale battle commands over real frames (docs/protocol.md, "Battles": "The moment a command was meant for"):
// every command that depends on the moment carries the turn its sender saw (and battle.step the step); one that
// is not the battle's now is `stale` and changes nothing, "so a double click or two umpires do one thing, and a
// card sent just after the turn closed does not count for the next".
//
// One campaign: two umpires U1 and U2 (each on his own socket), players A (british) and B (french), an observer
// O. One battle, stepped by hand (auto_run off) for the step races, then with auto_run for the turn races.
//   - two umpires send battle.step for the same step at once, for every step of a turn: exactly one is applied
//     (its reply {step}), the other is refused `stale`; every socket gets exactly one push and its user's
//     version moves by one; the log grows by that one step's lines; the next step is the one after it.
//   - one umpire's double click (two battle.step frames at once on one socket): the same.
//   - commands naming the previous turn (card.play, card.withdraw, talk.say, battle.close_turn, battle.step) or a
//     turn to come: `stale` whatever the phase (also while a turn resolves, and for a step raced past the end
//     of its turn), no push to anyone, every version and view as before.
//   - two umpires close the same turn at once (auto_run on): one closes it, the other is `stale`.
//   - a card sent as the umpire closes the turn: counted for the turn it names, or refused `stale`; never in the
//     next turn's box.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { battleTable } from './lib/battle_table.mjs';
import { sleep } from './lib/client.mjs';

const STEPS = ['orders', 'movement', 'fire', 'reaction', 'melee', 'tension'];
const LEADER = { A: 1, B: 2 };
const UNIT = { A: 1, B: 2 };

let server;
let users;
let U1, U2, A, B, O;
let campaign, battle;
let settle, refused; // tests/integration/lib/battle_table.mjs
let everyone;

before(async () => {
  server = await startServer({ args: ['--ws-rate', '2000', '--ws-burst', '2000'] });
  const table = await battleTable(server, {
    name: 'Stale', umpire: 'st_umpire_1',
    players: { a: 'st_player_a', b: 'st_player_b' }, observers: { o: 'st_observer' }, umpires: { u2: 'st_umpire_2' },
  });
  ({ campaign, settle, refused, users, everyone } = table);
  ({ umpire: U1, u2: U2, a: A, b: B, o: O } = table.clients);
});

after(async () => {
  for (const c of everyone ?? []) await c.close().catch(() => {});
  await server?.cleanup();
});

const bv = (c) => c.view(campaign).battles[String(battle)];
const named = () => [['U1', U1], ['U2', U2], ['A', A], ['B', B], ['O', O]];
/** Where every socket stands: pushes received and its user's version. */
const mark = () => new Map(everyone.map((c) => [c, { pushes: c.pushes.length, version: c.version(campaign) }]));

test('set-up: a battle stepped by hand; turn 1 closed by the last card; both umpires see the same moment', async () => {
  battle = (await U1.ok('battle.create', {
    campaign, name: 'Stale Ford',
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
    leaders: [
      { id: LEADER.A, user: users.a.user, side: 'british', name: 'Kemp', position: [40, 40] },
      { id: LEADER.B, user: users.b.user, side: 'french', name: 'Dartois', position: [140, 80] },
    ],
    units: [
      { id: UNIT.A, side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0 },
      { id: UNIT.B, side: 'french', owner: users.b.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: [140, 80], facing: 180 },
    ],
    settings: { auto_run: false },
  })).battle;
  await U2.ok('battle.start', { campaign, battle }); // the second umpire is an umpire
  await settle();
  await A.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' });
  await B.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' });
  await settle();
  for (const [who, c] of named()) {
    assert.deepEqual([bv(c).status, bv(c).turn, bv(c).next_step], ['resolving', 1, 'orders'], `${who}: turn 1 revealed, nothing applied`);
  }
});

/**
 * `senders` send battle.step for the step both umpires see next, all at once. Exactly one is applied, the others
 * are `stale` (after the last step of a turn too, though the next turn's cards are open by then: a turn that has
 * passed is stale whatever the phase now) and change nothing: every socket gets one push (every step leaves a
 * public line) and nothing more.
 */
async function raceStep(senders, what) {
  await settle();
  const turn = bv(U1).turn;
  const step = bv(U1).next_step;
  assert.deepEqual([bv(U2).turn, bv(U2).next_step], [turn, step], `${what}: both umpires see turn ${turn}, step ${step}`);
  const logBefore = bv(U1).log.length;
  const was = mark();
  const body = { campaign, battle, turn, step };
  const replies = await Promise.all(senders.map((c) => c.send('battle.step', body)));
  const ok = replies.filter((r) => r.ok);
  const refusedReplies = replies.filter((r) => !r.ok);
  assert.equal(ok.length, 1, `${what}: exactly one applied (${JSON.stringify(replies)})`);
  assert.deepEqual(ok[0].body, { step }, `${what}: the reply names the step applied`);
  assert.equal(refusedReplies.length, senders.length - 1);
  for (const r of refusedReplies) assert.equal(r.error?.code, 'stale', `${what}: the other is stale (${JSON.stringify(r.error)})`);
  await settle();
  await sleep(60); // a stray push from the refused one would be here by now
  for (const [who, c] of named()) {
    const w = was.get(c);
    assert.equal(c.pushes.length - w.pushes, 1, `${what}: one push to ${who}`);
    assert.equal(c.version(campaign) - w.version, 1, `${what}: ${who}'s version moved by one`);
  }
  // One step's lines, and the next step after it (or the next turn after the last).
  const added = bv(U1).log.slice(logBefore);
  assert.ok(added.length > 0, `${what}: the step wrote its lines`);
  for (const e of added) assert.deepEqual([e.turn, e.phase], [turn, step], `${what}: a line of another step: ${JSON.stringify(e).slice(0, 200)}`);
  const i = STEPS.indexOf(step);
  for (const [who, c] of named()) {
    const v = bv(c);
    if (i < STEPS.length - 1) assert.deepEqual([v.status, v.turn, v.next_step], ['resolving', turn, STEPS[i + 1]], `${what}: ${who} at the next step`);
    else assert.deepEqual([v.status, v.turn, v.next_step], ['cards', turn + 1, null], `${what}: ${who} in the next turn`);
  }
  for (const c of everyone) assert.deepEqual(c.problems, []);
}

test('two umpires step the same step at once: exactly one is applied, the other is stale, nothing else changes', async () => {
  for (const [i, step] of STEPS.entries()) {
    // Each umpire goes first on the wire in turn.
    await raceStep(i % 2 ? [U2, U1] : [U1, U2], `turn 1, ${step}`);
  }
});

test('one umpire\'s double click: two battle.step frames for one step, one applied, one stale', async () => {
  // Turn 2: both players play; the umpire closes nothing (the last card closed it).
  await A.ok('card.play', { campaign, battle, turn: 2, card: 'no_action' });
  await B.ok('card.play', { campaign, battle, turn: 2, card: 'no_action' });
  await settle();
  assert.deepEqual([bv(U1).status, bv(U1).turn, bv(U1).next_step], ['resolving', 2, 'orders']);
  await raceStep([U1, U1], 'turn 2, orders, double click');
  await raceStep([U2, U2, U1], 'turn 2, movement, three at once');
});

test('commands naming the previous turn, or one to come, are stale and change nothing', async () => {
  // Finish turn 2 by hand: turn 3 is open for cards.
  while (bv(U1).status === 'resolving') {
    await U1.ok('battle.step', { campaign, battle, turn: bv(U1).turn, step: bv(U1).next_step });
    await settle();
  }
  assert.deepEqual([bv(A).status, bv(A).turn], ['cards', 3]);
  await refused(A, 'card.play', { battle, turn: 2, card: 'no_action' }, 'stale', 'card.play naming the previous turn');
  await refused(A, 'card.play', { battle, turn: 1, card: 'move', to: [41, 41] }, 'stale', 'card.play naming turn 1');
  await refused(A, 'card.play', { battle, turn: 4, card: 'no_action' }, 'stale', 'card.play naming the next turn');
  await refused(A, 'battle.submit', { battle, turn: 2, box: 'cards', card: 'no_action' }, 'stale', 'battle.submit naming the previous turn');
  // A card in the box, then withdrawn for the wrong turn: it stays.
  await A.ok('card.play', { campaign, battle, turn: 3, card: 'order.fire', unit: UNIT.A });
  await settle();
  await refused(A, 'card.withdraw', { battle, turn: 2 }, 'stale', 'card.withdraw naming the previous turn');
  await refused(A, 'battle.withdraw', { battle, turn: 2, box: 'cards' }, 'stale', 'battle.withdraw naming the previous turn');
  assert.deepEqual(bv(A).boxes.cards.items, [{ user: users.a.user, side: 'british', item: { card: 'order.fire', unit: UNIT.A } }], 'his card stands');
  await refused(A, 'talk.say', { battle, turn: 2, to: users.b.user, text: 'about the last turn' }, 'stale', 'talk.say naming the previous turn');
  await refused(U2, 'battle.close_turn', { battle, turn: 2 }, 'stale', 'battle.close_turn naming the previous turn');
  await refused(U1, 'battle.close_turn', { battle, turn: 4 }, 'stale', 'battle.close_turn naming the next turn');
  await refused(A, 'battle.act', { battle, turn: 2 }, 'stale', 'battle.act naming the previous turn');
  // And the moment is not optional.
  await refused(A, 'card.play', { battle, card: 'no_action' }, 'bad_request', 'card.play without a turn');
  await refused(A, 'card.play', { battle, turn: null, card: 'no_action' }, 'bad_request', 'card.play with a null turn');
  await refused(U1, 'battle.close_turn', { battle }, 'bad_request', 'battle.close_turn without a turn');
  // The umpire closes turn 3 (A's card counts); B has not played.
  await U1.ok('battle.close_turn', { campaign, battle, turn: 3 });
  await settle();
  assert.equal(bv(U1).status, 'resolving');
  await refused(U2, 'battle.step', { battle, turn: 2, step: 'orders' }, 'stale', 'battle.step naming the previous turn');
  await refused(U2, 'battle.step', { battle, turn: 3, step: 'fire' }, 'stale', 'battle.step naming a step to come');
  await refused(U2, 'battle.step', { battle, turn: 3 }, 'bad_request', 'battle.step without its step');
  // A card for the turn being resolved is out of its phase (the turn is the same; the moment to play is gone);
  // one naming the turn before is stale whatever the phase.
  await refused(A, 'card.play', { battle, turn: 3, card: 'no_action' }, 'wrong_phase', 'card.play while resolving');
  await refused(A, 'card.play', { battle, turn: 2, card: 'no_action' }, 'stale', 'card.play naming the previous turn while resolving');
  await refused(A, 'talk.say', { battle, turn: 2, to: users.b.user, text: 'too late' }, 'stale', 'talk.say naming the previous turn while resolving');
  await refused(U1, 'battle.close_turn', { battle, turn: 2 }, 'stale', 'battle.close_turn naming the previous turn while resolving');
  const reveal = bv(O).log.filter((e) => e.turn === 3 && e.phase === 'reveal');
  assert.deepEqual(reveal.map((e) => e.details.cards), [[{ user: users.a.user, side: 'british', item: { card: 'order.fire', unit: UNIT.A } }]], 'A\'s card of turn 3, once');
  while (bv(U1).status === 'resolving') {
    await U1.ok('battle.step', { campaign, battle, turn: bv(U1).turn, step: bv(U1).next_step });
    await settle();
  }
  assert.deepEqual([bv(U1).status, bv(U1).turn], ['cards', 4]);
});

test('with auto_run, two umpires close the same turn at once: one closes it, the other is stale', async () => {
  await U1.ok('battle.settings', { campaign, battle, settings: { auto_run: true } });
  await settle();
  const turn = bv(U1).turn;
  const was = mark();
  const replies = await Promise.all([U1, U2].map((c) => c.send('battle.close_turn', { campaign, battle, turn })));
  assert.equal(replies.filter((r) => r.ok).length, 1, `one closed it: ${JSON.stringify(replies)}`);
  assert.deepEqual(replies.filter((r) => !r.ok).map((r) => r.error?.code), ['stale']);
  await settle();
  await sleep(60);
  for (const [who, c] of named()) {
    assert.deepEqual([bv(c).status, bv(c).turn], ['cards', turn + 1], `${who}: the next turn open`);
    // The close and the whole turn resolved in one commit: one push each.
    assert.equal(c.pushes.length - was.get(c).pushes, 1, `${who}: one push`);
  }
  assert.equal(bv(U1).log.filter((e) => e.turn === turn && e.phase === 'reveal').length, 1, 'revealed once');
});

test('a card sent as the umpire closes the turn counts for its own turn or is stale: never for the next', async () => {
  for (let round = 0; round < 4; round += 1) {
    await settle();
    const turn = bv(A).turn;
    assert.equal(bv(A).status, 'cards');
    const card = { campaign, battle, turn, card: 'move', to: [40 + round, 36] };
    // On the wire at once, in either order.
    const sends = round % 2
      ? [A.send('card.play', card), U2.send('battle.close_turn', { campaign, battle, turn })]
      : [U2.send('battle.close_turn', { campaign, battle, turn }), A.send('card.play', card)];
    const [r1, r2] = await Promise.all(sends);
    const [played, closed] = round % 2 ? [r1, r2] : [r2, r1];
    assert.equal(closed.ok, true, `the umpire closed turn ${turn}: ${JSON.stringify(closed)}`);
    await settle();
    const v = bv(U1);
    assert.equal(v.turn, turn + 1, 'the next turn is open');
    assert.deepEqual(v.boxes.cards.items, [], `turn ${turn + 1}'s box is empty: A's card of turn ${turn} is not in it`);
    const revealed = v.log.find((e) => e.turn === turn && e.phase === 'reveal').details.cards;
    if (played.ok) {
      assert.deepEqual(played.body, { turn }, 'counted for the turn it named');
      assert.deepEqual(revealed, [{ user: users.a.user, side: 'british', item: { card: 'move', to: card.to } }], 'in that turn\'s reveal');
    } else {
      assert.equal(played.error?.code, 'stale', `too late: stale (${JSON.stringify(played.error)})`);
      assert.deepEqual(revealed, [], 'nothing revealed for A');
    }
  }
  for (const c of everyone) assert.deepEqual(c.problems, []);
});
