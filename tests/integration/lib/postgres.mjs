// A PostgreSQL cluster for the tests, from Debian's packages (postgresql-15), on a loopback port of its own, and a
// fresh database in it for each server (docs/operations.md, "More than one machine").
//
//   MUSTER_TEST_STORE=postgresql   the integration tests' servers use PostgreSQL instead of a SQLite file
//   MUSTER_TEST_PG_DIR=DIR         a cluster already running there (CTest's fixture starts one for the whole run,
//                                  tests/CMakeLists.txt); without it each test process starts and stops its own
//
//   node tests/integration/lib/postgres.mjs start DIR | stop DIR     the fixture's two steps
//
// The cluster trusts local connections (a test cluster on a Unix socket in its own folder) and runs with fsync off:
// the tests kill the Muster server, never PostgreSQL's machine. Run as root, PostgreSQL's programs run as the user
// `postgres` (initdb refuses root).
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, chownSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export const wantsPostgres = process.env.MUSTER_TEST_STORE === 'postgresql';

/** The folder of PostgreSQL's server programs (initdb, pg_ctl), or null when none is installed. */
export function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin/initdb'))).sort((a, b) => b - a);
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

/** As root, the uid and gid of `postgres` for spawn's options (initdb refuses root); otherwise {}. */
export function runAs() {
  if (process.getuid() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Runs one of PostgreSQL's programs (as `postgres` under root); throws with its output unless it exits 0. */
export function run(program, args, what) {
  const r = spawnSync(path.join(postgresBin(), program), args, { encoding: 'utf8', ...runAs() });
  if (r.status !== 0) throw new Error(`${what} failed (${program} ${args.join(' ')}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** A loopback TCP port free at the time of asking. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
    s.on('error', reject);
  });
}

/**
 * Starts a cluster in `dir` (made if missing) and writes its port to dir/port. Returns {dir, port}. `listen`: the
 * addresses it listens on besides loopback, each trusted for its /24 (a test's network namespaces).
 */
export async function startCluster(dir, { listen = [] } = {}) {
  if (!postgresBin()) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)');
  mkdirSync(dir, { recursive: true });
  const owner = runAs();
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  if (!existsSync(path.join(data, 'PG_VERSION'))) run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], 'initdb');
  const port = await freePort();
  // PG_FSYNC=on for a benchmark (bench/run.sh STORE=postgresql): commits then reach the disk, as a deployment's.
  const fsync = process.env.PG_FSYNC === 'on' ? 'on' : 'off';
  for (const address of listen)
    appendFileSync(path.join(data, 'pg_hba.conf'), `host all all ${address.replace(/\.\d+$/, '.0')}/24 trust\n`);
  const options = `-c listen_addresses=${['127.0.0.1', ...listen].join(',')} -c port=${port} -c unix_socket_directories=${dir} -c fsync=${fsync} -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start'], 'pg_ctl start');
  writeFileSync(path.join(dir, 'port'), String(port));
  return { dir, port };
}

export function stopCluster(dir) {
  const data = path.join(dir, 'data');
  if (existsSync(path.join(data, 'postmaster.pid'))) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], 'pg_ctl stop');
}

let own = null;  // the cluster this process started, when no fixture's is running

async function cluster() {
  const shared = process.env.MUSTER_TEST_PG_DIR;
  if (shared && existsSync(path.join(shared, 'port')) && existsSync(path.join(shared, 'data/postmaster.pid')))
    return { dir: shared, port: Number(readFileSync(path.join(shared, 'port'), 'utf8')) };
  if (!own) {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-pg-'));
    own = await startCluster(dir);
    process.on('exit', () => {
      try { stopCluster(dir); } catch { /* already gone */ }
      rmSync(dir, { recursive: true, force: true });
    });
  }
  return own;
}

/** One statement through psql on the cluster's socket folder `dir`: its rows as text (-At). */
export function psql({ dir, port }, sql, db = 'postgres') {
  const r = spawnSync(path.join(postgresBin(), 'psql'), ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', db, '-v', 'ON_ERROR_STOP=1', '-At', '-c', sql], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql failed: ${sql}\n${r.stderr}`);
  return r.stdout.trim();
}

/**
 * A psql kept open on database `db`, for a transaction held across a test's steps: `await s.run(sql)` resolves with
 * what the statements printed (-At) once they ran; `await s.end()` quits (an open transaction is rolled back).
 */
export function psqlSession({ dir, port }, db) {
  const child = spawn(path.join(postgresBin(), 'psql'), ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', db, '-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1'],
    { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let exited = false;
  let wake = () => {};
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (d) => { out += d; wake(); });
  child.stderr.on('data', (d) => { err += d; });
  const closed = new Promise((resolve) => child.on('close', () => { exited = true; wake(); resolve(); }));
  let n = 0;
  return {
    run(sql, timeoutMs = 10000) {
      const marker = `-- ran ${++n} --`;
      child.stdin.write(`${sql}\nSELECT '${marker}';\n`);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`psql: no answer to ${sql} within ${timeoutMs} ms\n${err}`)), timeoutMs);
        wake = () => {
          const at = out.indexOf(marker);
          if (at >= 0) {
            clearTimeout(timer);
            const text = out.slice(0, at).trim();
            out = out.slice(at + marker.length).replace(/^\n/, '');
            resolve(text);
          } else if (exited) {
            clearTimeout(timer);
            reject(new Error(`psql exited running ${sql}:\n${err}`));
          }
        };
        wake();
      });
    },
    async end() {
      child.stdin.end();
      await closed;
    },
  };
}

/** A new, empty database for one server: {url, sql(query) -> text, session() -> psqlSession, drop()}. */
export async function newDatabase() {
  const c = await cluster();
  const name = `muster_${randomBytes(6).toString('hex')}`;
  psql(c, `CREATE DATABASE ${name}`);
  return {
    url: `postgresql://postgres@/${name}?host=${encodeURIComponent(c.dir)}&port=${c.port}`,
    sql: (query) => psql(c, query, name),
    session: () => psqlSession(c, name),
    drop: () => psql(c, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [what, dir] = process.argv.slice(2);
  if (what === 'start') {
    if (!postgresBin()) {
      console.log('PostgreSQL is not installed: the PostgreSQL runs of the integration tests will start none and skip');
    } else {
      if (existsSync(dir)) { try { stopCluster(dir); } catch { /* a stale one */ } rmSync(dir, { recursive: true, force: true }); }
      const { port } = await startCluster(dir);
      console.log(`PostgreSQL cluster in ${dir} on port ${port}`);
    }
  } else if (what === 'stop') {
    if (existsSync(dir)) { stopCluster(dir); rmSync(dir, { recursive: true, force: true }); }
  } else {
    console.error('usage: node tests/integration/lib/postgres.mjs start|stop DIR');
    process.exit(2);
  }
}
