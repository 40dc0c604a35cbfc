// A send sent twice (docs/protocol.md, "A send sent twice"): a command with a `key` that committed is answered as
// done when the same member sends the same key again — its reply was lost with the line and the page sends its kept
// command again. It is not done twice, nor refused as stale for a turn or month it closed itself; the key is
// remembered across a crash. A new key is decided as ever, another member's same key is his own, and a key that is
// not 1-64 letters, digits, '-' or '_' is refused with nothing changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { connect, uniqueName } from './lib/client.mjs';
import { battleTable } from './lib/battle_table.mjs';

test('a send whose key committed is answered as done, not done twice, even after the turn it closed and a crash', { timeout: 90000 }, async (t) => {
  const server = await startServer();
  const table = await battleTable(server, { name: 'Sent Twice', umpire: uniqueName('stu'), players: { a: uniqueName('sta'), b: uniqueName('stb') } });
  let sockets = table.everyone;
  t.after(async () => {
    for (const c of sockets) await c.close().catch(() => {});
    await server.cleanup();
  });
  const { campaign, users } = table;
  let { umpire: U, a: A, b: B } = table.clients;
  const battle = (await U.ok('battle.create', {
    campaign, name: 'The Tunnel',
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
    leaders: [{ user: users.a.user, side: 'british', name: 'Kemp', position: [40, 40] },
      { user: users.b.user, side: 'french', name: 'Dartois', position: [140, 80] }],
    units: [{ side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0 }],
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  const bv = async () => (await U.caughtUp(campaign)).battles[String(battle)];
  const keyed = (key) => ({ extra: { key } });

  // His card for turn 1, sent with a key; the same key again (even with another card) is done already.
  assert.deepEqual(await A.ok('card.play', { campaign, battle, turn: 1, card: 'inspire' }, keyed('card-1-a')), { turn: 1 });
  const before = { u: await U.caughtUp(campaign).then(() => U.version(campaign)), a: await A.caughtUp(campaign).then(() => A.version(campaign)) };
  assert.deepEqual(await A.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' }, keyed('card-1-a')), { repeated: true });
  await U.caughtUp(campaign);
  await A.caughtUp(campaign);
  assert.equal(U.version(campaign), before.u, 'the umpire\'s view did not change');
  assert.equal(A.version(campaign), before.a, 'nor his');
  assert.equal((await bv()).boxes.cards.items.find((i) => i.user === users.a.user).item.card, 'inspire', 'his first card stands');

  // Another member's same key is his own: B's card goes in, and closes the turn.
  assert.deepEqual(await B.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' }, keyed('card-1-a')), { turn: 1 });
  const b2 = await U.waitForView(campaign, (v) => v.battles[String(battle)].turn === 2, 10000, 'turn 2');
  assert.equal(b2.battles[String(battle)].turn, 2);

  // Turn 1 has closed: his kept card again is done, not stale; the same card with a new key is stale.
  assert.deepEqual(await A.ok('card.play', { campaign, battle, turn: 1, card: 'inspire' }, keyed('card-1-a')), { repeated: true });
  const stale = await A.send('card.play', { campaign, battle, turn: 1, card: 'inspire' }, keyed('card-1-b'));
  assert.equal(stale.ok, false);
  assert.equal(stale.error.code, 'stale');

  // Keys that are not names: refused, nothing changed.
  const v = U.version(campaign);
  for (const key of ['', 'has space', 'x'.repeat(65), 7, null, 'ünïcode']) {
    const r = await A.send('card.play', { campaign, battle, turn: 2, card: 'inspire' }, keyed(key));
    assert.equal(r.ok, false, JSON.stringify(key));
    assert.equal(r.error.code, 'bad_request');
    assert.match(r.error.message, /"key" must be 1 to 64 letters, digits, '-' or '_'/);
  }
  await U.caughtUp(campaign);
  assert.equal(U.version(campaign), v, 'nothing changed');
  assert.deepEqual((await bv()).boxes.cards.submitted, []);

  // Turn 2's card with a key; the server crashes; after it, the key is still known.
  assert.deepEqual(await A.ok('card.play', { campaign, battle, turn: 2, card: 'inspire' }, keyed('card-2-a')), { turn: 2 });
  for (const c of sockets) await c.close().catch(() => {});
  await server.kill();
  await server.start();
  [U, A] = [await connect(server, users.umpire.cookie), await connect(server, users.a.cookie)];
  sockets = [U, A];
  await U.subscribe(campaign);
  assert.deepEqual(await A.ok('card.play', { campaign, battle, turn: 2, card: 'no_action' }, keyed('card-2-a')), { repeated: true });
  assert.equal((await bv()).boxes.cards.items.find((i) => i.user === users.a.user).item.card, 'inspire', 'his card of before the crash stands');

  // The diary too: sent with a key, the month resolved, sent again: done, not stale.
  await A.ok('colonel.create', { campaign, name: 'Kemp' });
  await U.ok('year.start', { campaign, year: '174-', month: 3 });
  await A.ok('diary.submit', { campaign, activity: 'politics', text: 'Wrote to my agent.', turn: 1 }, keyed('diary-1'));
  await U.ok('month.resolve', { campaign });
  assert.deepEqual(await A.ok('diary.submit', { campaign, activity: 'politics', text: 'Wrote to my agent.', turn: 1 }, keyed('diary-1')), { repeated: true });
  const again = await A.send('diary.submit', { campaign, activity: 'politics', text: 'Wrote to my agent.', turn: 1 }, keyed('diary-1-again'));
  assert.equal(again.error?.code, 'stale');
});
