// Side channels (docs/protocol.md, "Views and versions" and "Dice"): a viewer's frames tell him nothing he
// may not know, not even that something he may not see happened.
//   - B gets no frame at all when the umpire writes a private note, rolls blind, adjusts A's colonel, or moves
//     A's concealed unit, or when A submits his diary or chooses his objective; his version stays.
//   - no frame B ever gets carries the campaign's event seq (the text "seq" appears in none).
//   - away and back: B resubscribing with `since` after only hidden events gets an empty patch at the same
//     version; after hidden and visible ones, one patch and one version per change he may see.
//   - a campaign that does not exist and one of others answer every command alike.
//   - open rolls' counters do not move for blind rolls; each colonel's month rolls in his own stream; after the
//     seed is revealed every roll recomputes from its stream and counter.
// One campaign: an umpire U, players A and B, an observer O, each with one socket, every frame recorded.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { connect } from './lib/client.mjs';
import { battleTable } from './lib/battle_table.mjs';
import { rawFace, verifyRolls } from './lib/dice.mjs';

const SEC = 1000;
const QUIET = { maintained: 10, declared: 10, pay: 'pay' };
let server;
let users; // {umpire, a, b, o}: newUser's
let U, A, B, O;
let campaign;
const bSockets = []; // every socket B used
const sockets = [];

before(async () => {
  server = await startServer({ args: ['--ws-rate', '2000', '--ws-burst', '2000'] });
  const table = await battleTable(server, {
    name: 'Side channels', umpire: 'side_umpire', players: { a: 'side_player_a', b: 'side_player_b' }, observers: { o: 'side_observer' },
  });
  ({ campaign, users } = table);
  ({ umpire: U, a: A, b: B, o: O } = table.clients);
  sockets.push(U, A, B, O);
  bSockets.push(B);
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

/** Every socket has the pushes of everything committed so far. */
async function settle() {
  for (const c of [U, A, B, O]) await c.caughtUp(campaign, 3 * SEC);
  for (const c of [U, A, B, O]) assert.deepEqual(c.problems, [], 'pushes applied cleanly');
}

/**
 * Runs `action`, then checks that each socket of `blind` got no frame at all but the replies to its own
 * round trips (no push, no version change) and that each of `seeing` got exactly one more version.
 */
async function unseen(what, action, { blind = [B, O], seeing = [U] } = {}) {
  await settle();
  const was = new Map([...blind, ...seeing].map((c) => [c, { messages: c.messages.length, version: c.version(campaign) }]));
  const ownIds = new Map(blind.map((c) => [c, c.nextId]));
  await action();
  await settle();
  for (const c of blind) {
    const since = c.messages.slice(was.get(c).messages);
    const foreign = since.filter((m) => !('reply' in m) || m.reply < ownIds.get(c));
    assert.deepEqual(foreign, [], `${what}: a blind socket got a frame`);
    assert.equal(c.version(campaign), was.get(c).version, `${what}: a blind socket's version stayed`);
  }
  for (const c of seeing) assert.equal(c.version(campaign), was.get(c).version + 1, `${what}: one change for those who see it`);
}

test('setup: colonels, regiments, the year started', async () => {
  await A.ok('colonel.create', { campaign, name: 'Kemp' });
  await B.ok('colonel.create', { campaign, name: 'Dartington' });
  for (const [regiment, c, amount] of [[5, A, 300], [9, B, 200]]) {
    await U.ok('auction.open', { campaign, regiment });
    await c.ok('auction.bid', { campaign, amount });
    await U.ok('auction.close', { campaign });
  }
  await U.ok('year.start', { campaign, year: '1745', month: 4 });
  await settle();
  assert.equal(B.view(campaign).year.regiments.length, 2);
});

test('B and the observer get no frame for what they may not see', async () => {
  await unseen('a private note', () => U.ok('notice.post', { campaign, text: 'The bridge is mined.', private: true }));
  await unseen('a blind roll', () => U.ok('dice.roll', { campaign, dice: '3d6', reason: 'the mine', private: true }));
  await unseen('A\'s diary', () => A.ok('diary.submit', { campaign, activity: 'supervise', supervise: 'drill', orders: { ...QUIET, drill: true }, text: 'Drill, drill.' }),
    { seeing: [U, A] });
  await unseen('A\'s objective', () => A.ok('objective.choose', { campaign, kind: 'glory' }), { seeing: [U, A] });
  await unseen('A\'s adjustment', () => U.ok('colonel.adjust', { campaign, colonel: users.a.user, field: 'pip', value: 40, reason: 'a gift' }),
    { seeing: [U, A] });
  await unseen('a second diary of A', () => A.ok('diary.submit', { campaign, activity: 'supervise', supervise: 'drill', orders: { ...QUIET, drill: true, musketry: true }, text: 'And muskets.' }),
    { seeing: [U, A] });
  // And what B may see moves his version by one: a public notice.
  await unseen('a public notice', () => U.ok('notice.post', { campaign, text: 'Orders of the day.' }), { blind: [], seeing: [U, A, B, O] });
});

test('away and back: hidden events alone give an empty patch at the same version; visible ones one version each', async () => {
  await settle();
  const b0 = B.version(campaign);
  const saved = new Map(B.views);
  const B2 = await connect(server, users.b.cookie, { seedViews: saved });
  sockets.push(B2);
  bSockets.push(B2);
  // B's only socket goes away; meanwhile only what he may not see (one of them a whole-view change).
  await B.close();
  await U.ok('notice.post', { campaign, text: 'Away: a note.', private: true });
  await A.ok('diary.submit', { campaign, activity: 'business', orders: QUIET, text: 'Business while B is away.' });
  await U.ok('dice.roll', { campaign, dice: 'd6', private: true });
  let r = await B2.subscribe(campaign, { since: b0 });
  assert.equal(r.reply.body.version, b0, 'the same version');
  assert.deepEqual(r.push.patch, [], 'an empty patch: nothing changed for him');
  assert.deepEqual(B2.view(campaign), saved.get(campaign).view);
  await B2.close();

  // Away again; hidden events and two he may see (a chat and an open roll), in between.
  const B3 = await connect(server, users.b.cookie, { seedViews: saved });
  sockets.push(B3);
  bSockets.push(B3);
  await A.ok('diary.submit', { campaign, activity: 'politics', orders: QUIET, text: 'Politics now.' });
  await A.ok('chat.say', { campaign, text: 'Where is Dartington?' });
  await U.ok('colonel.adjust', { campaign, colonel: users.a.user, field: 'fortune', value: 999, reason: 'prize money' });
  await A.ok('dice.roll', { campaign, dice: '2d6', reason: 'weather' });
  await U.ok('notice.post', { campaign, text: 'Another note.', private: true });
  r = await B3.subscribe(campaign, { since: b0 });
  assert.ok('patch' in r.push, 'caught up with a patch, though whole-view changes happened meanwhile');
  assert.equal(r.reply.body.version, b0 + 2, 'one version per change he may see');
  const fresh = await connect(server, users.b.cookie);
  sockets.push(fresh);
  bSockets.push(fresh);
  const full = await fresh.subscribe(campaign);
  assert.deepEqual(B3.view(campaign), full.view, 'the patched view is the whole view');
  assert.equal(full.reply.body.version, b0 + 2);
  await fresh.close();
  B = B3;
  assert.deepEqual(B3.problems, []);
});

test('a concealed unit overridden by the umpire: no frame to the enemy or the observer', async () => {
  const created = await U.ok('battle.create', {
    campaign, name: 'Hidden Hollow', sides: [{ id: 'british', name: 'Government' }, { id: 'jacobite', name: 'Jacobites' }],
    leaders: [
      { user: users.a.user, side: 'british', name: 'Colonel Kemp', position: [40, 20] },
      { user: users.b.user, side: 'jacobite', name: 'Lord George', position: [40, 100] },
    ],
    units: [
      { id: 1, side: 'british', owner: users.a.user, name: 'Hidden Foot', troop_type: 'formed_infantry', position: [150, 20], facing: 0, concealed: true },
      { id: 2, side: 'jacobite', owner: users.b.user, name: 'The Clan', troop_type: 'irregulars', position: [40, 100], facing: 180 },
    ],
    settings: { chat_closed: false },
  });
  await U.ok('battle.start', { campaign, battle: created.battle });
  await unseen('moving a concealed unit', () => U.ok('battle.override', {
    campaign, battle: created.battle, what: 'move', unit: 1, position: [155, 25], reason: 'it creeps along the hedge',
  }), { seeing: [U, A] });
  await unseen('a concealed unit\'s TP', () => U.ok('battle.override', {
    campaign, battle: created.battle, what: 'tp', unit: 1, value: 2, reason: 'cold and wet',
  }), { seeing: [U, A] });
});

test('no frame B or the observer ever got carries the campaign\'s seq', () => {
  for (const [who, c] of [...bSockets.map((b, i) => [`B#${i}`, b]), ['O', O], ['A', A]]) {
    assert.ok(c.frames.length > 0, `${who} got frames`);
    const hits = c.frames.filter((f) => f.includes('"seq"'));
    assert.deepEqual(hits.map((f) => f.slice(0, 300)), [], `${who}: frames with a "seq"`);
  }
});

test('a campaign that does not exist and one of others answer alike, everywhere a campaign id is taken', async () => {
  const { newUser } = await import('./lib/client.mjs');
  const X = await connect(server, (await newUser(server, 'side_outsider')).cookie);
  sockets.push(X);
  const missing = campaign + 1000;
  const commands = [
    ['campaign.subscribe', {}], ['campaign.subscribe', { since: 5 }], ['campaign.unsubscribe', {}],
    ['chat.say', { text: 'hello?' }], ['dice.roll', { dice: 'd6' }], ['notice.post', { text: 'x' }],
    ['campaign.invite', { role: 'player' }], ['campaign.close', {}], ['colonel.create', { name: 'Spy' }],
    ['diary.submit', { activity: 'business' }], ['month.resolve', {}], ['battle.create', { name: 'x', sides: [] }],
    ['battle.override', { battle: 1, what: 'tp', unit: 1, value: 0, reason: 'x' }],
  ];
  for (const [type, body] of commands) {
    const foreign = await X.send(type, { ...body, campaign });
    const none = await X.send(type, { ...body, campaign: missing });
    assert.equal(foreign.ok, false, `${type}: refused`);
    assert.equal(foreign.error.code, 'not_found', `${type} to a campaign of others: ${JSON.stringify(foreign)}`);
    const shape = (r) => JSON.stringify({ ...r, reply: 0 }).replace(String(r === foreign ? campaign : missing), 'N');
    assert.equal(shape(foreign), shape(none), `${type}: the same answer`);
  }
  assert.deepEqual(X.pushes, [], 'no push of the campaign');
  assert.ok(!X.frames.some((f) => f.includes('Side channels')), 'not even its name');
});

test('dice: open counters ignore blind rolls, each colonel rolls in his own stream, and all recompute from the seed', async () => {
  await settle();
  const first = await A.ok('dice.roll', { campaign, dice: '2d6', reason: 'before the blind rolls' });
  for (let i = 0; i < 3; i++) await U.ok('dice.roll', { campaign, dice: '4d6', private: true });
  const second = await B.ok('dice.roll', { campaign, dice: 'd6', reason: 'after the blind rolls' });
  await settle();
  const rolls = B.view(campaign).rolls;
  const c1 = rolls[String(first.id)].counters;
  assert.deepEqual(rolls[String(second.id)].counters, [c1[1] + 1], 'the next open die follows the last, blind rolls or not');
  assert.equal(second.id, first.id + 1, 'and the open rolls are numbered among themselves');

  // The month: each colonel's rolls in his own stream, numbered from 0 within it.
  await U.ok('month.resolve', { campaign });
  await settle();
  const reportOf = (c, who) => Object.values(c.view(campaign).year.colonels[String(who.user)].reports)[0];
  const ra = reportOf(A, users.a);
  const rb = reportOf(B, users.b);
  assert.ok(ra.rolls.length >= 1 && rb.rolls.length >= 1, 'both colonels rolled');
  for (const [r, who] of [[ra, users.a], [rb, users.b]]) {
    r.rolls.forEach((roll, i) => {
      assert.equal(roll.stream, `colonel:${who.user}`);
      assert.equal(roll.index, i, 'the index counts his own dice');
      assert.equal(roll.counter, i, 'his stream starts at 0: the other colonel\'s dice are not counted');
    });
  }

  const { seed } = await U.ok('campaign.close', { campaign });
  await settle();
  const seedBytes = Buffer.from(seed, 'hex');
  for (const r of [ra, rb]) for (const roll of r.rolls) assert.equal(rawFace(seedBytes, roll.stream, roll.counter, 6), roll.die);
  const uv = U.view(campaign);
  assert.deepEqual(verifyRolls(seed, [...Object.values(uv.rolls), ...Object.values(uv.blind_rolls)]), []);
  assert.deepEqual(verifyRolls(seed, Object.values(B.view(campaign).rolls)), [], 'B checks the open rolls of his view');
});
