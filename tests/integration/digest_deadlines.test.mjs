// A daily digest gives the month's deadline as it stands when the digest is written, in the reader's own time
// zone and in the words of his single e-mails (docs/protocol.md, "Notifications"), on a --test-clock server with
// a real SMTP server on loopback:
// - Anne (digest at 20:00, America/New_York) is asked for her diary at year.start, before the umpire sets the
//   month's deadline: her digest still says when it is due, in New York time.
// - A reminder held for her digest speaks of a deadline the umpire then puts back: her digest gives the new one,
//   in the very line Ben (immediate e-mail, America/New_York) got in his single e-mail, and never the old one.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { connect, newUser, httpRequest } from './lib/client.mjs';
import { SmtpSink, advanceClock, freePort, until, verifiedAddress } from './lib/sinks.mjs';

const HOUR = 3600 * 1000;
const ZONE = 'America/New_York';
let server, dir, smtp, campaign;
const people = {}; // name -> {user, cookie, client, address}

const advance = (ms) => advanceClock(server, ms);
const zoneHour = (ms) => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(ms);
// The server's words for a time in New York (server/app/time_zones.cpp): "2026-12-05 15:00 EST (America/New_York)".
function zoneWords(ms) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
    hourCycle: 'h23', timeZoneName: 'short',
  }).formatToParts(ms).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName} (${ZONE})`;
}
const text = (m) => m.data.replace(/\r\n/g, '\n');
const dueLines = (m) => text(m).split('\n').filter((l) => /^\s*Due: /.test(l)).map((l) => l.trim());
const digests = (who) => smtp.to(who.address).filter((m) => /^Subject: Muster: your digest/m.test(m.data));

// Moves the clock to just past the next 20:00 in New York and waits for Anne's digest number `n` (from 1).
async function nextDigest(n) {
  const now = await advance(0);
  let at = Math.ceil(now / HOUR) * HOUR;
  while (zoneHour(at) !== '20') at += HOUR;
  await advance(at - now + 1000);
  return until(`Anne's digest ${n}`, () => digests(people.anne)[n - 1]);
}

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-digest-'));
  smtp = new SmtpSink(await freePort(), path.join(dir, 'mail.jsonl'));
  await smtp.start();
  server = await startServer({ args: ['--test-clock', 'true', '--smtp-host', '127.0.0.1', '--smtp-port', String(smtp.port),
    '--smtp-starttls', 'false', '--smtp-from', 'muster@club.test', '--public-url', 'http://club.test/',
    '--notify-interval-ms', '100', '--session-idle-seconds', '31536000', '--session-absolute-seconds', '31536000'] });
  for (const name of ['umpire', 'anne', 'ben']) {
    const u = await newUser(server, `dd_${name}`);
    people[name] = { ...u, client: await connect(server, u.cookie) };
  }
  const U = people.umpire.client;
  campaign = (await U.ok('campaign.create', { name: 'Digest' })).campaign;
  const code = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  for (const name of ['anne', 'ben']) {
    await people[name].client.ok('campaign.join', { code });
    await people[name].client.ok('colonel.create', { campaign, name: `Colonel ${name}`, pip: 0 });
  }
  for (const name of Object.keys(people)) await verifiedAddress(server, smtp, people[name], `${name}@club.test`);
  for (const [name, mode] of [['anne', 'digest'], ['ben', 'immediate']]) {
    const r = await httpRequest(server, 'POST', '/api/email/choices',
      { body: { mode, digest_hour: 20, time_zone: ZONE }, cookie: people[name].cookie });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  }
});

after(async () => {
  for (const p of Object.values(people)) await p.client?.close().catch(() => {});
  await server?.cleanup();
  await smtp?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

let deadline;

test('a diary asked for before the deadline was set: the digest gives the deadline in her time zone', async () => {
  const U = people.umpire.client;
  await U.ok('year.start', { campaign, year: '1744', month: 3 });
  await until("Ben's diary request", () => smtp.to(people.ben.address).find((m) => m.data.includes('Write your diary for March 1744.')));
  deadline = Math.ceil(((await advance(0)) + 120 * HOUR) / 60000) * 60000;
  await U.ok('month.set_deadline', { campaign, deadline });

  const digest = await nextDigest(1);
  assert.ok(digest.data.includes('Write your diary for March 1744.'), text(digest));
  assert.ok(dueLines(digest).length > 0, `a Due line: ${text(digest)}`);
  for (const line of dueLines(digest)) assert.equal(line, `Due: ${zoneWords(deadline)}.`);
});

test('a deadline put back after a reminder was held: the digest gives the new one, as his single e-mail does', async () => {
  const { umpire, anne, ben } = people;
  await advance(deadline - 72 * HOUR - (await advance(0)) + 1000);
  await until("Ben's reminder", () => smtp.to(ben.address).find((m) => m.data.includes('Reminder: write your diary for March 1744.')));
  const later = deadline + 24 * HOUR;
  await umpire.client.ok('month.set_deadline', { campaign, deadline: later, reason: 'The post is slow.', turn: 1 });
  const single = await until("Ben's e-mail of the extension", () => smtp.to(ben.address).find((m) => m.data.includes('The post is slow.')));
  assert.deepEqual(dueLines(single), [`Due: ${zoneWords(later)}.`], 'a single e-mail in his own time zone');

  const digest = await nextDigest(2);
  assert.ok(digest.data.includes('Reminder: write your diary for March 1744.'), text(digest));
  assert.ok(digest.data.includes('The post is slow.'), text(digest));
  assert.ok(!text(digest).includes(zoneWords(deadline)), `not the old deadline: ${text(digest)}`);
  assert.ok(dueLines(digest).length > 0);
  for (const line of dueLines(digest)) assert.equal(line, dueLines(single)[0], 'the words of his single e-mail');
  assert.equal(digests(anne).length, 2);
});
