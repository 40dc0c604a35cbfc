// Many clubs on one machine: how long the server takes to start with N campaigns in its database, and what
// memory it holds, with campaigns loaded only when wanted (docs/architecture.md, "Campaigns in memory").
// A template campaign (an umpire, 5 players with colonels, 20 chat lines, no open invite) is made over the
// protocol, then copied N-1 times in SQL (python3's sqlite3: each copy's events are the template's, its id
// in campaign.created, and its index row). Then:
//   1. the server starts on the database with its index rows deleted, as a database from before the index:
//      it replays every campaign and writes their rows (the old way of starting);
//   2. it starts again: it reads only the index rows;
//   3. 200 campaigns are opened (their umpire subscribes), then left: memory with them loaded, and after they
//      have been unloaded (hub_idle_seconds 2).
// Each start is timed from the spawn to the listening line; RSS is VmRSS from /proc. Run on demand:
//
//   node bench/many-campaigns.mjs [--campaigns 100000] [--bin build/muster]
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const N = Number(arg('campaigns', 100000));
const OPENED = Math.min(200, N);
if (arg('bin')) process.env.MUSTER_BIN = arg('bin');
const { startServer } = await import('../tests/integration/lib/server.mjs');
const { connect, newUser, sleep } = await import('../tests/integration/lib/client.mjs');

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const sql = (db, script) => execFileSync('python3', ['-c', `
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.executescript(sys.argv[2])
c.commit()
`, db, script]);
const count = (db, q) => Number(execFileSync('python3', ['-c',
  'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])', db, q], { encoding: 'utf8' }));

const wall0 = performance.now();
const server = await startServer({ args: ['--hub-idle-seconds', '2'] });
const out = [];
let ump;
try {
  ump = await newUser(server, 'bench_umpire');
  const U = await connect(server, ump.cookie);
  const campaign = (await U.ok('campaign.create', { name: 'Template club' })).campaign;
  const code = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  for (let i = 0; i < 5; i++) {
    const p = await newUser(server, `bench_player_${i}`);
    const c = await connect(server, p.cookie);
    await c.ok('campaign.join', { code });
    await c.ok('colonel.create', { campaign, name: `Colonel ${i}` });
    for (let k = 0; k < 4; k++) await c.ok('chat.say', { campaign, text: `Chat ${k} from player ${i}` });
    await c.close();
  }
  await U.ok('campaign.revoke_invite', { campaign, code });
  await U.close();
  await server.stop();

  // N-1 copies, in one transaction.
  const t0 = performance.now();
  sql(server.dbPath, `
    BEGIN;
    WITH RECURSIVE ids(n) AS (SELECT 2 UNION ALL SELECT n + 1 FROM ids WHERE n < ${N})
      INSERT INTO campaigns(id, name, seed_hex, created) SELECT n, name || ' ' || n, seed_hex, created FROM ids, campaigns WHERE id = ${campaign};
    INSERT INTO events(campaign, seq, type, actor, at, body, dice)
      SELECT c.id, e.seq, e.type, e.actor, e.at,
             CASE WHEN e.type = 'campaign.created' THEN json_set(e.body, '$.id', c.id, '$.name', c.name) ELSE e.body END, e.dice
      FROM campaigns c, events e WHERE c.id > ${campaign} AND e.campaign = ${campaign};
    COMMIT;`);
  const events = count(server.dbPath, 'SELECT count(*) FROM events');
  const copyS = (performance.now() - t0) / 1000;

  // 1. As a database from before the index: every campaign replayed at start.
  sql(server.dbPath, 'DELETE FROM campaign_index;');
  let t = performance.now();
  await server.start({ timeoutMs: 600000 });
  const replayS = (performance.now() - t) / 1000;
  const replayRss = rssMb(server.proc.pid);
  await sleep(1000);
  await server.stop();
  const indexRows = count(server.dbPath, 'SELECT count(*) FROM campaign_index');

  // 2. From the index rows.
  t = performance.now();
  await server.start({ timeoutMs: 600000 });
  const indexS = (performance.now() - t) / 1000;
  const pid = server.proc.pid;
  const indexRss = rssMb(pid);

  // 3. Some campaigns opened, then left.
  const U2 = await connect(server, ump.cookie);
  for (let id = 1; id <= OPENED; id++) await U2.subscribe(id);
  const openRss = rssMb(pid);
  await U2.close();
  await sleep(5000);
  const leftRss = rssMb(pid);

  out.push(`\`node bench/many-campaigns.mjs --campaigns ${N}\` (binary ${process.env.MUSTER_BIN || 'build/muster'})`, '',
    `${N} campaigns, ${events} events (each: an umpire, 5 players with colonels, 20 chat lines); copied in ${copyS.toFixed(1)} s.`, '',
    '| start | seconds to listening | RSS MB |', '|---|---:|---:|',
    `| every campaign replayed (no index rows; ${indexRows} rows written) | ${replayS.toFixed(2)} | ${replayRss.toFixed(0)} |`,
    `| from the index rows | ${indexS.toFixed(2)} | ${indexRss.toFixed(0)} |`,
    `| ... then ${OPENED} campaigns subscribed | | ${openRss.toFixed(0)} |`,
    `| ... and left (unloaded after 2 s idle) | | ${leftRss.toFixed(0)} |`);
  console.log(out.join('\n'));
  console.log(`Total wall time: ${((performance.now() - wall0) / 1000).toFixed(1)} s`);
} finally {
  await server.cleanup();
}
