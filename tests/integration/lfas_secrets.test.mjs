// The secrets of a Loose Files and American Scramble battle over real WebSockets: each side's command points and
// each player's sealed orders (fire, command points, movement) until every player's are in (docs/protocol.md,
// "Loose Files and American Scramble" and "Views and versions"; loose-files-american-scramble.txt, "ORDER OF PLAY
// IN A TURN (ALL MOVEMENT IS SIMULTANEOUS)").
//
// Why: the view's `lfas.cp` is "his side's commanders; umpires: all", and the umpire's `cp` override is "logged,
// with the umpire's reason, to his side only". The orders are "sealed until every player's are in ..., then revealed and resolved together":
// before the reveal a player reads only his own item ("before the reveal only his own card (others: who has
// played)", "The battles' view"), so a brigadier of the same side learns that his commander's orders are in, not
// what they are (the box's default: only the submitter and umpires see an item).
//
// One campaign: an umpire U, the British commander-in-chief A, a British brigadier C (the dragoons' `brigade` is
// his id), the American commander-in-chief B and an observer O, each with one socket recording EVERY frame. The
// server rolls the points at battle.start with its own dice, so the umpire's `cp` override sets distinctive ones:
// A 7, B 11 (a roll gives 2-6). The 23rd Foot stands 6" before the militia (musket range 8"); the 33rd Foot, 3"
// from A, is ordered (1 CP, within 6") to [33.25, 17.75], a destination no other number here resembles.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { sleep } from './lib/client.mjs';
import { battleTable } from './lib/battle_table.mjs';
import { parsePointer } from './lib/patch.mjs';

const BRITISH = 'british';
const AMERICANS = 'americans';
const LEADER = { a: 31, c: 32, b: 41 };
const CP = { a: 7, b: 11 };
const UNIT = { fusiliers: 101, foot: 102, dragoons: 103, militia: 201, guns: 202 };
const DEST = [33.25, 17.75];
const REASON = { a: 'the scenario gives Cornwallis seven', b: 'the scenario gives Greene eleven' };

let server, campaign, users, settle, refused;
let U, A, B, C, O, everyone;
let battle;
let revealMark; // each socket's frame count just before the submission that reveals the orders

before(async () => {
  server = await startServer({ args: ['--ws-rate', '2000', '--ws-burst', '2000'] });
  const t = await battleTable(server, {
    name: 'The Carolinas', umpire: 'lf_umpire',
    players: { a: 'lf_british_cinc', c: 'lf_british_brig', b: 'lf_american_cinc' }, observers: { o: 'lf_observer' },
  });
  ({ campaign, users, settle, refused, everyone } = t);
  ({ umpire: U, a: A, b: B, c: C, o: O } = t.clients);
});

after(async () => {
  for (const c of everyone ?? []) await c.close().catch(() => {});
  await server?.cleanup();
});

// --- helpers (as in cmwd_secrets.test.mjs) ---

const bv = (c) => c.view(campaign).battles[String(battle)];
const box = (c) => bv(c).boxes.orders;
const NAMES = () => [['U', U], ['A', A], ['B', B], ['C', C], ['O', O]];
const others = (...but) => NAMES().filter(([n]) => !but.includes(n));

/** Runs `action`; returns each socket's frames from it (until 300 ms later and a round trip, less that trip's replies). */
async function watch(action) {
  await settle();
  const was = new Map(everyone.map((c) => [c, c.frames.length]));
  const result = await action();
  await sleep(300);
  const ownFrom = new Map(everyone.map((c) => [c, c.nextId]));
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

/** Where the frames hold an entry of `leaders` in `lfas.cp` (or the book's raw `data.cp`), or `points` in any entry. */
function cpTraces(frames, leaders, points) {
  const hits = [];
  for (const f of frames) {
    for (const [p, v] of fields(f)) {
      const i = p.findIndex((k, j) => k === 'cp' && (p[j - 1] === 'lfas' || p[j - 1] === 'data'));
      if (i < 0 || p.length <= i + 1) continue;
      if ((p.length === i + 2 && leaders.includes(p[i + 1])) || (p[i + 2] === 'points' && v === points)) {
        hits.push(`${p.join('/')}=${JSON.stringify(v)} in ${f.slice(0, 200)}`);
      }
    }
  }
  return hits;
}
/** What of `user`'s orders the frames hold: the destination's numbers as text, or an item (or revealed card) of his. */
function orderTraces(frames, user) {
  const hits = [];
  for (const f of frames) {
    if (DEST.some((n) => f.includes(String(n)))) hits.push(`the destination in ${f.slice(0, 300)}`);
    for (const [p, v] of fields(f)) {
      if ((p.includes('items') || p.includes('cards')) && p.at(-1) === 'user' && v === user) hits.push(`${p.join('/')} in ${f.slice(0, 200)}`);
    }
  }
  return hits;
}
/** The log lines' texts the frames carry. */
function logTexts(frames) {
  const out = [];
  for (const f of frames) for (const [p, v] of fields(f)) if (p.includes('log') && typeof v?.text === 'string') out.push(v.text);
  return out;
}
const turnBody = (c, extra) => ({ campaign, battle, turn: bv(c).turn, ...extra });
const ORDERS = {
  fire: [{ unit: UNIT.fusiliers, target: UNIT.militia }],
  command: [{ spend: 'order', units: [UNIT.foot] }],
  move: [{ unit: UNIT.foot, av: 2, d6: 0, to: DEST }],
};

// --- the battle ---

test('set-up: A\'s 7 points and B\'s 11 by the umpire\'s override, each line and each entry to its side alone', async () => {
  battle = (await U.ok('battle.create', {
    campaign, name: 'Guilford Courthouse', ruleset: 'lfas',
    table: { width: 72, depth: 48, measure: 'inches' },
    sides: [{ id: BRITISH, name: 'British' }, { id: AMERICANS, name: 'Americans' }],
    leaders: [
      { id: LEADER.a, side: BRITISH, name: 'Lord Cornwallis', user: users.a.user, position: [30, 8], values: { role: 'c_in_c' } },
      { id: LEADER.c, side: BRITISH, name: 'Banastre Tarleton', user: users.c.user, position: [50, 8], values: { role: 'brigadier' } },
      { id: LEADER.b, side: AMERICANS, name: 'Nathanael Greene', user: users.b.user, position: [40, 46], values: { role: 'c_in_c' } },
    ],
    // Infantry of 4 companies: 4" wide, 0.75" deep, `position` the centre of the front edge; facing 0 is +y.
    units: [
      { id: UNIT.fusiliers, side: BRITISH, name: '23rd Foot', troop_type: 'infantry', position: [20, 12], facing: 0, values: { class: 2, kind: 'regular', regular: true } },
      { id: UNIT.foot, side: BRITISH, name: '33rd Foot', troop_type: 'infantry', position: [30, 12], facing: 0, values: { class: 2, kind: 'regular', regular: true } },
      { id: UNIT.dragoons, side: BRITISH, name: 'British Legion', troop_type: 'cavalry', position: [50, 12], facing: 0, values: { class: 2, brigade: LEADER.c } },
      { id: UNIT.militia, side: AMERICANS, name: 'North Carolina Militia', troop_type: 'infantry', position: [20, 18], facing: 180, values: { class: 4, kind: 'militia' } },
      { id: UNIT.guns, side: AMERICANS, name: 'Continental Artillery', troop_type: 'artillery', position: [40, 40], facing: 180, values: { class: 3, gun: 'field' } },
    ],
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  for (const [k, blind] of [['a', [['B', B], ['O', O]]], ['b', [['A', A], ['C', C], ['O', O]]]]) {
    const w = await watch(() => U.send('battle.override', { campaign, battle, what: 'cp', leader: LEADER[k], value: CP[k], reason: REASON[k] }));
    assert.equal(w.result.ok, true, JSON.stringify(w.result));
    silent(w, blind, `the umpire's cp override for ${k.toUpperCase()}`);
  }
  const pts = (c) => Object.fromEntries(Object.entries(bv(c).lfas.cp).map(([l, e]) => [l, e.points]));
  assert.deepEqual([pts(U)[LEADER.a], pts(U)[LEADER.b]], [CP.a, CP.b], 'the umpire sees both commanders\' points');
  for (const [who, c] of [['A', A], ['C', C]]) {
    assert.deepEqual(Object.keys(pts(c)).sort(), [String(LEADER.a), String(LEADER.c)], `${who}: his side's commanders only`);
    assert.equal(pts(c)[LEADER.a], CP.a, `${who}: A's 7`);
  }
  assert.deepEqual(pts(B), { [LEADER.b]: CP.b }, 'B: his own 11 alone');
  assert.deepEqual(pts(O), {}, 'O: no side, no points');
  // The umpire's reason goes with the line, to that side alone.
  const line = (k, name) => `The umpire gives ${name} ${CP[k]} command points: ${REASON[k]}.`;
  for (const [who, c, mine, theirs] of [['A', A, true, false], ['C', C, true, false], ['B', B, false, true], ['O', O, false, false]]) {
    const texts = bv(c).log.map((l) => l.text);
    assert.equal(texts.includes(line('a', 'Lord Cornwallis')), mine, `${who}: the line of A's points ${mine ? '' : 'not '}read`);
    assert.equal(texts.includes(line('b', 'Nathanael Greene')), theirs, `${who}: the line of B's points ${theirs ? '' : 'not '}read`);
  }
  const umpireTexts = bv(U).log.map((l) => l.text);
  for (const k of ['a', 'b']) assert.equal(umpireTexts.filter((t) => t.includes(REASON[k])).length, 1, `the umpire reads the reason "${REASON[k]}" once`);
  assert.deepEqual(bv(A).lfas.units[UNIT.fusiliers]?.fire, [UNIT.militia], 'the 23rd may fire at the militia 6" before it');
});

test('A\'s sealed orders, withdrawn and given again: nothing of them reaches B or O; C sees only that they are in', async () => {
  for (const [what, send] of [['orders', () => A.send('battle.submit', turnBody(A, ORDERS))],
    ['withdraw', () => A.send('battle.withdraw', turnBody(A, {}))],
    ['orders again', () => A.send('battle.submit', turnBody(A, ORDERS))]]) {
    const w = await watch(send);
    assert.equal(w.result.ok, true, `${what}: ${JSON.stringify(w.result)}`);
    for (const [who, c] of [['B', B], ['O', O], ['C', C]]) {
      assert.deepEqual(orderTraces(w.got.get(c), users.a.user), [], `LEAK: A's ${what} reached ${who}`);
    }
    const inNow = what !== 'withdraw';
    assert.deepEqual(box(U).items.map((i) => [i.user, i.item.move[0]?.to]), inNow ? [[users.a.user, DEST]] : [], `${what}: the umpire sees A's item`);
    assert.deepEqual(box(A).items.map((i) => i.user), inNow ? [users.a.user] : [], `${what}: A sees his own item`);
    // The box's default (docs/protocol.md, "The battles' view"): everyone learns who is in, only the submitter what.
    for (const [who, c] of [['C', C], ['B', B], ['O', O]]) {
      assert.deepEqual([box(c).submitted, box(c).items], [inNow ? [users.a.user] : [], []], `${what}: ${who} sees whether A is in, no item`);
    }
  }
  assert.deepEqual(box(U).items[0].item, { ...ORDERS, move: [{ ...ORDERS.move[0], plus_two: false }], command: [{ leader: LEADER.a, ...ORDERS.command[0] }] },
    'the umpire reads A\'s orders as checked');
  // C must submit too before the turn closes by itself: empty orders (every list may be left out).
  const w = await watch(() => C.send('battle.submit', turnBody(C, {})));
  assert.equal(w.result.ok, true, JSON.stringify(w.result));
  assert.deepEqual(orderTraces(w.got.get(B), users.c.user), [], 'C\'s orders did not reach B');
  assert.deepEqual(box(C).items.map((i) => [i.user, i.item]), [[users.c.user, { fire: [], command: [], move: [] }]], 'C sees his own item');
});

test('refusals reach nobody: a malformed order, a stale turn, orders for B\'s militia', async () => {
  for (const [body, code] of [
    [{ turn: 1, move: 'fast' }, 'bad_request'],
    [{ turn: 2, ...ORDERS }, 'stale'],
    [{ turn: 1, command: [{ spend: 'order', units: [UNIT.militia] }] }, 'not_found'],
    [{ turn: 1, command: ORDERS.command, move: [{ unit: UNIT.militia, av: 1, d6: 0, to: [20, 20] }] }, 'not_found'],
  ]) {
    const w = await watch(() => A.send('battle.submit', { campaign, battle, ...body }));
    assert.equal(w.result.error?.code, code, `${JSON.stringify(body)}: ${JSON.stringify(w.result)}`);
    silent(w, others('A'), `A's refused orders ${JSON.stringify(body)}`);
    assert.deepEqual(w.got.get(A).map((f) => JSON.parse(f).ok), [false], 'A: the reply alone');
    assert.deepEqual(box(U).items.find((i) => i.user === users.a.user)?.item.move[0].to, DEST, 'A\'s orders stand as they were');
  }
  await refused(A, 'battle.submit', { battle, turn: 0, ...ORDERS }, 'stale', 'orders for turn 0');
});

test('B\'s orders close the turn: everyone reads the reveal, the fire and the movement; turn 2 opens', async () => {
  await settle();
  revealMark = new Map(everyone.map((c) => [c, c.frames.length]));
  const w = await watch(() => B.send('battle.submit', turnBody(B, {})));
  assert.equal(w.result.ok, true, JSON.stringify(w.result));
  const revealed = 'Turn 1: every side\'s orders are revealed and rolled together.';
  for (const [who, c] of NAMES()) {
    const got = w.got.get(c);
    assert.ok(got.some((f) => f.includes(revealed)), `${who}'s frames carry the reveal`);
    assert.ok(orderTraces(got, users.a.user).length > 0, `${who}'s frames carry A's orders, revealed`);
    const log = bv(c).log;
    const reveal = log.find((l) => l.text === revealed);
    const card = reveal?.details?.cards?.find((x) => x.user === users.a.user);
    assert.deepEqual(card?.item.move[0].to, DEST, `${who}: A's revealed movement ${JSON.stringify(reveal)}`);
    const fire = log.find((l) => l.details?.test === 'fire' && l.details.unit === UNIT.fusiliers);
    assert.ok(fire && fire.text.startsWith('23rd Foot fires at North Carolina Militia:'), `${who}: the fire's line ${JSON.stringify(fire)}`);
    assert.ok(Array.isArray(fire.details.faces) && fire.details.faces.length === fire.details.dice && fire.details.dice === 4,
      `${who}: 4 companies, no DP: 4 dice with their faces ${JSON.stringify(fire.details)}`);
    assert.ok(fire.details.faces.every((f) => f >= 1 && f <= 6), `${who}: d6 faces`);
    const move = log.find((l) => l.details?.test === 'movement' && l.details.unit === UNIT.foot);
    assert.ok(move && move.text.startsWith('33rd Foot moves'), `${who}: the 33rd's movement line ${JSON.stringify(move)}`);
    assert.equal(move.details.faces.length, 2, `${who}: two average dice`);
    assert.deepEqual([bv(c).turn, bv(c).status, box(c).turn, box(c).revealed, box(c).items], [2, 'cards', 2, false, []], `${who}: turn 2 is open`);
  }
  const foot = bv(O).units.find((u) => u.id === UNIT.foot);
  assert.ok(foot.position[1] > 12, `the 33rd went forward: ${JSON.stringify(foot.position)}`);
});

test('over every frame: A\'s points never reached B or O, B\'s 11 never A, C or O; A\'s orders none of them before the reveal', () => {
  assert.ok(revealMark, 'the orders were revealed');
  const british = [String(LEADER.a), String(LEADER.c)];
  for (const [who, c] of [['B', B], ['O', O]]) {
    assert.deepEqual(cpTraces(c.frames, british, CP.a), [], `LEAK: British command points reached ${who}`);
    const told = logTexts(c.frames).filter((t) => t.includes(REASON.a) || (t.includes('command points') && (t.includes('Cornwallis') || t.includes(` ${CP.a} `))));
    assert.deepEqual(told, [], `LEAK: ${who} read a line of A's points`);
    assert.deepEqual(orderTraces(c.frames.slice(0, revealMark.get(c)), users.a.user), [], `LEAK: A's orders reached ${who} before the reveal`);
  }
  assert.deepEqual(orderTraces(C.frames.slice(0, revealMark.get(C)), users.a.user), [], 'A\'s orders reached C before the reveal');
  for (const [who, c] of [['A', A], ['C', C], ['O', O]]) {
    assert.deepEqual(cpTraces(c.frames, [String(LEADER.b)], CP.b), [], `LEAK: B's command points reached ${who}`);
    assert.deepEqual(logTexts(c.frames).filter((t) => t.includes(REASON.b) || t.includes('Greene 11')), [], `LEAK: ${who} read a line of B's points`);
  }
  // Not vacuous: the umpire's frames held both, A's the British entry, B's his own, U's A's orders before the reveal.
  assert.ok(cpTraces(U.frames, british, CP.a).length > 0 && cpTraces(U.frames, [String(LEADER.b)], CP.b).length > 0, 'the umpire saw both');
  assert.ok(cpTraces(A.frames, british, CP.a).length > 0, 'A saw his side\'s points');
  assert.ok(cpTraces(B.frames, [String(LEADER.b)], CP.b).length > 0, 'B saw his own points');
  assert.ok(orderTraces(U.frames.slice(0, revealMark.get(U)), users.a.user).length > 0, 'the umpire saw A\'s orders before the reveal');
  for (const [who, c] of NAMES()) assert.deepEqual(c.problems, [], `${who}: pushes applied cleanly`);
});
