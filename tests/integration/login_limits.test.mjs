// Logins under attack (docs/operations.md, "Logins"; docs/protocol.md, "HTTP"), against a real server on loopback,
// each client from its own address of 127.0.0.0/8. The server hashes at scrypt N=2^16 here (the suite's 2^14 is
// too quick for a queue of hashes to matter), and keeps its default limits: 10 per account, 30 per address.
// - failed logins sent together are counted when they are let through to be hashed: of 40 wrong passwords for one
//   account from one address, at most 10 are checked and the rest get 429 at once;
// - a flood of 100 wrong passwords for one account from one address does not hold the hashing pool: another
//   member's right password from another address is let in within a second meanwhile;
// - ten wrong passwords from an attacker's address do not lock the owner out: his right password from an address
//   with no failures is let in; the attacker's address, and any address that then fails once, are refused.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startServer } from './lib/server.mjs';
import { register, PASSWORD } from './lib/client.mjs';

const WRONG = 'not the password at all';
let server;

before(async () => {
  server = await startServer({ args: ['--password-work', '16', '--max-http-connections-per-address', '0'] });
});

after(async () => {
  await server?.cleanup();
});

/** POST /api/login from `localAddress`. Resolves {status, ms}; status 0 when the connection failed. */
function loginFrom(localAddress, username, password) {
  const started = Date.now();
  return new Promise((resolve) => {
    const payload = JSON.stringify({ username, password });
    const req = http.request({
      host: '127.0.0.1', port: server.port, localAddress, method: 'POST', path: '/api/login', agent: false, timeout: 180000,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: Date.now() - started }));
      res.on('error', () => resolve({ status: 0, ms: Date.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve({ status: 0, ms: Date.now() - started }));
    req.end(payload);
  });
}

const tally = (answers) => answers.reduce((t, a) => ({ ...t, [a.status]: (t[a.status] || 0) + 1 }), {});

async function member(name) {
  const reg = await register(server, name);
  assert.equal(reg.status, 201, reg.text);
  return name;
}

test('40 wrong passwords sent together for one account: at most 10 are checked, the rest get 429', { timeout: 120000 }, async () => {
  const victim = await member('ll_concurrent');
  const answers = await Promise.all(Array.from({ length: 40 }, () => loginFrom('127.0.0.11', victim, WRONG)));
  const t = tally(answers);
  assert.ok((t[401] || 0) <= 10, `at most 10 checked (401): ${JSON.stringify(t)}`);
  assert.equal((t[401] || 0) + (t[429] || 0), 40, `every one is 401 or 429: ${JSON.stringify(t)}`);
  assert.equal((await loginFrom('127.0.0.11', victim, WRONG)).status, 429, 'and the next is refused');
});

test('a flood of 100 wrong passwords for one account: another member\'s login from elsewhere waits a few hashes, not the flood', { timeout: 180000 }, async (t0) => {
  const victim = await member('ll_flooded');
  const other = await member('ll_bystander');
  const alone = await loginFrom('127.0.0.22', other, PASSWORD);
  assert.equal(alone.status, 200);
  const flood = Promise.all(Array.from({ length: 100 }, () => loginFrom('127.0.0.21', victim, WRONG)));
  await new Promise((r) => setTimeout(r, 150)); // the flood is in
  const during = await loginFrom('127.0.0.22', other, PASSWORD);
  const answers = await flood;
  const t = tally(answers);
  t0.diagnostic(`the other member's login: ${alone.ms} ms alone, ${during.ms} ms during the flood; flood ${JSON.stringify(t)}`);
  assert.equal(during.status, 200, 'the other member is let in');
  // He waits for the hashes under way and his own, a few hashes, not the flood's hundred (28 s before the queue took
  // turns): a second on a quiet machine, and on a loaded one (CI's sanitized build beside it) a few of his own.
  const limit = Math.max(1000, 6 * alone.ms);
  assert.ok(during.ms < limit, `the other member's login took ${during.ms} ms during the flood (${alone.ms} ms alone, limit ${limit}); flood ${JSON.stringify(t)}`);
  assert.ok((t[401] || 0) <= 10, `at most 10 of the flood checked: ${JSON.stringify(t)}`);
});

test('ten wrong passwords from an attacker\'s address do not lock the owner out', { timeout: 120000 }, async () => {
  const owner = await member('ll_owner');
  for (let i = 0; i < 10; i += 1) assert.equal((await loginFrom('127.0.0.31', owner, `${WRONG} ${i}`)).status, 401);
  assert.equal((await loginFrom('127.0.0.31', owner, WRONG)).status, 429, 'the attacker\'s address is refused');
  assert.equal((await loginFrom('127.0.0.31', owner, PASSWORD)).status, 429, 'even with the right password');
  const mine = await loginFrom('127.0.0.32', owner, PASSWORD);
  assert.equal(mine.status, 200, 'the owner\'s right password from his own address is let in');
  // The account is under attack: an address with a failure of its own is refused, one without is checked.
  assert.equal((await loginFrom('127.0.0.33', owner, WRONG)).status, 401, 'a fresh address is checked once');
  assert.equal((await loginFrom('127.0.0.33', owner, PASSWORD)).status, 429, 'then refused while the account is under attack');
  assert.equal((await loginFrom('127.0.0.32', owner, PASSWORD)).status, 200, 'and the owner is let in again');
});
