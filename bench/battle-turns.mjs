// What a battle turn costs the server, for each rule set: an umpire and six players (three a side) over real
// WebSockets fight a battle of 12 units, each turn played the book's way (bench/battle/<ruleset>.mjs: its set-up
// and one turn; each says how its turn goes and why). Per turn: the wall time from the turn's first command sent
// to its last reply, the server's CPU (utime + stime from /proc), and the bytes pushed to each socket. Then the
// replay: the server restarts and the first subscribe loads the campaign again from its log; its CPU is read
// around that subscribe, less the new process's idle rate. Run on demand:
//
//   node bench/battle-turns.mjs [--ruleset oth|reivers|cmwd|lfas] [--turns 40] [--replays 3] [--notes 0] [--ended 0] [--bin build/muster]
//
// --notes N first posts N private umpire notes of 500 bytes, so the umpire's whole view is large (as after a
// long campaign): this shows what diffing only the battles' section saves (docs/performance.md, "Battles").
// --ended N first sets up, starts and ends N battles of the same book (as a campaign's old battles stand beside
// the one being fought): a step's cost should not grow with them.
// ROWS=1 prints a line per turn and per replay.
// CALLGRIND_TURNS=3-5,36-40 (with MUSTER_BIN a script that execs the server under
// `valgrind --tool=callgrind --instr-atstart=no`) collects instructions during those turns only, one dump per range
// (callgrind_control), to compare where an early and a late turn's work goes.
import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const RULESET = arg('ruleset', 'oth');
const TURNS = Number(arg('turns', 40));
const REPLAYS = Number(arg('replays', 3));
const NOTES = Number(arg('notes', 0));
const ENDED = Number(arg('ended', 0));
if (!['oth', 'reivers', 'cmwd', 'lfas'].includes(RULESET)) throw new Error(`--ruleset: oth, reivers, cmwd or lfas, not ${RULESET}`);
if (arg('bin')) process.env.MUSTER_BIN = arg('bin');
// Imported after MUSTER_BIN is set: the server library reads it when it loads.
const { startServer } = await import('../tests/integration/lib/server.mjs');
const { connect, newUser, sleep } = await import('../tests/integration/lib/client.mjs');
const book = await import(`./battle/${RULESET}.mjs`);

/** The process's CPU so far: utime + stime in ms (10 ms ticks, dead threads included). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15 of stat)
  return ticks * 10; // USER_HZ 100
}
/** The live threads' CPU so far in ms, to the nanosecond (schedstat): a finer second reading for one subscribe. */
function cpuFineMs(pid) {
  let ns = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try { ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]); } catch { /* thread gone */ }
  }
  return ns / 1e6;
}
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const r1 = (x) => +x.toFixed(1);
const bytesOf = (c) => c.frames.reduce((n, f) => n + Buffer.byteLength(f), 0);

/** The umpire and six players, joined and subscribed; N private notes first if asked. */
async function table(server) {
  const ump = await newUser(server, 'bench_umpire');
  const U = await connect(server, ump.cookie);
  const campaign = (await U.ok('campaign.create', { name: 'Bench battle' })).campaign;
  const code = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  const players = [];
  for (let i = 0; i < 6; i++) {
    const u = await newUser(server, `bench_player_${i}`);
    const c = await connect(server, u.cookie);
    await c.ok('campaign.join', { code });
    players.push({ user: u.user, cookie: u.cookie, c });
  }
  const note = 'n'.repeat(500);
  for (let i = 0; i < NOTES; i++) await U.ok('notice.post', { campaign, text: `${i} ${note}`, private: true });
  for (const s of [U, ...players.map((p) => p.c)]) await s.subscribe(campaign);
  return { U, umpireCookie: ump.cookie, campaign, players };
}

/** Plays the turns the book's way; a row per turn. */
async function playTurns(server, ctx, game) {
  const pid = server.proc.pid;
  const sockets = [ctx.U, ...ctx.players.map((p) => p.c)];
  const rows = [];
  const ranges = (process.env.CALLGRIND_TURNS ?? '').split(',').filter(Boolean).map((r) => r.split('-').map(Number));
  const callgrind = (...a) => execFileSync('callgrind_control', [...a, String(pid)], { stdio: 'ignore' });
  for (let turn = 1; turn <= TURNS; turn++) {
    if (ranges.some(([a]) => a === turn)) callgrind('-i', 'on');
    const bytes0 = sockets.map(bytesOf);
    const cpu0 = cpuMs(pid);
    const t0 = performance.now();
    await book.playTurn(ctx, game, turn);
    const wall = performance.now() - t0;
    await sleep(50); // the last pushes arrive
    const cpu = cpuMs(pid) - cpu0;
    const pushed = sockets.map((c, i) => bytesOf(c) - bytes0[i]);
    const players = pushed.slice(1);
    // The umpire's battle as the hub diffs it after each step: without its log and history, which are appended.
    const battles = ctx.U.view(ctx.campaign)?.battles ?? {};
    const light = Object.values(battles).reduce((n, b) => n + JSON.stringify({ ...b, log: undefined, history: undefined }).length, 0);
    rows.push({ turn, wall_ms: r1(wall), cpu_ms: cpu, umpire_bytes: pushed[0], player_bytes_mean: Math.round(mean(players)), player_bytes_max: Math.max(...players), umpire_light_battle_bytes: light });
    if (process.env.ROWS) console.log(JSON.stringify(rows.at(-1)));
    const range = ranges.find(([, b]) => b === turn);
    if (range) { callgrind('-i', 'off'); callgrind('-d', `turns-${range[0]}-${range[1]}`); }
  }
  return rows;
}

/**
 * The replay of the campaign's log: restart, let the new process settle and read its idle rate, then the umpire's
 * first subscribe (which loads the campaign: docs/architecture.md, "Campaigns in memory") and, for scale, a player's
 * subscribe right after it (the campaign in memory: his view only). Each is the CPU around it less the idle rate.
 */
async function replay(server, ctx) {
  const pid = server.proc.pid;
  await sleep(500); // start-up done (migrations, the directory)
  const i0 = cpuMs(pid), f0 = cpuFineMs(pid), t0 = performance.now();
  await sleep(1000);
  const idleMs = performance.now() - t0, idle = (cpuMs(pid) - i0) / idleMs, idleFine = (cpuFineMs(pid) - f0) / idleMs;
  const timed = async (cookie) => {
    const c = await connect(server, cookie);
    const c0 = cpuMs(pid), cf0 = cpuFineMs(pid), s0 = performance.now();
    const { reply } = await c.subscribe(ctx.campaign, { timeoutMs: 60000 });
    if (!reply.ok) throw new Error(`subscribe after the restart: ${JSON.stringify(reply)}`);
    await sleep(20); // the process's last accounting of the push
    const wall = performance.now() - s0;
    const out = { wall_ms: r1(wall), cpu_ms: r1(cpuMs(pid) - c0 - idle * wall), cpu_fine_ms: r1(cpuFineMs(pid) - cf0 - idleFine * wall), bytes: bytesOf(c) };
    await c.close();
    return out;
  };
  const load = await timed(ctx.umpireCookie);
  const view = await timed(ctx.players[0].cookie);
  return { idle_ms_per_s: r1(idle * 1000), load, player_subscribe_after: view };
}

const server = await startServer({ args: ['--ws-rate', '100000', '--ws-burst', '100000'] });
try {
  const ctx = await table(server);
  for (let i = 0; i < ENDED; i++) {
    const old = await book.setup(ctx);
    await ctx.U.ok('battle.end', { campaign: ctx.campaign, battle: old.battle });
  }
  const game = await book.setup(ctx);
  const rows = await playTurns(server, ctx, game);

  // Where the battle stands (it must still be in play) and every view applied cleanly: a bench, not a test, so
  // this is reported, not asserted.
  const sockets = [ctx.U, ...ctx.players.map((p) => p.c)];
  for (const c of sockets) await c.caughtUp(ctx.campaign);
  const bv = ctx.U.view(ctx.campaign).battles[String(game.battle)];
  const problems = sockets.flatMap((c) => c.problems);
  const events = Number(server.sql(`SELECT count(*) FROM events WHERE campaign = ${ctx.campaign}`));
  for (const c of sockets) await c.close();

  const replays = [];
  for (let r = 0; r < REPLAYS; r++) {
    await server.restart();
    replays.push(await replay(server, ctx));
    if (process.env.ROWS) console.log(JSON.stringify({ replay: r + 1, ...replays.at(-1) }));
  }

  const wall = rows.map((r) => r.wall_ms), cpu = rows.map((r) => r.cpu_ms);
  const window = Math.min(5, rows.length);
  const summary = {
    ruleset: RULESET, about: book.about, turns: TURNS, notes: NOTES, ended: ENDED, units: game.units, viewers: sockets.length,
    battle_after: { status: bv.status, turn: bv.turn }, events, view_problems: problems.length,
    wall_ms_p50: r1(pct(wall, 0.5)), wall_ms_p90: r1(pct(wall, 0.9)),
    cpu_ms_per_turn: r1(mean(cpu)),
    cpu_ms_first5: r1(mean(cpu.slice(0, window))), cpu_ms_last5: r1(mean(cpu.slice(-window))),
    player_bytes_per_turn: Math.round(mean(rows.map((r) => r.player_bytes_mean))),
    umpire_bytes_per_turn: Math.round(mean(rows.map((r) => r.umpire_bytes))),
    player_bytes_last_turn_max: rows.at(-1).player_bytes_max, umpire_bytes_last_turn: rows.at(-1).umpire_bytes,
    replay_cpu_ms: replays.map((r) => r.load.cpu_ms), replay_cpu_fine_ms: replays.map((r) => r.load.cpu_fine_ms),
    replay_wall_ms: replays.map((r) => r.load.wall_ms), replay_view_bytes: replays[0]?.load.bytes,
    player_subscribe_after_cpu_fine_ms: replays.map((r) => r.player_subscribe_after.cpu_fine_ms),
  };
  if (problems.length) console.error('view problems:', problems.slice(0, 5));
  console.log(JSON.stringify(summary));
} finally {
  await server.cleanup();
}
