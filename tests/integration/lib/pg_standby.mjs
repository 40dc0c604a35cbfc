// A PostgreSQL primary and its synchronous standby on loopback ports, from Debian's postgresql-15 programs, for a
// test that kills the primary and promotes the standby (tests/integration/pg_failover.test.mjs; docs/operations.md,
// "More than one machine").
//
//   const root = makeRoot();                     // a temp folder PostgreSQL's user may enter
//   const primary = await startPrimary(path.join(root, 'primary'));      // {name, dir, data, port}
//   const standby = await startStandby(primary, path.join(root, 'standby'));   // synchronous once it returns
//   killPostmaster(primary);                     // SIGKILL, the postmaster and every process of it
//   await promote(standby);                      // pg_ctl promote, then until it takes writes
//   removeNodes(root, [primary, standby]);       // pg_ctl stop -m immediate where one still runs, rm -r root
//
// Each node listens on 127.0.0.1 and on a Unix socket in its own folder (psql goes through that). Connections are
// trusted, replication too (user `replicator`): a test cluster. fsync is off: the test kills PostgreSQL's processes,
// never the machine, so what they wrote is in the page cache either way.
import { existsSync, mkdtempSync, mkdirSync, chownSync, appendFileSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresBin, runAs, run, freePort, psql } from './postgres.mjs';

export const STANDBY_NAME = 'muster_standby';
const REPLICATION_USER = 'replicator';

const live = new Set();  // nodes started here and not stopped: stopped when the process exits, whatever happened
process.on('exit', () => {
  for (const node of live) {
    try { stopNode(node); } catch { /* already gone */ }
  }
});

function ownedFolder(dir) {
  mkdirSync(dir, { recursive: true });
  const owner = runAs();
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid);
}

/** A new temp folder for the nodes' folders, owned by `postgres` when run as root (mkdtemp makes it 0700). */
export function makeRoot(prefix = 'muster-pg-standby-') {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  ownedFolder(root);
  return root;
}

// Where each node listens: on the command line, not in postgresql.conf, which pg_basebackup copies to the standby.
function start(node) {
  const options = `-c listen_addresses=127.0.0.1 -c port=${node.port} -c unix_socket_directories=${node.dir}`;
  run('pg_ctl', ['-D', node.data, '-l', path.join(node.dir, 'log'), '-w', '-t', '60', '-o', options, 'start'], `pg_ctl start (${node.name})`);
  live.add(node);
}

/** psql on this node: the rows as text. */
export function sql(node, query, db = 'postgres') {
  return psql({ dir: node.dir, port: node.port }, query, db);
}

/**
 * Initialises and starts a primary in `dir`, ready for a standby (wal_level replica, a replication user). Its commits
 * wait for the standby once startStandby has named it in synchronous_standby_names: named before, even the
 * CREATE ROLE for the standby would wait for it. Returns {name, dir, data, port}.
 */
export async function startPrimary(dir) {
  if (!postgresBin()) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql-15)');
  ownedFolder(dir);
  const node = { name: 'primary', dir, data: path.join(dir, 'data'), port: await freePort() };
  run('initdb', ['-D', node.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], 'initdb');
  // initdb's pg_hba.conf already trusts replication connections from 127.0.0.1 (--auth=trust).
  appendFileSync(path.join(node.data, 'postgresql.conf'), [
    '', '# pg_standby.mjs',
    'wal_level = replica', 'max_wal_senders = 5', 'hot_standby = on',
    'synchronous_commit = on',
    'fsync = off', 'max_connections = 100', '',
  ].join('\n'));
  start(node);
  sql(node, `CREATE ROLE ${REPLICATION_USER} WITH REPLICATION LOGIN`);
  return node;
}

/**
 * A standby of `primary` in `dir`, from pg_basebackup -R, streaming as `name`; then the primary's
 * synchronous_standby_names names it, and this waits until pg_stat_replication shows it `sync`: from then on a
 * commit is acknowledged only once the standby has it. Returns {name, dir, data, port}.
 */
export async function startStandby(primary, dir, { name = STANDBY_NAME } = {}) {
  ownedFolder(dir);
  const node = { name, dir, data: path.join(dir, 'data'), port: await freePort() };
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', REPLICATION_USER, '-D', node.data,
    '-R', '-X', 'stream', '--no-sync', '-c', 'fast'], 'pg_basebackup');
  // The later line wins: primary_conninfo with our application_name, whatever -R wrote.
  appendFileSync(path.join(node.data, 'postgresql.auto.conf'),
    `\nprimary_conninfo = 'host=127.0.0.1 port=${primary.port} user=${REPLICATION_USER} application_name=${name}'\n`);
  start(node);
  // Only the primary's setting: promoted, the standby has no standby of its own and must not wait for one.
  sql(primary, `ALTER SYSTEM SET synchronous_standby_names = '${name}'`);
  sql(primary, 'SELECT pg_reload_conf()');
  await waitForSync(primary, name);
  return node;
}

/** Waits until the primary's pg_stat_replication shows `name` streaming as its synchronous standby. */
export async function waitForSync(primary, name = STANDBY_NAME, timeoutMs = 30000) {
  const t0 = Date.now();
  for (;;) {
    const state = sql(primary, `SELECT state || '/' || sync_state FROM pg_stat_replication WHERE application_name = '${name}'`);
    if (state === 'streaming/sync') return;
    if (Date.now() - t0 > timeoutMs) throw new Error(`standby ${name} not synchronous after ${timeoutMs} ms: '${state}'`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function postmasterPid(node) {
  const file = path.join(node.data, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : null;
}

export function alive(pid) {
  try {
    // A zombie has exited; /proc still lists it until its parent (init, pg_ctl having gone) reaps it.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

export function childrenOf(pid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch { /* gone meanwhile */ }
  }
  return out;
}

/**
 * SIGKILL to the node's postmaster and, at the same moment, to each of its processes (backends, walsender,
 * checkpointer): as if its machine had died, except that the kernel still closes the sockets, so clients see their
 * connections end at once. Waits until the postmaster is gone; returns its pid.
 */
export async function killPostmaster(node) {
  const pid = postmasterPid(node);
  if (!pid || !alive(pid)) throw new Error(`${node.name}: no postmaster running`);
  const children = childrenOf(pid);
  process.kill(pid, 'SIGKILL');
  for (const child of children) {
    try { process.kill(child, 'SIGKILL'); } catch { /* gone already */ }
  }
  live.delete(node);
  while (alive(pid) || children.some(alive)) await new Promise((r) => setTimeout(r, 20));
  return pid;
}

/** pg_ctl promote, then waits until the node takes writes (out of recovery). */
export async function promote(node, timeoutMs = 30000) {
  run('pg_ctl', ['-D', node.data, '-w', '-t', String(Math.ceil(timeoutMs / 1000)), 'promote'], `pg_ctl promote (${node.name})`);
  const t0 = Date.now();
  while (sql(node, 'SELECT pg_is_in_recovery()') !== 'f') {
    if (Date.now() - t0 > timeoutMs) throw new Error(`${node.name} still in recovery ${timeoutMs} ms after promote`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stops the node at once if its postmaster still runs. */
export function stopNode(node) {
  live.delete(node);
  const pid = postmasterPid(node);
  if (pid && alive(pid)) run('pg_ctl', ['-D', node.data, '-m', 'immediate', '-w', 'stop'], `pg_ctl stop (${node.name})`);
}

/** Stops both nodes and removes their folders. */
export function removeNodes(root, nodes) {
  for (const node of nodes) {
    try { stopNode(node); } catch { /* reported by the test that failed */ }
  }
  rmSync(root, { recursive: true, force: true });
}
