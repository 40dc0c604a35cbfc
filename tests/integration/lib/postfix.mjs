// A private instance of Debian's Postfix on a loopback port, delivering the club's reply addresses through its pipe
// transport to `muster mail-in` (docs/operations.md, "Replies by e-mail"), as a club's server does. Its own
// config, queue and data directories in a temp dir, started and stopped with `postfix -c DIR`: the system's Postfix
// is not touched. Needs root (the master starts as root, the pipe runs mail-in as `user`).
//
//   const pf = await Postfix.start({ listen: server.host, replyTo: 'muster@club.test', secret });
//   const sent = await sendMail(pf.port, { from: 'anne@anne.test', to: replyTo, data: raw });  // {queueId, dataEnd}
//   await pf.waitForLog(new RegExp(`${sent.queueId}: to=.*status=sent`), 'the delivery');
//   pf.queue()   // postqueue -j: the messages waiting     pf.flush()   // postqueue -f: try them now
//   await pf.stop();                                      // stopped and removed (also at the process's exit)
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { MUSTER_BIN } from './server.mjs';
import { freePort } from './sinks.mjs';
import { sleep } from './client.mjs';

/** Why Postfix cannot be run here ('' when it can): for a test's skip. */
export function postfixMissing() {
  if (userInfo().uid !== 0) return 'needs root (Postfix master)';
  if (!existsSync('/usr/sbin/postfix')) return 'Postfix is not installed (bash scripts/test-postfix.sh installs it)';
  return '';
}

const live = new Set();
function stopAllNow() {
  for (const pf of live) pf.stopNow();
}
// A master left running would hold its port and temp dir: stopped at the exit, or at ^C, of the test's process.
let watching = false;
function watchExit() {
  if (watching) return;
  watching = true;
  process.on('exit', stopAllNow);
  for (const [signal, n] of [['SIGINT', 2], ['SIGTERM', 15]]) process.once(signal, () => { stopAllNow(); process.exit(128 + n); });
}

const uidOf = (user) => Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());

// master.cf: only the services a loopback MTA delivering to a pipe needs, none chrooted (the queue dir holds no
// chroot's copies of /etc). The pipe line is the one docs/operations.md gives a club, with the test's server.
function masterCf({ port, user, argv }) {
  const services = [
    `127.0.0.1:${port} inet n - n - - smtpd`,
    'pickup unix n - n 60 1 pickup',
    'cleanup unix n - n - 0 cleanup',
    'qmgr unix n - n 300 1 qmgr',
    'rewrite unix - - n - - trivial-rewrite',
    'bounce unix - - n - 0 bounce',
    'defer unix - - n - 0 bounce',
    'trace unix - - n - 0 bounce',
    'verify unix - - n - 1 verify',
    'flush unix n - n 1000? 0 flush',
    'proxymap unix - - n - - proxymap',
    'proxywrite unix - - n - 1 proxymap',
    'smtp unix - - n - - smtp',
    'relay unix - - n - - smtp',
    'showq unix n - n - - showq',
    'error unix - - n - - error',
    'retry unix - - n - - error',
    'discard unix - - n - - discard',
    'local unix - n n - - local',
    'anvil unix - - n - 1 anvil',
    'scache unix - - n - 1 scache',
    'postlog unix-dgram n - n - 1 postlogd',
    `muster unix - n n - - pipe\n  flags=Rq user=${user} argv=${argv.join(' ')}`,
  ];
  return services.join('\n') + '\n';
}

export class Postfix {
  constructor(dir, port) {
    this.dir = dir;
    this.port = port;
    this.config = path.join(dir, 'etc');
    this.logFile = path.join(dir, 'maillog');
    this.running = false;
  }

  /**
   * Starts an instance taking mail for replyTo's domain on a free loopback port. Mail to replyTo (and to its
   * local part +anything) goes to the pipe `muster`, which runs mail-in as `user` with a config file of `listen`
   * (the server's HOST:PORT, as a club's muster.json has it), replyTo and secret; or `--server URL` when given.
   */
  static async start({ listen, server, replyTo = 'muster@club.test', secret, user = 'nobody', musterBin = MUSTER_BIN } = {}) {
    // Postfix's daemons (user postfix) and the pipe's user must reach into the dir: 0755, not mkdtemp's 0700.
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-postfix-'));
    chmodSync(dir, 0o755);
    const pf = new Postfix(dir, await freePort());
    live.add(pf);
    watchExit();
    try {
      pf.configure({ listen, server, replyTo, secret, user, musterBin });
      execFileSync('postfix', ['-c', pf.config, 'start'], { stdio: 'pipe' });
    } catch (e) {
      // Postfix writes why to its log file, not to the terminal.
      const why = `postfix start failed: ${e.message}\n${e.stderr ?? ''}\n${pf.log()}`;
      pf.stopNow();
      throw new Error(why);
    }
    pf.running = true;
    await pf.listening();
    return pf;
  }

  configure({ listen, server, replyTo, secret, user, musterBin }) {
    const { dir, config } = this;
    const [local, domain] = replyTo.split('@');
    mkdirSync(config);
    // The queue's root is root's; `postfix start` makes its subdirectories, with their owners, itself.
    mkdirSync(path.join(dir, 'queue'), { mode: 0o755 });
    mkdirSync(path.join(dir, 'data'), { mode: 0o700 });
    chownSync(path.join(dir, 'data'), uidOf('postfix'), 0);
    // mail-in's settings: pipe's argv cannot set its environment, and the secret stays off the command line.
    const musterConfig = path.join(dir, 'muster-mail-in.json');
    const settings = { mail_reply_to: replyTo, mail_secret: secret, ...(listen ? { listen } : {}) };
    writeFileSync(musterConfig, JSON.stringify(settings), { mode: 0o600 });
    chownSync(musterConfig, uidOf(user), 0);
    const argv = [musterBin, 'mail-in', '--config', musterConfig, '--recipient', '${recipient}', ...(server ? ['--server', server] : [])];
    writeFileSync(path.join(config, 'master.cf'), masterCf({ port: this.port, user, argv }));
    // The club's routing: its reply address (and muster+TOKEN, by the delimiter) to the pipe; the local part a
    // known recipient (on a club's server the muster user's own account says so, through passwd).
    writeFileSync(path.join(config, 'transport'), `${local}@${domain} muster:\n`);
    writeFileSync(path.join(config, 'recipients'), `${local} ok\n`);
    writeFileSync(path.join(config, 'main.cf'), '');
    this.postconf({
      compatibility_level: '3.6',
      queue_directory: path.join(dir, 'queue'), data_directory: path.join(dir, 'data'),
      mail_owner: 'postfix', setgid_group: 'postdrop',
      myhostname: `mx.${domain}`, mydomain: domain, myorigin: domain, mydestination: domain,
      inet_interfaces: 'loopback-only', inet_protocols: 'ipv4', mynetworks: '127.0.0.0/8',
      recipient_delimiter: '+',
      transport_maps: `texthash:${config}/transport`,
      local_recipient_maps: `texthash:${config}/recipients`,
      muster_destination_recipient_limit: '1',
      alias_maps: '', alias_database: '', smtpd_peername_lookup: 'no',
      // Nothing leaves the machine: a bounce to anne.test fails here rather than looking up its MX.
      default_transport: 'error:this test sends nothing out', relay_transport: 'error:this test sends nothing out',
      maillog_file: this.logFile, maillog_file_prefixes: dir,
    });
  }

  postconf(settings) {
    const args = Object.entries(settings).map(([k, v]) => `${k}=${v}`);
    execFileSync('postconf', ['-c', this.config, '-e', ...args], { stdio: 'pipe' });
  }

  async listening(ms = 15000) {
    const end = Date.now() + ms;
    for (;;) {
      const ok = await new Promise((resolve) => {
        const s = net.connect(this.port, '127.0.0.1', () => { s.destroy(); resolve(true); });
        s.on('error', () => resolve(false));
      });
      if (ok) return;
      if (Date.now() > end) throw new Error(`Postfix is not listening on ${this.port}:\n${this.log()}`);
      await sleep(100);
    }
  }

  log() { return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : ''; }

  /** The first log line matching `re`, waited for. */
  async waitForLog(re, what, ms = 15000) {
    const end = Date.now() + ms;
    for (;;) {
      const line = this.log().split('\n').find((l) => re.test(l));
      if (line) return line;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what} in Postfix's log:\n${this.log()}`);
      await sleep(50);
    }
  }

  /** The messages in the queue (postqueue -j), each {queue_id, queue_name, recipients: [{address, delay_reason}]}. */
  queue() {
    const out = execFileSync('postqueue', ['-c', this.config, '-j'], { encoding: 'utf8' });
    return out.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  }

  flush() { execFileSync('postqueue', ['-c', this.config, '-f'], { stdio: 'pipe' }); }

  // Synchronous, for the process's exit too.
  stopNow() {
    if (this.running) {
      try { execFileSync('postfix', ['-c', this.config, 'stop'], { stdio: 'pipe' }); } catch { /* already stopped */ }
      this.running = false;
    }
    live.delete(this);
    rmSync(this.dir, { recursive: true, force: true });
  }

  async stop() { this.stopNow(); }
}

// Reads SMTP replies off a socket: next() resolves with one whole reply {code, text}.
function replies(socket) {
  let buffered = '';
  const waiting = [];
  const ready = [];
  socket.setEncoding('latin1');
  socket.on('data', (d) => {
    buffered += d;
    let m;
    while ((m = /^((?:\d{3}-[^\n]*\n)*)(\d{3}) ([^\n]*)\n/.exec(buffered))) {
      buffered = buffered.slice(m[0].length);
      const reply = { code: Number(m[2]), text: (m[1] + m[2] + ' ' + m[3]).replace(/\r/g, '') };
      if (waiting.length) waiting.shift()(reply); else ready.push(reply);
    }
  });
  return { next: () => (ready.length ? Promise.resolve(ready.shift()) : new Promise((r) => waiting.push(r))) };
}

/**
 * Sends one message by SMTP to 127.0.0.1:port, as the sender's provider would; `to` one address or a list of them.
 * Resolves with the queue id Postfix
 * gave it and `dataEnd`, the time (performance.now()) the message's final "." was written.
 */
export async function sendMail(port, { from, to, data }) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
  const reader = replies(socket);
  const step = async (line, want) => {
    if (line !== null) socket.write(`${line}\r\n`, 'latin1');
    const r = await reader.next();
    if (r.code !== want) throw new Error(`SMTP ${line ?? '(waiting)'}: wanted ${want}, got ${r.text}`);
    return r;
  };
  try {
    await step(null, 220);
    await step('EHLO mail-out.anne.test', 250);
    await step(`MAIL FROM:<${from}>`, 250);
    for (const rcpt of [to].flat()) await step(`RCPT TO:<${rcpt}>`, 250);
    await step('DATA', 354);
    // The message's bytes as they are (8-bit too), CRLF lines, a leading dot doubled (RFC 5321, 4.5.2).
    let text = Buffer.isBuffer(data) ? data.toString('latin1') : Buffer.from(data, 'utf8').toString('latin1');
    text = text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    if (!text.endsWith('\r\n')) text += '\r\n';
    socket.write(`${text}.\r\n`, 'latin1');
    const dataEnd = performance.now();
    const done = await step(null, 250);
    const queueId = (done.text.match(/queued as ([0-9A-Za-z]+)/) || [])[1];
    await step('QUIT', 221);
    return { queueId, dataEnd };
  } finally {
    socket.destroy();
  }
}
