// Idle sockets: the server's memory with N authenticated WebSockets open and quiet (a club's players leave their
// tabs open). One user, so that the bench does not spend minutes on scrypt; his per-user cap and the file limits
// are raised for the bench only (the product keeps its defaults). The sockets come from 127.0.0.1-4 so that the
// loopback's ephemeral ports suffice. Each socket has subscribed to the user's one campaign, as an open page has.
// RSS is VmRSS from /proc, before the sockets and after them. Run on demand (as root, for the file limit):
//
//   node bench/idle-sockets.mjs [--sockets 50000] [--bin build/muster] [--deflate]
//
// --deflate: every socket takes permessage-deflate and compresses each message it sends, as Chrome does (the
// server then reads its subscribe compressed, and sends the view, some 20 KB of JSON, compressed); without it no
// socket asks, as the harness's clients do not.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const N = Number(arg('sockets', 50000));
const FILES = N + 1000;

// The soft and hard limits on open files, raised by re-running under prlimit.
const limit = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))[1]);
if (limit < FILES) {
  const r = spawnSync('prlimit', [`--nofile=${FILES}:${FILES}`, process.execPath, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
if (arg('bin')) process.env.MUSTER_BIN = arg('bin');
const { startServer } = await import('../tests/integration/lib/server.mjs');
const { newUser } = await import('../tests/integration/lib/client.mjs');
const { default: WebSocket } = await import('ws');

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const fds = (pid) => spawnSync('ls', [`/proc/${pid}/fd`], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).length;

// The server is told to offer compression, which a binary older than that default did not.
const DEFLATE = process.argv.includes('--deflate');
const server = await startServer({ args: ['--max-connections-per-user', String(N + 10), '--ws-rate', '100000', '--ws-burst', '100000',
  ...(DEFLATE ? ['--ws-deflate', 'true'] : [])] });
const sockets = [];
try {
  const pid = server.proc.pid;
  const u = await newUser(server, 'bench_idle');
  const open = (i) => new Promise((resolve, reject) => {
    const ws = new WebSocket(server.wsUrl(), { headers: { Cookie: u.cookie, Origin: server.origin }, localAddress: `127.0.0.${1 + (i % 4)}`,
      perMessageDeflate: DEFLATE && { threshold: 0 } });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
  // His campaign, made on the first socket; every socket subscribes to it.
  const first = await open(0);
  const reply = (ws, id) => new Promise((resolve) => ws.on('message', function on(m) {
    const f = [JSON.parse(String(m))].flat().find((x) => x.reply === id); // an array: frames that queued
    if (f) { ws.off('message', on); resolve(f); }
  }));
  first.send(JSON.stringify({ id: 1, type: 'campaign.create', body: { name: 'Open tabs' } }));
  const campaign = (await reply(first, 1)).body.campaign;
  sockets.push(first);
  const rss0 = rssMb(pid), fd0 = fds(pid);
  const t0 = performance.now();
  const BATCH = 200;
  for (let i = 1; i < N; i += BATCH) {
    const batch = [];
    for (let k = i; k < Math.min(N, i + BATCH); k++) batch.push(open(k).then(async (ws) => {
      const r = reply(ws, 2);
      ws.send(JSON.stringify({ id: 2, type: 'campaign.subscribe', body: { campaign } }));
      await r;
      ws.removeAllListeners('message');  // quiet from now on: pushes are not kept
      return ws;
    }));
    sockets.push(...await Promise.all(batch));
  }
  const openS = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 3000));
  const rss1 = rssMb(pid), fd1 = fds(pid);
  console.log(`\`node bench/idle-sockets.mjs --sockets ${N}${DEFLATE ? ' --deflate' : ''}\` (binary ${process.env.MUSTER_BIN || 'build/muster'})\n`);
  console.log('| | sockets | server RSS MB | server fds |');
  console.log('|---|---:|---:|---:|');
  console.log(`| before | 1 | ${rss0.toFixed(0)} | ${fd0} |`);
  console.log(`| open, subscribed, idle | ${sockets.length} | ${rss1.toFixed(0)} | ${fd1} |`);
  console.log(`\nPer socket: ${((rss1 - rss0) * 1024 / (sockets.length - 1)).toFixed(1)} KB; opened in ${openS.toFixed(1)} s.`);
} finally {
  for (const ws of sockets) ws.terminate();
  await server.cleanup();
}
