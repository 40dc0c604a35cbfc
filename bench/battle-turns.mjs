// What a battle turn costs the server: an umpire and six players over real WebSockets fight an Over the Hill
// battle (12 units, auto_run), each turn every player plays a card and the last card resolves the turn (the
// reveal and six steps, one commit). Per turn: the wall time from the first card sent to the last reply, the
// server's CPU (utime + stime from /proc), and the bytes pushed to each socket. Run on demand:
//
//   node bench/battle-turns.mjs [--turns 40] [--notes 0] [--bin build/muster]
//
// --notes N first posts N private umpire notes of 500 bytes, so the umpire's whole view is large (as after a
// long campaign): this shows what diffing only the battles' section saves (docs/performance.md, "Battles").
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const TURNS = Number(arg('turns', 40));
const NOTES = Number(arg('notes', 0));
if (arg('bin')) process.env.MUSTER_BIN = arg('bin');
// Imported after MUSTER_BIN is set: the server library reads it when it loads.
const { startServer } = await import('../tests/integration/lib/server.mjs');
const { connect, newUser } = await import('../tests/integration/lib/client.mjs');

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15 of stat)
  return ticks * 10; // USER_HZ 100
}
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
const bytesOf = (c) => c.frames.reduce((n, f) => n + Buffer.byteLength(f), 0);

const server = await startServer({ args: ['--ws-rate', '100000', '--ws-burst', '100000'] });
try {
  const pid = server.proc.pid;
  const ump = await newUser(server, 'bench_umpire');
  const U = await connect(server, ump.cookie);
  const campaign = (await U.ok('campaign.create', { name: 'Bench battle' })).campaign;
  const code = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  const players = [];
  for (let i = 0; i < 6; i++) {
    const u = await newUser(server, `bench_player_${i}`);
    const c = await connect(server, u.cookie);
    await c.ok('campaign.join', { code });
    players.push({ user: u.user, c });
  }
  const note = 'n'.repeat(500);
  for (let i = 0; i < NOTES; i++) await U.ok('notice.post', { campaign, text: `${i} ${note}`, private: true });
  for (const s of [U, ...players.map((p) => p.c)]) await s.subscribe(campaign);

  // Three players a side facing each other 30 cm apart, each with two units and his leader among them.
  const userIds = players.map((p) => p.user);
  const units = [], leaders = [];
  userIds.forEach((user, i) => {
    const british = i < 3, x = 30 + (i % 3) * 50, y = british ? 40 : 70;
    for (let k = 0; k < 2; k++)
      units.push({ side: british ? 'british' : 'french', owner: user, name: `Regt ${i}-${k}`, troop_type: 'formed_infantry',
        position: [x + k * 18, y], facing: british ? 0 : 180, values: { drill: 3, musketry: 3, effectiveness: 3 } });
    leaders.push({ user, side: british ? 'british' : 'french', name: `Colonel ${i}`, position: [x, british ? y - 1 : y + 1] });
  });
  const battle = (await U.ok('battle.create', {
    campaign, name: 'Bench', table: { width: 180, depth: 120, measure: 'cm' },
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }], units, leaders,
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  const unitOf = {};
  units.forEach((u, i) => { if (!unitOf[u.owner]) unitOf[u.owner] = i + 1; });

  const rows = [];
  for (let turn = 1; turn <= TURNS; turn++) {
    const bytes0 = [U, ...players.map((p) => p.c)].map(bytesOf);
    const cpu0 = cpuMs(pid);
    const t0 = performance.now();
    // Cards in turn: FIRE for everyone on the first turn, then no action (the units fire on each turn).
    // Each card names the turn its player saw (docs/protocol.md, "The moment a command was meant for").
    await Promise.all(players.map(({ c }, i) => c.ok('card.play', turn === 1
      ? { campaign, battle, turn, card: 'order.fire', unit: unitOf[userIds[i]] }
      : { campaign, battle, turn, card: 'no_action' })));
    const wall = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 50)); // the last pushes arrive
    const cpu = cpuMs(pid) - cpu0;
    const pushed = [U, ...players.map((p) => p.c)].map((c, i) => bytesOf(c) - bytes0[i]);
    rows.push({ turn, wall_ms: wall, cpu_ms: cpu, umpire_bytes: pushed[0], player_bytes: Math.max(...pushed.slice(1)) });
  }
  const wall = rows.map((r) => r.wall_ms), cpu = rows.map((r) => r.cpu_ms);
  const summary = {
    turns: TURNS, notes: NOTES,
    wall_ms_p50: +pct(wall, 0.5).toFixed(1), wall_ms_p90: +pct(wall, 0.9).toFixed(1),
    cpu_ms_per_turn: +(cpu.reduce((a, b) => a + b, 0) / TURNS).toFixed(1),
    umpire_bytes_per_turn_last: rows.at(-1).umpire_bytes, player_bytes_per_turn_last: rows.at(-1).player_bytes,
  };
  if (process.env.ROWS) for (const r of rows) console.log(JSON.stringify(r));
  console.log(JSON.stringify(summary));
} finally {
  await server.stop();
}
