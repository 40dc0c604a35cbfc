// Over the Hill battles over real WebSockets (docs/protocol.md, "Battles"):
// cards hidden until the reveal, talk only between adjacent leaders who played Talk, enemy attributes and
// exact TPs hidden, the table chat closed to the battle's players while it is fought, the turn sequence,
// the Records chart at the end, and bad input refused with its documented code and no change.
//
// One campaign: an umpire U, three players and an observer O. A and C lead the british side, B the french.
// Every raw frame each socket receives is recorded; every secret carries a marker that no public value can
// equal, searched in every frame of every socket that must not have it. Each socket's pushes are also
// replayed view by view and every intermediate view is checked structurally (enemy units without values,
// TPs or pending orders; no card but one's own before the reveal; no talk of another channel).
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/server.mjs';
import { connect, httpRequest } from './lib/client.mjs';
import { battleTable } from './lib/battle_table.mjs';
import { applyPatch } from './lib/patch.mjs';

const hex = () => randomBytes(5).toString('hex');

const MARK = {
  aMotto: `MOTTO-A-${hex()}`, // an umpire-set value of A's unit: A's side and the umpire only
  bMotto: `MOTTO-B-${hex()}`, // an umpire-set value of B's unit: B and the umpire only
  talkA: `TALK-A-${hex()}`,
  talkB: `TALK-B-${hex()}`,
  talkRefused: `TALK-REFUSED-${hex()}`,
  chatO: `CHAT-O-${hex()}`,
  chatAfter: `CHAT-AFTER-${hex()}`,
};
// A's move card in turn 1: coordinates no other value has (within 40 cm of A's leader at [40, 40]).
const MOVE_TO = [57.3113, 71.9029];
const MOVE_MARK = '57.3113';
const MOVE_MARK_Y = '71.9029';
const B_TP = 7; // set on B's unit by battle.override
const REPLIES = { steps: [] }; // reply bodies, checked against the protocol at the end

let server;
let pa, pb, pc, obs, ump;
let U, A, B, C, O;
let campaign, battle;
let settle, refused; // the table's (tests/integration/lib/battle_table.mjs): every socket caught up; a refusal that changed nothing
const sockets = [];
function track(c) { sockets.push(c); return c; }
const everyone = () => [U, A, B, C, O];
const LEADER = { A: 1, B: 2, C: 3 };
const UNIT = { A: 1, B: 2, C: 3 };

before(async () => {
  server = await startServer({ args: ['--ws-rate', '2000', '--ws-burst', '2000'] });
  const table = await battleTable(server, {
    name: 'Battles', umpire: 'bt_umpire',
    players: { a: 'bt_player_a', b: 'bt_player_b', c: 'bt_player_c' }, observers: { o: 'bt_observer' },
  });
  table.everyone.forEach(track);
  ({ campaign, settle, refused } = table);
  ({ umpire: ump, a: pa, b: pb, c: pc, o: obs } = table.users);
  ({ umpire: U, a: A, b: B, c: C, o: O } = table.clients);
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

/** An open box with nothing in it. */
function assertFreshBox(c, turn) {
  assert.deepEqual(bv(c).boxes.cards, { turn, revealed: false, submitted: [], items: [] }, `a fresh box for turn ${turn}`);
}
const bv = (c) => c.view(campaign).battles[String(battle)];
/**
 * What the sender saw (docs/protocol.md, "Battles": "The moment a command was meant for"): the turn of the battle
 * in his view, and for battle.step also the view's next_step.
 */
const at = (c) => ({ turn: bv(c).turn });
const atStep = (c) => ({ turn: bv(c).turn, step: bv(c).next_step });
const unitIn = (v, id) => v.units.find((u) => u.id === id);
const leaderIn = (v, id) => v.leaders.find((l) => l.id === id);

/** Every raw frame of `client` (or its first `upTo`) lacking `marker`. */
function assertNever(client, who, marker, upTo) {
  const frames = upTo === undefined ? client.frames : client.frames.slice(0, upTo);
  assert.ok(frames.length > 0, `${who} received frames`);
  const hits = frames.filter((f) => f.includes(marker));
  assert.deepEqual(hits.map((f) => f.slice(0, 300)), [], `${marker} reached ${who}`);
}
function assertGot(client, who, marker, from = 0) {
  assert.ok(client.frames.slice(from).some((f) => f.includes(marker)), `${who} received ${marker}`);
}

/**
 * Replays every push of `client` for the campaign and checks each intermediate battle view as `who` (a
 * player of side `side`, or the observer with side null) must see it.
 */
function assertEveryViewClean(client, who, me, side) {
  let view;
  let n = 0;
  for (const p of client.pushes) {
    if (p.push !== 'view' || p.campaign !== campaign) continue;
    view = 'view' in p ? structuredClone(p.view) : applyPatch(view, p.patch);
    n += 1;
    for (const [id, b] of Object.entries(view.battles ?? {})) {
      const at = `${who}, push version ${p.version}, battle ${id}`;
      // The book's bookkeeping (its `data`: docs/architecture.md, "Battles and rule sets"; `facts`) is for umpires only.
      for (const k of ['facts', 'data', 'regiment_of', 'ruleset_state']) assert.ok(!(k in b), `${at}: no ${k}`);
      for (const u of b.units ?? []) {
        if (side !== null && u.side === side) continue;
        const uat = `${at}, enemy unit ${u.id}`;
        for (const k of ['drill', 'musketry', 'effectiveness', 'motto']) assert.ok(!(k in (u.values ?? {})), `${uat}: no ${k}`);
        assert.ok(!('tension_points' in (u.markers ?? {})), `${uat}: no tension points`);
        assert.ok(!u.pending_order, `${uat}: no pending order`);
        if (u.order) assert.ok(['fire', 'retreat', 'run_away', 'charge'].includes(u.order.name), `${uat}: order ${u.order.name} not visible`);
      }
      const box = b.boxes?.cards;
      if (box && !box.revealed) {
        for (const item of box.items) assert.equal(item.user, me, `${at}: only his own card before the reveal: ${JSON.stringify(item)}`);
      }
      for (const m of b.talk ?? []) assert.ok(me !== null && (m.from === me || m.to === me), `${at}: talk of another channel ${JSON.stringify(m)}`);
      for (const ch of b.channels ?? []) assert.ok(me !== null && (ch.a === me || ch.b === me), `${at}: channel ${JSON.stringify(ch)}`);
      for (const e of b.log ?? []) {
        assert.ok(e.audience === 'all' || (e.audience === 'side' && side !== null && e.side === side) || (e.audience === 'user' && e.user === me),
          `${at}: log line not for him: ${JSON.stringify(e).slice(0, 200)}`);
      }
    }
  }
  assert.ok(n > 0, `${who}: pushes replayed`);
}

function assertAllViewsClean() {
  assertEveryViewClean(A, 'A', pa.user, 'british');
  assertEveryViewClean(C, 'C', pc.user, 'british');
  assertEveryViewClean(B, 'B', pb.user, 'french');
  assertEveryViewClean(O, 'O', null, null);
}

test('set-up: the umpire creates the battle; the chat is open in set-up; cards wait for the start', async () => {
  const created = await U.ok('battle.create', {
    campaign, name: 'Over the Hill',
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
    leaders: [
      { user: pa.user, side: 'british', name: 'Kemp', position: [40, 40] },
      { user: pb.user, side: 'french', name: 'Dartois', position: [60, 74] },
      { user: pc.user, side: 'british', name: 'Cope', position: [140, 40] },
    ],
    units: [
      { id: UNIT.A, side: 'british', owner: pa.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0,
        values: { drill: 5, musketry: 4, effectiveness: 3, motto: MARK.aMotto } },
      { id: UNIT.B, side: 'french', owner: pb.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: [60, 110], facing: 180,
        values: { drill: 1, musketry: 6, effectiveness: 5, motto: MARK.bMotto } },
      { id: UNIT.C, side: 'british', owner: pc.user, name: '45th Foot', troop_type: 'formed_infantry', position: [140, 40], facing: 0,
        values: { drill: 2, musketry: 2, effectiveness: 3 } },
    ],
  });
  REPLIES.create = created;
  await settle();
  // The battle's id: the reply's (documented) or, should the reply lack it, the view's only battle.
  battle = created.battle ?? Number(Object.keys(U.view(campaign).battles)[0]);
  assert.deepEqual(Object.keys(U.view(campaign).battles), [String(battle)]);
  for (const [who, c] of [['U', U], ['A', A], ['B', B], ['C', C], ['O', O]]) {
    const v = bv(c);
    assert.equal(v.status, 'setup', `${who}: status`);
    assert.equal(v.name, 'Over the Hill');
    assert.deepEqual(v.players, [pa.user, pb.user, pc.user].sort((x, y) => x - y), `${who}: players`);
    assert.deepEqual(v.leaders.map((l) => [l.id, l.user, l.side]),
      [[LEADER.A, pa.user, 'british'], [LEADER.B, pb.user, 'french'], [LEADER.C, pc.user, 'british']], `${who}: leaders`);
  }
  assert.deepEqual(bv(A).me, { leader: LEADER.A, side: 'british' });
  assert.deepEqual(bv(B).me, { leader: LEADER.B, side: 'french' });
  assert.deepEqual(bv(O).me, { leader: null, side: '' });
  // The owner and the umpire see the unit's values; the settings' defaults are as documented.
  assert.deepEqual(unitIn(bv(A), UNIT.A).values, { drill: 5, musketry: 4, effectiveness: 3, motto: MARK.aMotto });
  assert.deepEqual(unitIn(bv(U), UNIT.B).values, { drill: 1, musketry: 6, effectiveness: 5, motto: MARK.bMotto });
  const s = bv(U).settings;
  assert.deepEqual([s.talk_cm, s.with_unit_cm, s.auto_run, s.turn_seconds, s.chat_closed, s.apply_losses], [5, 2, true, 0, true, true]);

  // Not yet fought: the table chat is open to its players.
  await A.ok('chat.say', { campaign, text: 'before the battle' });
  // Cards wait for the start; only the umpire starts it.
  await refused(A, 'card.play', { battle, ...at(A), card: 'no_action' }, 'wrong_phase', 'card.play in set-up');
  await refused(A, 'battle.start', { battle }, 'forbidden', 'battle.start by a player');
  await refused(O, 'battle.start', { battle }, 'forbidden', 'battle.start by the observer');
  await U.ok('battle.start', { campaign, battle });
  await settle();
  for (const c of everyone()) {
    assert.equal(bv(c).status, 'cards');
    assert.equal(bv(c).turn, 1);
    assertFreshBox(c, 1);
  }
  await refused(U, 'battle.start', { battle }, 'conflict', 'battle.start twice');
  assertAllViewsClean();
});

test('the table chat is closed to the battle\'s players while it is fought, open to the observer', async () => {
  for (const [who, c] of [['A', A], ['B', B], ['C', C]]) {
    await refused(c, 'chat.say', { text: `${MARK.talkRefused} ${who}` }, 'forbidden', `chat.say by ${who} during the battle`);
  }
  const said = await O.ok('chat.say', { campaign, text: MARK.chatO });
  // docs/protocol.md, "chat.say": -> {"id"}, its key in `chat`.
  assert.deepEqual(Object.keys(said), ['id']);
  assert.equal(typeof said.id, 'number');
  await settle();
  for (const c of everyone()) {
    assert.equal(c.view(campaign).chat[String(said.id)].text, MARK.chatO);
    assertNever(c, 'anyone', MARK.talkRefused);
  }
});

let turn1Upto;
test('turn 1: cards are hidden until the reveal, then shown to all; the turn resolves when everyone has played', async () => {
  // An order to a unit he is with, then replaced by the move card (the marker).
  REPLIES.card = await A.ok('card.play', { campaign, battle, ...at(A), card: 'order.form_square', unit: UNIT.A });
  await A.ok('card.play', { campaign, battle, ...at(A), card: 'move', to: MOVE_TO });
  await settle();
  assert.deepEqual(bv(A).boxes.cards.items, [{ user: pa.user, side: 'british', item: { card: 'move', to: MOVE_TO } }], 'A sees his own card');
  assert.deepEqual(bv(U).boxes.cards.items, [{ user: pa.user, side: 'british', item: { card: 'move', to: MOVE_TO } }], 'the umpire sees every card');
  REPLIES.umpireBox = structuredClone(bv(U).boxes.cards);
  for (const [who, c] of [['B', B], ['C', C], ['O', O]]) {
    assert.deepEqual(bv(c).boxes.cards, { turn: 1, revealed: false, submitted: [pa.user], items: [] }, `${who}: who has played, not what`);
    assertNever(c, who, MOVE_MARK);
    assertNever(c, who, MOVE_MARK_Y);
  }
  assertGot(A, 'A', MOVE_MARK);
  assertGot(U, 'U', MOVE_MARK);

  // C plays Talk to A (not adjacent: used below), then B, the last player, closes the turn.
  await C.ok('card.play', { campaign, battle, ...at(C), card: 'talk', leader: LEADER.A });
  await settle();
  for (const [who, c] of [['B', B], ['O', O]]) assertNever(c, who, MOVE_MARK);
  assert.deepEqual(bv(B).boxes.cards.submitted, [pa.user, pc.user].sort((x, y) => x - y));
  assert.deepEqual(bv(B).boxes.cards.items, []);
  const logBefore = bv(U).log.length;
  const upto = new Map(everyone().map((c) => [c, c.frames.length]));
  await B.ok('card.play', { campaign, battle, ...at(B), card: 'no_action' });
  await settle();
  turn1Upto = upto;

  // Revealed to all at once, and resolved: turn 2 is open.
  const cards = [
    { user: pa.user, side: 'british', item: { card: 'move', to: MOVE_TO } },
    { user: pb.user, side: 'french', item: { card: 'no_action' } },
    { user: pc.user, side: 'british', item: { card: 'talk', leader: LEADER.A } },
  ].sort((x, y) => x.user - y.user);
  for (const [who, c] of [['U', U], ['A', A], ['B', B], ['C', C], ['O', O]]) {
    const v = bv(c);
    assert.equal(v.status, 'cards', `${who}: next turn open`);
    assert.equal(v.turn, 2, `${who}: turn 2`);
    assertFreshBox(c, 2);
    const reveal = v.log.filter((e) => e.phase === 'reveal' && e.turn === 1);
    assert.equal(reveal.length, 1, `${who}: one reveal line`);
    assert.deepEqual(reveal[0].details.cards, cards, `${who}: every card of turn 1 revealed`);
    assert.equal(reveal[0].audience, 'all');
    assert.equal(reveal[0].text, 'Turn 1: the cards are revealed.', `${who}: the reveal line`);
    assert.deepEqual(leaderIn(v, LEADER.A).position, MOVE_TO, `${who}: A's leader rode to the card's point`);
    assertGot(c, who, MOVE_MARK, upto.get(c));
  }
  const log = bv(U).log;
  assert.ok(log.length > logBefore, 'the log grew');
  assert.deepEqual(log.slice(logBefore).map((e) => e.phase).filter((p, i, a) => a.indexOf(p) === i)[0], 'reveal');
  assert.ok(log.some((e) => e.turn === 1 && e.phase === 'orders' && e.text === 'Kemp rides to a new position.'), 'the move is in the log');
  assertAllViewsClean();
});

test('talk: refused when not adjacent and without the Talk card; delivered only to the two and the umpire', async () => {
  // C played Talk to A in turn 1, but their leaders are far apart.
  await refused(C, 'talk.say', { battle, ...at(C), to: pa.user, text: `${MARK.talkRefused} C` }, 'not_adjacent', 'talk C -> A, not adjacent');
  // A and B stand together now (3.4 cm), but neither played Talk to the other.
  await refused(A, 'talk.say', { battle, ...at(A), to: pb.user, text: `${MARK.talkRefused} A` }, 'no_talk_card', 'talk A -> B without the card');
  await refused(B, 'talk.say', { battle, ...at(B), to: pa.user, text: `${MARK.talkRefused} B` }, 'no_talk_card', 'talk B -> A without the card');
  await refused(O, 'talk.say', { battle, ...at(O), to: pa.user, text: `${MARK.talkRefused} O` }, 'forbidden', 'talk by the observer');
  await refused(A, 'talk.say', { battle, ...at(A), to: obs.user, text: `${MARK.talkRefused} A2` }, 'not_found', 'talk to someone with no leader');
  for (const c of everyone()) assert.deepEqual(bv(c).talk, []);

  // Turn 2: A plays Talk to B; C does not play; the umpire closes the turn.
  await A.ok('card.play', { campaign, battle, ...at(A), card: 'talk', leader: LEADER.B });
  await B.ok('card.play', { campaign, battle, ...at(B), card: 'no_action' });
  await settle();
  assert.equal(bv(U).status, 'cards', 'C has not played: the turn stays open');
  await refused(A, 'battle.close_turn', { battle, ...at(A) }, 'forbidden', 'battle.close_turn by a player');
  await U.ok('battle.close_turn', { campaign, battle, ...at(U) });
  await settle();
  for (const c of everyone()) assert.equal(bv(c).turn, 3);
  for (const c of [U, A, B]) assert.deepEqual(bv(c).channels, [{ a: pa.user, b: pb.user }]);
  for (const c of [C, O]) assert.deepEqual(bv(c).channels, []);

  const from = new Map(everyone().map((c) => [c, c.frames.length]));
  await A.ok('talk.say', { campaign, battle, ...at(A), to: pb.user, text: `${MARK.talkA} a parley?` });
  await B.ok('talk.say', { campaign, battle, ...at(B), to: pa.user, text: `${MARK.talkB} never` });
  await settle();
  for (const [who, c] of [['U', U], ['A', A], ['B', B]]) {
    assertGot(c, who, MARK.talkA, from.get(c));
    assertGot(c, who, MARK.talkB, from.get(c));
    assert.deepEqual(bv(c).talk.map((m) => [m.turn, m.from, m.to, m.text]),
      [[3, pa.user, pb.user, `${MARK.talkA} a parley?`], [3, pb.user, pa.user, `${MARK.talkB} never`]], `${who}: the talk`);
  }
  for (const [who, c] of [['C', C], ['O', O]]) {
    assertNever(c, who, MARK.talkA);
    assertNever(c, who, MARK.talkB);
    assert.deepEqual(bv(c).talk, [], `${who}: no talk`);
  }
  // C is not in the channel: refused, nothing delivered.
  await refused(C, 'talk.say', { battle, ...at(C), to: pb.user, text: `${MARK.talkRefused} C2` }, 'not_adjacent', 'talk C -> B');
  for (const c of everyone()) assertNever(c, 'anyone', MARK.talkRefused);
  assertAllViewsClean();
});

test('enemy attributes and exact TPs are hidden: the owner\'s side and the umpire see them', async () => {
  await refused(A, 'battle.override', { battle, what: 'tp', unit: UNIT.B, value: 2, reason: 'no' }, 'forbidden', 'override by a player');
  await U.ok('battle.override', { campaign, battle, what: 'tp', unit: UNIT.B, value: B_TP, reason: 'heavy losses on the march' });
  await settle();
  assert.equal(unitIn(bv(U), UNIT.B).markers.tension_points, B_TP);
  assert.equal(unitIn(bv(B), UNIT.B).markers.tension_points, B_TP);
  assert.deepEqual(unitIn(bv(B), UNIT.B).values, { drill: 1, musketry: 6, effectiveness: 5, motto: MARK.bMotto });
  assert.deepEqual(unitIn(bv(A), UNIT.A).values, { drill: 5, musketry: 4, effectiveness: 3, motto: MARK.aMotto });
  assert.deepEqual(unitIn(bv(C), UNIT.A).values, { drill: 5, musketry: 4, effectiveness: 3, motto: MARK.aMotto }, 'his own side whole');
  assert.equal(unitIn(bv(A), UNIT.A).markers.tension_points, 0);
  // The other side and the observer: position, type, formation, name; no values, no TPs.
  for (const [who, c, enemy] of [['A', A, UNIT.B], ['C', C, UNIT.B], ['B', B, UNIT.A], ['B', B, UNIT.C], ['O', O, UNIT.A], ['O', O, UNIT.B]]) {
    const u = unitIn(bv(c), enemy);
    const full = unitIn(bv(U), enemy);
    assert.ok(u, `${who} sees unit ${enemy}`);
    assert.deepEqual([u.name, u.troop_type, u.formation, u.position, u.facing, u.bases], [full.name, full.troop_type, full.formation, full.position, full.facing, full.bases], `${who}: the table's view of ${enemy}`);
    assert.ok(!('tension_points' in (u.markers ?? {})), `${who}: no TPs of ${enemy}`);
    assert.deepEqual(Object.keys(u.values ?? {}), [], `${who}: no values of ${enemy}`);
  }
  for (const [who, c] of [['A', A], ['C', C], ['O', O]]) assertNever(c, who, MARK.bMotto);
  for (const [who, c] of [['B', B], ['O', O]]) assertNever(c, who, MARK.aMotto);
  assertGot(B, 'B', MARK.bMotto);
  assertGot(U, 'U', MARK.bMotto);
  assertGot(A, 'A', MARK.aMotto);
  assertGot(C, 'C', MARK.aMotto);
  assertGot(U, 'U', MARK.aMotto);
  assertAllViewsClean();
});

test('bad input: each refused with its documented code and nothing changed', async () => {
  assert.equal(bv(U).status, 'cards');
  assert.equal(bv(U).turn, 3);
  await refused(O, 'card.play', { battle, ...at(O), card: 'no_action' }, 'forbidden', 'card.play by the observer');
  // A's leader rode away from the 33rd in turn 1; C's 45th is far away.
  await refused(A, 'card.play', { battle, ...at(A), card: 'order.fire', unit: UNIT.A }, 'not_with_unit', 'an order to a unit he has left');
  await refused(A, 'card.play', { battle, ...at(A), card: 'order.advance', unit: UNIT.C }, 'not_with_unit', 'an order to a unit he is not with');
  // A move over 40 cm (40.5 cm straight down the table), and off the table.
  await refused(A, 'card.play', { battle, ...at(A), card: 'move', to: [MOVE_TO[0], MOVE_TO[1] + 40.5] }, 'too_far', 'a move of 40.5 cm');
  await refused(A, 'card.play', { battle, ...at(A), card: 'move', to: [MOVE_TO[0], -5] }, 'too_far', 'a move off the table');
  await refused(A, 'card.play', { battle, ...at(A), card: 'no_such_card' }, 'bad_request', 'no such card');
  await refused(A, 'card.play', { battle: 999, ...at(A), card: 'no_action' }, 'not_found', 'no such battle');
  // docs/protocol.md, "The moment a command was meant for": a command without the turn its sender saw is
  // bad_request; one naming another turn is stale; either way nothing changes.
  await refused(A, 'card.play', { battle, card: 'no_action' }, 'bad_request', 'card.play without a turn');
  await refused(A, 'card.play', { battle, turn: '3', card: 'no_action' }, 'bad_request', 'card.play with a turn that is no number');
  await refused(A, 'card.play', { battle, turn: 2, card: 'no_action' }, 'stale', 'card.play for turn 2 in turn 3');
  await refused(A, 'card.play', { battle, turn: 4, card: 'no_action' }, 'stale', 'card.play for turn 4 in turn 3');
  await refused(A, 'card.withdraw', { battle }, 'bad_request', 'card.withdraw without a turn');
  await refused(U, 'battle.close_turn', { battle }, 'bad_request', 'battle.close_turn without a turn');
  await refused(U, 'battle.close_turn', { battle, turn: 2 }, 'stale', 'battle.close_turn of turn 2 in turn 3');
  await refused(A, 'talk.say', { battle, to: pb.user, text: `${MARK.talkRefused} no turn` }, 'bad_request', 'talk.say without a turn');
  await refused(A, 'talk.say', { battle, turn: 2, to: pb.user, text: `${MARK.talkRefused} stale` }, 'stale', 'talk.say in turn 2\'s channel');
  await refused(A, 'battle.submit', { battle, box: 'cards', card: 'no_action' }, 'bad_request', 'battle.submit without a turn');
  await refused(A, 'battle.withdraw', { battle, box: 'cards', turn: 1 }, 'stale', 'battle.withdraw of turn 1');
  await refused(A, 'battle.act', { battle }, 'bad_request', 'battle.act without a turn');
  for (const c of everyone()) assertNever(c, 'anyone', MARK.talkRefused);
  // Umpire-only commands sent by a player, and by the observer.
  for (const [who, c] of [['A', A], ['O', O]]) {
    await refused(c, 'battle.create', { name: 'Mine', sides: [{ id: 'x', name: 'X' }, { id: 'y', name: 'Y' }] }, 'forbidden', `battle.create by ${who}`);
    await refused(c, 'battle.place', { battle, unit: { side: 'british', name: 'Extra', position: [10, 10] }, reason: 'x' }, 'forbidden', `battle.place by ${who}`);
    await refused(c, 'battle.remove', { battle, unit: UNIT.B, reason: 'x' }, 'forbidden', `battle.remove by ${who}`);
    await refused(c, 'battle.settings', { battle, settings: { talk_cm: 100 } }, 'forbidden', `battle.settings by ${who}`);
    await refused(c, 'battle.close_turn', { battle, ...at(c) }, 'forbidden', `battle.close_turn by ${who}`);
    await refused(c, 'battle.step', { battle, ...atStep(c) }, 'forbidden', `battle.step by ${who}`);
    await refused(c, 'battle.override', { battle, what: 'move', unit: UNIT.B, position: [1, 1], reason: 'x' }, 'forbidden', `battle.override by ${who}`);
    await refused(c, 'battle.end', { battle }, 'forbidden', `battle.end by ${who}`);
  }
  // A step while cards are being chosen.
  await refused(U, 'battle.step', { battle, ...atStep(U) }, 'wrong_phase', 'battle.step in cards');
  await refused(U, 'battle.override', { battle, what: 'tp', unit: UNIT.B, value: 9, reason: 'x' }, 'bad_request', 'TPs over 8');
  assert.equal(unitIn(bv(U), UNIT.B).markers.tension_points, B_TP);
});

test('a turn stepped by the umpire: revealed, then each step one push, the log growing, then the next turn', async () => {
  await U.ok('battle.settings', { campaign, battle, settings: { auto_run: false } });
  await settle();
  assert.equal(bv(A).settings.auto_run, false);
  const upto = new Map(everyone().map((c) => [c, c.frames.length]));
  await A.ok('card.play', { campaign, battle, ...at(A), card: 'no_action' });
  await B.ok('card.play', { campaign, battle, ...at(B), card: 'no_action' });
  await C.ok('card.play', { campaign, battle, ...at(C), card: 'order.fire', unit: UNIT.C }); // C is with the 45th
  await settle();
  for (const c of everyone()) {
    const v = bv(c);
    assert.equal(v.status, 'resolving');
    assert.equal(v.next_step, 'orders');
    assert.equal(v.boxes.cards.revealed, true);
    assert.equal(v.boxes.cards.items.length, 3, 'every card shown at once');
  }
  await refused(A, 'card.play', { battle, ...at(A), card: 'no_action' }, 'wrong_phase', 'card.play while resolving');
  await refused(A, 'battle.step', { battle, ...atStep(A) }, 'forbidden', 'battle.step by a player');
  // The step must be the one the umpire saw next (docs/protocol.md, "battle.step").
  await refused(U, 'battle.step', { battle, turn: 3 }, 'bad_request', 'battle.step without a step');
  await refused(U, 'battle.step', { battle, step: 'orders' }, 'bad_request', 'battle.step without a turn');
  await refused(U, 'battle.step', { battle, turn: 3, step: 'movement' }, 'stale', 'battle.step naming a later step');
  await refused(U, 'battle.step', { battle, turn: 2, step: 'orders' }, 'stale', 'battle.step naming the last turn');
  const steps = ['orders', 'movement', 'fire', 'reaction', 'melee', 'tension'];
  for (const [i, step] of steps.entries()) {
    const version0 = U.version(campaign);
    const logLen = bv(U).log.length;
    REPLIES.steps.push(await U.ok('battle.step', { campaign, battle, ...atStep(U) }));
    await settle();
    assert.equal(U.version(campaign), version0 + 1, `${step}: one change of the umpire's view`);
    assert.ok(bv(U).log.length >= logLen);
    if (i < steps.length - 1) {
      for (const c of everyone()) assert.equal(bv(c).next_step, steps[i + 1]);
    }
    if (step === 'orders') {
      // The order is pending (a turn to digest): C's side and the umpire see it; the enemy and the observer do not.
      for (const c of [U, C, A]) {
        const u = unitIn(bv(c), UNIT.C);
        assert.equal(u.pending_order?.name, 'fire', 'the pending order');
        assert.equal(u.pending_order?.digest, 1, 'a turn to digest');
        assert.equal(u.order, null, 'not acted on yet');
      }
      for (const c of [B, O]) {
        const u = unitIn(bv(c), UNIT.C);
        assert.ok(!('pending_order' in u) && !('order' in u), `no order of the 45th: ${JSON.stringify(u)}`);
      }
    }
  }
  for (const c of everyone()) {
    assert.equal(bv(c).status, 'cards');
    assert.equal(bv(c).turn, 4);
    assert.equal(bv(c).next_step, null);
  }
  assert.ok(bv(U).log.some((e) => e.turn === 3 && e.phase === 'reveal'), 'the reveal of turn 3 is logged');
  // Digested: the 45th fires, which the enemy sees ("whether they fire"), by name only.
  assert.deepEqual(unitIn(bv(B), UNIT.C).order, { name: 'fire' });
  assert.deepEqual(unitIn(bv(O), UNIT.C).order, { name: 'fire' });
  assert.equal(unitIn(bv(C), UNIT.C).order.name, 'fire');
  assert.equal(unitIn(bv(C), UNIT.C).pending_order, null);
  for (const c of everyone()) assert.ok(c.frames.length > upto.get(c));
  assertAllViewsClean();
});

test('turn 4 closed by the umpire with auto_run: an order the enemy cannot see (HOLD YOUR FIRE)', async () => {
  await U.ok('battle.settings', { campaign, battle, settings: { auto_run: true } });
  await C.ok('card.play', { campaign, battle, ...at(C), card: 'order.hold_your_fire', unit: UNIT.C });
  await settle();
  assert.equal(bv(U).status, 'cards');
  await U.ok('battle.close_turn', { campaign, battle, ...at(U) });
  await settle();
  for (const c of everyone()) {
    assert.equal(bv(c).turn, 5);
    assert.equal(bv(c).status, 'cards');
  }
  assert.equal(unitIn(bv(C), UNIT.C).order.name, 'hold_your_fire');
  assert.equal(unitIn(bv(U), UNIT.C).order.name, 'hold_your_fire');
  for (const c of [B, O]) assert.ok(!('order' in unitIn(bv(c), UNIT.C)), 'HOLD YOUR FIRE is not seen by the enemy');
  assertAllViewsClean();
});

test('battle.end: the Records chart, each side its own rows; the chat opens again', async () => {
  const ended = await U.ok('battle.end', { campaign, battle });
  assert.equal(typeof ended, 'object');
  await settle();
  assert.equal(bv(U).status, 'ended');
  // The live view holds the ended battle as a summary (docs/protocol.md, "paged"): each member fetches his record,
  // the battle as his whole view holds it, outcome and log included.
  assert.equal(bv(U).paged, true);
  assert.equal(bv(U).losses, null);
  const recordOf = async (who) => (await httpRequest(server, 'GET', `/api/campaigns/${campaign}/battles/${battle}`, { cookie: who.cookie })).json.battle;
  const logOf = async (who) => (await recordOf(who)).log;
  const uv = await recordOf(ump);
  // over-the-hills.txt, "Records": Av (rounded up) and the musketry score to inflict a TP, read by Musketry.
  const expected = [
    // Each row names its unit (the view filter keeps a side's own rows by it: docs/architecture.md, "What a viewer
    // sees of a battle").
    { unit: UNIT.A, regiment: '33rd Foot', drill: 5, musketry: 4, effectiveness: 3, average: 4, musketry_to_inflict: '4,5,6' },
    { unit: UNIT.B, regiment: 'Regiment de Picardie', drill: 1, musketry: 6, effectiveness: 5, average: 3, musketry_to_inflict: '2,3,4,5,6' },
    { unit: UNIT.C, regiment: '45th Foot', drill: 2, musketry: 2, effectiveness: 3, average: 3, musketry_to_inflict: '5,6' },
  ];
  assert.equal(uv.records.length, 3);
  assert.equal(uv.losses.length, 3);
  uv.records.forEach((r, i) => {
    const { losses, ...rest } = r;
    assert.deepEqual(rest, expected[i], `record row ${i}`);
    const l = uv.losses[i];
    assert.equal(l.unit, [UNIT.A, UNIT.B, UNIT.C][i]);
    assert.ok(Number.isInteger(l.die) && l.die >= 1 && l.die <= 6, `a d6: ${l.die}`);
    // No musketry, cannon or running away in this battle: 1d6 x 5.
    assert.equal(l.percent, l.die * 5);
    assert.equal(losses, l.percent);
  });
  assert.ok((await logOf(ump)).some((e) => e.phase === 'end' && e.audience === 'all' && e.text.startsWith('The battle ends.')), 'the end line');
  // docs/protocol.md, "The battles' view": "`records` and `losses`, once the battle has ended: each side its own
  // units' rows" (an observer, of no side, none). A side's losses say how hard the enemy was hit: the other side
  // and the observer must not have them.
  // A regiment's colonel, companies and attributes only to that colonel: none of these units is a regiment.
  const REGIMENT_FIELDS = ['colonel', 'before', 'after', 'halved', 'attributes', 'applied'];
  const withoutRegiment = (row) => Object.fromEntries(Object.entries(row).filter(([k]) => !REGIMENT_FIELDS.includes(k)));
  const rowsOf = (units) => ({
    records: uv.records.filter((r) => units.includes(r.unit)),
    losses: uv.losses.filter((l) => units.includes(l.unit)).map(withoutRegiment),
  });
  for (const [who, c, units, user] of [['A', A, [UNIT.A, UNIT.C], pa], ['C', C, [UNIT.A, UNIT.C], pc], ['B', B, [UNIT.B], pb], ['O', O, [], obs]]) {
    const v = await recordOf(user);
    assert.equal(v.status, 'ended', `${who}: ended`);
    assert.ok((await logOf(user)).some((e) => e.phase === 'end' && e.text.startsWith('The battle ends.')), `${who}: the end line`);
    const mine = rowsOf(units);
    assert.deepEqual(v.records, mine.records, `${who}: the Records chart of his side's units only`);
    assert.deepEqual(v.losses, mine.losses, `${who}: the losses of his side's units only`);
    for (const l of uv.losses.filter((x) => !units.includes(x.unit))) {
      assert.ok(!v.losses.some((x) => x.unit === l.unit), `${who}: no losses row of unit ${l.unit}`);
      assert.ok(!v.records.some((r) => r.unit === l.unit || r.regiment === l.name), `${who}: no Records row of ${l.name}`);
    }
  }
  await refused(U, 'battle.end', { battle }, 'conflict', 'battle.end twice');
  // The chat is open again to the battle's players.
  for (const c of [A, B, C]) await c.ok('chat.say', { campaign, text: `${MARK.chatAfter} ${c === A ? 'A' : c === B ? 'B' : 'C'}` });
  await settle();
  for (const c of everyone()) assert.equal(Object.values(c.view(campaign).chat).filter((m) => m.text.startsWith(MARK.chatAfter)).length, 3);
  // The secrets stay secret to the end.
  for (const [who, c] of [['A', A], ['C', C], ['O', O]]) assertNever(c, who, MARK.bMotto);
  for (const [who, c] of [['B', B], ['O', O]]) assertNever(c, who, MARK.aMotto);
  for (const [who, c] of [['C', C], ['O', O]]) assertNever(c, who, MARK.talkA);
  for (const [who, c] of [['B', B], ['C', C], ['O', O]]) assertNever(c, who, MOVE_MARK, turn1Upto.get(c));
  assertAllViewsClean();
  // Late subscribers get a full view with nothing more in it.
  const late = { A: track(await connect(server, pa.cookie)), B: track(await connect(server, pb.cookie)), O: track(await connect(server, obs.cookie)) };
  for (const c of Object.values(late)) assert.equal((await c.subscribe(campaign)).reply.ok, true);
  assertEveryViewClean(late.A, 'late A', pa.user, 'british');
  assertEveryViewClean(late.B, 'late B', pb.user, 'french');
  assertEveryViewClean(late.O, 'late O', null, null);
  assert.deepEqual(late.B.view(campaign).battles, B.view(campaign).battles);
  assert.deepEqual(late.O.view(campaign).battles, O.view(campaign).battles);
  for (const [who, c] of [['late A', late.A], ['late O', late.O]]) assertNever(c, who, MARK.bMotto);
  for (const [who, c] of [['late B', late.B], ['late O', late.O]]) assertNever(c, who, MARK.aMotto);
  assertNever(late.O, 'late O', MARK.talkA);
});

// docs/protocol.md: battle.create -> {"battle": id}; card.play -> {"turn"}; battle.step -> {"step"}.
test('replies carry what the protocol documents', () => {
  assert.deepEqual(REPLIES.create, { battle });
  assert.deepEqual(REPLIES.card, { turn: 1 });
  assert.deepEqual(REPLIES.steps, ['orders', 'movement', 'fire', 'reaction', 'melee', 'tension'].map((step) => ({ step })));
});

// docs/protocol.md, "The battles' view": boxes.cards is {"turn", "revealed", "submitted": [users], "items"} for
// every viewer, the umpire included.
test('the umpire\'s box lists who has played', () => {
  assert.deepEqual(REPLIES.umpireBox, { turn: 1, revealed: false, submitted: [pa.user], items: [{ user: pa.user, side: 'british', item: { card: 'move', to: MOVE_TO } }] });
});
