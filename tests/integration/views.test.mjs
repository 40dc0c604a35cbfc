// How views are pushed (docs/protocol.md, "campaign.subscribe", "campaign.unsubscribe", "The campaign
// view"): pushes stop after unsubscribe, campaigns on one socket stay apart, concurrent commands get
// distinct consecutive chat ids and every subscriber converges on the same view, chat keeps the latest 200 and
// rolls the latest 100, and an umpire invited by code sees what umpires see. The server runs with a high
// frame rate here so that these tests measure views, not the rate limiter (bad_input.test.mjs does that).
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { connect, newUser, sleep } from './lib/client.mjs';

const SEC = 1000;
let server;
let ump, pla, obs;
let U, P, O;
let A, B; // two campaigns with the same three members
const sockets = [];
function track(c) { sockets.push(c); return c; }

before(async () => {
  server = await startServer({ args: ['--ws-rate', '2000', '--ws-burst', '2000'] });
  ump = await newUser(server, 'view_umpire');
  pla = await newUser(server, 'view_player');
  obs = await newUser(server, 'view_observer');
  U = track(await connect(server, ump.cookie));
  P = track(await connect(server, pla.cookie));
  O = track(await connect(server, obs.cookie));
  A = (await U.ok('campaign.create', { name: 'Campaign A' })).campaign;
  B = (await U.ok('campaign.create', { name: 'Campaign B' })).campaign;
  for (const c of [A, B]) {
    await P.ok('campaign.join', { code: (await U.ok('campaign.invite', { campaign: c, role: 'player' })).code });
    await O.ok('campaign.join', { code: (await U.ok('campaign.invite', { campaign: c, role: 'observer' })).code });
  }
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

test('campaigns on one socket stay apart; no pushes for a campaign not subscribed', async () => {
  for (const c of [U, P]) {
    assert.equal((await c.subscribe(A)).reply.ok, true);
    assert.equal((await c.subscribe(B)).reply.ok, true);
  }
  assert.equal((await O.subscribe(A)).reply.ok, true); // the observer watches A only
  const bBefore = structuredClone(P.view(B));
  const said = await P.ok('chat.say', { campaign: A, text: 'only in A' });
  await U.waitForView(A, (v) => v.chat[String(said.id)], 2 * SEC);
  await P.waitForView(A, (v) => v.chat[String(said.id)], 2 * SEC);
  await O.waitForView(A, (v) => v.chat[String(said.id)], 2 * SEC);
  const inB = await U.ok('chat.say', { campaign: B, text: 'only in B' });
  await P.waitForView(B, (v) => v.chat[String(inB.id)], 2 * SEC);
  await sleep(200);
  assert.equal(P.view(B).chat[String(said.id)]?.text === 'only in A', false, 'A\'s chat is not in B');
  assert.equal(P.view(B).campaign.name, 'Campaign B');
  assert.equal(P.view(A).campaign.name, 'Campaign A');
  assert.deepEqual(Object.keys(P.view(B).chat), [String(inB.id)]);
  assert.notDeepEqual(P.view(B), bBefore);
  assert.deepEqual(O.pushes.filter((p) => p.campaign === B), [], 'no push of B to a socket that did not subscribe to it');
  assert.ok(!O.frames.some((f) => f.includes('only in B')));
  assert.deepEqual([U, P, O].flatMap((c) => c.problems), []);
});

test('unsubscribe stops the pushes; subscribing again brings the view up to date', async () => {
  assert.deepEqual(await O.ok('campaign.unsubscribe', { campaign: A }), {});
  const mark = O.pushes.length;
  const said = await U.ok('chat.say', { campaign: A, text: 'after the observer left' });
  await P.waitForView(A, (v) => v.chat[String(said.id)], 2 * SEC);
  await sleep(300);
  assert.deepEqual(O.pushes.slice(mark), [], 'no push after unsubscribe');
  const { reply, push, view } = await O.subscribe(A);
  assert.equal(reply.ok, true);
  assert.ok('view' in push, 'a whole view');
  assert.equal(view.chat[String(said.id)].text, 'after the observer left');
  // Besides `me`, only what needs each of them differs (docs/protocol.md, "What needs you"): the player has a
  // colonel to create, the observer nothing.
  const publicOf = (v) => {
    const { me: _m, ...rest } = v;
    const { needs_you: _n, ...year } = rest.year;
    return { ...rest, year };
  };
  assert.deepEqual(publicOf(view), publicOf(P.view(A)), 'the observer and the player see the same public view');
  assert.deepEqual(view.year.needs_you, [], 'nothing needs an observer');
});

test('concurrent commands from three members: distinct consecutive ids, and every view the same', async () => {
  const start = Math.max(0, ...Object.keys(U.view(A).chat).map(Number));
  const versions = [U, P, O].map((c) => c.version(A));
  const N = 30;
  const sent = [];
  for (let i = 0; i < N; i++) {
    sent.push(U.send('chat.say', { campaign: A, text: `u${i}` }));
    sent.push(P.send('chat.say', { campaign: A, text: `p${i}` }));
    sent.push(O.send('chat.say', { campaign: A, text: `o${i}` }));
  }
  const replies = await Promise.all(sent);
  assert.deepEqual(replies.filter((r) => !r.ok), [], 'every chat is accepted');
  const ids = replies.map((r) => r.body.id).sort((a, b) => a - b);
  assert.deepEqual(ids, Array.from({ length: 3 * N }, (_, i) => start + 1 + i), 'the ids are distinct and consecutive');
  for (const c of [U, P, O]) await c.caughtUp(A, 5 * SEC);
  // Pushes of commands committed together come as one patch, so a version moves by at most one a message.
  [U, P, O].forEach((c, i) => assert.ok(c.version(A) > versions[i] && c.version(A) <= versions[i] + 3 * N));
  // Each member's own messages come in the order it sent them.
  const chat = U.view(A).chat;
  for (const who of ['u', 'p', 'o']) {
    const mine = Object.values(chat).filter((m) => m.text.startsWith(who) && /^[upo]\d+$/.test(m.text)).sort((a, b) => a.id - b.id);
    assert.deepEqual(mine.map((m) => m.text), Array.from({ length: N }, (_, i) => `${who}${i}`));
  }
  assert.deepEqual(P.view(A).chat, chat);
  assert.deepEqual(O.view(A).chat, chat);
  assert.deepEqual([U, P, O].flatMap((c) => c.problems), []);
});

test('chat keeps the latest 200 messages and rolls the latest 100, in patches and in full views', async () => {
  const C = (await U.ok('campaign.create', { name: 'Long campaign' })).campaign;
  await P.ok('campaign.join', { code: (await U.ok('campaign.invite', { campaign: C, role: 'player' })).code });
  await U.subscribe(C);
  await P.subscribe(C);
  const chats = await Promise.all(Array.from({ length: 210 }, (_, i) => P.ok('chat.say', { campaign: C, text: `line ${i}` })));
  const rolls = await Promise.all(Array.from({ length: 105 }, (_, i) => U.ok('dice.roll', { campaign: C, dice: 'd6', reason: `r${i}` })));
  for (const c of [U, P]) await c.caughtUp(C, 10 * SEC);
  const keptChat = chats.map((r) => r.id).sort((a, b) => a - b).slice(-200).map(String);
  const keptRolls = rolls.map((r) => r.id).sort((a, b) => a - b).slice(-100).map(String);
  for (const c of [U, P]) {
    const v = c.view(C);
    assert.deepEqual(Object.keys(v.chat).sort((a, b) => a - b), keptChat, 'the latest 200 chat messages');
    assert.deepEqual(Object.keys(v.rolls).sort((a, b) => a - b), keptRolls, 'the latest 100 rolls');
  }
  const fresh = track(await connect(server, pla.cookie));
  const { view } = await fresh.subscribe(C);
  assert.deepEqual(view, P.view(C), 'a full view equals the view built from patches');
  assert.deepEqual([U, P, fresh].flatMap((c) => c.problems), []);
  await fresh.close();
});

test('an umpire invited by code sees the umpire view and may post notes', async () => {
  const second = await newUser(server, 'view_umpire2');
  const S = track(await connect(server, second.cookie));
  const code = (await U.ok('campaign.invite', { campaign: A, role: 'umpire' })).code;
  assert.deepEqual(await S.ok('campaign.join', { code }), { campaign: A, role: 'umpire' });
  const note = await U.ok('notice.post', { campaign: A, text: 'for umpires only', private: true });
  const { view } = await S.subscribe(A);
  assert.equal(view.me.role, 'umpire');
  assert.equal(view.umpire_notes[String(note.id)].text, 'for umpires only');
  assert.ok(view.invites, 'a second umpire sees the invites');
  await P.caughtUp(A);  // the join's push (a new member) has come
  const pushes = P.pushes.length;
  const own = await S.ok('notice.post', { campaign: A, text: 'second umpire note', private: true });
  await U.waitForView(A, (v) => v.umpire_notes[String(own.id)]?.author === second.username, 2 * SEC);
  await P.caughtUp(A, 2 * SEC);
  assert.equal(P.pushes.length, pushes, 'a player gets no push for an umpire note');
  assert.ok(!P.frames.some((f) => f.includes('second umpire note') || f.includes('for umpires only')));
});

test('a client that stops reading is disconnected; the others are served meanwhile', async () => {
  // A campaign with a big view (200 chat lines of 2000 characters, about 400 KB), then a socket that
  // stops reading asks for it 600 times: 1200 frames, 240 MB that the server cannot deliver. (The server
  // bounds its send queue by a number of frames, 512 by default, so fewer frames would not do, however big.)
  const C = (await U.ok('campaign.create', { name: 'Slow reader' })).campaign;
  await P.ok('campaign.join', { code: (await U.ok('campaign.invite', { campaign: C, role: 'player' })).code });
  await Promise.all(Array.from({ length: 200 }, (_, i) => U.ok('chat.say', { campaign: C, text: `${i}`.padEnd(2000, '~') })));
  const W = track(await connect(server, ump.cookie));
  assert.equal((await W.subscribe(A)).reply.ok, true);
  const S = track(await connect(server, pla.cookie));
  const first = await S.subscribe(C);
  assert.equal(first.reply.ok, true);
  assert.ok(JSON.stringify(first.view).length > 400000, 'the view is big');
  const socket = S.ws._socket;
  socket.pause(); // stop reading: the kernel buffers fill, then the server's queue for this socket
  for (let i = 0; i < 600; i++) S.sendRaw(JSON.stringify({ id: `again-${i}`, type: 'campaign.subscribe', body: { campaign: C } }));
  await sleep(1500);
  // Meanwhile the server serves others without delay.
  const t0 = Date.now();
  const said = await P.ok('chat.say', { campaign: A, text: 'still served' });
  await W.waitForView(A, (v) => v.chat[String(said.id)], 2 * SEC);
  assert.ok(Date.now() - t0 < 2000, 'another client is served while one is stuck');
  // Give the server time to notice, then read what it sent: the stream ends in a closed connection.
  await sleep(3000);
  socket.resume();
  const info = await S.waitForClose(20 * SEC);
  assert.ok(info, 'the server disconnected the client that stopped reading');
  const views = S.pushes.filter((p) => p.campaign === C && 'view' in p).length;
  assert.ok(views < 600, `not all 600 full views were delivered (${views})`);
});

test('a sender\'s own push carries his reply, in one frame; his other socket gets the push alone', async () => {
  // docs/protocol.md, "a push with its reply".
  const P2 = track(await connect(server, pla.cookie));
  const Uplain = track(await connect(server, ump.cookie)); // not subscribed
  for (const c of [P, P2]) if (!c.view(A)) assert.equal((await c.subscribe(A)).reply.ok, true);
  const [from, from2, fromU] = [P.frames.length, P2.frames.length, Uplain.frames.length];
  const said = await P.ok('chat.say', { campaign: A, text: 'one frame' });
  await P2.waitForView(A, (v) => v.chat[String(said.id)], 2 * SEC);
  const mine = P.frames.slice(from).map((f) => JSON.parse(f));
  assert.equal(mine.length, 1, `one frame for the sender: ${JSON.stringify(mine).slice(0, 300)}`);
  assert.equal(mine[0].push, 'view');
  assert.equal(mine[0].campaign, A);
  assert.equal(mine[0].ok, true);
  assert.deepEqual(mine[0].body, { id: said.id });
  assert.ok(mine[0].patch.some((op) => op.value?.text === 'one frame'));
  assert.equal(P.view(A).chat[String(said.id)].text, 'one frame', 'the push was applied before the reply resolved');
  const other = P2.frames.slice(from2).map((f) => JSON.parse(f));
  assert.equal(other.length, 1);
  assert.ok(!('reply' in other[0]), 'his other socket gets the push without the reply');
  // A sender with no view of the campaign on this socket, and a refusal: the reply alone.
  const byUmpire = await Uplain.ok('chat.say', { campaign: A, text: 'from a socket that does not watch' });
  const refused = await Uplain.send('chat.say', { campaign: A, text: '' });
  assert.equal(refused.ok, false);
  const plain = Uplain.frames.slice(fromU).map((f) => JSON.parse(f));
  assert.deepEqual(plain.map((m) => Object.keys(m).sort().join(',')), ['body,ok,reply', 'error,ok,reply']);
  assert.deepEqual(plain[0].body, { id: byUmpire.id });
  assert.deepEqual([P, P2, Uplain].flatMap((c) => c.problems), []);
});

test('frames that queue for a socket come as one array, in order, each as it would have come alone', async () => {
  // docs/protocol.md, "Frames". A burst of 300 lines from one socket: the server writes each socket's frames
  // while more are queued behind, so some go together. Whether they do depends on the threads' timing, which
  // at 300 frames in a burst has never failed to happen (85% of writes under the benchmark's load).
  const watcher = track(await connect(server, ump.cookie));
  assert.equal((await watcher.subscribe(A)).reply.ok, true);
  if (!P.view(A)) assert.equal((await P.subscribe(A)).reply.ok, true);
  const [wire0, frames0] = [watcher.wire.length, watcher.frames.length];
  const sent = Array.from({ length: 300 }, (_, i) => P.send('chat.say', { campaign: A, text: `burst ${i}` }));
  const replies = await Promise.all(sent);
  assert.ok(replies.every((r) => r.ok), 'every line accepted');
  const lastId = replies.at(-1).body.id;
  await watcher.waitForView(A, (v) => v.chat[String(lastId)], 5 * SEC);
  const wire = watcher.wire.slice(wire0).map((text) => JSON.parse(text));
  const arrays = wire.filter((m) => Array.isArray(m));
  assert.ok(arrays.length > 0, `some of the ${wire.length} messages were arrays`);
  for (const a of arrays) {
    assert.ok(a.length >= 2 && a.length <= 64, `an array holds 2 to 64 frames (${a.length})`);
    for (const f of a) assert.ok(f && typeof f === 'object' && !Array.isArray(f) && f.push === 'view', 'each an object frame');
  }
  // Read one by one, the frames are the pushes in order: each version one more than the last, every line once.
  const pushes = watcher.frames.slice(frames0).map((f) => JSON.parse(f));
  assert.equal(pushes.length, wire.reduce((n, m) => n + (Array.isArray(m) ? m.length : 1), 0));
  for (let i = 1; i < pushes.length; i++) assert.equal(pushes[i].version, pushes[i - 1].version + 1);
  const lines = pushes.flatMap((p) => p.patch.filter((op) => op.value?.text?.startsWith('burst ')).map((op) => op.value.text));
  assert.deepEqual(lines, replies.map((_, i) => `burst ${i}`));
  // And they build the same view as a fresh subscription's whole one.
  const fresh = track(await connect(server, ump.cookie));
  assert.deepEqual((await fresh.subscribe(A)).view, watcher.view(A));
  assert.deepEqual([P, watcher, fresh].flatMap((c) => c.problems), []);
});
