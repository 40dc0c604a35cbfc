// Verifiable dice (docs/protocol.md, "dice.roll", "campaign.close" and "Dice"): the seed's SHA-256 is
// shown from the start, the seed is revealed on close, and every roll recomputes from it with
// HMAC-SHA256(seed, stream + ":" + k + ":" + j), from the roll's own stream ("table" for open rolls,
// "umpire" for blind ones) and its counter there. After the close nothing changes any more.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { connect, newUser } from './lib/client.mjs';
import { verifyRolls, sha256Hex, parseDice, rawFace, AVERAGE_FACES } from './lib/dice.mjs';

const SEC = 1000;
let server;
let ump, pla, obs;
let U, P, O;
let campaign;
let seedSha;
let seed;
let spareCode;
const rolled = []; // {by, dice, reason, private, reply}
let framesBeforeClose;
let versionAtClose;

before(async () => {
  server = await startServer();
  ump = await newUser(server, 'dice_umpire');
  pla = await newUser(server, 'dice_player');
  obs = await newUser(server, 'dice_observer');
  U = await connect(server, ump.cookie);
  campaign = (await U.ok('campaign.create', { name: 'Dice of Dettingen' })).campaign;
  const pc = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  const oc = (await U.ok('campaign.invite', { campaign, role: 'observer' })).code;
  spareCode = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  P = await connect(server, pla.cookie);
  O = await connect(server, obs.cookie);
  await P.ok('campaign.join', { code: pc });
  await O.ok('campaign.join', { code: oc });
  for (const c of [U, P, O]) assert.equal((await c.subscribe(campaign)).reply.ok, true);
});

after(async () => {
  for (const c of [U, P, O]) await c?.close().catch(() => {});
  await server?.cleanup();
});

test('the recomputation helper follows the documented algorithm', () => {
  // Independent of the server: a known seed gives faces in range, and dAv reads the d6 through the table.
  const s = Buffer.from('00'.repeat(32), 'hex');
  for (let k = 0; k < 50; k++) {
    for (const sides of [2, 6, 10, 100, 1000]) {
      const f = rawFace(s, 'campaign', k, sides);
      assert.ok(Number.isInteger(f) && f >= 1 && f <= sides);
    }
  }
  assert.deepEqual(parseDice('2d6'), { count: 2, sides: 6, average: false });
  assert.deepEqual(parseDice('d100'), { count: 1, sides: 100, average: false });
  assert.deepEqual(parseDice('dAv'), { count: 1, sides: 6, average: true });
  assert.deepEqual(AVERAGE_FACES, [2, 3, 3, 4, 4, 5]);
});

test('rolls by player and umpire: faces in range, total is the sum, the view records them', async () => {
  seedSha = U.view(campaign).campaign.seed_sha256;
  assert.match(seedSha, /^[0-9a-f]{64}$/);
  assert.equal(P.view(campaign).campaign.seed_sha256, seedSha);
  assert.equal(O.view(campaign).campaign.seed_sha256, seedSha);
  assert.ok(!('seed' in U.view(campaign).campaign), 'no seed in the view before the close');

  const plan = [
    [P, 'player', '2d6', 'weather', false],
    [U, 'umpire', 'd100', 'desertion', false],
    [P, 'player', 'dAv', 'march', false],
    [U, 'umpire', '2d6', 'blind: the spy', true],
    [U, 'umpire', 'dAv', '', false],
    [P, 'player', 'd10', 'foraging', false],
    [U, 'umpire', '12d6', 'a big volley', false],
    [P, 'player', 'dAv', 'second march', false],
    [U, 'umpire', 'd4', 'blind: the weather', true],
    [P, 'player', '3d6', 'no reason', false],
  ];
  for (const [client, by, dice, reason, priv] of plan) {
    const body = { campaign, dice, reason };
    if (priv) body.private = true;
    const reply = await client.ok('dice.roll', body);
    const { count, sides, average } = parseDice(dice);
    assert.ok(Number.isInteger(reply.id));
    assert.ok(!('seq' in reply), 'no event seq in the reply');
    assert.equal(reply.faces.length, count, `${dice}: ${JSON.stringify(reply)}`);
    for (const f of reply.faces) {
      if (average) assert.ok([2, 3, 4, 5].includes(f), `dAv face ${f}`);
      else assert.ok(Number.isInteger(f) && f >= 1 && f <= sides, `${dice} face ${f}`);
    }
    assert.equal(reply.total, reply.faces.reduce((a, b) => a + b, 0));
    rolled.push({ by, dice, reason, private: priv, reply });
  }
  for (const c of [U, P, O]) await c.caughtUp(campaign, 2 * SEC);
  const uv = U.view(campaign);
  const pv = P.view(campaign);
  for (const r of rolled) {
    const e = (r.private ? uv.blind_rolls : uv.rolls)[String(r.reply.id)];
    assert.ok(e, `roll ${r.reply.id} in the umpire view`);
    assert.equal(e.id, r.reply.id);
    assert.equal(e.stream, r.private ? 'umpire' : 'table');
    assert.equal(e.author, r.by === 'player' ? pla.username : ump.username);
    assert.equal(e.dice, r.dice);
    assert.deepEqual(e.faces, r.reply.faces);
    assert.equal(e.total, r.reply.total);
    assert.equal(e.reason, r.reason);
    assert.equal(e.private, r.private);
    assert.equal(typeof e.at, 'number');
    if (r.private) assert.ok(!JSON.stringify(pv).includes(r.reason), 'a blind roll is not in the player view');
    else assert.deepEqual(pv.rolls[String(r.reply.id)], e, 'an open roll is the same in the player view');
  }
  assert.ok(!('blind_rolls' in pv), 'no blind rolls in a player view');
  assert.equal(Object.keys(uv.rolls).length + Object.keys(uv.blind_rolls).length, rolled.length);
  assert.deepEqual([U, P, O].flatMap((c) => c.problems), []);
});

test('close reveals the seed: its SHA-256 is the one shown, and every roll recomputes from it', async () => {
  framesBeforeClose = [U, P, O].map((c) => c.frames.length);
  const closed = await U.ok('campaign.close', { campaign });
  seed = closed.seed;
  assert.match(seed, /^([0-9a-f]{2}){16,}$/, `the seed is hex of at least 16 bytes: ${seed}`);
  assert.equal(sha256Hex(Buffer.from(seed, 'hex')), seedSha, 'sha256(seed bytes) is the seed_sha256 shown before');

  for (const [i, c] of [U, P, O].entries()) {
    const v = await c.waitForView(campaign, (view) => view.campaign.closed === true && view.campaign.seed === seed, 2 * SEC, 'the closed view with its seed');
    assert.equal(v.campaign.seed_sha256, seedSha);
    const earlier = c.frames.slice(0, framesBeforeClose[i]);
    assert.deepEqual(earlier.filter((f) => f.includes(seed)), [], 'the seed was in no frame before the close');
  }
  versionAtClose = U.version(campaign);

  const uv = U.view(campaign);
  const rolls = [...Object.values(uv.rolls), ...Object.values(uv.blind_rolls)];
  assert.equal(rolls.length, rolled.length);
  // The umpire's view holds every roll of the campaign, so each stream's counters run 0, 1, 2, ... one per die.
  assert.deepEqual(verifyRolls(seed, rolls), []);
  // The check can fail: one face off, or another seed, and it says so.
  const tampered = structuredClone(rolls);
  const t = tampered.find((r) => r.dice === 'd100');
  t.faces[0] = (t.faces[0] % 100) + 1;
  t.total = t.faces[0];
  assert.equal(verifyRolls(seed, tampered).length, 1);
  const other = verifyRolls('00'.repeat(seed.length / 2), rolls);
  assert.ok(other.some((p) => p.includes('12d6')), `another seed does not explain the rolls (the 12d6 roll at least): ${other}`);
});

test('each roll carries its stream and counters, one per die; blind rolls leave no gap in the open counters', () => {
  for (const [list, stream] of [['rolls', 'table'], ['blind_rolls', 'umpire']]) {
    let next = 0;
    for (const r of Object.values(U.view(campaign)[list]).sort((a, b) => a.id - b.id)) {
      const { count } = parseDice(r.dice);
      assert.equal(r.stream, stream);
      assert.ok(Array.isArray(r.counters), `roll ${r.id} has counters: ${JSON.stringify(r)}`);
      assert.deepEqual(r.counters, Array.from({ length: count }, (_, i) => next + i), `${list} ${r.id}`);
      next += count;
    }
  }
  // A player checks the open rolls of their own view with the stream and counters it shows: they run
  // 0, 1, 2, ... with no gap where the blind rolls were made.
  assert.deepEqual(verifyRolls(seed, Object.values(P.view(campaign).rolls)), []);
});

test('after the close: no more changes (conflict), and the list says closed', async () => {
  const refusals = [
    [P, 'chat.say', { campaign, text: 'Is it over?' }],
    [U, 'chat.say', { campaign, text: 'It is over.' }],
    [P, 'dice.roll', { campaign, dice: '2d6' }],
    [U, 'dice.roll', { campaign, dice: 'd6', private: true }],
    [U, 'notice.post', { campaign, text: 'Another notice' }],
    [U, 'campaign.invite', { campaign, role: 'player' }],
  ];
  for (const [c, type, body] of refusals) {
    const r = await c.send(type, body);
    assert.equal(r.ok, false, `${type} after close: ${JSON.stringify(r)}`);
    assert.equal(r.error.code, 'conflict', `${type} after close: ${JSON.stringify(r)}`);
  }
  const Late = await connect(server, (await newUser(server, 'dice_latecomer')).cookie);
  const join = await Late.send('campaign.join', { code: spareCode });
  assert.equal(join.ok, false);
  assert.equal(join.error.code, 'conflict', `joining a closed campaign: ${JSON.stringify(join)}`);
  assert.deepEqual((await Late.ok('campaign.list', {})).campaigns, []);
  await Late.close();

  assert.deepEqual((await P.ok('campaign.list', {})).campaigns, [{ id: campaign, name: 'Dice of Dettingen', role: 'player', closed: true, needs_you: 0, due: null }]);
  // Nothing was committed: a new subscription of the umpire starts at his version of the close.
  const again = await connect(server, ump.cookie);
  const sub = await again.subscribe(campaign);
  assert.equal(sub.reply.ok, true);
  assert.equal(sub.reply.body.version, versionAtClose);
  assert.deepEqual(sub.view, U.view(campaign));
  await again.close();
});
