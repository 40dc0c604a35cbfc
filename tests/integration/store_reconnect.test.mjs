// The server's connection to PostgreSQL cut mid-stream (docs/operations.md, "More than one machine"): PostgreSQL
// ends the server's backend (pg_terminate_backend, as a restart or a promoted standby would) while chat lines are in
// flight. The batch in flight is tried again on a new connection; appends are idempotent on (campaign, seq), so
// every acknowledged line is stored exactly once, none is lost, and the next line goes through.
// Runs only on PostgreSQL (MUSTER_TEST_STORE=postgresql, as `ctest -L integration-pg` runs it).
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { wantsPostgres } from './lib/postgres.mjs';
import { connect, newUser, sleep } from './lib/client.mjs';

const skip = !wantsPostgres && 'the connection cut is PostgreSQL\'s: run with MUSTER_TEST_STORE=postgresql';
let server;
const sockets = [];
after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

test('PostgreSQL ends the server\'s connection mid-stream: nothing acknowledged is lost or stored twice', { skip }, async (t) => {
  server = await startServer({ args: ['--ws-rate', '100000', '--ws-burst', '100000'] });
  const ump = await newUser(server, 'rc_umpire');
  const U = await connect(server, ump.cookie);
  sockets.push(U);
  const campaign = (await U.ok('campaign.create', { name: 'Cut off' })).campaign;
  await U.subscribe(campaign);

  const replies = new Map();
  let n = 0;
  let cutting = true;
  const stream = (async () => {
    while (cutting || n < 200) {
      const batch = Array.from({ length: 8 }, () => `line ${n++}`);
      const got = await Promise.all(batch.map((text) => U.send('chat.say', { campaign, text })));
      got.forEach((r, i) => replies.set(batch[i], r));
    }
  })();
  let cut = 0;
  for (let i = 0; i < 3; i++) {
    await sleep(150);
    cut += Number(server.sql(
      'SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) AS ended'));
  }
  cutting = false;
  await stream;
  assert.ok(cut >= 1, 'the server\'s connection was ended');

  const acknowledged = [...replies].filter(([, r]) => r.ok).map(([text]) => text);
  const refused = [...replies].filter(([, r]) => !r.ok);
  const stored = server.sql(`SELECT body FROM events WHERE campaign = ${campaign} AND type = 'chat.said'`)
    .split('\n').map((b) => JSON.parse(b).text);
  const twice = stored.filter((text, i) => stored.indexOf(text) !== i);
  const lost = acknowledged.filter((text) => !stored.includes(text));
  t.diagnostic(`${replies.size} lines sent, ${cut} connection(s) ended, ${acknowledged.length} acknowledged, ${refused.length} refused; lost ${lost.length}, stored twice ${twice.length}`);
  if (refused.length) t.diagnostic(server.stderr.slice(0, 2500));
  assert.deepEqual(lost, []);
  assert.deepEqual(twice, []);
  for (const [, r] of refused) assert.equal(r.error.code, 'internal', JSON.stringify(r));
  assert.ok(server.stderr.includes('trying the batch again'), 'a batch was tried again on a new connection');
  await U.ok('chat.say', { campaign, text: 'after the cuts' });
});
