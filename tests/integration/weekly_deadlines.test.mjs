// A campaign played by post on a weekly deadline rule (docs/protocol.md, "month.deadline_rule", "Deadlines" and
// "Notifications"), five months across the change to summer time in London, on a server whose clock the test
// moves (--test-clock), with a real SMTP server and a real webhook sink:
// - The webhook is told every deadline the rule sets, when it is made and at each month's resolution, each at
//   20:00 London time (GMT, then BST); and which month is resolved.
// - Brackley declares two months of leave and takes one back: the umpire is told both. In his month on leave he
//   gets no reminder and is not among the diaries missed the umpire is told of.
// - The server is down past a month's reminders and its deadline: back, it resolves the month and sends none of
//   the lapsed reminders.
// - A digest of one notice says so ("1 notice").
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { connect, newUser, httpRequest } from './lib/client.mjs';
import { SmtpSink, HookSink, advanceClock, freePort, until, verifiedAddress } from './lib/sinks.mjs';

const HOUR = 3600 * 1000;
let server, dir, smtp, hook, campaign;
const people = {}; // name -> {user, cookie, client, address}
const MONTHS = ['March', 'April', 'May', 'June', 'July', 'August'];

const advance = (ms) => advanceClock(server, ms);
const advanceTo = async (at) => advance(Math.max(0, at - await advance(0)));

const subjects = (who) => smtp.to(who.address).map((m) => (m.data.match(/^Subject: (.*)$/m) || [])[1]);
const hookTexts = () => hook.posts.map((p) => p.body.text);
const london = (ms, part) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23', ...part }).format(ms);
// The webhook's "Due: 2027-03-14 20:00 UTC." as unix ms.
const dueOf = (text) => Date.parse(`${text.match(/Due: (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/)[1].replace(' ', 'T')}:00Z`);

async function deadline() {
  await people.umpire.client.caughtUp(campaign, 3000);
  return people.umpire.client.view(campaign).year.calendar.deadline;
}

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-weekly-'));
  smtp = new SmtpSink(await freePort(), path.join(dir, 'mail.jsonl'));
  await smtp.start();
  hook = await HookSink.start();
  server = await startServer({ args: ['--test-clock', 'true', '--smtp-host', '127.0.0.1', '--smtp-port', String(smtp.port),
    '--smtp-starttls', 'false', '--smtp-from', 'muster@club.test', '--public-url', 'http://club.test/',
    '--notify-interval-ms', '100', '--session-idle-seconds', '31536000', '--session-absolute-seconds', '31536000'] });
  for (const name of ['umpire', 'brackley', 'cowdray', 'dora']) {
    const u = await newUser(server, `wk_${name}`);
    people[name] = { ...u, client: await connect(server, u.cookie) };
  }
  const U = people.umpire.client;
  campaign = (await U.ok('campaign.create', { name: 'Weekly' })).campaign;
  const code = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  for (const name of ['brackley', 'cowdray', 'dora']) {
    await people[name].client.ok('campaign.join', { code });
    if (name !== 'dora') await people[name].client.ok('colonel.create', { campaign, name: name[0].toUpperCase() + name.slice(1), pip: 0 });
  }
  for (const name of Object.keys(people)) await verifiedAddress(server, smtp, people[name], `${name}@club.test`);
  await U.ok('campaign.webhook', { campaign, url: hook.url('/club') });
  assert.equal((await U.subscribe(campaign)).reply.ok, true);
  await U.ok('year.start', { campaign, year: '1744', month: 3 });
});

after(async () => {
  for (const p of Object.values(people)) await p.client?.close().catch(() => {});
  await server?.cleanup();
  await smtp?.stop();
  hook?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a digest of one notice says "1 notice"', async () => {
  const { umpire, dora } = people;
  const now = await advance(0);
  const hour = (new Date(now).getUTCHours() + 2) % 24;
  const set = await httpRequest(server, 'POST', '/api/email/choices', { body: { mode: 'digest', digest_hour: hour, time_zone: 'UTC' }, cookie: dora.cookie });
  assert.equal(set.status, 200, JSON.stringify(set.json));
  const mails = smtp.to(dora.address).length;
  await umpire.client.ok('notice.post', { campaign, text: 'Muster at the Black Bull.' });
  await advance(3 * HOUR);
  const digest = await until('her digest', () => smtp.to(dora.address).slice(mails).find((m) => m.data.includes('your digest')));
  assert.match(digest.data, /^Subject: Muster: your digest \(1 notice\)$/m);
  assert.ok(digest.data.includes('Notice from the umpire: Muster at the Black Bull.'));
});

test('five weeks on a rule of Sundays at 20:00 in London: each deadline told to the webhook, leave kept out of the missed', async () => {
  const { umpire, brackley, cowdray } = people;
  const U = umpire.client;
  // To a Wednesday in March before London's clocks go forward (the last Sunday of March).
  let now = await advance(0);
  let year = new Date(now).getUTCFullYear();
  if (Date.UTC(year, 2, 1) <= now) year += 1;
  let wednesday = Date.UTC(year, 2, 1, 12);
  while (new Date(wednesday).getUTCDay() !== 3) wednesday += 24 * HOUR;
  now = await advanceTo(wednesday);

  await U.ok('month.deadline_rule', { campaign, weekday: 0, time: '20:00', time_zone: 'Europe/London' });
  const first = await until('the webhook told of the rule\'s first deadline', () => hookTexts().find((t) => t.includes('Diaries for March 1744 are due.')));
  assert.equal(dueOf(first), await deadline());

  await brackley.client.ok('leave.declare', { campaign, from: 2, months: 2 });
  await until('the umpire told of the leave', () => subjects(umpire).find((s) => s.includes('Brackley will be on leave: April 1744, May 1744.')));
  await brackley.client.ok('leave.cancel', { campaign, turn: 3 });
  await until('the umpire told of the leave taken back', () => subjects(umpire).find((s) => s.includes('Brackley will not be on leave in May 1744')));
  assert.ok(!subjects(cowdray).some((s) => s.includes('leave')), 'leave is the umpires\' business');

  for (let month = 0; month < 4; month++) {
    const name = `${MONTHS[month]} 1744`;
    const due = await deadline();
    assert.equal(london(due, { weekday: 'long' }), 'Sunday', `${name}: a Sunday`);
    assert.equal(london(due, { hour: '2-digit', minute: '2-digit' }), '20:00', `${name}: 20:00 in London`);
    if (month === 0) await brackley.client.ok('diary.submit', { campaign, activity: 'business', text: '' });
    await advanceTo(due - 12 * HOUR + 1000);
    await until(`${name}: Cowdray reminded`, () => subjects(cowdray).find((s) => s.includes(`Reminder: write your diary for ${name}.`)));
    await advanceTo(due + 1000);
    const told = await until(`${name}: the umpire told`, () => subjects(umpire).find((s) => s.includes(`${name} is resolved`)));
    // March: Brackley's diary is in; April: he is on leave; May and June: he misses them.
    assert.ok(told.endsWith(month <= 1 ? 'Diaries missed: Cowdray.' : 'Diaries missed: Brackley, Cowdray.'), told);
    await until(`${name}: the webhook told which month`, () => hookTexts().find((t) => t.includes(`${name} is resolved: each colonel's report is ready.`)));
    const next = await until(`${name}: the webhook told the next deadline`, () => hookTexts().find((t) => t.includes(`Diaries for ${MONTHS[month + 1]} 1744 are due.`)));
    assert.equal(dueOf(next), await deadline(), 'the deadline the rule set');
  }
  // April, Brackley's month on leave: no reminder, not missed, and his run of missed months untouched.
  assert.ok(!subjects(brackley).some((s) => s.includes('Reminder: write your diary for April 1744.')), 'no reminder on leave');
  await U.caughtUp(campaign, 3000);
  assert.equal(U.view(campaign).year.colonels[String(brackley.user)].missed_in_a_row, 2, 'May and June missed, April not counted');
  // The deadlines straddle the change to summer time: 20:00 GMT is 20:00 UTC, 20:00 BST 19:00 UTC.
  const hours = new Set(hookTexts().filter((t) => t.includes('are due.') && t.includes('Due:')).map((t) => new Date(dueOf(t)).getUTCHours()));
  assert.deepEqual([...hours].sort(), [19, 20], 'deadlines on both sides of the change');
});

test('a server down past a month\'s reminders and deadline resolves it when back, and sends none of them', async () => {
  const { umpire, cowdray } = people;
  const due = await deadline();
  const month = 'July 1744';
  assert.ok(due - (await advance(0)) > 72 * HOUR, 'both reminders still to come');
  for (const p of Object.values(people)) await p.client.close().catch(() => {});
  await server.restart(); // the test clock starts again at the real time: the deadline is months ahead of it
  await advanceTo(due + HOUR);
  const told = await until(`${month}: the umpire told`, () => subjects(umpire).find((s) => s.includes(`${month} is resolved`)), 20000);
  assert.ok(told.endsWith('Diaries missed: Brackley, Cowdray.'), told);
  await until('the webhook told', () => hookTexts().find((t) => t.includes(`${month} is resolved`)));
  await new Promise((r) => setTimeout(r, 1500));
  assert.ok(!subjects(cowdray).some((s) => s.includes(`Reminder: write your diary for ${month}.`)), 'no lapsed reminder by e-mail');
  assert.ok(!hookTexts().some((t) => t.includes(`Reminder: diaries for ${month} are due.`)), 'no lapsed reminder to the webhook');
  const next = await until('August\'s deadline', () => hookTexts().find((t) => t.includes('Diaries for August 1744 are due.')));
  assert.ok(dueOf(next) > due, 'the rule set the next month\'s');
});
