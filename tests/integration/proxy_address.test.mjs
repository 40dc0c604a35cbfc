// The client's address behind a proxy (docs/operations.md, "The client's address behind a proxy"): from an address
// in trusted_proxies, a PROXY protocol v2 header (proxy_protocol on) or X-Forwarded-For names the client, and the
// failed-login limit per address and the cap on one address's waiting connections count that client; from any other
// address neither is believed. Raw TCP clients on loopback play the proxy, as HAProxy's send-proxy-v2 would; then
// Debian's haproxy itself, shaped as docker/haproxy.cfg (send-proxy-v2 on its servers and their health checks), passes
// clients on 127.0.0.7 and 127.0.0.8 through to a node (skipped, saying why, without haproxy).
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { freePort } from './lib/postgres.mjs';
import { haproxyInstalled, adminOf } from './lib/haproxy.mjs';
import { newUser, uniqueName, sleep, PASSWORD } from './lib/client.mjs';

const LIMIT = 5; // login_failures_per_address here
const CAP = 3; // max_http_connections_per_address here

let viaProxy;   // trusts 127.0.0.1, which must send a PROXY header
let viaHeader;  // trusts 127.0.0.1, which names its clients by X-Forwarded-For
let untrusting; // trusts only 127.0.0.2 (with PROXY headers): 127.0.0.1 is an ordinary client

const common = ['--login-failures-per-address', String(LIMIT), '--max-http-connections-per-address', String(CAP),
  '--http-header-timeout-seconds', '20'];

before(async () => {
  [viaProxy, viaHeader, untrusting] = await Promise.all([
    startServer({ args: [...common, '--trusted-proxies', '127.0.0.1', '--proxy-protocol', 'true'] }),
    startServer({ args: [...common, '--trusted-proxies', '127.0.0.1'] }),
    startServer({ args: [...common, '--trusted-proxies', '127.0.0.2', '--proxy-protocol', 'true'] }),
  ]);
});

after(async () => {
  await Promise.all([viaProxy?.cleanup(), viaHeader?.cleanup(), untrusting?.cleanup()]);
});

const SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);

/** A PROXY v2 header for a TCP/IPv4 connection from `client` (as HAProxy's send-proxy-v2 writes it). */
function proxyHeader(client, { command = 0x21 } = {}) {
  const addresses = Buffer.alloc(12);
  client.split('.').forEach((b, i) => { addresses[i] = Number(b); });
  [127, 0, 0, 1].forEach((b, i) => { addresses[4 + i] = b; });
  addresses.writeUInt16BE(40000, 8);
  addresses.writeUInt16BE(8080, 10);
  const fixed = Buffer.from([command, 0x11, 0, 12]);
  return Buffer.concat([SIGNATURE, fixed, addresses]);
}

function loginRequest(username, password, headers = {}) {
  const body = JSON.stringify({ username, password });
  const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  return `POST /api/login HTTP/1.1\r\nHost: muster\r\nContent-Type: application/json\r\nContent-Length: ${
    Buffer.byteLength(body)}\r\nConnection: close\r\n${extra}\r\n${body}`;
}

/**
 * Sends `prefix` (a PROXY header or nothing) and `request` on a new connection from `localAddress`; resolves with the
 * answer's status, or 'closed' when the server closed the connection without answering.
 */
function raw(server, { prefix = Buffer.alloc(0), request = 'GET /healthz HTTP/1.1\r\nHost: muster\r\nConnection: close\r\n\r\n', localAddress = '127.0.0.1' } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress });
    const chunks = [];
    const timer = setTimeout(() => { socket.destroy(); resolve('timed out'); }, 10000);
    socket.on('connect', () => socket.write(Buffer.concat([prefix, Buffer.from(request)])));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString();
      const m = /^HTTP\/1\.1 (\d+)/.exec(text);
      resolve(m ? Number(m[1]) : 'closed');
    });
  });
}

/** Registers a user on `viaProxy`, whose every connection must begin with a PROXY header. */
async function registerThroughProxy(name, server = viaProxy) {
  const body = JSON.stringify({ username: name, password: PASSWORD });
  const request = `POST /api/register HTTP/1.1\r\nHost: muster\r\nContent-Type: application/json\r\nContent-Length: ${
    Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
  const status = await raw(server, { prefix: proxyHeader('192.0.2.50'), request });
  assert.ok(status === 200 || status === 201, `registered ${name}: ${status}`);
}

const badLogin = () => loginRequest(uniqueName('nobody'), 'wrong password here');

test('PROXY v2 from a trusted proxy: failed logins count against the client it names, not the proxy', async () => {
  const name = uniqueName('pa');
  await registerThroughProxy(name);
  for (let i = 0; i < LIMIT; ++i) {
    const status = await raw(viaProxy, { prefix: proxyHeader('203.0.113.7'), request: badLogin() });
    assert.equal(status, 401, `bad login ${i} from 203.0.113.7`);
  }
  assert.equal(await raw(viaProxy, { prefix: proxyHeader('203.0.113.7'), request: badLogin() }), 429,
    '203.0.113.7 is over its limit');
  assert.equal(await raw(viaProxy, { prefix: proxyHeader('203.0.113.8'), request: loginRequest(name, PASSWORD) }), 200,
    'a correct login from 203.0.113.8, through the same proxy, is not locked out');
  assert.equal(await raw(viaProxy, { prefix: proxyHeader('203.0.113.8'), request: badLogin() }), 401,
    '203.0.113.8 has its own count');
  // The proxy's own connection (a LOCAL header: HAProxy's health check) is answered as the proxy's.
  assert.equal(await raw(viaProxy, { prefix: Buffer.concat([SIGNATURE, Buffer.from([0x20, 0x00, 0, 0])]) }), 200);
});

test('PROXY v2: a trusted proxy must send it, well formed; from anyone else it is not believed', async () => {
  // From the trusted proxy: no header, a malformed one, one cut short: closed unanswered.
  assert.equal(await raw(viaProxy, {}), 'closed', 'no PROXY header from the trusted proxy');
  const bad = proxyHeader('203.0.113.9');
  bad[12] = 0x11; // version 1 in the binary form
  assert.equal(await raw(viaProxy, { prefix: bad }), 'closed', 'a malformed header');
  const wrongLength = proxyHeader('203.0.113.9');
  wrongLength[15] = 4; // IPv4's addresses need 12 bytes
  assert.equal(await raw(viaProxy, { prefix: wrongLength }), 'closed', 'a header too short for its family');
  assert.equal(await raw(viaProxy, { prefix: proxyHeader('203.0.113.9'), request: 'GET /healthz HTTP/1.1\r\nHost: muster\r\nConnection: close\r\n\r\n' }), 200);

  // 127.0.0.1 is not trusted by `untrusting`: its header is not read, so the HTTP parser meets the header's binary
  // signature and the connection is dropped unanswered; it never counts as the address the header names.
  assert.equal(await raw(untrusting, { prefix: proxyHeader('203.0.113.7') }), 'closed', 'untrusted PROXY header');
  assert.equal(await raw(untrusting, {}), 200, 'plain HTTP from the untrusted address is answered');
  // 127.0.0.2, which it trusts, is read as its header says.
  assert.equal(await raw(untrusting, { prefix: proxyHeader('203.0.113.7'), localAddress: '127.0.0.2' }), 200);
  assert.equal(await raw(untrusting, { localAddress: '127.0.0.2' }), 'closed', 'no header from its trusted proxy');
});

test('X-Forwarded-For: believed from a trusted proxy (right-most untrusted address), ignored from anyone else', async () => {
  const name = uniqueName('xf');
  await newUser(viaHeader, name);
  // The client wrote an address of his own on the left; the proxy added his real one on the right.
  const from7 = { 'X-Forwarded-For': '198.51.100.99, 203.0.113.7' };
  for (let i = 0; i < LIMIT; ++i)
    assert.equal(await raw(viaHeader, { request: loginRequest(uniqueName('nobody'), 'wrong password here', from7) }), 401);
  assert.equal(await raw(viaHeader, { request: loginRequest(uniqueName('nobody'), 'wrong password here', from7) }), 429,
    '203.0.113.7 is over its limit');
  assert.equal(await raw(viaHeader, { request: loginRequest(name, PASSWORD, { 'X-Forwarded-For': '203.0.113.7' }) }), 429,
    'the same client, whatever he writes on the left');
  assert.equal(await raw(viaHeader, { request: loginRequest(name, PASSWORD, { 'X-Forwarded-For': '203.0.113.7, 203.0.113.8' }) }), 200,
    'another client through the same proxy is not locked out');
  // No X-Forwarded-For from the trusted proxy: the proxy's own address, which nobody has failed from.
  assert.equal(await raw(viaHeader, { request: loginRequest(name, PASSWORD) }), 200);

  // From an untrusted address the header is ignored: every login counts against 127.0.0.1 whatever it names.
  for (let i = 0; i < LIMIT; ++i) {
    const request = loginRequest(uniqueName('nobody'), 'wrong password here', { 'X-Forwarded-For': `203.0.113.${20 + i}` });
    assert.equal(await raw(untrusting, { request }), 401);
  }
  assert.equal(await raw(untrusting, { request: loginRequest(uniqueName('nobody'), 'x', { 'X-Forwarded-For': '203.0.113.99' }) }), 429,
    'a new X-Forwarded-For does not escape the limit of the socket\'s address');
});

/** A connection that sends `prefix` and half a request's header, and waits: a slow client. */
function slow(server, prefix, localAddress = '127.0.0.1') {
  const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress });
  const state = { closed: false, socket };
  socket.on('connect', () => socket.write(Buffer.concat([prefix, Buffer.from('GET / HTTP/1.1\r\nHost: muster\r\n')])));
  socket.on('error', () => {});
  socket.on('close', () => { state.closed = true; });
  return state;
}

test('the cap on one address\'s waiting connections counts the client a PROXY header names', async () => {
  const held = [];
  for (let i = 0; i < CAP; ++i) held.push(slow(viaProxy, proxyHeader('198.51.100.1')));
  await sleep(300);
  assert.deepEqual(held.map((s) => s.closed), [false, false, false], 'the cap\'s worth are held');
  const over = slow(viaProxy, proxyHeader('198.51.100.1'));
  await sleep(300);
  assert.equal(over.closed, true, 'one more from 198.51.100.1 is closed at once');
  // Another client through the same proxy is answered: before, all came from the proxy's one address.
  assert.equal(await raw(viaProxy, { prefix: proxyHeader('198.51.100.2') }), 200);

  // Behind a proxy naming its clients by X-Forwarded-For, the proxy's own connections are counted, never refused
  // (no client is known until a header is read).
  const proxied = [];
  for (let i = 0; i < CAP + 2; ++i) proxied.push(slow(viaHeader, Buffer.alloc(0)));
  await sleep(300);
  assert.equal(proxied.filter((s) => s.closed).length, 0, 'the trusted proxy is not capped as one client');
  // An untrusted address is capped as before.
  const plain = [];
  for (let i = 0; i < CAP + 1; ++i) plain.push(slow(untrusting, Buffer.alloc(0)));
  await sleep(300);
  assert.equal(plain.filter((s) => s.closed).length, 1, 'the untrusted address meets its cap');
  for (const s of [...held, over, ...proxied, ...plain]) s.socket.destroy();
});

test('through HAProxy with send-proxy-v2: each client keeps its own address', { skip: !haproxyInstalled && 'haproxy is not installed (bash scripts/dev.sh deps installs it)' }, async (t) => {
  // A node of its own with the default cap per address: HAProxy closes its side of a connection a moment after its
  // client has gone, and with a cap of 3 that moment could refuse the next login from the same client.
  const node = await startServer({ args: ['--login-failures-per-address', String(LIMIT), '--trusted-proxies', '127.0.0.1',
    '--proxy-protocol', 'true'] });
  t.after(() => node.cleanup());
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-proxy-address-'));
  const port = await freePort();
  const ADMIN = path.join(dir, 'admin.sock');
  const cfg = path.join(dir, 'haproxy.cfg');
  writeFileSync(cfg, `global
    stats socket ${ADMIN} mode 600 level admin
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    option httpchk GET /healthz
    default-server send-proxy-v2 inter 300ms fall 2 rise 1
frontend muster
    bind 127.0.0.1:${port}
    default_backend nodes
backend nodes
    server node-a 127.0.0.1:${node.port} check
`);
  const proxy = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proxy.stderr.on('data', (d) => { err += d; });
  t.after(() => { proxy.kill('SIGKILL'); rmSync(dir, { recursive: true, force: true }); });
  // Up once its health check (which sends a PROXY header too) has passed.
  let state = '';
  for (let i = 0; i < 50 && !/node-a \S+ 2 /.test(state); i++) {
    await sleep(100);
    state = await adminOf(ADMIN, 'show servers state nodes').catch(() => '');
  }
  assert.match(state, /node-a \S+ 2 /, `HAProxy marks the node up through its PROXY-header checks: ${state} ${err}`);
  const through = { port };
  const name = uniqueName('hp');
  await registerThroughProxy(name, node);
  for (let i = 0; i < LIMIT; ++i)
    assert.equal(await raw(through, { request: badLogin(), localAddress: '127.0.0.7' }), 401, `bad login ${i} from 127.0.0.7`);
  assert.equal(await raw(through, { request: badLogin(), localAddress: '127.0.0.7' }), 429, '127.0.0.7 is over its limit');
  assert.equal(await raw(through, { request: loginRequest(name, PASSWORD), localAddress: '127.0.0.8' }), 200,
    'a member on 127.0.0.8, through the same proxy, logs in');
});
