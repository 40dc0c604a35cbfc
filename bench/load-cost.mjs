// What loading a campaign into a restarted server costs, from its whole log and from its snapshot
// (docs/architecture.md, "Snapshots"), for bench/aging.mjs --load and bench/long-log.mjs. The cost is the server
// CPU and wall time of a fresh socket's first subscribe (the load and the view) less a second socket's (the view
// alone), the median of three restarts, with snapshot_every_events 0 (the whole log) and then `every` (a restart
// first writes the snapshot, not counted). The umpire's view must be the same both ways.
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { connect } from '../tests/integration/lib/client.mjs';

// The CPU time every thread of the server has run, in ms, from the scheduler's own nanosecond count
// (/proc/PID/task/*/schedstat, first field), so one command's cost is seen without the 10 ms ticks of stat.
// A thread that ended is not counted: the server's threads live as long as it does.
export function cpuMs(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try { ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]); } catch { /* gone */ }
  }
  return ns / 1e6;
}

async function subscribeCost(server, campaign, cookie, timeoutMs) {
  const pid = server.proc.pid;
  const c0 = cpuMs(pid), w0 = performance.now();  // from before the connect: what it sets going is counted
  const c = await connect(server, cookie);
  try {
    const r = await c.subscribe(campaign, { timeoutMs });
    if (!r.reply.ok) throw new Error(`campaign.subscribe was refused: ${JSON.stringify(r.reply.error)}`);
    return { cpu: cpuMs(pid) - c0, wall: performance.now() - w0, view: JSON.stringify(r.view) };
  } finally {
    await c.close();
  }
}

/** Rows {every, events, replayed, snapshot_bytes, cpu_ms, wall_ms, cpus}; the server's args are baseArgs after. */
export async function measureLoads(server, campaign, cookie, { baseArgs, every, timeoutMs = 120000 }) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const events = Number(server.sql(`SELECT MAX(seq) FROM events WHERE campaign = ${campaign}`));
  const out = [];
  let wholeView = null;
  for (const n of [0, every]) {
    server.args = [...baseArgs, '--snapshot-every-events', String(n)];
    // A snapshot kept while the campaign was played would be read whatever the setting: the whole log has none.
    if (n === 0) server.sql(`DELETE FROM campaign_snapshots WHERE campaign = ${campaign}`);
    const cpu = [], wall = [];
    for (let i = n ? -1 : 0; i < 3; i++) {
      await server.restart();
      const first = await subscribeCost(server, campaign, cookie, timeoutMs);
      const again = await subscribeCost(server, campaign, cookie, timeoutMs);
      if (i >= 0) { cpu.push(first.cpu - again.cpu); wall.push(first.wall - again.wall); }
      wholeView ??= first.view;
      if (first.view !== wholeView) throw new Error(`the umpire's view loaded with snapshot_every_events ${n} differs from the whole log's`);
    }
    const kept = n ? server.sql(`SELECT seq, length(body) FROM campaign_snapshots WHERE campaign = ${campaign}`) : '';
    const [at, bytes] = kept ? kept.split('|').map(Number) : [0, 0];
    out.push({ every: n, events, replayed: events - at, snapshot_bytes: bytes, cpu_ms: median(cpu), wall_ms: median(wall), cpus: cpu });
  }
  server.args = baseArgs;
  return out;
}

/** The rows as a Markdown table. */
export function loadTable(loads) {
  const f1 = (x) => x.toFixed(1);
  const lines = ['| loaded from | events replayed | snapshot KB | load ms CPU (median of 3) | load ms wall | CPU of each |', '|---|---:|---:|---:|---:|---|'];
  for (const l of loads) {
    const from = l.every ? `its snapshot (every ${l.every} events)` : 'the whole log';
    lines.push(`| ${from} | ${l.replayed} of ${l.events} | ${l.every ? (l.snapshot_bytes / 1024).toFixed(1) : '-'} | ${f1(l.cpu_ms)} | ${f1(l.wall_ms)} | ${l.cpus.map(f1).join(', ')} |`);
  }
  return lines.join('\n');
}
