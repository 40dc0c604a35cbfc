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
  await P1.caughtUp(campaign, 2 * SEC);
  const earlyVersion = P1.version(campaign);
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
  for (const c of [P2, O2, L]) {
    const { reply } = await c.subscribe(campaign);
    assert.equal(reply.ok, true);
  }
  const back = await P3.subscribe(campaign, { since: earlyVersion });
  assert.equal(back.reply.ok, true);
  // The player's view changed four times since: the public notice, the open roll, the chat and the
  // latecomer joining; the note, the blind roll and the revoked code are not his business.
  assert.equal(back.reply.body.version, earlyVersion + 4, 'the player\'s version moved only for what he sees');
  const others = { P1, O1, P2, O2, L, P3 };
  for (const [name, c] of Object.entries(others)) {
    const v = await c.caughtUp(campaign, 3 * SEC);
    assert.deepEqual(c.problems, [], `${name}: pushes applied cleanly`);
    assert.ok(v.notices[String(pub.id)], `${name} has the public notice after the secrets`);
    assert.ok(v.rolls[String(open.id)], `${name} has the open roll`);
    assert.equal(open.id, 1, 'the open roll is the first open roll: the blind one is not counted with them');
    assert.ok(!('umpire_notes' in v), `${name}: no umpire_notes in the view`);
    assert.ok(!('invites' in v), `${name}: no invites in the view`);
    assert.ok(!('blind_rolls' in v), `${name}: no blind rolls in the view`);
    assert.ok(!Object.values(v.notices).some((n) => n.text.includes(NOTE_MARKER)), `${name}: the note is not among the notices`);
    assert.ok(c.frames.length > 0);
    for (const marker of [NOTE_MARKER, ROLL_MARKER]) {
      assert.deepEqual(c.framesContaining(marker), [], `${name} received a frame containing ${marker}`);
    }
    for (const [codeName, code] of Object.entries(codes)) {
      assert.deepEqual(c.framesContaining(code), [], `${name} received a frame containing the ${codeName} invite code`);
    }
  }
  assert.deepEqual(P3.view(campaign), P1.view(campaign), 'coming back with since gives the same view as staying');
  assert.equal(P3.version(campaign), P1.version(campaign), 'and the same version');

  // The umpire sees all of it.
  const uv = await U.caughtUp(campaign, 2 * SEC);
  assert.ok(uv.umpire_notes[String(note.id)].text.includes(NOTE_MARKER));
  assert.equal(uv.umpire_notes[String(note.id)].author, ump.username);
  const br = uv.blind_rolls[String(blind.id)];
  assert.equal(br.private, true);
  assert.ok(br.reason.includes(ROLL_MARKER));
  assert.deepEqual(br.faces, blind.faces);
  assert.equal(br.total, blind.total);
  assert.equal(uv.rolls[String(open.id)].private, false);
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
  assert.equal(probe.id, chat.id + 1, 'the refused note made no chat');
  for (const [name, c] of Object.entries({ U, ...others })) {
    await c.caughtUp(campaign, 2 * SEC);
    const frames = c === P1 ? c.frames.filter((f) => !f.includes('"reply"')) : c.frames;
    assert.deepEqual(frames.filter((f) => f.includes(FORBIDDEN_MARKER)), [], `${name}: the refused note's text went nowhere`);
  }
});
