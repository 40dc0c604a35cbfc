// A month played by post with nobody's page open (docs/protocol.md, "Deadlines" and "Notifications"), on a
// server whose clock the test moves (--test-clock; POST /api/test/clock), with a real SMTP server and a real
// webhook sink:
// - 72 and 12 hours before the deadline each player whose diary is not in gets a reminder by e-mail, sent at
//   that hour (the e-mail's Date); the webhook is told the month's diaries are due, never who is late.
// - The deadline resolves the month; each colonel's player is told his report is ready, the umpire whose
//   diaries were missed; the webhook only that the month is resolved.
// - Cato, who misses the month, has his standing orders used.
// - The next month: Ben declares leave and owes no diary; an extension with its reason reaches everyone; a pause
//   stops the clock past the deadline, and resuming moves the deadline on by the pause.
// - The umpire hands Cato's colonel to Dora: everyone is told; she sees his sheet, Cato nothing more of it.
// - Anne chooses a daily digest at 20:00 in London: her notices wait for it and come in one e-mail at that hour;
//   the unsubscribe link in it stops her e-mail; the page's list of notifications has them all.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { connect, newUser, httpRequest, rawHttpGet, sleep } from './lib/client.mjs';
import { SmtpSink, HookSink, advanceClock, freePort, until, verifiedAddress } from './lib/sinks.mjs';

const HOUR = 3600 * 1000;
let server, dir, smtp, hook, campaign;
const people = {}; // name -> {user, cookie, client, address}

const advance = (ms) => advanceClock(server, ms);

const subjects = (who) => smtp.to(who.address).map((m) => (m.data.match(/^Subject: (.*)$/m) || [])[1]);
const dateOf = (m) => Date.parse(m.data.match(/^Date: (.*)$/m)[1]);
const londonHour = (ms) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(ms);

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-reminders-'));
  smtp = new SmtpSink(await freePort(), path.join(dir, 'mail.jsonl'));
  await smtp.start();
  hook = await HookSink.start();
  server = await startServer({ args: ['--test-clock', 'true', '--smtp-host', '127.0.0.1', '--smtp-port', String(smtp.port),
    '--smtp-starttls', 'false', '--smtp-from', 'muster@club.test', '--public-url', 'http://club.test/',
    '--notify-interval-ms', '100',
    // The test's clock runs weeks on in seconds: logins must outlast it.
    '--session-idle-seconds', '31536000', '--session-absolute-seconds', '31536000'] });
  for (const name of ['umpire', 'anne', 'ben', 'cato', 'dora']) {
    const u = await newUser(server, `rm_${name}`);
    people[name] = { ...u, client: await connect(server, u.cookie) };
  }
  const U = people.umpire.client;
  campaign = (await U.ok('campaign.create', { name: 'By post' })).campaign;
  const code = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  for (const name of ['anne', 'ben', 'cato', 'dora']) {
    const c = people[name].client;
    await c.ok('campaign.join', { code });
    if (name !== 'dora') await c.ok('colonel.create', { campaign, name: `Colonel ${name}`, pip: 0 });
  }
  await people.cato.client.ok('diary.standing', { campaign, activity: 'politics' });
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

test('a month by post: reminders at 72 and 12 hours to those not in, the deadline resolves, reports ready', async () => {
  const { umpire, anne, ben, cato } = people;
  const now = await advance(0);
  const deadline = now + 100 * HOUR;
  await umpire.client.ok('month.set_deadline', { campaign, deadline });
  await anne.client.ok('diary.submit', { campaign, activity: 'business', text: '' });
  await until('the umpire told Anne is in', () => subjects(umpire).find((s) => s.includes("Colonel anne's diary for March 1744 is in")));

  await advance(deadline - 72 * HOUR - (await advance(0)) + 1000);
  const first = await until('two reminders', () => {
    const got = ['ben', 'cato'].map((n) => smtp.to(people[n].address).find((m) => m.data.includes('Reminder: write your diary for March 1744.')));
    return got.every(Boolean) && got;
  });
  for (const m of first) {
    assert.ok(Math.abs(dateOf(m) - (deadline - 72 * HOUR)) < 60 * 1000, 'sent 72 hours before the deadline');
    assert.match(m.data, /Due: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    assert.ok(m.data.includes('http://club.test/#/campaign/'), 'a link to the diary');
  }
  assert.equal(subjects(anne).filter((s) => s.includes('Reminder')).length, 0, 'Anne wrote hers');
  await until('the webhook reminder', () => hook.posts.find((p) => p.body.text.includes('Reminder: diaries for March 1744 are due.')));

  await ben.client.ok('diary.submit', { campaign, activity: 'socialise', text: '' });
  await advance(deadline - 12 * HOUR - (await advance(0)) + 1000);
  await until("Cato's second reminder", () => subjects(cato).filter((s) => s.includes('Reminder')).length === 2);
  assert.equal(subjects(ben).filter((s) => s.includes('Reminder')).length, 1, 'Ben is in: one reminder only');

  await advance(deadline - (await advance(0)) + 1000);
  for (const p of [anne, ben, cato])
    await until(`${p.address}: report ready`, () => subjects(p).find((s) => s.includes('Your report for March 1744 is ready.')));
  const told = await until('the umpire told who missed', () => subjects(umpire).find((s) => s.includes('March 1744 is resolved')));
  assert.ok(told.includes('Diaries missed: Colonel cato.'), told);
  await until('the webhook told', () => hook.posts.find((p) => p.body.text.includes('March 1744 is resolved: each colonel\'s report is ready.')));
  for (const p of hook.posts) assert.ok(!/missed|Colonel (anne|ben|cato)/.test(p.body.text), `public only: ${p.body.text}`);
  for (const p of [anne, ben]) assert.ok(!smtp.to(p.address).some((m) => m.data.includes('missed')), 'who missed is the umpire\'s');
  await umpire.client.caughtUp(campaign, 3000);
  const report = umpire.client.view(campaign).year.colonels[String(cato.user)].reports['1'];
  assert.equal(report.standing, true, 'Cato\'s standing orders were used');
  assert.equal(report.activity, 'politics');
});

test('the next month: an extension with its reason, a pause past the deadline, and the deadline moved on by it', async () => {
  const { umpire, anne } = people;
  const U = umpire.client;
  const now = await advance(0);
  const deadline = now + 48 * HOUR; // the 72-hour reminder is already past: only the 12-hour one
  await U.ok('month.set_deadline', { campaign, deadline });
  await people.ben.client.ok('leave.declare', { campaign, from: 2, months: 1 });
  await until('the umpire told of the leave', () => subjects(umpire).find((s) => s.includes('Colonel ben will be on leave: April 1744.')));
  const early = await U.send('month.set_deadline', { campaign, deadline: deadline + 24 * HOUR });
  assert.equal(early.error?.code, 'bad_request', 'an extension needs a reason');
  await U.ok('month.set_deadline', { campaign, deadline: deadline + 24 * HOUR, reason: 'Ben is at sea.', turn: 2 });
  await until('the extension told', () => subjects(anne).find((s) => s.includes('The umpire put back the deadline for April 1744: Ben is at sea.')));
  await until('the webhook told of it', () => hook.posts.find((p) => p.body.text.includes('Ben is at sea.')));

  await U.ok('month.pause', { campaign, reason: 'The club dinner' });
  await until('the pause told', () => subjects(anne).find((s) => s.includes('The umpire paused the campaign: The club dinner.')));
  await advance(100 * HOUR); // far past the deadline
  await sleep(500);
  await U.caughtUp(campaign, 3000);
  assert.equal(U.view(campaign).year.calendar.turn, 2, 'a paused month is not resolved by its deadline');
  await U.ok('month.resume', { campaign });
  await U.caughtUp(campaign, 3000);
  const cal = U.view(campaign).year.calendar;
  assert.ok(cal.deadline > deadline + 24 * HOUR + 99 * HOUR, 'the deadline moved on by the pause');
  assert.equal(cal.paused, null);
  assert.deepEqual(cal.extensions.map((x) => x.reason), ['Ben is at sea.']);

  // The 12-hour reminder (moved on by the pause) goes to Anne and Cato, not to Ben on leave.
  await advance(cal.deadline - 12 * HOUR - (await advance(0)) + 1000);
  await until('Cato reminded of April', () => subjects(people.cato).find((s) => s.includes('Reminder: write your diary for April 1744.')));
  assert.ok(!subjects(people.ben).some((s) => s.includes('April 1744.') && s.includes('Reminder')), 'Ben is on leave');
});

test('the umpire hands a colonel over: everyone is told; the new player sees his sheet, the old nothing more', async () => {
  const { umpire, cato, dora } = people;
  await umpire.client.ok('colonel.handover', { campaign, colonel: cato.user, to: dora.user });
  for (const p of Object.values(people))
    await until(`${p.address} told`, () => subjects(p).find((s) => s.includes('The umpire handed Colonel cato to rm_dora.')));
  const D = dora.client, C = cato.client;
  for (const c of [D, C]) assert.equal((await c.subscribe(campaign)).reply.ok, true);
  const mine = D.view(campaign).year.colonels[String(dora.user)];
  assert.equal(mine.name, 'Colonel cato');
  assert.equal(mine.reports['1'].activity, 'politics', 'she sees what he knew');
  const his = C.view(campaign).year;
  assert.equal(his.colonels[String(cato.user)], undefined);
  assert.equal(his.colonels[String(dora.user)].fortune, undefined, 'Cato sees nothing more of the sheet');
});

test('a daily digest at 20:00 in London, the unsubscribe link, and the page\'s list of notifications', async () => {
  const { umpire, anne } = people;
  const bad = await httpRequest(server, 'POST', '/api/email/choices', { body: { mode: 'digest', digest_hour: 20, time_zone: 'Mars/Olympus' }, cookie: anne.cookie });
  assert.equal(bad.status, 400);
  const set = await httpRequest(server, 'POST', '/api/email/choices', { body: { mode: 'digest', digest_hour: 20, time_zone: 'Europe/London' }, cookie: anne.cookie });
  assert.equal(set.status, 200, JSON.stringify(set.json));
  assert.equal(set.json.mode, 'digest');
  const mails = smtp.to(anne.address).length;
  await umpire.client.ok('notice.post', { campaign, text: 'Muster at the Black Bull on Saturday.' });
  await umpire.client.ok('notice.post', { campaign, text: 'Bring dice.' });
  await sleep(700);
  assert.equal(smtp.to(anne.address).length, mails, 'held for her digest');

  // The clock runs on to just past the next 20:00 in London (GMT or BST as the date falls).
  const now = await advance(0);
  let at = Math.ceil(now / HOUR) * HOUR;
  while (londonHour(at) !== '20') at += HOUR;
  await advance(at - now - 2000);
  await sleep(500);
  assert.equal(smtp.to(anne.address).length, mails, 'not before the hour');
  await advance(3000);
  const digest = await until('her digest', () => smtp.to(anne.address).slice(mails).find((m) => m.data.includes('your digest')));
  assert.equal(smtp.to(anne.address).length, mails + 1, 'one e-mail for both');
  assert.ok(digest.data.includes('Notice from the umpire: Muster at the Black Bull on Saturday.'));
  assert.ok(digest.data.includes('Notice from the umpire: Bring dice.'));
  assert.equal(londonHour(dateOf(digest)), '20', 'sent at 20:00 London time');
  const token = digest.data.match(/unsubscribe\?token=([0-9a-f]+)/)[1];
  assert.match(digest.data, /List-Unsubscribe: <http:\/\/club\.test\/unsubscribe\?token=/);
  const page = await rawHttpGet(server, `/unsubscribe?token=${token}`);
  assert.equal(page.status, 200);
  assert.match(page.body, /no more e-mails/);
  const me = await httpRequest(server, 'GET', '/api/email', { cookie: anne.cookie });
  assert.equal(me.json.mode, 'off');
  await umpire.client.ok('notice.post', { campaign, text: 'Nothing more by e-mail.' });
  await advance(25 * HOUR);
  await sleep(500);
  assert.equal(smtp.to(anne.address).length, mails + 1, 'no e-mail after unsubscribing');

  // The page's list has every notice, e-mail or not; she marks them seen.
  const list = (await httpRequest(server, 'GET', '/api/notifications', { cookie: anne.cookie })).json.notifications;
  // Newest first. April's deadline may fall inside those 25 hours, by the hour of day the test runs at, and then
  // May's notices come after the last notice.
  assert.deepEqual(list.map((n) => n.id), [...list.map((n) => n.id)].sort((a, b) => b - a), 'newest first');
  const last = list.findIndex((n) => n.text === 'Notice from the umpire: Nothing more by e-mail.');
  assert.ok(last >= 0, 'the last notice is in her list');
  assert.ok(list.slice(0, last).every((n) => /April 1744|May 1744/.test(n.text)), JSON.stringify(list.slice(0, last)));
  assert.ok(list.some((n) => n.text.includes('Your report for March 1744 is ready.') && n.tab === 'reports'));
  assert.ok(list.every((n) => n.seen === false));
  assert.equal((await httpRequest(server, 'POST', '/api/notifications/seen', { body: { up_to: list[0].id }, cookie: anne.cookie })).status, 200);
  const after = (await httpRequest(server, 'GET', '/api/notifications', { cookie: anne.cookie })).json.notifications;
  assert.ok(after.every((n) => n.seen));
  const bens = (await httpRequest(server, 'GET', '/api/notifications', { cookie: people.ben.cookie })).json.notifications;
  assert.ok(!bens.some((n) => n.text.includes('Colonel anne\'s diary')), 'his list is his own');
});

test('the test clock exists only on a server started with it', async () => {
  const plain = await startServer({});
  try {
    const r = await httpRequest(plain, 'POST', '/api/test/clock', { body: { advance_ms: 1000 } });
    assert.equal(r.status, 404);
  } finally {
    await plain.cleanup();
  }
  const bad = await httpRequest(server, 'POST', '/api/test/clock', { body: { advance_ms: -5 } });
  assert.equal(bad.status, 400);
});
