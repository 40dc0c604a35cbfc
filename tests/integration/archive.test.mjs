// Archives (docs/operations.md, "Archives") over real servers: `muster export` takes a campaign away with its seed,
// `muster import` brings it into a fresh server with every member's view as it was; the umpire's download carries
// no seed while the campaign is open; `muster verify-dice` recomputes every roll once the seed is out and names the
// first that does not match; a damaged or newer archive is refused and nothing is written.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, MUSTER_BIN } from './lib/server.mjs';
import { connect, newUser, register, login, httpRequest } from './lib/client.mjs';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000200010deb0c410000000049454e44ae426082', 'hex');
let server, dir, campaign, U, A, B, seen;
const people = {};
const sockets = [];
const muster = (...args) => spawnSync(MUSTER_BIN, args, { encoding: 'utf8' });

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-archive-'));
  server = await startServer({ args: ['--ws-rate', '1000', '--ws-burst', '1000'] });
  for (const name of ['ar_umpire', 'ar_anne', 'ar_ben']) people[name] = await newUser(server, name);
  [U, A, B] = await Promise.all(Object.values(people).map((p) => connect(server, p.cookie)));
  sockets.push(U, A, B);
  campaign = (await U.ok('campaign.create', { name: 'Taken away' })).campaign;
  const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
  for (const c of [A, B]) await c.ok('campaign.join', { code });
  await A.ok('colonel.create', { campaign, name: 'Colonel Anne', pip: 5 });
  await B.ok('colonel.create', { campaign, name: 'Colonel Ben', pip: 0 });
  await A.ok('chat.say', { campaign, text: 'Huzzah' });
  await A.ok('dice.roll', { campaign, dice: '3d6', reason: 'for luck' });
  await U.ok('dice.roll', { campaign, dice: '2d10', private: true });
  await U.ok('notice.post', { campaign, text: 'For umpires only', private: true });
  const up = await httpRequest(server, 'POST', `/api/campaigns/${campaign}/images`, { body: PNG, cookie: people.ar_umpire.cookie, headers: { 'content-type': 'image/png' } });
  assert.equal(up.status, 201);
  await U.ok('year.start', { campaign, year: '1746', month: 5 });
  await A.ok('diary.submit', { campaign, activity: 'politics', text: 'A quiet month' });
  await U.ok('month.resolve', { campaign });
  for (const c of [U, A, B]) assert.equal((await c.subscribe(campaign)).reply.ok, true);
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the umpire downloads an archive without the seed while the campaign is open; nobody else can', async () => {
  const mine = await httpRequest(server, 'GET', `/api/campaigns/${campaign}/export`, { cookie: people.ar_umpire.cookie });
  assert.equal(mine.status, 200);
  assert.equal(mine.json.format, 'muster-campaign');
  assert.equal(mine.json.campaign.seed, null, 'the seed stays the server\'s while the campaign runs');
  assert.equal((await httpRequest(server, 'GET', `/api/campaigns/${campaign}/export`, { cookie: people.ar_anne.cookie })).status, 403);
  const outsider = await newUser(server, 'ar_outsider');
  assert.equal((await httpRequest(server, 'GET', `/api/campaigns/${campaign}/export`, { cookie: outsider.cookie })).status, 404);
  const path_ = path.join(dir, 'open.json');
  writeFileSync(path_, JSON.stringify(mine.json));
  const v = muster('verify-dice', path_);
  assert.equal(v.status, 1);
  assert.match(v.stdout, /seed is not revealed yet/);
});

test('export and import into a fresh server: every member\'s view as it was, the picture too', async () => {
  for (const c of [U, A, B]) await c.caughtUp(campaign, 3000);
  seen = [U, A, B].map((c) => structuredClone(c.view(campaign)));
  const archive = path.join(dir, 'taken.json');
  const ex = muster('export', ...server.storeArgs, '--campaign', String(campaign), '--to', archive);
  assert.equal(ex.status, 0, ex.stderr);

  // A fresh server where the same people registered first (their accounts keep their ids).
  const freshDir = path.join(dir, 'fresh');
  mkdirSync(freshDir);
  const fresh = await startServer({ dir: freshDir });
  try {
    for (const name of Object.keys(people)) await register(fresh, name);
    await fresh.stop();
    const bad = JSON.parse(readFileSync(archive, 'utf8'));
    bad.version = 99;
    writeFileSync(path.join(dir, 'newer.json'), JSON.stringify(bad));
    const newer = muster('import', ...fresh.storeArgs, path.join(dir, 'newer.json'));
    assert.equal(newer.status, 1);
    assert.match(newer.stderr, /newer Muster .*nothing was written/);
    writeFileSync(path.join(dir, 'cut.json'), readFileSync(archive, 'utf8').slice(0, 500));
    assert.match(muster('import', ...fresh.storeArgs, path.join(dir, 'cut.json')).stderr, /not JSON: a damaged archive/);
    const gap = JSON.parse(readFileSync(archive, 'utf8'));
    gap.events.splice(3, 1);
    writeFileSync(path.join(dir, 'gap.json'), JSON.stringify(gap));
    assert.match(muster('import', ...fresh.storeArgs, path.join(dir, 'gap.json')).stderr, /out of order; nothing was written/);

    const im = muster('import', ...fresh.storeArgs, archive);
    assert.equal(im.status, 0, im.stderr);
    assert.match(im.stdout, new RegExp(`imported campaign ${campaign}`));
    assert.match(muster('import', ...fresh.storeArgs, archive).stderr, /already exists/);
    await fresh.start();
    const names = Object.keys(people);
    for (let i = 0; i < names.length; ++i) {
      const c = await connect(fresh, await login(fresh, names[i]));
      sockets.push(c);
      assert.equal((await c.subscribe(campaign)).reply.ok, true);
      assert.deepEqual(c.view(campaign), seen[i], `${names[i]}: the view as it was`);
    }
    const briefing = await httpRequest(fresh, 'GET', `/api/campaigns/${campaign}/images/${JSON.parse(readFileSync(archive, 'utf8')).images[0].token}`,
      { cookie: await login(fresh, 'ar_anne') });
    assert.equal(briefing.status, 200);
    assert.deepEqual(briefing.buffer, PNG, 'the picture came with it');
  } finally {
    await fresh.cleanup();
  }
});

test('the administrator uploads the archive to a running server; its members open the campaign at once', async () => {
  const liveDir = path.join(dir, 'live');
  mkdirSync(liveDir);
  const live = await startServer({ dir: liveDir });
  try {
    for (const name of Object.keys(people)) await register(live, name);
    assert.equal(muster('admin', ...live.storeArgs, '--grant', 'ar_umpire').status, 0);
    const body = JSON.parse(readFileSync(path.join(dir, 'taken.json'), 'utf8'));
    const asUser = async (name) => login(live, name);
    const upload = async (name, archive) => httpRequest(live, 'POST', '/api/admin/import', { body: archive, cookie: await asUser(name) });
    assert.equal((await upload('ar_anne', body)).status, 403, 'the administrator\'s only');
    const newer = await upload('ar_umpire', { ...body, version: 2 });
    assert.equal(newer.status, 400);
    assert.match(newer.json.error.message, /newer Muster.*nothing was written/);
    const mistyped = await upload('ar_umpire', { ...body, campaign: { ...body.campaign, created: 'last spring' } });
    assert.equal(mistyped.status, 400);
    assert.match(mistyped.json.error.message, /wrong type.*nothing was written/);
    const done = await upload('ar_umpire', body);
    assert.equal(done.status, 201, JSON.stringify(done.json));
    assert.equal(done.json.campaign, campaign);
    const names = Object.keys(people);
    for (let i = 0; i < names.length; ++i) {
      const c = await connect(live, await asUser(names[i]));
      sockets.push(c);
      assert.equal((await c.subscribe(campaign)).reply.ok, true);
      assert.deepEqual(c.view(campaign), seen[i], `${names[i]}: the view as it was`);
    }
    assert.equal((await upload('ar_umpire', body)).status, 400, 'once');
  } finally {
    await live.cleanup();
  }
});

test('each member downloads his chronicle: his own view, as he saw it, and nobody else\'s', async () => {
  await A.caughtUp(campaign, 3000);
  const mine = await httpRequest(server, 'GET', `/api/campaigns/${campaign}/chronicle`, { cookie: people.ar_anne.cookie });
  assert.equal(mine.status, 200);
  assert.equal(mine.json.format, 'muster-chronicle');
  assert.equal(mine.json.username, 'ar_anne');
  assert.deepEqual(mine.json.view, A.view(campaign), 'exactly the view his page shows');
  assert.ok(!JSON.stringify(mine.json).includes('For umpires only'), 'no umpire note in a player\'s chronicle');
  const umpires = await httpRequest(server, 'GET', `/api/campaigns/${campaign}/chronicle`, { cookie: people.ar_umpire.cookie });
  assert.ok(JSON.stringify(umpires.json).includes('For umpires only'), 'the umpire\'s whole chronicle has it');
  const outsider = await newUser(server, 'ar_stranger');
  assert.equal((await httpRequest(server, 'GET', `/api/campaigns/${campaign}/chronicle`, { cookie: outsider.cookie })).status, 404);
  assert.equal((await httpRequest(server, 'GET', `/api/campaigns/${campaign}/chronicle`)).status, 401);
});

test('verify-dice recomputes every roll of a closed campaign and names the first that does not match', async () => {
  const { seed } = await U.ok('campaign.close', { campaign });
  const got = await httpRequest(server, 'GET', `/api/campaigns/${campaign}/export`, { cookie: people.ar_umpire.cookie });
  assert.equal(got.json.campaign.seed, seed, 'closed: the seed is in it');
  const file = path.join(dir, 'closed.json');
  writeFileSync(file, JSON.stringify(got.json));
  const ok = muster('verify-dice', file);
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  const rolls = Number(ok.stdout.match(/all (\d+) rolls/)[1]);
  assert.ok(rolls >= 5, ok.stdout); // 3d6, the blind 2d10, the month's

  const tampered = structuredClone(got.json);
  const e = tampered.events.find((x) => x.dice.length > 0);
  e.dice[0].value = e.dice[0].value % e.dice[0].sides + 1;
  writeFileSync(file, JSON.stringify(tampered));
  const bad = muster('verify-dice', file);
  assert.equal(bad.status, 1);
  assert.match(bad.stdout, new RegExp(`NOT VERIFIED after 0 rolls: event ${e.seq} \\(${e.type.replace('.', '\\.')}\\): roll 0 of "`));

  const wrongSeed = structuredClone(got.json);
  wrongSeed.campaign.seed = '00'.repeat(32);
  writeFileSync(file, JSON.stringify(wrongSeed));
  assert.match(muster('verify-dice', file).stdout, /does not match the commitment/);
});
