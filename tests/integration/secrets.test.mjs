// Hidden information (DESIGN.md, "Hidden information"; docs/protocol.md, "The campaign view"): umpire
// notes, blind umpire rolls and invite codes reach umpires only. Every raw frame a player or an observer
// receives is searched for the secret text, whether they subscribed before or after the secret was made,
// and whether they came back with a full view or with a patch from `since`.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/server.mjs';
import { connect, newUser } from './lib/client.mjs';

const SEC = 1000;
const NOTE_MARKER = `SECRET-NOTE-${randomBytes(8).toString('hex')}`;
const ROLL_MARKER = `SECRET-ROLL-${randomBytes(8).toString('hex')}`;
const FORBIDDEN_MARKER = `SECRET-PLAYER-NOTE-${randomBytes(8).toString('hex')}`;

let server;
let ump, pla, obs, late;
const sockets = [];
function track(c) { sockets.push(c); return c; }

before(async () => {
  server = await startServer();
  ump = await newUser(server, 'sec_umpire');
  pla = await newUser(server, 'sec_player');
  obs = await newUser(server, 'sec_observer');
  late = await newUser(server, 'sec_latecomer');
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

test('umpire notes, blind rolls and invite codes never reach players or observers', async () => {
  const U = track(await connect(server, ump.cookie));
  const campaign = (await U.ok('campaign.create', { name: 'Secrets of Flanders' })).campaign;
  const codes = {};
  for (const [name, role] of [['player', 'player'], ['observer', 'observer'], ['late', 'player'], ['pending', 'player'], ['revoked', 'observer']]) {
    codes[name] = (await U.ok('campaign.invite', { campaign, role })).code;
  }
  assert.equal(new Set(Object.values(codes)).size, 5, 'every invite code is distinct');

  // Subscribed before the secrets.
  const P1 = track(await connect(server, pla.cookie));
  const O1 = track(await connect(server, obs.cookie));
  assert.deepEqual(await P1.ok('campaign.join', { code: codes.player }), { campaign, role: 'player' });
  assert.deepEqual(await O1.ok('campaign.join', { code: codes.observer }), { campaign, role: 'observer' });
  for (const c of [U, P1, O1]) assert.equal((await c.subscribe(campaign)).reply.ok, true);
  await P1.ok('chat.say', { campaign, text: 'Ready for orders.' });
  const early = await U.ok('notice.post', { campaign, text: 'Public: the campaign opens.' });
  await P1.waitForSeq(campaign, early.seq, 2 * SEC);
  const earlySeq = P1.seq(campaign);
  const earlyViews = new Map(P1.views);

  // The secrets.
  const note = await U.ok('notice.post', { campaign, text: `Umpire note: ${NOTE_MARKER} the bridge at Menin is mined.`, private: true });
  const blind = await U.ok('dice.roll', { campaign, dice: '2d6', reason: `blind: ${ROLL_MARKER} does the mine go off`, private: true });
  assert.ok(Array.isArray(blind.faces) && blind.faces.length === 2);
  assert.deepEqual(await U.ok('campaign.revoke_invite', { campaign, code: codes.revoked }), {});
  // Public events after the secrets, so that later patches to everyone are in the record too.
  const pub = await U.ok('notice.post', { campaign, text: 'Public: the army crosses the Lys.' });
  const open = await P1.ok('dice.roll', { campaign, dice: 'd6', reason: 'forage' });
  const chat = await O1.ok('chat.say', { campaign, text: 'The observer watches.' });

  // Subscribed after the secrets: new sockets of the same users, a latecomer who joins now, and a player
  // coming back with `since` from before the secrets.
  const P2 = track(await connect(server, pla.cookie));
  const O2 = track(await connect(server, obs.cookie));
  const L = track(await connect(server, late.cookie));
  assert.deepEqual(await L.ok('campaign.join', { code: codes.late }), { campaign, role: 'player' });
  const P3 = track(await connect(server, pla.cookie, { seedViews: earlyViews }));
  const subSeqs = [];
  for (const c of [P2, O2, L]) {
    const { reply } = await c.subscribe(campaign);
    assert.equal(reply.ok, true);
    subSeqs.push(reply.body.seq);
  }
  const back = await P3.subscribe(campaign, { since: earlySeq });
  assert.equal(back.reply.ok, true);
  subSeqs.push(back.reply.body.seq);
  await P1.ok('campaign.list', {});
  await L.ok('campaign.list', {});

  // The latecomer's join is the last event; every subscribe above came after it.
  const finalSeq = Math.max(chat.seq, ...subSeqs);
  assert.ok(subSeqs.every((s) => s === finalSeq), `every subscriber after the join sees the same seq: ${subSeqs}`);
  const others = { P1, O1, P2, O2, L, P3 };
  for (const [name, c] of Object.entries(others)) {
    const v = await c.waitForSeq(campaign, finalSeq, 3 * SEC);
    assert.deepEqual(c.problems, [], `${name}: pushes applied cleanly`);
    assert.ok(v.notices[String(pub.seq)], `${name} has the public notice after the secrets`);
    assert.ok(v.rolls[String(open.seq)], `${name} has the open roll`);
    assert.ok(!('umpire_notes' in v), `${name}: no umpire_notes in the view`);
    assert.ok(!('invites' in v), `${name}: no invites in the view`);
    assert.ok(!(String(blind.seq) in (v.rolls ?? {})), `${name}: the blind roll is not in the view`);
    assert.ok(!(String(note.seq) in (v.notices ?? {})), `${name}: the note is not among the notices`);
    assert.ok(c.frames.length > 0);
    for (const marker of [NOTE_MARKER, ROLL_MARKER]) {
      assert.deepEqual(c.framesContaining(marker), [], `${name} received a frame containing ${marker}`);
    }
    for (const [codeName, code] of Object.entries(codes)) {
      assert.deepEqual(c.framesContaining(code), [], `${name} received a frame containing the ${codeName} invite code`);
    }
  }
  assert.deepEqual(P3.view(campaign), P1.view(campaign), 'coming back with since gives the same view as staying');

  // The umpire sees all of it.
  const uv = await U.waitForSeq(campaign, finalSeq, 2 * SEC);
  assert.ok(uv.umpire_notes[String(note.seq)].text.includes(NOTE_MARKER));
  assert.equal(uv.umpire_notes[String(note.seq)].author, ump.username);
  const br = uv.rolls[String(blind.seq)];
  assert.equal(br.private, true);
  assert.ok(br.reason.includes(ROLL_MARKER));
  assert.deepEqual(br.faces, blind.faces);
  assert.equal(br.total, blind.total);
  assert.equal(uv.rolls[String(open.seq)].private, false);
  assert.ok(uv.invites[codes.pending], 'the pending code is in the umpire view');
  assert.ok(!uv.invites[codes.revoked], 'the revoked code left the umpire view');
  assert.equal(U.framesContaining(NOTE_MARKER).length >= 1, true);
  assert.equal(U.framesContaining(ROLL_MARKER).length >= 1, true);
  assert.deepEqual(U.problems, []);

  // A player may not write umpire notes, and nothing of the attempt reaches anyone.
  const refused = await P1.send('notice.post', { campaign, text: `${FORBIDDEN_MARKER}`, private: true });
  assert.equal(refused.ok, false);
  assert.equal(refused.error.code, 'forbidden');
  const probe = await U.ok('chat.say', { campaign, text: 'probe' });
  assert.equal(probe.seq, finalSeq + 1, 'the refused note made no event');
  for (const [name, c] of Object.entries({ U, ...others })) {
    await c.waitForSeq(campaign, probe.seq, 2 * SEC);
    const frames = c === P1 ? c.frames.filter((f) => !f.includes('"reply"')) : c.frames;
    assert.deepEqual(frames.filter((f) => f.includes(FORBIDDEN_MARKER)), [], `${name}: the refused note's text went nowhere`);
  }
});
