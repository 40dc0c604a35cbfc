// The worked example of border-reivers.txt played over real WebSockets on a real server, with the umpire fixing
// every die through the protocol (docs/protocol.md, "battle.step" and "battle.override": "dice: the umpire's own
// dice ... used in order before the server's"):
//
//   "A peasant name (4) is under fire (+1) and being charged by cavalry (+3), giving a total fyrbrand of 8. He
//    wishes to stand firm, and rolls a 10, and therefore may."
//
// Why over the protocol: the example must arise in play, bound by bound, as the book's sequence runs ("side 1 has
// his lowest fyrebrand heidman move ... Combat is then resolved ... Side 2 then undertakes the same procedure"),
// not only in the pure functions: the Scots' bows shoot the English peasants at the end of the Scots' bound, the
// English bound passes, and in the next Scots bound the Scots' riders charge the peasants, still under fire.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { battleTable } from './lib/battle_table.mjs';

const SCOTS = 'scots';
const ENGLISH = 'english';
const HEIDMAN = { a: 11, b: 21 };
const NAME = { bows: 101, riders: 102, peasants: 201 };

let server;
let campaign, users, settle;
let U, A, B;
let sockets = [];
let battle;

before(async () => {
  server = await startServer();
  const table = await battleTable(server, { name: 'The Middle March', umpire: 'rx_umpire', players: { a: 'rx_scot', b: 'rx_english' } });
  ({ campaign, users, settle } = table);
  ({ umpire: U, a: A, b: B } = table.clients);
  sockets = table.everyone;
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

const bv = (c) => c.view(campaign).battles[String(battle)];
const at = (c) => ({ turn: bv(c).turn });
const unitIn = (v, id) => v.units.find((u) => u.id === id);
const lines = (c) => bv(c).log.map((l) => l.text);

/** The umpire runs the bound's combat steps, with his dice for the fire. */
async function combat(fireDice) {
  await settle();
  for (const step of ['fire', 'melee', 'incidents', 'aftermath']) {
    assert.equal(bv(U).next_step, step, `the next step is ${step}`);
    await U.ok('battle.step', { campaign, battle, ...at(U), step, ...(step === 'fire' && fireDice ? { dice: fireDice } : {}) });
    await settle();
  }
}

test('the fyrebrand example arises in play: the peasants, shot at in the Scots\' bound, stand on 8 against the riders\' charge in the next', async () => {
  battle = (await U.ok('battle.create', {
    campaign, name: 'Hornshole', ruleset: 'reivers',
    table: { width: 1500, depth: 1000, measure: 'paces' },
    sides: [{ id: SCOTS, name: 'Scots' }, { id: ENGLISH, name: 'English' }],
    leaders: [
      { id: HEIDMAN.a, user: users.a.user, side: SCOTS, name: 'Wat Scott of Harden', position: [900, 100], values: { fyrebrand: 3, craft: 'average' } },
      { id: HEIDMAN.b, user: users.b.user, side: ENGLISH, name: 'Thomas Musgrave', position: [900, 700], values: { fyrebrand: 3, craft: 'average' } },
    ],
    units: [
      { id: NAME.bows, side: SCOTS, owner: users.a.user, name: 'Elliot bows', troop_type: 'bow', position: [900, 300], facing: 0, values: { heidman: HEIDMAN.a, mounted: false, fyrebrand: 3 } },
      { id: NAME.riders, side: SCOTS, owner: users.a.user, name: 'Armstrongs', troop_type: 'rider', position: [900, 240], facing: 0, values: { heidman: HEIDMAN.a, fyrebrand: 3 } },
      // "A peasant name (4)": on foot, in the open.
      { id: NAME.peasants, side: ENGLISH, owner: users.b.user, name: 'Peasants', troop_type: 'lowne', position: [900, 390], facing: 180, values: { heidman: HEIDMAN.b, mounted: false, fyrebrand: 4 } },
    ],
    settings: { auto_run: false },
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  await settle();

  // Bound 1, the Scots: nothing moves. The fire: Bow ranged 3 + the umpire's 1 = 4 against the peasants' ranged
  // 2 + 3 = 5: no effect, but the peasants are under fire.
  await A.ok('battle.submit', { campaign, battle, ...at(A) });
  await combat([1, 3]);
  assert.ok(lines(B).includes('Elliot bows shoots at Peasants: 4 (ranged 3, die 1) against 5 (ranged 2, die 3): no effect, Peasants outscore them.'), lines(B).join('\n'));
  assert.equal(unitIn(bv(U), NAME.peasants).markers.under_fire, 1, 'under fire from turn 1');

  // Bound 2, the English: they stay. Under fire lasts until the shooters' next bound ends.
  await B.ok('battle.submit', { campaign, battle, ...at(B) });
  await combat();
  assert.equal(bv(U).turn, 3);
  assert.equal(unitIn(bv(U), NAME.peasants).markers.under_fire, 1, 'still under fire in the Scots\' next bound');

  // Bound 3, the Scots: their heidman's craft was thrown as the bound opened ("thrown for at the start of each
  // bound"). The umpire moves the riders for him with the table's dice: the riders' test to close (3, mounted
  // against foot -2 = 1) a 5, and the peasants' test to stand a 10 (a d10's face, which the umpire may give).
  assert.ok(bv(A).craft[HEIDMAN.a].left >= 1, 'craft thrown for the bound');
  await U.ok('battle.override', {
    campaign, battle, ...at(U), what: 'act', leader: HEIDMAN.a, action: 'move', unit: NAME.riders, to: [900, 385],
    dice: [5, 10], reason: 'the dice thrown at the table',
  });
  await settle();
  for (const c of [U, A, B]) {
    const stand = bv(c).log.find((l) => l.text.startsWith('Peasants tests fyrebrand to stand'));
    assert.ok(stand, 'the peasants tested to stand');
    assert.equal(stand.text, 'Peasants tests fyrebrand to stand: 4 modified to 8, rolls 10: passes.');
  }
  const stand = bv(U).log.find((l) => l.text.startsWith('Peasants tests fyrebrand to stand'));
  assert.deepEqual(stand.details.modifiers, [{ why: 'under fire', value: 1 }, { why: 'foot against mounted', value: 3 }]);
  assert.deepEqual([stand.details.fyrebrand, stand.details.modified, stand.details.d10], [4, 8, 10]);
  assert.equal(unitIn(bv(U), NAME.riders).position[1], 380, 'the riders in contact');
  assert.equal(unitIn(bv(U), NAME.peasants).markers.fleeing, undefined, 'the peasants stand firm');
});
