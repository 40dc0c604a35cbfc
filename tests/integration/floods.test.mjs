// Floods and slow clients (docs/reliability.md, "Under attack"): while each attack runs on a real server, a
// well-behaved player in a campaign keeps sending chat lines one at a time; every one must be taken, and once the
// attack stops the server's open file descriptors come back to what they were. Each attack must meet its defence:
// - slowloris: 300 connections trickling a request's headers a byte at a time;
// - a connection flood past the per-user cap of WebSockets: the extra ones refused;
// - a frame flood: 1,500 commands at once from one socket: past the rate limit they are refused as rate_limited;
// - a client that never reads, subscribed while pushes pile up: cut off at the send queue's bound;
// - failed logins: refused with 429 once past the limit, for the right password too;
// - an oversized request (headers of 64 KB, a body past the limit) and a WebSocket text frame that is not UTF-8.
// The player's latency (p50, p99 of 30 round trips) beside the quiet figure is reported, not asserted: timings on a
// shared machine are for docs/reliability.md, not for a pass or a fail.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { startServer } from './lib/server.mjs';
import { connect, newUser, uniqueName, httpRequest, sleep, tryConnect, PASSWORD } from './lib/client.mjs';

let server;
let W; // the well-behaved player
let campaign;
let users;
const figures = [];

const fds = () => readdirSync(`/proc/${server.proc.pid}/fd`).length;
const rssMb = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.proc.pid}/status`, 'utf8'))[1]) / 1024);
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

// 30 chat lines, one at a time at a person's pace (under the 20 a second a socket may send): each must be taken;
// the round trips in ms.
async function wellBehaved(tag) {
  const times = [];
  for (let i = 0; i < 30; i += 1) {
    const t0 = performance.now();
    const r = await W.send('chat.say', { campaign, text: `${tag}-${i}` });
    times.push(performance.now() - t0);
    assert.equal(r.ok, true, `${tag}: the well-behaved player's line ${i}: ${JSON.stringify(r)}`);
    await sleep(60);
  }
  return { p50: pct(times, 0.5), p99: pct(times, 0.99) };
}

async function backToBaseline(baseline, what) {
  const deadline = Date.now() + 15000;
  while (fds() > baseline + 2) {
    if (Date.now() > deadline) assert.fail(`${what}: ${fds()} descriptors open after the attack, ${baseline} before`);
    await sleep(100);
  }
}

// Runs `attack` (which resolves to {stop(), check()}) while the player works; records the figures.
async function under(name, attack) {
  const baseline = fds();
  const running = await attack();
  const lat = await wellBehaved(name);
  await running.stop();
  await backToBaseline(baseline, name);
  if (running.check) await running.check();
  figures.push({ name, ...lat, rss: rssMb() });
}

before(async () => {
  server = await startServer({ args: ['--ws-send-queue', '64', '--ws-send-queue-bytes', String(2 * 1024 * 1024), '--max-connections-per-user', '8'] });
  users = {};
  for (const k of ['u', 'w', 'x', 'y']) users[k] = await newUser(server, uniqueName(`fl${k}`));
  const U = await connect(server, users.u.cookie);
  campaign = (await U.ok('campaign.create', { name: 'Under fire' })).campaign;
  for (const k of ['w', 'x', 'y']) {
    const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
    const c = await connect(server, users[k].cookie);
    await c.ok('campaign.join', { code });
    await c.close();
  }
  await U.close();
  W = await connect(server, users.w.cookie);
  await W.subscribe(campaign);
});

after(async () => {
  await W?.close().catch(() => {});
  await server?.cleanup();
});

test('quiet: the well-behaved player\'s figures with nothing else going on', async () => {
  await sleep(200);
  figures.push({ name: 'quiet', ...(await wellBehaved('quiet')), rss: rssMb() });
});

test('slowloris: 300 connections trickling their headers', async () => {
  await under('slowloris', async () => {
    const socks = [];
    for (let i = 0; i < 300; i += 1) {
      const s = net.connect(server.port, '127.0.0.1');
      s.on('error', () => {});
      s.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      socks.push(s);
    }
    const drip = setInterval(() => { for (const s of socks) if (!s.destroyed) s.write('X'); }, 200);
    return { stop: async () => { clearInterval(drip); for (const s of socks) s.destroy(); } };
  });
});

test('a connection flood past the per-user cap: the extra WebSockets refused', async () => {
  let refused = 0;
  let admitted = 0;
  await under('connection flood', async () => {
    const opened = [];
    const tries = await Promise.all(Array.from({ length: 40 }, () => tryConnect(server, { cookie: users.y.cookie })));
    for (const r of tries) {
      if (r.client) opened.push(r.client);
      else if (r.status === 429) refused += 1;
    }
    // Upgrades let through at once are counted again when they open (App::admit): the late ones are closed.
    await sleep(300);
    admitted = opened.filter((c) => c.isOpen).length;
    return { stop: async () => { for (const c of opened) await c.close(); } };
  });
  assert.ok(admitted <= 8, `at most 8 of 40 let in: ${admitted}`);
  assert.ok(refused >= 1, `the rest refused with 429: ${refused}`);
});

// Past the rate limit a command is refused as rate_limited; a flood whose refusals pile up faster than it reads
// them is cut off at the send queue's bound instead (this server's is small): either way it gets nowhere. The
// flooder runs in a process of its own, so that its 1,500 waiting replies do not slow the player's measurements.
const FLOODER = `
const WebSocket = require('ws');
const [url, cookie, origin, campaign] = process.argv.slice(1);
const ws = new WebSocket(url, { headers: { Cookie: cookie, Origin: origin }, perMessageDeflate: false });
let limited = 0, replies = 0, closed = false;
const done = () => { process.stdout.write(JSON.stringify({ limited, replies, closed })); process.exit(0); };
ws.on('open', () => { for (let i = 1; i <= 1500; i += 1) ws.send(JSON.stringify({ id: i, type: 'chat.say', body: { campaign: Number(campaign), text: 'FLOOD-' + i } })); });
ws.on('message', (d) => { const m = JSON.parse(d.toString()); if ('reply' in m) { replies += 1; if (!m.ok && m.error.code === 'rate_limited') limited += 1; if (replies === 1500) done(); } });
ws.on('close', () => { closed = true; done(); });
ws.on('error', () => {});
setTimeout(done, 30000);
`;

test('a frame flood: past the rate limit commands are refused as rate_limited, the others\' go on', async () => {
  let result = null;
  await under('frame flood', async () => {
    const child = spawn(process.execPath, ['-e', FLOODER, server.wsUrl(), users.x.cookie, server.origin, String(campaign)], { cwd: process.cwd() });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    return { stop: async () => { await exited; result = JSON.parse(out); } };
  });
  assert.ok(result.limited > 1000 || result.closed, `most of the flood refused or the flooder cut off: ${JSON.stringify(result)}`);
});

test('a client that never reads is cut off at the send queue\'s bound', async () => {
  // A big view first: the chat's 200 newest lines, long ones, from three people at once.
  const big = 'y'.repeat(1900);
  await Promise.all(['u', 'x', 'y'].map(async (k) => {
    const C = await connect(server, users[k].cookie);
    for (let i = 0; i < 70; i += 1) {
      await C.ok('chat.say', { campaign, text: `${k}-${i}-${big}` });
      await sleep(55);
    }
    await C.close();
  }));
  let closedByServer = false;
  await under('never reads', async () => {
    const ws = new WebSocket(server.wsUrl(), { headers: { Cookie: users.x.cookie, Origin: server.origin }, perMessageDeflate: false });
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    const gone = new Promise((resolve) => ws.once('close', () => resolve(true)));
    ws._socket.pause(); // it reads nothing from here on, and asks for the whole view (about 400 KB) forty times
    for (let i = 1; i <= 40; i += 1) ws.send(JSON.stringify({ id: i, type: 'campaign.subscribe', body: { campaign } }));
    return {
      stop: async () => {
        // The server gives up on it: its end of the socket closes, which the client hears once it reads again.
        await sleep(1000);
        ws._socket.resume();
        closedByServer = await Promise.race([gone, sleep(10000).then(() => false)]);
        ws.terminate();
      },
    };
  });
  assert.ok(closedByServer, 'the server closed the socket that did not read');
});

test('failed logins: refused with 429 past the limit, even with the right password', async () => {
  await under('failed logins', async () => {
    const answers = [];
    for (let i = 0; i < 40; i += 1) answers.push((await httpRequest(server, 'POST', '/api/login', { body: { username: users.x.username, password: 'wrong wrong wrong' } })).status);
    assert.ok(answers.includes(429), `429 among ${answers.join(',')}`);
    const right = await httpRequest(server, 'POST', '/api/login', { body: { username: users.x.username, password: PASSWORD } });
    assert.equal(right.status, 429, 'the limit holds for the right password too');
    return { stop: async () => {} };
  });
});

test('oversized and malformed input: 64 KB of headers, a body past the limit, a text frame that is not UTF-8', async () => {
  await under('oversized', async () => {
    const huge = await httpRequest(server, 'GET', '/healthz', { headers: { 'X-Junk': 'z'.repeat(64 * 1024) } }).catch((e) => ({ status: 0, error: e }));
    assert.ok(huge.status === 431 || huge.status === 400 || huge.status === 0, `64 KB of headers: ${huge.status}`);
    const body = await httpRequest(server, 'POST', '/api/login', { body: 'x'.repeat(2 * 1024 * 1024) }).catch((e) => ({ status: 0, error: e }));
    assert.ok(body.status === 413 || body.status === 0, `a 2 MB body: ${body.status}`);
    const X = await connect(server, users.x.cookie);
    X.ws._socket.write(Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xc3, 0x28])); // a masked text frame, invalid UTF-8
    const info = await X.waitForClose(5000);
    assert.equal(info.code, 1007, `closed for invalid UTF-8: ${JSON.stringify(info)}`);
    return { stop: async () => {} };
  });
});

test('figures', (t) => {
  const quiet = figures.find((f) => f.name === 'quiet');
  for (const f of figures) {
    t.diagnostic(`${f.name}: p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms (x${(f.p99 / quiet.p99).toFixed(2)} quiet), server RSS ${f.rss} MB`);
  }
  assert.equal(figures.length, 7);
});
