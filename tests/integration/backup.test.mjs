// Online backups (docs/operations.md, "Backups") over real parts: `muster backup` copies the database of a running
// server with SQLite's backup API; the restore procedure (the copy as the database of a new server) brings back every
// view as it was at the backup, for the umpire and a player, and nothing after it; the scheduled backups appear in
// their folder, the newest `backup_keep` of them; the command refuses a missing database or bad usage.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, MUSTER_BIN } from './lib/server.mjs';
import { wantsPostgres } from './lib/postgres.mjs';
import { connect, newUser, sleep } from './lib/client.mjs';

let server, dir, ump, pl, U, P, campaign;
const sockets = [];

// With PostgreSQL the database is not the server's file: its backups are PostgreSQL's own (pg_basebackup, a standby),
// and `muster backup` says so (the last test).
const sqliteOnly = wantsPostgres && "muster's backups copy a SQLite file; a PostgreSQL store is backed up by its own tools";

before(async () => {
  if (wantsPostgres) {
    server = await startServer();
    return;
  }
  dir = mkdtempSync(path.join(tmpdir(), 'muster-backup-'));
  server = await startServer({ args: ['--backup-dir', path.join(dir, 'scheduled'), '--backup-interval-seconds', '1', '--backup-keep', '2'] });
  ump = await newUser(server, 'bk_umpire');
  pl = await newUser(server, 'bk_player');
  U = await connect(server, ump.cookie);
  P = await connect(server, pl.cookie);
  sockets.push(U, P);
  campaign = (await U.ok('campaign.create', { name: 'Kept safe' })).campaign;
  const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
  await P.ok('campaign.join', { code });
  await P.ok('colonel.create', { campaign, name: 'Colonel Kemp', pip: 12 });
  await U.ok('notice.post', { campaign, text: 'An umpire note', private: true });
  await P.ok('chat.say', { campaign, text: 'Before the backup' });
  await U.ok('year.start', { campaign, year: '1745', month: 4 });
  for (const c of [U, P]) assert.equal((await c.subscribe(campaign)).reply.ok, true);
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const backup = (...args) => spawnSync(MUSTER_BIN, ['backup', ...args], { encoding: 'utf8' });

test('a backup of a running server, restored, gives every view as it was, and nothing after it', { skip: sqliteOnly }, async () => {
  for (const c of [U, P]) await c.caughtUp(campaign, 3000);
  const seen = { U: structuredClone(U.view(campaign)), P: structuredClone(P.view(campaign)) };
  const copy = path.join(dir, 'copy.db');
  const r = backup('--db', server.dbPath, '--to', copy);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^backed up .* \(\d+ bytes\)/);
  await P.ok('chat.say', { campaign, text: 'After the backup' });

  // The restore procedure: the copy becomes the database of a server started on it.
  const restoredDir = path.join(dir, 'restored');
  mkdirSync(restoredDir);
  copyFileSync(copy, path.join(restoredDir, 'muster.db'));
  const restored = await startServer({ dir: restoredDir });
  try {
    for (const [name, who] of [['U', ump], ['P', pl]]) {
      const c = await connect(restored, who.cookie); // the login sessions came back too
      sockets.push(c);
      assert.equal((await c.subscribe(campaign)).reply.ok, true);
      assert.deepEqual(c.view(campaign), seen[name], `${name}: the view as it was at the backup`);
    }
  } finally {
    await restored.stop();
  }
});

test('scheduled backups appear in their folder, the newest two kept, each a database a server starts on', { skip: sqliteOnly }, async () => {
  const folder = path.join(dir, 'scheduled');
  const list = () => (existsSync(folder) ? readdirSync(folder).filter((f) => /^muster-\d{8}-\d{6}\.db$/.test(f)).sort() : []);
  const end = Date.now() + 8000;
  while (list().length < 2 && Date.now() < end) await sleep(200);
  await sleep(2500); // more backups are taken; still only two are kept
  const kept = list();
  assert.equal(kept.length, 2, JSON.stringify(readdirSync(folder)));
  assert.ok(!readdirSync(folder).some((f) => f.endsWith('.part')), 'no half-written file left');
  const d = path.join(dir, 'from-scheduled');
  mkdirSync(d);
  copyFileSync(path.join(folder, kept[1]), path.join(d, 'muster.db'));
  const s = await startServer({ dir: d });
  try {
    const c = await connect(s, pl.cookie);
    sockets.push(c);
    assert.equal((await c.subscribe(campaign)).reply.ok, true);
    assert.ok(Object.values(c.view(campaign).chat).some((m) => m.text === 'After the backup'), 'the latest backup holds the latest chat');
  } finally {
    await s.stop();
  }
});

test('muster backup refuses a missing database and bad usage, and writes nothing', { skip: sqliteOnly }, () => {
  const target = path.join(dir, 'never.db');
  const missing = backup('--db', path.join(dir, 'nothing-here.db'), '--to', target);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /no database at/);
  assert.equal(backup('--db').status, 2);
  assert.equal(backup('--db', server.dbPath, '--to', target, '--what', 'x').status, 2);
  assert.equal(existsSync(target), false);
});

test('muster backup of a PostgreSQL store refuses, naming the tools that back it up', { skip: !wantsPostgres && 'the store is SQLite' }, () => {
  const r = backup(...server.storeArgs, '--to', path.join(tmpdir(), 'never-written.db'));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /back up PostgreSQL with its own tools/);
  assert.equal(existsSync(path.join(tmpdir(), 'never-written.db')), false);
});
