// What the attack tests (floods.test.mjs, slow_clients.test.mjs; docs/reliability.md, "Under attack") share: a
// campaign with a well-behaved player, his round trips while an attack runs, what the server holds meanwhile
// (descriptors, memory and CPU time, from /proc), and the figures they print.
//
//   const arena = new Arena(server);
//   await arena.setUp(['u', 'w', 'x']);          // users; u makes the campaign, the others join; w plays
//   await arena.under('slowloris', async () => ({ stop: async () => {}, check: async (seen) => {} }));
//   arena.report(t);                             // one diagnostic line per attack
//
// Each attack runs MUSTER_ATTACK_ROUNDS times (1 in the suite): a p99 of 30 round trips is their slowest, which
// moves by a few milliseconds from run to run on a shared machine, so the figures give each round's. Timings are
// reported, never asserted.
import assert from 'node:assert/strict';
import http from 'node:http';
import { readdirSync, readlinkSync, readFileSync } from 'node:fs';
import { connect, newUser, uniqueName, sleep } from './client.mjs';

export const ROUNDS = Math.max(1, Number(process.env.MUSTER_ATTACK_ROUNDS || 1));

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A GET from another loopback address than the attackers' 127.0.0.1: someone else reaching the server. */
export function getFrom(server, localAddress, path = '/healthz', timeoutMs = 5000) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: server.port, path, localAddress, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (e) => resolve(`error: ${e.message}`));
  });
}

export class Arena {
  constructor(server) {
    this.server = server;
    this.figures = [];
  }

  get pid() { return this.server.proc.pid; }
  // The server's open sockets: its connections and listeners, not the files a sanitizer's runtime opens for a
  // moment (ThreadSanitizer reads /proc now and then), which would blur a count of connections kept.
  fds() {
    const dir = `/proc/${this.pid}/fd`;
    let n = 0;
    for (const fd of readdirSync(dir)) {
      try { if (readlinkSync(`${dir}/${fd}`).startsWith('socket:')) n += 1; } catch { /* closed meanwhile */ }
    }
    return n;
  }
  rssMb() { return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'))[1]) / 1024); }

  /**
   * Bytes the kernel holds in the send buffers of the server's connections (tx_queue in /proc/net/tcp: written,
   * not yet acknowledged by the client), counted for orphaned connections the server has closed too.
   */
  kernelQueued() {
    const port = this.server.port.toString(16).toUpperCase().padStart(4, '0');
    let bytes = 0;
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      let text = '';
      try { text = readFileSync(file, 'utf8'); } catch { continue; }
      for (const line of text.split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        if (f.length < 5 || !f[1].endsWith(`:${port}`) || f[3] === '0A') continue;
        bytes += parseInt(f[4].split(':')[0], 16);
      }
    }
    return bytes;
  }

  /** The server's CPU time so far in ms, all its threads (schedstat's first field, in ns). */
  cpuMs() {
    let ns = 0;
    for (const t of readdirSync(`/proc/${this.pid}/task`)) {
      try { ns += Number(readFileSync(`/proc/${this.pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]); } catch { /* gone */ }
    }
    return ns / 1e6;
  }

  /** Registers the users; the first makes a campaign the others join; `player` (the second) subscribes. */
  async setUp(keys, tag = 'at') {
    this.users = {};
    for (const k of keys) this.users[k] = await newUser(this.server, uniqueName(`${tag}${k}`));
    const U = await connect(this.server, this.users[keys[0]].cookie);
    this.campaign = (await U.ok('campaign.create', { name: 'Under fire' })).campaign;
    for (const k of keys.slice(1)) {
      const { code } = await U.ok('campaign.invite', { campaign: this.campaign, role: 'player' });
      const c = await connect(this.server, this.users[k].cookie);
      await c.ok('campaign.join', { code });
      await c.close();
    }
    await U.close();
    this.W = await connect(this.server, this.users[keys[1]].cookie);
    // He keeps no view: the test client copies the whole view for each patch it applies, a 400 KB one once a test
    // has filled the chat, which his round trips would count (his own push comes before his reply).
    this.W.track = () => {};
    await this.W.subscribe(this.campaign);
  }

  async close() { await this.W?.close().catch(() => {}); }

  // 30 chat lines, one at a time at a person's pace (under the 20 a second a socket may send): each must be
  // taken; the round trips in ms, and the most descriptors the server had open meanwhile.
  async wellBehaved(tag) {
    const times = [];
    let most = this.fds();
    const sampler = setInterval(() => { most = Math.max(most, this.fds()); }, 50);
    try {
      for (let i = 0; i < 30; i += 1) {
        const t0 = performance.now();
        const r = await this.W.send('chat.say', { campaign: this.campaign, text: `${tag}-${i}` });
        times.push(performance.now() - t0);
        assert.equal(r.ok, true, `${tag}: the well-behaved player's line ${i}: ${JSON.stringify(r)}`);
        await sleep(60);
      }
    } finally {
      clearInterval(sampler);
    }
    return { p50: pct(times, 0.5), p99: pct(times, 0.99), most: Math.max(most, this.fds()) };
  }

  async backToBaseline(baseline, what) {
    const deadline = Date.now() + 15000;
    while (this.fds() > baseline + 2) {
      if (Date.now() > deadline) assert.fail(`${what}: ${this.fds()} descriptors open after the attack, ${baseline} before`);
      await sleep(100);
    }
  }

  /**
   * Runs `attack` (resolving to {stop(), check(seen)}) while the player works, ROUNDS times; check gets
   * {held: the most descriptors the server had open beyond its baseline}. Records the figures.
   */
  async under(name, attack) {
    const rounds = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const baseline = this.fds();
      const cpu0 = this.cpuMs();  // from the attack's start: its onset costs the server too
      const running = attack ? await attack(r) : { stop: async () => {} };
      const lat = await this.wellBehaved(`${name}-${r}`);
      const cpu = this.cpuMs() - cpu0;
      await running.stop();
      await this.backToBaseline(baseline, name);
      const held = lat.most - baseline;
      if (running.check) await running.check({ held });
      rounds.push({ ...lat, cpu, held });
    }
    this.figures.push({ name, rounds, rss: this.rssMb() });
  }

  /** One line per attack: the median round's p50 and p99, each round's p99, the server's CPU and memory. */
  report(t) {
    const quiet = this.figures.find((f) => f.name === 'quiet') ?? this.figures[0];
    const quietP99 = median(quiet.rounds.map((x) => x.p99));
    for (const f of this.figures) {
      const p50 = median(f.rounds.map((x) => x.p50));
      const p99 = median(f.rounds.map((x) => x.p99));
      const each = f.rounds.length > 1 ? ` [p99 each round: ${f.rounds.map((x) => x.p99.toFixed(1)).join(' ')}]` : '';
      const cpu = median(f.rounds.map((x) => x.cpu));
      const held = Math.max(...f.rounds.map((x) => x.held));
      t.diagnostic(`${f.name}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (x${(p99 / quietP99).toFixed(2)} quiet)${each}, `
        + `server CPU ${cpu.toFixed(0)} ms, descriptors held ${held}, server RSS ${f.rss} MB`);
    }
  }
}
