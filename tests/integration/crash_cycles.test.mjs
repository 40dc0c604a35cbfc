// Crash durability under load (docs/reliability.md, "Killed mid-stream"): a real server on one SQLite file, an
// umpire and two players in three campaigns (one in its months, two with an Over the Hill battle under way), all
// sending commands without waiting (up to three in flight each), and SIGKILL at a random moment; then the server
// is started again on the same file, and again, MUSTER_CRASH_CYCLES times (50 in the suite; 1000 on demand).
// After each kill:
// - `PRAGMA integrity_check` on the file says ok (python3's sqlite3, the server down);
// - every command whose reply a client received is in the campaign (chat lines, open rolls, notices, a battle's
//   override lines by their reason, the players' diaries): acknowledged commands lost, summed over every cycle, is 0;
// - nothing half-applied or out of order: what is stored of each client's commands to a campaign is the first n
//   he sent, in order (one socket's commands are decided in order), n at least the number replied;
// - a campaign that got no command in the cycle shows every member exactly the view he last saw before the kill
//   (loaded from its snapshot, kept every 7 events, and the events after it).
// The kill moment and the cycle's idle campaign come from a seeded generator; a failure names the seed.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/server.mjs';
import { connect, newUser, uniqueName, sleep } from './lib/client.mjs';

const CYCLES = Number(process.env.MUSTER_CRASH_CYCLES || 50);
const SEED = Number(process.env.MUSTER_CRASH_SEED || (Date.now() % 1e9));
const IN_FLIGHT = 3;
const PER_CYCLE = 40; // commands a client sends a campaign in one cycle at most: the newest stay in the view's lists
const WHO = ['umpire', 'a', 'b'];

// mulberry32: a small seeded generator, so a failing run can be repeated.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// SQLite's own check of its file; PostgreSQL's cluster is never killed here, so it is asked only that it answers.
function integrity(dbPath) {
  if (server.engine === 'postgresql') return server.sql('SELECT 1') === '1' ? 'ok' : 'PostgreSQL did not answer';
  const r = spawnSync('python3', ['-c', 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("PRAGMA integrity_check").fetchone()[0])', dbPath], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : `python3 failed: ${r.stderr}`;
}

let server;
after(async () => { await server?.cleanup(); });

// The campaigns, their battles and the users' cookies; kept across restarts (sessions are in the database).
async function setUp() {
  // Past the per-socket frame limit a command is refused and changes nothing; the point here is many commands in
  // flight when the kill comes.
  // A snapshot every few events, so that every restart loads its campaigns from a snapshot and the events after it
  // (docs/architecture.md, "Snapshots"), and kills land while snapshots are being written.
  server = await startServer({ args: ['--ws-rate', '2000', '--ws-burst', '2000', '--snapshot-every-events', '7'] });
  const users = {};
  for (const k of WHO) users[k] = await newUser(server, uniqueName(`cc${k}`));
  const c = {};
  for (const k of WHO) c[k] = await connect(server, users[k].cookie);
  const campaigns = [];
  for (const kind of ['year', 'battle', 'battle']) {
    const id = (await c.umpire.ok('campaign.create', { name: `Crash ${kind} ${campaigns.length}` })).campaign;
    for (const p of ['a', 'b']) {
      const { code } = await c.umpire.ok('campaign.invite', { campaign: id, role: 'player' });
      await c[p].ok('campaign.join', { code });
    }
    const entry = { id, kind, battle: null };
    if (kind === 'year') {
      await c.a.ok('colonel.create', { campaign: id, name: 'Kemp' });
      await c.b.ok('colonel.create', { campaign: id, name: 'Hay' });
      await c.umpire.ok('year.start', { campaign: id, year: '174-', month: 4 });
    } else {
      entry.battle = (await c.umpire.ok('battle.create', {
        campaign: id, name: 'The Ford', table: { width: 180, depth: 120, measure: 'cm' },
        sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
        leaders: [{ user: users.a.user, side: 'british', name: 'Kemp', position: [40, 36] }, { user: users.b.user, side: 'french', name: 'Dartois', position: [120, 86] }],
        units: [{ side: 'british', owner: users.a.user, name: '33rd', troop_type: 'formed_infantry', position: [40, 40], facing: 0 },
          { side: 'french', owner: users.b.user, name: 'Picardie', troop_type: 'formed_infantry', position: [120, 84], facing: 180 }],
      })).battle;
      await c.umpire.ok('battle.start', { campaign: id, battle: entry.battle });
      const v = await c.umpire.subscribe(id);
      entry.unit = v.view.battles[String(entry.battle)].units[0].id;
    }
    campaigns.push(entry);
  }
  for (const k of WHO) await c[k].close();
  return { users, campaigns };
}

// What client `who` sends campaign `camp` as its i-th command this cycle, and the marker that shows it stored.
function command(who, camp, cycle, i) {
  const mark = `K${cycle}-${who}-${camp.id}-${i}-${randomBytes(3).toString('hex')}`;
  const pick = i % 3;
  if (who === 'umpire' && camp.kind === 'battle' && pick === 1) {
    return { mark, kind: 'override', type: 'battle.override', body: { campaign: camp.id, battle: camp.battle, what: 'tp', unit: camp.unit, value: i % 9, reason: mark } };
  }
  if (who === 'umpire' && pick === 2) return { mark, kind: 'notice', type: 'notice.post', body: { campaign: camp.id, text: mark } };
  if (who !== 'umpire' && camp.kind === 'year' && pick === 2) {
    return { mark, kind: 'diary', type: 'diary.submit', body: { campaign: camp.id, text: mark, publish: false, activity: 'business' } };
  }
  // "The table chat is closed to you while your battle is fought": a player there rolls open dice instead.
  if (who !== 'umpire' && camp.kind === 'battle') return { mark, kind: 'roll', type: 'dice.roll', body: { campaign: camp.id, dice: '2d6', reason: mark } };
  return { mark, kind: 'chat', type: 'chat.say', body: { campaign: camp.id, text: mark } };
}

// Whether `cmd`'s marker is in the umpire's view `v` of its campaign, and for a diary, which revision is kept.
function stored(v, cmd, users, who) {
  if (cmd.kind === 'chat') return Object.values(v.chat || {}).some((m) => m.text === cmd.mark);
  if (cmd.kind === 'roll') return Object.values(v.rolls || {}).some((m) => m.reason === cmd.mark);
  if (cmd.kind === 'notice') return Object.values(v.notices || {}).some((m) => m.text === cmd.mark);
  if (cmd.kind === 'override') return Object.values(v.battles || {}).some((b) => (b.log || []).some((e) => e.text.endsWith(`: ${cmd.mark}.`)));
  const col = v.year.colonels[String(users[who].user)];
  return (col && col.diary && col.diary.text) === cmd.mark;
}

// One client's stream of commands to the campaigns that are not idle, at most IN_FLIGHT unanswered at once.
function workload(client, who, camps, cycle, sent) {
  let stop = false;
  const runs = camps.map(async (camp) => {
    const list = [];
    sent.push({ who, camp, list });
    const flying = new Set();
    for (let i = 0; i < PER_CYCLE && !stop && client.isOpen; i += 1) {
      const cmd = command(who, camp, cycle, i);
      cmd.reply = null;
      list.push(cmd);
      const p = client.send(cmd.type, cmd.body, { timeoutMs: 60000 }).then((r) => { cmd.reply = r; }, () => {}).finally(() => flying.delete(p));
      flying.add(p);
      if (flying.size >= IN_FLIGHT) await Promise.race(flying);
    }
    await Promise.allSettled(flying);
  });
  return { stop: () => { stop = true; }, done: Promise.allSettled(runs) };
}

test(`crash cycles: ${CYCLES} SIGKILLs under load lose no acknowledged command (seed ${SEED})`, { timeout: 60000 + CYCLES * 8000 }, async (t) => {
  const rnd = generator(SEED);
  const { users, campaigns } = await setUp();
  let acked = 0;
  let lost = 0;
  let unacked = 0;
  let before = null; // {who: {campaign: view}} each client's last view before the kill
  let idle = null;
  for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
    if (!server.running) await server.start();
    const clients = {};
    for (const k of WHO) clients[k] = await connect(server, users[k].cookie);
    const views = {};
    for (const k of WHO) {
      views[k] = {};
      for (const camp of campaigns) views[k][camp.id] = (await clients[k].subscribe(camp.id)).view;
    }
    // The campaign left alone last cycle: every member sees exactly what he saw before the kill.
    if (before && idle) for (const k of WHO) assert.deepEqual(views[k][idle.id], before[k][idle.id], `cycle ${cycle} (seed ${SEED}): ${k}'s view of the idle campaign changed across the crash`);
    if (before) ({ acked, lost, unacked } = checkStored(before.sent, views.umpire, users, cycle, { acked, lost, unacked }));

    idle = campaigns[Math.floor(rnd() * campaigns.length)];
    const busy = campaigns.filter((c) => c !== idle);
    const sent = [];
    const loads = WHO.map((k) => workload(clients[k], k, busy, cycle, sent));
    await sleep(30 + Math.floor(rnd() * 400));
    await server.kill('SIGKILL');
    for (const l of loads) l.stop();
    for (const k of WHO) await clients[k].closed;
    await Promise.all(loads.map((l) => l.done));
    before = { sent };
    for (const k of WHO) before[k] = Object.fromEntries(campaigns.map((c) => [c.id, structuredClone(clients[k].view(c.id))]));
    assert.equal(integrity(server.dbPath), 'ok', `cycle ${cycle} (seed ${SEED}): integrity_check after the kill`);
  }
  await server.start();
  const U = await connect(server, users.umpire.cookie);
  const last = {};
  for (const camp of campaigns) last[camp.id] = (await U.subscribe(camp.id)).view;
  ({ acked, lost, unacked } = checkStored(before.sent, last, users, CYCLES + 1, { acked, lost, unacked }));
  await U.close();
  t.diagnostic(`${CYCLES} kills: ${acked} acknowledged commands, ${lost} lost; ${unacked} sent without a reply`);
  assert.equal(lost, 0, 'acknowledged commands lost');
  const snapshots = server.sql('SELECT campaign, seq FROM campaign_snapshots ORDER BY campaign');
  t.diagnostic(`snapshots kept (campaign|event): ${snapshots.split('\n').join(', ')}`);
  assert.equal(snapshots.split('\n').filter(Boolean).length, campaigns.length, 'every campaign has a snapshot, which each restart loaded');
});

// Each client's commands to each campaign: the stored ones are the first n sent, n at least the replied ones.
function checkStored(sent, umpireViews, users, cycle, counts) {
  let { acked, lost, unacked } = counts;
  for (const { who, camp, list } of sent) {
    const v = umpireViews[camp.id];
    const replied = list.filter((c) => c.reply);
    for (const c of replied) assert.equal(c.reply.ok, true, `cycle ${cycle}: ${c.type} refused: ${JSON.stringify(c.reply)}`);
    acked += replied.length;
    unacked += list.length - replied.length;
    if (list.some((c) => c.kind === 'diary')) {
      // Diaries replace each other: the kept one is his last replied one or a later one.
      const diaries = list.filter((c) => c.kind === 'diary');
      const keptAt = diaries.findIndex((c) => stored(v, c, users, who));
      const lastAcked = diaries.map((c) => !!c.reply).lastIndexOf(true);
      if (lastAcked >= 0 && keptAt < lastAcked) lost += 1;
    }
    const flags = list.filter((c) => c.kind !== 'diary').map((c) => stored(v, c, users, who));
    const n = flags.indexOf(false) === -1 ? flags.length : flags.indexOf(false);
    assert.ok(flags.slice(n).every((f) => !f), `cycle ${cycle}: ${who}'s commands to campaign ${camp.id} stored out of order: ${flags.map(Number).join('')}`);
    const nonDiary = list.filter((c) => c.kind !== 'diary');
    const repliedNonDiary = nonDiary.map((c) => !!c.reply).lastIndexOf(true) + 1;
    if (n < repliedNonDiary) lost += repliedNonDiary - n;
  }
  return { acked, lost, unacked };
}
