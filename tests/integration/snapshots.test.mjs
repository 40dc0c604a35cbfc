// Snapshots (docs/architecture.md, "Snapshots"): a campaign is loaded from its latest snapshot and the events after
// it, and every member sees what he saw before, secrets and all.
//
// For each book: a server that keeps a snapshot every 10 events; a random-play seed of the book's battle
// (tests/integration/lib/random_play, its checks on; the next seed while the battle ended before 30 events); every member's whole view recorded; then:
//   1. a snapshot was kept at an event the log holds (campaign_snapshots, read with the server's own engine);
//   2. restarted (the campaign is loaded when its members come back): every member's view deep-equals the one
//      before;
//   3. the snapshot is what was read: with the campaign's name changed inside the stored snapshot only, the
//      restarted server shows that name (a test of the loading path, not a thing an administrator does);
//   4. a snapshot this server cannot read (another format) is passed over: the whole log is replayed, every view
//      is the one before, and the server says so in its log.
// Runs on PostgreSQL as well as SQLite (MUSTER_TEST_STORE=postgresql).
import test from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { connect } from './lib/client.mjs';
import { newStats, playSeed } from './lib/random_play/common.mjs';
import * as oth from './lib/random_play/oth.mjs';
import * as reivers from './lib/random_play/reivers.mjs';
import * as cmwd from './lib/random_play/cmwd.mjs';
import * as lfas from './lib/random_play/lfas.mjs';

const EVERY = 10;
const COMMANDS = 80;

/** Each member's whole view, from a fresh subscribe on a new socket. */
async function views(server, campaign, users) {
  const out = {};
  for (const [k, u] of Object.entries(users)) {
    const c = await connect(server, u.cookie);
    try {
      const { reply, view } = await c.subscribe(campaign, { timeoutMs: 10000 });
      assert.ok(reply.ok, `${k} subscribes: ${JSON.stringify(reply.error)}`);
      out[k] = view;
    } finally {
      await c.close().catch(() => {});
    }
  }
  return out;
}

for (const fx of [oth, reivers, cmwd, lfas]) {
  test(`${fx.id}: a campaign loaded from its snapshot and the later events shows every member what he saw`, async (t) => {
    const server = await startServer({ args: ['--ws-rate', '100000', '--ws-burst', '100000', '--snapshot-every-events', String(EVERY)] });
    try {
      const stats = newStats();
      // A seed whose battle runs long enough to pass a few snapshots (one may end it early).
      let campaign, users, last = 0;
      for (let seed = 1; seed <= 6 && last < 3 * EVERY; seed++) {
        ({ campaign, users } = await playSeed(server, fx, seed, COMMANDS, stats));
        last = Number(server.sql(`SELECT MAX(seq) FROM events WHERE campaign = ${campaign}`));
      }
      assert.deepEqual(stats.failures, [], 'the random play itself found nothing');
      const before = await views(server, campaign, users);

      const kept = server.sql(`SELECT seq, format FROM campaign_snapshots WHERE campaign = ${campaign}`);
      const [seq, format] = kept.split('|').map(Number);
      t.diagnostic(`${last} events, snapshot at ${seq} (format ${format})`);
      assert.ok(last >= EVERY, `the play wrote at least ${EVERY} events (${last})`);
      assert.ok(seq > 0 && seq <= last && last - seq < EVERY, `the latest snapshot (${seq}) is within ${EVERY} events of the log's end (${last})`);

      await server.restart();
      assert.deepEqual(await views(server, campaign, users), before, 'every view after loading from the snapshot');

      await server.stop();
      const name = before.umpire.campaign.name;
      const renamed = `Snapshot ${fx.id}`;
      server.sql(`UPDATE campaign_snapshots SET body = replace(body, '"name":"${name}"', '"name":"${renamed}"') WHERE campaign = ${campaign}`);
      await server.start();
      assert.equal((await views(server, campaign, { umpire: users.umpire })).umpire.campaign.name, renamed, 'the state came from the snapshot');

      await server.stop();
      server.sql(`UPDATE campaign_snapshots SET format = 99 WHERE campaign = ${campaign}`);
      await server.start();
      assert.deepEqual(await views(server, campaign, users), before, 'every view after replaying the whole log');
      assert.match(server.stderr, /its snapshot at event \d+ cannot be read \(format 99/);
    } finally {
      await server.cleanup();
    }
  });
}
