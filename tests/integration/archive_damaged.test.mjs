// A damaged archive is refused whole (docs/operations.md, "Archives"): `muster import` replays every event as the
// live server would have made it, so an event of a type no Muster writes, a chat line by someone who was not a
// member, a roll whose die the seed does not give or whose faces are not its dice's, each exits 1 naming the event
// and what is wrong, and nothing is written; the archive as exported still imports. The administrator's upload
// (`POST /api/admin/import`) makes the same checks.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, MUSTER_BIN } from './lib/server.mjs';
import { connect, newUser, login, httpRequest } from './lib/client.mjs';

let server, dir, campaign, archive, outsider;
const sockets = [];
const muster = (...args) => spawnSync(MUSTER_BIN, args, { encoding: 'utf8' });

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-damaged-'));
  server = await startServer({ args: ['--ws-rate', '1000', '--ws-burst', '1000'] });
  const umpire = await newUser(server, 'dm_umpire');
  const anne = await newUser(server, 'dm_anne');
  outsider = await newUser(server, 'dm_outsider');
  const [U, A] = await Promise.all([umpire, anne].map((p) => connect(server, p.cookie)));
  sockets.push(U, A);
  campaign = (await U.ok('campaign.create', { name: 'Tampered with' })).campaign;
  const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
  await A.ok('campaign.join', { code });
  await A.ok('chat.say', { campaign, text: 'Huzzah' });
  await A.ok('dice.roll', { campaign, dice: '3d6', reason: 'for luck' });
  await U.ok('dice.roll', { campaign, dice: '2d10', private: true });
  await A.ok('chat.say', { campaign, text: 'After the dice' });
  await U.ok('campaign.close', { campaign });
  const file = path.join(dir, 'closed.json');
  const ex = muster('export', ...server.storeArgs, '--campaign', String(campaign), '--to', file);
  assert.equal(ex.status, 0, ex.stderr);
  archive = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(typeof archive.campaign.seed, 'string', 'closed: the seed is in it');
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Each tampered archive: refused by `muster import` with its reason, and by the running server's upload.
test('a damaged log is refused, naming the event and what is wrong; nothing is written; the archive as exported imports', async () => {
  const chatIndex = archive.events.findIndex((e) => e.type === 'chat.said');
  const rollIndex = archive.events.findIndex((e) => e.type === 'dice.rolled' && !e.body.private);
  assert.ok(chatIndex > 0 && rollIndex > 0);
  const chat = archive.events[chatIndex];
  const roll = archive.events[rollIndex];
  assert.ok(archive.members.every((m) => m.user !== outsider.user), 'the outsider is no member');

  const cases = [];
  {
    const t = structuredClone(archive);
    t.events[chatIndex].type = 'chat.whispered';
    cases.push(['a chat event renamed to a type that does not exist', t,
      new RegExp(`its log is damaged: event ${chat.seq} \\(chat\\.whispered\\): no version of Muster writes an event of this type; nothing was written`)]);
  }
  {
    const t = structuredClone(archive);
    t.events[chatIndex].actor = outsider.user;
    cases.push(['a chat line by a user who is not a member', t,
      new RegExp(`its log is damaged: event ${chat.seq} \\(chat\\.said\\): the rules refuse it to its author, user ${outsider.user} \\(not a member of the campaign then\\): You are not a member of this campaign\\.; nothing was written`)]);
  }
  {
    // A careful forger: the die, its face and the total changed together; the seed gives another face.
    const t = structuredClone(archive);
    const e = t.events[rollIndex];
    const was = e.dice[0].value;
    const forged = was % 6 + 1;
    e.dice[0].value = forged;
    e.body.faces[0] = forged;
    e.body.total += forged - was;
    cases.push(['a die that the revealed seed does not give', t,
      new RegExp(`its log is damaged: event ${roll.seq} \\(dice\\.rolled\\): roll ${e.dice[0].counter} of "${esc(e.dice[0].stream)}" is logged as ${forged} on a d6; the seed gives ${was}; nothing was written`)]);
  }
  {
    // Only the faces every member reads changed, the dice left as rolled.
    const t = structuredClone(archive);
    const e = t.events[rollIndex];
    e.body.faces[0] = e.body.faces[0] % 6 + 1;
    cases.push(['faces that are not those of its dice', t,
      new RegExp(`its log is damaged: event ${roll.seq} \\(dice\\.rolled\\): its faces or total are not those of its dice; nothing was written`)]);
  }

  const targetDir = path.join(dir, 'target');
  mkdirSync(targetDir);
  const target = await startServer({ dir: targetDir });
  try {
    // The same people registered first, in the same order (their accounts keep their ids); the umpire administers.
    for (const name of ['dm_umpire', 'dm_anne', 'dm_outsider']) await newUser(target, name);
    assert.equal(muster('admin', ...target.storeArgs, '--grant', 'dm_umpire').status, 0);
    const cookie = await login(target, 'dm_umpire');
    for (const [name, t, reason] of cases) {
      const up = await httpRequest(target, 'POST', '/api/admin/import', { body: t, cookie });
      assert.equal(up.status, 400, `${name}: the upload is refused`);
      assert.match(up.json.error.message, reason, name);
    }
    await target.stop();

    for (const [name, t, reason] of cases) {
      const file = path.join(dir, 'tampered.json');
      writeFileSync(file, JSON.stringify(t));
      const im = muster('import', ...target.storeArgs, file);
      assert.equal(im.status, 1, `${name}: refused (${im.stdout}${im.stderr})`);
      assert.match(im.stderr, reason, name);
    }
    // Nothing was written by any refusal, uploaded or imported: the archive as exported still imports under its
    // own id (a campaign left behind would make it "already exists").
    const file = path.join(dir, 'as-exported.json');
    writeFileSync(file, JSON.stringify(archive));
    const im = muster('import', ...target.storeArgs, file);
    assert.equal(im.status, 0, im.stderr);
    assert.match(im.stdout, new RegExp(`imported campaign ${campaign}`));
  } finally {
    await target.cleanup();
  }
});
