// PostgreSQL that fails over by itself, on loopback ports and as plain processes, from Debian 12's packages: three
// etcd members (etcd-server 3.4), three PostgreSQL 15 nodes under Patroni 3.0 (a leader, its synchronous standby
// and a standby streaming asynchronously)
// and HAProxy sending the store's connections to whichever node Patroni's REST API says is the leader
// (tests/integration/patroni_failover.test.mjs; docs/operations.md, "PostgreSQL that fails over by itself").
//
//   const c = await patroniCluster();        // {root, etcd: [member], nodes: [node], url, ...}
//   c.url                                    // the store's URL through HAProxy, for --store
//   await c.waitForLeader()                  // the node whose /primary answers 200
//   await c.waitForStandbys()                // every other node streaming from it, one synchronously
//   c.sql(query)                             // psql on the leader, database muster
//   await c.killPostmaster(node) | killPatroni(node) | freeze(node) | thaw(node) | startPatroni(node)
//   c.killEtcd(member) | await c.startEtcd(member)
//   c.patronictl('list')                     // patronictl's output
//   await c.stop()                           // everything killed and the folder removed (also on process exit)
//
// Settings are those of docker/patroni.yml but for the ports, the folders and fsync (off: the tests kill and
// freeze processes, never the machine). Run as root, Patroni and PostgreSQL run as the user `postgres`.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { postgresBin, runAs, freePort, psql } from './postgres.mjs';
import { makeRoot, postmasterPid, alive, childrenOf } from './pg_standby.mjs';
import { sleep } from './client.mjs';

const has = (program, args = ['--version']) => spawnSync(program, args).status === 0;

/** Why the Patroni tests cannot run here, or null when everything they need is installed. */
export function missingPrograms() {
  const missing = [];
  if (!postgresBin()) missing.push('postgresql');
  if (!has('patroni')) missing.push('patroni');
  if (!has('etcd')) missing.push('etcd-server');
  if (!has('etcdctl', ['version'])) missing.push('etcd-client');
  if (!has('haproxy', ['-v'])) missing.push('haproxy');
  return missing.length ? `not installed: ${missing.join(', ')} (bash scripts/test-patroni.sh installs them)` : null;
}

// The timing of docker/patroni.yml (docs/operations.md says why).
export const DCS = {
  ttl: 10,
  loop_wait: 2,
  retry_timeout: 4,
  maximum_lag_on_failover: 1048576,
  synchronous_mode: true,
  synchronous_mode_strict: true,
  primary_start_timeout: 0,
  failsafe_mode: false,
};

const clusters = new Set();  // stopped when the process exits, whatever happened
process.on('exit', () => {
  for (const c of clusters) c.killAll();
});

/** GET on a Patroni REST API: {status, body} (body parsed when JSON), or {status: 0, error} when it does not answer. */
export function rest(node, route, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: node.restPort, path: route, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => {
        let body = text;
        try { body = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode, body });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, error: error.message }));
  });
}

function etcdArgs(member, members, token) {
  const peers = members.map((m) => `${m.name}=http://127.0.0.1:${m.peerPort}`).join(',');
  return ['--name', member.name, '--data-dir', member.dir,
    '--listen-client-urls', `http://127.0.0.1:${member.clientPort}`, '--advertise-client-urls', `http://127.0.0.1:${member.clientPort}`,
    '--listen-peer-urls', `http://127.0.0.1:${member.peerPort}`, '--initial-advertise-peer-urls', `http://127.0.0.1:${member.peerPort}`,
    '--initial-cluster', peers, '--initial-cluster-token', token, '--initial-cluster-state', 'new',
    '--logger', 'zap', '--log-level', 'warn'];
}

function patroniConfig(c, node) {
  return {
    scope: 'muster',
    name: node.name,
    log: { level: 'INFO', format: '%(asctime)s %(levelname)s: %(message)s' },
    restapi: { listen: `127.0.0.1:${node.restPort}`, connect_address: `127.0.0.1:${node.restPort}` },
    etcd3: { hosts: c.etcd.map((m) => `127.0.0.1:${m.clientPort}`) },
    bootstrap: {
      dcs: {
        ...c.dcs,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_log_hints: 'on', hot_standby: 'on', synchronous_commit: 'on', wal_keep_size: '256MB',
            max_connections: 200, max_wal_senders: 10, max_replication_slots: 10, fsync: 'off',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, 'data-checksums', { 'auth-local': 'trust' }, { 'auth-host': 'trust' }],
    },
    postgresql: {
      listen: `127.0.0.1:${node.pgPort}`,
      connect_address: `127.0.0.1:${node.pgPort}`,
      data_dir: node.data,
      bin_dir: postgresBin(),
      pgpass: path.join(node.dir, 'pgpass'),
      // A standby copied at once, not at the primary's next checkpoint (up to checkpoint_timeout later).
      basebackup: [{ checkpoint: 'fast' }],
      authentication: { superuser: { username: 'postgres' }, replication: { username: 'replicator' } },
      parameters: { unix_socket_directories: node.dir, logging_collector: 'on', log_directory: node.dir, log_filename: 'postgres.log' },
      pg_hba: ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication replicator 127.0.0.1/32 trust'],
    },
  };
}

// HAProxy as docker/haproxy-postgres.cfg: the one server whose Patroni answers /primary with 200 gets the
// connections; one marked down has its connections closed, so that a node's sessions never stay on a demoted or
// frozen PostgreSQL.
function haproxyConfig(c) {
  return `global
    stats socket ${path.join(c.root, 'haproxy.sock')} mode 600 level admin
defaults
    mode tcp
    timeout connect 1s
    timeout check 1s
    timeout client 30m
    timeout server 30m
listen postgres
    bind 127.0.0.1:${c.proxyPort}
    option httpchk GET /primary
    http-check expect status 200
    default-server inter 1s fastinter 500ms downinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${c.nodes.map((n) => `    server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.restPort}`).join('\n')}
`;
}

class PatroniCluster {
  constructor(root, dcs) {
    this.root = root;
    this.dcs = dcs;
    this.etcd = [];
    this.nodes = [];
    this.procs = new Set();
    this.proxy = null;
  }

  get url() { return `postgresql://postgres@127.0.0.1:${this.proxyPort}/muster`; }

  spawnLogged(program, args, log, options = {}) {
    const fd = openSync(log, 'a');
    const child = spawn(program, args, { stdio: ['ignore', fd, fd], ...options });
    closeSync(fd);
    this.procs.add(child);
    child.on('exit', () => this.procs.delete(child));
    return child;
  }

  async startEtcd(member) {
    member.proc = this.spawnLogged('etcd', etcdArgs(member, this.etcd, this.token), path.join(this.root, `${member.name}.log`));
    return member;
  }

  killEtcd(member) {
    member.proc?.kill('SIGKILL');
    member.proc = null;
  }

  /** etcdctl endpoint health of every member: `true` for a healthy one. */
  etcdHealth() {
    const r = spawnSync('etcdctl', ['--endpoints', this.etcd.map((m) => `127.0.0.1:${m.clientPort}`).join(','), '--command-timeout=1s',
      'endpoint', 'health'], { encoding: 'utf8', env: { ...process.env, ETCDCTL_API: '3' } });
    return this.etcd.map((m) => new RegExp(`127\\.0\\.0\\.1:${m.clientPort} is healthy`).test(r.stdout + r.stderr));
  }

  startPatroni(node) {
    node.proc = this.spawnLogged('patroni', [node.config], path.join(node.dir, 'patroni.log'),
      { ...runAs(), env: { ...process.env, HOME: node.dir, PATH: `/usr/bin:/bin:${process.env.PATH}` } });
    return node;
  }

  /** SIGKILL to the node's Patroni alone: its PostgreSQL runs on as it was. */
  killPatroni(node) {
    node.proc?.kill('SIGKILL');
    node.proc = null;
  }

  /** The postmaster and every process of it, with SIGKILL at the same moment; waits until they are gone. */
  async killPostmaster(node) {
    const pid = postmasterPid(node);
    if (!pid || !alive(pid)) throw new Error(`${node.name}: no postmaster running`);
    const children = childrenOf(pid);
    for (const p of [pid, ...children]) {
      try { process.kill(p, 'SIGKILL'); } catch { /* gone already */ }
    }
    while (alive(pid) || children.some(alive)) await sleep(20);
  }

  // Patroni, the postmaster and its processes: the node's machine as far as the test can freeze it.
  processesOf(node) {
    const pids = node.proc ? [node.proc.pid, ...childrenOf(node.proc.pid)] : [];
    const pm = postmasterPid(node);
    if (pm && alive(pm)) pids.push(pm, ...childrenOf(pm));
    return [...new Set(pids)];
  }

  /** SIGSTOP to the node's Patroni and every PostgreSQL process of it, as a paused VM. Returns the pids. */
  freeze(node) {
    node.frozen = this.processesOf(node);
    for (const p of node.frozen) {
      try { process.kill(p, 'SIGSTOP'); } catch { /* gone */ }
    }
    return node.frozen;
  }

  thaw(node) {
    for (const p of node.frozen || []) {
      try { process.kill(p, 'SIGCONT'); } catch { /* gone */ }
    }
    node.frozen = null;
  }

  /** The node whose Patroni says, on /primary, that it is the leader and its PostgreSQL takes writes; or null. */
  async leader() {
    const answers = await Promise.all(this.nodes.map((n) => rest(n, '/primary', 500)));
    const leaders = this.nodes.filter((n, i) => answers[i].status === 200);
    return leaders.length === 1 ? leaders[0] : null;
  }

  async waitForLeader({ not = null, limitMs = 60000 } = {}) {
    const t0 = Date.now();
    for (;;) {
      const l = await this.leader();
      if (l && l !== not) return l;
      if (Date.now() - t0 > limitMs) throw new Error(`no leader${not ? ` but ${not.name}` : ''} within ${limitMs} ms\n${await this.patronictl('list')}`);
      await sleep(50);
    }
  }

  /** The members as the Patroni REST API lists them (/cluster): [{name, role, state, lag, timeline}]. */
  async members(via = null) {
    for (const n of via ? [via] : this.nodes) {
      const r = await rest(n, '/cluster', 1000);
      if (r.status === 200) return r.body.members;
    }
    return [];
  }

  /**
   * Waits until every node but the leader streams from it (those in `nodes`, by default all) and one of them is its
   * synchronous standby. Resolves with {leader, sync}: the nodes.
   */
  async waitForStandbys({ nodes = this.nodes, limitMs = 60000 } = {}) {
    const t0 = Date.now();
    for (;;) {
      const leader = await this.leader();
      if (leader) {
        const rows = psqlOn(leader, "SELECT application_name || ' ' || state || ' ' || sync_state FROM pg_stat_replication").split('\n');
        const streaming = (n) => rows.some((r) => r.startsWith(`${n.name} streaming `));
        const sync = this.nodes.find((n) => rows.includes(`${n.name} streaming sync`));
        const member = sync && (await this.members(leader)).find((m) => m.name === sync.name);
        if (nodes.every((n) => n === leader || streaming(n)) && member?.role === 'sync_standby') return { leader, sync };
      }
      if (Date.now() - t0 > limitMs) throw new Error(`standbys not streaming within ${limitMs} ms\n${await this.patronictl('list')}`);
      await sleep(100);
    }
  }

  /** psql on the leader (or on `node`): the rows as text. */
  async sql(query, { db = 'muster', node = null } = {}) {
    return psqlOn(node || await this.waitForLeader({ limitMs: 30000 }), query, db);
  }

  /** patronictl with a node's configuration: its output. Not spawnSync: the test's sockets go on meanwhile. */
  patronictl(...args) {
    const node = this.nodes.find((n) => !n.frozen) || this.nodes[0];
    return new Promise((resolve) => {
      const p = spawn('patronictl', ['-c', node.config, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      const timer = setTimeout(() => p.kill('SIGKILL'), 30000);
      p.stdout.on('data', (d) => { out += d; });
      p.stderr.on('data', (d) => { out += d; });
      p.on('close', () => { clearTimeout(timer); resolve(out.trim()); });
    });
  }

  startProxy() {
    writeFileSync(path.join(this.root, 'haproxy.cfg'), haproxyConfig(this));
    this.proxy = this.spawnLogged('haproxy', ['-db', '-f', path.join(this.root, 'haproxy.cfg')], path.join(this.root, 'haproxy.log'));
  }

  /** The servers HAProxy sends to, by name (its admin socket's `show stat`). */
  async proxyServersUp() {
    const csv = await new Promise((resolve, reject) => {
      const sock = net.createConnection(path.join(this.root, 'haproxy.sock'), () => sock.end('show stat\n'));
      let out = '';
      sock.on('data', (d) => { out += d; });
      sock.on('end', () => resolve(out));
      sock.on('error', reject);
    });
    // pxname,svname,...: column 18 is the status; "UP 1/2" is a server failing its checks but still sent to.
    return csv.split('\n').map((l) => l.split(',')).filter((f) => f[0] === 'postgres' && f[17]?.startsWith('UP') && !['FRONTEND', 'BACKEND'].includes(f[1]))
      .map((f) => f[1]);
  }

  /** The tail of every log, for a test that failed. */
  logs(chars = 2500) {
    const files = [...this.nodes.map((n) => path.join(n.dir, 'patroni.log')), ...this.nodes.map((n) => path.join(n.dir, 'postgres.log')),
      path.join(this.root, 'haproxy.log')];
    return files.filter(existsSync).map((f) => `--- ${f}\n${readFileSync(f, 'utf8').slice(-chars)}`).join('\n');
  }

  // Synchronous, for process.on('exit') too: every process SIGKILLed (woken first), then the folder removed.
  killAll() {
    for (const n of this.nodes) this.thaw(n);
    for (const child of this.procs) {
      try { child.kill('SIGKILL'); } catch { /* gone */ }
    }
    for (const n of this.nodes) {
      const pm = postmasterPid(n);
      if (pm && alive(pm)) {
        for (const p of [pm, ...childrenOf(pm)]) {
          try { process.kill(p, 'SIGKILL'); } catch { /* gone */ }
        }
      }
    }
    clusters.delete(this);
    if (!process.env.MUSTER_TEST_KEEP) rmSync(this.root, { recursive: true, force: true });
  }

  async stop() {
    this.killAll();
  }
}

function psqlOn(node, query, db = 'postgres') {
  return psql({ dir: node.dir, port: node.pgPort }, query, db);
}
export { psqlOn };

/**
 * Three etcd members, then `pgNodes` PostgreSQL nodes under Patroni (the first bootstraps and leads, the others
 * are made from it), HAProxy in front, and the database `muster`; resolves once every standby streams and one is
 * synchronous. `dcs`: settings over DCS's (failsafe_mode, say).
 */
export async function patroniCluster({ pgNodes = 3, dcs = {} } = {}) {
  const c = new PatroniCluster(makeRoot('muster-patroni-'), { ...DCS, ...dcs });
  clusters.add(c);
  try {
    c.token = path.basename(c.root);
    for (const name of ['etcd-1', 'etcd-2', 'etcd-3'])
      c.etcd.push({ name, dir: path.join(c.root, name), clientPort: await freePort(), peerPort: await freePort(), proc: null });
    for (const m of c.etcd) await c.startEtcd(m);
    for (let t0 = Date.now(); !c.etcdHealth().every(Boolean); await sleep(200))
      if (Date.now() - t0 > 30000) throw new Error(`etcd not healthy within 30 s\n${c.logs()}`);

    const owner = runAs();
    for (let i = 0; i < pgNodes; i++) {
      const name = `pg-${'abc'[i]}`;
      const dir = path.join(c.root, name);
      mkdirSync(dir, { recursive: true });
      if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid);
      const node = { name, dir, data: path.join(dir, 'data'), config: path.join(dir, 'patroni.yml'), pgPort: await freePort(), restPort: await freePort(), proc: null };
      c.nodes.push(node);
    }
    c.proxyPort = await freePort();
    for (const node of c.nodes) {
      writeFileSync(node.config, JSON.stringify(patroniConfig(c, node), null, 2));
      if (owner.uid !== undefined) chownSync(node.config, owner.uid, owner.gid);
    }
    // The first bootstraps alone, so that it is the leader; the others then copy it.
    c.startPatroni(c.nodes[0]);
    const first = await c.waitForLeader({ limitMs: 60000 });
    for (const node of c.nodes.slice(1)) c.startPatroni(node);
    // Strict: until a standby is synchronous, a commit waits.
    await c.waitForStandbys();
    psqlOn(first, 'CREATE DATABASE muster');
    c.startProxy();
    // HAProxy starts with every server up until its checks say otherwise: wait for them, so that no node's first
    // connection reaches the standby.
    for (let t0 = Date.now(); ; await sleep(100)) {
      const up = await c.proxyServersUp().catch(() => []);
      if (up.length === 1 && up[0] === first.name) break;
      if (Date.now() - t0 > 20000) throw new Error(`HAProxy did not send to ${first.name} alone within 20 s: up ${up}`);
    }
    return c;
  } catch (e) {
    e.message += `\n${c.logs()}`;
    c.killAll();
    throw e;
  }
}
