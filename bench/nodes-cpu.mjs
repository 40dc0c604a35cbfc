// The CPU of the processes that serve a run (bench/run.sh SETUPS=postgresql or pg2): the loadgen measures one
// --server-pid, so run.sh samples each process's CPU ticks itself (`ms ticks...` lines, one column per process or
// group of processes), and this works out their CPU over the loadgen's measured window and rewrites the result row:
// server_cpu_pct and server_cpu_us_per_move become the Muster nodes' together; the proxy's and the database's go in
// proxy_cpu_* and db_cpu_*, and the note says so.
//
//   node bench/nodes-cpu.mjs SAMPLES LOADGEN_LOG RESULTS_JSONL WARMUP_S ROLE...
//
// ROLE names each column of SAMPLES: node, proxy or db. LOADGEN_LOG's lines start with the epoch ms they were
// written (run.sh stamps them); the window starts 400 ms after its "connected" line (loadgen.js sleeps 300 ms, then
// starts 100 ms ahead), after the warm-up in a closed loop, and lasts the row's `seconds`.
import { readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';

const [samplesFile, logFile, resultsFile, warmupArg, ...roles] = process.argv.slice(2);
const warmup = Number(warmupArg);
const hz = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

const samples = readFileSync(samplesFile, 'utf8').trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
const connected = readFileSync(logFile, 'utf8').split('\n').find((l) => /^\d+ .*connected \d+ clients/.test(l));
if (!connected) throw new Error(`no "connected" line in ${logFile}`);
const rows = readFileSync(resultsFile, 'utf8').trim().split('\n');
const row = JSON.parse(rows[rows.length - 1]);
const window0 = Number(connected.split(' ')[0]) + 400 + (row.mode === 'closed' ? warmup * 1000 : 0);
const window1 = window0 + row.seconds * 1000;

// Ticks of column c at time t, between the samples around it.
function ticksAt(c, t) {
  let i = samples.findIndex((s) => s[0] >= t);
  if (i < 0) i = samples.length - 1;
  if (i === 0) return samples[0][c];
  const [a, b] = [samples[i - 1], samples[i]];
  return b[0] === a[0] ? b[c] : a[c] + ((b[c] - a[c]) * (t - a[0])) / (b[0] - a[0]);
}
const pct = (c) => ((ticksAt(c, window1) - ticksAt(c, window0)) / hz) / row.seconds * 100;
const perMove = (p) => (row.moves ? Math.round((p * 10000) / (row.moves / row.seconds) * 10) / 10 : null);

const round1 = (x) => Math.round(x * 10) / 10;
const of = (role) => roles.map((r, k) => (r === role ? pct(k + 1) : null)).filter((x) => x !== null);
const nodePct = of('node');
const serverPct = nodePct.reduce((a, b) => a + b, 0);
row.node_cpu_pct = nodePct.map(round1);
row.server_cpu_pct = round1(serverPct);
row.server_cpu_us_per_move = perMove(serverPct);
const parts = [nodePct.length > 1 ? `${nodePct.length} nodes' CPU together (${row.node_cpu_pct.join(' + ')}%)` : `the node's CPU`];
for (const [role, name] of [['proxy', 'HAProxy'], ['db', 'PostgreSQL']]) {
  const p = of(role);
  if (!p.length) continue;
  row[`${role}_cpu_pct`] = round1(p[0]);
  row[`${role}_cpu_us_per_move`] = perMove(p[0]);
  parts.push(`${name} ${row[`${role}_cpu_pct`]}%, ${row[`${role}_cpu_us_per_move`]} us/move more`);
}
row.note = parts.join('; ');
rows[rows.length - 1] = JSON.stringify(row);
writeFileSync(resultsFile, rows.join('\n') + '\n');
console.log(`   ${row.note}`);
