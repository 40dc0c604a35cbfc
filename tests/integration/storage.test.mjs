// Storage as the client sees it (docs/protocol.md: "A reply means the change is committed to the
// database"; DESIGN.md, "Storage": migrations applied in order inside a transaction, and the server
// refuses to start on a database newer than it knows).
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readdirSync, copyFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './lib/server.mjs';
import { connect, newUser, login } from './lib/client.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MIGRATIONS = path.join(REPO, 'migrations');
const SEC = 1000;
let server;
let ump;
let campaign;
let dirs = [];

// A copy of the project's migrations with `extra` files added, for the server's engine (PostgreSQL's are in a
// folder of their own: server/store/migrations.h).
function migrationsWith(extra) {
  const d = mkdtempSync(path.join(tmpdir(), 'muster-itest-migrations-'));
  dirs.push(d);
  const sub = server.engine === 'postgresql' ? 'postgresql' : '';
  mkdirSync(path.join(d, sub), { recursive: true });
  for (const f of readdirSync(path.join(MIGRATIONS, sub))) if (f.endsWith('.sql')) copyFileSync(path.join(MIGRATIONS, sub, f), path.join(d, sub, f));
  for (const [name, sql] of Object.entries(extra)) writeFileSync(path.join(d, sub, name), sql);
  return d;
}

before(async () => {
  server = await startServer({ args: ['--migrations', MIGRATIONS] });
  ump = await newUser(server, 'store_umpire');
  const U = await connect(server, ump.cookie);
  campaign = (await U.ok('campaign.create', { name: 'Durable' })).campaign;
  await U.close();
});

after(async () => {
  await server?.cleanup();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function viewOf(cookie) {
  const c = await connect(server, cookie);
  const { reply, view } = await c.subscribe(campaign);
  assert.equal(reply.ok, true, JSON.stringify(reply));
  await c.close();
  return view;
}

test('a replied command survives a crash (SIGKILL right after the reply)', async () => {
  const U = await connect(server, ump.cookie);
  await U.subscribe(campaign);
  const said = await U.ok('chat.say', { campaign, text: 'Written before the crash.' });
  const rolled = await U.ok('dice.roll', { campaign, dice: '2d6', reason: 'before the crash' });
  const exit = await server.kill('SIGKILL');
  assert.equal(exit.signal, 'SIGKILL');
  await server.start();
  const cookie = await login(server, ump.username);
  const v = await viewOf(cookie);
  assert.equal(v.chat[String(said.id)].text, 'Written before the crash.');
  assert.deepEqual(v.rolls[String(rolled.id)].faces, rolled.faces, 'the last replied roll is there');
  assert.equal(Object.keys(v.rolls).length, rolled.id, 'and nothing after it');
  ump.cookie = cookie;
});

test('a failing migration is rolled back whole and the server refuses to start', async () => {
  const before = await viewOf(ump.cookie);
  await server.stop();
  // The first statement would succeed alone; the second fails. Applied in one transaction, neither stays.
  server.args = ['--migrations', migrationsWith({ '0900_itest_broken.sql': 'CREATE TABLE itest_probe (a INTEGER);\nTHIS IS NOT SQL;\n' })];
  await assert.rejects(server.start({ timeoutMs: 15000 }), /exited|listening/);
  assert.ok(server.exit && (server.exit.code !== 0 || server.exit.signal), `a refused start exits non-zero: ${JSON.stringify(server.exit)}`);
  // The same number, now correct: it only applies if the broken one left nothing behind (no itest_probe table).
  server.args = ['--migrations', migrationsWith({ '0900_itest_broken.sql': 'CREATE TABLE itest_probe (a INTEGER);\n' })];
  await server.start();
  const cookie = await login(server, ump.username);
  assert.deepEqual(await viewOf(cookie), before, 'the data is untouched');
  ump.cookie = cookie;
});

test('the server refuses to start on a database newer than it knows', async () => {
  const before = await viewOf(ump.cookie);
  await server.stop();
  // Still running with 0900 applied: go back to the project's own migrations, which do not know 0900.
  server.args = ['--migrations', MIGRATIONS];
  await assert.rejects(server.start({ timeoutMs: 15000 }), /exited|listening/);
  assert.ok(server.exit && (server.exit.code !== 0 || server.exit.signal), `a refused start exits non-zero: ${JSON.stringify(server.exit)}`);
  assert.match(server.stderr, /\S/, 'it says why on stderr');
  // With migrations that know the database it starts again, data intact.
  server.args = ['--migrations', migrationsWith({ '0900_itest_broken.sql': 'CREATE TABLE itest_probe (a INTEGER);\n' })];
  await server.start();
  const cookie = await login(server, ump.username);
  assert.deepEqual(await viewOf(cookie), before);
});
