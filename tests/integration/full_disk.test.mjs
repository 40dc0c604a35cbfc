// A full disk and a database that cannot be written (docs/reliability.md, "A full disk"): the server's database on
// a small tmpfs of its own. Skipped, saying why, where this machine may not mount one (mount needs root).
// - Full: a ballast file takes the rest of the filesystem, then chat lines are sent one at a time until the server
//   refuses one. The refusal is `unavailable` and says the disk is full; every line replied to is in the view, the
//   refused ones are not; a new subscribe (a read) still answers. The ballast goes: the next line is taken, without
//   a restart, and a restart shows exactly the lines replied to.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, openSync, writeSync, closeSync, unlinkSync, truncateSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { wantsPostgres } from './lib/postgres.mjs';
import { connect, newUser, uniqueName } from './lib/client.mjs';

const SIZE = '6m';
let mnt;
let mounted = false;
let server;

function sh(cmd, args) {
  return spawnSync(cmd, args, { encoding: 'utf8' });
}

before(() => {
  mnt = mkdtempSync(path.join(tmpdir(), 'muster-disk-'));
  mounted = sh('mount', ['-t', 'tmpfs', '-o', `size=${SIZE}`, 'tmpfs', mnt]).status === 0;
});

after(async () => {
  await server?.cleanup().catch(() => {});
  if (mounted) sh('umount', ['-l', mnt]);
  rmSync(mnt, { recursive: true, force: true });
});

// Fills the filesystem with a file until it is full, then gives `slack` bytes back: some lines go in first.
function ballast(dir, slack) {
  const file = path.join(dir, 'ballast');
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch (e) {
    if (e.code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
  truncateSync(file, Math.max(0, statSync(file).size - slack));
  return file;
}

const chats = (v) => Object.values(v.chat || {}).map((m) => m.text);

test('a full disk: refused as unavailable, nothing unsaved acknowledged, reads go on, recovers when space returns', async (t) => {
  if (wantsPostgres) {
    t.skip("the store is PostgreSQL's, not a file of the server: its full disk is PostgreSQL's to report");
    return;
  }
  if (!mounted) {
    t.skip('cannot mount a tmpfs here (needs root): the full-disk test did not run');
    return;
  }
  server = await startServer({ dir: mnt });
  const user = await newUser(server, uniqueName('disk'));
  const U = await connect(server, user.cookie);
  const campaign = (await U.ok('campaign.create', { name: 'Full disk' })).campaign;
  await U.subscribe(campaign);
  const file = ballast(mnt, 256 * 1024);

  const text = (i) => `LINE-${i}-${'x'.repeat(1500)}`;
  const replied = [];
  let refusal = null;
  for (let i = 0; i < 20000 && !refusal; i += 1) {
    const r = await U.send('chat.say', { campaign, text: text(i) });
    if (r.ok) replied.push(text(i));
    else refusal = r;
  }
  assert.ok(refusal, 'the server refused a line once the disk was full');
  assert.ok(replied.length > 0, 'some lines went in before the disk was full');
  assert.equal(refusal.error.code, 'unavailable', JSON.stringify(refusal));
  assert.match(refusal.error.message, /disk is full/);
  t.diagnostic(`${replied.length} lines taken before the disk was full`);

  // Reads go on: a fresh socket subscribes and sees exactly the lines replied to (the view keeps the latest 200).
  const R = await connect(server, user.cookie);
  const { view } = await R.subscribe(campaign);
  assert.deepEqual(chats(view).slice(-20), replied.slice(-20), 'every replied line, and no refused one');
  await R.close();

  // Space comes back: the next line is taken, no restart.
  unlinkSync(file);
  const next = await U.send('chat.say', { campaign, text: 'AFTER-SPACE' });
  assert.equal(next.ok, true, JSON.stringify(next));
  await U.close();

  // And a restart shows what was replied to.
  await server.restart();
  const A = await connect(server, user.cookie);
  const after = (await A.subscribe(campaign)).view;
  assert.deepEqual(chats(after).slice(-21), [...replied.slice(-20), 'AFTER-SPACE']);
  await A.close();
});
