// The WebSocket main flow (docs/protocol.md, "WebSocket /ws" and "Commands"): create, invite, join,
// subscribe, chat and notices pushed to every member; a reconnect with `since`; a server restart on the
// same database. The tests in this file build on each other and run in order.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { connect, newUser, login, httpRequest, sleep } from './lib/client.mjs';
import { verifyRolls, sha256Hex } from './lib/dice.mjs';

const SEC = 1000;
let server;
let ump, pla, obs, out; // users: {username, user, cookie}
let U, P, O; // the three members' sockets
let campaign;
let codes = {};
const sockets = [];

function track(c) { sockets.push(c); return c; }

before(async () => {
  server = await startServer();
  ump = await newUser(server, 'ws_umpire');
  pla = await newUser(server, 'ws_player');
  obs = await newUser(server, 'ws_observer');
  out = await newUser(server, 'ws_outsider');
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

function assertClean(...clients) {
  for (const c of clients) assert.deepEqual(c.problems, [], 'every push applied cleanly, with a version and no seq');
}

test('main flow: create, invite, join, subscribe, chat, notices, revoke', async () => {
  U = track(await connect(server, ump.cookie));
  const created = await U.ok('campaign.create', { name: 'Flanders 1744' });
  assert.ok(Number.isInteger(created.campaign), `campaign id: ${JSON.stringify(created)}`);
  campaign = created.campaign;

  const list = await U.ok('campaign.list', {});
  assert.deepEqual(list.campaigns, [{ id: campaign, name: 'Flanders 1744', role: 'umpire', closed: false, needs_you: 0, due: null }]);

  const pinv = await U.ok('campaign.invite', { campaign, role: 'player' });
  const oinv = await U.ok('campaign.invite', { campaign, role: 'observer' });
  assert.equal(typeof pinv.code, 'string');
  assert.ok(pinv.code.length >= 6, `an invite code is not trivially short: ${pinv.code}`);
  assert.notEqual(pinv.code, oinv.code);
  codes = { player: pinv.code, observer: oinv.code };

  P = track(await connect(server, pla.cookie));
  O = track(await connect(server, obs.cookie));
  assert.deepEqual(await P.ok('campaign.join', { code: pinv.code }), { campaign, role: 'player' });
  assert.deepEqual(await O.ok('campaign.join', { code: oinv.code }), { campaign, role: 'observer' });
  assert.deepEqual((await P.ok('campaign.list', {})).campaigns, [{ id: campaign, name: 'Flanders 1744', role: 'player', closed: false, needs_you: 1, due: null }]);
  assert.deepEqual((await O.ok('campaign.list', {})).campaigns, [{ id: campaign, name: 'Flanders 1744', role: 'observer', closed: false, needs_you: 0, due: null }]);

  const again = await P.send('campaign.join', { code: pinv.code });
  assert.equal(again.ok, false);
  assert.equal(again.error.code, 'conflict', 'joining twice is a conflict (already a member)');

  const expect = [[U, ump, 'umpire'], [P, pla, 'player'], [O, obs, 'observer']];
  let sha;
  for (const [client, user, role] of expect) {
    const { reply, push, view } = await client.subscribe(campaign);
    assert.equal(reply.ok, true, JSON.stringify(reply));
    assert.ok(Number.isInteger(reply.body.version), `subscribe reply version: ${JSON.stringify(reply.body)}`);
    assert.ok('view' in push, `the first push after subscribing is a full view: ${JSON.stringify(push).slice(0, 300)}`);
    assert.equal(push.version, reply.body.version);
    assert.ok(!('seq' in view) && !('seq' in push) && !('seq' in reply.body), 'no event seq in the view, the push or the reply');
    assert.equal(view.campaign.id, campaign);
    assert.equal(view.campaign.name, 'Flanders 1744');
    assert.equal(view.campaign.closed, false);
    assert.equal(typeof view.campaign.created, 'number');
    assert.match(view.campaign.seed_sha256, /^[0-9a-f]{64}$/);
    assert.ok(!('seed' in view.campaign), 'no seed before the campaign is closed');
    sha ??= view.campaign.seed_sha256;
    assert.equal(view.campaign.seed_sha256, sha, 'every member sees the same seed hash');
    assert.deepEqual(view.me, { user: user.user, name: user.username, role });
    assert.deepEqual(Object.keys(view.members).sort(), [ump.user, pla.user, obs.user].map(String).sort());
    for (const [, u, r] of expect) {
      const m = view.members[String(u.user)];
      assert.equal(m.user, u.user);
      assert.equal(m.name, u.username);
      assert.equal(m.role, r);
      assert.equal(typeof m.joined, 'number');
    }
    if (role === 'umpire') {
      assert.equal(view.invites[pinv.code]?.role, 'player');
      assert.equal(view.invites[oinv.code]?.role, 'observer');
      assert.equal(view.invites[pinv.code]?.by, ump.username);
      assert.ok('umpire_notes' in view, 'an umpire\'s view has umpire_notes');
    } else {
      assert.ok(!('invites' in view), `a ${role}'s view has no invites`);
      assert.ok(!('umpire_notes' in view), `a ${role}'s view has no umpire_notes`);
    }
  }

  // chat.say by the player: a patch to all three within 2 s.
  const versionBeforeChat = U.version(campaign);
  const said = await P.ok('chat.say', { campaign, text: 'Huzzah! The regiment is raised.' });
  assert.deepEqual(said, { id: 1 }, 'the first chat message is number 1 of the chat');
  for (const c of [U, P, O]) {
    const v = await c.waitForView(campaign, (view) => view.chat?.[String(said.id)], 2 * SEC, `chat ${said.id}`);
    const entry = v.chat[String(said.id)];
    assert.equal(entry.id, said.id);
    assert.equal(entry.author, pla.username);
    assert.equal(entry.text, 'Huzzah! The regiment is raised.');
    assert.equal(typeof entry.at, 'number');
    const push = c.pushes.find((p) => p.campaign === campaign && p.patch?.some((op) => op.path === `/chat/${said.id}`));
    assert.ok(push, 'the chat came as a patch');
  }
  assert.equal(U.version(campaign), versionBeforeChat + 1, 'the chat moved the umpire\'s version by one');

  // notice.post by the umpire: at all three.
  const posted = await U.ok('notice.post', { campaign, text: 'The army marches at dawn.' });
  assert.deepEqual(posted, { id: 1 });
  for (const c of [U, P, O]) {
    const v = await c.waitForView(campaign, (view) => view.notices?.[String(posted.id)], 2 * SEC, `notice ${posted.id}`);
    const n = v.notices[String(posted.id)];
    assert.equal(n.id, posted.id);
    assert.equal(n.author, ump.username);
    assert.equal(n.text, 'The army marches at dawn.');
    assert.equal(typeof n.at, 'number');
  }

  // A revoked code no longer lets anyone in.
  const extra = await U.ok('campaign.invite', { campaign, role: 'player' });
  await U.waitForView(campaign, (v) => v.invites?.[extra.code], 2 * SEC, 'the new invite in the umpire view');
  assert.deepEqual(await U.ok('campaign.revoke_invite', { campaign, code: extra.code }), {});
  await U.waitForView(campaign, (v) => !(extra.code in v.invites), 2 * SEC, 'the revoked invite gone from the umpire view');
  const X = track(await connect(server, out.cookie));
  const refused = await X.send('campaign.join', { code: extra.code });
  assert.equal(refused.ok, false);
  assert.equal(refused.error.code, 'not_found');
  const twice = await U.send('campaign.revoke_invite', { campaign, code: extra.code });
  assert.equal(twice.ok, false);
  assert.equal(twice.error.code, 'not_found', 'revoking a revoked code: not_found');
  assert.deepEqual((await X.ok('campaign.list', {})).campaigns, [], 'the outsider is in no campaign');
  await X.close();
  assert.equal(Object.keys(U.view(campaign).members).length, 3);
  assertClean(U, P, O);
});

test('reconnect: subscribe with since and end with the same view as a client that stayed', async () => {
  const P2 = track(await connect(server, pla.cookie));
  const sub = await P2.subscribe(campaign);
  assert.equal(sub.reply.ok, true);
  const lastVersion = P2.version(campaign);
  await P.caughtUp(campaign, 2 * SEC);
  assert.equal(P.version(campaign), lastVersion, 'two sockets of one user share his version');
  assert.deepEqual(P2.view(campaign), P.view(campaign), 'two sockets of one user see the same view');
  const savedViews = new Map(P2.views);
  await P2.close();

  // While it is away: chat from the umpire and the observer, a notice, an umpire note, a roll.
  const a = await U.ok('chat.say', { campaign, text: 'Where has the player gone?' });
  const b = await O.ok('chat.say', { campaign, text: 'Watching from the hill.' });
  const c = await U.ok('notice.post', { campaign, text: 'Winter quarters in Ghent.' });
  const d = await U.ok('notice.post', { campaign, text: 'Umpire note: the French are short of bread.', private: true });
  const e = await U.ok('dice.roll', { campaign, dice: '2d6', reason: 'weather' });
  assert.deepEqual([a.id, b.id, c.id, d.id, e.id], [2, 3, 2, 1, 1], 'each list numbers its own items');
  await P.waitForView(campaign, (v) => v.rolls?.[String(e.id)], 2 * SEC, 'the roll at the player who stayed');
  await P.caughtUp(campaign);
  assert.equal(P.version(campaign), lastVersion + 4, 'four changes the player may see: the note is not one');

  const P3 = track(await connect(server, pla.cookie, { seedViews: savedViews }));
  const resub = await P3.subscribe(campaign, { since: lastVersion });
  assert.equal(resub.reply.ok, true, JSON.stringify(resub.reply));
  assert.equal(resub.reply.body.version, lastVersion + 4);
  assert.ok('patch' in resub.push, 'caught up with a patch');
  await P3.waitForView(campaign, (v) => v.rolls?.[String(e.id)], 2 * SEC, 'the roll after reconnecting');
  assert.equal(P3.version(campaign), P.version(campaign));
  assert.deepEqual(P3.view(campaign), P.view(campaign), 'the reconnected view equals the view of the client that stayed');
  const v = P3.view(campaign);
  assert.equal(v.chat[String(a.id)].text, 'Where has the player gone?');
  assert.equal(v.chat[String(b.id)].author, obs.username);
  assert.equal(v.notices[String(c.id)].text, 'Winter quarters in Ghent.');
  assert.ok(!('umpire_notes' in v));
  await P3.close();
  assertClean(P2, P3, P, U, O);
});

test('restart: SIGTERM, start on the same db, everything is still there and the lists go on', async () => {
  const roll = await U.ok('dice.roll', { campaign, dice: '3d6', reason: 'before the restart' });
  for (const c of [U, P, O]) await c.caughtUp(campaign, 2 * SEC);
  const before = { U: U.view(campaign), P: P.view(campaign), O: O.view(campaign) };
  const versions = { U: U.version(campaign), P: P.version(campaign), O: O.version(campaign) };
  const chatBefore = Object.keys(before.U.chat).length;
  assert.ok(Object.keys(before.U.umpire_notes).length >= 1, 'there is an umpire note to keep');
  assert.ok(Object.keys(before.U.notices).length >= 2);
  assert.ok(Object.keys(before.U.chat).length >= 3);

  await P.close();
  await O.close();
  const exit = await server.stop();
  assert.deepEqual(exit, { code: 0, signal: null }, `SIGTERM is a clean exit\nstderr: ${server.stderr}`);
  const closed = await U.waitForClose(5 * SEC);
  assert.ok(closed, 'the open socket was closed by the shutdown');

  await server.start();
  const cookies = { U: await login(server, ump.username), P: await login(server, pla.username), O: await login(server, obs.username) };
  U = track(await connect(server, cookies.U));
  P = track(await connect(server, cookies.P));
  O = track(await connect(server, cookies.O));
  for (const [name, c] of [['U', U], ['P', P], ['O', O]]) {
    // An old version means nothing to the new run: a whole view, at a version above any of the old run.
    const { reply, push, view } = await c.subscribe(campaign, { since: versions[name] });
    assert.equal(reply.ok, true, JSON.stringify(reply));
    assert.ok('view' in push, `${name}: a whole view after the restart`);
    assert.ok(reply.body.version > versions[name], `${name}: the new run's versions are above the old run's`);
    assert.deepEqual(view, before[name], `${name}: the whole view is as it was before the restart`);
  }
  assert.deepEqual((await P.ok('campaign.list', {})).campaigns, [{ id: campaign, name: 'Flanders 1744', role: 'player', closed: false, needs_you: 1, due: null }]);

  const said = await P.ok('chat.say', { campaign, text: 'Back after the restart.' });
  assert.equal(said.id, chatBefore + 1, 'the chat numbers go on after the restart');
  const after1 = await U.ok('dice.roll', { campaign, dice: '3d6', reason: 'after the restart' });
  assert.equal(after1.id, roll.id + 1);
  for (const c of [U, P, O]) await c.caughtUp(campaign, 2 * SEC);

  // The dice go on from where they were: every roll, before and after the restart, recomputes from the
  // revealed seed with the table's counters 0, 1, 2, ... (a restart that reset the counter would reuse rolls).
  const sha = U.view(campaign).campaign.seed_sha256;
  const closedReply = await U.ok('campaign.close', { campaign });
  assert.match(closedReply.seed, /^([0-9a-f]{2})+$/);
  assert.equal(sha256Hex(Buffer.from(closedReply.seed, 'hex')), sha);
  const rolls = Object.values(U.view(campaign).rolls);
  assert.equal(rolls.length, 3);
  assert.deepEqual(verifyRolls(closedReply.seed, rolls), []);
  assertClean(U, P, O);
});

test('sessions survive a restart (a session ends only after its idle or absolute time)', async () => {
  await server.restart();
  const me = await httpRequest(server, 'GET', '/api/me', { cookie: ump.cookie });
  assert.equal(me.status, 200, `the session made before two restarts still holds: ${me.status} ${me.text}`);
  assert.equal(me.json.username, ump.username);
  // And the closed campaign stays closed, its seed revealed, its rolls kept.
  const c = track(await connect(server, ump.cookie));
  const { reply, view } = await c.subscribe(campaign);
  assert.equal(reply.ok, true);
  assert.equal(view.campaign.closed, true);
  assert.match(view.campaign.seed, /^[0-9a-f]+$/);
  assert.equal(sha256Hex(Buffer.from(view.campaign.seed, 'hex')), view.campaign.seed_sha256);
  assert.equal(Object.keys(view.rolls).length, 3);
  assert.deepEqual(verifyRolls(view.campaign.seed, Object.values(view.rolls)), []);
  const refused = await c.send('chat.say', { campaign, text: 'still closed?' });
  assert.equal(refused.ok, false);
  assert.equal(refused.error.code, 'conflict');
  await c.close();
});
