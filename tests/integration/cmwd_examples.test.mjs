// The worked "Example of Combat" of chosen-men-well-disposed.txt (pages 28-32) played over real WebSockets on a
// real server, from the book's own set-up (the scenario `cmwd-example`), with the umpire fixing every die through
// the protocol (docs/protocol.md, "battle.step": "dice: the umpire's own dice ... used in order before the
// server's") and the two commanders acting for themselves: Bennington's and Spriggs' British (player A, who
// commands them) against d'Hautfront's and Malheureux's French (player B).
//
// Why over the protocol: the example must arise in play stage by stage as the book's turn sequence runs ("Tempo
// player moves", "Non-tempo player moves", "Non-tempo player combat", "Outcome moves"; then the second game
// turn's "Tempo player moves", "Tempo player combat"), not only in the pure functions; and every intermediate
// figure the book prints is checked as the players and the umpire receive it: the tempo, the moves, each fire,
// each charge test, the pistols, the hand to hand and Bennington's morale.
//
// Not printed by the book, so fixed by the umpire where the example needs them: each side's tempo points in the
// first game turn (his `tempo` override: 4 each) and the second game turn's tempo dice (British 1 + 2, French
// 2 + 2, so the French bid 3 of 4 and have "only 1TP ... available for this part of the action"). Every move is
// the example's own, with no umpire's move: the scenario stands Malheureux's horse askew (facing 225), and their
// wheel "to face the approaching British" (each base an eighth of a turn, pi/4 BW, to the left) leaves them facing
// Spriggs' horse straight ahead, "only 2BW apart when the charge commenced".
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { battleTable } from './lib/battle_table.mjs';

const BW = 6; // cm: the book's 60 mm base width on a cm table
const BD = 3;

let server;
let campaign, users, settle, refused;
let U, A, B;
let sockets = [];
let battle;
const id = {}; // base name -> id

before(async () => {
  // The book's example is played as fast as the socket takes it: no flood limit in the way (floods.test.mjs has it).
  server = await startServer({ args: ['--ws-rate', '1000', '--ws-burst', '1000'] });
  const table = await battleTable(server, { name: 'Flanders', umpire: 'cx_umpire', players: { a: 'cx_british', b: 'cx_french' } });
  ({ campaign, users, settle, refused } = table);
  ({ umpire: U, a: A, b: B } = table.clients);
  sockets = table.everyone;
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

const bv = (c) => c.view(campaign).battles[String(battle)];
const cm = (c) => bv(c).cmwd;
const at = (c) => ({ turn: bv(c).turn });
const front = (n) => bv(U).units.find((u) => u.id === id[n]).position[1];
const unit = (n) => bv(U).units.find((u) => u.id === id[n]);
/** A base's front edge stands at `y` (cm), as the book's moves put it. */
const near = (n, y, what = `${n}'s front at ${y}`) => assert.ok(Math.abs(front(n) - y) < 1e-3, `${what} (it is at ${front(n)})`);

/** The test lines of `kind` in the umpire's log, from line `from` on: their details. */
const tests = (kind, from = 0) => bv(U).log.slice(from).filter((l) => l.details?.test === kind).map((l) => l.details);
/** One side of a test as the book adds it up: its factors ("why value"), its die and total. */
const sum = (side) => ({ factors: side.factors.map((f) => `${f.why} ${f.value}`), die: side.die, total: side.total });

/** Every test line the umpire reads since `from` reaches both players word for word: dice are thrown in the open. */
function seenByAll(from) {
  const texts = bv(U).log.slice(from).filter((l) => l.details?.test).map((l) => l.text);
  assert.ok(texts.length > 0, 'tests were thrown');
  for (const c of [A, B]) {
    const theirs = new Set(bv(c).log.map((l) => l.text));
    for (const t of texts) assert.ok(theirs.has(t), `a player reads "${t}"`);
  }
}

async function act(c, body) {
  await c.ok('battle.act', { campaign, battle, ...at(c), ...body });
}

/** The umpire resolves the stage's steps in order, each with his dice (none: the step throws none). */
async function steps(dice) {
  await settle();
  for (const [step, faces] of dice) {
    assert.equal(bv(U).next_step, step, `the next step is ${step}`);
    await U.ok('battle.step', { campaign, battle, ...at(U), step, ...(faces.length ? { dice: faces } : {}) });
    await settle();
  }
}

test('the Example of Combat: two game turns over the protocol give every figure the book prints', async () => {
  battle = (await U.ok('battle.create', {
    campaign, scenario: 'cmwd-example', name: 'Example of Combat', ruleset: 'cmwd',
    seats: { 'Brigadier Norbert Bennington': users.a.user, "Brigadier the Comte d'Hautfront": users.b.user },
    settings: { first_tempo: 'british', auto_run: false },
  })).battle;
  await settle();
  for (const u of bv(U).units) id[u.name] = u.id;
  await U.ok('battle.start', { campaign, battle });
  await settle();
  for (const side of ['british', 'french']) {
    await U.ok('battle.override', { campaign, battle, ...at(U), what: 'tempo', side, points: 4, reason: 'the tempo of this part of the field' });
  }

  // --- First game turn. "The British get the Tempo." ---
  await A.ok('battle.submit', { campaign, battle, ...at(A), bid: 1 });
  await B.ok('battle.submit', { campaign, battle, ...at(B), bid: 0 });
  await settle();
  assert.equal(cm(A).tempo_side, 'british');
  assert.equal(cm(A).stage, 'first');
  assert.equal(cm(A).tempo.left, 3);
  // "They have been advancing steadily ... for the last three game turns": 1TP continues each brigade.
  for (const b of cm(A).brigades.filter((x) => x.side === 'british')) assert.equal(b.cost, 1, `${b.name} continues for 1TP`);

  // "Bennington's infantry brigade receives 1TP and moves forward 1BW, Spriggs' cavalry receives 1TP and advances 2BW."
  await act(A, { action: 'order', brigade: 'bennington' });
  await act(A, { action: 'order', brigade: 'spriggs' });
  for (const n of ['A', 'B', 'C', 'D']) await act(A, { action: 'move', unit: id[n], distance: 1 });
  for (const n of ['F', 'G', 'H']) await act(A, { action: 'move', unit: id[n], distance: 2 });
  await settle();
  assert.equal(cm(A).tempo.left, 1);
  near('A', 50 + BW);
  near('F', 38 + 2 * BW);
  // "Bennington is now within 1BW of d'Hautfront and may fire if he wishes to."
  assert.ok(cm(A).hints.fire[String(id.A)].includes(id.P), 'A may fire at P');
  // "He decides to wait until his men can see the whites of the enemy's eyes": his combat throws nothing.
  await A.ok('battle.submit', { campaign, battle, ...at(A), done: true });
  await steps([['fire', []], ['charges', []], ['melee', []], ['morale', []]]);

  // "Non-tempo player moves. D'Hautfront ... is given 2TPs ..., sufficient to initiate a move."
  assert.equal(cm(B).stage, 'second');
  for (const b of cm(B).brigades.filter((x) => x.side === 'french')) assert.equal(b.cost, 2, `${b.name} starts for 2TP`);
  await act(B, { action: 'order', brigade: 'hautfront' });
  // "Malheureux also receives 2TP ... decides to wheel instead, to face the approaching British."
  await act(B, { action: 'order', brigade: 'malheureux' });
  await settle();
  assert.equal(cm(B).tempo.left, 0);
  // "The brigade advances to point blank range. The opposing bases are now in contact."
  for (const n of ['P', 'Q', 'R', 'S']) await act(B, { action: 'move', unit: id[n], distance: 1 });
  // "It could charge, but this has to be in a straight line from their present position": askew, they have no one
  // straight ahead within their charge.
  for (const n of ['X', 'Y', 'Z']) assert.equal(cm(B).hints.charge[String(id[n])], undefined, `${n} has no charge from where it stands`);
  for (const n of ['X', 'Y', 'Z']) await act(B, { action: 'wheel', unit: id[n], distance: Math.PI / 4, direction: 'left' });
  await settle();
  near('P', 50 + BW, 'P front to front with A');
  // Wheeled, each faces its British opposite number straight ahead, 2BW off: X F, Y G, Z H.
  for (const [n, o] of [['X', 'F'], ['Y', 'G'], ['Z', 'H']]) {
    assert.ok(Math.abs(unit(n).facing - 180) < 1e-6, `${n} faces the British (it faces ${unit(n).facing})`);
    assert.ok(Math.abs(unit(n).position[0] - unit(o).position[0]) < 1e-6, `${n} stands straight ahead of ${o}`);
    near(n, front(o) + 2 * BW, `${n} 2BW from ${o}`);
  }
  assert.ok(!bv(U).log.some((l) => l.text.startsWith('The umpire moves')), 'no umpire moved a piece');
  // "Non-tempo player combat ... decides to fire in order from his right."
  for (const [f, d] of [['P', 'A'], ['Q', 'B'], ['R', 'C'], ['S', 'D']]) await act(B, { action: 'fire', unit: id[f], target: id[d] });
  await B.ok('battle.submit', { campaign, battle, ...at(B), done: true });
  const firstFire = bv(U).log.length;
  // The dice: P 3 / A 2, Q 2 / B 3, R 1 / C 5, S 5 / D 2; Bennington's morale die 2; then the second game turn's
  // tempo dice as it opens: British 1, 2; French 2, 2.
  await steps([['fire', [3, 2, 2, 3, 1, 5, 5, 2]], ['charges', []], ['melee', []], ['morale', [2]], ['turn_end', [1, 2, 2, 2]]]);

  const fire1 = tests('fire', firstFire);
  assert.equal(fire1.length, 4);
  // "Battalion P fires at 1/2 battalion A: P has a fire factor of 3, (a prest at point blank range) +1 (first time
  // firing), +1 (a prest advancing to fire) + a die roll of 3 = 8. A has a defence factor of 3 and a die roll of 2
  // = 5 The difference is 3. ... A recoils 1BD shaken."
  assert.deepEqual(sum(fire1[0].sides[0]), { factors: ['point blank 3', 'first time firing 1', 'a prest advancing 1'], die: 3, total: 8 });
  assert.deepEqual(sum(fire1[0].sides[1]), { factors: ['defence 3'], die: 2, total: 5 });
  assert.equal(fire1[0].difference, 3);
  assert.equal(fire1[0].result, 'recoils shaken 1BD');
  // "Q ... = 7. B has a defence of 3 and rolls 3 = total 6. The difference is 1. ... B recoils 1BD."
  assert.deepEqual([fire1[1].sides[0].total, fire1[1].sides[1].total, fire1[1].difference, fire1[1].result], [7, 6, 1, 'recoils 1BD']);
  // "R ... + a die roll of 1 = 6. C has a defence of 3 and rolls a 5 = a total of 8. ... No effect."
  assert.deepEqual([fire1[2].sides[0].total, fire1[2].sides[1].total, fire1[2].result], [6, 8, 'no effect']);
  // "S ... + a die roll of 5 = a total of 10. D ... rolls a 2 = total 5. The difference is a huge 5. D immediately
  // breaks and is moved back 2BW. Next turn the base will be removed."
  assert.deepEqual([fire1[3].sides[0].total, fire1[3].sides[1].total, fire1[3].difference, fire1[3].result], [10, 5, 5, 'breaks']);
  assert.equal(unit('A').markers.shaken, 1);
  near('A', 50 + BW - BD);
  near('B', 50 + BW - BD);
  near('C', 50 + BW);
  near('D', 50 + BW - 2 * BW);
  assert.equal(unit('D').removed, true, 'D is gone as the game turn ends');
  // "He adds: 2 points for base D, which has broken 1 point for A which is shaken, a total of 3. He rolls a 2 ...
  // this results in a -1 from the total, a final result of 2." Not more than the brigade's 4 bases: not spent.
  const morale = tests('morale', firstFire);
  assert.equal(morale.length, 1);
  assert.deepEqual(
    [morale[0].brigade, morale[0].broken, morale[0].shaken, morale[0].points, morale[0].die, morale[0].adjustment, morale[0].total, morale[0].bases, morale[0].spent],
    ['bennington', 1, 1, 3, 2, -1, 2, 4, false]);
  assert.equal(cm(A).brigades.find((b) => b.id === 'bennington').morale, 2);
  seenByAll(firstFire);

  // --- Second game turn. "This time the French have won the Tempo ... only 1TP is available." ---
  assert.equal(cm(A).game_turn, 2);
  assert.deepEqual(cm(A).tempo.dice, [1, 2]);
  assert.deepEqual(cm(B).tempo.dice, [2, 2]);
  await A.ok('battle.submit', { campaign, battle, ...at(A), bid: 2 });
  await B.ok('battle.submit', { campaign, battle, ...at(B), bid: 3 });
  await settle();
  assert.equal(cm(B).tempo_side, 'french');
  assert.equal(cm(B).acting_side, 'french');
  assert.equal(cm(B).tempo.left, 1);
  // "Foolishly, perhaps, he declines to capitalise on the infantry's success and instead orders his cavalry to
  // charge": the wheel last game turn lets Malheureux continue for the 1TP; nothing is left for d'Hautfront.
  await act(B, { action: 'order', brigade: 'malheureux' });
  await settle();
  assert.equal(cm(B).tempo.left, 0);
  // "A charge must be carried out in a straight line": each has its opposite number straight ahead in reach.
  for (const [c, d] of [['X', 'F'], ['Y', 'G'], ['Z', 'H']]) assert.ok((cm(B).hints.charge[String(id[c])] ?? []).includes(id[d]), `${c} may charge ${d}`);
  await refused(B, 'battle.act', { battle, ...at(B), action: 'order', brigade: 'hautfront' }, 'no_tempo');
  // "Before the cavalry charge is resolved, the infantry firing is carried out ... He chooses to fire R first."
  for (const [f, d] of [['R', 'C'], ['P', 'A'], ['Q', 'B']]) await act(B, { action: 'fire', unit: id[f], target: id[d] });
  // "He gives the order to charge first to his right hand base, Regiment X, followed by Y and Z."
  for (const [c, d] of [['X', 'F'], ['Y', 'G'], ['Z', 'H']]) await act(B, { action: 'charge', unit: id[c], target: id[d] });
  await B.ok('battle.submit', { campaign, battle, ...at(B), done: true });
  const second = bv(U).log.length;
  // The dice in the book's order: fire R 3 / C 3, P 4 / A 2, Q 3 / B 6; the tests X 2 / F 4, Y 4 / G 4, Z 3 / H 2;
  // the pistols Y 3 / G 3, Z 5 / H 1; hand to hand Y 3 / G 3, Z 2 / H 5.
  await steps([['fire', [3, 3, 4, 2, 3, 6]], ['charges', [2, 4, 4, 4, 3, 2, 3, 3, 5, 1]], ['melee', [3, 3, 2, 5]], ['morale', []]]);

  const fire2 = tests('fire', second);
  assert.equal(fire2.length, 3);
  // "R has a fire factor of 3 at point blank range, +1 for being supported by S. He rolls 3, at total of 7. C has a
  // defence factor or 3 and rolls 3 = a total of 6. A difference of 1 ... forces C to recoil 1BD."
  assert.deepEqual(sum(fire2[0].sides[0]), { factors: ['point blank 3', 'supported by S 1'], die: 3, total: 7 });
  assert.deepEqual([fire2[0].sides[1].total, fire2[0].difference, fire2[0].result], [6, 1, 'recoils 1BD']);
  // "Fire factor is 1 at close range. He rolls 4 making a total of 5. A has a defence factor of 3, -1 as he is
  // shaken, and rolls 2 = a total of 4. A therefore recoils 1BD."
  assert.deepEqual(sum(fire2[1].sides[0]), { factors: ['close range 1'], die: 4, total: 5 });
  assert.deepEqual(sum(fire2[1].sides[1]), { factors: ['defence 3', 'shaken -1'], die: 2, total: 4 });
  assert.equal(fire2[1].result, 'recoils 1BD');
  // "Battalion Q fires. Fire factor 1. He rolls 3 = a total of 4. B's defence is 3. He rolls 6 = a total of 9 ...
  // no effect."
  assert.deepEqual([fire2[2].sides[0].total, fire2[2].sides[1].total, fire2[2].result], [4, 9, 'no effect']);
  near('C', 50 + BW - BD);
  near('A', 50 + BW - 2 * BD);

  // The book's order: "X must test ... Now Y tests ... Z tests", then "The French cavalry discharges its pistols
  // during the charge", then "Hand to hand combat".
  const order = bv(U).log.slice(second).map((l) => l.details?.test).filter((k) => ['charge', 'charge_fire', 'melee'].includes(k));
  assert.deepEqual(order, ['charge', 'charge', 'charge', 'charge_fire', 'charge_fire', 'melee', 'melee']);
  const charges = tests('charge', second);
  // "He has a charge factor of 3, plus a die roll of 2, a total of 5. F ... has a defence factor of 3 ... He rolls 4,
  // a total of 7. ... the French regiment refuses to charge. Both X and F remain stationary."
  assert.deepEqual([sum(charges[0].sides[0]).total, sum(charges[0].sides[1]).total, charges[0].result], [5, 7, 'refuses to charge']);
  near('X', 62);
  near('F', 38 + 2 * BW);
  // "Y ... has a factor of 3 and rolls 4, a total of 7. G also has 3 and also rolls 4 giving a total of 7. ... Y
  // charges and G is able to countercharge."
  assert.deepEqual([charges[1].sides[0].total, charges[1].sides[1].total, charges[1].result], [7, 7, 'charges; the target countercharges']);
  // "Z ... has a factor of 3, +1 as another base in the brigade, Y, has passed a charge test this turn. He ... scores 3
  // for a total of 7. H has a defence factor of 3; he rolls ... 2 = a total of 5. ... Z charges and H countercharges."
  assert.deepEqual(sum(charges[2].sides[0]), { factors: ['cavalry 3', 'a base of the brigade has passed 1'], die: 3, total: 7 });
  assert.deepEqual([charges[2].sides[1].total, charges[2].difference, charges[2].result], [5, 2, 'charges; the target countercharges']);

  const pistols = tests('charge_fire', second);
  // "Y fires The factor is 0, as the firing takes place at 1BD ... He rolls 3 = a total of 3. G's defence factor is
  // 2, +1 as he is countercharging. He also rolls a 3 = a total of 6. ... no effect." The British do not fire.
  assert.equal(pistols.length, 2);
  assert.deepEqual(sum(pistols[0].sides[0]), { factors: ['pistols at 1BD 0'], die: 3, total: 3 });
  assert.deepEqual(sum(pistols[0].sides[1]), { factors: ['defence 2', 'countercharging 1'], die: 3, total: 6 });
  assert.equal(pistols[0].result, 'no effect');
  // "Z fires. ... He rolls 5 = a total of 5. H's defence is 2, +1 for countercharging. He rolls a 1, so the total is
  // 4. The difference ... is 1. ... H recoils 1BD."
  assert.deepEqual([pistols[1].sides[0].total, pistols[1].sides[1].total, pistols[1].difference, pistols[1].result], [5, 4, 1, 'recoils 1BD']);

  const melee = tests('melee', second);
  // "Y rolls a die, scoring 3, +2 for charging, -1 for having fired during the charge = total 4. G rolls a 3, +2 for
  // charging = total 5. The difference is 1. There is no result."
  assert.deepEqual(sum(melee[0].sides[0]), { factors: ['horse 0', 'charging 2', 'fired during the charge -1'], die: 3, total: 4 });
  assert.deepEqual(sum(melee[0].sides[1]), { factors: ['horse 0', 'charging 2'], die: 3, total: 5 });
  assert.equal(melee[0].result, 'no result: the combat goes on');
  // "Z rolls a 2, +2 for charging, -1 for having fired = total 3. H rolls a 5, +2 for charging, -1 for being slowed
  // (recoiled) by fire during the charge = total 6. The British base wins by 3. Z is forced to recoil 1BD, H follows
  // up, remaining in contact."
  assert.deepEqual(sum(melee[1].sides[0]), { factors: ['horse 0', 'charging 2', 'fired during the charge -1'], die: 2, total: 3 });
  assert.deepEqual(sum(melee[1].sides[1]), { factors: ['horse 0', 'charging 2', 'slowed by fire -1'], die: 5, total: 6 });
  assert.equal(melee[1].result, 'Z recoils 1BD, the winner following up');
  // "The two bases meet midway between their starting positions" (Y and G, 2BW apart: 62 and 50), "still have
  // sufficient movement" though H was slowed (Z and H meet there too, then Z goes back 1BD and H follows).
  near('Y', 56);
  near('G', 56);
  near('Z', 56 + BD);
  near('H', 56 + BD);
  assert.deepEqual(cm(A).melees, [[id.Y, id.G], [id.Z, id.H]], 'both combats go on');
  assert.equal(tests('morale', second).length, 0, 'no base broken or newly shaken: no morale test');
  assert.ok(!bv(U).log.some((l) => l.text.startsWith('The umpire moves')), 'the example played by its own moves alone');
  seenByAll(second);
});
