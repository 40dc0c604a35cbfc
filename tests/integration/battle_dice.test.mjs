// A battle's own dice seed over a real server (docs/dice.md, "Battles' own seeds"): every member sees its
// commitment from the battle's creation and its seed once it ended, and not a frame, reply or log line before the
// end carries the seed; any member downloads the battle's dice file once it ended (409 before, 404 to an outsider
// or for no such battle); `muster verify-dice` checks it, and names the roll a doctored copy changed.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, MUSTER_BIN } from './lib/server.mjs';
import { newUser, httpRequest } from './lib/client.mjs';
import { battleTable } from './lib/battle_table.mjs';
import { checkDice } from '../../web/common/dice_check.js';

let server, dir, t, campaign, battle, U, A, B, O;
let seedHex; // the battle's seed, worked out from the campaign's (the administrator's export) as docs/dice.md says
const muster = (...args) => spawnSync(MUSTER_BIN, args, { encoding: 'utf8' });
const bv = (c) => c.view(campaign).battles[String(battle)];
const diceUrl = (b = battle) => `/api/campaigns/${campaign}/battles/${b}/dice`;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-battle-dice-'));
  server = await startServer({ args: ['--ws-rate', '1000', '--ws-burst', '1000'] });
  t = await battleTable(server, {
    name: 'Seeded battles', umpire: 'bd_umpire', players: { a: 'bd_anne', b: 'bd_ben' }, observers: { o: 'bd_olga' },
  });
  ({ campaign } = t);
  ({ umpire: U, a: A, b: B, o: O } = t.clients);
});

after(async () => {
  for (const c of t?.everyone ?? []) await c.close().catch(() => {});
  await server?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a battle commits to its own seed at creation, plays, and reveals the seed at its end', async () => {
  const { a, b } = t.users;
  const created = await U.ok('battle.create', {
    campaign, name: 'Seeded',
    sides: [{ id: 'red', name: 'Red' }, { id: 'blue', name: 'Blue' }],
    leaders: [
      { user: a.user, side: 'red', name: 'Anne', position: [40, 40] },
      { user: b.user, side: 'blue', name: 'Ben', position: [40, 80] },
    ],
    units: [
      { side: 'red', owner: a.user, name: 'Red Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0,
        values: { drill: 3, musketry: 3, effectiveness: 3 } },
      { side: 'blue', owner: b.user, name: 'Blue Foot', troop_type: 'formed_infantry', position: [40, 80], facing: 180,
        values: { drill: 3, musketry: 3, effectiveness: 3 } },
    ],
  });
  battle = created.battle;
  await t.settle();

  // The commitment, to every member from the creation; the seed is nobody's yet.
  const committed = bv(U).seed_sha256;
  assert.match(committed, /^[0-9a-f]{64}$/);
  for (const c of [U, A, B, O]) {
    assert.equal(bv(c).seed_sha256, committed);
    assert.ok(!('seed' in bv(c)), 'no seed before the end');
  }
  // docs/dice.md: battle seed = HMAC-SHA256(campaign seed, "battle-seed:" + battle id); its SHA-256 is the commitment.
  const exported = muster('export', ...server.storeArgs, '--campaign', String(campaign));
  assert.equal(exported.status, 0, exported.stderr);
  const campaignSeed = Buffer.from(JSON.parse(exported.stdout).campaign.seed, 'hex');
  const seed = createHmac('sha256', campaignSeed).update(`battle-seed:${battle}`).digest();
  seedHex = seed.toString('hex');
  assert.equal(createHash('sha256').update(seed).digest('hex'), committed);

  // Before the end: 409 to a member, 404 to an outsider and for no such battle.
  const early = await httpRequest(server, 'GET', diceUrl(), { cookie: a.cookie });
  assert.equal(early.status, 409);
  const outsider = await newUser(server, 'bd_outsider');
  assert.equal((await httpRequest(server, 'GET', diceUrl(), { cookie: outsider.cookie })).status, 404);
  assert.equal((await httpRequest(server, 'GET', diceUrl(99), { cookie: a.cookie })).status, 404);
  assert.equal((await httpRequest(server, 'GET', diceUrl(), {})).status, 401);

  // A turn: both play (the last card closes it; its steps run by themselves), the umpire closes the next, then ends
  // the battle.
  await U.ok('battle.start', { campaign, battle });
  await t.settle();
  await A.ok('card.play', { campaign, battle, turn: bv(A).turn, card: 'no_action' });
  await B.ok('card.play', { campaign, battle, turn: bv(B).turn, card: 'no_action' });
  // The last card closed the turn by itself and the next opened: the umpire closes the turn his view shows once it
  // has the pushes (read before them, it could still say turn 1, and be refused as stale).
  await t.settle();
  await U.ok('battle.close_turn', { campaign, battle, turn: bv(U).turn });
  await t.settle();

  // The canary: the seed is in no frame any socket received, no reply and no line the server printed, before the end.
  for (const [who, c] of [['umpire', U], ['anne', A], ['ben', B], ['olga', O]]) {
    assert.ok(c.frames.length > 0);
    assert.deepEqual(c.framesContaining(seedHex).map((f) => f.slice(0, 200)), [], `the seed reached ${who} before the end`);
    assert.deepEqual(c.framesContaining(seedHex.toUpperCase()), []);
  }
  assert.ok(!early.text.includes(seedHex), 'not in the 409');
  assert.ok(!server.stderr.includes(seedHex) && !server.stdout.includes(seedHex), 'the seed in no log line');

  await U.ok('battle.end', { campaign, battle });
  await t.settle();
  for (const c of [U, A, B, O]) {
    assert.equal(bv(c).status, 'ended');
    assert.equal(bv(c).seed, seedHex, 'every member sees the seed once the battle ended');
    assert.equal(bv(c).seed_sha256, committed);
  }
});

test('an ended battle\'s log and history leave the live view; each member fetches them as his whole view holds them', async () => {
  const url = `/api/campaigns/${campaign}/battles/${battle}`;
  for (const [who, c] of [['umpire', U], ['player', A], ['observer', O]]) {
    const live = bv(c);
    assert.equal(live.paged, true, `${who}: paged`);
    assert.deepEqual([live.log, live.history], [[], []], `${who}: no log nor history in the live view`);
    const cookie = { umpire: t.users.umpire, player: t.users.a, observer: t.users.o }[who].cookie;
    const record = await httpRequest(server, 'GET', url, { cookie });
    assert.equal(record.status, 200);
    assert.ok(record.json.battle.log.length > 0, `${who}: the log in the record`);
    const chronicle = (await httpRequest(server, 'GET', `/api/campaigns/${campaign}/chronicle`, { cookie })).json.view;
    assert.deepEqual(record.json.battle, chronicle.battles[String(battle)], `${who}: the record is his whole view's battle`);
    assert.equal(chronicle.battles[String(battle)].paged, undefined);
  }
  const stranger = await newUser(server, 'bd_stranger');
  assert.equal((await httpRequest(server, 'GET', url, { cookie: stranger.cookie })).status, 404);
  assert.equal((await httpRequest(server, 'GET', `/api/campaigns/${campaign}/battles/99`, { cookie: t.users.a.cookie })).status, 404);
  assert.equal((await httpRequest(server, 'GET', url, {})).status, 401);
});

test('a player downloads the battle\'s dice file; verify-dice checks it and names a changed roll', async () => {
  assert.ok(seedHex, 'the battle was played');
  const got = await httpRequest(server, 'GET', diceUrl(), { cookie: t.users.b.cookie });
  assert.equal(got.status, 200);
  const file = got.json;
  assert.deepEqual(Object.keys(file).sort(), ['battle', 'campaign', 'format', 'rolls', 'seed', 'seed_sha256']);
  assert.equal(file.format, 'muster-battle-dice');
  assert.equal(file.campaign, campaign);
  assert.equal(file.battle, battle);
  assert.equal(file.seed, seedHex);
  assert.equal(file.seed_sha256, bv(B).seed_sha256);
  assert.ok(file.rolls.length > 0, 'the battle rolled');
  file.rolls.forEach((r, i) => {
    assert.deepEqual(Object.keys(r).sort(), ['counter', 'sides', 'stream', 'value']);
    assert.equal(r.stream, `battle:${battle}`);
    assert.equal(r.counter, i, 'every roll of the stream, in order');
  });
  // The observer may download it too.
  assert.equal((await httpRequest(server, 'GET', diceUrl(), { cookie: t.users.o.cookie })).status, 200);

  const good = path.join(dir, 'battle.json');
  writeFileSync(good, JSON.stringify(file));
  const ok = muster('verify-dice', good);
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  assert.match(ok.stdout, new RegExp(`verified: the battle's seed matches its commitment and all ${file.rolls.length} rolls match it`));

  const changed = structuredClone(file);
  const k = Math.floor(changed.rolls.length / 2);
  const r = changed.rolls[k];
  r.value = (r.value % r.sides) + 1;
  const bad = path.join(dir, 'changed.json');
  writeFileSync(bad, JSON.stringify(changed));
  const v = muster('verify-dice', bad);
  assert.equal(v.status, 1);
  assert.match(v.stdout, new RegExp(`NOT VERIFIED after ${k} rolls: roll ${r.counter} of "battle:${battle}" is logged as ${r.value} on a d${r.sides}`));

  // The dice check page's checker (web/common/dice_check.js) gives the same verdicts.
  assert.deepEqual(await checkDice(file), { ok: true, rolls: file.rolls.length, problem: '', revealed: true });
  const page = await checkDice(changed);
  assert.equal(page.ok, false);
  assert.equal(`NOT VERIFIED after ${page.rolls} rolls: ${page.problem}\n`, v.stdout);
});

test('once the campaign is closed its archive still verifies, the battle\'s rolls from the battle\'s own seed', async () => {
  assert.ok(seedHex, 'the battle was played');
  await U.ok('campaign.close', { campaign });
  const got = await httpRequest(server, 'GET', `/api/campaigns/${campaign}/export`, { cookie: t.users.umpire.cookie });
  assert.equal(got.status, 200);
  const archive = path.join(dir, 'archive.json');
  writeFileSync(archive, JSON.stringify(got.json));
  const v = muster('verify-dice', archive);
  assert.equal(v.status, 0, v.stdout + v.stderr);
  const page = await checkDice(got.json);
  assert.equal(page.ok, true, page.problem);
  assert.equal(`verified: the seed matches its commitment and all ${page.rolls} rolls match it\n`, v.stdout);
});
