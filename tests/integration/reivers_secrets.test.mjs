// The secrets of a Border Reivers raid over real WebSockets: an ambush and the terrain rolls one side knows
// (docs/protocol.md, "Views and versions", "Battles" and "Border Reivers"; border-reivers.txt, the ambush
// paragraph: "If the detection points are greater than the concealment, the ambush is spotted, otherwise it is
// not", and the terrain paragraph: "the side with the knowledge may roll for the terrain in secret before the
// start of the game. When the other side moves into a new terrain area, the terrain effect rolled is revealed").
//
// Why: a viewer's frames tell him nothing he may not know, "not even that something he may not see happened"
// ("Views and versions"). An ambush is only worth laying if the enemy learns nothing of it, by its id, its name,
// its values, where it lies, how a search near it answers, or how an error naming it reads.
//
// One campaign: an umpire U, two players of the Scots (A1, A2: side a), one of the English (B: side b) and an
// observer O, each with one socket that records EVERY frame it receives (replies, pushes, errors). Two identical
// raids ("ruleset": "reivers", 1500 x 1000 paces), R and E: a marsh (Tarras Moss) and a wood (Kershope Wood);
// the English know every terrain roll from the start (settings {"local_knowledge": "english"}); in the wood lies
// an English name placed concealed without an id (the server gives it a random id above 2^40), with canary
// strings for its name and its values.note, markers {"concealment": 4}, at a position no other value has.
// A1's heidman (craft "good", fyrebrand 1, the lowest: he acts first in the Scots' bound, turn 1) stands within
// craft range of the wood.
//   1. Before the ambush is found, no frame A1, A2 or O receives holds its id (as a number in any form), its name,
//      its note or its position; each viewer's battle lists exactly the names he may see; the Scots' views hold
//      no terrain roll of an area their names have not entered, the English ones every roll, the umpire's all of
//      them with known_to.
//   2. A failed search (2 detection points, not more than the 4 of concealment): A1 searches at the ambush in R
//      and at an empty spot in E, his craft ruled alike in both by the umpire (override "craft"). What A1 and A2 receive
//      (the reply, the pushes) is the same in both raids but for the point searched, and says nothing was found;
//      B receives no frame at all from either search. Likewise, when the umpire changes a roll only the English
//      know (battle.override "terrain", in E), A1, A2 and O receive no frame.
//   3. A2's rider rides into the marsh (within its 200 paces): the Scots' views gain the marsh's roll, equal to
//      the umpire's and the English one; the observer's only now that both sides know it; the wood's stays out.
//      The ride stands, to the marsh's edge or into it as the roll allows.
//   4. Turn 3 (the Scots' next bound): a search of 5 points finds the ambush: A1, A2 and O see the name with the
//      id the umpire sees, and never its values.
//   5. A1's actions naming the concealed name's id get the code and message of an id that does not exist, and
//      nothing reaches anyone.
//   6. The server restarts on the same database; each user re-subscribes and gets the view he had.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/server.mjs';
import { connect } from './lib/client.mjs';
import { battleTable } from './lib/battle_table.mjs';

const hex = () => randomBytes(5).toString('hex');
const SCOTS = 'scots'; // side a
const ENGLISH = 'english'; // side b: the ambush is theirs
const MARSH = 1;
const WOOD = 2;
const HEIDMAN = { a1: 11, a2: 12, b: 21 };
const NAME = { a1: 101, a2: 102, b: 201 };
const MISSING = 987654321; // an id no piece has
const SEARCH = { ambush: [850, 500], empty: [600, 750] }; // both 250 paces from A1's heidman, within craft range
const RIDE_TO = [400, 180]; // A2's rider, from [400, 300]: 120 paces, into the marsh (its edge at y 210)

// The canaries of each raid's ambush: none may reach A1, A2 or O before it is found (R) or ever (E). Each lies
// in the wood at coordinates no other value has.
const canary = (raid, at) => ({ name: `CANARY-AMBUSH-NAME-${raid}-${hex()}`, note: `CANARY-AMBUSH-VALUE-${raid}-${hex()}`, at });
const CANARY = { R: canary('R', [861.2371, 507.4829]), E: canary('E', [858.3917, 493.6143]) };

let server;
let campaign, users, settle, refused;
let U, A1, A2, B, O;
const sockets = [];
const raid = {}; // R and E: {battle, hidden (the ambush's id, from the umpire's view)}
let foundMark; // each socket's frame count just before the successful search

before(async () => {
  server = await startServer({ args: ['--ws-rate', '2000', '--ws-burst', '2000'] });
  const table = await battleTable(server, {
    name: 'The West March', umpire: 'rv_umpire',
    players: { a1: 'rv_scot_1', a2: 'rv_scot_2', b: 'rv_english' }, observers: { o: 'rv_observer' },
  });
  ({ campaign, users, settle, refused } = table);
  ({ umpire: U, a1: A1, a2: A2, b: B, o: O } = table.clients);
  sockets.push(...table.everyone);
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

// --- helpers ---

const named = () => [['U', U], ['A1', A1], ['A2', A2], ['B', B], ['O', O]];
const blind = () => [['A1', A1], ['A2', A2], ['O', O]]; // who may not know of the ambush before it is found
const scots = () => [['A1', A1], ['A2', A2]];
const bv = (c, battle) => c.view(campaign).battles[String(battle)];
/** What the sender saw (docs/protocol.md, "Battles": "The moment a command was meant for"): his view's turn. */
const at = (c, battle) => ({ turn: bv(c, battle).turn });
const ids = (list) => list.map((p) => p.id).sort((x, y) => x - y);
const unitIn = (v, id) => v.units.find((u) => u.id === id);

/** The id as a bare JSON number or key (not part of a longer number), in hex, or as an exponent. */
function idForms(id) {
  return [new RegExp(`(?<![\\d.])${id}(?![\\d.])`), new RegExp(id.toString(16), 'i'), new RegExp(id.toExponential().replace(/[.+]/g, '\\$&'))];
}
/** What of the ambush `amb` (its id, name, note, position) the frames hold, shortened for a readable failure. */
function tracesOf(frames, amb, canaries) {
  const hits = [];
  for (const f of frames) {
    for (const m of [canaries.name, canaries.note, String(canaries.at[0]), String(canaries.at[1])]) if (f.includes(m)) hits.push(`${m} in ${f.slice(0, 300)}`);
    for (const re of idForms(amb.hidden)) if (re.test(f)) hits.push(`the id ${amb.hidden} (${re}) in ${f.slice(0, 300)}`);
  }
  return hits;
}

/** A raid as the umpire sets it up; R and E differ only in their ambush's canaries and where in the wood it lies. */
function raidBody(name, canaries) {
  return {
    campaign, name, ruleset: 'reivers',
    table: { width: 1500, depth: 1000, measure: 'paces' },
    sides: [{ id: SCOTS, name: 'Scots' }, { id: ENGLISH, name: 'English' }],
    terrain: [
      { id: MARSH, kind: 'marsh', name: 'Tarras Moss', shape: 'circle', centre: [400, 150], radius: 60 },
      { id: WOOD, kind: 'wood', name: 'Kershope Wood', shape: 'circle', centre: [860, 500], radius: 110 },
    ],
    leaders: [
      { id: HEIDMAN.a1, user: users.a1.user, side: SCOTS, name: 'Wat Scott of Harden', position: [600, 500], values: { fyrebrand: 1, craft: 'good' } },
      { id: HEIDMAN.a2, user: users.a2.user, side: SCOTS, name: 'Kinmont Willie', position: [400, 300], values: { fyrebrand: 4, craft: 'average' } },
      { id: HEIDMAN.b, user: users.b.user, side: ENGLISH, name: 'Thomas Musgrave', position: [1300, 800], values: { fyrebrand: 3, craft: 'average' } },
    ],
    units: [
      { id: NAME.a1, side: SCOTS, owner: users.a1.user, name: 'Harden\'s riders', troop_type: 'rider', position: [600, 500], values: { heidman: HEIDMAN.a1 } },
      { id: NAME.a2, side: SCOTS, owner: users.a2.user, name: 'Kinmont\'s riders', troop_type: 'rider', position: [400, 300], values: { heidman: HEIDMAN.a2 } },
      { id: NAME.b, side: ENGLISH, owner: users.b.user, name: 'Musgrave\'s lances', troop_type: 'rider', position: [1300, 800], values: { heidman: HEIDMAN.b } },
      // The ambush: placed concealed with no id, on foot in the wood.
      {
        side: ENGLISH, owner: users.b.user, name: canaries.name, troop_type: 'blade', position: canaries.at,
        values: { heidman: HEIDMAN.b, mounted: false, note: canaries.note }, markers: { concealment: 4 }, concealed: true,
      },
    ],
    settings: { local_knowledge: ENGLISH },
  };
}

/**
 * Runs `action` between two settles and returns, for each socket, the frames it received meanwhile (pushes, and
 * replies to what the action sent; not the replies to settle's own round trips) and how far its version moved.
 */
async function watch(action) {
  await settle();
  const was = new Map(sockets.map((c) => [c, { n: c.messages.length, version: c.version(campaign) }]));
  const result = await action();
  const ownFrom = new Map(sockets.map((c) => [c, c.nextId])); // ids from here on are settle's round trips
  await settle();
  const got = new Map();
  for (const c of sockets) {
    const frames = [];
    for (let i = was.get(c).n; i < c.messages.length; i++) {
      const m = c.messages[i];
      if ('reply' in m && typeof m.reply === 'number' && m.reply >= ownFrom.get(c)) continue;
      frames.push(c.frames[i]);
    }
    got.set(c, { frames, moved: c.version(campaign) - was.get(c).version });
  }
  return { result, got };
}

/** A frame with what may differ between the two raids masked: reply id, version, battle id, the point searched. */
function shape(frame, battle, point) {
  const j = JSON.parse(frame);
  if ('reply' in j) j.reply = '<id>';
  if ('version' in j) j.version = '<version>';
  return JSON.stringify(j)
    .split(`/battles/${battle}/`).join('/battles/<battle>/')
    .split(`"at":[${point[0]},${point[1]}]`).join('"at":"<point>"')
    .split(`(${point[0]}, ${point[1]})`).join('(<point>)');
}

// --- the raids ---

test('set-up: two identical raids; each viewer sees exactly the names he may, the Scots no terrain roll, the English all', async () => {
  for (const [k, canaries] of Object.entries(CANARY)) {
    const battle = (await U.ok('battle.create', raidBody(k === 'R' ? 'Kershope Burn' : 'Kershope Ford', canaries))).battle;
    await U.ok('battle.start', { campaign, battle });
    raid[k] = { battle };
  }
  await settle();
  for (const [k, r] of Object.entries(raid)) {
    const uv = bv(U, r.battle);
    const amb = uv.units.find((u) => u.name === CANARY[k].name);
    assert.ok(amb, `${k}: the umpire sees the ambush`);
    r.hidden = amb.id;
    assert.ok(Number.isSafeInteger(r.hidden) && r.hidden > 2 ** 40, `${k}: the ambush's id comes from the random source: ${r.hidden}`);
    assert.deepEqual([amb.concealed, amb.markers, amb.values.note, amb.position], [true, { concealment: 4 }, CANARY[k].note, CANARY[k].at], `${k}: the umpire sees it whole`);
    assert.equal(uv.bound.side, SCOTS, `${k}: turn 1 is the Scots' bound`);
    assert.deepEqual(uv.bound.order.map((o) => o.leader), [HEIDMAN.a1, HEIDMAN.a2], `${k}: A1's heidman acts first (the lowest fyrebrand)`);

    // The names each viewer may see, and how many.
    const visible = [NAME.a1, NAME.a2, NAME.b];
    for (const [who, c] of [['U', U], ['B', B]]) {
      assert.deepEqual(ids(bv(c, r.battle).units), [...visible, r.hidden], `${who}: every name of ${k}`);
      assert.equal(unitIn(bv(c, r.battle), r.hidden).concealed, true, `${who}: the ambush is concealed`);
    }
    for (const [who, c] of blind()) {
      const v = bv(c, r.battle);
      assert.deepEqual(ids(v.units), visible, `${who}: the three names in sight in ${k}, no more`);
      assert.equal(v.units.length, 3, `${who}: three names`);
      for (const f of v.history) assert.deepEqual(ids(f.units), visible, `${who}: the names of ${k}'s frame of turn ${f.turn}`);
    }
    for (const [who, c] of named()) assert.deepEqual(ids(bv(c, r.battle).leaders), [HEIDMAN.a1, HEIDMAN.a2, HEIDMAN.b], `${who}: the three heidmen`);

    // The terrain rolls (docs/protocol.md, "Border Reivers": "the rolls his side knows; umpires all, with known_to;
    // an observer those every side knows").
    const rolls = uv.terrain_rolls;
    assert.deepEqual(Object.keys(rolls).sort(), [String(MARSH), String(WOOD)], `${k}: the umpire sees every roll`);
    for (const f of [MARSH, WOOD]) {
      assert.deepEqual(rolls[f].known_to, [ENGLISH], `${k}: area ${f} known to the English only`);
      assert.ok(Number.isInteger(rolls[f].roll) && rolls[f].roll >= 1 && rolls[f].roll <= 6, `${k}: area ${f} rolled`);
    }
    // Each side reads the turn it learned a roll (0: before play, by local knowledge); the umpire, each side's.
    for (const f of [MARSH, WOOD]) assert.deepEqual(rolls[f].learned, { [ENGLISH]: 0 }, `${k}: area ${f} learned before play`);
    const { known_to: _m, learned: _ml, ...marsh } = rolls[MARSH];
    const { known_to: _w, learned: _wl, ...wood } = rolls[WOOD];
    assert.deepEqual(bv(B, r.battle).terrain_rolls, { [MARSH]: { ...marsh, learned: 0 }, [WOOD]: { ...wood, learned: 0 } },
      `B: every roll of ${k}, as the umpire's`);
    for (const [who, c] of blind()) assert.deepEqual(bv(c, r.battle).terrain_rolls, {}, `${who}: no roll of ${k} (no Scots name has entered an area)`);
  }
  // The canaries are where they should be, so searching the others' frames for them is not vacuous.
  for (const [who, c] of [['U', U], ['B', B]]) {
    for (const k of ['R', 'E']) for (const m of [CANARY[k].name, CANARY[k].note, String(CANARY[k].at[0])]) assert.ok(c.framesContaining(m).length > 0, `${who} got ${m}`);
  }
  for (const [who, c] of blind()) for (const k of ['R', 'E']) assert.deepEqual(tracesOf(c.frames, raid[k], CANARY[k]), [], `the ambush of ${k} reached ${who}`);
});

// docs/protocol.md, "Border Reivers": "A name is one of his own ...; one he cannot see is `not_found`, as one that
// does not exist."
test('errors tell nothing: A1 naming the hidden name gets the answer of a name that does not exist, and nobody gets a frame', async () => {
  const battle = raid.R.battle;
  const actions = [
    { action: 'move', to: [900, 500] },
    { action: 'move', units: '<id>', to: [900, 500] },
    { action: 'spring' },
    { action: 'rally' },
    { action: 'dismount' },
    { action: 'conceal', craft: 1 },
  ];
  for (const a of actions) {
    const body = (id) => ({ battle, ...at(A1, battle), ...a, ...(a.units ? { units: [id] } : { unit: id }) });
    const hidden = await refused(A1, 'battle.act', body(raid.R.hidden), 'not_found', `${a.action} naming the hidden name`);
    const missing = await refused(A1, 'battle.act', body(MISSING), 'not_found', `${a.action} naming no name`);
    assert.deepEqual(hidden.error, missing.error, `${a.action}${a.units ? ' (units)' : ''}: the same code and message for the hidden name as for none`);
  }
  for (const [who, c] of blind()) assert.deepEqual(tracesOf(c.frames, raid.R, CANARY.R), [], `the ambush reached ${who}`);
});

// A failed search, at the ambush (R) and at an empty spot (E): what A1 and A2 receive, what B receives.
const search = {}; // 'ambush' | 'empty' -> watch()'s result
test('a failed search: the Scots receive the same frames at the ambush as at an empty spot, saying nothing is found', async () => {
  // The umpire rules A1's craft a 6 in both raids (thrown as the bound opened), so the searches start from the
  // same craft.
  for (const r of [raid.E, raid.R]) {
    await U.ok('battle.override', { campaign, battle: r.battle, ...at(U, r.battle), what: 'craft', leader: HEIDMAN.a1, rolled: 6, reason: 'the umpire throws' });
  }
  await settle();
  for (const r of [raid.E, raid.R]) assert.equal(bv(A1, r.battle).craft[HEIDMAN.a1].left, 6, 'six craft in each raid');

  for (const [where, r] of [['empty', raid.E], ['ambush', raid.R]]) {
    search[where] = await watch(() => A1.send('battle.act', { campaign, battle: r.battle, ...at(A1, r.battle), action: 'detect', at: SEARCH[where], craft: 2 }));
    assert.equal(search[where].result.ok, true, `the search at the ${where} spot: ${JSON.stringify(search[where].result)}`);
  }
  assert.equal(unitIn(bv(U, raid.R.battle), raid.R.hidden).concealed, true, 'the ambush is still concealed: 2 points are not more than 4');

  for (const [who, c] of scots()) {
    const [e, r] = [search.empty.got.get(c), search.ambush.got.get(c)];
    assert.ok(r.frames.length > 0, `${who} received the search`);
    assert.deepEqual(r.frames.map((f) => shape(f, raid.R.battle, SEARCH.ambush)), e.frames.map((f) => shape(f, raid.E.battle, SEARCH.empty)),
      `${who}: the frames of the search at the ambush are those of the search at an empty spot`);
    assert.deepEqual([r.moved, e.moved], [1, 1], `${who}: one version each`);
    for (const [where, battle] of [['empty', raid.E.battle], ['ambush', raid.R.battle]]) {
      const v = bv(c, battle);
      assert.deepEqual(v.searches, [{ side: SCOTS, leader: HEIDMAN.a1, turn: 1, at: SEARCH[where], points: 2, found: [] }], `${who}: his side's search at the ${where} spot`);
      assert.match(v.log.at(-1).text, new RegExp(`^Wat Scott of Harden searches near \\(${SEARCH[where].join(', ')}\\) with 2 detection points: nothing is found( \\(".*"\\))?\\.?$`), `${who}: nothing is found`);
      assert.equal(v.craft[HEIDMAN.a1].left, 4, `${who}: 2 craft spent`);
    }
  }
  // A1's own frames: the reply ({}) as well as the push.
  assert.ok(search.ambush.got.get(A1).frames.some((f) => JSON.parse(f).ok === true), 'A1 got the reply');
  // The observer's frames too are the same in both raids but for the point (what he gets is reported below).
  const [oe, or] = [search.empty.got.get(O), search.ambush.got.get(O)];
  assert.deepEqual(or.frames.map((f) => shape(f, raid.R.battle, SEARCH.ambush)), oe.frames.map((f) => shape(f, raid.E.battle, SEARCH.empty)), 'O: the same frames in both raids');
  for (const [who, c] of blind()) assert.deepEqual(tracesOf(c.frames, raid.R, CANARY.R), [], `the ambush reached ${who}`);
});

// docs/protocol.md, "Views and versions": "A user whose view an event leaves unchanged ... gets no frame at all";
// "Border Reivers", detect: "the searcher's side reads 'nothing is found'", and `searches` are his side's.
test('a failed search: side b receives no frame at all from it (its view does not change)', () => {
  assert.ok(search.ambush && search.empty, 'the searches were made');
  for (const where of ['ambush', 'empty']) {
    const { frames, moved } = search[where].got.get(B);
    assert.deepEqual(frames, [], `LEAK: B (English) received ${frames.length} frame(s) from A1's failed search at the ${where} spot ` +
      '(the Scots\' search line, where they searched and with how many points, is public): ' + frames.map((f) => f.slice(0, 400)).join(' | '));
    assert.equal(moved, 0, `B's version moved for A1's search at the ${where} spot`);
  }
});

// docs/protocol.md, "Views and versions": "A user whose view an event leaves unchanged (... an umpire's note or
// blind roll ...) gets no frame at all"; "Border Reivers", overrides: "terrain" {"feature", "roll"}. A roll only
// the English know is theirs and the umpires'.
test('the umpire changes a roll only the English know: A1, A2 and O receive no frame; B his new roll', async () => {
  const battle = raid.E.battle;
  const was = bv(U, battle).terrain_rolls[WOOD].roll;
  const roll = was === 6 ? 5 : 6;
  const set = await watch(() => U.send('battle.override', { campaign, battle, ...at(U, battle), what: 'terrain', feature: WOOD, roll, reason: 'the wood is thicker than the English thought' }));
  assert.equal(set.result.ok, true, JSON.stringify(set.result));
  assert.equal(bv(U, battle).terrain_rolls[WOOD].roll, roll, 'the umpire: the new roll');
  assert.deepEqual(bv(U, battle).terrain_rolls[WOOD].known_to, [ENGLISH], 'still known to the English only');
  assert.equal(bv(B, battle).terrain_rolls[WOOD].roll, roll, 'B: the new roll');
  assert.equal(set.got.get(B).moved, 1, 'B: one change');
  for (const [who, c] of blind()) {
    const { frames, moved } = set.got.get(c);
    assert.deepEqual(frames, [], `LEAK: ${who} received ${frames.length} frame(s) when the umpire changed a roll only the English know: ` +
      frames.map((f) => f.slice(0, 400)).join(' | '));
    assert.equal(moved, 0, `${who}: version unchanged`);
    assert.deepEqual(bv(c, battle).terrain_rolls, {}, `${who}: no roll of E`);
  }
});

test('terrain: A2\'s rider rides into the marsh: the Scots learn its roll, equal to the umpire\'s and the English one; the observer now too', async () => {
  const battle = raid.R.battle;
  await A1.ok('battle.submit', { campaign, battle, ...at(A1, battle) }); // A1 is done: A2 (fyrebrand 4) acts
  await settle();
  for (const [who, c] of blind()) assert.deepEqual(bv(c, battle).terrain_rolls, {}, `${who}: no roll before the ride`);
  const ride = await watch(() => A2.send('battle.act', { campaign, battle, ...at(A2, battle), action: 'move', unit: NAME.a2, to: RIDE_TO }));
  assert.equal(ride.result.ok, true, `the ride stands (cut short or not, by ground just found): ${JSON.stringify(ride.result)}`);

  const uroll = bv(U, battle).terrain_rolls;
  assert.deepEqual(uroll[MARSH].known_to.slice().sort(), [ENGLISH, SCOTS], 'the umpire: the marsh known to both sides');
  assert.deepEqual(uroll[WOOD].known_to, [ENGLISH], 'the umpire: the wood still known to the English only');
  const turn = bv(U, battle).turn;
  assert.deepEqual(uroll[MARSH].learned, { [ENGLISH]: 0, [SCOTS]: turn }, 'the umpire: when each side learned the marsh');
  const { known_to: _k, learned: _l, ...marsh } = uroll[MARSH];
  assert.deepEqual(bv(B, battle).terrain_rolls[MARSH], { ...marsh, learned: 0 }, 'B: the marsh\'s roll is the umpire\'s');
  for (const [who, c] of scots()) assert.deepEqual(bv(c, battle).terrain_rolls, { [MARSH]: { ...marsh, learned: turn } }, `${who}: the marsh's roll, the English one; not the wood's`);
  assert.deepEqual(bv(O, battle).terrain_rolls, { [MARSH]: { ...marsh, learned: turn } }, 'O: the marsh\'s roll now that both sides know it; not the wood\'s');
  // The ride stands, cut short or not (docs/protocol.md, "Border Reivers", move: "one cut short by ground just
  // found stands"): a marsh mounted men may not enter stops the rider at its edge (y 210, the last 5-pace stretch
  // outside: 210 to 215); one they may enter takes him in, as far as his 200 paces allow (y 180 to 210).
  const rider = unitIn(bv(A2, battle), NAME.a2);
  const barred = marsh.impassable || !marsh.mounted_may;
  const [lo, hi] = barred ? [210, 215] : [180, 210];
  assert.ok(rider.position[0] === 400 && rider.position[1] >= lo - 1e-6 && rider.position[1] <= hi + 1e-6,
    `A2's rider (the marsh: ${marsh.text}) ends at y ${lo} to ${hi}: ${JSON.stringify(rider.position)}`);
  // The other raid's Scots still know nothing of its ground.
  for (const [who, c] of blind()) assert.deepEqual(bv(c, raid.E.battle).terrain_rolls, {}, `${who}: no roll in E`);
  for (const [who, c] of blind()) assert.deepEqual(tracesOf(c.frames, raid.R, CANARY.R), [], `the ambush reached ${who}`);
});

test('the bounds go on: the Scots\' ends, the English one passes, turn 3 is the Scots\' again; the ambush still hidden', async () => {
  const battle = raid.R.battle;
  await A2.ok('battle.submit', { campaign, battle, ...at(A2, battle) });
  await settle();
  for (const [who, c] of named()) assert.deepEqual([bv(c, battle).turn, bv(c, battle).bound.side], [2, ENGLISH], `${who}: turn 2, the English bound`);
  await B.ok('battle.submit', { campaign, battle, ...at(B, battle) });
  await settle();
  for (const [who, c] of named()) assert.deepEqual([bv(c, battle).turn, bv(c, battle).bound.side], [3, SCOTS], `${who}: turn 3, the Scots' bound`);
  assert.equal(unitIn(bv(U, battle), raid.R.hidden).concealed, true, 'still concealed');
  for (const [who, c] of blind()) {
    assert.deepEqual(ids(bv(c, battle).units), [NAME.a1, NAME.a2, NAME.b], `${who}: the three names in sight, no more`);
    for (const f of bv(c, battle).history) assert.deepEqual(ids(f.units), [NAME.a1, NAME.a2, NAME.b], `${who}: turn ${f.turn}'s frame`);
    assert.deepEqual(tracesOf(c.frames, raid.R, CANARY.R), [], `the ambush reached ${who}`);
  }
});

test('a successful search (5 points against 4) shows the name to all, with the id the umpire sees', async () => {
  const battle = raid.R.battle;
  await U.ok('battle.override', { campaign, battle, ...at(U, battle), what: 'craft', leader: HEIDMAN.a1, rolled: 6, reason: 'the umpire throws' });
  await settle();
  foundMark = new Map(sockets.map((c) => [c, c.frames.length]));
  const found = await watch(() => A1.send('battle.act', { campaign, battle, ...at(A1, battle), action: 'detect', at: SEARCH.ambush, craft: 5 }));
  assert.equal(found.result.ok, true, JSON.stringify(found.result));

  const uv = bv(U, battle);
  const amb = unitIn(uv, raid.R.hidden);
  assert.equal(amb.concealed, false, 'the umpire: found');
  for (const [who, c] of named()) {
    const v = bv(c, battle);
    const u = unitIn(v, raid.R.hidden);
    assert.ok(u, `${who} sees the name`);
    assert.deepEqual([u.id, u.name, u.position, u.side], [amb.id, CANARY.R.name, CANARY.R.at, ENGLISH], `${who}: the name, with the umpire's id`);
    assert.deepEqual(ids(v.units), [NAME.a1, NAME.a2, NAME.b, raid.R.hidden], `${who}: four names`);
    assert.ok(v.log.some((e) => e.audience === 'all' && e.text === `${CANARY.R.name} is found lying in ambush.`), `${who}: the public line`);
  }
  // docs/protocol.md, "The battles' view": the enemy's names "as a person at the table would ... never their values".
  for (const [who, c] of blind()) {
    assert.ok(!('note' in (unitIn(bv(c, battle), raid.R.hidden).values ?? {})), `${who}: no values.note of an enemy name`);
    assert.deepEqual(c.framesContaining(CANARY.R.note).map((f) => f.slice(0, 300)), [], `the ambush's note reached ${who}`);
  }
  for (const [who, c] of scots()) {
    assert.deepEqual(bv(c, battle).searches.at(-1), { side: SCOTS, leader: HEIDMAN.a1, turn: 3, at: SEARCH.ambush, points: 5, found: [raid.R.hidden] }, `${who}: his side's search found it`);
  }
});

test('before it was found, no frame of A1, A2 or O held anything of the ambush; of the other raid\'s, none ever', () => {
  for (const [who, c] of blind()) {
    const upTo = foundMark?.get(c) ?? c.frames.length;
    assert.ok(upTo > 0, `${who} received frames`);
    assert.deepEqual(tracesOf(c.frames.slice(0, upTo), raid.R, CANARY.R), [], `the ambush of R reached ${who} before it was found`);
    assert.deepEqual(tracesOf(c.frames, raid.E, CANARY.E), [], `the ambush of E reached ${who}`);
  }
});

test('replay: the server restarts on the same database; each user re-subscribes to the view he had', async () => {
  await settle();
  const last = new Map(named().map(([who, c]) => [who, structuredClone(c.view(campaign))]));
  for (const c of sockets.splice(0)) await c.close();
  await server.restart();
  const again = {};
  for (const [who, k] of [['U', 'umpire'], ['A1', 'a1'], ['A2', 'a2'], ['B', 'b'], ['O', 'o']]) {
    const c = await connect(server, users[k].cookie);
    sockets.push(c);
    const r = await c.subscribe(campaign);
    assert.equal(r.reply.ok, true, `${who}: subscribed after the restart: ${JSON.stringify(r.reply)}`);
    assert.ok('view' in r.push, `${who}: a whole view`);
    again[who] = c;
  }
  ({ U, A1, A2, B, O } = again);
  for (const [who, c] of named()) {
    assert.deepEqual(c.problems, [], `${who}: pushes applied cleanly`);
    assert.deepEqual(c.view(campaign), last.get(who), `${who}: the view after the restart is the one he had`);
  }
  // What the fresh views hold of E's ambush (never found) and R's note: nothing.
  for (const [who, c] of blind()) {
    assert.deepEqual(tracesOf(c.frames, raid.E, CANARY.E), [], `the ambush of E reached ${who} after the restart`);
    assert.deepEqual(c.framesContaining(CANARY.R.note), [], `R's note reached ${who} after the restart`);
  }
});
