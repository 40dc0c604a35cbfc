// HTTP: health, static files, path escapes, and the account API (docs/protocol.md, "HTTP").
// The server runs on a web dir made here, with a secret file just outside it, so that the static-file
// tests know exactly what may and may not be served.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { httpRequest, rawHttpGet, register, loginResponse, PASSWORD } from './lib/client.mjs';

const INDEX_MARKER = `INDEX-${process.pid}-${Date.now()}`;
const JS_MARKER = `JS-${process.pid}`;
const CSS_MARKER = `CSS-${process.pid}`;
const OUTSIDE_MARKER = `SECRET-OUTSIDE-WEB-${process.pid}-${Date.now()}`;

let server;
let root;

before(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'muster-itest-web-'));
  const web = path.join(root, 'web');
  mkdirSync(path.join(web, 'common'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), `<!doctype html><title>Muster</title><p>${INDEX_MARKER}</p>\n`);
  writeFileSync(path.join(web, 'common', 'app.js'), `console.log(${JSON.stringify(JS_MARKER)});\n`);
  writeFileSync(path.join(web, 'common', 'style.css'), `/* ${CSS_MARKER} */ body { color: black; }\n`);
  writeFileSync(path.join(root, 'secret.txt'), `${OUTSIDE_MARKER}\n`);
  writeFileSync(path.join(root, 'passwd'), `${OUTSIDE_MARKER}\n`);
  server = await startServer({ web });
});

after(async () => {
  await server?.cleanup();
  if (root) rmSync(root, { recursive: true, force: true });
});

function assertErrorBody(res, what) {
  assert.ok(res.json && typeof res.json === 'object', `${what}: the body is JSON (${res.text})`);
  assert.equal(typeof res.json.error?.code, 'string', `${what}: error.code is a string (${res.text})`);
  assert.equal(typeof res.json.error?.message, 'string', `${what}: error.message is a string (${res.text})`);
  assert.ok(res.json.error.message.length > 0, `${what}: error.message is not empty`);
}

function cookieAttributes(setCookie) {
  return setCookie.split(';').slice(1).map((s) => s.trim().toLowerCase());
}

test('GET /healthz answers 200', async () => {
  const res = await httpRequest(server, 'GET', '/healthz');
  assert.equal(res.status, 200);
});

test('static files: index.html, .js and .css with their content types and caching headers', async () => {
  const index = await httpRequest(server, 'GET', '/index.html');
  assert.equal(index.status, 200);
  assert.match(index.headers['content-type'] ?? '', /^text\/html\b/i);
  assert.ok(index.text.includes(INDEX_MARKER), 'index.html has the file\'s content');

  const rootPage = await httpRequest(server, 'GET', '/');
  assert.equal(rootPage.status, 200, 'GET / serves the index page');
  assert.match(rootPage.headers['content-type'] ?? '', /^text\/html\b/i);
  assert.ok(rootPage.text.includes(INDEX_MARKER), 'GET / serves index.html');

  const js = await httpRequest(server, 'GET', '/common/app.js');
  assert.equal(js.status, 200);
  assert.match(js.headers['content-type'] ?? '', /^(text|application)\/(javascript|ecmascript|x-javascript)\b/i);
  assert.ok(js.text.includes(JS_MARKER));

  const css = await httpRequest(server, 'GET', '/common/style.css');
  assert.equal(css.status, 200);
  assert.match(css.headers['content-type'] ?? '', /^text\/css\b/i);
  assert.ok(css.text.includes(CSS_MARKER));

  for (const res of [index, js, css]) {
    const h = res.headers;
    assert.ok(h['cache-control'] || h.etag || h['last-modified'],
      `a static file has Cache-Control, ETag or Last-Modified (got ${JSON.stringify(h)})`);
  }

  const missing = await httpRequest(server, 'GET', '/common/nope.js');
  assert.equal(missing.status, 404, 'a missing file is 404');
});

test('security headers on every answer: a page, a script, the API, an error', async () => {
  const answers = [await httpRequest(server, 'GET', '/'), await httpRequest(server, 'GET', '/common/app.js'),
    await httpRequest(server, 'GET', '/api/me'), await httpRequest(server, 'GET', '/common/nope.js')];
  for (const res of answers) {
    const h = res.headers;
    const csp = h['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self'(;|$)/, `scripts only from the server, none inline: ${csp}`);
    assert.ok(!/script-src[^;]*unsafe-inline/.test(csp));
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(h['x-content-type-options'], 'nosniff');
    assert.equal(h['x-frame-options'], 'DENY');
    assert.equal(h['referrer-policy'], 'same-origin');
    assert.equal(h['strict-transport-security'], undefined, 'HSTS only over TLS');
  }
  // The page itself runs no inline script: its one script is a file.
  assert.ok(!/<script(?![^>]*\ssrc=)[^>]*>/.test(answers[0].text), 'no inline <script> in the page');
});

test('path escapes get 400 or 404 and never a file outside the web dir', async () => {
  const targets = [
    '/../etc/passwd',
    '/../../../../../../../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/%2E%2E/secret.txt',
    '/..%2fpasswd',
    '/..%2fsecret.txt',
    '/common/..%2f..%2fsecret.txt',
    '/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '//etc/passwd',
    '/%2fetc%2fpasswd',
    '/../secret.txt',
    '/common/../../secret.txt',
    '/..\\secret.txt',
    '/%00',
    '/index.html%00',
    '/index.html%00.js',
    '/common%00/app.js',
  ];
  for (const target of targets) {
    const res = await rawHttpGet(server, target);
    assert.ok(res.status === 400 || res.status === 404, `GET ${target}: expected 400 or 404, got ${res.status}\n${res.head}`);
    assert.ok(!res.raw.includes(OUTSIDE_MARKER), `GET ${target} served a file outside the web dir`);
    assert.ok(!/root:[^:\n]*:0:0:/.test(res.raw), `GET ${target} served /etc/passwd`);
  }
  // The server still serves after all that.
  const res = await rawHttpGet(server, '/index.html');
  assert.equal(res.status, 200);
  assert.ok(res.body.includes(INDEX_MARKER));
});

test('register: 201, taken name in another case 409, bad password or name 400', async () => {
  const ok = await register(server, 'Http_Alice');
  assert.equal(ok.status, 201, ok.text);
  assert.equal(typeof ok.json.user, 'number');
  assert.equal(ok.json.username, 'Http_Alice');

  const taken = await register(server, 'hTTP_aLICE', 'another password 1');
  assert.equal(taken.status, 409, taken.text);
  assertErrorBody(taken, 'name taken');

  const shortPw = await register(server, 'http_bob', '123456789');
  assert.equal(shortPw.status, 400, shortPw.text);
  assertErrorBody(shortPw, 'short password');

  const longPw = await register(server, 'http_bob', 'x'.repeat(1025));
  assert.equal(longPw.status, 400, longPw.text);
  assertErrorBody(longPw, 'long password');

  for (const name of ['ab', 'a'.repeat(33), 'bad name', 'bad/name', 'émile', 'semi;colon', '']) {
    const res = await register(server, name);
    assert.equal(res.status, 400, `username ${JSON.stringify(name)}: ${res.status} ${res.text}`);
    assertErrorBody(res, `username ${JSON.stringify(name)}`);
  }
  for (const body of [{ username: 'http_nopw' }, { password: PASSWORD }, { username: 42, password: PASSWORD }, { username: 'http_numpw', password: 12345678901 }]) {
    const res = await httpRequest(server, 'POST', '/api/register', { body });
    assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.status} ${res.text}`);
    assertErrorBody(res, JSON.stringify(body));
  }
  const notJson = await httpRequest(server, 'POST', '/api/register', { body: '{nope' });
  assert.equal(notJson.status, 400, notJson.text);
  assertErrorBody(notJson, 'not JSON');

  // The edges of what is allowed: 32 characters of letters, digits, _ - . and a 10-character password.
  const edge = await register(server, 'A-b_c.' + '9'.repeat(26), '0123456789');
  assert.equal(edge.status, 201, edge.text);

  // None of the refused names was created by accident.
  const again = await register(server, 'http_bob');
  assert.equal(again.status, 201, `http_bob was not created by the refused attempts: ${again.text}`);
});

test('login, /api/me and logout', async () => {
  const reg = await register(server, 'http_dora');
  assert.equal(reg.status, 201, reg.text);

  const res = await loginResponse(server, 'http_dora');
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.json, { user: reg.json.user, username: 'http_dora' });
  assert.ok(res.cookie, `a muster_session cookie is set (Set-Cookie: ${JSON.stringify(res.setCookies)})`);
  assert.ok(res.cookie.length > 'muster_session='.length + 16, 'the session token is not trivially short');
  const attrs = cookieAttributes(res.cookieHeader);
  assert.ok(attrs.includes('httponly'), `HttpOnly in ${res.cookieHeader}`);
  assert.ok(attrs.includes('samesite=strict'), `SameSite=Strict in ${res.cookieHeader}`);
  assert.ok(attrs.includes('path=/'), `Path=/ in ${res.cookieHeader}`);

  const me = await httpRequest(server, 'GET', '/api/me', { cookie: res.cookie });
  assert.equal(me.status, 200, me.text);
  assert.deepEqual(me.json, { user: reg.json.user, username: 'http_dora', admin: false });

  const anon = await httpRequest(server, 'GET', '/api/me');
  assert.equal(anon.status, 401);
  assertErrorBody(anon, '/api/me without a cookie');
  const forged = await httpRequest(server, 'GET', '/api/me', { cookie: 'muster_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
  assert.equal(forged.status, 401, 'a made-up token is no session');
  // /api/session: the same answer for a session, and 200 {user: null} without one (no 401 in a page's console).
  const session = await httpRequest(server, 'GET', '/api/session', { cookie: res.cookie });
  assert.equal(session.status, 200, session.text);
  assert.deepEqual(session.json, me.json);
  for (const cookie of [undefined, 'muster_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
    const none = await httpRequest(server, 'GET', '/api/session', cookie ? { cookie } : {});
    assert.equal(none.status, 200, none.text);
    assert.deepEqual(none.json, { user: null });
  }

  // A second session of the same user, to check that logout ends only its own.
  const other = await loginResponse(server, 'http_dora');
  assert.equal(other.status, 200);
  assert.notEqual(other.cookie, res.cookie, 'each login makes a new session token');

  const out = await httpRequest(server, 'POST', '/api/logout', { cookie: res.cookie });
  assert.equal(out.status, 200, out.text);
  assert.deepEqual(out.json, {});
  const cleared = out.setCookies.find((c) => c.startsWith('muster_session='));
  assert.ok(cleared, `logout sets the cookie to clear it (Set-Cookie: ${JSON.stringify(out.setCookies)})`);
  const cattrs = cookieAttributes(cleared);
  const clearedValue = cleared.split(';')[0].slice('muster_session='.length);
  assert.ok(clearedValue === '' || cattrs.includes('max-age=0') ||
    cattrs.some((a) => a.startsWith('expires=') && Date.parse(a.slice(8)) < Date.now()),
  `the logout cookie is emptied or expired: ${cleared}`);

  const after = await httpRequest(server, 'GET', '/api/me', { cookie: res.cookie });
  assert.equal(after.status, 401, 'the logged-out session is over');
  const stillIn = await httpRequest(server, 'GET', '/api/me', { cookie: other.cookie });
  assert.equal(stillIn.status, 200, 'the other session of the same user goes on');
});

test('wrong password and unknown user get the same 401', async () => {
  const reg = await register(server, 'http_erin');
  assert.equal(reg.status, 201);
  const wrong = await loginResponse(server, 'http_erin', 'not the password at all');
  const unknown = await loginResponse(server, 'http_nobody_here', 'not the password at all');
  assert.equal(wrong.status, 401, wrong.text);
  assert.equal(unknown.status, 401, unknown.text);
  assertErrorBody(wrong, 'wrong password');
  assert.equal(wrong.text, unknown.text, 'the bodies are identical');
  assert.equal(wrong.cookie, undefined, 'no session cookie for a failed login');
  assert.equal(unknown.cookie, undefined, 'no session cookie for a failed login');
});

test('login rate limit: 10 failed attempts for one account, then 429', async () => {
  const reg = await register(server, 'http_frank');
  assert.equal(reg.status, 201);
  for (let i = 1; i <= 10; i++) {
    const res = await loginResponse(server, 'http_frank', `wrong password ${i}`);
    assert.equal(res.status, 401, `failed attempt ${i}: ${res.status} ${res.text}`);
  }
  const limited = await loginResponse(server, 'http_frank', 'wrong password 11');
  assert.equal(limited.status, 429, limited.text);
  assertErrorBody(limited, '429');
  const rightButLimited = await loginResponse(server, 'http_frank', PASSWORD);
  assert.equal(rightButLimited.status, 429, 'the right password does not get through while the account is limited');
  assert.equal(rightButLimited.cookie, undefined);

  // Another account from the same address (well under 30 failures) still logs in.
  const other = await loginResponse(server, 'http_dora');
  assert.equal(other.status, 200, other.text);
});

test('an oversized request body is refused and the server carries on', async () => {
  const big = JSON.stringify({ username: 'http_big', password: 'x'.repeat(5 * 1024 * 1024) });
  let res;
  try {
    res = await httpRequest(server, 'POST', '/api/register', { body: big });
  } catch (e) {
    res = { error: e };
  }
  if (!res.error) assert.ok(res.status === 413 || res.status === 400, `a 5 MiB body: ${res.status} ${res.text?.slice(0, 200)}`);
  const health = await httpRequest(server, 'GET', '/healthz');
  assert.equal(health.status, 200, 'the server is still up');
  const me = await httpRequest(server, 'POST', '/api/login', { body: { username: 'http_big', password: 'x'.repeat(5 * 1024 * 1024) } }).catch(() => null);
  if (me) assert.notEqual(me.status, 200, 'no account was made from the oversized body');
});

test('login rate limit: 30 failed attempts from one address, then 429 for every account', async () => {
  const own = await startServer({ web: path.join(root, 'web') });
  try {
    const reg = await register(own, 'http_addr');
    assert.equal(reg.status, 201);
    // A different unknown account each time, so that no per-account limit (10) is reached; five at a
    // time, to keep the suite quick (each attempt costs the server a password hash).
    for (let i = 1; i <= 30; i += 5) {
      const batch = await Promise.all([0, 1, 2, 3, 4].map((k) => loginResponse(own, `http_ghost_${i + k}`, 'some wrong password')));
      batch.forEach((res, k) => assert.equal(res.status, 401, `failed attempt ${i + k}: ${res.status} ${res.text}`));
    }
    const limited = await loginResponse(own, 'http_addr', PASSWORD);
    assert.equal(limited.status, 429, `after 30 failures from this address: ${limited.status} ${limited.text}`);
    assertErrorBody(limited, '429');
    assert.equal(limited.cookie, undefined);
  } finally {
    await own.cleanup();
  }
});
