// Faults aimed inside a node's store transaction (tests/integration/frozen_node.test.mjs, cut_off_node.test.mjs).
import assert from 'node:assert/strict';
import { connect, sleep } from './client.mjs';

/** Resolves with the first truthy value of `probe()` (awaited), polling every few milliseconds. */
export async function until(probe, limitMs, what) {
  const t0 = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - t0 > limitMs) throw new Error(`${limitMs} ms without ${what}`);
    await sleep(5);
  }
}

/**
 * Makes a node's next append to `campaign` wait inside its transaction, after its lease check locked the lease row:
 * a psql session holds an uncommitted event row at the seq the append writes. `send()` makes the append (a command
 * to the node). `db` is the store as lib/postgres.mjs gives it ({sql, session}). Resolves, once the append waits,
 * with {pid: the node's PostgreSQL backend, reply: send()'s promise, release(): the held row rolled back}.
 */
export async function holdNextAppend(db, campaign, send) {
  const hold = db.session();
  const next = Number(db.sql(`SELECT max(seq) + 1 FROM events WHERE campaign = ${campaign}`));
  await hold.run(`BEGIN; INSERT INTO events(campaign, seq, type, actor, at, body) VALUES(${campaign}, ${next}, 'test.hold', 0, 0, '{}');`);
  const reply = send();
  const pid = await until(() => db.sql("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' "
    + "AND query LIKE 'INSERT INTO events%'"), 5000, "the node's append waiting");
  return { pid, reply, release: async () => { await hold.run('ROLLBACK;'); await hold.end(); } };
}

/**
 * A chat line to `campaign` every 100 ms until stop(): `latencies` holds each one's ms to its acknowledgement, or
 * what went wrong instead; slowest() is the longest wait (NaN if any went wrong).
 */
export function streamLines(client, campaign) {
  let stopped = false;
  const latencies = [];
  const done = (async () => {
    for (let i = 0; !stopped; ++i) {
      const t0 = Date.now();
      const r = await client.send('chat.say', { campaign, text: `stream ${i}` }, { timeoutMs: 20000 }).catch((e) => ({ e: e.message }));
      latencies.push(r.ok ? Date.now() - t0 : `${JSON.stringify(r)} after ${Date.now() - t0} ms`);
      await sleep(100);
    }
  })();
  return { latencies, slowest: () => Math.max(...latencies.map(Number)), stop: async () => { stopped = true; await done; } };
}

/**
 * Subscribes to `campaign` on `server` until it answers ok (the node keeps the campaign), a new socket each try, each
 * pushed to `sockets` for the test's teardown; anything but `moved` meanwhile fails. Resolves with the socket.
 */
export async function subscribeUntilKept(server, cookie, campaign, limitMs, sockets) {
  const t0 = Date.now();
  for (;;) {
    const c = await connect(server, cookie);
    sockets.push(c);
    const { reply } = await c.subscribe(campaign);
    if (reply.ok) return c;
    assert.equal(reply.error.code, 'moved', JSON.stringify(reply));
    await c.close();
    if (Date.now() - t0 > limitMs)
      throw new Error(`${limitMs} ms and campaign ${campaign} is still kept elsewhere: ${server.sql('SELECT campaign, node, epoch, expires FROM campaign_leases')}`);
    await sleep(100);
  }
}
