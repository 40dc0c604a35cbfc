// A node frozen (SIGSTOP) inside a store transaction, with its campaign's lease row locked (docs/operations.md,
// "Failover"). The freeze is aimed: the test holds an uncommitted event row at the seq node A's next append writes,
// so A's append waits inside its transaction, after check_lease locked the lease row; A is frozen there and the
// test's row rolled back, which leaves A's session idle in transaction holding the lock.
// - Node B takes A's campaign over within about the lease (lease_seconds 3): PostgreSQL ends A's session at
//   idle_in_transaction_session_timeout (half a lease), and B never waits on the locked row (server/store/leases.cpp).
// - B's own campaign acknowledges a line every 100 ms the whole while: a lease being taken stalls no other campaign.
// - Every line A acknowledged is on B once; the line A was writing when frozen is stored nowhere; woken, A answers it
//   `moved` (or closes first) and closes its socket with 4009. One owner: node-b.
// Runs only on PostgreSQL (MUSTER_TEST_STORE=postgresql, as `ctest -L integration-pg` runs it): SQLite is one node's.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { wantsPostgres } from './lib/postgres.mjs';
import { connect, newUser, login, sleep } from './lib/client.mjs';
import { until, holdNextAppend, streamLines, subscribeUntilKept } from './lib/freeze.mjs';

const LEASE_SECONDS = 3;
const LEASE = ['--lease-seconds', String(LEASE_SECONDS)];
const skip = !wantsPostgres && 'nodes share a PostgreSQL store: run with MUSTER_TEST_STORE=postgresql';
const servers = [];
const sockets = [];
after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  for (const s of servers.reverse()) {
    if (s.proc && s.running) process.kill(s.proc.pid, 'SIGCONT');
    await s.cleanup().catch(() => {});
  }
});

const chats = (v) => Object.values(v?.chat || {}).map((m) => m.text);

test('a node frozen inside a lease transaction: another takes over within about the lease, and keeps answering its own', { skip }, async (t) => {
  const a = await startServer({ args: ['--node', 'node-a', ...LEASE] });
  servers.push(a);
  const b = await startServer({ dir: a.dir, args: ['--node', 'node-b', ...LEASE] });
  servers.push(b);
  const ump = await newUser(a, 'fz_umpire');
  const onA = await connect(a, ump.cookie);
  sockets.push(onA);
  const x = (await onA.ok('campaign.create', { name: 'Kept by A' })).campaign;
  await onA.subscribe(x);
  const acknowledged = [];
  for (let i = 0; i < 5; ++i) {
    await onA.ok('chat.say', { campaign: x, text: `x ${i}` });
    acknowledged.push(`x ${i}`);
  }
  const cookieB = await login(b, ump.username);
  const onB = await connect(b, cookieB);
  sockets.push(onB);
  const y = (await onB.ok('campaign.create', { name: 'Kept by B' })).campaign;
  await onB.subscribe(y);

  // A's next append waits inside its transaction on the row the test holds; frozen there.
  const { pid, reply: frozenLine, release } = await holdNextAppend(a.pg, x, () => onA
    .send('chat.say', { campaign: x, text: 'sent to the frozen node' }, { timeoutMs: 30000 }).catch((e) => ({ closed: e.message })));
  process.kill(a.proc.pid, 'SIGSTOP');
  const frozenAt = Date.now();
  let takeover;
  let streamY = null;
  try {
    await release();
    const state = await until(() => a.sql(`SELECT a.state || ', ' || a.application_name FROM pg_stat_activity a JOIN pg_locks l USING (pid) `
      + `WHERE pid = ${pid} AND l.relation = 'campaign_leases'::regclass AND a.state LIKE 'idle in transaction%'`), 2000, "node A's session idle in its transaction");
    t.diagnostic(`node A frozen; its session: ${state}, holding campaign_leases`);

    // B's own campaign, a line every 100 ms, while B takes A's over.
    streamY = streamLines(onB, y);
    const keptOnB = await subscribeUntilKept(b, cookieB, x, 15000, sockets);
    takeover = Date.now() - frozenAt;
    await sleep(500);
    await streamY.stop();

    const seen = chats(keptOnB.view(x));
    for (const line of acknowledged) assert.equal(seen.filter((s) => s === line).length, 1, `${line} once on B: ${seen}`);
    assert.ok(!seen.includes('sent to the frozen node'), `${seen}`);
    await keptOnB.ok('chat.say', { campaign: x, text: 'on B' });
  } finally {
    process.kill(a.proc.pid, 'SIGCONT');
    await streamY?.stop();
  }
  const { latencies } = streamY;
  const slowest = streamY.slowest();
  t.diagnostic(`B kept A's campaign ${takeover} ms after A froze (lease ${LEASE_SECONDS} s); B's own campaign: ${latencies.length} lines, slowest acknowledged in ${slowest} ms`);
  assert.ok(takeover <= LEASE_SECONDS * 1000 + 1500, `takeover ${takeover} ms`);
  assert.ok(latencies.length >= 10 && slowest < 2000, `B's own lines: ${latencies.join(' ')}`);

  // Woken, A finds its session ended and its lease gone: the frozen line is refused (or its socket closed first).
  const late = await frozenLine;
  assert.ok(late.closed || late.error?.code === 'moved', JSON.stringify(late));
  assert.equal((await onA.waitForClose(8000)).code, 4009);
  assert.equal(a.sql(`SELECT count(*) FROM events WHERE campaign = ${x} AND body LIKE '%sent to the frozen node%'`), '0');
  assert.equal(a.sql(`SELECT node FROM campaign_leases WHERE campaign = ${x}`), 'node-b');
  const again = await connect(b, cookieB);
  sockets.push(again);
  await again.subscribe(x);
  assert.deepEqual(chats(again.view(x)).filter((s) => s === 'on B'), ['on B']);
});
