// The secrets of a Chosen Men, Well Disposed battle over real WebSockets: the sealed tempo bid, each side's tempo
// points and the acting side's declared fire (docs/protocol.md, "Views and versions" and "Chosen Men, Well
// Disposed"; chosen-men-well-disposed.txt names "Tempo Bidding" without printing it: Muster's reading, a sealed
// bid per side revealed when both are in, is docs/rules-notes.md, "Chosen Men, Well Disposed").
//
// Why: "A viewer's frames tell him nothing he may not know, not even that something he may not see happened"
// ("Views and versions"). The bid box is sealed: "neither side nor an observer learns the other's bid, or whether
// it is in (`submitted` lists only the viewer's side), before both are in"; `tempo` is "the viewer's side"; the
// declared fire is "the acting side's own ...; the other side learns them as they are resolved".
//
// One campaign: an umpire U, the British commander A, a British brigadier C, the French commander B and an
// observer O, each with one socket recording EVERY frame it receives. The server's dice cannot be scripted from
// outside, so tempo_dice 0 and the umpire's "tempo" override give the distinctive points: British 9, French 13.
// A bids 7, B 5: the British win the tempo. A British infantry base stands 1 BW (close range) before a French one.
//   1. A's bid, withdraw and re-bid reach neither B nor O (not one frame); B's bid and withdraw reach neither A, C
//      nor O; the umpire sees each; C sees that A's bid is in, never anything of B's.
//   2. A stale bid (the wrong turn) is `stale`, a malformed one (`"bid": "lots"`) `bad_request`: no frame to anyone.
//   3. B's bid reveals both to all: `cmwd.bids`, `cmwd.tempo_side` and the line "... the tempo bids are ...".
//   4. A's declared fire reaches neither B nor O until the stage's steps resolve it; then B reads the fire's line.
//   5. Over every frame: the French 13 tempo points never reach A, C or O (checked as the field cmwd.tempo.points,
//      not as text); A's bid item and A in `submitted` never reached B or O before the reveal.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { sleep } from './lib/client.mjs';
import { battleTable } from './lib/battle_table.mjs';
import { parsePointer } from './lib/patch.mjs';

const BRITISH = 'british';
const FRENCH = 'french';
const POINTS = { [BRITISH]: 9, [FRENCH]: 13 }; // distinctive: not the 4 the settings roll, nor any other number here
const BID = { a: 7, b: 5 };
const UNIT = { guards: 1101, rifles: 1102, ligne: 2101 };
const GUARDS = '1st Foot Guards';
const LIGNE = '45e de Ligne';

let server, campaign, users, settle, refused;
let U, A, B, C, O, everyone;
let battle;
let revealMark; // each socket's frame count just before the bid that reveals both

before(async () => {
  server = await startServer({ args: ['--ws-rate', '2000', '--ws-burst', '2000'] });
  const t = await battleTable(server, {
    name: 'The Peninsula', umpire: 'cm_umpire',
    players: { a: 'cm_british_cmdr', c: 'cm_british_brig', b: 'cm_french_cmdr' }, observers: { o: 'cm_observer' },
  });
  ({ campaign, users, settle, refused, everyone } = t);
  ({ umpire: U, a: A, b: B, c: C, o: O } = t.clients);
});

after(async () => {
  for (const c of everyone ?? []) await c.close().catch(() => {});
  await server?.cleanup();
});

// --- helpers ---

const bv = (c) => c.view(campaign).battles[String(battle)];
const cm = (c) => bv(c).cmwd;
const box = (c) => bv(c).boxes.orders;
const NAMES = () => [['U', U], ['A', A], ['B', B], ['C', C], ['O', O]];

/**
 * Runs `action` and returns, for each socket, the frames it received from it: everything that arrived until 300 ms
 * later (time for a stray frame) and the round trip that follows, but for the replies to that round trip itself.
 */
async function watch(action) {
  await settle();
  const was = new Map(everyone.map((c) => [c, c.frames.length]));
  const result = await action();
  await sleep(300);
  const ownFrom = new Map(everyone.map((c) => [c, c.nextId])); // ids from here on are settle's own round trips
  await settle();
  const got = new Map(everyone.map((c) => [c, c.frames.slice(was.get(c)).filter((_, k) => {
    const m = c.messages[was.get(c) + k];
    return !(typeof m.reply === 'number' && m.reply >= ownFrom.get(c));
  })]));
  return { result, got };
}
const silent = (w, who, what) => {
  for (const [name, c] of who) {
    const f = w.got.get(c);
    assert.deepEqual(f, [], `LEAK: ${name} received ${f.length} frame(s) from ${what}: ${f.map((x) => x.slice(0, 300)).join(' | ')}`);
  }
};

/** Every [path, value] a frame carries: a whole view from its root, a patch op's value from its path, a reply's body. */
function* fields(frame) {
  const m = JSON.parse(frame);
  function* walk(v, path) {
    yield [path, v];
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) yield* walk(x, [...path, k]);
  }
  if (m.push === 'view' && 'view' in m) yield* walk(m.view, []);
  for (const op of m.patch ?? []) if ('value' in op) yield* walk(op.value, parsePointer(op.path));
  if ('body' in m) yield* walk(m.body, ['<reply>']);
}
const ends = (path, ...tail) => tail.every((t, i) => path[path.length - tail.length + i] === t);

/** What of `user`'s bid `amount` the frames hold: `user` in the box's submitted list or items, the amount as a bid. */
function bidTraces(frames, user, amount) {
  const hits = [];
  for (const f of frames) {
    for (const [p, v] of fields(f)) {
      const inBox = p.includes('boxes') && p.includes('orders');
      if ((inBox && p.includes('submitted') && (v === user || (Array.isArray(v) && v.includes(user))))
        || (inBox && ends(p, 'user') && v === user) || (ends(p, 'bid') && v === amount)) hits.push(`${p.join('/')}=${JSON.stringify(v)} in ${f.slice(0, 200)}`);
    }
  }
  return hits;
}
/** Where the frames hold tempo points of `points`: the field cmwd.tempo.points, or cmwd.tempo.<side>.points. */
function tempoTraces(frames, points) {
  const hits = [];
  for (const f of frames) {
    for (const [p, v] of fields(f)) {
      if (v === points && (ends(p, 'tempo', 'points') || (p.at(-3) === 'tempo' && p.at(-1) === 'points'))) hits.push(`${p.join('/')} in ${f.slice(0, 200)}`);
      if (ends(p, 'tempo') && v && (v.points === points || Object.values(v).some((s) => s?.points === points))) hits.push(`${p.join('/')} in ${f.slice(0, 200)}`);
    }
  }
  return hits;
}
const bidBody = (c, extra) => ({ campaign, battle, turn: bv(c).turn, ...extra });

// --- the battle ---

test('set-up: the British 9 tempo points and the French 13, each side its own; the bids sealed and null', async () => {
  battle = (await U.ok('battle.create', {
    campaign, name: 'Sorauren', ruleset: 'cmwd',
    table: { width: 180, depth: 120, measure: 'cm' },
    sides: [{ id: BRITISH, name: 'British' }, { id: FRENCH, name: 'French' }],
    leaders: [
      { side: BRITISH, name: 'Sir Thomas Picton', user: users.a.user, position: [20, 10], values: { brigade: 'maitland', commander: true } },
      { side: BRITISH, name: 'Frederick Adam', user: users.c.user, position: [120, 10], values: { brigade: 'adam' } },
      { side: FRENCH, name: 'Honoré Reille', user: users.b.user, position: [30, 110], values: { brigade: 'foy', commander: true } },
    ],
    // Bases of 6 x 3 cm (BW 6 cm), each with its front edge's centre at `position`: the Guards' front at y 50
    // facing +y and the Ligne's at y 56 facing -y stand 1 BW apart, at close range.
    units: [
      { id: UNIT.guards, side: BRITISH, name: GUARDS, troop_type: 'infantry', position: [30, 50], facing: 0, values: { brigade: 'maitland', school: 'dutch' } },
      { id: UNIT.rifles, side: BRITISH, name: '52nd Foot', troop_type: 'infantry', position: [120, 30], facing: 0, values: { brigade: 'adam', school: 'a_prest' } },
      { id: UNIT.ligne, side: FRENCH, name: LIGNE, troop_type: 'infantry', position: [30, 56], facing: 180, values: { brigade: 'foy', school: 'a_prest' } },
    ],
    settings: { tempo_dice: 0, tempo_bonus: 4 },
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  for (const side of [BRITISH, FRENCH]) {
    await U.ok('battle.override', { campaign, battle, what: 'tempo', side, points: POINTS[side], reason: 'as the scenario has it' });
  }
  await settle();
  assert.deepEqual(Object.fromEntries(Object.entries(cm(U).tempo).map(([s, t]) => [s, t.points])), POINTS, 'the umpire sees both sides\' points');
  for (const [who, c, side] of [['A', A, BRITISH], ['C', C, BRITISH], ['B', B, FRENCH]]) {
    assert.deepEqual([cm(c).tempo.points, cm(c).tempo.left], [POINTS[side], POINTS[side]], `${who}: his side's points`);
  }
  assert.equal(cm(O).tempo, null, 'O: no side, no points');
  for (const [who, c] of NAMES()) {
    assert.deepEqual([bv(c).turn, cm(c).stage, cm(c).bids, cm(c).tempo_side], [1, 'bid', null, null], `${who}: turn 1 opens for the bids`);
    assert.deepEqual(box(c).submitted, [], `${who}: nobody has bid`);
    assert.deepEqual(bv(c).hints, { may_act: c === A || c === B }, `${who}: the shared hints are {may_act}: the commanders' bids are due`);
  }
});

test('the sealed bid: A\'s bid, withdraw and re-bid reach neither B nor O; B\'s neither A, C nor O; C sees A\'s is in', async () => {
  const bidA = await watch(() => A.send('battle.submit', bidBody(A, { bid: BID.a })));
  assert.equal(bidA.result.ok, true, JSON.stringify(bidA.result));
  silent(bidA, [['B', B], ['O', O]], `A's bid of ${BID.a}`);
  assert.ok(bidA.got.get(U).length > 0, 'U received the bid');
  assert.deepEqual(box(U).items.map((i) => [i.user, i.item.bid]), [[users.a.user, BID.a]], 'the umpire sees A\'s bid and its amount');
  assert.deepEqual(box(C).submitted, [users.a.user], 'C, of A\'s side, sees that his commander\'s bid is in');
  assert.deepEqual(box(A).items.map((i) => i.item.bid), [BID.a], 'A sees his own bid');

  const withdrawA = await watch(() => A.send('battle.withdraw', bidBody(A, {})));
  assert.equal(withdrawA.result.ok, true, JSON.stringify(withdrawA.result));
  silent(withdrawA, [['B', B], ['O', O]], 'A\'s withdrawn bid');
  assert.deepEqual(box(U).submitted, [], 'the umpire: no bid in');

  // B bids while A's bid is out (so the box does not close), then withdraws: nothing of it reaches A's side.
  const bidB = await watch(() => B.send('battle.submit', bidBody(B, { bid: BID.b })));
  assert.equal(bidB.result.ok, true, JSON.stringify(bidB.result));
  silent(bidB, [['A', A], ['C', C], ['O', O]], `B's bid of ${BID.b}`);
  assert.deepEqual(box(U).items.map((i) => [i.user, i.item.bid]), [[users.b.user, BID.b]], 'the umpire sees B\'s bid');
  const withdrawB = await watch(() => B.send('battle.withdraw', bidBody(B, {})));
  assert.equal(withdrawB.result.ok, true, JSON.stringify(withdrawB.result));
  silent(withdrawB, [['A', A], ['C', C], ['O', O]], 'B\'s withdrawn bid');

  const again = await watch(() => A.send('battle.submit', bidBody(A, { bid: BID.a })));
  assert.equal(again.result.ok, true, JSON.stringify(again.result));
  silent(again, [['B', B], ['O', O]], 'A\'s bid made again');
  assert.deepEqual(box(C).submitted, [users.a.user], 'C: A\'s bid is in again');
  for (const [who, c] of [['B', B], ['O', O]]) assert.deepEqual(box(c).submitted, [], `${who}: nobody's bid is in, as far as he knows`);
  assert.deepEqual(bidTraces(C.frames, users.b.user, BID.b), [], 'nothing of B\'s bid reached C');
});

test('a stale bid (the wrong turn) and a malformed one change nothing for anyone: no frame but the reply', async () => {
  for (const [body, code] of [[{ turn: 2, bid: 3 }, 'stale'], [{ turn: 1, bid: 'lots' }, 'bad_request']]) {
    const w = await watch(() => A.send('battle.submit', { campaign, battle, ...body }));
    assert.equal(w.result.error?.code, code, `${JSON.stringify(body)}: ${JSON.stringify(w.result)}`);
    silent(w, NAMES().filter(([n]) => n !== 'A'), `A's refused bid ${JSON.stringify(body)}`);
    assert.deepEqual(w.got.get(A).map((f) => JSON.parse(f).ok), [false], 'A: the reply alone');
    assert.deepEqual(box(U).items.map((i) => [i.user, i.item.bid]), [[users.a.user, BID.a]], 'A\'s bid stands as it was');
  }
  // The generic check too: no push to any socket, every version and view as before.
  await refused(A, 'battle.submit', { battle, turn: 0, bid: 1 }, 'stale', 'a bid for turn 0');
});

test('B\'s bid reveals both to everyone: the bids, the tempo side and the line "the tempo bids are ..."', async () => {
  await settle();
  revealMark = new Map(everyone.map((c) => [c, c.frames.length]));
  const w = await watch(() => B.send('battle.submit', bidBody(B, { bid: BID.b })));
  assert.equal(w.result.ok, true, JSON.stringify(w.result));
  const line = `Game turn 1: the tempo bids are British ${BID.a}, French ${BID.b}; the British have the tempo.`;
  for (const [who, c] of NAMES()) {
    assert.ok(w.got.get(c).length > 0, `${who} received the reveal`);
    assert.deepEqual(cm(c).bids, { [BRITISH]: BID.a, [FRENCH]: BID.b }, `${who}: both bids`);
    assert.equal(cm(c).tempo_side, BRITISH, `${who}: the British have the tempo (${BID.a} > ${BID.b})`);
    assert.deepEqual([bv(c).turn, cm(c).stage, cm(c).acting_side], [2, 'first', BRITISH], `${who}: the British stage`);
    assert.ok(w.got.get(c).some((f) => f.includes(line)) && bv(c).log.some((l) => l.text === line), `${who} reads "${line}"`);
  }
  // Paid by both (bid_paid_by "both"): 9 - 7 and 13 - 5.
  assert.deepEqual([cm(A).tempo.left, cm(B).tempo.left], [POINTS[BRITISH] - BID.a, POINTS[FRENCH] - BID.b], 'each side paid its bid');
  // A bid for the closed turn is stale now, and reaches nobody.
  const late = await watch(() => B.send('battle.submit', { campaign, battle, turn: 1, bid: 2 }));
  assert.equal(late.result.error?.code, 'stale', JSON.stringify(late.result));
  silent(late, NAMES().filter(([n]) => n !== 'B'), 'B\'s late bid for turn 1');
});

test('the declared fire is the acting side\'s: not one frame of it reaches B or O', async () => {
  assert.deepEqual(cm(A).hints.fire, { [UNIT.guards]: [UNIT.ligne] }, 'A may have the Guards fire at the Ligne, 1 BW before them');
  const fire = await watch(() => A.send('battle.act', bidBody(A, { action: 'fire', unit: UNIT.guards, target: UNIT.ligne })));
  assert.equal(fire.result.ok, true, JSON.stringify(fire.result));
  const declared = [{ action: 'fire', unit: UNIT.guards, target: UNIT.ligne }];
  for (const [who, c] of [['U', U], ['A', A], ['C', C]]) assert.deepEqual(cm(c).declared, declared, `${who}: the declared fire`);
  for (const [who, c] of [['B', B], ['O', O]]) assert.deepEqual(cm(c).declared, [], `${who}: nothing declared, as far as he knows`);
  silent(fire, [['B', B], ['O', O]], 'A\'s declared fire');
});

test('A finishes the British stage: the fire is resolved and B reads its line', async () => {
  const done = await watch(() => A.send('battle.submit', bidBody(A, { done: true })));
  assert.equal(done.result.ok, true, JSON.stringify(done.result));
  for (const [who, c] of NAMES()) {
    const shot = bv(c).log.find((l) => l.details?.test === 'fire');
    assert.ok(shot && shot.text.startsWith(`${GUARDS} fires at ${LIGNE}.`), `${who} reads the fire's line: ${JSON.stringify(shot)}`);
    assert.deepEqual([bv(c).turn, cm(c).stage, cm(c).acting_side], [3, 'second', FRENCH], `${who}: the French stage`);
  }
  assert.ok(done.got.get(B).some((f) => f.includes(`${GUARDS} fires at ${LIGNE}.`)), 'B\'s frames carry the fire\'s line once it is resolved');
});

test('over every frame: the French 13 tempo points never reached A, C or O; A\'s bid never reached B or O before the reveal', () => {
  assert.ok(revealMark, 'the bids were revealed');
  for (const [who, c] of [['A', A], ['C', C], ['O', O]]) {
    assert.ok(c.frames.length > 0, `${who} received frames`);
    assert.deepEqual(tempoTraces(c.frames, POINTS[FRENCH]), [], `LEAK: the French tempo points reached ${who}`);
  }
  assert.ok(tempoTraces(U.frames, POINTS[FRENCH]).length > 0, 'the umpire\'s frames show the French points (so the search is not vacuous)');
  assert.ok(tempoTraces(B.frames, POINTS[FRENCH]).length > 0, 'B\'s frames show his side\'s points');
  for (const [who, c] of [['B', B], ['O', O]]) {
    assert.deepEqual(bidTraces(c.frames.slice(0, revealMark.get(c)), users.a.user, BID.a), [], `LEAK: A's bid reached ${who} before the reveal`);
  }
  assert.ok(bidTraces(U.frames.slice(0, revealMark.get(U)), users.a.user, BID.a).length > 0, 'the umpire\'s frames held A\'s bid before the reveal');
  for (const [who, c] of NAMES()) assert.deepEqual(c.problems, [], `${who}: pushes applied cleanly`);
});
