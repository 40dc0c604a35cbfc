// A database that turns read-only under the running server (docs/reliability.md, "A full disk"): commands are
// refused as `unavailable`, saying the database cannot be written, and change nothing; reads go on; once the file
// can be written again the next command is taken, without a restart. The same for a server started while its file
// could not be written (SQLite opens it read-only), and a campaign's clock is retried every 10 s, not in a loop.
//
// How the file turns read-only: the database lives on a small ext4 image of its own, loop-mounted, and its file and
// write-ahead log are made immutable with `chattr +i` while the server runs (and mutable again with `chattr -i`).
// ext4 enforces that on files already open (write(2) fails with EPERM), so SQLite's next write is refused as a
// read-only filesystem's would be. Tried and not usable here: `mount -o remount,ro` (of the filesystem or of a bind
// mount) is refused with EBUSY while the server holds the file open for writing; `blockdev --setro` on the loop
// device does not stop a mounted filesystem's writes (the kernel only warns); device-mapper (dmsetup's error and
// flakey targets) is not in this kernel; tmpfs takes `chattr +i` but lets open files be written. The -shm file is
// left alone: SQLite writes it through a shared mapping, and a write fault on an immutable ext4 file is a SIGBUS.
// Needs root (mount, chattr) and a loop device; skipped, saying why, where this cannot be done.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, openSync, writeSync, closeSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { connect, newUser, uniqueName, httpRequest, sleep } from './lib/client.mjs';

let work;
let mnt;
let mounted = false;
let why = '';
const servers = [];

function sh(cmd, args) {
  return spawnSync(cmd, args, { encoding: 'utf8' });
}

// Whether an immutable file refuses writes through a descriptor opened before: ext4 does, some filesystems don't.
function immutableRefusesOpenFiles(dir) {
  const probe = path.join(dir, 'probe');
  const fd = openSync(probe, 'w');
  try {
    if (sh('chattr', ['+i', probe]).status !== 0) return false;
    try {
      writeSync(fd, 'x');
      return false;
    } catch (e) {
      return e.code === 'EPERM';
    }
  } finally {
    sh('chattr', ['-i', probe]);
    closeSync(fd);
    rmSync(probe, { force: true });
  }
}

before(() => {
  work = mkdtempSync(path.join(tmpdir(), 'muster-ro-'));
  mnt = path.join(work, 'mnt');
  const image = path.join(work, 'disk.img');
  if (process.getuid?.() !== 0) {
    why = 'needs root (mount, chattr)';
    return;
  }
  mkdirSync(mnt);
  const steps = [
    ['truncate', ['-s', '32M', image]],
    ['mkfs.ext4', ['-q', '-F', image]],  // Debian's e2fsprogs, as chattr
    ['mount', ['-o', 'loop', image, mnt]],
  ];
  for (const [cmd, args] of steps) {
    const r = sh(cmd, args);
    if (r.status !== 0) {
      why = `${cmd} failed: ${(r.stderr || r.error?.message || '').trim()}`;
      return;
    }
  }
  mounted = true;
  if (!immutableRefusesOpenFiles(mnt)) why = 'chattr +i does not refuse writes to open files on this ext4';
});

// The database file and its write-ahead log (if there is one), made immutable or mutable again.
function setImmutable(server, on) {
  for (const file of [server.dbPath, `${server.dbPath}-wal`]) {
    if (!existsSync(file)) continue;
    const r = sh('chattr', [on ? '+i' : '-i', file]);
    assert.equal(r.status, 0, `chattr ${file}: ${r.stderr}`);
  }
}

after(async () => {
  for (const server of servers) {
    if (mounted) setImmutable(server, false);
    await server.cleanup().catch(() => {});
  }
  if (mounted) sh('umount', ['-l', mnt]);
  rmSync(work, { recursive: true, force: true });
});

// A server on a directory of its own on the image; null (the test skipped, saying why) where that cannot be.
async function serverOnImage(t, name, args = []) {
  // Checked here rather than imported from lib/postgres.mjs: with PostgreSQL there is no file of the server's.
  if (process.env.MUSTER_TEST_STORE === 'postgresql') {
    t.skip("the store is PostgreSQL's, not a file of the server: its read-only disk is PostgreSQL's to report");
    return null;
  }
  if (!mounted || why) {
    t.skip(`cannot make a file read-only under the server here (${why}): the read-only test did not run`);
    return null;
  }
  const dir = path.join(mnt, name);
  mkdirSync(dir);
  const server = await startServer({ dir, args });
  servers.push(server);
  return server;
}

const unsaved = /cannot write its database \(it has become read-only\), so that was not saved: nothing was changed/;
const chats = (v) => Object.values(v.chat || {}).map((m) => m.text);

test('a database turned read-only: refused as unavailable, nothing unsaved acknowledged, reads go on, recovers', async (t) => {
  const server = await serverOnImage(t, 'running');
  if (!server) return;
  const user = await newUser(server, uniqueName('ro'));
  const U = await connect(server, user.cookie);
  const campaign = (await U.ok('campaign.create', { name: 'Read-only disk' })).campaign;
  await U.subscribe(campaign);
  await U.ok('chat.say', { campaign, text: 'BEFORE' });

  setImmutable(server, true);
  const started = Date.now();
  // Several at once, so that they go to the database together (one group commit) and are refused together.
  const refused = await Promise.all([1, 2, 3, 4, 5].map((i) => U.send('chat.say', { campaign, text: `LOST-${i}` })));
  for (const r of refused) {
    assert.equal(r.ok, false, `a line was acknowledged while the database could not be written: ${JSON.stringify(r)}`);
    assert.equal(r.error.code, 'unavailable', JSON.stringify(r));
    assert.match(r.error.message, unsaved);
  }
  const create = await U.send('campaign.create', { name: 'Not now' });
  assert.equal(create.error?.code, 'unavailable', JSON.stringify(create));
  assert.match(create.error.message, unsaved);
  t.diagnostic(`5 lines and a campaign.create refused in ${Date.now() - started} ms`);
  // An HTTP write says the same, not `internal`.
  const register = await httpRequest(server, 'POST', '/api/register', { body: { username: uniqueName('late'), password: 'a long enough password' } });
  assert.equal(register.status, 503, register.text);
  assert.equal(register.json?.error?.code, 'unavailable', register.text);
  assert.match(register.json.error.message, unsaved);

  // Reads go on: a fresh socket logs in with the session (whose last-seen time cannot be written) and subscribes.
  const R = await connect(server, user.cookie);
  const { view } = await R.subscribe(campaign);
  assert.deepEqual(chats(view), ['BEFORE'], 'the line replied to, and none of the refused ones');
  await R.close();
  // The subscriber who sent them was never shown them either: his view, rebuilt from the log, has only BEFORE.
  await U.until(() => (chats(U.view(campaign) || {}).join() === 'BEFORE' ? true : undefined), 5000, 'the rebuilt view');
  assert.deepEqual(U.viewErrors, []);
  assert.match(server.stderr, /append failed: .*muster\.db: Operation not permitted/, 'the log says why');

  // Writable again: the next line is taken at once, no restart.
  setImmutable(server, false);
  const next = await U.send('chat.say', { campaign, text: 'AFTER' });
  assert.equal(next.ok, true, JSON.stringify(next));
  await U.close();

  // And a restart shows what was replied to, and nothing else.
  await server.restart();
  const A = await connect(server, user.cookie);
  const after = (await A.subscribe(campaign)).view;
  assert.deepEqual(chats(after), ['BEFORE', 'AFTER']);
  await A.close();
});

test('a server started while its database cannot be written: reads, refuses, takes commands once it can', async (t) => {
  const server = await serverOnImage(t, 'started');
  if (!server) return;
  const user = await newUser(server, uniqueName('rs'));
  let U = await connect(server, user.cookie);
  const campaign = (await U.ok('campaign.create', { name: 'Started read-only' })).campaign;
  await U.ok('chat.say', { campaign, text: 'BEFORE' });
  await U.close();
  // A clean stop leaves no WAL: the file alone is made immutable, and SQLite opens it read-only.
  await server.stop();
  setImmutable(server, true);
  await server.start();
  U = await connect(server, user.cookie);
  assert.deepEqual(chats((await U.subscribe(campaign)).view), ['BEFORE']);
  const refused = await U.send('chat.say', { campaign, text: 'LOST' });
  assert.equal(refused.error?.code, 'unavailable', JSON.stringify(refused));
  assert.match(refused.error.message, unsaved);
  // That connection stays read-only for good, so the server opens the file again once it can be written.
  setImmutable(server, false);
  const next = await U.send('chat.say', { campaign, text: 'AFTER' });
  assert.equal(next.ok, true, JSON.stringify(next));
  // Logged before the reply was sent, but read from another pipe than the socket's: it may come a moment later.
  const reopened = /database can be written again: opened it again/;
  for (let i = 0; i < 50 && !reopened.test(server.stderr); i++) await sleep(100);
  assert.match(server.stderr, reopened);
  await U.close();
  await server.restart();
  const A = await connect(server, user.cookie);
  assert.deepEqual(chats((await A.subscribe(campaign)).view), ['BEFORE', 'AFTER']);
  await A.close();
});

test("a campaign's clock whose events cannot be stored is tried again every 10 s, not at once in a loop", async (t) => {
  const HOUR = 3600 * 1000;
  const server = await serverOnImage(t, 'clock', ['--test-clock', 'true',
    '--session-idle-seconds', '31536000', '--session-absolute-seconds', '31536000']);
  if (!server) return;
  const advance = async (ms) => (await httpRequest(server, 'POST', '/api/test/clock', { body: { advance_ms: ms } })).json.now;
  const user = await newUser(server, uniqueName('rc'));
  const U = await connect(server, user.cookie);
  const campaign = (await U.ok('campaign.create', { name: 'Clock' })).campaign;
  await U.subscribe(campaign);
  await U.ok('year.start', { campaign, year: '1744', month: 3 });
  await U.ok('month.set_deadline', { campaign, deadline: (await advance(0)) + 2 * HOUR });
  const turn = () => U.view(campaign).year.calendar.turn;
  const first = turn();

  setImmutable(server, true);
  const pushes = U.pushes.length;
  await advance(3 * HOUR);  // past the deadline: the month's resolution is due, and cannot be stored
  await sleep(3000);
  const failed = (server.stderr.match(/append failed/g) || []).length;
  t.diagnostic(`in 3 s: ${failed} failed append(s), ${U.pushes.length - pushes} push(es) to the subscriber`);
  assert.ok(failed >= 1 && failed <= 2, `tried once, not in a loop: ${failed} failed appends`);
  assert.ok(U.pushes.length - pushes <= 2, 'the subscriber was not sent a whole view again and again');
  assert.equal(turn(), first, 'the month was not resolved while it could not be stored');

  const writable = Date.now();
  setImmutable(server, false);
  await U.until(() => (turn() !== first ? true : undefined), 15000, 'the deadline resolved once the file can be written');
  t.diagnostic(`resolved ${Date.now() - writable} ms after the file could be written again`);
  await U.close();
});
