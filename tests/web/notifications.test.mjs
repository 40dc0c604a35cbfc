// Notifications in the browser (docs/protocol.md, "HTTP" /api/email and "Notifications"; web/common/panels/email.js,
// web/umpire/webhook.js). One real server sending e-mail to a real SMTP server (Debian's python3-aiosmtpd,
// tests/integration/lib/smtp_sink.py); an umpire and a player set up over WebSocket, each with a browser page.
// - The player sets his address under Notifications on his campaigns page (a refused one first: the server's
//   message); it shows unverified. The verification e-mail reaches the sink; its link (public_url is a
//   placeholder, so its host is turned into the server's) says "verified", a second time "not valid"; back on
//   the campaigns page the address shows verified; Remove clears it.
// - His e-mail choice: "one digest a day" at 20:00, saved; a reload shows it; the zone sent is his browser's own
//   (the context's timezoneId, Asia/Tokyo), as GET /api/email then says.
// - The umpire sets the campaign's webhook in his console (a refused one first), sees it after a reload, and
//   clears it. No frame the player's page or socket receives, and nothing on his page, holds its address.
// - axe-core on the Notifications section, when axe-core is installed (it is skipped otherwise).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName, httpRequest, sleep } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState, freePort, failureShots, stepper, UI_TIMEOUT, injectAxe } from './lib/browser.mjs';

const SINK = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../integration/lib/smtp_sink.py');
const PLACEHOLDER = 'http://club.test/';
const hex = () => randomBytes(6).toString('hex');
const ZONE = 'Asia/Tokyo'; // the player's browser's time zone

/** The SMTP sink on `port`, writing to `file`; resolves once it listens. Debian's python3, not PATH's first. */
function startSink(port, file) {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/python3', [SINK, String(port), file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`smtp sink not ready: ${err}`)); }, 15000);
    child.stderr.on('data', (d) => { err += d; });
    child.stdout.on('data', (d) => { if (String(d).includes('ready')) { clearTimeout(timer); resolve(child); } });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`smtp sink exited (${code}): ${err}`)); });
  });
}

/** The messages the sink has written so far: [{from, to, data}]. */
const messages = (file) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);

async function waitForMail(file, to, timeoutMs = 15000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const m = messages(file).find((x) => x.to.includes(to));
    if (m) return m;
    if (Date.now() > until) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms; sink has ${JSON.stringify(messages(file)).slice(0, 500)}`);
    await sleep(100);
  }
}

test('notifications: the e-mail address on the campaigns page, the umpire\'s webhook', { timeout: 150000 }, async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-smtp-'));
  const mailFile = path.join(dir, 'mail.jsonl');
  const smtpPort = await freePort();
  const sink = await startSink(smtpPort, mailFile);
  t.after(() => { sink.kill('SIGTERM'); rmSync(dir, { recursive: true, force: true }); });
  const server = await startServer({
    args: ['--smtp-host', '127.0.0.1', '--smtp-port', String(smtpPort), '--smtp-starttls', 'false',
      '--smtp-from', 'muster@club.test', '--public-url', PLACEHOLDER, '--notify-interval-ms', '100'],
  });
  const browser = await launchBrowser();
  const clients = [];
  t.after(async () => {
    for (const c of clients) await c.close?.().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const address = `${uniqueName('pa')}@club.test`;
  const secret = hex();
  const hook = `http://127.0.0.1:9/hooks/${secret}`;
  let table;
  let pa;
  let umpire;
  const step = stepper(t, (name) => failureShots(`notifications-${name.replace(/\W+/g, '_')}`, { player: pa?.page, umpire: umpire?.page }));

  await step('the player sets his address: refused first, then unverified, with the link sent', async () => {
    table = await battleTable(server, { name: `Notices ${hex()}`, umpire: uniqueName('nu'), players: { a: uniqueName('na') } });
    clients.push(...table.everyone);
    pa = await openUser(browser, server, { timezoneId: ZONE }, { cookie: table.users.a.cookie, path: '/#/campaigns' });
    const page = pa.page;
    await page.getByTestId('email-panel').waitFor();
    await page.locator('[data-testid="campaign-link"]').first().waitFor();
    assert.equal(await page.getByTestId('email-address').isHidden(), true, 'no address yet');
    assert.equal(await page.getByTestId('email-remove').isHidden(), true);
    // The controls are labelled and the status is a live region.
    assert.equal(await page.getByLabel('E-mail address').getAttribute('data-testid'), 'email-input');
    assert.equal(await page.getByTestId('email-status').getAttribute('role'), 'status');

    await page.getByTestId('email-input').fill('not an address');
    await page.getByTestId('email-save').click();
    const error = page.getByTestId('email-error');
    await error.waitFor();
    assert.equal(await error.textContent(), 'That is not an e-mail address.', 'the server\'s message');

    await page.getByTestId('email-input').fill(address);
    await page.getByTestId('email-save').click();
    await page.getByTestId('email-status').filter({ hasText: `We sent a link to ${address}; open it to receive notices there.` }).waitFor();
    assert.equal(await error.isHidden(), true);
    const shown = page.getByTestId('email-address');
    assert.equal(await shown.textContent(), address);
    assert.equal(await shown.getAttribute('data-verified'), 'false');
    assert.equal(await page.getByTestId('email-remove').isVisible(), true);
  });

  await step('the link in the e-mail verifies it; a second time it is not valid; the page shows it verified', async () => {
    const page = pa.page;
    const mail = await waitForMail(mailFile, address);
    assert.equal(mail.from, 'muster@club.test');
    assert.deepEqual(mail.to, [address]);
    const m = /http:\/\/club\.test\/verify-email\?token=[^\s&]+/.exec(mail.data);
    assert.ok(m, `a verification link in the e-mail: ${mail.data}`);
    const link = server.origin + '/' + m[0].slice(PLACEHOLDER.length);
    const first = await page.goto(link);
    assert.equal(first.status(), 200);
    assert.match(await page.locator('h1').textContent(), /verified/);
    const again = await page.goto(link);
    assert.equal(again.status(), 404);
    assert.match(await page.locator('h1').textContent(), /not valid/);

    await page.goto(`${server.origin}/#/campaigns`);
    await page.locator('[data-testid="email-address"][data-verified="true"]').waitFor();
    assert.equal(await page.getByTestId('email-address').textContent(), address);
    const api = await httpRequest(server, 'GET', '/api/email', { cookie: table.users.a.cookie });
    const { digest_hour: hour, time_zone: zone, ...rest } = api.json;
    assert.deepEqual(rest, { address, verified: true, mode: 'immediate', replies: true, replies_offered: false }, 'every notice at once until he chooses');
    assert.ok(Number.isInteger(hour) && typeof zone === 'string', `an hour and a zone: ${JSON.stringify(api.json)}`);
  });

  await step('his e-mail choice: one digest a day at 20:00 in his own time zone; a reload shows it', async () => {
    const page = pa.page;
    const panel = page.getByTestId('email-panel');
    await page.getByTestId('email-choice').filter({ hasText: 'Now: every notice by e-mail at once.' }).waitFor();
    assert.equal(await page.getByLabel('Send me').getAttribute('data-testid'), 'email-mode');
    assert.equal(await page.getByTestId('email-mode').inputValue(), 'immediate');
    assert.equal(await page.getByTestId('email-digest-hour').isHidden(), true, 'no hour but for a digest');
    assert.equal(await page.getByTestId('email-time-zone').textContent(), `Your time zone: ${ZONE}`);

    await page.getByTestId('email-mode').selectOption({ label: 'one digest a day' });
    assert.equal(await page.getByLabel('Digest at (your time)').getAttribute('data-testid'), 'email-digest-hour');
    await page.getByTestId('email-digest-hour').selectOption('20');
    await page.getByTestId('email-choices-save').click();
    await page.getByTestId('email-status').filter({ hasText: 'Saved.' }).waitFor();
    assert.equal(await page.getByTestId('email-choice').textContent(), `Now: one digest a day at 20:00 (${ZONE}).`);
    assert.equal(await page.getByTestId('email-choices-error').isHidden(), true);
    const api = await httpRequest(server, 'GET', '/api/email', { cookie: table.users.a.cookie });
    assert.deepEqual(api.json, { address, verified: true, mode: 'digest', digest_hour: 20, time_zone: ZONE, replies: true, replies_offered: false });

    await page.reload();
    await page.getByTestId('email-choice').filter({ hasText: 'one digest a day' }).waitFor();
    assert.equal(await page.getByTestId('email-mode').inputValue(), 'digest');
    assert.equal(await page.getByTestId('email-digest-hour').inputValue(), '20');
    assert.equal(await page.getByTestId('email-digest-hour').isVisible(), true);
    assert.equal(await panel.getByText(`Your time zone: ${ZONE}`, { exact: true }).isVisible(), true);
  });

  await step('a refusal of the server shows under the choice', async () => {
    const page = pa.page;
    // The address goes behind the page's back: the server refuses a choice with no address, and says why.
    await httpRequest(server, 'DELETE', '/api/email', { cookie: table.users.a.cookie });
    await page.getByTestId('email-mode').selectOption('off');
    await page.getByTestId('email-choices-save').click();
    await page.getByTestId('email-choices-error').filter({ hasText: 'Give an e-mail address first.' }).waitFor();
    // Put back as it was for the steps after: set again and verified through the link.
    const before = messages(mailFile).length;
    assert.equal((await httpRequest(server, 'POST', '/api/email', { cookie: table.users.a.cookie, body: { address } })).status, 200);
    const until = Date.now() + 15000;
    while (messages(mailFile).length === before && Date.now() < until) await sleep(100);
    const m = /verify-email\?token=([^\s&]+)/.exec(messages(mailFile).at(-1).data);
    assert.equal((await httpRequest(server, 'POST', '/api/email/verify', { body: { token: m[1] } })).status, 200);
    await page.reload();
    await page.locator('[data-testid="email-address"][data-verified="true"]').waitFor();
    assert.equal(await page.getByTestId('email-choices-error').isHidden(), true);
  });

  await step('axe-core finds no violation in the Notifications section', async (st) => {
    let axePath;
    try { axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js'); } catch { /* not installed */ }
    if (!axePath) { st.skip('axe-core is not installed'); return; }
    await injectAxe(pa.page);
    const violations = await pa.page.evaluate(async () => (await window.axe.run('[data-testid="email-panel"]')).violations
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    assert.deepEqual(violations, []);
  });

  await step('Remove clears the address', async () => {
    const page = pa.page;
    await page.getByTestId('email-remove').click();
    await page.getByTestId('email-status').filter({ hasText: 'Removed' }).waitFor();
    assert.equal(await page.getByTestId('email-address').isHidden(), true);
    assert.equal(await page.getByTestId('email-remove').isHidden(), true);
    const api = await httpRequest(server, 'GET', '/api/email', { cookie: table.users.a.cookie });
    assert.deepEqual(api.json, { address: null, verified: false, replies_offered: false });
    await page.reload();
    await page.getByTestId('email-panel').waitFor();
    await page.getByTestId('email-panel').getByText('No address: Muster sends you no e-mail.').waitFor();
    assert.equal(await page.getByTestId('email-address').isHidden(), true);
  });

  await step('the umpire sets the webhook in his console (refused first); it is there after a reload', async () => {
    const { campaign } = table;
    // The player's page is on the campaign while the webhook is set.
    await pa.page.goto(`${server.origin}/#/campaign/${campaign}`);
    await waitForConnState(pa.page, 'online');
    await pa.page.getByTestId('notice-list').waitFor({ state: 'attached' });
    umpire = await openUser(browser, server, {}, { cookie: table.users.umpire.cookie, path: `/#/campaign/${campaign}/umpire` });
    const page = umpire.page;
    const input = page.getByTestId('webhook-input');
    await input.waitFor();
    assert.equal(await input.inputValue(), '');
    assert.equal(await page.getByLabel('Webhook address').getAttribute('data-testid'), 'webhook-input');

    await input.fill('ftp://club.test/hook');
    await page.getByTestId('webhook-save').click();
    await page.getByTestId('webhook-error').waitFor();
    assert.match(await page.getByTestId('webhook-error').textContent(), /http:\/\/ or https:\/\//);

    await input.fill(hook);
    await page.getByTestId('webhook-save').click();
    await page.getByTestId('webhook-status').filter({ hasText: 'Saved' }).waitFor();
    assert.equal(await page.getByTestId('webhook-error').isHidden(), true);
    assert.equal((await table.clients.umpire.caughtUp(campaign)).webhook, hook);
    await page.reload();
    await page.waitForFunction((v) => document.querySelector('[data-testid="webhook-input"]')?.value === v, hook, { timeout: UI_TIMEOUT });
  });

  await step('the player never receives the webhook\'s address', async () => {
    const { campaign } = table;
    const A = table.clients.a;
    // A notice after the webhook: once the player has it, he has every push of the webhook's change too.
    const text = `Winter quarters at Ghent (${hex()})`;
    await table.clients.umpire.ok('notice.post', { campaign, text });
    const waitNotice = (p) => p.getByTestId('notice-list').getByTestId('notice-item').filter({ hasText: text }).waitFor();
    await waitNotice(pa.page);
    await pa.page.reload(); // a full view after it
    await waitForConnState(pa.page, 'online');
    await waitNotice(pa.page);
    const view = await A.caughtUp(campaign);
    assert.equal('webhook' in view, false, 'no webhook in the player\'s view');
    assert.ok(pa.frames.length > 0 && A.frames.length > 0, 'the player\'s frames were captured');
    assert.deepEqual(pa.frames.filter((f) => f.includes(secret)), [], 'frames the player\'s page received');
    assert.deepEqual(A.frames.filter((f) => f.includes(secret)), [], 'frames the player\'s socket received');
    assert.equal((await pa.page.content()).includes(secret), false, 'the player\'s page');
    assert.equal(await pa.page.getByTestId('webhook-input').count(), 0);
    // The capture does see it: the umpire's page received it.
    assert.ok(umpire.frames.some((f) => f.includes(secret)), 'the umpire\'s page received the webhook');
  });

  await step('an empty value clears the webhook', async () => {
    const page = umpire.page;
    await page.getByTestId('webhook-input').fill('');
    await page.getByTestId('webhook-save').click();
    await page.getByTestId('webhook-status').filter({ hasText: 'Cleared' }).waitFor();
    assert.equal((await table.clients.umpire.caughtUp(table.campaign)).webhook, '');
    await page.reload();
    await page.getByTestId('invite-item').first().waitFor(); // the view has come
    assert.equal(await page.getByTestId('webhook-input').inputValue(), '');
    assert.deepEqual(pa.pageErrors, [], 'no uncaught errors on the player\'s page');
    assert.deepEqual(umpire.pageErrors, [], 'no uncaught errors on the umpire\'s page');
  });
});
