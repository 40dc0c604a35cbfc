// The server's administrator (docs/operations.md, "Administration") over a real server: set from the command line
// beside the running server; lists users and campaigns and reads the server's health; disables an account, whose
// sockets close at once and which can no longer log in, and enables it again. Nobody else may.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startServer, MUSTER_BIN } from './lib/server.mjs';
import { connect, newUser, loginResponse, httpRequest, sleep } from './lib/client.mjs';

let server, boss, player;
const muster = (...args) => spawnSync(MUSTER_BIN, args, { encoding: 'utf8' });
const get = (p, who) => httpRequest(server, 'GET', p, { cookie: who.cookie });

before(async () => {
  server = await startServer();
  boss = await newUser(server, 'ad_boss');
  player = await newUser(server, 'ad_player');
});

after(async () => { await server?.cleanup(); });

test('muster admin grants the rights beside the running server; /api/me says so; nobody else gets in', async () => {
  assert.equal(muster('admin', ...server.storeArgs, '--grant', 'nobody_here').status, 1);
  assert.equal(muster('admin', ...server.storeArgs).status, 2);
  const r = muster('admin', ...server.storeArgs, '--grant', 'AD_BOSS');
  assert.equal(r.status, 0, r.stderr);
  assert.equal((await get('/api/me', boss)).json.admin, true);
  assert.equal((await get('/api/me', player)).json.admin, false);
  for (const p of ['/api/admin/users', '/api/admin/campaigns', '/api/admin/health'])
    assert.equal((await get(p, player)).status, 403, p);
  assert.equal((await httpRequest(server, 'GET', '/api/admin/users')).status, 401);
});

test('the administrator lists users and campaigns and reads the health of the server', async () => {
  const c = await connect(server, player.cookie);
  try {
    const { campaign } = await c.ok('campaign.create', { name: 'Watched' });
    const users = (await get('/api/admin/users', boss)).json.users;
    assert.deepEqual(users.map((u) => [u.username, u.admin, u.disabled]), [['ad_boss', true, false], ['ad_player', false, false]]);
    assert.ok(!JSON.stringify(users).includes('scrypt'), 'no password hash');
    const campaigns = (await get('/api/admin/campaigns', boss)).json.campaigns;
    assert.deepEqual(campaigns.map((x) => [x.id, x.name]), [[campaign, 'Watched']]);
    const health = (await get('/api/admin/health', boss)).json;
    assert.equal(health.connections, 1);
    assert.equal(health.campaigns, 1);
    assert.equal(health.outbox_unsent, 0);
    assert.ok(health.db_bytes > 0);
    assert.equal(health.last_backup, null);
  } finally {
    await c.close();
  }
});

test('a disabled account\'s sockets close at once and it cannot log in; enabled, it can', async () => {
  const c = await connect(server, player.cookie);
  const off = await httpRequest(server, 'POST', `/api/admin/users/${player.user}`, { body: { disabled: true }, cookie: boss.cookie });
  assert.equal(off.status, 200);
  await Promise.race([c.closed, sleep(5000).then(() => { throw new Error('the socket stayed open'); })]);
  assert.equal((await get('/api/me', player)).status, 401);
  const refused = await loginResponse(server, 'ad_player');
  assert.equal(refused.status, 403);
  assert.match(refused.json.error.message, /disabled/);
  assert.equal((await httpRequest(server, 'POST', '/api/admin/users/999', { body: { disabled: true }, cookie: boss.cookie })).status, 404);
  assert.equal((await httpRequest(server, 'POST', `/api/admin/users/${boss.user}`, { body: { disabled: true }, cookie: boss.cookie })).status, 409);
  assert.equal((await httpRequest(server, 'POST', `/api/admin/users/${player.user}`, { body: { disabled: 'yes' }, cookie: boss.cookie })).status, 400);
  await httpRequest(server, 'POST', `/api/admin/users/${player.user}`, { body: { disabled: false }, cookie: boss.cookie });
  assert.equal((await loginResponse(server, 'ad_player')).status, 200);
});

test('muster version names the libraries the binary runs with (docs/reliability.md, "Dependencies audited")', () => {
  const v = muster('version');
  assert.equal(v.status, 0, v.stderr);
  const libraries = [/^SQLite 3\.\d+\.\d+$/m, /^OpenSSL 3\.\d+\.\d+/m, /^libpq \d+\.\d+$/m, /^libcurl \d+\.\d+\.\d+$/m,
    /^Boost 1\.\d+\.\d+ /m, /^nlohmann_json 3\.\d+\.\d+ /m];
  // jemalloc, except in the sanitized builds (scripts/sanitize.sh), whose allocator is ASan's or TSan's.
  if (!process.env.ASAN_OPTIONS && !process.env.TSAN_OPTIONS) libraries.push(/^jemalloc 5\.\d+\.\d+/m);
  for (const library of libraries) assert.match(v.stdout, library);
});
