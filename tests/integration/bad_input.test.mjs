// Refused input (docs/protocol.md, "Error codes", "Limits", and the /ws upgrade rules): each refusal gets
// its documented error and changes nothing. "Nothing changed" is checked by the umpire's view version:
// after the refused frames the umpire posts a probe chat, and his version (which moves with every change
// of his view, and an umpire sees every change) must be exactly one more than before, and his whole view
// must be the one before plus that chat.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { connect, tryConnect, newUser, login, httpRequest, sleep } from './lib/client.mjs';

const SEC = 1000;
const MAX_CONN = 4;
let server;
let ump, pla, obs, outsider;
let U, P; // the umpire and the player, both subscribed to C
let C, C2;
let playerCode;
const sockets = [];
function track(c) { sockets.push(c); return c; }

before(async () => {
  server = await startServer({ args: ['--ws-rate', '20', '--ws-burst', '40', '--max-connections-per-user', String(MAX_CONN)] });
  ump = await newUser(server, 'bi_umpire');
  pla = await newUser(server, 'bi_player');
  obs = await newUser(server, 'bi_observer');
  outsider = await newUser(server, 'bi_outsider');
  U = track(await connect(server, ump.cookie));
  C = (await U.ok('campaign.create', { name: 'Bad input' })).campaign;
  C2 = (await U.ok('campaign.create', { name: 'Another' })).campaign;
  playerCode = (await U.ok('campaign.invite', { campaign: C, role: 'player' })).code;
  const obsCode = (await U.ok('campaign.invite', { campaign: C, role: 'observer' })).code;
  P = track(await connect(server, pla.cookie));
  await P.ok('campaign.join', { code: playerCode });
  const O = track(await connect(server, obs.cookie));
  await O.ok('campaign.join', { code: obsCode });
  await O.close();
  assert.equal((await U.subscribe(C)).reply.ok, true);
  assert.equal((await P.subscribe(C)).reply.ok, true);
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

let probes = 0;
/** Runs fn (which sends refused frames), then proves that no event was committed and the view is as before. */
async function assertNothingChanged(fn) {
  const v0 = U.version(C);
  const before = structuredClone(U.view(C));
  const listBefore = await U.ok('campaign.list', {});
  await fn();
  probes += 1;
  const probe = await U.ok('chat.say', { campaign: C, text: `probe ${probes}` });
  const now = await U.caughtUp(C, 2 * SEC);
  // The umpire's view shows every change, so one more version means the probe was the only one.
  assert.equal(U.version(C), v0 + 1, 'no event was committed by the refused frames');
  const expected = structuredClone(before);
  expected.chat[String(probe.id)] = now.chat[String(probe.id)];
  assert.deepEqual(now, expected, 'the view is as before, plus the probe');
  assert.deepEqual(await U.ok('campaign.list', {}), listBefore, 'no campaign was created or changed');
  await P.caughtUp(C, 2 * SEC);
  assert.deepEqual(U.problems, []);
  assert.deepEqual(P.problems, []);
}

function assertError(reply, code, what) {
  assert.equal(reply.ok, false, `${what}: refused (${JSON.stringify(reply).slice(0, 300)})`);
  assert.equal(reply.error?.code, code, `${what}: ${JSON.stringify(reply).slice(0, 300)}`);
  assert.equal(typeof reply.error.message, 'string', `${what}: error.message`);
}

test('frames that cannot be read get "reply": null and bad_request', async () => {
  const S = track(await connect(server, pla.cookie));
  await assertNothingChanged(async () => {
    // The last: valid JSON, a NUL byte, then garbage; JSON text holds no NUL, and it was taken as the JSON before it.
    const withNul = `${JSON.stringify({ id: 'nul', type: 'campaign.list', body: {} })}\u0000garbage`;
    for (const text of ['{nope', '[1,2]', '42', '"x"', 'null', 'true', '', withNul]) {
      const r = await S.sendRawExpectNullReply(text);
      assert.equal(r.reply, null);
      assertError(r, 'bad_request', `frame ${JSON.stringify(text)}`);
    }
  });
  assert.ok(S.isOpen, 'the socket stays open after frames it cannot read');
  await S.ok('campaign.list', {});
  await S.close();
});

test('unknown command type -> unknown_command', async () => {
  const S = track(await connect(server, pla.cookie));
  await assertNothingChanged(async () => {
    for (const type of ['chat.shout', 'campaign.destroy', 'constructor', '__proto__']) {
      const r = await S.send(type, { campaign: C, text: 'x' });
      assertError(r, 'unknown_command', `type ${type}`);
    }
  });
  await S.close();
});

test('missing or wrong-typed fields -> bad_request; the id is echoed as given', async () => {
  const S = track(await connect(server, pla.cookie));
  const V = track(await connect(server, ump.cookie));
  await assertNothingChanged(async () => {
    const cases = [
      [S, 'chat.say', { campaign: C }, 'chat.say without text'],
      [S, 'chat.say', { campaign: C, text: 42 }, 'text a number'],
      [S, 'chat.say', { campaign: C, text: null }, 'text null'],
      [S, 'chat.say', { campaign: C, text: ['a'] }, 'text an array'],
      [S, 'chat.say', { campaign: C, text: '' }, 'empty text'],
      [S, 'chat.say', { campaign: String(C), text: 'hi' }, 'campaign a string'],
      [S, 'chat.say', { campaign: C + 0.5, text: 'hi' }, 'campaign not an integer'],
      [S, 'chat.say', { text: 'hi' }, 'no campaign'],
      [S, 'chat.say', 'hi', 'body a string'],
      [S, 'campaign.subscribe', { campaign: C, since: 'yesterday' }, 'since a string'],
      [S, 'campaign.join', {}, 'join without code'],
      [S, 'campaign.join', { code: 12345 }, 'code a number'],
      [V, 'campaign.create', {}, 'create without name'],
      [V, 'campaign.create', { name: '' }, 'empty name'],
      [V, 'campaign.create', { name: 7 }, 'name a number'],
      [V, 'campaign.invite', { campaign: C, role: 'general' }, 'invite with an unknown role'],
      [V, 'campaign.invite', { campaign: C }, 'invite without role'],
      [V, 'notice.post', { campaign: C, text: 'x', private: 'yes' }, 'private a string'],
      [V, 'dice.roll', { campaign: C, dice: '2d' }, 'dice 2d'],
      [V, 'dice.roll', { campaign: C, dice: '0d6' }, 'dice 0d6'],
      [V, 'dice.roll', { campaign: C, dice: '101d6' }, 'dice 101d6'],
      [V, 'dice.roll', { campaign: C, dice: 'd1' }, 'dice d1'],
      [V, 'dice.roll', { campaign: C, dice: 'd6+1' }, 'dice d6+1'],
      [V, 'dice.roll', { campaign: C }, 'dice.roll without dice'],
      [V, 'dice.roll', { campaign: C, dice: 6 }, 'dice a number'],
    ];
    for (const [client, type, body, what] of cases) {
      const r = await client.send(type, body);
      assertError(r, 'bad_request', what);
    }
    // A top-level "campaign" that disagrees with body.campaign.
    const disagree = await V.send('chat.say', { campaign: C, text: 'which one?' }, { extra: { campaign: C2 } });
    assertError(disagree, 'bad_request', 'top-level campaign disagreeing with body.campaign');
    // No type, and no body at all: the id (a string here) is echoed.
    const noTypeP = S.waitForReply('no-type', 5 * SEC, S.messages.length);
    S.sendRaw('{"id": "no-type", "body": {}}');
    assertError(await noTypeP, 'bad_request', 'frame without type');
    const noBodyP = S.waitForReply('no-body', 5 * SEC, S.messages.length);
    S.sendRaw(JSON.stringify({ id: 'no-body', type: 'chat.say' }));
    assertError(await noBodyP, 'bad_request', 'chat.say without body');
  });
  await S.close();
  await V.close();
});

test('text over the limit -> too_large; the limit itself is allowed', async () => {
  const S = track(await connect(server, pla.cookie));
  const V = track(await connect(server, ump.cookie));
  await assertNothingChanged(async () => {
    assertError(await S.send('chat.say', { campaign: C, text: 'x'.repeat(2001) }), 'too_large', 'chat of 2001 characters');
    assertError(await S.send('chat.say', { campaign: C, text: 'x'.repeat(60000) }), 'too_large', 'chat of 60000 characters');
    assertError(await V.send('notice.post', { campaign: C, text: 'x'.repeat(4001) }), 'too_large', 'notice of 4001 characters');
    assertError(await V.send('dice.roll', { campaign: C, dice: 'd6', reason: 'x'.repeat(201) }), 'too_large', 'roll reason of 201 characters');
    // docs/protocol.md lists only bad_request under campaign.create, but its error table defines too_large
    // as "a field is longer than allowed": the table's meaning is taken here.
    assertError(await V.send('campaign.create', { name: 'x'.repeat(81) }), 'too_large', 'campaign name of 81 characters');
  });
  const ok = await S.ok('chat.say', { campaign: C, text: 'y'.repeat(2000) });
  const v = await U.caughtUp(C, 2 * SEC);
  assert.equal(v.chat[String(ok.id)].text.length, 2000);
  // A top-level "campaign" alone is accepted too.
  const top = await S.send('chat.say', { text: 'named at the top' }, { extra: { campaign: C } });
  assert.equal(top.ok, true, `a top-level campaign is accepted: ${JSON.stringify(top)}`);
  await U.waitForView(C, (view) => view.chat[String(top.body.id)]?.text === 'named at the top', 2 * SEC);
  await S.close();
  await V.close();
});

test('rights: forbidden for players and observers; not_found for what does not exist and for non-members alike', async () => {
  const S = track(await connect(server, pla.cookie));
  const Ob = track(await connect(server, obs.cookie));
  const X = track(await connect(server, outsider.cookie));
  const V = track(await connect(server, ump.cookie));
  const spare = (await V.ok('campaign.invite', { campaign: C, role: 'observer' })).code;
  await U.waitForView(C, (v) => v.invites?.[spare], 2 * SEC);
  await assertNothingChanged(async () => {
    assertError(await S.send('notice.post', { campaign: C, text: 'I am the umpire now' }), 'forbidden', 'player notice');
    assertError(await S.send('notice.post', { campaign: C, text: 'note', private: true }), 'forbidden', 'player private note');
    assertError(await S.send('campaign.invite', { campaign: C, role: 'player' }), 'forbidden', 'player invite');
    assertError(await S.send('campaign.revoke_invite', { campaign: C, code: spare }), 'forbidden', 'player revoke');
    assertError(await S.send('campaign.close', { campaign: C }), 'forbidden', 'player close');
    assertError(await Ob.send('dice.roll', { campaign: C, dice: '2d6' }), 'forbidden', 'observer roll');
    assertError(await Ob.send('notice.post', { campaign: C, text: 'x' }), 'forbidden', 'observer notice');
    // A campaign of others answers as one that does not exist (docs/protocol.md, "Views and versions").
    assertError(await X.send('campaign.subscribe', { campaign: C }), 'not_found', 'non-member subscribe');
    assertError(await X.send('chat.say', { campaign: C, text: 'let me in' }), 'not_found', 'non-member chat');
    assertError(await X.send('dice.roll', { campaign: C, dice: 'd6' }), 'not_found', 'non-member roll');
    assertError(await X.send('campaign.invite', { campaign: C, role: 'umpire' }), 'not_found', 'non-member invite');
    assertError(await X.send('campaign.subscribe', { campaign: 987654 }), 'not_found', 'subscribe to no such campaign');
    assertError(await V.send('campaign.invite', { campaign: 987654, role: 'player' }), 'not_found', 'invite to no such campaign');
    assertError(await X.send('campaign.join', { code: 'NOSUCHCODE' }), 'not_found', 'join with a bad code');
    assertError(await V.send('campaign.revoke_invite', { campaign: C, code: 'NOSUCHCODE' }), 'not_found', 'revoke a bad code');
    assertError(await S.send('campaign.join', { code: spare }), 'conflict', 'a member joining again');
  });
  // The non-member got nothing of the campaign.
  await sleep(200);
  assert.deepEqual(X.pushes.filter((p) => p.campaign === C), [], 'no push of the campaign reached the non-member');
  assert.ok(!X.frames.some((f) => f.includes('Bad input')), 'the campaign\'s name never reached the non-member');
  assert.ok(U.view(C).invites[spare], 'the spare code is still active');
  for (const c of [S, Ob, X, V]) await c.close();
});

test('a frame over 64 KiB closes the socket with 1009 and changes nothing', async () => {
  const S = track(await connect(server, pla.cookie));
  await assertNothingChanged(async () => {
    const big = JSON.stringify({ id: 1, type: 'chat.say', body: { campaign: C, text: 'z'.repeat(70 * 1024) } });
    S.sendRaw(big);
    const info = await S.waitForClose(5 * SEC);
    assert.equal(info.code, 1009, `close code ${info.code} ${info.reason}`);
    assert.ok(!S.messages.some((m) => m.reply === 1 && m.ok === true), 'the oversized command was not carried out');
  });
});

test('a flood of 100 chat.say: some rate_limited, and the view holds exactly the accepted ones', async () => {
  const C3 = (await U.ok('campaign.create', { name: 'Flood' })).campaign;
  const sub = await U.subscribe(C3);
  assert.equal(sub.reply.ok, true);
  const F = track(await connect(server, ump.cookie));
  const ids = Array.from({ length: 100 }, (_, i) => `flood-${i}`);
  const replies = ids.map((id) => F.waitForReply(id, 30 * SEC));
  for (let i = 0; i < 100; i++) F.sendRaw(JSON.stringify({ id: ids[i], type: 'chat.say', body: { campaign: C3, text: `flood message ${i}` } }));
  const got = await Promise.all(replies);
  const okReplies = got.filter((r) => r.ok === true);
  const limited = got.filter((r) => r.ok === false && r.error?.code === 'rate_limited');
  assert.equal(okReplies.length + limited.length, 100, `every reply is ok or rate_limited: ${JSON.stringify(got.filter((r) => !okReplies.includes(r) && !limited.includes(r))).slice(0, 500)}`);
  assert.ok(limited.length >= 1, 'some frames were rate limited');
  assert.ok(okReplies.length >= 40, `a full burst of 40 gets through (got ${okReplies.length})`);
  const okIds = okReplies.map((r) => r.body.id).sort((a, b) => a - b);
  const v = await U.caughtUp(C3, 5 * SEC);
  const chatIds = Object.values(U.view(C3).chat).map((m) => m.id).sort((a, b) => a - b);
  assert.equal(chatIds.length, okReplies.length, 'chat messages in the view == ok replies');
  assert.deepEqual(chatIds, okIds);
  assert.deepEqual(okIds, Array.from({ length: okIds.length }, (_, i) => i + 1), 'one chat per accepted frame, none for the refused');
  assert.equal(v.chat[String(okIds[0])].author, ump.username);
  // The socket is still usable once the bucket has refilled.
  await sleep(2500);
  const after1 = await F.send('chat.say', { campaign: C3, text: 'after the flood' });
  assert.equal(after1.ok, true, JSON.stringify(after1));
  await F.close();
  assert.deepEqual(U.problems, []);
});

test('upgrade refused: foreign Origin 403, no or bad cookie 401', async () => {
  for (const origin of ['http://evil.example', `http://127.0.0.1:${server.port === 1 ? 2 : 1}`, 'null', `https://evil.example:${server.port}`]) {
    const r = await tryConnect(server, { cookie: pla.cookie, origin });
    if (r.client) await r.client.close();
    assert.equal(r.status, 403, `Origin ${origin}: ${r.status ?? 'opened'} ${r.body ?? ''}`);
  }
  const none = await tryConnect(server, {});
  if (none.client) await none.client.close();
  assert.equal(none.status, 401, `no cookie: ${none.status ?? 'opened'}`);
  const bad = await tryConnect(server, { cookie: 'muster_session=not-a-real-session-token-at-all' });
  if (bad.client) await bad.client.close();
  assert.equal(bad.status, 401, `made-up cookie: ${bad.status ?? 'opened'}`);
  // The page's own origin is allowed (the control case).
  const good = await tryConnect(server, { cookie: pla.cookie });
  assert.ok(good.client, `own origin: ${good.status} ${good.body ?? ''}`);
  await good.client.close();
});

test('logout closes that session\'s open sockets, and only those', async () => {
  const cookie2 = await login(server, pla.username);
  const L = track(await connect(server, cookie2));
  assert.equal((await L.subscribe(C)).reply.ok, true);
  const out = await httpRequest(server, 'POST', '/api/logout', { cookie: cookie2 });
  assert.equal(out.status, 200);
  const info = await L.waitForClose(5 * SEC);
  assert.ok(info, 'the logged-out session\'s socket was closed by the server');
  const again = await tryConnect(server, { cookie: cookie2 });
  if (again.client) await again.client.close();
  assert.equal(again.status, 401, 'the ended session cannot open a socket');
  assert.ok(P.isOpen, 'the player\'s other session keeps its socket');
  await P.ok('campaign.list', {});
});

test(`more than --max-connections-per-user (${MAX_CONN}) sockets are refused`, async () => {
  const many = await newUser(server, 'bi_many');
  const second = await login(server, 'bi_many');
  const open = [];
  for (let i = 0; i < MAX_CONN; i++) {
    const c = track(await connect(server, i % 2 === 0 ? many.cookie : second));
    await c.ok('campaign.list', {});
    open.push(c);
  }
  const extra = await tryConnect(server, { cookie: many.cookie });
  if (extra.client) {
    // Refused after the upgrade: the server must close it without serving it.
    const c = track(extra.client);
    const served = await Promise.race([c.send('campaign.list', {}, { timeoutMs: 3000 }).then((r) => r.ok === true, () => false), c.closed.then(() => false)]);
    assert.equal(served, false, 'the extra socket was not served');
    await c.waitForClose(3 * SEC);
  } else {
    assert.ok(extra.status >= 400, `the extra socket was refused with an HTTP error (got ${extra.status ?? extra.error?.message})`);
  }
  for (const c of open) assert.ok(c.isOpen, 'the sockets within the limit stay open');
  await open[0].close();
  let reopened;
  for (let i = 0; i < 20 && !reopened; i++) {
    const r = await tryConnect(server, { cookie: many.cookie });
    if (r.client) reopened = track(r.client); else await sleep(100);
  }
  assert.ok(reopened, 'after one socket closes there is room for another');
  await reopened.ok('campaign.list', {});
  for (const c of [...open, reopened]) await c.close();
});

test('an expired session: the upgrade gets 401 and its open socket is closed', async () => {
  const idle = await startServer({ args: ['--session-idle-seconds', '2', '--session-absolute-seconds', '5'] });
  try {
    const u = await newUser(idle, 'bi_idle');
    const S = await connect(idle, u.cookie);
    await S.ok('campaign.list', {});
    const start = Date.now();

    // Absolute lifetime, in parallel: a second session kept busy never idles, but ends after 5 s.
    const busyCookie = await login(idle, 'bi_idle');
    const busyStart = Date.now();
    const busyLog = [];
    const busy = (async () => {
      while (Date.now() - busyStart < 7000) {
        const r = await httpRequest(idle, 'GET', '/api/me', { cookie: busyCookie });
        busyLog.push([Date.now() - busyStart, r.status]);
        await sleep(600);
      }
    })();

    await sleep(3200);
    const me = await httpRequest(idle, 'GET', '/api/me', { cookie: u.cookie });
    assert.equal(me.status, 401, 'the idle session is over after 3 s of silence');
    const r = await tryConnect(idle, { cookie: u.cookie });
    if (r.client) await r.client.close();
    assert.equal(r.status, 401, `the upgrade with an expired session: ${r.status ?? 'opened'}`);
    const info = await S.waitForClose(Math.max(1000, 10000 - (Date.now() - start)));
    assert.ok(info, 'the expired session\'s open socket was closed by the server');

    await busy;
    const early = busyLog.filter(([t]) => t < 4000);
    const late = busyLog.filter(([t]) => t > 5800);
    assert.ok(early.length >= 3 && early.every(([, s]) => s === 200), `a busy session holds before its absolute end: ${JSON.stringify(busyLog)}`);
    assert.ok(late.length >= 1 && late.every(([, s]) => s === 401), `and ends after it: ${JSON.stringify(busyLog)}`);
  } finally {
    await idle.cleanup();
  }
});

test('any JSON number or string id is echoed as given', async () => {
  const S = track(await connect(server, pla.cookie));
  for (const id of [0, -1, 1.5, 9007199254740991, 'abc', '', 'ünïcode ✓', '{"not": "parsed"}']) {
    const p = S.waitForReply(id, 5 * SEC, S.messages.length);
    S.sendRaw(JSON.stringify({ id, type: 'campaign.list', body: {} }));
    const r = await p;
    assert.equal(r.ok, true, `id ${JSON.stringify(id)}: ${JSON.stringify(r)}`);
    assert.deepEqual(r.body.campaigns.map((c) => c.id), [C]);
  }
  await S.close();
});

test('deeply nested JSON within 64 KiB gets an answer, and the server stays up', async () => {
  const S = track(await connect(server, pla.cookie));
  await assertNothingChanged(async () => {
    const deepArray = await S.sendRawExpectNullReply('['.repeat(60000));
    assertError(deepArray, 'bad_request', '60000 open brackets');
    const closedDeep = await S.sendRawExpectNullReply('['.repeat(30000) + ']'.repeat(30000));
    assertError(closedDeep, 'bad_request', 'an array nested 30000 deep');
    const p = S.waitForReply('deep', 10 * SEC, S.messages.length);
    S.sendRaw(`{"id":"deep","type":"chat.say","body":{"campaign":${C},"text":${'['.repeat(20000)}${']'.repeat(20000)}}}`);
    assertError(await p, 'bad_request', 'a text that is a deeply nested array');
  });
  assert.ok(S.isOpen);
  assert.equal(server.exit, null, 'the server is running');
  await S.close();
});

test('length limits count characters, not bytes', async () => {
  const S = track(await connect(server, pla.cookie));
  const ok = await S.send('chat.say', { campaign: C, text: 'é'.repeat(2000) });
  assert.equal(ok.ok, true, `2000 two-byte characters are 2000 characters: ${JSON.stringify(ok).slice(0, 200)}`);
  await U.caughtUp(C, 2 * SEC);
  assert.equal(U.view(C).chat[String(ok.body.id)].text, 'é'.repeat(2000), 'the text comes back unchanged');
  await assertNothingChanged(async () => {
    assertError(await S.send('chat.say', { campaign: C, text: 'é'.repeat(2001) }), 'too_large', '2001 two-byte characters');
  });
  await S.close();
});

test('the session cookie is found among other cookies', async () => {
  const cookie = `theme=dark; ${pla.cookie}; lang=en`;
  const me = await httpRequest(server, 'GET', '/api/me', { cookie });
  assert.equal(me.status, 200, me.text);
  assert.equal(me.json.username, pla.username);
  const r = await tryConnect(server, { cookie });
  assert.ok(r.client, `upgrade with several cookies: ${r.status} ${r.body ?? ''}`);
  await r.client.ok('campaign.list', {});
  await r.client.close();
});
