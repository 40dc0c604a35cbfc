// PostgreSQL failing over by itself under Patroni, with two Muster nodes writing through HAProxy
// (docs/operations.md, "PostgreSQL that fails over by itself"). Three etcd members, two PostgreSQL nodes (a leader
// and its synchronous standby) and HAProxy on loopback ports, as plain processes (tests/integration/lib/patroni.mjs);
// node-a and node-b (build/muster) each keep two campaigns, and a socket on each campaign sends chat lines, two at a
// time every 100 ms, all along.
// - The leader's postmaster killed: a new leader, Muster answering again, every acknowledged line stored once; the
//   old primary comes back as the synchronous standby by itself.
// - A switchover (patronictl switchover) under load: no socket closes, nothing is refused.
// - The leader's Patroni killed (its PostgreSQL runs on), and the leader frozen (SIGSTOP to its Patroni and every
//   PostgreSQL process): a writer on each PostgreSQL node checks that no two take writes at once; the frozen one,
//   woken, refuses what it is sent and demotes itself, and what it took is not kept.
// - One etcd member lost: nothing changes. Two of three lost: the leader demotes itself (failsafe_mode off), lines
//   are refused as `unavailable`; etcd back, a leader again and Muster answering by itself.
// Each test prints its figures (t.diagnostic). On demand only: MUSTER_TEST_PATRONI=1 (bash scripts/test-patroni.sh);
// then it needs postgresql, patroni, etcd-server, etcd-client and haproxy, and fails without them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MusterServer, MUSTER_WEB } from './lib/server.mjs';
import { postgresBin } from './lib/postgres.mjs';
import { patroniCluster, missingPrograms, psqlOn, rest, DCS } from './lib/patroni.mjs';
import { connect, newUser, login, sleep } from './lib/client.mjs';

const wanted = process.env.MUSTER_TEST_PATRONI === '1';
const skip = !wanted && 'PostgreSQL under Patroni and etcd, on demand: MUSTER_TEST_PATRONI=1 (bash scripts/test-patroni.sh)';
const TIMEOUT = 300000;
const REPLY_LIMIT_MS = 25000;  // a reply later than this counts as none: store_retry_seconds (10) and then some
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const diagnoseLines = (t, text) => { for (const line of text.split('\n')) t.diagnostic(line); };

// Two Muster nodes on the cluster's store (through HAProxy), each keeping two campaigns, and a sender on each.
async function musterLoad(c, held) {
  const store = { url: c.url, sql: () => { throw new Error('ask the cluster'); }, drop: () => {} };
  const nodes = [];
  for (const name of ['node-a', 'node-b']) {
    const node = new MusterServer({ dir: mkdtempSync(path.join(tmpdir(), 'muster-itest-')), web: MUSTER_WEB, env: {}, keepDir: false,
      pg: store, args: ['--node', name, '--ws-rate', '100000', '--ws-burst', '100000'] });
    held.servers.push(node);
    await node.start();
    nodes.push(node);
  }
  const ump = await newUser(nodes[0], 'patroni_umpire');
  const cookies = [ump.cookie, await login(nodes[1], ump.username)];
  const campaigns = [];  // {id, node}
  for (const [i, node] of nodes.entries()) {
    const U = await connect(node, cookies[i]);
    held.sockets.push(U);
    for (const name of ['first', 'second']) campaigns.push({ id: (await U.ok('campaign.create', { name: `${node.args[1]} ${name}` })).campaign, node: i });
  }
  const lines = [];  // {text, campaign, sentAt, reply, repliedAt}
  let stopping = false;
  const senders = [];
  for (const { id, node } of campaigns) {
    const client = await connect(nodes[node], cookies[node]);
    held.sockets.push(client);
    const { reply } = await client.subscribe(id);
    assert.ok(reply.ok, JSON.stringify(reply));
    senders.push((async () => {
      for (let k = 0; !stopping && client.isOpen; k += 2) {
        const batch = [k, k + 1].map((j) => ({ text: `campaign ${id} line ${j}`, campaign: id, sentAt: Date.now() }));
        lines.push(...batch);
        await Promise.all(batch.map(async (line) => {
          line.reply = await client.send('chat.say', { campaign: id, text: line.text }, { timeoutMs: REPLY_LIMIT_MS }).catch((e) => ({ hung: e.message }));
          line.repliedAt = Date.now();
        }));
        await sleep(100);
      }
    })());
  }
  const load = {
    nodes, campaigns, lines,
    closedSockets: () => held.sockets.filter((x) => !x.isOpen).length,
    // Once every campaign has acknowledged a line sent after `since`: the ms from `since` to the last of them.
    async answeredAgain(since, limitMs = 30000) {
      const first = () => campaigns.map((cp) => lines.find((l) => l.campaign === cp.id && l.sentAt > since && l.reply?.ok));
      const t0 = Date.now();
      while (first().some((l) => !l)) {
        if (Date.now() - t0 > limitMs) throw new Error(`campaigns not answering ${limitMs} ms after ${since}`);
        await sleep(50);
      }
      return Math.max(...first().map((l) => l.repliedAt)) - since;
    },
    // The longest any campaign went without acknowledging a line, from `from` on: what a player would notice.
    longestGap(from) {
      let gap = 0;
      for (const { id } of campaigns) {
        const at = [from, ...lines.filter((l) => l.campaign === id && l.reply?.ok && l.repliedAt > from).map((l) => l.repliedAt)].sort((a, b) => a - b);
        for (let i = 1; i < at.length; i++) gap = Math.max(gap, at[i] - at[i - 1]);
      }
      return gap;
    },
    // The longest an acknowledged line waited for its reply, among those sent in [from, to].
    slowest: (from, to = Infinity) => Math.max(0, ...lines.filter((l) => l.sentAt >= from && l.sentAt <= to && l.reply?.ok).map((l) => l.repliedAt - l.sentAt)),
    async stop() {
      stopping = true;
      await Promise.all(senders);
    },
  };
  await sleep(1500);
  return load;
}

// What the store holds against what was acknowledged and refused; asserts nothing lost or stored twice.
async function tally(t, c, load, what) {
  const { lines, campaigns } = load;
  const stored = new Map();
  for (const { id } of campaigns) {
    const rows = await c.sql(`SELECT body FROM events WHERE campaign = ${id} AND type = 'chat.said' ORDER BY seq`);
    stored.set(id, rows.split('\n').filter(Boolean).map((b) => JSON.parse(b).text));
  }
  const acknowledged = lines.filter((l) => l.reply?.ok);
  const refused = lines.filter((l) => l.reply && !l.reply.ok && !l.reply.hung);
  const hung = lines.filter((l) => l.reply?.hung);
  const codes = {};
  for (const l of refused) codes[l.reply.error?.code] = (codes[l.reply.error?.code] || 0) + 1;
  const isStored = (l) => stored.get(l.campaign).includes(l.text);
  const lost = acknowledged.filter((l) => !isStored(l));
  const twice = [...stored.values()].flatMap((texts) => texts.filter((text, i) => texts.indexOf(text) !== i));
  const refusedYetStored = refused.filter(isStored);
  const counts = { sent: lines.length, acknowledged: acknowledged.length, refused: refused.length, hung: hung.length,
    lost: lost.length, twice: twice.length, refusedYetStored: refusedYetStored.length };
  t.diagnostic(`${what}: ${counts.sent} lines sent, acknowledged ${counts.acknowledged}, refused ${counts.refused} ${JSON.stringify(codes)}, `
    + `no reply ${counts.hung}; lost ${counts.lost}, stored twice ${counts.twice}, refused yet stored ${counts.refusedYetStored}`);
  assert.deepEqual(lost.map((l) => l.text), [], 'every acknowledged line is stored');
  assert.deepEqual(twice, [], 'nothing stored twice');
  assert.deepEqual(hung.map((l) => l.text), [], `every line has a reply within ${REPLY_LIMIT_MS} ms`);
  for (const l of refused) assert.equal(l.reply.error?.code, 'unavailable', JSON.stringify(l.reply));
  return counts;
}

// A cluster, two Muster nodes and their load for one test; all of it gone at its end, pass or fail.
async function withCluster(t, options, body) {
  if (missingPrograms()) throw new Error(missingPrograms());
  const held = { servers: [], sockets: [], cluster: null };
  try {
    const t0 = Date.now();
    held.cluster = await patroniCluster(options);
    t.diagnostic(`etcd, Patroni, PostgreSQL and HAProxy up in ${s(Date.now() - t0)}`);
    const load = await musterLoad(held.cluster, held);
    await body(held.cluster, load);
  } catch (e) {
    if (held.cluster) diagnoseLines(t, `${await held.cluster.patronictl('list')}\n${held.cluster.logs()}`);
    for (const server of held.servers) diagnoseLines(t, `${server.args[1]}'s log:\n${server.stderr.slice(-1500)}`);
    throw e;
  } finally {
    for (const x of held.sockets) await x.close().catch(() => {});
    for (const server of held.servers) await server.cleanup().catch(() => {});
    await held.cluster?.stop();
  }
}

test('the leader\'s postmaster killed under load: a new leader, Muster answering again, nothing lost; the old primary rejoins', { skip, timeout: TIMEOUT }, async (t) => {
  await withCluster(t, {}, async (c, load) => {
    const old = await c.waitForLeader();
    const killedAt = Date.now();
    await c.killPostmaster(old);
    const leader = await c.waitForLeader({ not: old, limitMs: DCS.ttl * 3000 });
    const promotedMs = Date.now() - killedAt;
    const answeredMs = await load.answeredAgain(killedAt);
    t.diagnostic(`${old.name}'s postmaster killed: ${leader.name} the leader after ${s(promotedMs)}; `
      + `every campaign answering after ${s(answeredMs)} (${s(answeredMs - promotedMs)} after the promotion); `
      + `no campaign silent longer than ${s(load.longestGap(killedAt))}`);
    // No command typed: Patroni starts the old primary again as a standby of the new leader (pg_rewind if need be).
    await c.waitForStandbys({ limitMs: 90000 });
    const rejoinedMs = Date.now() - killedAt;
    assert.equal(psqlOn(old, 'SELECT pg_is_in_recovery()'), 't');
    t.diagnostic(`${old.name} streaming from ${leader.name} again ${s(rejoinedMs)} after the kill`);
    diagnoseLines(t, await c.patronictl('list'));
    await sleep(1500);
    await load.stop();
    const counts = await tally(t, c, load, 'postmaster killed');
    assert.equal(counts.refused, 0, 'nothing refused: the promotion came within store_retry_seconds');
    assert.equal(load.closedSockets(), 0, 'no socket closed');
    assert.ok(promotedMs < DCS.ttl * 1000, `promoted within the ttl (${DCS.ttl} s)`);
  });
});

test('a switchover under load (patronictl switchover): sockets carry on, nothing refused', { skip, timeout: TIMEOUT }, async (t) => {
  await withCluster(t, {}, async (c, load) => {
    // In synchronous mode Patroni switches over to the synchronous standby only.
    const { leader: old, sync: candidate } = await c.waitForStandbys();
    const startedAt = Date.now();
    const out = await c.patronictl('switchover', '--leader', old.name, '--candidate', candidate.name, '--force', 'muster');
    await c.waitForLeader({ not: old, limitMs: 30000 });
    const switchedMs = Date.now() - startedAt;
    const answeredMs = await load.answeredAgain(startedAt + switchedMs);
    await c.waitForStandbys();
    const syncMs = Date.now() - startedAt;
    await sleep(1500);
    t.diagnostic(`${out.split('\n').filter((l) => /witch/.test(l)).join(' ')}`);
    t.diagnostic(`switchover ${old.name} -> ${candidate.name}: the new leader after ${s(switchedMs)}, `
      + `every campaign answering after ${s(switchedMs + answeredMs)}, ${old.name} streaming from it after ${s(syncMs)}; `
      + `slowest line ${s(load.slowest(startedAt - 500, startedAt + syncMs))}, no campaign silent longer than ${s(load.longestGap(startedAt))}`);
    await load.stop();
    const counts = await tally(t, c, load, 'switchover');
    assert.equal(counts.refused, 0, 'nothing refused');
    assert.equal(load.closedSockets(), 0, 'no socket closed');
  });
});

// A writer straight to one PostgreSQL node (not through HAProxy): an INSERT into `fence` every 100 ms, one at a time,
// each a psql of its own; acknowledged when psql exits 0. What it saw lets a test check that no two nodes took writes.
function fenceWriter(node, side) {
  const writes = [];  // {n, sentAt, ackAt | null, error}
  let stopping = false;
  const one = (n) => new Promise((resolve) => {
    const w = { n, sentAt: Date.now(), ackAt: null, error: null };
    writes.push(w);
    const p = spawn(path.join(postgresBin(), 'psql'), ['-h', '127.0.0.1', '-p', String(node.pgPort), '-U', 'postgres', '-d', 'muster',
      '-XAtq', '-v', 'ON_ERROR_STOP=1', '-c', `INSERT INTO fence(side, n) VALUES ('${side}', ${n})`],
    { env: { ...process.env, PGCONNECT_TIMEOUT: '2' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => { err += d; });
    p.on('close', (code) => {
      if (code === 0) w.ackAt = Date.now(); else w.error = err.trim() || `exit ${code}`;
      resolve();
    });
  });
  const done = (async () => {
    for (let n = 1; !stopping; n++) {
      await one(n);
      await sleep(100);
    }
  })();
  return { side, writes, acked: () => writes.filter((w) => w.ackAt), stop: async () => { stopping = true; await done; } };
}

// What the writers saw against the `fence` rows on the leader: every acknowledged write is there; `old` acknowledged
// none once `leader` had acknowledged one, and no other node ever did (no two primaries took writes at once); and
// nothing sent to `old` after that is kept, whatever its answer.
async function checkFence(t, c, writers, old, leader, what) {
  const rows = new Set((await c.sql('SELECT side || \' \' || n FROM fence')).split('\n').filter(Boolean));
  const acks = writers.flatMap((w) => w.acked().map((x) => ({ side: w.side, n: x.n, at: x.ackAt })));
  const newFirst = Math.min(...acks.filter((a) => a.side === leader.name).map((a) => a.at));
  const oldLast = Math.max(...acks.filter((a) => a.side === old.name).map((a) => a.at));
  const oldAfter = acks.filter((a) => a.side === old.name && a.at >= newFirst);
  const neverLed = acks.filter((a) => a.side !== old.name && a.side !== leader.name);
  const lost = acks.filter((a) => !rows.has(`${a.side} ${a.n}`)).map((a) => `${a.side} ${a.n}`);
  const sentOld = writers.find((w) => w.side === old.name).writes.filter((w) => w.sentAt >= newFirst);
  const kept = sentOld.filter((x) => rows.has(`${old.name} ${x.n}`)).map((x) => x.n);
  const refusedOld = sentOld.filter((x) => x.error);
  t.diagnostic(`${what}: writes acknowledged by ${old.name} ${acks.filter((a) => a.side === old.name).length}, the last ${s(newFirst - oldLast)} `
    + `before ${leader.name}'s first; by ${leader.name} ${acks.filter((a) => a.side === leader.name).length}; by ${old.name} after that ${oldAfter.length}, `
    + `by a node that never led ${neverLed.length}; sent to ${old.name} after that ${sentOld.length}, refused ${refusedOld.length}`
    + `${refusedOld.length ? ` (${refusedOld.at(-1).error.split('\n')[0]})` : ''}, kept ${kept.length}; acknowledged yet missing ${lost.length}`);
  assert.deepEqual(oldAfter.map((a) => a.n), [], `${old.name} took no write once ${leader.name} took one`);
  assert.deepEqual(neverLed, [], 'a node that never led took no write');
  assert.deepEqual(lost, [], 'every acknowledged write is on the leader');
  assert.deepEqual(kept, [], `a write sent to ${old.name} once ${leader.name} took one is not kept`);
}

test('the leader\'s Patroni killed: its PostgreSQL takes no write once another leads, and rejoins when Patroni is back', { skip, timeout: TIMEOUT }, async (t) => {
  await withCluster(t, {}, async (c, load) => {
    await c.sql('CREATE TABLE fence (side text, n int, PRIMARY KEY (side, n))');
    const old = await c.waitForLeader();
    const writers = c.nodes.map((n) => fenceWriter(n, n.name));
    await sleep(1500);
    const killedAt = Date.now();
    c.killPatroni(old);
    const leader = await c.waitForLeader({ not: old, limitMs: DCS.ttl * 3000 });
    const promotedMs = Date.now() - killedAt;
    await load.answeredAgain(promotedMs + killedAt);
    t.diagnostic(`${old.name}'s Patroni killed: ${leader.name} the leader after ${s(promotedMs)} (ttl ${DCS.ttl} s); no campaign silent `
      + `longer than ${s(load.longestGap(killedAt))}; ${old.name}'s PostgreSQL still out of recovery: ${psqlOn(old, 'SELECT NOT pg_is_in_recovery()')}`);
    await sleep(3000);
    c.startPatroni(old);
    await c.waitForStandbys({ limitMs: 90000 });
    t.diagnostic(`${old.name}'s Patroni started again: ${old.name} streaming from ${leader.name} ${s(Date.now() - killedAt)} after the kill`);
    await sleep(1000);
    for (const w of writers) await w.stop();
    await load.stop();
    await checkFence(t, c, writers, old, leader, 'Patroni killed');
    await tally(t, c, load, 'Patroni killed');
  });
});

test('the leader frozen (SIGSTOP) past the ttl: another leads; woken, it refuses writes and demotes itself, keeping none', { skip, timeout: TIMEOUT }, async (t) => {
  await withCluster(t, {}, async (c, load) => {
    await c.sql('CREATE TABLE fence (side text, n int, PRIMARY KEY (side, n))');
    const old = await c.waitForLeader();
    const writers = c.nodes.map((n) => fenceWriter(n, n.name));
    await sleep(1500);
    const frozenAt = Date.now();
    c.freeze(old);
    const leader = await c.waitForLeader({ not: old, limitMs: DCS.ttl * 3000 });
    const promotedMs = Date.now() - frozenAt;
    const answeredMs = await load.answeredAgain(promotedMs + frozenAt) + promotedMs;
    await sleep(3000);
    const wokenAt = Date.now();
    c.thaw(old);
    t.diagnostic(`${old.name} frozen: ${leader.name} the leader after ${s(promotedMs)} (ttl ${DCS.ttl} s); every campaign answering after `
      + `${s(answeredMs)}, none silent longer than ${s(load.longestGap(frozenAt))}; woken after ${s(wokenAt - frozenAt)}`);
    // Woken, it finds the leader key another's and stops its PostgreSQL at once, then follows the new leader.
    for (;;) {
      const r = await rest(old, '/patroni', 1000);
      if (r.status === 200 && r.body.role === 'replica') break;
      if (Date.now() - wokenAt > 30000) throw new Error(`${old.name} not a replica 30 s after waking`);
      await sleep(50);
    }
    t.diagnostic(`${old.name} a replica ${s(Date.now() - wokenAt)} after waking`);
    await c.waitForStandbys({ limitMs: 90000 });
    t.diagnostic(`${old.name} streaming from ${leader.name} ${s(Date.now() - wokenAt)} after waking`);
    diagnoseLines(t, await c.patronictl('list'));
    await sleep(1000);
    for (const w of writers) await w.stop();
    await load.stop();
    await checkFence(t, c, writers, old, leader, 'frozen');
    await tally(t, c, load, 'frozen');
  });
});

test('etcd: one member lost changes nothing; the majority lost demotes the leader; etcd back, a leader again', { skip, timeout: TIMEOUT }, async (t) => {
  await withCluster(t, {}, async (c, load) => {
    const first = await c.waitForLeader();
    const [e1, e2] = c.etcd;
    const oneAt = Date.now();
    c.killEtcd(e1);
    await sleep(DCS.ttl * 1500);
    assert.equal(await c.leader(), first, 'the same leader with two etcd members of three');
    const slowestOne = load.slowest(oneAt);
    const refusedOne = load.lines.filter((l) => l.sentAt >= oneAt && l.reply && !l.reply.ok).length;
    t.diagnostic(`one etcd member killed: ${first.name} still the leader after ${s(Date.now() - oneAt)}; slowest line ${slowestOne} ms, refused ${refusedOne}`);
    assert.equal(refusedOne, 0);

    const majorityAt = Date.now();
    c.killEtcd(e2);
    while (await c.leader()) {
      if (Date.now() - majorityAt > DCS.ttl * 3000) throw new Error('the leader kept its role without etcd');
      await sleep(50);
    }
    const demotedMs = Date.now() - majorityAt;
    await sleep(12000);  // past store_retry_seconds: lines are refused, not left unanswered
    const down = await c.members(first);
    t.diagnostic(`etcd majority lost: ${first.name} no longer the leader after ${s(demotedMs)}; PostgreSQL in recovery: `
      + c.nodes.map((n) => `${n.name} ${psqlOn(n, 'SELECT pg_is_in_recovery()')}`).join(', ') + ` (members seen: ${down.length})`);
    const backAt = Date.now();
    await c.startEtcd(e1);
    await c.startEtcd(e2);
    const leader = await c.waitForLeader({ limitMs: 60000 });
    const leaderMs = Date.now() - backAt;
    const answeredMs = await load.answeredAgain(backAt, 30000);
    t.diagnostic(`etcd back: ${leader.name} the leader after ${s(leaderMs)}; every campaign answering after ${s(answeredMs)}; `
      + `no campaign silent longer than ${s(load.longestGap(majorityAt))} in all`);
    await c.waitForStandbys();
    await sleep(1000);
    await load.stop();
    const counts = await tally(t, c, load, 'etcd majority lost');
    assert.ok(counts.refused > 0, 'lines were refused while no PostgreSQL took writes');
    assert.equal(counts.refusedYetStored, 0, 'a refused line is not stored');
  });
});
