// Talk answered by e-mail (docs/protocol.md, "A diary by e-mail" and `talk.say`; over-the-hills.txt, "1. Talk to
// other leaders": "those involved have to have their leader figures next to each other to be able to talk"): a
// real server, a real SMTP sink, `muster mail-in` as an MTA's pipe runs it.
// - Kemp's words to Dartois reach Dartois's player by e-mail with a Reply-To of their own; his reply goes back
//   as his words at the table (talk.say), seen by the two and the umpire only, and he is answered.
// - Once the turn has moved on, a reply to the same e-mail is refused by talk.say's own rule (stale), nothing is
//   said, and he is told why; a reply with nothing of his own above the quote is refused as empty.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { battleTable } from './lib/battle_table.mjs';
import { SmtpSink, freePort, until, verifiedAddress } from './lib/sinks.mjs';
import { gmailReply, mailIn, header } from './lib/mail.mjs';

const SECRET = 'another test secret, longer than thirty-two characters';
let server, dir, smtp, table, battle;

const bv = (c) => c.view(table.campaign).battles[String(battle)];

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-mail-talk-'));
  smtp = new SmtpSink(await freePort(), path.join(dir, 'mail.jsonl'));
  await smtp.start();
  server = await startServer({ args: ['--smtp-host', '127.0.0.1', '--smtp-port', String(smtp.port), '--smtp-starttls', 'false',
    '--smtp-from', 'muster@club.test', '--public-url', 'http://club.test/', '--notify-interval-ms', '100',
    '--mail-reply-to', 'muster@club.test', '--mail-secret', SECRET] });
  table = await battleTable(server, { name: 'Parley', umpire: 'mt_umpire', players: { a: 'mt_kemp', b: 'mt_dartois' }, observers: { o: 'mt_obs' } });
  await verifiedAddress(server, smtp, table.users.a, 'kemp@club.test');
  await verifiedAddress(server, smtp, table.users.b, 'dartois@club.test');
  const U = table.clients.umpire;
  const campaign = table.campaign;
  const created = await U.ok('battle.create', {
    campaign, name: 'Over the Hill',
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
    leaders: [{ user: table.users.a.user, side: 'british', name: 'Kemp', position: [40, 40] },
      { user: table.users.b.user, side: 'french', name: 'Dartois', position: [43, 40] }],
    units: [{ side: 'british', owner: table.users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [40, 20], facing: 0 },
      { side: 'french', owner: table.users.b.user, name: 'Picardie', troop_type: 'formed_infantry', position: [40, 100], facing: 180 }],
  });
  battle = created.battle;
  await U.ok('battle.start', { campaign, battle });
  await table.settle();
  // Turn 1: Kemp plays Talk to Dartois; the reveal opens the channel for turn 2.
  const kempLeader = bv(table.clients.a).me.leader;
  const dartoisLeader = bv(table.clients.b).me.leader;
  assert.ok(kempLeader && dartoisLeader);
  await table.clients.a.ok('card.play', { campaign, battle, turn: 1, card: 'talk', leader: dartoisLeader });
  await table.clients.b.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' });
  await table.settle();
  await table.clients.umpire.waitForView(campaign, () => bv(U).turn === 2 && bv(U).status === 'cards', 10000, 'turn 2');
});

after(async () => {
  for (const c of table?.everyone ?? []) await c.close().catch(() => {});
  await server?.cleanup();
  await smtp?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("a leader's words reach the other by e-mail, and his reply goes back as his words at the table", async () => {
  const { a: A, o: O, umpire: U } = table.clients;
  const campaign = table.campaign;
  await A.ok('talk.say', { campaign, battle, turn: 2, to: table.users.b.user, text: 'A parley, monsieur?' });
  const mail = await until("Dartois's e-mail", () => smtp.to('dartois@club.test').find((m) => m.data.includes('A parley, monsieur?')));
  assert.match(header(mail, 'Subject'), /Parley: Kemp to you in "Over the Hill": A parley, monsieur\?/);
  const replyTo = header(mail, 'Reply-To');
  assert.match(replyTo, /^muster\+t[a-z0-9-]+@club\.test$/);
  assert.ok(replyTo.split('@')[0].length <= 64);
  assert.ok(!smtp.to('kemp@club.test').some((m) => m.data.includes('A parley')), 'the speaker is not told his own words');

  const r = await mailIn(server, replyTo, gmailReply({ from: 'dartois@club.test', to: replyTo, subject: `Re: ${header(mail, 'Subject')}`,
    text: 'Never, monsieur.', quoted: 'Kemp to you in "Over the Hill": A parley, monsieur?' }), { secret: SECRET });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^recorded: Words to mt_kemp in "Over the Hill"/);
  await U.waitForView(campaign, () => bv(U).talk.length === 2, 5000, 'the reply at the table');
  const said = bv(U).talk[1];
  assert.deepEqual([said.turn, said.from, said.to, said.text], [2, table.users.b.user, table.users.a.user, 'Never, monsieur.']);
  await A.waitForView(campaign, () => bv(A).talk.length === 2, 5000, 'Kemp hears it');
  await table.settle();
  assert.deepEqual(bv(O).talk, [], 'the observer hears nothing');
  // Kemp is told by e-mail in turn, and Dartois that his words went.
  await until('Kemp told', () => smtp.to('kemp@club.test').find((m) => m.data.includes('Never, monsieur.')));
  await until('Dartois answered', () => smtp.to('dartois@club.test').find((m) => m.data.includes('Your words went to mt_kemp')));
});

test("a reply after the turn has moved on is refused by talk.say's rule; an empty one is refused; nothing is said", async () => {
  const { a: A, b: B, umpire: U } = table.clients;
  const campaign = table.campaign;
  await A.ok('talk.say', { campaign, battle, turn: 2, to: table.users.b.user, text: 'Last chance.' });
  const mail = await until("Dartois's second e-mail", () => smtp.to('dartois@club.test').find((m) => m.data.includes('Last chance.')));
  const replyTo = header(mail, 'Reply-To');
  const empty = await mailIn(server, replyTo, gmailReply({ from: 'dartois@club.test', to: replyTo, subject: 'Re', text: '' }), { secret: SECRET });
  assert.match(empty.stdout, /^refused: it had no words of yours above the quoted e-mail/);
  await A.ok('card.play', { campaign, battle, turn: 2, card: 'no_action' });
  await B.ok('card.play', { campaign, battle, turn: 2, card: 'no_action' });
  await U.waitForView(campaign, () => bv(U).turn === 3, 10000, 'turn 3');
  const talkBefore = bv(U).talk.length;
  const late = await mailIn(server, replyTo, gmailReply({ from: 'dartois@club.test', to: replyTo, subject: 'Re', text: 'Too late?' }), { secret: SECRET });
  assert.equal(late.code, 0, late.stderr);
  assert.match(late.stdout, /^refused: You saw turn 2; the battle is at turn 3/);
  await until('the refusal', () => smtp.to('dartois@club.test').find((m) => m.data.includes('Your words were not delivered')));
  await table.settle();
  assert.equal(bv(U).talk.length, talkBefore);
});
