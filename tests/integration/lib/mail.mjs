// Replies by e-mail in the shapes the common mail clients write them (docs/operations.md, "Replies by e-mail"),
// and `muster mail-in` run as an MTA's pipe runs it, the raw message on its standard input.
//
//   server = await startServer({ args: [...mailServerArgs(smtp, secret), '--mail-per-hour', '10'] });
//   const { people, campaign } = await mailCampaign(server, smtp, { name, umpire: 'mi_umpire',
//     players: { anne: ['mi_anne', 'anne@anne.test'] } });
//   const { mail, replyTo } = await diaryRequest(smtp, people.anne);   // the month's request, header(mail, 'Subject')
//   const raw = gmailReply({ from: 'anne@anne.test', to: replyTo, subject: 'Re: ...', text: 'Pay: arrears\n...' });
//   const r = await mailIn(server, replyTo, raw, { secret });   // {code, stdout, stderr}
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { connect, newUser } from './client.mjs';
import { MUSTER_BIN } from './server.mjs';
import { advanceClock, until, verifiedAddress } from './sinks.mjs';

const HOUR = 3600 * 1000;

/** What the club's MTA (authserv-id mx.club.test) writes above a message it received (RFC 8601): DKIM and SPF
 * passing for `address` of `domain`, for mail_require_authentication; `extra` headers of the reply makers. */
export const authResults = (domain, address) => [['Authentication-Results', `mx.club.test; dkim=pass header.d=${domain}; spf=pass smtp.mailfrom=${address}`]];

/** A header's value in a message the SMTP sink caught ({data}), or undefined. */
export const header = (m, name) => (m.data.match(new RegExp(`^${name}: (.*)$`, 'mi')) || [])[1];

/** The server's flags for the mail tests: e-mail through `smtp`, replies to `replyTo` signed with `secret`, a test
 * clock, and logins that outlast the weeks it runs on. */
export function mailServerArgs(smtp, secret, replyTo = 'muster@club.test') {
  return ['--test-clock', 'true', '--smtp-host', '127.0.0.1', '--smtp-port', String(smtp.port), '--smtp-starttls', 'false',
    '--smtp-from', replyTo, '--public-url', 'http://club.test/', '--notify-interval-ms', '100',
    '--mail-reply-to', replyTo, '--mail-secret', secret,
    '--session-idle-seconds', '31536000', '--session-absolute-seconds', '31536000'];
}

/**
 * An umpire and players (`players`: key -> [username, address]), each with a colonel ("Colonel Anne" for anne), a
 * regiment (the 7th, the 12th, ...) and his address verified, every socket subscribed; the year started in March
 * 1744 with a deadline 10 hours on.
 * Returns { people: key -> {user, cookie, client, address}, campaign }.
 */
export async function mailCampaign(server, smtp, { name, umpire, players }) {
  const people = { umpire: { ...(await newUser(server, umpire)) } };
  people.umpire.client = await connect(server, people.umpire.cookie);
  const U = people.umpire.client;
  const campaign = (await U.ok('campaign.create', { name })).campaign;
  const code = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  await U.ok('rules.set', { campaign, settings: { starting_money: 5000, pip_price: 1 } });
  let regiment = 7;
  for (const [key, [username, address]] of Object.entries(players)) {
    const u = await newUser(server, username);
    const c = await connect(server, u.cookie);
    people[key] = { ...u, client: c };
    await c.ok('campaign.join', { code });
    await c.ok('colonel.create', { campaign, name: `Colonel ${key[0].toUpperCase()}${key.slice(1)}`, pip: 100 });
    await U.ok('auction.open', { campaign, regiment });
    await c.ok('auction.bid', { campaign, amount: 50 });
    await U.ok('auction.close', { campaign });
    regiment += 5;
    await verifiedAddress(server, smtp, people[key], address);
  }
  for (const p of Object.values(people)) assert.equal((await p.client.subscribe(campaign)).reply.ok, true);
  const now = await advanceClock(server, 0);
  await U.ok('year.start', { campaign, year: '1744', month: 3 });
  await U.ok('month.set_deadline', { campaign, deadline: now + 10 * HOUR });
  return { people, campaign };
}

/** The month's request to `who` for his diary, as the sink caught it, with its Reply-To. */
export async function diaryRequest(smtp, who) {
  const mail = await until(`${who.address}'s request for his diary`,
    () => smtp.to(who.address).find((m) => m.data.includes('reply to this e-mail with your diary')));
  return { mail, replyTo: header(mail, 'Reply-To') };
}

let counter = 0;
const messageId = (host) => `<${Date.now()}.${++counter}.${Math.random().toString(36).slice(2)}@${host}>`;
const date = () => new Date().toUTCString().replace('GMT', '+0000');

// Quoted-printable (RFC 2045) of UTF-8 text, lines kept under 76 characters with soft breaks.
export function quotedPrintable(text, charset = 'utf-8') {
  const bytes = charset === 'utf-8' ? Buffer.from(text, 'utf8') : Buffer.from(text, 'latin1');
  let out = '';
  let line = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x0a) { out += line + '\r\n'; line = ''; continue; }
    const piece = (b >= 33 && b <= 126 && b !== 61) || b === 32 ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`;
    if (line.length + piece.length > 75) { out += line + '=\r\n'; line = ''; }
    line += piece;
  }
  return out + line;
}

function headers(list) { return list.filter(Boolean).map(([k, v]) => `${k}: ${v}`).join('\r\n') + '\r\n'; }

// Gmail on the web: multipart/alternative, quoted-printable UTF-8, the original quoted under "On ... wrote:".
export function gmailReply({ from, to, subject, text, quoted = 'Your diary for March 1744 is due.', extra = [] }) {
  const boundary = '000000000000a1b2c3d4e5f6';
  const attribution = `On Mon, 7 Dec 2026 at 10:02, Muster <${to}> wrote:`;
  const plain = `${text}\n\n${attribution}\n\n${quoted.split('\n').map((l) => `> ${l}`).join('\n')}\n`;
  const html = `<div dir="ltr">${text.split('\n').map((l) => (l ? l.replace(/&/g, '&amp;').replace(/</g, '&lt;') : '<br>')).join('<br>')}</div>` +
    `<br><div class="gmail_quote"><div class="gmail_attr">${attribution.replace(/</g, '&lt;')}</div><blockquote>${quoted}</blockquote></div>`;
  return headers([['MIME-Version', '1.0'], ['Date', date()], ['Message-ID', messageId('mail.gmail.com')],
    ['Subject', subject], ['From', `Anne Example <${from}>`], ['To', to], ...extra,
    ['Content-Type', `multipart/alternative; boundary="${boundary}"`]]) + '\r\n' +
    `--${boundary}\r\nContent-Type: text/plain; charset="UTF-8"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${quotedPrintable(plain)}\r\n` +
    `--${boundary}\r\nContent-Type: text/html; charset="UTF-8"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${quotedPrintable(html)}\r\n` +
    `--${boundary}--\r\n`;
}

// Thunderbird: format=flowed (long lines broken with a trailing space), ISO-8859-1 in 8 bits, a signature.
export function thunderbirdReply({ from, to, subject, text, extra = [] }) {
  const flowed = text.split('\n').map((l) => {
    const parts = [];
    let rest = l;
    while (rest.length > 66) {
      const cut = rest.lastIndexOf(' ', 66);
      if (cut <= 0) break;
      parts.push(rest.slice(0, cut + 1));  // the space kept at the end: a soft break
      rest = rest.slice(cut + 1);
    }
    parts.push(rest);
    return parts.join('\r\n');
  }).join('\r\n');
  const body = `${flowed}\r\n\r\nOn 07/12/2026 10:02, Muster wrote:\r\n> Your diary is due.\r\n\r\n-- \r\nColonel B., by the fire\r\n`;
  return Buffer.concat([Buffer.from(headers([['Message-ID', messageId('thunderbird.test')], ['Date', date()],
    ['MIME-Version', '1.0'], ['User-Agent', 'Mozilla Thunderbird'], ['Subject', subject], ['To', to],
    ['From', `Ben <${from}>`], ...extra, ['Content-Type', 'text/plain; charset=ISO-8859-1; format=flowed'],
    ['Content-Transfer-Encoding', '8bit']]) + '\r\n', 'latin1'), Buffer.from(body, 'latin1')]);
}

// An out-of-office answer (RFC 3834), as Exchange and most servers send one.
export function autoReply({ from, to, subject }) {
  return headers([['From', from], ['To', to], ['Subject', `Automatic reply: ${subject}`], ['Date', date()],
    ['Message-ID', messageId('ex.test')], ['Auto-Submitted', 'auto-replied'], ['X-Auto-Response-Suppress', 'All'],
    ['Content-Type', 'text/plain; charset=utf-8']]) + '\r\nI am away from my desk until Monday.\r\nPay: arrears\r\n';
}

// A delivery failure report (RFC 3464) as Postfix's bounce daemon writes one, to the message's envelope sender.
export function bounceReport({ to, failed }) {
  const boundary = 'B0UNCE.1733566000/mx.anne.test';
  return headers([['Return-Path', '<>'], ['From', 'MAILER-DAEMON@mx.anne.test (Mail Delivery System)'], ['To', to],
    ['Subject', 'Undelivered Mail Returned to Sender'], ['Date', date()], ['Message-ID', messageId('mx.anne.test')],
    ['Auto-Submitted', 'auto-replied'], ['MIME-Version', '1.0'],
    ['Content-Type', `multipart/report; report-type=delivery-status; boundary="${boundary}"`]]) + '\r\n' +
    `--${boundary}\r\nContent-Type: text/plain; charset=us-ascii\r\n\r\nI'm sorry to have to inform you that your message could not\r\n` +
    `be delivered to one or more recipients.\r\n\r\n<${failed}>: host mx.anne.test said: 550 5.1.1 mailbox unknown\r\n` +
    `--${boundary}\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.anne.test\r\n\r\n` +
    `Final-Recipient: rfc822; ${failed}\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n--${boundary}--\r\n`;
}

/** Runs `muster mail-in` with the message on its standard input, as Postfix's pipe does. */
export function mailIn(server, recipient, raw, { secret, replyTo = 'muster@club.test', serverUrl = server.origin, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(MUSTER_BIN, ['mail-in', '--recipient', recipient, '--server', serverUrl], {
      env: { ...process.env, MUSTER_MAIL_REPLY_TO: replyTo, MUSTER_MAIL_SECRET: secret, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(raw);
  });
}
