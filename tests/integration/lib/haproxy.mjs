// Two Muster nodes on one PostgreSQL store behind HAProxy on loopback, shaped as docker/haproxy.cfg (docs/operations.md,
// "More than one machine"): /ws/c/{campaign} routed by a map of campaign to node, which the nodes set through
// HAProxy's admin socket; everything else round robin; each node's backend has the other as its backup.
//
//   const C = await proxyCluster(dir, 'tag', extraNodeArgs);   // C.a, C.b (MusterServer), C.port, C.keeperOf(id)
//   connect(through(C.port, campaign), cookie)                 // a test client at the proxy, at the campaign's address
//   await C.stop();                                            // the proxy killed, both nodes cleaned up
//
// Checks GET /healthz every 300 ms (an HTTP check: a frozen node still accepts TCP connections), down after two failures; a node marked down has its sockets closed (on-marked-down
// shutdown-sessions) unless `shutdownSessions` is false. The nodes' lease_seconds: `leaseSeconds` (3).
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startServer } from './server.mjs';
import { freePort } from './postgres.mjs';
import { sleep } from './client.mjs';

export const haproxyInstalled = spawnSync('haproxy', ['-v']).status === 0;

export function adminOf(socketPath, line) {
  return new Promise((resolve, reject) => {
    const s = net.createConnection(socketPath, () => s.end(`${line}\n`));
    let out = '';
    s.on('data', (d) => { out += d; });
    s.on('end', () => resolve(out.trim()));
    s.on('error', reject);
  });
}

function config(port, a, b, ADMIN, MAP, shutdownSessions) {
  const server = (name, p, backup = '') => `    server ${name} 127.0.0.1:${p} check${backup}`;
  return `global
    stats socket ${ADMIN} mode 600 level admin
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    timeout tunnel 1h
    option httpchk GET /healthz
    default-server send-proxy-v2 inter 300ms fall 2 rise 1${shutdownSessions ? ' on-marked-down shutdown-sessions' : ''}
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
export const through = (port, campaign) => ({
  port, host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`,
  wsUrl: () => `ws://127.0.0.1:${port}/ws${campaign ? `/c/${campaign}` : ''}`,
});

// Two nodes on one store and HAProxy in front, the files of this set in `dir` named by `tag`.
export async function proxyCluster(dir, tag, extra = [], { shutdownSessions = true, leaseSeconds = 3 } = {}) {
  const ADMIN = path.join(dir, `${tag}-admin.sock`);
  const MAP = path.join(dir, `${tag}-campaigns.map`);
  writeFileSync(MAP, '');
  // The proxy names each connection's client in a PROXY v2 header (send-proxy-v2), as docker/haproxy.cfg: the
  // nodes trust it (docs/operations.md, "The client's address behind a proxy").
  const args = (node) => ['--node', node, '--lease-seconds', String(leaseSeconds), '--proxy-admin', ADMIN, '--proxy-map', MAP,
    '--trusted-proxies', '127.0.0.1', '--proxy-protocol', 'true', ...extra];
  const a = await startServer({ args: args('node-a') });
  const b = await startServer({ dir: a.dir, args: args('node-b') }).catch(async (e) => { await a.cleanup(); throw e; });
  const port = await freePort();
  const cfg = path.join(dir, `${tag}-haproxy.cfg`);
  writeFileSync(cfg, config(port, a, b, ADMIN, MAP, shutdownSessions));
  const proxy = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  const c = { a, b, port, MAP, err: '', admin: (line) => adminOf(ADMIN, line) };
  proxy.stderr.on('data', (d) => { c.err += d; });
  for (let i = 0; i < 50 && !(await c.admin('show info').catch(() => '')).includes('Name: HAProxy'); i++) await sleep(100);
  // The node the map names for a campaign ('' while none).
  c.keeperOf = async (campaign) => (await c.admin(`show map ${MAP}`)).match(new RegExp(`\\b${campaign} (node-[ab])`))?.[1] ?? '';
  c.stop = async () => {
    proxy.kill('SIGKILL');
    for (const s of [b, a]) {
      if (s.proc && s.running) process.kill(s.proc.pid, 'SIGCONT');  // a frozen node stops too
      await s.cleanup().catch(() => {});
    }
  };
  return c;
}
