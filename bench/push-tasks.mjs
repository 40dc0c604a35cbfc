// What a view push costs the page's main thread on a phone (not part of the CI suite). Run on demand:
//
//   node bench/push-tasks.mjs [--web DIR] [--pushes 10] [--rate 4] [--gap 2500] [--only REGEX] [--json FILE]
//
// It starts a fresh server (tests/integration/lib/server.mjs; binary MUSTER_BIN, default build/muster; web root --web,
// default build/web when it has an index.html, else web/), sets up the small campaign of bench/lib/small_campaign.mjs
// over the real protocol (an umpire, three players with colonels, the year started, an Over the Hill battle in play
// between players a and b), and opens each page below in Debian's Chromium (/usr/bin/chromium, or MUSTER_CHROMIUM;
// playwright-core, tests/web/lib/browser.mjs) at a phone's size (tests/web/lib/pages.mjs PHONE), in a fresh profile
// signed in as its user. Once the page is loaded and settled, its CPU is throttled --rate times (CDP
// Emulation.setCPUThrottlingRate, 4 as in Lighthouse's mobile profile), and N pushes (--pushes) that the viewer sees
// are caused one at a time over the protocol by a client of tests/integration/lib/client.mjs:
//
//   table    player a, #/campaign/<id>            the umpire posts a public notice: shown in the Notices list
//   colonel  player a, #/campaign/<id>/colonel    a public notice: shown in his Notifications list (the inbox)
//   diary    player a, #/campaign/<id>/diary      a public notice: likewise
//   battle   player a, #/campaign/<id>/battle     a public notice: likewise
//   battle   player a, the same page              the umpire's override (his 33rd Foot moved, with a reason): its
//                                                  map and the reason's line in the Turn log
//   umpire   the umpire, #/campaign/<id>/umpire   an umpire note posted from his other socket: in his Umpire notes
//   battle   the umpire, #/campaign/<id>/battle   the override, from his other socket: the map and the Turn log
//   battle   the umpire, the same page            a line of table talk from player c: a view push the Battle tab
//                                                  draws nothing of (no wait for anything shown)
//
// The rows run one after another on the one campaign, each in its own profile, so what an earlier row posted stays
// (by the umpire's rows the campaign has 4 x N public notices). --only REGEX runs the rows whose labels match, e.g. 'battle'.
//
// A script put into every page (before the client's own) timestamps each WebSocket frame as its message event
// starts, records every main-thread long task (PerformanceObserver 'longtask', buffered) and counts the fetches and
// response bodies in flight. For each push: the time from the arrival of the frame carrying it (found by a marker in
// its text) until the page is idle: what it shows has the marker, no fetch is in flight, and a requestIdleCallback
// gets a long idle period (20 ms or more left: no frame pending). A push also makes the inbox look at
// /api/notifications, at most once in 2 s (web/common/inbox.js): before each push the page has been idle and started
// no fetch for --gap ms, so that each push's look goes at once and is counted with it. Long tasks overlapping a
// push's window are that push's. It prints a markdown table: page | pushes | longest task ms | tasks over 50 ms |
// tasks over 200 ms | median ms per push (arrival to idle); --json FILE keeps every push's numbers (its window, its
// fetches, its long tasks). The exit status is 1 when a page failed (a push not shown within 30 s, a page error).
import { parseArgs } from 'node:util';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, MUSTER_BIN } from '../tests/integration/lib/server.mjs';
import { connect, sleep } from '../tests/integration/lib/client.mjs';
import { launchBrowser, openUser, NAVIGATION_TIMEOUT } from '../tests/web/lib/browser.mjs';
import { PHONE } from '../tests/web/lib/pages.mjs';
import { smallCampaign } from './lib/small_campaign.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: opts } = parseArgs({
  options: {
    web: { type: 'string' },
    pushes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '4' },
    gap: { type: 'string', default: '2500' }, // ms without a fetch before each push
    only: { type: 'string' }, // a regular expression over the rows' labels
    json: { type: 'string' }, // a file for every push's numbers
    help: { type: 'boolean', short: 'h' },
  },
});
if (opts.help) {
  process.stdout.write('node bench/push-tasks.mjs [--web DIR] [--pushes N] [--rate R] [--gap MS] [--only REGEX] [--json FILE]\n');
  process.exit(0);
}
const PUSHES = Number(opts.pushes);
const RATE = Number(opts.rate);
const GAP = Number(opts.gap);
if (!Number.isInteger(PUSHES) || PUSHES < 1) throw new Error(`--pushes wants a whole number of at least 1, not ${opts.pushes}`);
if (!(RATE >= 1)) throw new Error(`--rate wants a number of at least 1, not ${opts.rate}`);
if (!(GAP >= 0)) throw new Error(`--gap wants milliseconds, not ${opts.gap}`);
const WEB = path.resolve(opts.web
  || (existsSync(path.join(REPO, 'build/web/index.html')) ? path.join(REPO, 'build/web') : path.join(REPO, 'web')));
if (!existsSync(path.join(WEB, 'index.html'))) throw new Error(`no index.html in the web root ${WEB}`);

const PUSH_TIMEOUT_MS = 30000; // a push not shown and idle by then fails its page
const IDLE_LEFT_MS = 20; // a requestIdleCallback with this much left is in a long idle period: no frame pending

// The rows: who looks at which tab, what push he is sent, and where what it shows appears (a selector whose text
// gets the push's marker; null: nothing on the tab shows it).
const ROWS = [
  { page: 'table', who: 'a', tab: null, push: 'notice', shows: '[data-testid="notice-list"]' },
  { page: 'colonel', who: 'a', tab: 'colonel', push: 'notice', shows: '[data-testid="inbox-list"]' },
  { page: 'diary', who: 'a', tab: 'diary', push: 'notice', shows: '[data-testid="inbox-list"]' },
  { page: 'battle', who: 'a', tab: 'battle', push: 'notice', shows: '[data-testid="inbox-list"]' },
  { page: 'battle', who: 'a', tab: 'battle', push: 'override', shows: '[data-testid="battle-log"]' },
  { page: 'umpire', who: 'umpire', tab: 'umpire', push: 'note', shows: '[data-testid="note-list"]' },
  { page: 'battle', who: 'umpire', tab: 'battle', push: 'override', shows: '[data-testid="battle-log"]' },
  { page: 'battle', who: 'umpire', tab: 'battle', push: 'chat', shows: null },
].map((r) => ({ ...r, label: `${r.page} (${r.who === 'umpire' ? 'umpire' : 'player'}, ${r.push})` }));

// Put into every page before its own scripts (not subject to the page's Content-Security-Policy).
function harness(idleLeft) {
  const pb = {
    idleLeft, // ms a requestIdleCallback must have left to count as idle
    tasks: [], // [startTime, duration] of every long task
    inflight: 0, // fetches and response bodies not yet settled
    net: [], // [performance.now(), 'fetch' | 'body' | 'done', what] of every fetch and response body
    want: null, // the marker of the push awaited
    arrival: null,
    arrived: null,
    result: null,
    shows: null,
  };
  window.__pushBench = pb;
  const track = (p, kind, what) => {
    pb.inflight += 1;
    pb.net.push([performance.now(), kind, what]);
    const settle = () => { pb.inflight -= 1; pb.net.push([performance.now(), 'done', what]); };
    p.then(settle, settle);
    return p;
  };
  const nativeFetch = window.fetch;
  window.fetch = function fetch(...args) { return track(nativeFetch.apply(this, args), 'fetch', String(args[0])); };
  for (const m of ['json', 'text', 'arrayBuffer', 'blob']) {
    const native = Response.prototype[m];
    Response.prototype[m] = function body(...args) { return track(native.apply(this, args), 'body', this.url); };
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) pb.tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch { /* no long tasks: none counted */ }
  const Native = window.WebSocket;
  // The first listener of every socket (the client sets its onmessage after): its frames' arrival.
  class BenchSocket extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        if (pb.want !== null && pb.arrival === null && typeof ev.data === 'string' && ev.data.includes(pb.want)) {
          pb.arrival = performance.now();
          pb.arrived();
        }
      });
    }
  }
  window.WebSocket = BenchSocket;

  const shown = () => {
    if (!pb.shows) return true;
    const el = document.querySelector(pb.shows);
    return !!el && el.textContent.includes(pb.want);
  };
  // Resolves with the time of the first long idle period in which nothing is in flight and `ok()` holds.
  pb.idle = (ok = () => true) => new Promise((resolve) => {
    const step = (d) => {
      const now = performance.now();
      if (d.timeRemaining() >= pb.idleLeft && pb.inflight === 0 && ok()) resolve(now);
      else requestIdleCallback(step);
    };
    requestIdleCallback(step);
  });
  // Resolves once the page is idle and has started no fetch for `ms` (the inbox's look after the next push then
  // goes at once: it looks at most once in 2 s).
  pb.quiet = async (ms) => {
    for (;;) {
      await pb.idle();
      const fetches = pb.net.filter((x) => x[1] === 'fetch');
      const since = fetches.length ? performance.now() - fetches[fetches.length - 1][0] : Infinity;
      if (since >= ms) return;
      await new Promise((resolve) => { setTimeout(resolve, ms - since); });
    }
  };
  // Waits for the frame carrying `marker`, then for the page to show it and be idle: {arrival, idle} or {error}.
  pb.arm = (marker, shows, timeoutMs) => {
    pb.want = marker;
    pb.shows = shows;
    pb.arrival = null;
    const arrived = new Promise((resolve) => { pb.arrived = resolve; });
    const done = arrived.then(() => pb.idle(shown)).then((idle) => ({ arrival: pb.arrival, idle }));
    const late = new Promise((resolve) => {
      setTimeout(() => resolve({ error: pb.arrival === null ? 'the frame never came' : 'never shown and idle', arrival: pb.arrival }), timeoutMs);
    });
    pb.result = Promise.race([done, late]).finally(() => { pb.want = null; });
  };
}

const median = (xs) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The campaign page's tab `tab` loaded: its panel on screen, its code in (no "Opening…"). */
async function waitForTab(page, tab) {
  const id = tab || 'table';
  await page.waitForFunction((t) => {
    const p = document.getElementById(`panel-${t}`);
    return p && !p.hidden && p.childElementCount > 0 && !p.querySelector('.tab-opening');
  }, id, { timeout: NAVIGATION_TIMEOUT });
  if (id === 'battle') await page.locator('[data-testid="battle-map"]').first().waitFor({ timeout: NAVIGATION_TIMEOUT });
}

/** Sends one push of `kind` carrying `marker`; i counts the pushes of the row (the override's unit alternates). */
async function sendPush(kind, marker, i, { campaign, battle, unit, U, C }) {
  switch (kind) {
    case 'notice': return U.ok('notice.post', { campaign, text: `Orders ${marker}: the army marches on Ghent at dawn.` });
    case 'note': return U.ok('notice.post', { campaign, private: true, text: `Note ${marker}: the French relief column is late.` });
    case 'chat': return C.ok('chat.say', { campaign, text: `Table talk ${marker}: who has the claret?` });
    case 'override': return U.ok('battle.override', {
      campaign, battle, what: 'move', unit: unit.id, position: i % 2 ? unit.position : [unit.position[0] + 2, unit.position[1] + 2],
      facing: 0, reason: `the 33rd dresses its ranks ${marker}`,
    });
    default: throw new Error(kind);
  }
}

/** One row: a fresh profile on its page, settled, throttled, then PUSHES pushes. Returns its numbers. */
async function measure(browser, server, setup, row, clients) {
  const hash = `#/campaign/${setup.campaign}${row.tab ? `/${row.tab}` : ''}`;
  const u = await openUser(browser, server, PHONE, { cookie: setup.users[row.who].cookie, path: `/${hash}` })
    .catch((e) => { throw new Error(`${row.label}: ${e.message}`); });
  // openUser has navigated already: the harness goes in with a reload, before any of the page's scripts.
  await u.context.addInitScript(harness, IDLE_LEFT_MS);
  await u.page.reload();
  const out = { label: row.label, hash, pushes: [], tasks: [], errors: [] };
  try {
    await waitForTab(u.page, row.tab);
    const cdp = await u.context.newCDPSession(u.page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    for (let i = 0; i < PUSHES; i += 1) {
      // Settled: idle, nothing in flight, no fetch for --gap ms.
      await u.page.evaluate((ms) => window.__pushBench.quiet(ms), GAP);
      const marker = `pb${Date.now().toString(36)}x${i}`;
      await u.page.evaluate(([m, s, t]) => window.__pushBench.arm(m, s, t), [marker, row.shows, PUSH_TIMEOUT_MS]);
      const result = u.page.evaluate(() => window.__pushBench.result);
      await sleep(50); // the wait above is in the page before the frame comes
      await sendPush(row.push, marker, i, { ...setup, ...clients });
      const r = await result;
      if (r.error) {
        out.errors.push(`push ${i + 1}: ${r.error}`);
        break;
      }
      out.pushes.push({ arrival: r.arrival, idle: r.idle, ms: r.idle - r.arrival });
    }
    await sleep(500); // the last long tasks reported to the observer
    const { tasks: all, net } = await u.page.evaluate(() => ({ tasks: window.__pushBench.tasks, net: window.__pushBench.net }));
    out.pageLongTasks = all.length; // the page's long tasks from its load on
    for (const p of out.pushes) p.net = net.filter(([t]) => t >= p.arrival && t <= p.idle).map(([t, k, w]) => [Math.round(t - p.arrival), k, w]);
    // A push's long tasks: those overlapping its window (the frame's task starts just before its message event).
    for (const [start, duration] of all) {
      const p = out.pushes.findIndex((w) => start < w.idle && start + duration > w.arrival - 1);
      if (p >= 0) out.tasks.push({ push: p + 1, start, at: start - out.pushes[p].arrival, duration });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  } catch (e) {
    out.errors.push(String(e && e.message ? e.message : e).split('\n')[0]);
  } finally {
    if (u.pageErrors.length) out.errors.push(...u.pageErrors.map((x) => `page error: ${x.split('\n')[0]}`));
    const signedOut = (await u.page.evaluate(() => location.hash).catch(() => '')).startsWith('#/login');
    if (signedOut) out.errors.push('ended signed out');
    await u.context.close().catch(() => {});
  }
  const durations = out.tasks.map((t) => t.duration);
  out.longestMs = durations.length ? Math.max(...durations) : 0;
  out.over50 = durations.filter((d) => d > 50).length;
  out.over200 = durations.filter((d) => d > 200).length;
  out.medianMs = median(out.pushes.map((p) => p.ms));
  return out;
}

function table(rows) {
  const head = ['page', 'pushes', 'longest task ms', 'tasks over 50 ms', 'tasks over 200 ms', 'median ms per push'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((h, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const r of rows) {
    const failed = r.errors.length ? ' (failed)' : '';
    lines.push(`| ${r.label}${failed} | ${r.pushes.length} | ${Math.round(r.longestMs)} | ${r.over50} | ${r.over200} | ${r.medianMs == null ? '–' : Math.round(r.medianMs)} |`);
  }
  return lines.join('\n');
}

async function main() {
  process.stderr.write(`server ${MUSTER_BIN}, web root ${WEB}, ${PUSHES} push(es) a page, CPU ${RATE}x slower\n`);
  const server = await startServer({ web: WEB });
  let browser;
  const clients = {};
  const rows = [];
  try {
    const setup = await smallCampaign(server, { name: 'Push tasks', prefix: 'pt' });
    clients.U = await connect(server, setup.users.umpire.cookie);
    clients.C = await connect(server, setup.users.c.cookie);
    await clients.U.subscribe(setup.campaign);
    const b = clients.U.view(setup.campaign).battles[String(setup.battle)];
    const units = Array.isArray(b.units) ? b.units : Object.values(b.units);
    setup.unit = units.find((x) => x.name === '33rd Foot');
    if (!setup.unit) throw new Error('no 33rd Foot in the battle');
    browser = await launchBrowser();
    const only = opts.only ? new RegExp(opts.only) : null;
    for (const row of ROWS) {
      if (only && !only.test(row.label)) continue;
      const started = Date.now();
      const r = await measure(browser, server, setup, row, clients);
      rows.push(r);
      process.stderr.write(`${r.label}: ${r.pushes.length} push(es), median ${r.medianMs == null ? '–' : Math.round(r.medianMs)} ms, `
        + `longest task ${Math.round(r.longestMs)} ms (${Math.round((Date.now() - started) / 1000)} s)${r.errors.length ? `; ERROR ${r.errors.join('; ')}` : ''}\n`);
    }
  } finally {
    for (const c of Object.values(clients)) await c.close().catch(() => {});
    if (browser) await browser.close().catch(() => {});
    await server.cleanup();
  }
  const stamp = `View pushes on a phone (${PHONE.viewport.width}x${PHONE.viewport.height}), CPU throttled ${RATE}x, ${PUSHES} push(es) a page, `
    + `each after ${GAP} ms without a fetch; web root ${path.relative(REPO, WEB) || WEB}`;
  const md = table(rows);
  process.stdout.write(`${stamp}\n\n${md}\n`);
  if (opts.json) writeFileSync(opts.json, JSON.stringify({ web: WEB, rate: RATE, pushes: PUSHES, gap: GAP, rows }, null, 2));
  if (rows.some((r) => r.errors.length)) {
    process.stderr.write('some page failed: see above\n');
    process.exitCode = 1;
  }
}

main().catch((e) => {
  process.stderr.write(`${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
