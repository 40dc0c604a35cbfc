// Passwords in the browser (docs/protocol.md, "HTTP" /api/password*; web/common/pages/login.js, pages/reset.js,
// panels/password.js), against a real server sending e-mail to a real SMTP server (tests/integration/lib/sinks.mjs).
// - Signed out, a user with a verified address asks for a link on the login page ("Forgot your password?") with his
//   username and sees the server's words, the same as for a name nobody has.
// - The e-mailed link (#/reset?token=...) opens the reset page signed out; two different passwords are refused on
//   the page; the new one is set ("log in with it"); the used link is then refused with the server's words.
// - On the login page the old password fails and the new one signs in.
// - In the Password panel of the campaigns page a wrong current password shows the server's refusal; the change
//   sends his second browser's page to the login page (its login ended: 401 from /api/me) and keeps this one.
// - A reset link opened while signed in: the page stays to say the password is set, though the login ended.
// - axe-core over the login page with the forgot form open and over the reset page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../integration/lib/server.mjs';
import { newUser, uniqueName, httpRequest, loginResponse, rawHttpGet, PASSWORD } from '../integration/lib/client.mjs';
import { SmtpSink, freePort, until } from '../integration/lib/sinks.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState, loginViaPage, failureShots, stepper, injectAxe } from './lib/browser.mjs';

const SENT = 'If that account has a verified e-mail address, a link to reset its password is on its way.';
const RESET = 'chosen anew at the club';
const CHANGED = 'changed again by the fire';

// Evaluated through the debugging protocol: the page's Content-Security-Policy refuses an inline script tag.
async function axe(page) {
  await injectAxe(page);
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) =>
    `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
}

/** The session cookie ("muster_session=...") of a browser context, or null. */
async function sessionCookie(context) {
  const c = (await context.cookies()).find((x) => x.name === 'muster_session');
  return c ? `${c.name}=${c.value}` : null;
}

/** Asks for a link with the forgot form (open) and returns the words the page shows. */
async function askForLink(page, account) {
  await page.getByTestId('forgot-account').fill(account);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/password/forgot'));
  await page.getByTestId('forgot-send').click();
  assert.equal((await answered).status(), 200);
  await page.waitForFunction(() => document.querySelector('[data-testid="forgot-sent"]')?.textContent !== '');
  return page.getByTestId('forgot-sent').textContent();
}

test('passwords: forgot and reset from the login page, change in the Password panel', { timeout: 150000 }, async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-web-passwords-'));
  const smtp = new SmtpSink(await freePort(), path.join(dir, 'mail.jsonl'));
  await smtp.start();
  const server = await startServer({
    args: ['--smtp-host', '127.0.0.1', '--smtp-port', String(smtp.port), '--smtp-starttls', 'false',
      '--smtp-from', 'muster@club.test', '--public-url', 'http://club.test/', '--notify-interval-ms', '100'],
  });
  const browser = await launchBrowser();
  t.after(async () => {
    await browser.close().catch(() => {});
    await server.cleanup();
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const name = uniqueName('pw');
  const address = `${name}@club.test`;
  let me;
  let link; // the e-mailed reset link, on this server
  let pa;
  let other;
  const step = stepper(t, (s) => failureShots(`passwords-${s.replace(/\W+/g, '_')}`, { page: pa?.page, other: other?.page }));
  const resetMails = () => smtp.to(address).filter((m) => m.data.includes('reset your password'));
  const tokenOf = (mail) => /#\/reset\?token=([0-9a-f]+)/.exec(mail.data)[1];

  await step('a user with a verified address', async () => {
    me = await newUser(server, name);
    assert.equal((await httpRequest(server, 'POST', '/api/email', { cookie: me.cookie, body: { address } })).status, 200);
    const mail = await until('the verification', () => smtp.to(address)[0]);
    const token = /verify-email\?token=([0-9a-f]+)/.exec(mail.data)[1];
    assert.equal((await rawHttpGet(server, `/verify-email?token=${token}`)).status, 200);
  });

  await step('signed out, he asks for a link on the login page and sees the server\'s words', async () => {
    pa = await openUser(browser, server, {}, { path: '/#/login' });
    const page = pa.page;
    await page.getByTestId('login-username').waitFor();
    assert.equal(await page.getByTestId('forgot-account').isHidden(), true, 'the form waits to be opened');
    const open = page.getByTestId('forgot-open');
    assert.equal(await open.getAttribute('aria-expanded'), 'false');
    await open.click();
    assert.equal(await open.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.getByLabel('Username or e-mail address', { exact: true }).getAttribute('data-testid'), 'forgot-account');
    assert.equal(await page.getByTestId('forgot-account').getAttribute('autocomplete'), 'username');
    assert.equal(await page.getByTestId('forgot-send').textContent(), 'Send me a link');

    assert.equal(await askForLink(page, 'nobody_plays_here'), SENT, 'a name nobody has');
    assert.equal(await askForLink(page, name), SENT, 'his name: the same words');
    assert.equal(await page.getByTestId('forgot-error').isHidden(), true);
    assert.deepEqual(await axe(page), [], 'the login page with the forgot form open');
  });

  await step('the e-mailed link sets a new password once; two different ones are refused on the page', async () => {
    const mail = await until('the reset link', () => resetMails()[0]);
    link = `${server.origin}/#/reset?token=${tokenOf(mail)}`;
    const page = pa.page;
    await page.goto(link);
    await page.getByTestId('reset-password').waitFor();
    assert.equal(await waitForHash(page, /^#\/reset\?token=/), new URL(link).hash, 'signed out, the page stays');
    assert.equal(await page.getByLabel('New password', { exact: true }).getAttribute('data-testid'), 'reset-password');
    assert.equal(await page.getByLabel('Again', { exact: true }).getAttribute('data-testid'), 'reset-again');
    for (const id of ['reset-password', 'reset-again']) assert.equal(await page.getByTestId(id).getAttribute('autocomplete'), 'new-password');
    assert.deepEqual(await axe(page), [], 'the reset page');

    await page.getByTestId('reset-password').fill(RESET);
    await page.getByTestId('reset-again').fill(`${RESET}!`);
    await page.getByTestId('reset-save').click();
    await page.getByTestId('reset-error').filter({ hasText: 'differ' }).waitFor();

    await page.getByTestId('reset-again').fill(RESET);
    await page.getByTestId('reset-save').click();
    await page.getByTestId('reset-done').filter({ hasText: 'Your password is set; log in with it.' }).waitFor();
    assert.equal(await page.getByTestId('reset-error').isHidden(), true);
    assert.equal(await page.getByTestId('reset-save').isHidden(), true);
    assert.equal(await page.getByTestId('reset-login').getAttribute('href'), '#/login');

    await page.reload(); // the same link again: used
    await page.getByTestId('reset-password').fill('and once more again');
    await page.getByTestId('reset-again').fill('and once more again');
    await page.getByTestId('reset-save').click();
    await page.getByTestId('reset-error').filter({ hasText: 'That link is not valid, was used already, or has expired.' }).waitFor();
    assert.equal(await page.getByTestId('reset-done').textContent(), '');
  });

  await step('on the login page the old password fails and the new one signs in', async () => {
    const page = pa.page;
    await page.getByRole('link', { name: 'Back to the login page' }).click();
    await waitForHash(page, '#/login');
    await page.getByTestId('login-username').fill(name);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('auth-error').filter({ hasText: 'Wrong username or password.' }).waitFor();
    assert.equal(await page.evaluate(() => location.hash), '#/login');
    await page.getByTestId('login-password').fill(RESET);
    await page.getByTestId('login-submit').click();
    await waitForHash(page, '#/campaigns');
    await waitForConnState(page, 'online');
  });

  await step('the Password panel: a wrong current password is refused; a change ends his other login', async () => {
    const second = await loginResponse(server, name, RESET);
    assert.equal(second.status, 200);
    other = await openUser(browser, server, {}, { cookie: second.cookie, path: '/#/campaigns' });
    await waitForConnState(other.page, 'online');

    const page = pa.page;
    const panel = page.getByTestId('password-panel');
    await panel.waitFor();
    for (const [label, id, autocomplete] of [['Current password', 'password-current', 'current-password'],
      ['New password', 'password-new', 'new-password'], ['Again', 'password-again', 'new-password']]) {
      const input = panel.getByLabel(label, { exact: true });
      assert.equal(await input.getAttribute('data-testid'), id);
      assert.equal(await input.getAttribute('autocomplete'), autocomplete);
    }
    await page.getByTestId('password-current').fill('not my password at all');
    await page.getByTestId('password-new').fill(CHANGED);
    await page.getByTestId('password-again').fill(CHANGED);
    await page.getByTestId('password-save').click();
    await page.getByTestId('password-error').filter({ hasText: 'Your current password is not that.' }).waitFor();
    assert.equal(await page.getByTestId('password-done').textContent(), '');
    assert.equal(await waitForConnState(other.page, 'online'), 'online', 'a refusal ends nothing');

    await page.getByTestId('password-current').fill(RESET);
    await page.getByTestId('password-save').click();
    await page.getByTestId('password-done').filter({ hasText: 'Password changed; your other logins have ended.' }).waitFor();
    assert.equal(await page.getByTestId('password-error').isHidden(), true);
    assert.equal(await page.getByTestId('password-current').inputValue(), '', 'the form is emptied');

    await waitForHash(other.page, '#/login'); // its socket closed and its login has ended
    await other.page.getByTestId('flash').waitFor();
    assert.equal((await httpRequest(server, 'GET', '/api/me', { cookie: second.cookie })).status, 401);
    assert.equal((await httpRequest(server, 'GET', '/api/me', { cookie: await sessionCookie(pa.context) })).status, 200, 'this one goes on');
    assert.equal(await page.evaluate(() => location.hash), '#/campaigns');
    await waitForConnState(page, 'online');
    assert.equal((await loginResponse(server, name, RESET)).status, 401);
    assert.equal((await loginResponse(server, name, CHANGED)).status, 200);
  });

  await step('a link opened while signed in: the page stays to say so, though that login ended too', async () => {
    const page = pa.page;
    const before = resetMails().length;
    assert.equal((await httpRequest(server, 'POST', '/api/password/forgot', { body: { account: address } })).status, 200);
    const mail = await until('a second reset link', () => resetMails()[before]);
    const cookie = await sessionCookie(pa.context);
    await page.goto(`${server.origin}/#/reset?token=${tokenOf(mail)}`);
    await page.getByTestId('reset-password').fill(RESET);
    await page.getByTestId('reset-again').fill(RESET);
    await page.getByTestId('reset-save').click();
    await page.getByTestId('reset-done').filter({ hasText: 'Your password is set; log in with it.' }).waitFor();
    assert.equal((await httpRequest(server, 'GET', '/api/me', { cookie })).status, 401);
    await page.getByTestId('user-name').waitFor({ state: 'hidden' });
    assert.match(await page.evaluate(() => location.hash), /^#\/reset\?token=/);
    await page.getByTestId('reset-login').click();
    await loginViaPage(page, name, RESET);
    assert.deepEqual(pa.pageErrors, [], 'no uncaught errors on his page');
    assert.deepEqual(other.pageErrors, [], 'no uncaught errors on his other page');
  });
});
