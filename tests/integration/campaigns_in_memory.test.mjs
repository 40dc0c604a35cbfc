// Campaigns in memory (docs/architecture.md, "Campaigns in memory") over a real server started with
// hub_idle_seconds 1: a campaign nobody uses is unloaded (the administrator's health counts those in memory),
// then loaded again by the next request with every view as it was; campaign.list answers from the index rows
// without loading anything; a deadline of an unloaded campaign fires by itself, after a restart too; a database
// from before the index (its rows deleted) is indexed at start.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { startServer, MUSTER_BIN } from './lib/server.mjs';
import { connect, newUser, httpRequest, sleep } from './lib/client.mjs';

const SEC = 1000;
let server, boss, ump, pa;
let campaign;
const sockets = [];
const track = (c) => { sockets.push(c); return c; };

async function health() {
  return (await httpRequest(server, 'GET', '/api/admin/health', { cookie: boss.cookie })).json;
}

async function closeAll() {
  while (sockets.length) await sockets.pop().close().catch(() => {});
}

/** Waits until the server holds `n` campaigns in memory. */
async function inMemory(n, what) {
  const until = Date.now() + 8 * SEC;
  let h;
  while (Date.now() < until) {
    h = await health();
    if (h.campaigns_in_memory === n) return h;
    await sleep(200);
  }
  assert.fail(`${what}: ${JSON.stringify(h)}`);
}

before(async () => {
  server = await startServer({ args: ['--hub-idle-seconds', '1'] });
  boss = await newUser(server, 'mem_boss');
  assert.equal(spawnSync(MUSTER_BIN, ['admin', ...server.storeArgs, '--grant', 'mem_boss']).status, 0);
  ump = await newUser(server, 'mem_umpire');
  pa = await newUser(server, 'mem_player');
  const U = track(await connect(server, ump.cookie));
  const A = track(await connect(server, pa.cookie));
  campaign = (await U.ok('campaign.create', { name: 'Kept on disk' })).campaign;
  const code = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  await A.ok('campaign.join', { code });
  await A.ok('colonel.create', { campaign, name: 'Kemp' });
  await A.ok('chat.say', { campaign, text: 'Before the campaign is put away' });
});

after(async () => {
  await closeAll();
  await server?.cleanup();
});

test('an idle campaign is unloaded, and the next request loads it with every view as it was', async () => {
  const U = track(await connect(server, ump.cookie));
  const A = track(await connect(server, pa.cookie));
  await U.subscribe(campaign);
  await A.subscribe(campaign);
  const before = { U: structuredClone(U.view(campaign)), A: structuredClone(A.view(campaign)) };
  assert.equal((await health()).campaigns_in_memory, 1, 'in memory while its members follow it');
  await sleep(2500);
  assert.equal((await health()).campaigns_in_memory, 1, 'a subscriber keeps it in memory');
  await closeAll();
  const h = await inMemory(0, 'unloaded once nobody follows it');
  assert.equal(h.campaigns, 1, 'still one campaign');

  // campaign.list answers from the directory: the campaign stays out of memory.
  const L = track(await connect(server, pa.cookie));
  const list = (await L.ok('campaign.list', {})).campaigns;
  assert.deepEqual(list.map((c) => [c.id, c.name, c.role]), [[campaign, 'Kept on disk', 'player']]);
  assert.equal(list[0].needs_you, 1, 'his objective to choose, from the index row');
  assert.equal((await health()).campaigns_in_memory, 0);

  const U2 = track(await connect(server, ump.cookie));
  await U2.subscribe(campaign);
  await L.subscribe(campaign);
  assert.equal((await health()).campaigns_in_memory, 1, 'loaded by the subscribe');
  assert.deepEqual(U2.view(campaign), before.U, 'the umpire\'s view as it was');
  assert.deepEqual(L.view(campaign), before.A, 'the player\'s view as it was');
  await L.ok('chat.say', { campaign, text: 'After it came back' });
  await U2.caughtUp(campaign);
  assert.ok(Object.values(U2.view(campaign).chat).some((m) => m.text === 'After it came back'));
  assert.deepEqual(U2.problems, []);
  await closeAll();
  await inMemory(0, 'unloaded again');
});

test('the deadline of a campaign not in memory resolves the month by itself, after a restart too', async () => {
  const U = track(await connect(server, ump.cookie));
  await U.ok('year.start', { campaign, year: '1744', month: 4 });
  await U.ok('month.set_deadline', { campaign, deadline: Date.now() + 3 * SEC });
  await closeAll();
  await inMemory(0, 'unloaded before its deadline');
  await sleep(3500);
  const U2 = track(await connect(server, ump.cookie));
  await U2.subscribe(campaign);
  assert.equal(U2.view(campaign).year.calendar.turn, 2, 'the deadline resolved April while it was on disk');
  await closeAll();

  // Set, then the server is restarted and nobody comes: the index row's clock wakes it.
  const U3 = track(await connect(server, ump.cookie));
  await U3.ok('month.set_deadline', { campaign, deadline: Date.now() + 3 * SEC });
  await closeAll();
  await server.restart();
  assert.equal((await health()).campaigns_in_memory, 0, 'nothing loaded at start');
  await sleep(3500);
  const U4 = track(await connect(server, ump.cookie));
  await U4.subscribe(campaign);
  assert.equal(U4.view(campaign).year.calendar.turn, 3, 'May resolved at its deadline after the restart');
  await closeAll();
});

test('a database from before the index is indexed at start', async () => {
  await server.stop();
  server.sql('DELETE FROM campaign_index');
  await server.start();
  const A = track(await connect(server, pa.cookie));
  const list = (await A.ok('campaign.list', {})).campaigns;
  assert.deepEqual(list.map((c) => c.id), [campaign]);
  assert.equal(server.sql('SELECT count(*) FROM campaign_index'), '1', 'its row written again');
  await closeAll();
  await inMemory(0, 'loaded at start, then unloaded when idle');
});
