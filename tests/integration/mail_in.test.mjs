// A diary sent by replying to the e-mail (docs/protocol.md, "A diary by e-mail"; docs/operations.md, "Replies by
// e-mail"): a real server with a real SMTP sink, `muster mail-in` run as an MTA's pipe runs it, messages in the
// shapes of Gmail, Thunderbird and an out-of-office responder.
// - The month's request carries a Reply-To of its own and the player's choices as lines; a Gmail reply that
//   changes two lines and writes a diary is recorded as the page would record it, marked as sent by mail, and he
//   is answered at once with what was recorded; the same message handed in again changes nothing.
// - A Thunderbird reply whose choices break a rule is refused by diary.submit's own rule, answered with its
//   reason, and nothing changes.
// - An out-of-office answer is dropped unanswered; a forged reply address and another member's message to
//   Anne's address (DKIM for his own domain) are refused, nothing answered to the sender, nothing changed.
// - Replies turned off in his choices: the next request has no Reply-To, and a reply is not taken.
// - Past the deadline a reply is refused as late; a flood past mail_per_hour is refused.
// - The server down or the wrong secret: mail-in exits 75 so that the MTA keeps the message.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createHmac } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { httpRequest } from './lib/client.mjs';
import { SmtpSink, advanceClock, freePort, until } from './lib/sinks.mjs';
import { authResults, gmailReply, thunderbirdReply, autoReply, bounceReport, mailIn, mailServerArgs, mailCampaign, diaryRequest, header } from './lib/mail.mjs';

const HOUR = 3600 * 1000;
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../unit/server/mail');
const SECRET = 'a test secret of more than thirty-two characters';
let server, dir, smtp, campaign;
let people = {};

const year = (who) => who.client.views.get(campaign).view.year;
// This month's diary, as the umpire's view shows it (null until one is in).
const diaryOf = (who) => year(people.umpire).colonels[String(who.user)].diary;
const mailsTo = (who, words) => smtp.to(who.address).filter((m) => m.data.includes(words));

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-mail-in-'));
  smtp = new SmtpSink(await freePort(), path.join(dir, 'mail.jsonl'));
  await smtp.start();
  server = await startServer({ args: [...mailServerArgs(smtp, SECRET), '--mail-require-authentication', 'true',
    '--mail-authserv-id', 'mx.club.test', '--mail-per-hour', '10', '--mail-max-bytes', '16384'] });
  ({ people, campaign } = await mailCampaign(server, smtp, { name: 'By mail', umpire: 'mi_umpire',
    players: { anne: ['mi_anne', 'anne@anne.test'], ben: ['mi_ben', 'ben@ben.test'] } }));
});

after(async () => {
  for (const p of Object.values(people)) await p.client?.close().catch(() => {});
  await server?.cleanup();
  await smtp?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// The month's request to `who`, with its Reply-To.
const request = (who) => diaryRequest(smtp, who);

test("the month's request invites a reply, and a Gmail reply is recorded as the page would record it", async () => {
  const { anne } = people;
  const { mail, replyTo } = await request(anne);
  assert.match(replyTo, /^muster\+[a-z0-9-]+@club\.test$/);
  assert.ok(replyTo.split('@')[0].length <= 64, 'a local part of at most 64 characters (RFC 5321)');
  assert.equal(header(mail, 'Auto-Submitted'), 'auto-generated');
  // His choices as they stand: the quiet diary he would get for none.
  for (const line of ['Activity: business', 'Drill: no', 'Companies maintained: 10', 'Pay: pay', 'Publish: no'])
    assert.ok(mail.data.includes(line), `the request shows "${line}"`);

  const raw = gmailReply({ from: anne.address, to: replyTo, subject: `Re: ${header(mail, 'Subject')}`,
    text: 'Activity: supervise drill\nDrill: yes\nPay: arrears\n\nWe drilled on the heath at dawn; the men grumble at their pay — again.',
    extra: authResults('anne.test', anne.address) });
  const r = await mailIn(server, replyTo, raw, { secret: SECRET });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^recorded/);
  await people.umpire.client.waitForView(campaign, () => diaryOf(anne), 5000, "Anne's diary");
  const d = diaryOf(anne);
  assert.equal(d.activity, 'supervise');
  assert.equal(d.supervise, 'drill');
  assert.deepEqual(d.orders, { drill: true, musketry: false, manoeuvres: false, maintained: 10, declared: 10, pay: 'arrears' });
  assert.equal(d.text, 'We drilled on the heath at dawn; the men grumble at their pay — again.');
  assert.equal(d.by, 'mail', 'the umpire sees it came by mail');
  const answer = await until('the answer', () => mailsTo(anne, 'is recorded')[0]);
  assert.equal(header(answer, 'Auto-Submitted'), 'auto-replied');
  assert.ok(answer.data.includes('Pay: arrears') && answer.data.includes('http://club.test/#/campaign/'), answer.data);

  // The MTA hands the same message in again (it never heard the first exit): nothing changes, nothing answered.
  const again = await mailIn(server, replyTo, raw, { secret: SECRET });
  assert.equal(again.code, 0);
  assert.match(again.stdout, /^repeated/);
  assert.deepEqual(diaryOf(anne), d);
  await new Promise((res) => setTimeout(res, 500));
  assert.equal(mailsTo(anne, 'is recorded').length, 1);
});

test('replies in the shapes of Outlook, Apple Mail and Android clients are recorded with what their writer wrote', async () => {
  const { anne } = people;
  const { replyTo } = await request(anne);
  // The unit tests' messages (tests/unit/server/mail/), as the club's MTA hands them in: its own
  // Authentication-Results on top. Each sets the diary's text; the choices stay as Anne last sent them.
  const shapes = [
    ['outlook_html.eml', 'The squadron\u2019s horses are spent \u2013 we rest at Edgcote.\n\nCharles'],
    ['outlook_alternative.eml', 'We held the bridge \u201cuntil relieved\u201d.\nCaf\u00e9 at the inn, then on to Banbury.'],
    ['apple_iphone.eml', 'Rode hard through the night; the scouts report the Royalist horse at Wormleighton, and we must turn south before the frost breaks.'],
    ['android_gmail.eml', 'Pikes to the front. Nothing else to report.'],
  ];
  for (const [file, text] of shapes) {
    const raw = Buffer.concat([Buffer.from(`Authentication-Results: mx.club.test; dkim=pass header.d=anne.test\r\n`),
      readFileSync(path.join(FIXTURES, file))]);
    const r = await mailIn(server, replyTo, raw, { secret: SECRET });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^recorded/, `${file}: ${r.stdout}`);
    await people.umpire.client.waitForView(campaign, () => diaryOf(anne)?.text === text, 5000, `${file}'s text`);
    assert.equal(diaryOf(anne).orders.pay, 'arrears', `${file}: the choices kept`);
  }
});

test("a Thunderbird reply that breaks a rule is refused with diary.submit's reason, and nothing changes", async () => {
  const { ben } = people;
  const { replyTo } = await request(ben);
  const raw = thunderbirdReply({ from: ben.address, to: replyTo, subject: 'Re: your diary',
    text: 'Activity: supervise musketry\n\nThe colonel was at the Rose and Crown all month, as is his custom, and saw nothing of the regiment or its muskets.',
    extra: authResults('ben.test', ben.address) });
  const r = await mailIn(server, replyTo, raw, { secret: SECRET });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^refused: You can only supervise an improvement your orders pay for/);
  const answer = await until('the refusal', () => mailsTo(ben, 'was not taken')[0]);
  assert.ok(answer.data.includes('Nothing was changed'), answer.data);
  assert.equal(diaryOf(ben), null);

  // format=flowed and ISO-8859-1 read right; the signature and the quote are left out.
  const fine = thunderbirdReply({ from: ben.address, to: replyTo, subject: 'Re: your diary',
    text: 'Activity: socialise\n\nThe colonel dined at the Rose and Crown with Lord Ligonier, and the café au lait was excellent all month long.',
    extra: authResults('ben.test', ben.address) });
  assert.equal((await mailIn(server, replyTo, fine, { secret: SECRET })).code, 0);
  await people.umpire.client.waitForView(campaign, () => diaryOf(ben), 5000, "Ben's diary");
  assert.equal(diaryOf(ben).text, 'The colonel dined at the Rose and Crown with Lord Ligonier, and the café au lait was excellent all month long.');
  assert.equal(diaryOf(ben).activity, 'socialise');
  await until("Ben's answer", () => mailsTo(ben, 'is recorded')[0]);
});

test('an automatic reply is dropped; forged and borrowed reply addresses are refused; nothing is answered to a sender', async () => {
  const { anne, ben } = people;
  const { replyTo } = await request(anne);
  const before = JSON.stringify(diaryOf(anne));
  const answered = smtp.messages().length;

  const ooo = await mailIn(server, replyTo, autoReply({ from: anne.address, to: replyTo, subject: 'Your diary' }), { secret: SECRET });
  assert.equal(ooo.code, 0);
  assert.match(ooo.stdout, /^dropped/);

  const forged = replyTo.replace(/-([a-z2-7])([a-z2-7]*)@/, (m, c, rest) => `-${c === 'a' ? 'b' : 'a'}${rest}@`);
  assert.notEqual(forged, replyTo);
  const f = await mailIn(server, forged, gmailReply({ from: anne.address, to: forged, subject: 'Re', text: 'Pay: arrears',
    extra: authResults('anne.test', anne.address) }), { secret: SECRET });
  assert.equal(f.code, 0);
  assert.match(f.stdout, /^forged/);

  // Ben writes to Anne's reply address from his own mailbox: his domain's DKIM does not vouch for hers.
  const borrowed = await mailIn(server, replyTo, gmailReply({ from: ben.address, to: replyTo, subject: 'Re', text: 'Pay: pay arrears',
    extra: authResults('ben.test', ben.address) }), { secret: SECRET });
  assert.equal(borrowed.code, 0);
  assert.match(borrowed.stdout, /^unauthenticated/);

  // A header the club's MTA did not write (another authserv-id) is not trusted.
  const spoofed = await mailIn(server, replyTo, gmailReply({ from: anne.address, to: replyTo, subject: 'Re', text: 'Pay: pay arrears',
    extra: [['Authentication-Results', `evil.test; dkim=pass header.d=anne.test`]] }), { secret: SECRET });
  assert.match(spoofed.stdout, /^unauthenticated/);

  await new Promise((res) => setTimeout(res, 500));
  assert.equal(JSON.stringify(diaryOf(anne)), before, 'nothing changed');
  // The only mail sent meanwhile: Anne told that messages in her name were refused (to her own address).
  for (const m of smtp.messages().slice(answered)) assert.deepEqual(m.to, [anne.address]);
});

test('a message over mail_max_bytes is refused, its sender told, nothing changed', async () => {
  const { ben } = people;
  const { replyTo } = await request(ben);
  const before = JSON.stringify(diaryOf(ben));
  const long = 'The march went on. '.repeat(1200);  // about 23 KB, over the test server's 16 KiB
  const r = await mailIn(server, replyTo, gmailReply({ from: ben.address, to: replyTo, subject: 'Re', text: long,
    extra: authResults('ben.test', ben.address) }), { secret: SECRET, env: { MUSTER_MAIL_MAX_BYTES: '16384' } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^too_large: it is larger than the server takes \(16 KiB\)/);
  await until('the refusal', () => mailsTo(ben, 'larger than the server takes')[0]);
  assert.equal(JSON.stringify(diaryOf(ben)), before);
});

test('replies turned off: the next request has no Reply-To and a reply is not taken', async () => {
  const { ben } = people;
  const { replyTo } = await request(ben);
  const off = await httpRequest(server, 'POST', '/api/email/choices',
    { cookie: ben.cookie, body: { mode: 'immediate', digest_hour: 18, time_zone: 'UTC', replies: false } });
  assert.equal(off.status, 200);
  assert.equal(off.json.replies, false);
  const r = await mailIn(server, replyTo, gmailReply({ from: ben.address, to: replyTo, subject: 'Re', text: 'Activity: politics',
    extra: authResults('ben.test', ben.address) }), { secret: SECRET });
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^off/);
  assert.equal(diaryOf(ben).activity, 'socialise');
  const on = await httpRequest(server, 'POST', '/api/email/choices',
    { cookie: ben.cookie, body: { mode: 'immediate', digest_hour: 18, time_zone: 'UTC', replies: true } });
  assert.equal(on.json.replies, true);
});

test('mail-in exits 75 when the server cannot take the message, so that the MTA keeps it', async () => {
  const { anne } = people;
  const { replyTo } = await request(anne);
  const raw = gmailReply({ from: anne.address, to: replyTo, subject: 'Re', text: 'Publish: no' });
  const wrongKey = await mailIn(server, replyTo, raw, { secret: 'another secret of more than thirty-two characters' });
  assert.equal(wrongKey.code, 75);
  assert.match(wrongKey.stderr, /403/);
  const down = await mailIn(server, replyTo, raw, { secret: SECRET, serverUrl: `http://127.0.0.1:${await freePort()}` });
  assert.equal(down.code, 75);
  assert.match(down.stderr, /did not answer/);
});

test('a flood past mail_per_hour is refused, and a reply after the deadline is refused as late', async () => {
  const { anne } = people;
  const { replyTo } = await request(anne);
  let outcome = '';
  for (let i = 0; i < 12 && !outcome.startsWith('flood'); i++) {
    const r = await mailIn(server, replyTo, gmailReply({ from: anne.address, to: replyTo, subject: 'Re', text: `Note ${i}`,
      extra: authResults('anne.test', anne.address) }), { secret: SECRET });
    outcome = r.stdout;
  }
  assert.match(outcome, /^flood/);
  // An hour on (the flood's window) and past the deadline: the reply address has expired with its month.
  await advanceClock(server, 11 * HOUR);
  const late = await mailIn(server, replyTo, gmailReply({ from: anne.address, to: replyTo, subject: 'Re', text: 'Late news',
    extra: authResults('anne.test', anne.address) }), { secret: SECRET });
  assert.equal(late.code, 0, late.stderr + server.stderr.slice(-3000));
  // Its request was sent before the month had a deadline, so the month's end refuses it, not the address's expiry.
  assert.match(late.stdout, /^refused: it came too late: the month it answers is over, and April 1744 is the month now/);
  await until('the late answer', () => mailsTo(anne, 'came too late')[0]);

  // April's reminder, sent 12 hours before its deadline, carries an address that expires with it.
  const now = await advanceClock(server, 0);
  await people.umpire.client.ok('month.set_deadline', { campaign, deadline: now + 20 * HOUR });
  await advanceClock(server, 9 * HOUR);
  const reminder = await until('the reminder for April', () => mailsTo(anne, 'Reminder: write your diary for April 1744')[0]);
  assert.ok(reminder.data.includes('reply to this e-mail with your diary for April 1744'));
  const aprilTo = header(reminder, 'Reply-To');
  await advanceClock(server, 12 * HOUR);
  const expired = await mailIn(server, aprilTo, gmailReply({ from: anne.address, to: aprilTo, subject: 'Re', text: 'Later still',
    extra: authResults('anne.test', anne.address) }), { secret: SECRET });
  assert.equal(expired.code, 0, expired.stderr);
  assert.match(expired.stdout, /^refused: the deadline of the month it answers has passed; it came too late/);
  await until('the expired answer', () => mailsTo(anne, 'the deadline of the month it answers has passed')[0]);
});

test("a delivery failure comes back to the message's envelope sender and is written against it, unanswered", async () => {
  const { anne } = people;
  const { mail } = await request(anne);
  assert.match(mail.from, /^muster\+b[a-z0-9]+-[a-z2-7]{16}@club\.test$/, 'the envelope sender names the message (VERP)');
  const before = smtp.messages().length;
  const r = await mailIn(server, mail.from, bounceReport({ to: mail.from, failed: anne.address }), { secret: SECRET });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^bounce: Message [0-9]+ could not be delivered: .*550 5\.1\.1 mailbox unknown/);
  await new Promise((res) => setTimeout(res, 300));
  // Other mail of the month may go meanwhile; none answers the report.
  assert.deepEqual(smtp.messages().slice(before).filter((m) => /Undelivered|not taken/.test(m.data)), [], 'nothing answered');
});

test("an answer to the umpire's notice, where he allows them, goes to the umpires alone", async () => {
  const { umpire, anne, ben } = people;
  await umpire.client.ok('notice.post', { campaign, text: 'Before house rules: no answers.' });
  const first = await until('the first notice', () => mailsTo(anne, 'Before house rules')[0]);
  assert.equal(header(first, 'Reply-To'), undefined, 'no reply address while the umpire takes no answers');
  await umpire.client.ok('rules.set', { campaign, settings: { notice_answers: true } });
  await umpire.client.ok('notice.post', { campaign, text: 'Winter quarters at Ghent.' });
  const mail = await until('the notice', () => mailsTo(anne, 'Winter quarters at Ghent')[0]);
  const replyTo = header(mail, 'Reply-To');
  assert.match(replyTo, /^muster\+n[a-z0-9-]+@club\.test$/);
  assert.ok(mail.data.includes('your answer goes to the umpires alone'));
  const r = await mailIn(server, replyTo, gmailReply({ from: anne.address, to: replyTo, subject: 'Re: notice', text: 'My men need boots.',
    extra: authResults('anne.test', anne.address) }), { secret: SECRET });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^recorded: An answer to notice 2/);
  await umpire.client.waitForView(campaign, () => Object.keys(umpire.client.views.get(campaign).view.notice_answers).length === 1, 5000, 'the answer');
  const answers = umpire.client.views.get(campaign).view.notice_answers;
  assert.deepEqual(Object.values(answers).map((a) => [a.author_id, a.notice, a.text]), [[anne.user, 2, 'My men need boots.']]);
  await anne.client.waitForView(campaign, () => Object.keys(anne.client.views.get(campaign).view.notice_answers).length === 1, 5000, 'her own');
  await ben.client.caughtUp(campaign, 3000);
  assert.deepEqual(ben.client.views.get(campaign).view.notice_answers, {}, 'Ben sees nothing of it');
});

test('a flood of mail naming no member is recorded up to 500 an hour, then dropped unrecorded', async () => {
  // POST /api/mail-in as mail-in does it (docs/protocol.md), with the key mail-in makes from the secret.
  const key = createHmac('sha256', SECRET).update('muster mail-in').digest('hex');
  const message = Buffer.from(autoReply({ from: 'x@spam.test', to: 'muster@club.test', subject: 'Buy' }).replace('Auto-Submitted: auto-replied\r\n', '')).toString('base64');
  const outcomes = [];
  for (let i = 0; i < 505; i++) {
    const r = await httpRequest(server, 'POST', '/api/mail-in', { body: { key, recipient: `muster+x${i}-abc@club.test`, message } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    outcomes.push(r.json.reason.includes('Not recorded'));
  }
  const firstDropped = outcomes.indexOf(true);
  assert.ok(firstDropped > 0 && firstDropped <= 500, `dropped from the ${firstDropped}th`);
  assert.ok(outcomes.slice(firstDropped).every(Boolean));
  const wrongKey = await httpRequest(server, 'POST', '/api/mail-in', { body: { key: 'nope', recipient: 'muster@club.test', message } });
  assert.equal(wrongKey.status, 403);
  const badFlag = await httpRequest(server, 'POST', '/api/mail-in', { body: { key, recipient: 'muster@club.test', message, truncated: 'yes' } });
  assert.equal(badFlag.status, 400);
  assert.equal(badFlag.json.error.code, 'bad_request');
});

test("the umpire sees his campaign's mail, taken or not; a player does not", async () => {
  const { umpire, anne } = people;
  const r = await httpRequest(server, 'GET', `/api/campaigns/${campaign}/mail`, { cookie: umpire.cookie });
  assert.equal(r.status, 200);
  const outcomes = new Set(r.json.mail.map((m) => m.outcome));
  for (const o of ['recorded', 'repeated', 'refused', 'dropped', 'forged', 'unauthenticated', 'off', 'flood', 'bounce'])
    assert.ok(outcomes.has(o), `${o} is listed (${[...outcomes]})`);
  const first = r.json.mail.at(-1);
  assert.equal(first.outcome, 'recorded');
  assert.equal(first.user, anne.user);
  assert.equal(first.sender, anne.address);
  assert.equal((await httpRequest(server, 'GET', `/api/campaigns/${campaign}/mail`, { cookie: anne.cookie })).status, 403);
});
