// Passwords (docs/protocol.md, "HTTP"), over a real server and a real SMTP server:
// - a change needs the current password; the user's other logins end (their sockets close), this one goes on;
// - "forgot": the same answer for an account that exists and one that does not; a link only to a verified address;
//   the link works once, ends every login, and expires (the test moves the server's clock on).
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { connect, newUser, login, loginResponse, httpRequest, rawHttpGet, sleep, PASSWORD } from './lib/client.mjs';
import { SmtpSink, freePort, until } from './lib/sinks.mjs';

let server, dir, smtp;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-passwords-'));
  smtp = new SmtpSink(await freePort(), path.join(dir, 'mail.jsonl'));
  await smtp.start();
  server = await startServer({ args: ['--test-clock', 'true', '--smtp-host', '127.0.0.1', '--smtp-port', String(smtp.port),
    '--smtp-starttls', 'false', '--smtp-from', 'muster@club.test', '--public-url', 'http://club.test/',
    '--notify-interval-ms', '100', '--reset-link-minutes', '30'] });
});

after(async () => {
  await server?.cleanup();
  await smtp?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const post = (p, body, cookie) => httpRequest(server, 'POST', p, { body, cookie });
const me = async (cookie) => (await httpRequest(server, 'GET', '/api/me', { cookie })).status;

async function verified(user, address) {
  assert.equal((await post('/api/email', { address }, user.cookie)).status, 200);
  const mail = await until('the verification', () => smtp.to(address)[0]);
  const token = mail.data.match(/verify-email\?token=([0-9a-f]+)/)[1];
  assert.equal((await rawHttpGet(server, `/verify-email?token=${token}`)).status, 200);
}

test('a password change needs the current one and ends the user\'s other logins', async () => {
  const u = await newUser(server, 'pw_change');
  const other = await login(server, 'pw_change'); // a second login: its cookie
  const socket = await connect(server, other);
  assert.equal((await post('/api/password', { current: 'not the password', password: 'a brand new secret' }, u.cookie)).status, 403);
  assert.equal((await post('/api/password', { current: PASSWORD, password: 'short' }, u.cookie)).status, 400);
  assert.equal((await post('/api/password', { current: PASSWORD, password: 'a brand new secret' })).status, 401);
  assert.equal((await post('/api/password', { current: PASSWORD, password: 'a brand new secret' }, u.cookie)).status, 200);
  await Promise.race([socket.closed, sleep(5000).then(() => { throw new Error('the other login\'s socket stayed open'); })]);
  assert.equal(await me(other), 401, 'the other login ended');
  assert.equal(await me(u.cookie), 200, 'this one goes on');
  assert.equal((await loginResponse(server, 'pw_change', PASSWORD)).status, 401);
  assert.equal((await loginResponse(server, 'pw_change', 'a brand new secret')).status, 200);
});

test('a forgotten password: the same answer for anyone, a link only to a verified address, used once', async () => {
  const u = await newUser(server, 'pw_forgot');
  await verified(u, 'forgot@club.test');
  const unknown = await post('/api/password/forgot', { account: 'nobody_at_all' });
  const known = await post('/api/password/forgot', { account: 'FORGOT@club.test' });
  assert.equal(unknown.status, 200);
  assert.deepEqual(known.json, unknown.json, 'the answer says nothing of whether the account exists');
  const mail = await until('the reset link', () => smtp.to('forgot@club.test').find((m) => m.data.includes('reset your password')));
  const token = mail.data.match(/#\/reset\?token=([0-9a-f]+)/)[1];
  assert.ok(mail.data.includes('within 30 minutes'));
  assert.equal((await post('/api/password/reset', { token: 'abc', password: 'chosen anew today' })).status, 400);
  assert.equal((await post('/api/password/reset', { token, password: 'short' })).status, 400);
  assert.equal((await post('/api/password/reset', { token, password: 'chosen anew today' })).status, 200);
  assert.equal((await post('/api/password/reset', { token, password: 'and once more again' })).status, 400, 'used once');
  assert.equal(await me(u.cookie), 401, 'every login ended');
  assert.equal((await loginResponse(server, 'pw_forgot', 'chosen anew today')).status, 200);
  const mails = smtp.messages().length;
  assert.equal((await post('/api/password/forgot', { account: 'pw_change' })).status, 200); // no address: no mail
  await sleep(500);
  assert.equal(smtp.messages().length, mails);
});

test('a reset link expires', async () => {
  const u = await newUser(server, 'pw_expiry');
  await verified(u, 'expiry@club.test');
  await post('/api/password/forgot', { account: 'pw_expiry' });
  const mail = await until('the reset link', () => smtp.to('expiry@club.test').find((m) => m.data.includes('reset your password')));
  const token = mail.data.match(/#\/reset\?token=([0-9a-f]+)/)[1];
  assert.equal((await post('/api/test/clock', { advance_ms: 31 * 60 * 1000 })).status, 200);
  assert.equal((await post('/api/password/reset', { token, password: 'too late for this' })).status, 400);
});

test('an inbox gets at most three reset links an hour, however they are asked for', async () => {
  const u = await newUser(server, 'pw_flood');
  await verified(u, 'flood@club.test');
  const links = () => smtp.to('flood@club.test').filter((m) => m.data.includes('reset your password')).length;
  // By name and by address, in any case: six requests, one inbox.
  for (const account of ['pw_flood', 'PW_FLOOD', 'flood@club.test', 'Flood@Club.Test', 'pw_Flood', 'FLOOD@CLUB.TEST']) {
    const r = await post('/api/password/forgot', { account });
    assert.equal(r.status, 200, r.text);
  }
  await until('three links', () => links() === 3);
  await sleep(600); // the sender runs every 100 ms: a fourth would be here by now
  assert.equal(links(), 3, 'no more than three');
  // An hour on, he may have another.
  assert.equal((await post('/api/test/clock', { advance_ms: 61 * 60 * 1000 })).status, 200);
  await post('/api/password/forgot', { account: 'pw_flood' });
  await until('a fourth link an hour on', () => links() === 4);
});
