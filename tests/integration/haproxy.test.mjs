// Two nodes behind HAProxy on loopback, one PostgreSQL store (docs/operations.md, "More than one machine"):
// HAProxy (Debian's haproxy) routes /ws/c/{campaign} by a map of campaign to node, which the node that takes a
// campaign's lease sets through HAProxy's admin socket (server/app/placement.h); every other request goes round robin.
// - A campaign made through the proxy is kept by the node that made it, and every socket opened at its address
//   reaches that node.
// - That node killed with SIGKILL: HAProxy's check marks it down and sends its traffic to the other node (its
//   backup), which answers `moved` until the lease runs out, then keeps the campaign and sets the map: sockets
//   reconnecting at the campaign's address reach it, and every acknowledged line is there.
// - Under load, many campaigns: twelve campaigns made through the proxy, spread over both nodes, a socket on each
//   sending a line every 100 ms and reconnecting at its campaign's address when cut off; the node keeping the
//   most killed with SIGKILL. Every campaign answers again, each acknowledged line is stored once; the seconds until
//   each of the dead node's campaigns answered again are reported.
// - A node frozen (SIGSTOP): HAProxy's check marks it down and closes its sockets (on-marked-down
//   shutdown-sessions, as docker/haproxy.cfg), so a socket on it is closed within about two checks, not left open
//   for the tunnel's hour; reconnecting at the campaign's address, it reaches the other node once the lease ran out.
// Runs on PostgreSQL with haproxy installed (scripts/dev.sh installs it); skipped, saying why, otherwise.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wantsPostgres } from './lib/postgres.mjs';
import { haproxyInstalled, proxyCluster, through } from './lib/haproxy.mjs';
import { connect, newUser, login, sleep } from './lib/client.mjs';

const skip = (!wantsPostgres && 'two nodes share a PostgreSQL store: run with MUSTER_TEST_STORE=postgresql')
  || (!haproxyInstalled && 'haproxy is not installed (bash scripts/dev.sh deps installs it)');
const dir = mkdtempSync(path.join(tmpdir(), 'muster-haproxy-'));
const clusters = [];
const sockets = [];
after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  for (const c of clusters) await c.stop();
  rmSync(dir, { recursive: true, force: true });
});

// Two nodes on one store and HAProxy in front (tests/integration/lib/haproxy.mjs), each set of its own (`tag`
// names its files), stopped after the file.
async function cluster(tag, extra = []) {
  const c = await proxyCluster(dir, tag, extra);
  clusters.push(c);
  return c;
}

async function subscribeThrough(port, cookie, campaign, limitMs = 20000) {
  const t0 = Date.now();
  let last = '';
  for (;;) {
    const c = await connect(through(port, campaign), cookie).catch((e) => { last = e.message; return null; });
    const r = c ? await c.subscribe(campaign).catch((e) => ({ reply: { ok: false, error: e.message } })) : { reply: { ok: false } };
    if (c) last = JSON.stringify(r.reply);
    if (r.reply.ok) { sockets.push(c); return { client: c, ms: Date.now() - t0 }; }
    await c?.close().catch(() => {});
    if (Date.now() - t0 > limitMs) throw new Error(`no node kept campaign ${campaign} through the proxy within ${limitMs} ms: ${last}`);
    await sleep(200);
  }
}

test('two nodes behind HAProxy: sockets reach the node that keeps their campaign, and follow it when it dies', { skip }, async (t) => {
  const { a, b, port, MAP, admin, err } = await cluster('one');
  const proxyErr = err;

  const P = through(port);
  const ump = await newUser(P, 'hp_umpire');
  const lobby = await connect(P, ump.cookie);
  sockets.push(lobby);
  const campaign = (await lobby.ok('campaign.create', { name: 'Behind the proxy' })).campaign;
  let keeper = '';
  for (let i = 0; i < 30 && !keeper; i++, await sleep(100)) keeper = (await admin(`show map ${MAP}`)).match(new RegExp(`\\b${campaign} (node-[ab])`))?.[1] ?? '';
  assert.ok(keeper, `the map names the node that made campaign ${campaign}:\n${await admin(`show map ${MAP}`)}\n${proxyErr}`);

  // Five sockets at the campaign's address: every one reaches the keeper (another node would answer `moved`).
  let first;
  for (let i = 0; i < 5; i++) {
    const { client, ms } = await subscribeThrough(port, ump.cookie, campaign, 1000);
    assert.ok(ms < 1000);
    first ??= client;
  }
  const acknowledged = [];
  for (let i = 0; i < 20; i++) {
    await first.ok('chat.say', { campaign, text: `line ${i}` });
    acknowledged.push(`line ${i}`);
  }

  const [dead, alive] = keeper === 'node-a' ? [a, b] : [b, a];
  await dead.kill('SIGKILL');
  const cookie = await login(P, ump.username);
  const { client, ms } = await subscribeThrough(port, cookie, campaign);
  const seen = Object.values(client.view(campaign).chat || {}).map((m) => m.text);
  const lost = acknowledged.filter((line) => !seen.includes(line));
  // The proxy may reach the new keeper before the map names it (a dead server's sockets go to the other): the map
  // follows the lease within moments.
  const want = alive === a ? 'node-a' : 'node-b';
  let now = '';
  for (let i = 0; i < 50 && now !== want; i++, await sleep(100)) now = (await admin(`show map ${MAP}`)).match(new RegExp(`\\b${campaign} (node-[ab])`))?.[1];
  t.diagnostic(`${keeper} killed: the campaign answered again through the proxy ${ms} ms later, kept by ${now}; lost ${lost.length} of ${acknowledged.length}`);
  assert.deepEqual(lost, []);
  assert.equal(now, want, 'the map follows the lease');
  await client.ok('chat.say', { campaign, text: 'after the failover' });
});

test('under load, twelve campaigns over both nodes: the keeper of the most killed, every campaign answers again, nothing lost', { skip }, async (t) => {
  const C = await cluster('many', ['--ws-rate', '1000', '--ws-burst', '1000', '--max-connections-per-user', '64']);
  const P = through(C.port);
  const ump = await newUser(P, 'hpm_umpire');
  // Each campaign made on a connection of its own, so round robin spreads them over both nodes.
  const campaigns = [];
  for (let i = 0; i < 12; i++) {
    const lobby = await connect(P, ump.cookie);
    campaigns.push((await lobby.ok('campaign.create', { name: `Campaign ${i}` })).campaign);
    await lobby.close();
  }
  const keepers = {};
  for (const c of campaigns) {
    for (let i = 0; i < 30 && !keepers[c]; i++, await sleep(100)) keepers[c] = await C.keeperOf(c);
  }
  const count = (node) => campaigns.filter((c) => keepers[c] === node).length;
  assert.ok(count('node-a') > 0 && count('node-b') > 0, `campaigns on both nodes: ${JSON.stringify(keepers)}`);
  const victim = count('node-a') >= count('node-b') ? 'node-a' : 'node-b';

  // One sender a campaign: a line every 100 ms; cut off or answered `moved`, it opens a new socket at the
  // campaign's address and goes on.
  let stopping = false;
  let killedAt = 0;
  const acknowledged = new Map(campaigns.map((c) => [c, []]));
  const backAfter = new Map();  // campaign -> ms from the kill to its first line acknowledged after it
  const senders = campaigns.map(async (campaign) => {
    let client = (await subscribeThrough(C.port, ump.cookie, campaign)).client;
    for (let n = 0; !stopping; n++) {
      const text = `c${campaign} line ${n}`;
      const sentAt = Date.now();
      const r = await client.send('chat.say', { campaign, text }, { timeoutMs: 5000 }).catch(() => null);
      if (r?.ok) {
        acknowledged.get(campaign).push(text);
        if (killedAt && sentAt > killedAt && !backAfter.has(campaign)) backAfter.set(campaign, Date.now() - killedAt);
      } else {
        await client.close().catch(() => {});
        client = (await subscribeThrough(C.port, ump.cookie, campaign, 30000)).client;
      }
      await sleep(100);
    }
  });
  await sleep(1500);
  await (victim === 'node-a' ? C.a : C.b).kill('SIGKILL');
  killedAt = Date.now();
  const deadline = Date.now() + 25000;
  while (campaigns.some((c) => !backAfter.has(c)) && Date.now() < deadline) await sleep(200);
  await sleep(500);
  stopping = true;
  await Promise.all(senders);

  const stored = new Map(campaigns.map((c) => [c, C.a.sql(`SELECT body FROM events WHERE campaign = ${c} AND type = 'chat.said'`)
    .split('\n').filter(Boolean).map((b) => JSON.parse(b).text)]));
  const lost = campaigns.flatMap((c) => acknowledged.get(c).filter((text) => !stored.get(c).includes(text)));
  const twice = [...stored.values()].flatMap((texts) => texts.filter((text, i) => texts.indexOf(text) !== i));
  const moved = campaigns.filter((c) => keepers[c] === victim);
  const times = moved.map((c) => backAfter.get(c)).filter((ms) => ms !== undefined).sort((x, y) => x - y);
  const total = campaigns.reduce((n, c) => n + acknowledged.get(c).length, 0);
  t.diagnostic(`${victim} killed keeping ${moved.length} of 12 campaigns: they answered again through the proxy after `
    + `${times.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s (lease 3 s); ${total} lines acknowledged, lost ${lost.length}, stored twice ${twice.length}`);
  assert.deepEqual(campaigns.filter((c) => !backAfter.has(c)), [], 'every campaign answers again');
  assert.deepEqual(lost, [], 'every acknowledged line is stored');
  assert.deepEqual(twice, [], 'nothing stored twice');
  const survivor = victim === 'node-a' ? 'node-b' : 'node-a';
  for (const c of campaigns) assert.equal(await C.keeperOf(c), survivor, `the map names ${survivor} for campaign ${c}`);
});

test('a frozen node behind HAProxy: the proxy closes its sockets, which reconnect to the other node', { skip }, async (t) => {
  const C = await cluster('frozen');
  const P = through(C.port);
  const ump = await newUser(P, 'hpf_umpire');
  const lobby = await connect(P, ump.cookie);
  sockets.push(lobby);
  const campaign = (await lobby.ok('campaign.create', { name: 'Frozen behind the proxy' })).campaign;
  let keeper = '';
  for (let i = 0; i < 30 && !keeper; i++, await sleep(100)) keeper = await C.keeperOf(campaign);
  assert.ok(keeper, 'the map names the node that made the campaign');
  const { client } = await subscribeThrough(C.port, ump.cookie, campaign, 1000);
  await client.ok('chat.say', { campaign, text: 'before the freeze' });

  const frozen = keeper === 'node-a' ? C.a : C.b;
  process.kill(frozen.proc.pid, 'SIGSTOP');
  const frozenAt = Date.now();
  try {
    await client.waitForClose(5000);
    const closed = Date.now() - frozenAt;
    const { client: again } = await subscribeThrough(C.port, ump.cookie, campaign, 15000);
    const back = Date.now() - frozenAt;
    t.diagnostic(`${keeper} frozen: the proxy closed its socket after ${closed} ms; the campaign answered on the other node after ${back} ms (lease 3 s)`);
    assert.ok(closed < 3000, `closed after ${closed} ms`);
    assert.deepEqual(Object.values(again.view(campaign).chat || {}).map((m) => m.text), ['before the freeze']);
    await again.ok('chat.say', { campaign, text: 'on the other node' });
  } finally {
    process.kill(frozen.proc.pid, 'SIGCONT');
  }
});
