// The failover defaults measured (docs/operations.md, "Failover"): two nodes with the default lease_seconds on one
// PostgreSQL store, every campaign sent chat lines as fast as it acknowledges them (a closed loop, several in
// flight on each socket), which keeps both nodes and PostgreSQL busy.
// - Under that load for MUSTER_TEST_FAILOVER_SECONDS (default 60): no lease changes hands (no false takeover), and
//   the longest gap between one node's renewals, read from campaign_leases.expires, stays inside the lease (the
//   margin left is reported).
// - Then node A is killed (SIGKILL): each of its campaigns is kept by B again; the seconds from the kill are reported.
// Long: on demand only, `MUSTER_TEST_FAILOVER=1 MUSTER_TEST_STORE=postgresql node --test
// tests/integration/failover_defaults.test.mjs`; `MUSTER_TEST_LEASE_SECONDS=N` tries another lease.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { wantsPostgres } from './lib/postgres.mjs';
import { connect, newUser, login, sleep } from './lib/client.mjs';

const skip = (!process.env.MUSTER_TEST_FAILOVER && 'long: set MUSTER_TEST_FAILOVER=1 to run it')
  || (!wantsPostgres && 'two nodes share a PostgreSQL store: run with MUSTER_TEST_STORE=postgresql');
const SECONDS = Number(process.env.MUSTER_TEST_FAILOVER_SECONDS || 60);
const LEASE = process.env.MUSTER_TEST_LEASE_SECONDS ? ['--lease-seconds', process.env.MUSTER_TEST_LEASE_SECONDS] : [];
const FAST = ['--ws-rate', '1000', '--ws-burst', '1000', '--max-connections-per-user', '64', ...LEASE];
const CAMPAIGNS_PER_NODE = 4;
const IN_FLIGHT = 4;
const servers = [];
const sockets = [];
after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  for (const s of servers.reverse()) await s.cleanup().catch(() => {});
});

// Subscribes until `server` keeps the campaign: the ms it took.
async function keptBy(server, cookie, campaign, limitMs = 60000) {
  const t0 = Date.now();
  for (;;) {
    const c = await connect(server, cookie);
    const { reply } = await c.subscribe(campaign);
    await c.close();
    if (reply.ok) return Date.now() - t0;
    if (Date.now() - t0 > limitMs) throw new Error(`campaign ${campaign} not kept within ${limitMs} ms`);
    await sleep(100);
  }
}

test('the default lease under load: no false takeover, renewals well inside it; a killed node\'s campaigns move', { skip, timeout: (SECONDS + 120) * 1000 }, async (t) => {
  const a = await startServer({ args: ['--node', 'node-a', ...FAST] });
  servers.push(a);
  const b = await startServer({ dir: a.dir, args: ['--node', 'node-b', ...FAST] });
  servers.push(b);
  const ump = await newUser(a, 'fd_umpire');
  const cookies = { a: ump.cookie, b: await login(b, ump.username) };
  const campaigns = { a: [], b: [] };
  const senders = [];
  for (const [name, node] of [['a', a], ['b', b]]) {
    for (let i = 0; i < CAMPAIGNS_PER_NODE; i++) {
      const c = await connect(node, cookies[name]);
      sockets.push(c);
      const id = (await c.ok('campaign.create', { name: `Load ${name}${i}` })).campaign;
      await c.subscribe(id);
      campaigns[name].push(id);
      senders.push({ c, id });
    }
  }
  const lease = Number(process.env.MUSTER_TEST_LEASE_SECONDS || 5) * 1000;  // 5: the default (server/app/config.h)
  const epochs = () => a.sql('SELECT campaign, node, epoch FROM campaign_leases ORDER BY campaign');
  const before = epochs();

  // The load, and a watch on each node's renewals (each moves every lease it holds to now + lease).
  let stop = false;
  let acknowledged = 0;
  let refused = 0;
  const load = senders.flatMap(({ c, id }) => Array.from({ length: IN_FLIGHT }, async (_, k) => {
    for (let n = 0; !stop; n++) {
      const r = await c.send('chat.say', { campaign: id, text: `${k}.${n}` }, { timeoutMs: 30000 }).catch(() => null);
      if (r?.ok) acknowledged++; else refused++;
    }
  }));
  const gaps = { 'node-a': 0, 'node-b': 0 };
  const last = {};
  const t0 = Date.now();
  while (Date.now() - t0 < SECONDS * 1000) {
    for (const row of a.sql('SELECT node, max(expires) FROM campaign_leases GROUP BY node').split('\n')) {
      const [node, expires] = [row.split('|')[0], Number(row.split('|')[1])];
      if (last[node] !== undefined && expires > last[node]) gaps[node] = Math.max(gaps[node], expires - last[node]);
      if (last[node] === undefined || expires > last[node]) last[node] = expires;
    }
    await sleep(50);
  }
  stop = true;
  await Promise.all(load);
  const after1 = epochs();
  t.diagnostic(`${SECONDS} s under load, lease ${lease} ms: ${acknowledged} lines acknowledged (${Math.round(acknowledged / SECONDS)}/s), `
    + `${refused} refused; longest gap between renewals: node-a ${gaps['node-a']} ms, node-b ${gaps['node-b']} ms`);
  assert.equal(after1, before, 'no lease changed hands under load');
  assert.equal(refused, 0);
  assert.ok(Math.max(gaps['node-a'], gaps['node-b']) < lease, `renewals inside the lease: ${JSON.stringify(gaps)}`);

  // Node A killed: B keeps each of A's campaigns again.
  await a.kill('SIGKILL');
  const killedAt = Date.now();
  const moved = await Promise.all(campaigns.a.map(async (id) => {
    await keptBy(b, cookies.b, id);
    return Date.now() - killedAt;
  }));
  t.diagnostic(`node-a killed: its campaigns kept by node-b after ${moved.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s`);
  assert.ok(Math.max(...moved) <= lease + 1500, `taken over within about the lease: ${moved}`);
});
