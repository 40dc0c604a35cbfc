// Notifications over real parts (docs/protocol.md, "Notifications"): a real SMTP server (Debian's python3-aiosmtpd,
// tests/integration/lib/smtp_sink.py) and a real HTTP sink for the campaign's webhook, both on loopback ports,
// started here; the server sends through them with libcurl.
// - An address gets its verification link and nothing else until the link is opened.
// - A battle begun: the webhook is told it has begun; each commander with a verified address is told his bid is due.
// - A sealed bid tells the other side nothing, by e-mail or webhook.
// - The relay down, then back: the e-mail the reveal causes arrives once; a webhook answering 500 is tried again and
//   its post arrives once.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { httpRequest, rawHttpGet, sleep } from './lib/client.mjs';
import { battleTable } from './lib/battle_table.mjs';
import { SmtpSink, HookSink, freePort, until } from './lib/sinks.mjs';

let server, dir, smtp, hook, t;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-notify-'));
  smtp = new SmtpSink(await freePort(), path.join(dir, 'mail.jsonl'));
  await smtp.start();
  hook = await HookSink.start();
  server = await startServer({ args: ['--smtp-host', '127.0.0.1', '--smtp-port', String(smtp.port), '--smtp-starttls', 'false',
    '--smtp-from', 'muster@club.test', '--public-url', 'http://club.test/', '--notify-interval-ms', '100',
    '--ws-rate', '2000', '--ws-burst', '2000'] });
  t = await battleTable(server, { name: 'Notices', umpire: 'nt_umpire', players: { a: 'nt_british', b: 'nt_french' }, observers: { o: 'nt_observer' } });
});

after(async () => {
  for (const c of (t ? t.everyone : [])) await c.close().catch(() => {});
  await server?.cleanup();
  await smtp?.stop();
  hook?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('an address gets its verification link, and nothing else until it is opened', async () => {
  const A = t.users.a;
  const set = await httpRequest(server, 'POST', '/api/email', { body: { address: 'british@club.test' }, cookie: A.cookie });
  assert.equal(set.status, 200);
  assert.deepEqual(set.json, { address: 'british@club.test', verified: false });
  const mail = await until('the verification e-mail', () => smtp.to('<british@club.test>')[0] || smtp.to('british@club.test')[0]);
  assert.match(mail.data, /Subject: Muster: is this your address\?/);
  const token = mail.data.match(/verify-email\?token=([0-9a-f]+)/)[1];
  assert.ok(mail.data.includes('http://club.test/verify-email?token='));
  const bad = await rawHttpGet(server, '/verify-email?token=nonsense');
  assert.equal(bad.status, 404);
  const page = await rawHttpGet(server, `/verify-email?token=${token}`);
  assert.equal(page.status, 200);
  assert.match(page.body, /verified/);
  const again = await rawHttpGet(server, `/verify-email?token=${token}`);
  assert.equal(again.status, 404); // a link works once
  const me = await httpRequest(server, 'GET', '/api/email', { cookie: A.cookie });
  assert.deepEqual(me.json, { address: 'british@club.test', verified: true, mode: 'immediate', digest_hour: 18, time_zone: 'UTC', replies: true, replies_offered: false });
  const wrong = await httpRequest(server, 'POST', '/api/email', { body: { address: 'not an address' }, cookie: A.cookie });
  assert.equal(wrong.status, 400);
  // The French commander's address stays unverified: he gets only its link.
  await httpRequest(server, 'POST', '/api/email', { body: { address: 'french@club.test' }, cookie: t.users.b.cookie });
  await until('the French verification e-mail', () => smtp.messages().find((m) => m.data.includes('To: french@club.test')));
});

test('a battle begun: the webhook says so, each commander with an address is told his bid is due; a sealed bid tells nobody', async () => {
  const { umpire: U, a: A, b: B } = t.clients;
  await U.ok('campaign.webhook', { campaign: t.campaign, url: hook.url('/club-hook') });
  const battle = (await U.ok('battle.create', {
    campaign: t.campaign, name: 'Ramillies', ruleset: 'cmwd', table: { width: 180, depth: 120, measure: 'cm' },
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
    leaders: [{ side: 'british', user: t.users.a.user, name: 'Cadogan', position: [30, 20], values: { commander: true, brigade: 'b1' } },
      { side: 'french', user: t.users.b.user, name: 'Villeroi', position: [30, 100], values: { commander: true, brigade: 'f1' } }],
    units: [{ side: 'british', name: 'Guards', troop_type: 'infantry', position: [30, 50], facing: 0, values: { brigade: 'b1' } },
      { side: 'french', name: 'Picardie', troop_type: 'infantry', position: [30, 80], facing: 180, values: { brigade: 'f1' } }],
    settings: { tempo_dice: 0, tempo_bonus: 4 },
  })).battle;
  await U.ok('battle.start', { campaign: t.campaign, battle });
  const begun = await until('the webhook post', () => hook.posts.find((p) => p.body.text.includes('has begun')));
  assert.equal(begun.url, '/club-hook');
  assert.equal(begun.type, 'application/json');
  assert.equal(begun.body.text, 'Notices: The battle "Ramillies" has begun.\nhttp://club.test/#/campaign/' + t.campaign + '/battle');
  assert.equal(begun.body.content, begun.body.text);
  const due = await until('the bid e-mail', () => smtp.messages().find((m) => m.data.includes('bid for the tempo') && m.data.includes('To: british@club.test')));
  assert.match(due.data, /Subject: Notices: At Ramillies: bid for the tempo of game turn 1\./);
  assert.match(due.data, /Open it: http:\/\/club\.test\/#\/campaign\/\d+\/battle/);
  assert.ok(!smtp.messages().some((m) => m.data.includes('To: french@club.test') && m.data.includes('bid for the tempo')), 'an unverified address gets nothing but its link');
  // The French bid is sealed: nothing goes to anyone for it.
  const mails = smtp.messages().length, hooks = hook.posts.length;
  await B.ok('battle.submit', { campaign: t.campaign, battle, turn: 1, bid: 3 });
  await sleep(800);
  assert.equal(smtp.messages().length, mails);
  assert.equal(hook.posts.length, hooks);
  t.battle = battle;
  void A;
});

test('the relay down, then back: the reveal\'s e-mail arrives once; a webhook answering 500 is tried again', async () => {
  const { umpire: U, a: A } = t.clients;
  await smtp.stop();
  const before = smtp.messages().filter((m) => m.data.includes('order your brigades')).length;
  await A.ok('battle.submit', { campaign: t.campaign, battle: t.battle, turn: 1, bid: 4 });  // 4 against 3: the reveal makes the British stage due
  await sleep(700); // tried against a closed port, and failed
  await smtp.start();
  await until('the stage e-mail after the relay came back', () => smtp.messages().filter((m) => m.data.includes('order your brigades')).length > before, 20000);
  await sleep(2500);
  assert.equal(smtp.messages().filter((m) => m.data.includes('order your brigades')).length, before + 1, 'once');
  hook.failNext = 1;
  await U.ok('battle.end', { campaign: t.campaign, battle: t.battle });
  const ended = await until('the webhook post after a 500', () => hook.posts.find((p) => p.body.text.includes('has ended')), 20000);
  assert.ok(ended);
  await sleep(2500);
  assert.equal(hook.posts.filter((p) => p.body.text.includes('has ended')).length, 1, 'once');
});
