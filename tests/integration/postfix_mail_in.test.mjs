// A diary sent by replying to the e-mail, delivered by Debian's real Postfix (docs/operations.md, "Replies by
// e-mail"): a private Postfix on a loopback port (tests/integration/lib/postfix.mjs) whose `muster` pipe transport
// runs `muster mail-in`, as a club's server is set up; the reply sent to it by SMTP, as the player's provider would.
// - Anne's Gmail reply to her request is delivered through the pipe (status=sent), recorded as sent by mail, and
//   answered within seconds; the time from the end of DATA to the answer is printed (t.diagnostic).
// - The server stopped: mail-in exits 75, Postfix defers the reply and keeps it; the server back on the same port
//   and database, a flush (postqueue -f) delivers it, and it is recorded and answered once.
// - One message to two reply addresses: one mail-in for each (muster_destination_recipient_limit = 1; without it
//   ${recipient} would be two arguments, mail-in would exit 64 and Postfix bounce the message).
// On demand only: MUSTER_TEST_POSTFIX=1 (bash scripts/test-postfix.sh, which installs postfix); as root.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { connect, sleep } from './lib/client.mjs';
import { SmtpSink, freePort } from './lib/sinks.mjs';
import { gmailReply, mailServerArgs, mailCampaign, diaryRequest, header } from './lib/mail.mjs';
import { Postfix, postfixMissing, sendMail } from './lib/postfix.mjs';

const wanted = process.env.MUSTER_TEST_POSTFIX === '1';
const skip = !wanted && 'Postfix delivering to muster mail-in, on demand: MUSTER_TEST_POSTFIX=1 (bash scripts/test-postfix.sh)';
const SECRET = 'a test secret of more than thirty-two characters';
const REPLY_TO = 'muster@club.test';
let server, dir, smtp, postfix, campaign;
let people = {};

const diaryOf = (who) => people.umpire.client.views.get(campaign).view.year.colonels[String(who.user)].diary;
const mailsTo = (who, words) => smtp.to(who.address).filter((m) => m.data.includes(words));
const ms = (n) => `${Math.round(n)} ms`;

// Like sinks.mjs's until, polled every 10 ms: for the figures.
async function soon(what, fn, limit = 15000) {
  const end = performance.now() + limit;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

before(async () => {
  if (skip) return;
  assert.equal(postfixMissing(), '', 'Postfix and root are needed');
  dir = mkdtempSync(path.join(tmpdir(), 'muster-postfix-test-'));
  smtp = new SmtpSink(await freePort(), path.join(dir, 'mail.jsonl'));
  await smtp.start();
  // A port of its own: the pipe's command line names the server, which must come back where it was.
  const port = await freePort();
  server = await startServer({ args: ['--listen', `127.0.0.1:${port}`, ...mailServerArgs(smtp, SECRET, REPLY_TO)] });
  // The pipe's command line as docs/operations.md gives it: mail-in finds the server by its config file's listen.
  postfix = await Postfix.start({ listen: server.host, replyTo: REPLY_TO, secret: SECRET });
  ({ people, campaign } = await mailCampaign(server, smtp, { name: 'By Postfix', umpire: 'pf_umpire',
    players: { anne: ['pf_anne', 'anne@anne.test'] } }));
});

after(async () => {
  for (const p of Object.values(people)) await p.client?.close().catch(() => {});
  await postfix?.stop();
  await server?.cleanup();
  await smtp?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const request = (who) => diaryRequest(smtp, who);

// Postfix's log line for the message's delivery to `to` with `status`.
const delivery = (queueId, to, status) => new RegExp(`${queueId}: to=<${to.replace(/[+.]/g, '\\$&')}>, relay=muster, .*status=${status}`);

test('a reply delivered by Postfix through the muster pipe is recorded and answered within seconds', { skip }, async (t) => {
  const { anne } = people;
  const { mail, replyTo } = await request(anne);
  assert.match(replyTo, /^muster\+[a-z0-9-]+@club\.test$/);
  const raw = gmailReply({ from: anne.address, to: replyTo, subject: `Re: ${header(mail, 'Subject')}`,
    text: 'Activity: supervise drill\nDrill: yes\nPay: arrears\n\nThe regiment drilled at Bruges under a grey sky.' });
  const sent = await sendMail(postfix.port, { from: anne.address, to: replyTo, data: raw });
  assert.ok(sent.queueId, 'Postfix queued it');
  const answer = await soon('the answer', () => mailsTo(anne, 'is recorded')[0]);
  const answered = performance.now() - sent.dataEnd;
  const line = await postfix.waitForLog(delivery(sent.queueId, replyTo, 'sent'), 'the delivery through the muster pipe');
  // pipe(8) logs what mail-in printed: the server's outcome.
  assert.match(line, /dsn=2\.0\.0, status=sent \(delivered via muster service \(recorded: Diary for March 1744/);
  await people.umpire.client.waitForView(campaign, () => diaryOf(anne), 5000, "Anne's diary");
  const d = diaryOf(anne);
  assert.equal(d.by, 'mail', 'the umpire sees it came by mail');
  assert.equal(d.activity, 'supervise');
  assert.equal(d.orders.pay, 'arrears');
  assert.equal(d.text, 'The regiment drilled at Bruges under a grey sky.');
  assert.ok(answer.data.includes('Pay: arrears'), answer.data);
  assert.deepEqual(postfix.queue(), [], 'nothing left in the queue');
  t.diagnostic(`end of DATA to the answer in the SMTP sink: ${ms(answered)}; Postfix: ${line.match(/delay=[0-9.]+, delays=[0-9./]+/)[0]}`);
  assert.ok(answered < 5000, `answered in ${ms(answered)}`);
});

test('the server down: Postfix defers the reply (mail-in 75); back on the same port, a flush delivers it once', { skip }, async (t) => {
  const { anne } = people;
  const { replyTo } = await request(anne);
  const answers = mailsTo(anne, 'is recorded').length;
  const recorded = () => Number(server.sql("SELECT count(*) FROM mail_in WHERE outcome = 'recorded'"));
  const before = recorded();
  await people.umpire.client.close().catch(() => {});
  await server.stop();

  const raw = gmailReply({ from: anne.address, to: replyTo, subject: 'Re: your diary',
    text: 'Pay: pay\n\nWritten while the umpire\'s server was down for the night.' });
  const sent = await sendMail(postfix.port, { from: anne.address, to: replyTo, data: raw });
  const deferred = await postfix.waitForLog(delivery(sent.queueId, replyTo, 'deferred'), 'the deferral');
  // pipe(8) turns EX_TEMPFAIL (75) into 4.3.0 "temporary failure", with mail-in's words.
  assert.match(deferred, /dsn=4\.3\.0, status=deferred \(temporary failure\. Command output: muster mail-in: the server at .* did not answer/);
  const queued = postfix.queue();
  assert.equal(queued.length, 1);
  assert.equal(queued[0].queue_id, sent.queueId);
  assert.equal(queued[0].queue_name, 'deferred');
  assert.deepEqual(queued[0].recipients.map((r) => r.address), [replyTo]);

  await server.start();
  people.umpire.client = await connect(server, people.umpire.cookie);
  assert.equal((await people.umpire.client.subscribe(campaign)).reply.ok, true);
  const flushed = performance.now();
  postfix.flush();
  const line = await postfix.waitForLog(delivery(sent.queueId, replyTo, 'sent'), 'the delivery after the flush');
  assert.match(line, /\(delivered via muster service \(recorded: /);
  await people.umpire.client.waitForView(campaign, () => diaryOf(anne)?.text.includes('down for the night'), 5000, 'the second diary');
  assert.equal(diaryOf(anne).orders.pay, 'pay');
  assert.equal(diaryOf(anne).by, 'mail');
  await soon('the answer after the flush', () => mailsTo(anne, 'is recorded').length > answers);
  t.diagnostic(`flush to the answer: ${ms(performance.now() - flushed)}`);

  // Once: one more flush and a moment later, still one answer, one more row recorded, nothing queued.
  postfix.flush();
  await sleep(1000);
  assert.deepEqual(postfix.queue(), []);
  assert.equal(mailsTo(anne, 'is recorded').length, answers + 1);
  assert.equal(recorded(), before + 1);
  assert.equal(postfix.log().split('\n').filter((l) => delivery(sent.queueId, replyTo, 'sent').test(l)).length, 1);
});

test('one message to two reply addresses: Postfix runs one mail-in for each', { skip }, async (t) => {
  const { anne } = people;
  const { replyTo } = await request(anne);
  const stranger = 'muster+no-such-token@club.test';
  const raw = gmailReply({ from: anne.address, to: replyTo, subject: 'Re: your diary', text: 'Pay: arrears\n\nCopied to a stranger.' });
  const sent = await sendMail(postfix.port, { from: anne.address, to: [replyTo, stranger], data: raw });
  const mine = await postfix.waitForLog(delivery(sent.queueId, replyTo, 'sent'), 'the delivery to her reply address');
  assert.match(mine, /\(recorded: /);
  const other = await postfix.waitForLog(delivery(sent.queueId, stranger, 'sent'), 'the delivery to the other address');
  assert.doesNotMatch(other, /\(recorded: /);
  t.diagnostic(`the other address: ${other.match(/delivered via muster service \((.*)\)\)$/)[1]}`);
  await people.umpire.client.waitForView(campaign, () => diaryOf(anne)?.text === 'Copied to a stranger.', 5000, 'the third diary');
});
