// Slow clients by Debian's slowhttptest (docs/reliability.md, "Under attack"), against a real server on loopback:
// slow headers (-H, slowloris), slow bodies (-B, R-U-Dead-Yet) and slow reads (-X: a tiny receive window, a few
// bytes read a second). Each opens 150 connections from 127.0.0.1; the defences asserted:
// - the server keeps at most max_http_connections_per_address (64) of them and closes the rest as they come;
// - someone at another address (127.0.0.2) is answered meanwhile, and the well-behaved player's lines are taken;
// - slow headers, and a slow reader's connection waiting for its next request, are dropped at
//   http_header_timeout_seconds (3 s here) within the run, with nothing left in the kernel's send buffers;
// - once the attack stops, the server's descriptors come back to their number before it.
// Slow bodies are dropped 30 s into a request: a run of MUSTER_SLOWHTTPTEST_SECONDS past 40 (the suite's is 8)
// asserts that too. The player's latency and the server's CPU time are reported, not asserted. Skipped, saying so,
// where slowhttptest is not installed.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, MUSTER_WEB } from './lib/server.mjs';
import { sleep } from './lib/client.mjs';
import { Arena, getFrom } from './lib/attacks.mjs';

const MISSING = spawnSync('slowhttptest', ['-h']).error
  ? 'slowhttptest is not installed (Debian package slowhttptest; bash scripts/dev.sh deps installs it)' : false;
const SECONDS = Number(process.env.MUSTER_SLOWHTTPTEST_SECONDS || 8);
const LONG = SECONDS > 40; // long enough for the 30 s a request may take
const CONNECTIONS = 150;
const CAP = 64; // max_http_connections_per_address, the default
const HEADER_TIMEOUT = 3;

let server;
let arena;
let dir;

// The largest static file: a slow read must take an answer bigger than the sockets' buffers.
function largestFile(root) {
  let best = { size: 0, rel: '/' };
  const walk = (d) => {
    for (const name of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, name.name);
      if (name.isDirectory()) walk(full);
      else if (statSync(full).size > best.size) best = { size: statSync(full).size, rel: `/${path.relative(root, full)}` };
    }
  };
  walk(root);
  return best.rel;
}

const MODES = [
  { flag: '-H', name: 'slow headers', args: () => ['-u', server.url('/')] },
  { flag: '-B', name: 'slow body', args: () => ['-s', '8192', '-u', server.url('/api/login')] },
  { flag: '-X', name: 'slow read', args: () => ['-k', '3', '-n', '1', '-w', '1', '-y', '16', '-z', '4', '-u', server.url(largestFile(MUSTER_WEB))] },
];

// Runs slowhttptest once; resolves, when it has exited, to its per-second CSV rows and its exit status line.
function slowhttptest(mode, round) {
  const prefix = path.join(dir, `${mode.flag.slice(1)}${round}`);
  const args = [mode.flag, ...mode.args(), '-c', String(CONNECTIONS), '-r', String(CONNECTIONS), '-i', '1', '-l', String(SECONDS),
    '-p', '3', '-g', '-o', prefix];
  const child = spawn('slowhttptest', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const done = new Promise((resolve) => child.on('exit', (code) => {
    // Seconds,Closed,Pending,Connected,Service Available (the last: its own probe from 127.0.0.1, the attackers'
    // address, which the cap refuses too: reported, not asserted).
    let rows = [];
    try {
      rows = readFileSync(`${prefix}.csv`, 'utf8').trim().split('\n').slice(1)
        .map((l) => l.split(',').map(Number)).map(([s, closed, pending, connected, probe]) => ({ s, closed, pending, connected, probe }));
    } catch { /* no report: the assertions say so */ }
    const plain = out.replace(/\x1b\[[0-9;]*m/g, ''); // its colours
    resolve({ code, rows, status: (/Exit status:\s*(.*)/.exec(plain) || [])[1]?.trim() ?? '', out: plain });
  }));
  return { child, done };
}

before(async () => {
  if (MISSING) return;
  dir = mkdtempSync(path.join(tmpdir(), 'muster-slowhttptest-'));
  server = await startServer({ args: ['--max-http-connections-per-address', String(CAP), '--http-header-timeout-seconds', String(HEADER_TIMEOUT)] });
  arena = new Arena(server);
  await arena.setUp(['u', 'w'], 'sh');
});

after(async () => {
  await arena?.close();
  await server?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('quiet: the well-behaved player\'s figures with nothing else going on', { skip: MISSING }, async () => {
  await sleep(200);
  await arena.under('quiet');
});

// From the attack's start until slowhttptest exits: the most descriptors the server held beyond its baseline, the
// most bytes the kernel held in its connections' send buffers, and when (s) both had come back to nothing.
function watchServer(baseline) {
  const t0 = Date.now();
  const seen = { held: 0, queued: 0, freedAt: null };
  const timer = setInterval(() => {
    const held = arena.fds() - baseline;
    const queued = arena.kernelQueued();
    seen.held = Math.max(seen.held, held);
    seen.queued = Math.max(seen.queued, queued);
    if (seen.freedAt === null && seen.held >= CAP - 2 && held <= 2 && queued < 64 * 1024) seen.freedAt = (Date.now() - t0) / 1000;
  }, 100);
  return { seen, stop: () => { clearInterval(timer); return (Date.now() - t0) / 1000; } };
}

// Sockets over the cap that the server has accepted and is closing, seen for a moment: a few, or more under
// ThreadSanitizer (scripts/sanitize.sh --thread), whose server runs several times slower.
const SLACK = process.env.TSAN_OPTIONS ? 8 : 3;

for (const mode of MODES) {
  test(`slowhttptest ${mode.flag} (${mode.name}): ${CAP} of ${CONNECTIONS} connections kept, others answered`, { skip: MISSING, timeout: (SECONDS + 60) * 1000 }, async (t) => {
    await arena.under(`slowhttptest ${mode.flag}`, async (round) => {
      const baseline = arena.fds();
      const watch = watchServer(baseline);
      const run = slowhttptest(mode, round);
      // The attack has arrived once the server holds nearly its cap of connections; someone else is answered then.
      const deadline = Date.now() + 10000;
      while (arena.fds() - baseline < CAP - 2 && Date.now() < deadline) await sleep(50);
      const other = await getFrom(server, '127.0.0.2');
      let result;
      let ended;
      return {
        stop: async () => {
          result = await run.done;
          ended = watch.stop();
        },
        check: async () => {
          const { held, queued, freedAt } = watch.seen;
          t.diagnostic(`round ${round}: ${result.status} after ${ended.toFixed(1)} s; the server held ${held} connections, `
            + `the kernel ${Math.round(queued / 1024)} KB of their answers, all let go ${freedAt === null ? 'at its end' : `after ${freedAt} s`}; `
            + `its probe from 127.0.0.1 answered in ${result.rows.filter((r) => r.probe > 0).length} of ${result.rows.length} seconds`);
          assert.ok(result.rows.length > 0, `slowhttptest wrote no report: ${result.out.slice(-2000)}`);
          assert.ok(held >= CAP - 2, `the attack held the server's cap of connections: ${held}`);
          assert.ok(held <= CAP + SLACK, `the server kept at most ${CAP} of ${CONNECTIONS}: ${held} descriptors held`);
          assert.ok(Math.max(...result.rows.map((r) => r.closed)) >= CONNECTIONS - CAP - 5, `and closed the rest: ${JSON.stringify(result.rows)}`);
          assert.equal(other, 200, 'someone at another address is answered meanwhile');
          // Slow headers, and a slow reader waiting for its next request, are dropped at the header timeout; a
          // slow body or answer 30 s into it. The server lets go of them itself, before slowhttptest stops.
          // slowhttptest stops at once when the server has closed all its connections ("No open connections left").
          if (mode.flag !== '-B' || LONG) {
            assert.ok(freedAt !== null || /^No open connections left/.test(result.status),
              `the server let go of every slow connection, and the kernel of their answers, before the run's end (${ended.toFixed(1)} s)`);
          }
        },
      };
    });
  });
}

test('figures', { skip: MISSING }, (t) => {
  arena.report(t);
  assert.equal(arena.figures.length, 1 + MODES.length);
});
