// Two nodes behind HAProxy on loopback, one PostgreSQL store (docs/operations.md, "More than one machine"):
// HAProxy (Debian's haproxy) routes /ws/c/{campaign} by a map of campaign to node, which the node that takes a
// campaign's lease sets through HAProxy's admin socket (server/app/placement.h); every other request goes round robin.
// - A campaign made through the proxy is kept by the node that made it, and every socket opened at its address
//   reaches that node.
// - That node killed with SIGKILL: HAProxy's check marks it down and sends its traffic to the other node (its
//   backup), which answers `moved` until the lease runs out, then keeps the campaign and sets the map: sockets
//   reconnecting at the campaign's address reach it, and every acknowledged line is there.
// Runs on PostgreSQL with haproxy installed (scripts/dev.sh installs it); skipped, saying why, otherwise.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { wantsPostgres } from './lib/postgres.mjs';
import { connect, newUser, login, sleep } from './lib/client.mjs';

const haproxy = spawnSync('haproxy', ['-v']).status === 0;
const skip = (!wantsPostgres && 'two nodes share a PostgreSQL store: run with MUSTER_TEST_STORE=postgresql')
  || (!haproxy && 'haproxy is not installed (bash scripts/dev.sh deps installs it)');
const dir = mkdtempSync(path.join(tmpdir(), 'muster-haproxy-'));
const ADMIN = path.join(dir, 'admin.sock');
const MAP = path.join(dir, 'campaigns.map');
let proxy;
const servers = [];
const sockets = [];
after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  proxy?.kill('SIGKILL');
  for (const s of servers.reverse()) await s.cleanup().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

function admin(line) {
  return new Promise((resolve, reject) => {
    const s = net.createConnection(ADMIN, () => s.end(`${line}\n`));
    let out = '';
    s.on('data', (d) => { out += d; });
    s.on('end', () => resolve(out.trim()));
    s.on('error', reject);
  });
}

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

function config(port, a, b) {
  const server = (name, p, backup = '') => `    server ${name} 127.0.0.1:${p} check inter 300ms fall 2 rise 1${backup}`;
  return `global
    stats socket ${ADMIN} mode 600 level admin
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    timeout tunnel 1h
frontend muster
    bind 127.0.0.1:${port}
    use_backend %[path,field(4,/),map(${MAP},nodes)] if { path_beg /ws/c/ }
    default_backend nodes
backend nodes
    balance roundrobin
${server('node-a', a.port)}
${server('node-b', b.port)}
backend node-a
${server('node-a', a.port)}
${server('node-b', b.port, ' backup')}
backend node-b
${server('node-b', b.port)}
${server('node-a', a.port, ' backup')}
`;
}

// The proxy as the test clients see a server: its own port, and a socket at the campaign's address.
const through = (port, campaign) => ({
  port, host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`,
  wsUrl: () => `ws://127.0.0.1:${port}/ws${campaign ? `/c/${campaign}` : ''}`,
});

async function subscribeThrough(port, cookie, campaign, limitMs = 20000) {
  const t0 = Date.now();
  let last = '';
  for (;;) {
    const c = await connect(through(port, campaign), cookie).catch((e) => { last = e.message; return null; });
    const r = c ? await c.subscribe(campaign).catch((e) => ({ reply: { ok: false, error: e.message } })) : { reply: { ok: false } };
    if (c) last = JSON.stringify(r.reply);
    if (r.reply.ok) { sockets.push(c); return { client: c, ms: Date.now() - t0 }; }
    await c?.close().catch(() => {});
    if (Date.now() - t0 > limitMs) throw new Error(`no node kept campaign ${campaign} through the proxy within ${limitMs} ms: ${last}`);
    await sleep(200);
  }
}

test('two nodes behind HAProxy: sockets reach the node that keeps their campaign, and follow it when it dies', { skip }, async (t) => {
  writeFileSync(MAP, '');
  // Behind the proxy every connection comes from its address: no per-address cap (docs/operations.md).
  const args = (node) => ['--node', node, '--lease-seconds', '3', '--proxy-admin', ADMIN, '--proxy-map', MAP, '--max-http-connections-per-address', '0'];
  const a = await startServer({ args: args('node-a') });
  servers.push(a);
  const b = await startServer({ dir: a.dir, args: args('node-b') });
  servers.push(b);
  const port = await freePort();
  writeFileSync(path.join(dir, 'haproxy.cfg'), config(port, a, b));
  proxy = spawn('haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let proxyErr = '';
  proxy.stderr.on('data', (d) => { proxyErr += d; });
  for (let i = 0; i < 50 && !(await admin('show info').catch(() => '')).includes('Name: HAProxy'); i++) await sleep(100);

  const P = through(port);
  const ump = await newUser(P, 'hp_umpire');
  const lobby = await connect(P, ump.cookie);
  sockets.push(lobby);
  const campaign = (await lobby.ok('campaign.create', { name: 'Behind the proxy' })).campaign;
  let keeper = '';
  for (let i = 0; i < 30 && !keeper; i++, await sleep(100)) keeper = (await admin(`show map ${MAP}`)).match(new RegExp(`\\b${campaign} (node-[ab])`))?.[1] ?? '';
  assert.ok(keeper, `the map names the node that made campaign ${campaign}:\n${await admin(`show map ${MAP}`)}\n${proxyErr}`);

  // Five sockets at the campaign's address: every one reaches the keeper (another node would answer `moved`).
  let first;
  for (let i = 0; i < 5; i++) {
    const { client, ms } = await subscribeThrough(port, ump.cookie, campaign, 1000);
    assert.ok(ms < 1000);
    first ??= client;
  }
  const acknowledged = [];
  for (let i = 0; i < 20; i++) {
    await first.ok('chat.say', { campaign, text: `line ${i}` });
    acknowledged.push(`line ${i}`);
  }

  const [dead, alive] = keeper === 'node-a' ? [a, b] : [b, a];
  await dead.kill('SIGKILL');
  const cookie = await login(P, ump.username);
  const { client, ms } = await subscribeThrough(port, cookie, campaign);
  const seen = Object.values(client.view(campaign).chat || {}).map((m) => m.text);
  const lost = acknowledged.filter((line) => !seen.includes(line));
  const now = (await admin(`show map ${MAP}`)).match(new RegExp(`\\b${campaign} (node-[ab])`))?.[1];
  t.diagnostic(`${keeper} killed: the campaign answered again through the proxy ${ms} ms later, kept by ${now}; lost ${lost.length} of ${acknowledged.length}`);
  assert.deepEqual(lost, []);
  assert.equal(now, alive === a ? 'node-a' : 'node-b', 'the map follows the lease');
  await client.ok('chat.say', { campaign, text: 'after the failover' });
});
