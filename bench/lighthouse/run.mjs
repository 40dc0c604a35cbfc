// On-demand Lighthouse run over Muster's pages (not part of the CI suite). Lighthouse 12.2.3 is pinned in this
// folder's own package.json/package-lock.json, kept out of the main package.json: it is large and the suite does not
// need it (12.2.3 is the newest that runs on Node 20). This script installs nothing itself:
//
//   npm ci                                   # once, the repository's own modules (ws, playwright-core)
//   npm ci --prefix bench/lighthouse         # once, Lighthouse and chrome-launcher
//   node bench/lighthouse/run.mjs [--web web] [--runs 3] [--out /tmp/muster-lighthouse] [--only REGEX]
//
// or bench/lighthouse/run.sh [same options], which does the second npm ci when bench/lighthouse/node_modules is missing.
//
// It starts a fresh server (tests/integration/lib/server.mjs; binary MUSTER_BIN, default build/muster; web root
// --web or MUSTER_WEB, default build/web when it has an index.html, else web/), sets up a small campaign over the
// real protocol (bench/lib/small_campaign.mjs: an umpire, three players with colonels, the year started, an Over the
// Hill battle in play between players a and b), and runs Lighthouse's default mobile profile (simulated throttling:
// slow 4G, 4x CPU slowdown; categories performance, accessibility, best-practices, seo) on seven pages, each in a
// Chromium (/usr/bin/chromium, or MUSTER_CHROMIUM) launched afresh by chrome-launcher with an empty profile:
//
//   login        #/login                     signed out
//   campaigns    #/campaigns                 player a
//   colonel      #/campaign/<id>/colonel     player a
//   diary        #/campaign/<id>/diary       player a
//   umpire       #/campaign/<id>/umpire      the umpire
//   battle       #/campaign/<id>/battle      player a, the Over the Hill battle in play
//   dice-check   #/dice-check                signed out
//
// A signed-in page gets its session as Lighthouse's extraHeaders {Cookie: 'muster_session=...'} (sent with every
// request of the page, the /ws upgrade included). With --runs N each page is run N times and the run with the
// median Performance score is the one reported (of an even N, the upper of the two middle ones). It prints a
// markdown table (also written to <out>/summary.md, with every run's numbers in <out>/summary.json) and writes each
// run's full report to <out>/<page>-<run>.json. The exit status is 1 when any run errored (a runtimeError in its
// report, or Lighthouse throwing), or when a signed-in page ended up on the sign-in form.
import { parseArgs } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { startServer, MUSTER_BIN } from '../../tests/integration/lib/server.mjs';
import { smallCampaign } from '../lib/small_campaign.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.MUSTER_CHROMIUM || '/usr/bin/chromium';
// As the browser tests launch it (tests/web/lib/browser.mjs): on this closed network Chromium's own background
// connections are refused, and without these flags they get in the way.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const { values: opts } = parseArgs({
  options: {
    web: { type: 'string' },
    out: { type: 'string', default: '/tmp/muster-lighthouse' },
    runs: { type: 'string', default: '1' },
    only: { type: 'string' }, // a regular expression over the page names, to run some of them
    help: { type: 'boolean', short: 'h' },
  },
});
if (opts.help) {
  process.stdout.write('node bench/lighthouse/run.mjs [--web DIR] [--runs N] [--out DIR] [--only REGEX]\n');
  process.exit(0);
}
const RUNS = Number(opts.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs wants a whole number of at least 1, not ${opts.runs}`);
const OUT = path.resolve(opts.out);
const WEB = path.resolve(opts.web || process.env.MUSTER_WEB
  || (existsSync(path.join(REPO, 'build/web/index.html')) ? path.join(REPO, 'build/web') : path.join(REPO, 'web')));
if (!existsSync(path.join(WEB, 'index.html'))) throw new Error(`no index.html in the web root ${WEB}`);

/** The campaign the pages show (bench/lib/small_campaign.mjs), made over the protocol as the browser tests make theirs. */
async function setUp(server) {
  const { campaign, users } = await smallCampaign(server, { name: 'Lighthouse', prefix: 'lh' });
  return { campaign, users };
}

function pagesFor({ campaign, users }) {
  const c = `#/campaign/${campaign}`;
  return [
    { name: 'login', hash: '#/login', who: null },
    { name: 'campaigns', hash: '#/campaigns', who: 'a' },
    { name: 'colonel', hash: `${c}/colonel`, who: 'a' },
    { name: 'diary', hash: `${c}/diary`, who: 'a' },
    { name: 'umpire', hash: `${c}/umpire`, who: 'umpire' },
    { name: 'battle', hash: `${c}/battle`, who: 'a' },
    { name: 'dice-check', hash: '#/dice-check', who: null },
  ].map((p) => ({ ...p, cookie: p.who ? users[p.who].cookie : null, user: p.who ? users[p.who].username : null }));
}

/** Kills a launched Chromium and waits (up to 5 s) for it to exit, so that its profile can go. */
async function stopChrome(chrome) {
  const proc = chrome.process;
  await new Promise((resolve) => {
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return resolve();
    const timer = setTimeout(resolve, 5000);
    proc.once('exit', () => { clearTimeout(timer); resolve(); });
    try { chrome.kill(); } catch { resolve(); }
  });
}

/** One Lighthouse run in a fresh Chromium with an empty profile. Returns the report (lhr), or {thrown} when it threw. */
async function runOnce(url, cookie) {
  const profile = mkdtempSync(path.join(tmpdir(), 'muster-lh-profile-'));
  let chrome;
  try {
    chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, userDataDir: profile, logLevel: 'error' });
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    if (cookie) flags.extraHeaders = { Cookie: cookie };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error('lighthouse returned nothing');
    return { lhr: result.lhr, json: result.report };
  } catch (e) {
    return { thrown: String(e && e.stack ? e.stack : e) };
  } finally {
    if (chrome) await stopChrome(chrome);
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The numbers of the table from one report. */
function numbers(lhr) {
  const a = lhr.audits;
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const num = (id) => (a[id]?.numericValue ?? null);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    transferBytes: num('total-byte-weight'),
    requests: a['network-requests']?.details?.items?.length ?? null,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

const fmt = {
  score: (v) => (v == null ? '–' : String(v)),
  s: (ms) => (ms == null ? '–' : `${(ms / 1000).toFixed(1)} s`),
  ms: (ms) => (ms == null ? '–' : `${Math.round(ms)} ms`),
  cls: (v) => (v == null ? '–' : v.toFixed(3)),
  kib: (b) => (b == null ? '–' : (b / 1024).toFixed(0)),
  n: (v) => (v == null ? '–' : String(v)),
};

function table(rows) {
  const head = ['page', 'Performance', 'Accessibility', 'Best Practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'transfer KiB', 'requests'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((h, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const r of rows) {
    const m = r.chosen;
    const cells = m
      ? [fmt.score(m.performance), fmt.score(m.accessibility), fmt.score(m.bestPractices), fmt.score(m.seo),
        fmt.s(m.fcpMs), fmt.s(m.lcpMs), fmt.ms(m.tbtMs), fmt.cls(m.cls), fmt.kib(m.transferBytes), fmt.n(m.requests)]
      : Array(10).fill('error');
    lines.push(`| ${r.label} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  process.stderr.write(`server ${MUSTER_BIN}, web root ${WEB}, ${RUNS} run(s) a page, reports in ${OUT}\n`);
  const server = await startServer({ web: WEB });
  let failed = false;
  const rows = [];
  try {
    const setup = await setUp(server);
    const only = opts.only ? new RegExp(opts.only) : null;
    for (const page of pagesFor(setup)) {
      if (only && !only.test(page.name)) continue;
      const url = `${server.origin}/${page.hash}`;
      const label = `${page.name} (${page.hash.replace(/\/campaign\/\d+\//, '/campaign/<id>/')}, ${page.who ? (page.who === 'umpire' ? 'umpire' : 'player') : 'signed out'})`;
      const runs = [];
      for (let i = 1; i <= RUNS; i += 1) {
        const started = Date.now();
        const r = await runOnce(url, page.cookie);
        const file = path.join(OUT, `${page.name}-${i}.json`);
        const run = { run: i, file, seconds: Math.round((Date.now() - started) / 100) / 10 };
        if (r.thrown) {
          run.error = r.thrown;
          writeFileSync(file, JSON.stringify({ error: r.thrown }, null, 2));
        } else {
          writeFileSync(file, r.json);
          Object.assign(run, numbers(r.lhr));
          if (r.lhr.runtimeError) run.error = `${r.lhr.runtimeError.code}: ${r.lhr.runtimeError.message}`;
          // A signed-in page whose session did not take is sent to the sign-in form (web/app.js, route()).
          else if (page.cookie && new URL(run.finalUrl).hash.startsWith('#/login')) run.error = `ended signed out at ${run.finalUrl}`;
        }
        if (run.error) {
          failed = true;
          process.stderr.write(`${page.name} run ${i}: ERROR ${run.error.split('\n')[0]}\n`);
        } else {
          process.stderr.write(`${page.name} run ${i}: performance ${run.performance} (${run.seconds} s)\n`);
        }
        runs.push(run);
      }
      // The median by Performance of the runs that did not error.
      const good = runs.filter((r) => !r.error && r.performance != null).sort((x, y) => x.performance - y.performance);
      rows.push({ page: page.name, url, label, runs, chosen: good.length ? good[Math.floor(good.length / 2)] : null });
    }
  } finally {
    await server.cleanup();
  }
  const md = table(rows);
  const stamp = `Lighthouse 12.2.3, mobile profile (simulated slow 4G, 4x CPU), ${RUNS} run(s) a page${RUNS > 1 ? ', median by Performance' : ''}; web root ${path.relative(REPO, WEB) || WEB}`;
  writeFileSync(path.join(OUT, 'summary.md'), `${stamp}\n\n${md}\n`);
  writeFileSync(path.join(OUT, 'summary.json'), JSON.stringify({ web: WEB, runs: RUNS, pages: rows }, null, 2));
  process.stdout.write(`${stamp}\n\n${md}\n`);
  if (failed) {
    process.stderr.write('some run errored: see the reports above\n');
    process.exitCode = 1;
  }
}

main().catch((e) => {
  process.stderr.write(`${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
