// How a campaign's cost grows as it ages: an umpire and N players over real WebSockets play M months of the
// campaign year (docs/protocol.md, "The campaign year"): every month each player sends a diary of about 600
// characters (orders that keep his regiment paid, published about one month in three), then the umpire
// resolves the month. Meanwhile a small Over the Hill battle (two of the players as leaders, auto_run) stays
// open, and plays one turn in each measured month. In months 1, 2, 3, 6, 12, 18, 24, 30 and 36 it measures:
//   - the server's CPU per diary.submit: the month's N diaries, each awaited in turn, and every socket
//     caught up with the pushes they caused, divided by N;
//   - the server's CPU of month.resolve (its pushes included);
//   - the server's CPU of one battle turn (every battle player plays a card; the last card closes the turn and
//     auto_run resolves it; pushes included);
//   - the bytes of the whole view a fresh socket gets on campaign.subscribe, for the umpire and for one player.
// CPU is the run time of every thread of the server, from /proc/PID/task/*/schedstat (nanoseconds).
// "Caught up" is the harness's caughtUp(): one campaign.list round trip on each socket, so each measured
// figure also holds N + 1 campaign.list commands; their own cost is measured alone and printed below the table.
// Run on demand (never part of the test suite):
//
//   node bench/aging.mjs [--months 36] [--players 20] [--bin build/muster] [--deflate] [--save-frames DIR]
//                        [--load [--snapshot-every 1000]]
//
// --deflate adds, for the fresh views of the last measured month, a table of the first view on a slow line: the
// bytes on the wire of a subscribe on a fresh socket that takes permessage-deflate (as a browser does) and of one
// that does not, the server's CPU for each (the median of 15 subscribes of each, taken in turn), and the time a
// phone on Lighthouse's slow 4G (150 ms RTT, 1.6 Mbps down) waits for it: slow4g() below.
// --save-frames writes every frame the umpire's socket and the shown player's received, as a JSON array of their
// texts (each of an array its own), to DIR/umpire.json and DIR/player.json: bench/deflate-frames.cpp reads them.
// --load then measures loading the aged campaign into a restarted server, from its whole log and from its snapshot
// (--snapshot-every, default the server's 1000): bench/load-cost.mjs.
import { performance } from 'node:perf_hooks';

const USAGE = 'node bench/aging.mjs [--months 36] [--players 20] [--bin build/muster] [--deflate] [--save-frames DIR] ' +
  '[--load [--snapshot-every 1000]]';
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`usage: ${USAGE}`);
  process.exit(0);
}
const MONTHS = Number(arg('months', 36));
const PLAYERS = Number(arg('players', 20));
if (!Number.isInteger(MONTHS) || MONTHS < 1 || !Number.isInteger(PLAYERS) || PLAYERS < 2) {
  console.error(`usage: ${USAGE}\n(--months >= 1, --players >= 2: the battle needs two leaders)`);
  process.exit(2);
}
if (arg('bin')) process.env.MUSTER_BIN = arg('bin');
// Imported after MUSTER_BIN is set: the server library reads it when it loads.
const { startServer, MUSTER_BIN } = await import('../tests/integration/lib/server.mjs');
const { connect, newUser } = await import('../tests/integration/lib/client.mjs');
const { cpuMs, measureLoads, loadTable } = await import('./load-cost.mjs');

const MEASURED = [1, 2, 3, 6, 12, 18, 24, 30, 36].filter((m) => m <= MONTHS);
const FIRST_REGIMENT = 3, LAST_REGIMENT = 20; // 1 and 2 "typically go to Royalty"; book last_regiment 20
const TIMEOUT = 120000; // a reply or a catch-up late in a long campaign

/** A refused command stops the run with the month, the command and the server's error. */
class Refused extends Error {}
let stage = 'setup';
async function must(c, type, body) {
  const r = await c.send(type, body, { timeoutMs: TIMEOUT });
  if (r.ok !== true) throw new Refused(`${stage}: ${type} ${JSON.stringify(body).slice(0, 160)} was refused: ${JSON.stringify(r.error ?? r)}`);
  return r.body;
}

// A diary's words: about 600 characters of a colonel's month, different for each player and month.
const OPENINGS = [
  'The regiment lay this month in quarters about the town, the men in billets and the officers at the inn.',
  'We marched two days through rain to new cantonments, and the baggage came up a day behind us.',
  'A quiet month in camp: the drill sergeants had the companies out each morning on the common.',
  'News from Flanders kept the mess talking late; the Duke is said to be gathering his army for the spring.',
  'The paymaster came at last with the month\'s subsistence, and the men\'s spirits rose accordingly.',
];
const MIDDLES = [
  'I dined twice with the Lord Lieutenant and was careful to praise his hounds, which cost me nothing but patience.',
  'Captain Hale reports four men sick of the flux and two deserters taken up at the ferry and brought back in irons.',
  'The new recruits from the county are raw but willing; the grenadiers have taken the best of them already.',
  'I wrote to my agent in London about the clothing contract, which is late, and to my banker about the bills.',
  'Musketry practice at the butts went better than last month, though the powder allowance is a scandal.',
  'A dispute between the quartermaster and the innkeeper over forage was settled with a guinea and a promise.',
  'The colonel of the Buffs called on me; we spoke of the committee and of who might command the next expedition.',
];
const CLOSINGS = [
  'The men are paid to the day and the companies are complete; I mean to keep them so.',
  'I remain, as ever, in hope of active service and a chance for the regiment to distinguish itself.',
  'All accounts are settled and the regiment owes no man a penny this month.',
  'If the War Office sends us abroad we shall be ready; if not, we shall be better drilled for the waiting.',
];
function diaryText(player, month, label) {
  const pick = (list, k) => list[(player * 7 + month * 3 + k) % list.length];
  let text = `${label}. ${pick(OPENINGS, 0)}`;
  for (let k = 0; text.length < 480; k++) text += ` ${pick(MIDDLES, k * 5 + 1)}`;
  text += ` ${pick(CLOSINGS, 2)}`;
  return text.length > 640 ? `${text.slice(0, text.lastIndexOf(' ', 636))}...` : text;
}

const ACTIVITIES = ['supervise', 'socialise', 'business', 'politics'];
/** Player i's diary for month m: the regiment paid and at full strength, drill every month (supervised one
 * month in four), musketry one month in three, manoeuvres one in six; published one month in three. */
function diary(campaign, i, m, hasRegiment, label) {
  const body = { campaign, text: diaryText(i, m, label), publish: (m + i) % 3 === 0 };
  if (hasRegiment) {
    body.activity = ACTIVITIES[(m + i) % 4];
    if (body.activity === 'supervise') body.supervise = 'drill';
    body.orders = { drill: true, musketry: (m + i) % 3 === 1, manoeuvres: (m + i) % 6 === 2, maintained: 10, declared: 10, pay: 'pay' };
  } else {
    body.activity = ACTIVITIES[1 + ((m + i) % 3)]; // no regiment: socialise, business or politics
  }
  return body;
}

const t0 = performance.now();
const DEFLATE = process.argv.includes('--deflate');
const LOAD = process.argv.includes('--load');
const SNAPSHOT_EVERY = Number(arg('snapshot-every', 1000));
const SAVE_FRAMES = arg('save-frames');
const BASE_ARGS = ['--ws-rate', '100000', '--ws-burst', '100000', ...(DEFLATE ? ['--ws-deflate', 'true'] : [])];
const SUBSCRIBES = 15;  // of each kind, with --deflate

// Seconds from the subscribe's sending to the last byte of its answer, `bytes` on the wire, on Lighthouse's slow 4G
// (its throttling constants: 150 ms round trip, 1.6 × 1024 Kbps down) over a connection in TCP slow start, as a
// socket just opened is: the request takes half a round trip; the server sends 10 segments of 1460 bytes, then
// twice as many each round trip, until a round fills the line; the last byte arrives half a round trip after it
// left. The server's own time and the phone's are not in it.
function slow4g(bytes) {
  const RTT = 0.150, RATE = (1.6 * 1024 * 1024) / 8;  // bytes per second
  let t = RTT / 2, left = bytes, window = 10 * 1460;
  for (;;) {
    const send = Math.min(window, left);
    left -= send;
    if (left === 0) return t + send / RATE + RTT / 2;
    t += Math.max(RTT, send / RATE);
    window *= 2;
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const server = await startServer({ args: BASE_ARGS });
const loads = [];
const { default: WebSocket } = await import('ws');
const rows = [];
const firstViews = [];  // with --deflate: the last measured month's fresh subscribes
const probes = [];
let failure = null;
let playerShown = null;
try {
  const pid = server.proc.pid;
  const ump = await newUser(server, 'aging_umpire');
  const U = await connect(server, ump.cookie);
  const campaign = (await must(U, 'campaign.create', { name: 'Aging bench' })).campaign;
  const code = (await must(U, 'campaign.invite', { campaign, role: 'player' })).code;
  const players = [];
  for (let i = 0; i < PLAYERS; i++) {
    const u = await newUser(server, `aging_player_${i}`);
    const c = await connect(server, u.cookie);
    await must(c, 'campaign.join', { code });
    players.push({ i, user: u.user, cookie: u.cookie, c, regiment: null });
  }
  const sockets = [U, ...players.map((p) => p.c)];
  for (const s of sockets) {
    const r = await s.subscribe(campaign, { timeoutMs: TIMEOUT });
    if (!r.reply.ok) throw new Refused(`setup: campaign.subscribe was refused: ${JSON.stringify(r.reply.error)}`);
  }
  // Every socket has the pushes of everything committed so far (the caughtUp round trip).
  const settle = async () => { for (const s of sockets) await s.caughtUp(campaign, TIMEOUT); };

  // Colonels (each buys 10 PIP), objectives, and the initial auction: one lot per regiment while both last.
  const KINDS = ['glory', 'prestige', 'wealth', 'smartest', 'duty'];
  for (const p of players) {
    await must(p.c, 'colonel.create', { campaign, name: `Colonel ${p.i}`, pip: 10,
      profile: { age: 30 + (p.i % 25), background: `Served in Flanders as a captain of foot; colonel number ${p.i}.` } });
    await must(p.c, 'objective.choose', { campaign, kind: KINDS[p.i % KINDS.length] });
  }
  const lots = Math.min(PLAYERS, LAST_REGIMENT - FIRST_REGIMENT + 1);
  for (let k = 0; k < lots; k++) {
    const p = players[k], regiment = FIRST_REGIMENT + k;
    await must(U, 'auction.open', { campaign, regiment });
    await must(p.c, 'auction.bid', { campaign, amount: 100 + 10 * k });
    await must(U, 'auction.close', { campaign });
    p.regiment = regiment;
  }
  await settle();
  for (const p of players.slice(0, lots)) {
    const got = U.view(campaign).year.colonels[String(p.user)].regiment;
    if (got !== p.regiment) throw new Refused(`setup: colonel ${p.i} should have regiment ${p.regiment} after its lot, has ${got}`);
  }
  await must(U, 'year.start', { campaign, year: '1744', month: 4 });

  // The battle: players 0 and 1 lead a unit each, 60 cm apart (out of musket range: nobody runs off the
  // table in 36 turns), FIRE ordered on the first turn and no action after.
  const units = [], leaders = [];
  for (const [k, p] of players.slice(0, 2).entries()) {
    const british = k === 0, y = british ? 30 : 90;
    units.push({ side: british ? 'british' : 'french', owner: p.user, name: `Regt ${k}`, troop_type: 'formed_infantry',
      position: [90, y], facing: british ? 0 : 180, values: { drill: 3, musketry: 3, effectiveness: 3 } });
    leaders.push({ user: p.user, side: british ? 'british' : 'french', name: `Colonel ${p.i}`, position: [90, british ? y - 1 : y + 1] });
  }
  const battle = (await must(U, 'battle.create', {
    campaign, name: 'The aging skirmish', table: { width: 180, depth: 120, measure: 'cm' },
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }], units, leaders,
  })).battle;
  await must(U, 'battle.start', { campaign, battle });
  const battlePlayers = players.slice(0, 2);
  let battleTurn = 1;
  await settle();

  // The player whose fresh view is measured: one with a regiment who is not in the battle, if there is one.
  const shown = players.find((p) => p.regiment && p.i >= 2) ?? players[players.length - 1];
  playerShown = shown.i;
  async function freshViewBytes(cookie) {
    const c = await connect(server, cookie);
    try {
      const r = await c.subscribe(campaign, { timeoutMs: TIMEOUT });
      if (!r.reply.ok) throw new Refused(`${stage}: campaign.subscribe on a fresh socket was refused: ${JSON.stringify(r.reply.error)}`);
      const frame = c.frames[c.messages.indexOf(r.push)];
      if (!('view' in r.push)) throw new Refused(`${stage}: a fresh socket's first push is not a whole view`);
      return Buffer.byteLength(frame);
    } finally {
      await c.close();
    }
  }

  // With --deflate: one subscribe on a fresh socket that takes deflate or not; the bytes its reply and view take on
  // the wire and the server's CPU from the subscribe's sending to the view's arrival.
  async function subscribeOnce(cookie, deflate) {
    const ws = new WebSocket(server.wsUrl(), { headers: { Cookie: cookie, Origin: server.origin }, perMessageDeflate: deflate });
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    const got = new Promise((resolve) => ws.on('message', (m) => { if ([JSON.parse(String(m))].flat().some((f) => 'view' in f)) resolve(); }));
    const before = ws._socket.bytesRead, c0 = cpuMs(pid);
    ws.send(JSON.stringify({ id: 1, type: 'campaign.subscribe', body: { campaign } }));
    await got;
    const cpu = cpuMs(pid) - c0, bytes = ws._socket.bytesRead - before;
    ws.terminate();
    return { cpu, bytes };
  }
  async function firstView(who, cookie) {
    const plain = [], zipped = [];
    let plainWire = 0, zippedWire = 0;
    for (let k = 0; k < SUBSCRIBES; k++) {
      const p = await subscribeOnce(cookie, false);
      const z = await subscribeOnce(cookie, true);
      plain.push(p.cpu);
      zipped.push(z.cpu);
      plainWire = p.bytes;
      zippedWire = z.bytes;
    }
    return { who, plainWire, zippedWire, plainCpu: median(plain), zippedCpu: median(zipped) };
  }

  for (let m = 1; m <= MONTHS; m++) {
    const measured = MEASURED.includes(m);
    const label = U.view(campaign).year.calendar.label;
    stage = `month ${m} (${label})`;
    const row = { month: m, label };

    if (measured) {
      // What a settle round costs alone (N + 1 campaign.list with nothing to wait for).
      const p0 = cpuMs(pid);
      await settle();
      probes.push({ month: m, ms: cpuMs(pid) - p0 });
      // One battle turn: both leaders play a card; the last closes the turn and auto_run resolves it.
      const b0 = cpuMs(pid);
      for (const p of battlePlayers) {
        await must(p.c, 'card.play', battleTurn === 1
          ? { campaign, battle, turn: battleTurn, card: 'order.fire', unit: units.findIndex((u) => u.owner === p.user) + 1 }
          : { campaign, battle, turn: battleTurn, card: 'no_action' });
      }
      await settle();
      row.battle_ms = cpuMs(pid) - b0;
      battleTurn += 1;
      const b = U.view(campaign).battles?.[String(battle)];
      if (b?.turn !== battleTurn || b?.status !== 'cards') {
        throw new Refused(`${stage}: after a turn was played the battle is at turn ${b?.turn} (${b?.status}), not turn ${battleTurn} (cards)`);
      }
    }

    const d0 = cpuMs(pid), dw = performance.now();
    for (const p of players) await must(p.c, 'diary.submit', diary(campaign, p.i, m, p.regiment !== null, label));
    await settle();
    row.diary_ms = (cpuMs(pid) - d0) / PLAYERS;
    row.diary_wall_ms = (performance.now() - dw) / PLAYERS;

    const r0 = cpuMs(pid), rw = performance.now();
    await must(U, 'month.resolve', { campaign, turn: m });
    await settle();
    row.resolve_ms = cpuMs(pid) - r0;
    row.resolve_wall_ms = performance.now() - rw;
    const turn = U.view(campaign).year.calendar.turn;
    if (turn !== m + 1) throw new Refused(`${stage}: after month.resolve the calendar is at turn ${turn}, not ${m + 1}`);

    if (measured) {
      row.umpire_view_bytes = await freshViewBytes(ump.cookie);
      row.player_view_bytes = await freshViewBytes(shown.cookie);
      if (DEFLATE && m === MEASURED[MEASURED.length - 1]) {
        firstViews.push(await firstView('umpire', ump.cookie));
        firstViews.push(await firstView(`player ${shown.i}`, shown.cookie));
      }
      rows.push(row);
      if (process.env.ROWS) console.log(JSON.stringify(row));
    }
    const problems = sockets.flatMap((s) => s.problems);
    if (problems.length) throw new Refused(`${stage}: pushes did not apply cleanly: ${problems.slice(0, 3).join('; ')}`);
  }
  if (SAVE_FRAMES) {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(SAVE_FRAMES, { recursive: true });
    writeFileSync(`${SAVE_FRAMES}/umpire.json`, JSON.stringify(U.frames));
    writeFileSync(`${SAVE_FRAMES}/player.json`, JSON.stringify(shown.c.frames));
  }
  if (LOAD) {
    stage = 'loading';
    for (const s of sockets) await s.close();
    loads.push(...await measureLoads(server, campaign, ump.cookie, { baseArgs: BASE_ARGS, every: SNAPSHOT_EVERY, timeoutMs: TIMEOUT }));
  }
} catch (e) {
  failure = e;
} finally {
  await server.stop().catch(() => {});
  await server.cleanup().catch(() => {});
}

const wall = (performance.now() - t0) / 1000;
const f1 = (x) => (x === undefined ? '-' : x.toFixed(1));
const kb = (b) => (b === undefined ? '-' : (b / 1024).toFixed(1));
console.log(`\`node bench/aging.mjs ${process.argv.slice(2).join(' ')}\` (binary ${MUSTER_BIN}; ${MONTHS} months, ${PLAYERS} players, ` +
  `${Math.min(PLAYERS, LAST_REGIMENT - FIRST_REGIMENT + 1)} with a regiment; player view: player ${playerShown ?? '-'})`);
console.log('');
console.log('| month | diary.submit ms CPU | month.resolve ms CPU | battle turn ms CPU | umpire view KB | player view KB |');
console.log('|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.month} (${r.label}) | ${f1(r.diary_ms)} | ${f1(r.resolve_ms)} | ${f1(r.battle_ms)} | ${kb(r.umpire_view_bytes)} | ${kb(r.player_view_bytes)} |`);
}
if (firstViews.length) {
  const s2 = (x) => x.toFixed(2);
  console.log(`\nThe first view of month ${MEASURED[MEASURED.length - 1]} on slow 4G (a fresh socket's subscribe, plain and compressed; ` +
    `server CPU: the median of ${SUBSCRIBES} of each):\n`);
  console.log('| who | on the wire KB, plain | compressed | slow 4G s, plain | compressed | server ms CPU, plain | compressed |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const v of firstViews) {
    console.log(`| ${v.who} | ${kb(v.plainWire)} | ${kb(v.zippedWire)} | ${s2(slow4g(v.plainWire))} | ${s2(slow4g(v.zippedWire))} | ` +
      `${s2(v.plainCpu)} | ${s2(v.zippedCpu)} |`);
  }
}
console.log('');
console.log(`CPU: the run time of every server thread (/proc/PID/task/*/schedstat): month.resolve and the battle turn are one ` +
  `command each; diary.submit is the month's ${PLAYERS} diaries / ${PLAYERS}. ` +
  `Each figure includes its pushes and one catch-up round (${PLAYERS + 1} campaign.list); that round alone cost ` +
  `${probes.map((p) => p.ms.toFixed(1)).join(', ') || '-'} ms CPU in the measured months.`);
console.log(`Wall time per diary (reply and catch-up): ${rows.map((r) => r.diary_wall_ms.toFixed(1)).join(', ') || '-'} ms; ` +
  `per month.resolve: ${rows.map((r) => r.resolve_wall_ms.toFixed(0)).join(', ') || '-'} ms.`);
if (loads.length) {
  console.log('');
  console.log(loadTable(loads));
}
console.log(`Total wall time: ${wall.toFixed(1)} s`);
if (failure) {
  console.error(`\nSTOPPED: ${failure instanceof Refused ? failure.message : failure.stack}`);
  process.exit(1);
}
