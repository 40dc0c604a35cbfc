// Starts the real Muster server binary on a loopback port with a fresh SQLite file in a temp dir, or, with
// MUSTER_TEST_STORE=postgresql, a fresh PostgreSQL database (tests/integration/lib/postgres.mjs).
//
//   const server = await startServer({ args: ['--ws-rate', '20'] });
//   server.port, server.origin ('http://127.0.0.1:PORT'), server.url('/healthz'), server.dbPath
//   server.engine            'sqlite' | 'postgresql'
//   server.storeArgs         ['--db', FILE] or ['--store', URL]: the database, for `muster admin|export|import`
//   server.sql(query)        a query's rows as text (psql -At, or Python's sqlite3 likewise)
//   await server.stop();     // SIGTERM, waits for the exit, asserts nothing itself: returns {code, signal}
//   await server.restart();  // stop + start again on the same db (and the same flags); new port
//   await server.kill();     // SIGKILL (a crash), then server.start() again on the same db
//   server.args = [...];     // the extra flags of the next start()
//   await server.cleanup();  // stop if running, remove the temp dir
// A server that printed a sanitizer's report (a build-asan/ or build-tsan/ muster, scripts/sanitize.sh) fails the test file
// once stop(), kill() or cleanup() has seen it, whatever the server's exit code.
//
// MUSTER_BIN is the binary (default: build/muster of this repository), MUSTER_WEB the web dir (default: web/).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { wantsPostgres, newDatabase } from './postgres.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const MUSTER_BIN = process.env.MUSTER_BIN || path.join(REPO, 'build/muster');
export const MUSTER_WEB = process.env.MUSTER_WEB || path.join(REPO, 'web');
// The plain modules of web/, for a test that imports one of them in the page by its address.
export const SOURCE_WEB = path.join(REPO, 'web');
const LISTENING = /^listening on http:\/\/[0-9.]+:(\d+)$/;
const SANITIZER_REPORT = /ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|WARNING: ThreadSanitizer/;

/**
 * If a process's stderr holds a report from ASan, LeakSanitizer or UBSan, prints it and fails the test file by its
 * exit code. Not a throw: that would cut short the after hook stopping the server, and a mail sink or webhook it
 * then left running would hold the file open until CTest's timeout.
 */
export function checkSanitizerReport(stderr, what = 'the server') {
  const at = stderr.search(SANITIZER_REPORT);
  if (at < 0) return;
  process.stderr.write(`${what} printed a sanitizer report:\n${stderr.slice(Math.max(0, at - 300))}\n`);
  process.exitCode = 1;
}

const live = new Set();
process.on('exit', () => {
  for (const child of live) {
    try { child.kill('SIGKILL'); } catch { /* already gone */ }
  }
});

// The child's environment without any MUSTER_* setting inherited from the test run, so that every
// server runs with exactly the flags its test gives (MUSTER_BIN and MUSTER_WEB are ours, not its). Test
// servers hash passwords at scrypt N=2^14 rather than 2^17: a test file's dozens of logins then take
// milliseconds, not seconds, and files can run side by side (a test may still set its own).
// MUSTER_TEST_THREADS=n runs every server with n network threads (scripts/sanitize.sh --thread), unless its test
// gives its own.
function childEnv(extra) {
  const env = { MUSTER_PASSWORD_WORK: '14' };
  if (process.env.MUSTER_TEST_THREADS) env.MUSTER_THREADS = process.env.MUSTER_TEST_THREADS;
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('MUSTER_')) env[k] = v;
  return { ...env, ...extra };
}

export class MusterServer {
  // netns: a network namespace to run in (`ip netns exec`), listening on `address` there (default 127.0.0.1).
  constructor({ dir, web, args, env, keepDir, pg = null, netns = null, address = '127.0.0.1' }) {
    this.netns = netns;
    this.address = address;
    this.dir = dir;
    this.dbPath = path.join(dir, 'muster.db');
    this.pg = pg;
    this.web = web;
    this.args = args;
    this.env = env;
    this.keepDir = keepDir;
    this.proc = null;
    this.port = null;
    this.stdout = '';
    this.stderr = '';
    this.exit = null; // {code, signal} once the process has exited
  }

  get origin() { return `http://${this.address}:${this.port}`; }
  get host() { return `${this.address}:${this.port}`; }
  url(p) { return `${this.origin}${p}`; }
  wsUrl(p = '/ws') { return `ws://${this.address}:${this.port}${p}`; }
  get running() { return this.proc !== null && this.exit === null; }
  get engine() { return this.pg ? 'postgresql' : 'sqlite'; }
  get storeArgs() { return this.pg ? ['--store', this.pg.url] : ['--db', this.dbPath]; }

  sql(query) {
    if (this.pg) return this.pg.sql(query);
    const script = 'import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\nrows = c.execute(sys.argv[2]).fetchall()\nc.commit()\n'
      + 'for row in rows: print("|".join("" if v is None else str(v) for v in row))';
    return execFileSync('python3', ['-c', script, this.dbPath, query], { encoding: 'utf8' }).trim();
  }

  async start({ timeoutMs = 20000 } = {}) {
    if (this.running) throw new Error('server already running');
    if (!existsSync(MUSTER_BIN)) throw new Error(`no server binary at ${MUSTER_BIN} (set MUSTER_BIN)`);
    const argv = ['--listen', `${this.address}:0`, ...this.storeArgs, '--web', this.web, ...this.args];
    this.stdout = '';
    this.stderr = '';
    this.exit = null;
    this.port = null;
    // `ip netns exec` enters the namespace and then execs the server: the child's pid is the server's.
    const [program, programArgs] = this.netns ? ['ip', ['netns', 'exec', this.netns, MUSTER_BIN, ...argv]] : [MUSTER_BIN, argv];
    const child = spawn(program, programArgs, { env: childEnv(this.env), stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = child;
    live.add(child);
    this.exited = new Promise((resolve) => {
      // Resolved on 'close', after the last of stderr (a sanitizer's report at exit included), or a second after
      // the exit should something else still hold the pipes.
      child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        live.delete(child);
        setTimeout(() => resolve(this.exit), 1000).unref();
      });
      child.on('close', () => resolve(this.exit));
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => { this.stderr += d; });
    child.stdout.setEncoding('utf8');
    const port = await new Promise((resolve, reject) => {
      let buffered = '';
      let done = false;
      const finish = (err, value) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (err) reject(err); else resolve(value);
      };
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        finish(new Error(`server printed no listening line within ${timeoutMs} ms\nstdout: ${this.stdout}\nstderr: ${this.stderr}`));
      }, timeoutMs);
      child.on('error', (e) => finish(new Error(`cannot start ${MUSTER_BIN}: ${e.message}`)));
      child.on('exit', (code, signal) => finish(new Error(
        `server exited (code ${code}, signal ${signal}) before listening\nargs: ${argv.join(' ')}\nstdout: ${this.stdout}\nstderr: ${this.stderr}`)));
      child.stdout.on('data', (d) => {
        this.stdout += d;
        if (done) return;
        buffered += d;
        let nl;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl).replace(/\r$/, '');
          buffered = buffered.slice(nl + 1);
          const m = LISTENING.exec(line);
          if (m) return finish(null, Number(m[1]));
        }
      });
    });
    this.port = port;
    return this;
  }

  /** SIGTERM and wait for the exit; SIGKILL after timeoutMs. Returns {code, signal}. */
  async stop({ timeoutMs = 15000 } = {}) {
    if (!this.proc) return this.exit;
    if (this.exit) {
      await this.exited;
      checkSanitizerReport(this.stderr);
      return this.exit;
    }
    this.proc.kill('SIGTERM');
    let timer;
    const timedOut = new Promise((resolve) => { timer = setTimeout(() => resolve(null), timeoutMs); });
    const result = await Promise.race([this.exited, timedOut]);
    clearTimeout(timer);
    if (result === null) {
      this.proc.kill('SIGKILL');
      await this.exited;
      throw new Error(`server did not exit within ${timeoutMs} ms of SIGTERM\nstderr: ${this.stderr}`);
    }
    checkSanitizerReport(this.stderr);
    return result;
  }

  /** Sends a signal (e.g. SIGKILL, to test crash safety) and waits for the exit. Returns {code, signal}. */
  async kill(signal = 'SIGKILL') {
    if (this.running) this.proc.kill(signal);
    const exit = this.proc ? await this.exited : this.exit;
    checkSanitizerReport(this.stderr);
    return exit;
  }

  async restart() {
    const exit = await this.stop();
    await this.start();
    return exit;
  }

  async cleanup() {
    try {
      if (this.running) await this.stop();
    } finally {
      if (!this.keepDir) {
        rmSync(this.dir, { recursive: true, force: true });
        if (this.pg) { databases.delete(this.dir); this.pg.drop(); }
      }
    }
  }
}

// With PostgreSQL, a server's database goes with its dir: a second server started on the same dir (a restart in a
// new process object) finds the same campaigns, as it would the same SQLite file.
const databases = new Map();
export async function databaseFor(dir) {
  if (!wantsPostgres) return null;
  if (!databases.has(dir)) databases.set(dir, await newDatabase());
  return databases.get(dir);
}

/**
 * Starts a server on a fresh temp dir (new db). Options: args (extra flags), env (extra env vars),
 * web (static dir, default MUSTER_WEB), dir (an existing dir to use instead of a new temp one).
 */
export async function startServer({ args = [], env = {}, web = MUSTER_WEB, dir } = {}) {
  const keepDir = Boolean(dir);
  const d = dir || mkdtempSync(path.join(tmpdir(), 'muster-itest-'));
  const pg = await databaseFor(d);
  const server = new MusterServer({ dir: d, web, args, env, keepDir, pg });
  try {
    await server.start();
  } catch (e) {
    if (!keepDir) rmSync(d, { recursive: true, force: true });
    throw e;
  }
  return server;
}
