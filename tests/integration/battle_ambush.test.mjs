// Ambushes in Over the Hill battles over real WebSockets (docs/protocol.md, "Battles (Over the Hill)";
// shared/campaign/battles.cpp: reveal, spot_ambushes, say_about, without_concealed_units; the per-turn frames
// of shared/battle/battle.cpp, record_frame). The issue's rule: "Every kind of secret has a test that searches
// every other viewer's serialized view for it".
//
// One campaign: an umpire U, players A and C (british), B (jacobite) and an observer O. Every raw frame each
// socket receives is recorded from before the first battle.create. Each ambush (a concealed unit and its
// concealed leader) carries markers no public value can equal: a name, an x coordinate and an id (searched as
// a bare JSON number). Each socket's pushes are also replayed, operation by operation, and every state its view
// passes through is checked.
//
// Battle 1 (Callendar Wood; the geometry of tests/unit/test_battle_ground.cpp): B's clan lies concealed in a
// wood 30 cm in front of A's 33rd Foot, B's leader concealed with it.
//   - turn 1, stepped by the umpire so the revealed box stands in every view: B orders his hidden clan to FIRE;
//     B's leader being concealed, A, C and O see nothing of B's card: not in `players`, `submitted`, the revealed
//     box or the reveal's log line (docs/protocol.md, "The battles' view"); B and U see it whole.
//   - bad input while the ambush is hidden: battle.override "reveal" without a reason (bad_request), by a player
//     or the observer (forbidden), battle.settings terrain_movement {"wood": 2} (bad_request): no push, no
//     change, and a fresh read of the view (a new socket) shows nothing of the ambush.
//   - turn 2, auto_run on: A's leader rides (a Move card, no dice) within spot_cm of the clan: spot_ambushes at
//     the end of the orders step discovers it and B's leader before anything else happens; the public
//     "An ambush! ..." line; A's 33rd (in clear sight) takes the "surprised by an ambush" test, its details in
//     A's and C's log only. From then on A, C and O see the clan and the leader.
//   - the replay's frames: turns 1 and 2 (before the discovery) hold no piece of B's side for A, C, O;
//     turn 3's holds them.
// Battle 2 (Clifton Moor), auto_run on throughout, spot_cm 2: B's concealed unit, ordered to FIRE in turn 1,
// opens fire from cover in turn 2's fire step on A's unit 5 cm in front of it: it shows itself ("An ambush! ...
// open fire from cover."), and A's unit tests for surprise before any volley. The revealed cards of turn 1 exist
// only inside the frame that resolves the turn: every state of that frame is searched too, and B's card (his
// leader concealed) is in none of them for A, C and O.
// Battle 2, turn 3: B's still-concealed leader plays Move; its "to" must not reach A, C, O.
// Dice are the server's: nothing here depends on a die's value.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/server.mjs';
import { connect } from './lib/client.mjs';
import { battleTable } from './lib/battle_table.mjs';
import { applyPatch } from './lib/patch.mjs';

const hex = () => randomBytes(5).toString('hex');
const ENEMY = 'jacobite'; // B's side: the secrets are all of this side

// Battle 1: the clan (unit AMB1) in Callendar Wood, B's leader (LDR1) concealed among them.
const AMB1 = { id: 7391, name: `AMBUSH-${hex()}`, x: 61.4173, xs: '61.4173', at: [61.4173, 50] };
const LDR1 = { id: 6173, name: `AMBUSH-LEADER-${hex()}`, xs: '63.2519', at: [63.2519, 51] };
// Kemp's Move card in turn 2: 7 cm from the clan's front edge (y 50) and 8.6 cm from LDR1; spot_cm is 10.
const KEMP_TO = [60, 43];
// Battle 2: the unit that fires from cover (AMB2), its leader (LDR2) concealed too.
const AMB2 = { id: 8527, name: `AMBUSH-FIRE-${hex()}`, x: 97.2683, xs: '97.2683', at: [97.2683, 45] };
const LDR2 = { id: 5281, name: `AMBUSH-FIRE-LEADER-${hex()}`, xs: '99.3847', at: [99.3847, 46] };

let server;
let pa, pb, pc, obs;
let U, A, B, C, O;
let campaign;
let settle, refused; // the table's (tests/integration/lib/battle_table.mjs): every socket caught up; a refusal that changed nothing
const sockets = [];
function track(c) { sockets.push(c); return c; }
const everyone = () => [U, A, B, C, O];
const named = () => [['U', U], ['A', A], ['B', B], ['C', C], ['O', O]];
const others = () => [['A', A], ['C', C], ['O', O]]; // who must not see B's ambush until it is seen

before(async () => {
  server = await startServer({ args: ['--ws-rate', '2000', '--ws-burst', '2000'] });
  const table = await battleTable(server, {
    name: 'Ambushes', umpire: 'amb_umpire',
    players: { a: 'amb_player_a', b: 'amb_player_b', c: 'amb_player_c' }, observers: { o: 'amb_observer' },
  });
  table.everyone.forEach(track);
  ({ campaign, settle, refused } = table);
  ({ a: pa, b: pb, c: pc, o: obs } = table.users);
  ({ umpire: U, a: A, b: B, c: C, o: O } = table.clients);
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

// --- helpers ---

const bv = (c, battle) => c.view(campaign).battles[String(battle)];
/**
 * What the sender saw (docs/protocol.md, "Battles": "The moment a command was meant for"): the battle's turn in
 * his view, and for battle.step also its next_step.
 */
const at = (c, battle) => ({ turn: bv(c, battle).turn });
const atStep = (c, battle) => ({ turn: bv(c, battle).turn, step: bv(c, battle).next_step });
const unitIn = (v, id) => v.units.find((u) => u.id === id);
const leaderIn = (v, id) => v.leaders.find((l) => l.id === id);
/** Where every socket stands now: frames and pushes received so far. */
const mark = () => new Map(everyone().map((c) => [c, { frames: c.frames.length, pushes: c.pushes.length }]));

/** A bare JSON number (not part of a longer number, a decimal or a timestamp) in a raw frame. */
const numberIn = (frame, n) => new RegExp(`(?<![\\d.])${n}(?![\\d.])`).test(frame);

/** The markers of an ambush: none may reach the enemy or the observer before it is seen. */
function markersOf(amb, ldr) {
  return [amb.name, amb.xs, ldr.name, ldr.xs];
}

/** No frame of `client` (before `upTo`) holds any of the markers, nor the ambush's ids as numbers. */
function assertNeverGot(client, who, amb, ldr, upTo) {
  const frames = upTo === undefined ? client.frames : client.frames.slice(0, upTo);
  assert.ok(frames.length > 0, `${who} received frames`);
  for (const m of markersOf(amb, ldr)) {
    const hits = frames.filter((f) => f.includes(m));
    assert.deepEqual(hits.map((f) => f.slice(0, 300)), [], `${m} reached ${who}`);
  }
  for (const n of [amb.id, ldr.id]) {
    const hits = frames.filter((f) => numberIn(f, n));
    assert.deepEqual(hits.map((f) => f.slice(0, 300)), [], `the id ${n} reached ${who}`);
  }
}
function assertGot(client, who, marker, from = 0) {
  assert.ok(client.frames.slice(from).some((f) => f.includes(marker)), `${who} received ${marker}`);
}

/**
 * Every state the campaign's view of `client` passes through: a whole view, then each patch applied one
 * operation at a time (a frame that resolves a whole turn carries the reveal's state too). `push` is the push's
 * index in client.pushes.
 */
function* everyState(client, { from = 0, upTo = Infinity } = {}) {
  let view;
  for (const [i, p] of client.pushes.entries()) {
    if (i >= upTo) return;
    if (p.push !== 'view' || p.campaign !== campaign) continue;
    if ('view' in p) {
      view = p.view;
      if (i >= from) yield { push: i, view };
      continue;
    }
    if (i < from) {
      view = applyPatch(view, p.patch);
      continue;
    }
    for (const op of p.patch) {
      view = applyPatch(view, [op]);
      yield { push: i, view };
    }
  }
}

/** The pieces of B's side a battle view (or one of its history frames) holds. */
const enemyPieces = (v) => [...(v.units ?? []), ...(v.leaders ?? [])].filter((p) => p.side === ENEMY);

/** The card items of B in a battle view: the box's and those the log's reveal lines carry. */
function bCards(b) {
  const out = (b.boxes?.cards?.items ?? []).filter((i) => i.user === pb.user).map((i) => ({ where: 'box', ...i }));
  for (const e of b.log ?? []) for (const c of e.details?.cards ?? []) if (c.user === pb.user) out.push({ where: `log turn ${e.turn}`, ...c });
  return out;
}

/**
 * In every state `client` passes through before push `upTo`: battle `battle` shows no piece of B's side (now or
 * in any history frame), no card of B naming the ambush's unit, no log line about it.
 */
function assertHiddenInEveryState(client, who, battle, amb, upTo) {
  let n = 0;
  for (const { push, view } of everyState(client, { upTo })) {
    const b = view.battles?.[String(battle)];
    if (!b) continue;
    n += 1;
    const at = `${who}, push ${push}, battle ${battle}`;
    assert.deepEqual(enemyPieces(b), [], `${at}: no piece of B's side`);
    for (const f of b.history ?? []) assert.deepEqual(enemyPieces(f), [], `${at}: no piece of B's side in the frame of turn ${f.turn}`);
    // B's leader is concealed too: nothing of his cards at all (docs/protocol.md, "The battles' view").
    assert.deepEqual(bCards(b), [], `${at}: no card of B`);
    assert.ok(!(b.players ?? []).includes(pb.user), `${at}: B not among the players`);
    assert.ok(!(b.boxes?.cards?.submitted ?? []).includes(pb.user), `${at}: B not among those who played`);
    for (const e of b.log ?? []) assert.ok(e.details?.unit !== amb.id, `${at}: no log line about the ambush: ${JSON.stringify(e)}`);
  }
  assert.ok(n > 0, `${who}: states of battle ${battle} replayed`);
}

/**
 * Every state of every push: each battle as `who` (a player of `side`, or the observer: side null) may see it:
 * enemy units without values, TPs, pending orders or a concealed flag; log lines only for him.
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
      for (const f of [b, ...(b.history ?? [])]) {
        for (const u of f.units ?? []) {
          if (side !== null && u.side === side) continue;
          const uat = `${at}, enemy unit ${u.id}`;
          assert.ok(!('concealed' in u), `${uat}: an enemy unit in his view is no secret`);
          assert.deepEqual(Object.keys(u.values ?? {}), [], `${uat}: no values`);
          assert.ok(!('tension_points' in (u.markers ?? {})), `${uat}: no tension points`);
          assert.ok(!u.pending_order, `${uat}: no pending order`);
        }
        for (const l of f.leaders ?? []) if (side === null || l.side !== side) assert.ok(!('concealed' in l), `${at}: enemy leader ${l.id}`);
      }
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
  assertEveryViewClean(B, 'B', pb.user, ENEMY);
  assertEveryViewClean(O, 'O', null, null);
}

/** The ambush in B's and U's views: there, whole, and concealed or not. */
function assertOwnSideSees(battle, amb, ldr, concealed) {
  for (const [who, c] of [['B', B], ['U', U]]) {
    const u = unitIn(bv(c, battle), amb.id);
    assert.ok(u, `${who} sees the ambush`);
    assert.equal(u.name, amb.name, `${who}: its name`);
    assert.deepEqual(u.position, amb.at, `${who}: where it lies`);
    assert.equal(u.concealed, concealed, `${who}: concealed ${concealed}`);
    const l = leaderIn(bv(c, battle), ldr.id);
    assert.equal(l?.name, ldr.name, `${who} sees B's leader`);
    assert.equal(l.concealed, concealed, `${who}: B's leader concealed ${concealed}`);
  }
}

const sides = [{ id: 'british', name: 'Government' }, { id: ENEMY, name: 'Jacobites' }];
const values = { drill: 3, musketry: 3, effectiveness: 3 };

// --- battle 1: discovered by a leader riding close ---

let b1;
const B1 = { unitA: 1, unitC: 3, kemp: 1, cope: 3 };
let b1Discovery; // where each socket stood before the card that closed turn 2

test('battle 1 set-up: the ambush and its leader are in B\'s and U\'s views only', async () => {
  const created = await U.ok('battle.create', {
    campaign, name: 'Callendar Wood', table: { width: 180, depth: 120, measure: 'cm' }, sides,
    // The wood holds the clan: a feature holding either end of a line of sight does not block it.
    terrain: [{ kind: 'wood', name: 'Callendar Wood', shape: 'polygon', points: [[45, 46], [80, 46], [80, 60], [45, 60]] }],
    leaders: [
      { id: B1.kemp, user: pa.user, side: 'british', name: 'Colonel Kemp', position: [50, 20] },
      { id: LDR1.id, user: pb.user, side: ENEMY, name: LDR1.name, position: LDR1.at, concealed: true },
      { id: B1.cope, user: pc.user, side: 'british', name: 'Colonel Cope', position: [150, 20] },
    ],
    units: [
      { id: B1.unitA, side: 'british', owner: pa.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [50, 20], facing: 0, values },
      { id: AMB1.id, side: ENEMY, owner: pb.user, name: AMB1.name, troop_type: 'irregulars', position: AMB1.at, facing: 180, concealed: true },
      // 45th Foot: more than sight_cm (60) from the wood: never surprised.
      { id: B1.unitC, side: 'british', owner: pc.user, name: '45th Foot', troop_type: 'formed_infantry', position: [150, 20], facing: 0, values },
    ],
    // Turn 1 is stepped by the umpire, so that the revealed box stands in every view.
    settings: { auto_run: false },
  });
  b1 = created.battle;
  await U.ok('battle.start', { campaign, battle: b1 });
  await settle();
  const s = bv(U, b1).settings;
  assert.deepEqual([s.spot_cm, s.ambush_surprise, s.sight_cm, s.terrain_movement.wood, s.blocks_sight.includes('wood')], [10, true, 60, 0.5, true],
    'the documented defaults the geometry relies on');
  assertOwnSideSees(b1, AMB1, LDR1, true);
  assert.deepEqual(bv(B, b1).me, { leader: LDR1.id, side: ENEMY });
  for (const [who, c] of others()) {
    const v = bv(c, b1);
    assert.equal(v.status, 'cards', `${who}: the battle is on`);
    assert.deepEqual(v.units.map((u) => u.id), [B1.unitA, B1.unitC], `${who}: only the british units`);
    assert.deepEqual(v.leaders.map((l) => l.id), [B1.kemp, B1.cope], `${who}: only the british leaders`);
    // docs/protocol.md, "The battles' view": "`players` ...: none from a person whose leader figure is concealed
    // from the viewer". B's leader lies hidden with his clan: that B plays at all would say an ambush waits.
    assert.deepEqual(v.players, [pa.user, pc.user].sort((x, y) => x - y), `${who}: B, whose leader is concealed, is not among the players`);
    assertNeverGot(c, who, AMB1, LDR1);
  }
  for (const [who, c] of [['B', B], ['U', U]]) {
    assert.deepEqual(bv(c, b1).players, [pa.user, pb.user, pc.user].sort((x, y) => x - y), `${who}: every player`);
  }
  assertGot(B, 'B', AMB1.name);
  assertGot(U, 'U', AMB1.name);
  assertAllViewsClean();
});

test('battle 1, turn 1 (stepped): B orders his hidden clan to FIRE; his card (his leader concealed) reaches B and U only', async () => {
  await A.ok('card.play', { campaign, battle: b1, ...at(A, b1), card: 'order.advance', unit: B1.unitA });
  await B.ok('card.play', { campaign, battle: b1, ...at(B, b1), card: 'order.fire', unit: AMB1.id });
  await settle();
  // Before the reveal: his own card for B, who has played for the others.
  assert.deepEqual(bv(B, b1).boxes.cards.items, [{ user: pb.user, side: ENEMY, item: { card: 'order.fire', unit: AMB1.id } }]);
  for (const [who, c] of [['C', C], ['O', O]]) assert.deepEqual(bv(c, b1).boxes.cards.items, [], `${who}: no card before the reveal`);
  // docs/protocol.md, "The battles' view": the box's `submitted` names nobody whose leader is concealed from the
  // viewer: A, C and O see that A has played, not that B has.
  for (const [who, c] of others()) assert.deepEqual(bv(c, b1).boxes.cards.submitted, [pa.user], `${who}: A has played; nothing of B`);
  for (const [who, c] of [['B', B], ['U', U]]) {
    assert.deepEqual(bv(c, b1).boxes.cards.submitted, [pa.user, pb.user].sort((x, y) => x - y), `${who}: A and B have played`);
  }
  // C's card is the last: the turn closes; auto_run is off, so the revealed box stands.
  await C.ok('card.play', { campaign, battle: b1, ...at(C, b1), card: 'no_action' });
  await settle();
  // docs/protocol.md, "The battles' view": revealed items, in the box and in the reveal's log line, leave out
  // anyone whose leader is concealed from the viewer and any item naming a piece concealed from him: the enemy
  // and the observer see nothing of B's card (not even that there was one); B and the umpire see it whole.
  const cards = (withB) => [
    { user: pa.user, side: 'british', item: { card: 'order.advance', unit: B1.unitA } },
    ...(withB ? [{ user: pb.user, side: ENEMY, item: { card: 'order.fire', unit: AMB1.id } }] : []),
    { user: pc.user, side: 'british', item: { card: 'no_action' } },
  ].sort((x, y) => x.user - y.user);
  for (const [who, c] of named()) {
    const v = bv(c, b1);
    assert.equal(v.status, 'resolving', `${who}: resolving`);
    assert.equal(v.boxes.cards.revealed, true);
    const sees = c === B || c === U;
    assert.deepEqual(v.boxes.cards.items, cards(sees), `${who}: the revealed cards (${sees ? 'with' : 'without'} B's)`);
    assert.deepEqual(v.boxes.cards.submitted, sees ? [pa.user, pb.user, pc.user].sort((x, y) => x - y) : [pa.user, pc.user].sort((x, y) => x - y),
      `${who}: who played`);
    const reveal = v.log.filter((e) => e.turn === 1 && e.phase === 'reveal');
    assert.equal(reveal.length, 1, `${who}: one reveal line`);
    assert.equal(reveal[0].audience, 'all');
    assert.equal(reveal[0].text, 'Turn 1: the cards are revealed.', `${who}: the reveal line`);
    assert.deepEqual(reveal[0].details.cards, cards(sees), `${who}: the reveal's log line`);
  }
  assert.equal(bv(U, b1).facts.cards.find((c) => c.user === pb.user).item.unit, AMB1.id, 'the umpire\'s facts hold the whole card');

  // The umpire steps the turn through. Orders are pending (a turn to digest): nothing moves or fires.
  for (const step of ['orders', 'movement', 'fire', 'reaction', 'melee', 'tension']) {
    assert.deepEqual(await U.ok('battle.step', { campaign, battle: b1, ...atStep(U, b1) }), { step });
    await settle();
  }
  for (const [who, c] of named()) {
    assert.equal(bv(c, b1).status, 'cards', `${who}: turn 2 open`);
    assert.equal(bv(c, b1).turn, 2);
  }
  // B's side reads the order to the hidden clan; nobody else has a line about it.
  const order = bv(B, b1).log.find((e) => e.turn === 1 && e.phase === 'orders' && e.text === `${LDR1.name} orders ${AMB1.name}: FIRE.`);
  assert.ok(order, 'B reads his order');
  assert.deepEqual([order.audience, order.side], ['side', ENEMY]);
  assert.equal(unitIn(bv(B, b1), AMB1.id).order?.name, 'fire', 'digested: the clan will fire');
  assert.ok(bv(A, b1).log.some((e) => e.turn === 1 && e.phase === 'orders' && e.text === 'Colonel Kemp orders 33rd Foot: Advance.'), 'the open order is public');
  assertOwnSideSees(b1, AMB1, LDR1, true);
  for (const [who, c] of others()) {
    assertNeverGot(c, who, AMB1, LDR1);
    assertHiddenInEveryState(c, who, b1, AMB1);
  }
  assertAllViewsClean();
});

test('battle 1, bad input while the ambush is hidden: refused, nothing changes, a fresh read shows nothing of it', async () => {
  await refused(U, 'battle.override', { battle: b1, what: 'reveal', unit: AMB1.id }, 'bad_request', 'reveal without a reason');
  await refused(U, 'battle.override', { battle: b1, what: 'reveal', unit: AMB1.id, reason: '' }, 'bad_request', 'reveal with an empty reason');
  await refused(A, 'battle.override', { battle: b1, what: 'reveal', unit: AMB1.id, reason: 'I heard the pipes' }, 'forbidden', 'reveal by a player');
  await refused(B, 'battle.override', { battle: b1, what: 'reveal', unit: AMB1.id, reason: 'now!' }, 'forbidden', 'reveal by its own player');
  await refused(O, 'battle.override', { battle: b1, what: 'reveal', unit: AMB1.id, reason: 'I saw them' }, 'forbidden', 'reveal by the observer');
  await refused(U, 'battle.settings', { battle: b1, settings: { terrain_movement: { wood: 2 } } }, 'bad_request', 'terrain_movement over 1');
  assert.equal(bv(U, b1).settings.terrain_movement.wood, 0.5);
  assertOwnSideSees(b1, AMB1, LDR1, true);
  // A following read: new sockets get the whole view afresh, as the old ones have it, and nothing of the ambush.
  const late = [['late A', pa, A], ['late C', pc, C], ['late O', obs, O]];
  for (const [who, user, old] of late) {
    const c = track(await connect(server, user.cookie));
    assert.equal((await c.subscribe(campaign)).reply.ok, true);
    assert.deepEqual(c.view(campaign).battles, old.view(campaign).battles, `${who}: the same battles`);
    assert.deepEqual(enemyPieces(bv(c, b1)), [], `${who}: no piece of B's side`);
    assertNeverGot(c, who, AMB1, LDR1);
    await c.close();
  }
});

test('battle 1, turn 2 (auto_run): Kemp rides within spot_cm: the ambush and its leader are discovered; A\'s men are surprised', async () => {
  await U.ok('battle.settings', { campaign, battle: b1, settings: { auto_run: true } });
  await settle();
  await A.ok('card.play', { campaign, battle: b1, ...at(A, b1), card: 'move', to: KEMP_TO });
  await B.ok('card.play', { campaign, battle: b1, ...at(B, b1), card: 'no_action' });
  await settle();
  b1Discovery = mark();
  await C.ok('card.play', { campaign, battle: b1, ...at(C, b1), card: 'no_action' }); // the last card: the turn resolves
  await settle();

  for (const [who, c] of named()) {
    const v = bv(c, b1);
    assert.equal(v.turn, 3, `${who}: turn 3 open`);
    // Public lines: the discovery, in the orders step, before any other step of the turn.
    const found = v.log.filter((e) => e.turn === 2 && e.text.startsWith('An ambush!') && e.audience === 'all');
    assert.deepEqual(found.map((e) => [e.phase, e.text]), [['orders', `An ambush! ${AMB1.name} are discovered.`]], `${who}: the ambush line`);
    assert.ok(v.log.some((e) => e.turn === 2 && e.phase === 'orders' && e.audience === 'all' && e.text === `${LDR1.name} is discovered.`), `${who}: the leader line`);
    assert.ok(v.log.some((e) => e.turn === 2 && e.phase === 'orders' && e.audience === 'all' && e.text === 'Colonel Kemp rides to a new position.'), `${who}: Kemp rode`);
    assert.ok(v.log.some((e) => e.turn === 2 && e.audience === 'all' && e.text.startsWith('33rd Foot (surprised by an ambush): ')), `${who}: the surprise test, publicly`);
    // Everyone sees the clan and the leader now, by name.
    const u = unitIn(v, AMB1.id);
    assert.equal(u?.name, AMB1.name, `${who}: the clan in his view`);
    assert.equal(leaderIn(v, LDR1.id)?.name, LDR1.name, `${who}: B's leader in his view`);
    assert.deepEqual(leaderIn(v, B1.kemp).position, KEMP_TO, `${who}: Kemp where he rode`);
  }
  // The surprise test's details (the die, the modifiers) are for A's side: A and C.
  for (const [who, c] of [['A', A], ['C', C]]) {
    const tests = bv(c, b1).log.filter((e) => e.details?.test === 'surprised by an ambush');
    assert.equal(tests.length, 1, `${who}: one surprise test in his log details`);
    assert.deepEqual([tests[0].turn, tests[0].phase, tests[0].audience, tests[0].side, tests[0].details.unit], [2, 'orders', 'side', 'british', B1.unitA]);
    assert.ok(Number.isInteger(tests[0].details.die), 'the die is shown to his side');
  }
  for (const [who, c] of [['B', B], ['O', O]]) {
    assert.ok(!bv(c, b1).log.some((e) => e.details?.test === 'surprised by an ambush'), `${who}: no details of the British test`);
  }
  assert.ok(bv(U, b1).log.some((e) => e.details?.test === 'surprised by an ambush'), 'the umpire reads every detail');
  // The 45th, beyond sight_cm, were not surprised.
  assert.ok(!bv(U, b1).log.some((e) => e.details?.test === 'surprised by an ambush' && e.details.unit === B1.unitC));
  for (const [who, c] of [['B', B], ['U', U]]) {
    assert.equal(unitIn(bv(c, b1), AMB1.id).concealed, false, `${who}: no longer concealed`);
    assert.equal(leaderIn(bv(c, b1), LDR1.id).concealed, false, `${who}: B's leader no longer concealed`);
  }

  // Up to the frame that resolved turn 2, nothing of the ambush reached A, C or O; that frame brought it.
  for (const [who, c] of others()) {
    const at = b1Discovery.get(c);
    assertNeverGot(c, who, AMB1, LDR1, at.frames);
    assertHiddenInEveryState(c, who, b1, AMB1, at.pushes);
    assertGot(c, who, AMB1.name, at.frames);
    assertGot(c, who, LDR1.name, at.frames);
  }
  assertAllViewsClean();
});

test('battle 1, the replay\'s frames: turns 1 and 2 show A, C and O no piece of B\'s side; turn 3 shows them', () => {
  for (const [who, c] of others()) {
    const h = bv(c, b1).history;
    assert.deepEqual(h.map((f) => f.turn), [1, 2, 3], `${who}: a frame a turn`);
    for (const f of h.slice(0, 2)) {
      assert.deepEqual(enemyPieces(f), [], `${who}: nothing of B's side in turn ${f.turn}'s frame`);
      assert.deepEqual(f.units.map((u) => u.id), [B1.unitA, B1.unitC], `${who}: the british units in turn ${f.turn}'s frame`);
    }
    assert.equal(unitIn(h[2], AMB1.id)?.name, AMB1.name, `${who}: the clan in turn 3's frame`);
    assert.equal(leaderIn(h[2], LDR1.id)?.name, LDR1.name, `${who}: B's leader in turn 3's frame`);
    assert.deepEqual(h[2].leaders.find((l) => l.id === B1.kemp).position, KEMP_TO);
  }
  // B and U have every frame whole: the clan concealed in turns 1 and 2, seen in turn 3.
  for (const [who, c] of [['B', B], ['U', U]]) {
    const h = bv(c, b1).history;
    assert.deepEqual(h.map((f) => unitIn(f, AMB1.id)?.concealed), [true, true, false], `${who}: the clan in each frame`);
    assert.deepEqual(h.map((f) => leaderIn(f, LDR1.id)?.concealed), [true, true, false], `${who}: B's leader in each frame`);
  }
});

// --- battle 2: an ambush that opens fire from cover (auto_run on throughout) ---

let b2;
const B2 = { unitA: 1, unitC: 3, wolfe: 1, hawley: 3 };

test('battle 2: an ambush ordered to FIRE shows itself when it opens fire; A\'s unit tests for surprise before any volley', async () => {
  const created = await U.ok('battle.create', {
    campaign, name: 'Clifton Moor', table: { width: 180, depth: 120, measure: 'cm' }, sides,
    leaders: [
      { id: B2.wolfe, user: pa.user, side: 'british', name: 'Colonel Wolfe', position: [100, 40] },
      { id: LDR2.id, user: pb.user, side: ENEMY, name: LDR2.name, position: LDR2.at, concealed: true },
      { id: B2.hawley, user: pc.user, side: 'british', name: 'Colonel Hawley', position: [20, 20] },
    ],
    units: [
      // The 4th Foot's front edge at y 40; the ambush's at y 45, facing them: 5 cm, within its musketry (4 + 2 cm).
      { id: B2.unitA, side: 'british', owner: pa.user, name: '4th Foot', troop_type: 'formed_infantry', position: [100, 40], facing: 0, values },
      { id: AMB2.id, side: ENEMY, owner: pb.user, name: AMB2.name, troop_type: 'irregulars', position: AMB2.at, facing: 180, concealed: true },
      { id: B2.unitC, side: 'british', owner: pc.user, name: '14th Foot', troop_type: 'formed_infantry', position: [20, 20], facing: 0, values },
    ],
    settings: { spot_cm: 2 }, // nobody comes upon it: it must show itself
  });
  b2 = created.battle;
  assert.notEqual(b2, b1);
  await U.ok('battle.start', { campaign, battle: b2 });
  await settle();
  assertOwnSideSees(b2, AMB2, LDR2, true);
  for (const [who, c] of others()) assertNeverGot(c, who, AMB2, LDR2);

  // Turn 1: B orders the hidden unit to FIRE (the last card: revealed and resolved in one frame).
  await A.ok('card.play', { campaign, battle: b2, ...at(A, b2), card: 'no_action' });
  await C.ok('card.play', { campaign, battle: b2, ...at(C, b2), card: 'no_action' });
  await B.ok('card.play', { campaign, battle: b2, ...at(B, b2), card: 'order.fire', unit: AMB2.id });
  await settle();
  for (const [who, c] of named()) assert.equal(bv(c, b2).turn, 2, `${who}: turn 2 open`);
  assert.equal(unitIn(bv(B, b2), AMB2.id).order?.name, 'fire');
  assert.ok(bv(B, b2).log.some((e) => e.turn === 1 && e.phase === 'orders' && e.details?.unit === AMB2.id), 'B reads the order\'s details');
  // The revealed cards were only ever inside that frame: every state of it is searched.
  for (const [who, c] of others()) {
    assertNeverGot(c, who, AMB2, LDR2);
    assertHiddenInEveryState(c, who, b2, AMB2);
    // B's leader is concealed: his revealed card never passed through the enemy's or the observer's view
    // (docs/protocol.md, "The battles' view": revealed items leave out anyone whose leader is concealed from him).
    const seenB = [];
    for (const { view } of everyState(c)) seenB.push(...bCards(view.battles?.[String(b2)] ?? {}));
    assert.deepEqual(seenB, [], `${who}: no card of B passed through his view`);
  }

  // Turn 2: nobody moves; in the fire step the hidden unit fires on the 4th and shows itself first.
  const from = mark();
  for (const c of [A, C, B]) await c.ok('card.play', { campaign, battle: b2, ...at(c, b2), card: 'no_action' });
  await settle();
  for (const [who, c] of named()) {
    const log = bv(c, b2).log.filter((e) => e.turn === 2);
    const revealAt = log.findIndex((e) => e.audience === 'all' && e.text === `An ambush! ${AMB2.name} open fire from cover.`);
    assert.ok(revealAt >= 0, `${who}: the ambush line`);
    assert.equal(log[revealAt].phase, 'fire');
    const surpriseAt = log.findIndex((e) => e.audience === 'all' && e.text.startsWith('4th Foot (surprised by an ambush): '));
    assert.ok(surpriseAt > revealAt, `${who}: the surprise test after the ambush shows itself`);
    const volleyAt = log.findIndex((e) => e.text.startsWith(`${AMB2.name} fire a volley`));
    if (volleyAt >= 0) assert.ok(volleyAt > surpriseAt, `${who}: the surprise test before the volley`);
    assert.equal(unitIn(bv(c, b2), AMB2.id)?.name, AMB2.name, `${who}: the ambush in his view`);
  }
  for (const [who, c] of [['A', A], ['C', C]]) {
    const tests = bv(c, b2).log.filter((e) => e.details?.test === 'surprised by an ambush');
    assert.deepEqual(tests.map((e) => [e.turn, e.phase, e.audience, e.side, e.details.unit]), [[2, 'fire', 'side', 'british', B2.unitA]], `${who}: the surprise test's details`);
  }
  for (const [who, c] of [['B', B], ['O', O]]) assert.ok(!bv(c, b2).log.some((e) => e.details?.test === 'surprised by an ambush'), `${who}: no British details`);
  for (const [who, c] of others()) {
    const at = from.get(c);
    assertNeverGot(c, who, AMB2, LDR2, at.frames);
    assertHiddenInEveryState(c, who, b2, AMB2, at.pushes);
    assertGot(c, who, AMB2.name, at.frames);
    const h = bv(c, b2).history;
    assert.deepEqual(h.map((f) => f.turn), [1, 2, 3]);
    assert.deepEqual(h.map((f) => f.units.some((u) => u.id === AMB2.id)), [false, false, true], `${who}: the ambush in turn 3's frame only`);
  }
  assertAllViewsClean();
});

// A concealed leader's Move card: the revealed card (the box while it stands, and the reveal's log line for
// good) must not carry its "to" to the enemy, or they would learn where the hidden leader rides (and so, near
// enough, where his hidden men lie: he must be within with_unit_cm of them to order them).
test('battle 2, turn 3: where a concealed leader rides is not in the enemy\'s revealed cards', async () => {
  const TO = [101.6389, 70.5]; // 24.6 cm from LDR2; x no other value has
  assert.equal(leaderIn(bv(U, b2), LDR2.id).concealed, true, 'B\'s leader is still concealed (spot_cm 2)');
  const from = mark();
  await A.ok('card.play', { campaign, battle: b2, ...at(A, b2), card: 'no_action' });
  await C.ok('card.play', { campaign, battle: b2, ...at(C, b2), card: 'no_action' });
  await B.ok('card.play', { campaign, battle: b2, ...at(B, b2), card: 'move', to: TO });
  await settle();
  assert.equal(bv(U, b2).turn, 4);
  assert.equal(leaderIn(bv(U, b2), LDR2.id).concealed, true, 'still unseen where he rode');
  for (const [who, c] of others()) {
    const hits = c.frames.slice(from.get(c).frames).filter((f) => f.includes('101.6389'));
    assert.deepEqual(hits.map((f) => f.slice(0, 300)), [], `where B's hidden leader rides reached ${who}`);
  }
});

// --- battle 3: what the set-up gives away: ids of pieces placed concealed, ground only one side knows ---

// docs/protocol.md, "battle.create": "a piece placed concealed without an `id` takes one from the server's random
// source, above 2^40, so the ids the enemy sees have no gap where it was made"; a terrain feature's "known_to":
// the other sides (and an observer, who knows what every side knows) get "its shape, `id` and `known: false`".
test('battle 3: a concealed piece placed without an id takes a random id above 2^40; ground known to one side is a bare shape to the others', async () => {
  const MARSH = `SECRET-MARSH-${hex()}`;
  const HIDDEN = `AMBUSH-NOID-${hex()}`;
  const created = await U.ok('battle.create', {
    campaign, name: 'Prestonpans Bog', sides,
    terrain: [
      { kind: 'marsh', name: MARSH, shape: 'circle', centre: [90, 60], radius: 12.345, known_to: [ENEMY], values: { depth: 'waist' } },
      { kind: 'hill', name: 'Falside Hill', shape: 'circle', centre: [30, 100], radius: 15 },
    ],
    leaders: [
      { user: pa.user, side: 'british', name: 'Colonel Gardiner', position: [20, 20] },
      { user: pb.user, side: ENEMY, name: `${HIDDEN}-LEADER`, position: [150, 100], concealed: true },
    ],
    units: [
      { side: 'british', owner: pa.user, name: 'Gardiner\'s Dragoons', troop_type: 'horse', position: [20, 20], facing: 0 },
      { side: ENEMY, owner: pb.user, name: HIDDEN, troop_type: 'irregulars', position: [150, 100], facing: 180, concealed: true },
      { side: 'british', owner: pc.user, name: 'Lee\'s Foot', troop_type: 'formed_infantry', position: [60, 20], facing: 0 },
    ],
  });
  const b3 = created.battle;
  await settle();
  const u = bv(U, b3);
  const hidden = unitIn(u, u.units.find((x) => x.name === HIDDEN).id);
  const hiddenLeader = u.leaders.find((l) => l.concealed);
  for (const p of [hidden, hiddenLeader]) {
    assert.ok(Number.isSafeInteger(p.id) && p.id >= 2 ** 40, `a concealed piece's id from the random source: ${p.id}`);
  }
  const seen = u.units.filter((x) => !x.concealed).map((x) => x.id);
  assert.deepEqual(seen, [seen[0], seen[0] + 1], `the units in sight are numbered on, with no gap for the hidden one: ${JSON.stringify(seen)}`);
  // The umpire and B know the marsh; A, C and O see its shape only.
  for (const [who, c] of [['U', U], ['B', B]]) {
    const marsh = bv(c, b3).terrain.find((t) => t.name === MARSH);
    assert.ok(marsh, `${who} knows the marsh`);
    assert.deepEqual([marsh.kind, marsh.values], ['marsh', { depth: 'waist' }], `${who}: the marsh whole`);
    assert.notEqual(marsh.known, false, `${who}: known`);
  }
  assert.equal(bv(B, b3).terrain.find((t) => t.name === MARSH).known, true, 'B: known: true');
  for (const [who, c] of others()) {
    const v = bv(c, b3);
    assert.deepEqual(v.units.map((x) => x.side), ['british', 'british'], `${who}: only the units in sight`);
    const byShape = v.terrain.find((t) => t.radius === 12.345);
    assert.ok(byShape, `${who}: the marsh's shape is on his table`);
    assert.equal(byShape.known, false, `${who}: not known`);
    for (const k of ['kind', 'name', 'values', 'known_to']) assert.ok(!(k in byShape), `${who}: no ${k} of unknown ground: ${JSON.stringify(byShape)}`);
    assert.equal(v.terrain.find((t) => t.name === 'Falside Hill')?.known, true, `${who}: the hill every side knows`);
    for (const m of [MARSH, HIDDEN, 'waist']) assert.deepEqual(c.frames.filter((f) => f.includes(m)).map((f) => f.slice(0, 200)), [], `${m} reached ${who}`);
    for (const n of [hidden.id, hiddenLeader.id]) assert.deepEqual(c.frames.filter((f) => numberIn(f, n)).map((f) => f.slice(0, 200)), [], `the id ${n} reached ${who}`);
  }
  assertAllViewsClean();
});
