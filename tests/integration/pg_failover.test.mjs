// PostgreSQL's primary killed under load and its synchronous standby promoted (docs/operations.md, "More than one
// machine"): nothing the server acknowledged is lost.
// - A primary and a standby it commits through synchronously (synchronous_commit on, the standby `sync` in
//   pg_stat_replication), on loopback ports (tests/integration/lib/pg_standby.mjs). The server's --store lists both
//   hosts with target_session_attrs=read-write, so a connection made again finds whichever takes writes.
// - Four sockets send chat lines to three campaigns all along (two at a time, 0.1 s apart); the primary's processes
//   are killed (SIGKILL) and the standby promoted some time later, as a failover manager (or an administrator) would.
// - Every line gets a reply: while no primary takes writes, an error (`unavailable`), never silence. Commands are
//   acknowledged again once the standby is promoted; the seconds from the kill until then are reported.
// - Every acknowledged line is stored once on the new primary and is in the campaign's view after a fresh subscribe,
//   and again after the server is restarted on the new primary alone.
// Three outages: the standby promoted 0.5 s and 6 s after the kill, both within store_retry_seconds (10), for which
// the database worker tries a batch again, so they are a delay and nothing is refused; and 8 s after the kill with
// store_retry_seconds 2, so that lines are refused as `unavailable` meanwhile, campaigns whose reload after a failed
// append could not read the log refuse what comes and read it again a little later (server/app/hub_lifecycle.cpp),
// and every campaign answers again by itself once the standby is promoted.
// Runs only on PostgreSQL (MUSTER_TEST_STORE=postgresql, as `ctest -L integration-pg` runs it), with a primary and
// standby of its own, not the suite's cluster; skipped when PostgreSQL is not installed.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MusterServer, MUSTER_WEB } from './lib/server.mjs';
import { wantsPostgres, postgresBin } from './lib/postgres.mjs';
import { makeRoot, startPrimary, startStandby, killPostmaster, promote, sql, removeNodes } from './lib/pg_standby.mjs';
import { connect, newUser, sleep } from './lib/client.mjs';

const skip = !wantsPostgres ? 'a PostgreSQL failover: run with MUSTER_TEST_STORE=postgresql'
  : !postgresBin() ? 'PostgreSQL is not installed (Debian: apt-get install postgresql-15)' : false;

const REPLY_LIMIT_MS = 12000;  // a reply later than this counts as none: the server hung
const RECOVERY_LIMIT_MS = 6000;  // after the promotion
const CAP = 190;  // lines per campaign that may be stored: a view keeps the last 200 (shared/campaign/campaign.h, chat_kept)

const chats = (v) => Object.values(v?.chat || {}).map((m) => m.text);

// Each outage on a primary, standby and server of its own, all gone at its end, pass or fail.
async function failover(t, promoteAfterMs, args = []) {
  const held = { root: makeRoot('muster-pg-failover-'), nodes: [], sockets: [], server: null };
  try {
    return await outage(t, promoteAfterMs, held, args);
  } finally {
    for (const c of held.sockets) await c.close().catch(() => {});
    await held.server?.cleanup().catch(() => {});
    removeNodes(held.root, held.nodes);
  }
}

async function outage(t, promoteAfterMs, held, args) {
  const { root, nodes, sockets } = held;
  const primary = await startPrimary(path.join(root, 'primary'));
  nodes.push(primary);
  sql(primary, 'CREATE DATABASE muster');
  const standby = await startStandby(primary, path.join(root, 'standby'));
  nodes.push(standby);

  // The store as the server sees it; psql goes to whichever node is the primary now.
  let current = primary;
  const store = {
    url: `postgresql://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/muster?target_session_attrs=read-write&connect_timeout=2`,
    sql: (query) => sql(current, query, 'muster'),
    drop: () => {},
  };
  const server = new MusterServer({
    dir: mkdtempSync(path.join(tmpdir(), 'muster-itest-')), web: MUSTER_WEB, env: {}, keepDir: false, pg: store,
    args: ['--ws-rate', '100000', '--ws-burst', '100000', ...args],
  });
  held.server = server;
  await server.start();

  const ump = await newUser(server, 'fo_umpire');
  const U = await connect(server, ump.cookie);
  sockets.push(U);
  const campaigns = [];
  for (const name of ['Kept twice', 'Kept thrice', 'Kept always']) campaigns.push((await U.ok('campaign.create', { name })).campaign);

  // Four senders on three campaigns (the first has two), each two lines at a time and a short pause between.
  const lines = [];  // {text, campaign, sentAt, reply, repliedAt}
  const sent = new Map(campaigns.map((c) => [c, 0]));
  let stopping = false;
  const senders = [];
  for (let i = 0; i < 4; i++) {
    const campaign = campaigns[i % campaigns.length];
    const c = await connect(server, ump.cookie);
    sockets.push(c);
    await c.subscribe(campaign);
    senders.push((async () => {
      for (let k = 0; !stopping && c.isOpen && sent.get(campaign) + 2 <= CAP; k += 2) {
        sent.set(campaign, sent.get(campaign) + 2);
        const batch = [k, k + 1].map((j) => ({ text: `socket ${i} line ${j}`, campaign, sentAt: Date.now() }));
        lines.push(...batch);
        await Promise.all(batch.map(async (line) => {
          try {
            line.reply = await c.send('chat.say', { campaign, text: line.text }, { timeoutMs: REPLY_LIMIT_MS });
          } catch (e) {
            line.reply = { hung: e.message };
          }
          line.repliedAt = Date.now();
        }));
        // A refused line is stored nowhere: only what may be stored counts towards the view's lines.
        sent.set(campaign, sent.get(campaign) - batch.filter((l) => l.reply && !l.reply.ok && !l.reply.hung).length);
        await sleep(100);
      }
    })());
  }

  await sleep(1200);
  const before = lines.filter((l) => l.reply?.ok).length;
  await killPostmaster(primary);
  const killedAt = Date.now();
  await sleep(promoteAfterMs);
  await promote(standby);
  current = standby;
  const promotedAt = Date.now();

  // Answered again: each campaign has acknowledged a line sent after the kill.
  const answeredAgain = () => campaigns.map((c) => lines.find((l) => l.campaign === c && l.sentAt > killedAt && l.reply?.ok));
  while (answeredAgain().some((l) => !l) && Date.now() - promotedAt < RECOVERY_LIMIT_MS) await sleep(50);
  const back = answeredAgain();
  await sleep(1000);
  stopping = true;
  await Promise.all(senders);

  const acknowledged = lines.filter((l) => l.reply?.ok);
  const refused = lines.filter((l) => l.reply && !l.reply.ok && !l.reply.hung);
  const hung = lines.filter((l) => l.reply?.hung);
  const codes = {};
  for (const l of refused) codes[l.reply.error?.code] = (codes[l.reply.error?.code] || 0) + 1;
  const stored = new Map(campaigns.map((c) => [c, store.sql(`SELECT body FROM events WHERE campaign = ${c} AND type = 'chat.said' ORDER BY seq`)
    .split('\n').filter(Boolean).map((b) => JSON.parse(b).text)]));
  const storedOnce = (l) => stored.get(l.campaign).includes(l.text);
  const lost = acknowledged.filter((l) => !storedOnce(l));
  const twice = [...stored.values()].flatMap((texts) => texts.filter((text, i) => texts.indexOf(text) !== i));
  const refusedYetStored = refused.filter(storedOnce);
  const recoveredMs = back.every(Boolean) ? Math.max(...back.map((l) => l.repliedAt)) - killedAt : null;

  t.diagnostic(`primary killed with ${before} lines acknowledged; standby promoted ${((promotedAt - killedAt) / 1000).toFixed(1)} s `
    + `after the kill; commands answered again ${recoveredMs === null ? 'never' : `${(recoveredMs / 1000).toFixed(1)} s`} after the kill`);
  t.diagnostic(`${lines.length} lines sent: acknowledged ${acknowledged.length}, refused ${refused.length} ${JSON.stringify(codes)}, `
    + `no reply ${hung.length}; lost ${lost.length}, stored twice ${twice.length}, refused yet stored ${refusedYetStored.length}`);
  if (refused.length) t.diagnostic(`a refusal: ${JSON.stringify(refused[0].reply.error)}`);
  if (refused.length || hung.length || recoveredMs === null) t.diagnostic(`server's log:\n${server.stderr.slice(-1500)}`);

  assert.deepEqual(lost.map((l) => l.text), [], 'every acknowledged line is stored on the new primary');
  assert.deepEqual(twice, [], 'nothing stored twice');

  // What the store holds is what a fresh subscriber sees (each campaign under the view's 200 lines).
  async function viewsMatchStore(what) {
    const c = await connect(server, ump.cookie);
    sockets.push(c);
    for (const campaign of campaigns) {
      const { reply, view } = await c.subscribe(campaign);
      assert.ok(reply.ok, `${what}: ${JSON.stringify(reply)}`);
      const seen = chats(view);
      assert.deepEqual(acknowledged.filter((l) => l.campaign === campaign && !seen.includes(l.text)).map((l) => l.text), [],
        `${what}: every acknowledged line of campaign ${campaign} is in its view`);
      assert.deepEqual([...seen].sort(), [...stored.get(campaign)].sort(), `${what}: campaign ${campaign}'s view holds what is stored`);
    }
    return c;
  }
  if (recoveredMs !== null) await viewsMatchStore('after the failover');
  // Restarted, the server reads every campaign afresh from the new primary (the first host refuses connections):
  // this also shows what a restart mends when a campaign did not answer again by itself.
  await server.restart();
  const again = await viewsMatchStore('after a restart on the new primary');
  await again.ok('chat.say', { campaign: campaigns[0], text: 'after the restart' });

  assert.deepEqual(hung.map((l) => l.text), [], `every line has a reply within ${REPLY_LIMIT_MS} ms`);
  assert.ok(recoveredMs !== null, `every campaign acknowledges lines again within ${RECOVERY_LIMIT_MS} ms of the promotion`);
  for (const l of refused) assert.equal(l.reply.error?.code, 'unavailable', JSON.stringify(l.reply));
  return { refused: refused.length };
}

test('the primary killed under load, the synchronous standby promoted 0.5 s later: nothing acknowledged is lost', { skip }, async (t) => {
  await failover(t, 500);
});

test('the standby promoted 6 s later, within store_retry_seconds (10): a delay, nothing refused', { skip }, async (t) => {
  const { refused } = await failover(t, 6000);
  assert.equal(refused, 0, 'the batches were tried again until the standby took writes');
});

test('the standby promoted 8 s later, past store_retry_seconds (2): refused meanwhile, every campaign answers again by itself', { skip }, async (t) => {
  const { refused } = await failover(t, 8000, ['--store-retry-seconds', '2']);
  assert.ok(refused > 0, 'lines sent while no primary took writes were refused as unavailable');
});
