// What one node of a shared PostgreSQL store learns of what another wrote (server/app/shared_directory.cpp;
// docs/operations.md, "More than one machine"):
// - an invite code made on node A after node B started: B, asked to join by it, finds the campaign (it answers
//   `moved`, the campaign being A's, not "not valid"), and once the player has joined on A his campaign.list on B
//   shows the campaign;
// - a campaign's clock left behind by a node that stopped: A keeps a campaign whose month has a deadline and is
//   killed with SIGKILL; once the deadline is past (B's test clock moved on) and A's lease has run out, B wakes the
//   campaign by itself, with nobody subscribed there, and the month is resolved. The seconds it took are reported.
// Runs only on PostgreSQL (MUSTER_TEST_STORE=postgresql, as `ctest -L integration-pg` runs it): SQLite is one node's.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { wantsPostgres } from './lib/postgres.mjs';
import { connect, newUser, login, httpRequest, sleep } from './lib/client.mjs';

const HOUR = 3600 * 1000;
const ARGS = ['--lease-seconds', '3', '--directory-refresh-seconds', '1', '--test-clock', 'true'];
const skip = !wantsPostgres && 'two nodes share a PostgreSQL store: run with MUSTER_TEST_STORE=postgresql';
const servers = [];
const sockets = [];
after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  for (const s of servers.reverse()) await s.cleanup().catch(() => {});
});

async function open(server, username) {
  const c = await connect(server, await login(server, username));
  sockets.push(c);
  return c;
}

test('an invite code and a membership made on another node are found here', { skip }, async () => {
  const a = await startServer({ args: ['--node', 'node-a', ...ARGS] });
  servers.push(a);
  const b = await startServer({ dir: a.dir, args: ['--node', 'node-b', ...ARGS] });
  servers.push(b);
  const ump = await newUser(a, 'tnd_umpire');
  const player = await newUser(a, 'tnd_player');
  const U = await open(a, ump.username);
  const campaign = (await U.ok('campaign.create', { name: 'Made on A' })).campaign;
  const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });

  const onB = await open(b, player.username);
  const there = await onB.send('campaign.join', { code });
  assert.equal(there.error?.code, 'moved', `B finds the code and sends the player to A: ${JSON.stringify(there)}`);
  const bad = await onB.send('campaign.join', { code: 'NOSUCHCODE' });
  assert.equal(bad.error?.code, 'not_found', JSON.stringify(bad));

  const onA = await open(a, player.username);
  await onA.ok('campaign.join', { code });
  const { campaigns } = await onB.ok('campaign.list', {});
  assert.deepEqual(campaigns.map((c) => [c.id, c.name, c.role]), [[campaign, 'Made on A', 'player']]);
});

test("a campaign's clock left behind by a node killed with SIGKILL: another node wakes it", { skip }, async (t) => {
  const a = await startServer({ args: ['--node', 'node-a', ...ARGS] });
  servers.push(a);
  const b = await startServer({ dir: a.dir, args: ['--node', 'node-b', ...ARGS] });
  servers.push(b);
  const ump = await newUser(a, 'tnc_umpire');
  const U = await open(a, ump.username);
  const campaign = (await U.ok('campaign.create', { name: 'Left behind' })).campaign;
  await U.subscribe(campaign);
  await U.ok('year.start', { campaign, year: '1744', month: 3 });
  const now = (await httpRequest(a, 'POST', '/api/test/clock', { body: { advance_ms: 0 } })).json.now;
  await U.ok('month.set_deadline', { campaign, deadline: now + 2 * HOUR });
  const first = U.view(campaign).year.calendar.turn;
  await a.kill('SIGKILL');

  const killed = Date.now();
  await httpRequest(b, 'POST', '/api/test/clock', { body: { advance_ms: 3 * HOUR } });
  // Nobody asks B for the campaign: B finds the clock due and A's lease run out, and wakes it by itself.
  const row = () => a.sql(`SELECT directory, alarm FROM campaign_index WHERE campaign = ${campaign}`);
  const lease = () => a.sql(`SELECT node FROM campaign_leases WHERE campaign = ${campaign}`);
  const deadline = Date.now() + 20000;
  while (lease() !== 'node-b' && Date.now() < deadline) await sleep(200);
  assert.equal(lease(), 'node-b', `B took the campaign: ${row()}`);
  const onB = await open(b, ump.username);
  await onB.subscribe(campaign);
  await onB.until(() => (onB.view(campaign).year.calendar.turn !== first ? true : undefined), 10000, 'the month resolved on B');
  t.diagnostic(`B woke the campaign and resolved its month ${Date.now() - killed} ms after A was killed (lease 3 s)`);
});
