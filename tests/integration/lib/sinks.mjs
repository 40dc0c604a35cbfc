// The real receivers of notifications, started by a test on loopback ports (docs/protocol.md, "Notifications"):
// an SMTP server (Debian's python3-aiosmtpd, lib/smtp_sink.py) that writes each message it accepts to a file,
// and an HTTP sink for a campaign's webhook that can be told to fail its next posts.
//
//   const smtp = new SmtpSink(await freePort(), path.join(dir, 'mail.jsonl')); await smtp.start();
//   smtp.to('bob@club.test')    // the messages to that address: [{to, data}]
//   const hook = await HookSink.start(); hook.url('/club'); hook.posts; hook.failNext = 1; hook.close();
//   await until('the e-mail', () => smtp.to('x')[0]);
//   await verifiedAddress(server, smtp, who, 'bob@club.test');  // set, and verified by the link it was sent
//   await advanceClock(server, ms);                              // a --test-clock server's clock moved on
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { httpRequest, rawHttpGet, sleep } from './client.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// Debian's python3, which has python3-aiosmtpd (another python3 first on PATH may not).
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export class SmtpSink {
  constructor(port, file) { this.port = port; this.file = file; }
  async start() {
    this.proc = spawn(PYTHON, [path.join(HERE, 'smtp_sink.py'), String(this.port), this.file], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve, reject) => {
      this.proc.stdout.on('data', (d) => { if (String(d).includes('ready')) resolve(); });
      this.proc.on('exit', (code) => reject(new Error(`smtp sink exited ${code}`)));
    });
  }
  async stop() {
    if (!this.proc) return;
    const done = new Promise((r) => this.proc.on('exit', r));
    this.proc.kill('SIGTERM');
    await done;
    this.proc = null;
  }
  messages() {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  }
  to(address) { return this.messages().filter((m) => m.to.includes(address)); }
}

export class HookSink {
  static async start() {
    const sink = new HookSink();
    sink.posts = [];
    sink.failNext = 0;
    sink.server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => { body += d; });
      req.on('end', () => {
        if (sink.failNext > 0) { sink.failNext -= 1; res.writeHead(500); res.end('down'); return; }
        sink.posts.push({ url: req.url, type: req.headers['content-type'], body: JSON.parse(body) });
        res.writeHead(200); res.end('ok');
      });
    });
    await new Promise((r) => sink.server.listen(0, '127.0.0.1', r));
    return sink;
  }
  url(p = '/hook') { return `http://127.0.0.1:${this.server.address().port}${p}`; }
  close() { this.server.close(); }
}

export async function until(what, fn, ms = 15000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Gives `who` the address and opens the link the sink received for it: a verified address (`who.address`). */
export async function verifiedAddress(server, smtp, who, address) {
  const set = await httpRequest(server, 'POST', '/api/email', { body: { address }, cookie: who.cookie });
  assert.equal(set.status, 200);
  const mail = await until(`${address}'s verification`, () => smtp.to(address)[0]);
  const token = mail.data.match(/verify-email\?token=([0-9a-f]+)/)[1];
  assert.equal((await rawHttpGet(server, `/verify-email?token=${token}`)).status, 200);
  who.address = address;
}

/** Moves the clock of a server started with --test-clock on by `ms`; resolves with its time now. */
export async function advanceClock(server, ms) {
  const r = await httpRequest(server, 'POST', '/api/test/clock', { body: { advance_ms: ms } });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  return r.json.now;
}
