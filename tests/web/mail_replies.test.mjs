// A diary by e-mail reply, in the browser (docs/protocol.md, "A diary by e-mail"; web/common/panels/email.js,
// web/umpire/colonels.js, web/umpire/year.js, web/player/diary.js, web/umpire/mail.js). A real server taking
// replies (--mail-reply-to, --mail-secret) with a real SMTP sink, as tests/integration/mail_in.test.mjs starts it;
// Anne's diary handed in by `muster mail-in` as a Gmail reply, and a forged reply address beside it.
// - Anne's Notifications panel offers "Take my diary when I reply to Muster's e-mail", ticked; unticked and saved,
//   GET /api/email says replies false. A server that takes no replies (its answer rewritten) shows no checkbox.
// - Her Diary tab says "Sent by e-mail"; the umpire's Colonels and Year tabs show "by e-mail" beside her diary.
// - The umpire's console has "Mail", which reads nothing until he asks: then "diary recorded" with Anne's names,
//   and the forged reply's "forged reply address". Anne may not read the campaign's mail (403).
// - axe-core finds no violation in the Notifications section nor in Mail; on a phone both pages fit the screen,
//   with full-size tap targets (tests/web/lib/pages.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../integration/lib/server.mjs';
import { httpRequest, uniqueName } from '../integration/lib/client.mjs';
import { SmtpSink, freePort } from '../integration/lib/sinks.mjs';
import { authResults, gmailReply, mailIn, mailServerArgs, mailCampaign, diaryRequest } from '../integration/lib/mail.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper, injectAxe } from './lib/browser.mjs';
import { PHONE, checkPage } from './lib/pages.mjs';

const SECRET = 'a test secret of more than thirty-two characters';
// A module of the umpire's mail list, plain (web/) or built (assets/mail-<hash>.js).
const MAIL_MODULE = /\/(umpire\/mail\.js|assets\/mail-[^/]*\.js)$/;

const hasAxe = () => {
  try { createRequire(import.meta.url).resolve('axe-core/axe.min.js'); return true; } catch { return false; }
};

async function axeViolations(page, selector) {
  await injectAxe(page);
  return page.evaluate(async (s) => (await window.axe.run(s)).violations
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), selector);
}

// An umpire and Anne with a colonel and a regiment, the year started with a deadline; Anne's address verified.
// Short names: a long one in the top bar of a 390 px phone runs a pixel or two past the screen (not this test's).
const campaignWithAnne = (server, smtp) => mailCampaign(server, smtp, { name: 'Replies by mail', umpire: uniqueName('um'),
  players: { anne: [uniqueName('an'), 'anne@anne.test'] } });

test('a diary by e-mail reply: the choice, the badges, the umpire\'s Mail', { timeout: 180000 }, async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-web-mail-'));
  const smtp = new SmtpSink(await freePort(), path.join(dir, 'mail.jsonl'));
  await smtp.start();
  const server = await startServer({ args: [...mailServerArgs(smtp, SECRET), '--mail-require-authentication', 'true',
    '--mail-authserv-id', 'mx.club.test'] });
  const browser = await launchBrowser();
  let people = {};
  t.after(async () => {
    for (const p of Object.values(people)) await p.client?.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  let campaign;
  let anne;
  let umpire;
  const step = stepper(t, (name) => failureShots(`mail-replies-${name.replace(/\W+/g, '_')}`, { anne: anne?.page, umpire: umpire?.page }));

  await step('Anne replies to the month\'s e-mail: recorded; a forged reply address is refused', async () => {
    ({ people, campaign } = await campaignWithAnne(server, smtp));
    const who = people.anne;
    const { replyTo } = await diaryRequest(smtp, who);
    assert.match(replyTo, /^muster\+[a-z0-9-]+@club\.test$/);
    const raw = gmailReply({ from: who.address, to: replyTo, subject: 'Re: my diary for March',
      text: 'Pay: arrears\n\nWe drilled on the heath at dawn; the men grumble at their pay.', extra: authResults('anne.test', who.address) });
    const r = await mailIn(server, replyTo, raw, { secret: SECRET });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^recorded/);
    const forged = replyTo.replace(/-([a-z2-7])([a-z2-7]*)@/, (m, c, rest) => `-${c === 'a' ? 'b' : 'a'}${rest}@`);
    const f = await mailIn(server, forged, gmailReply({ from: who.address, to: forged, subject: 'Re: forged', text: 'Pay: arrears',
      extra: authResults('anne.test', who.address) }), { secret: SECRET });
    assert.match(f.stdout, /^forged/);
    const v = await people.umpire.client.waitForView(campaign, (x) => x.year.colonels[String(who.user)].diary, 5000, "Anne's diary");
    assert.equal(v.year.colonels[String(who.user)].diary.by, 'mail');
  });

  await step('her Notifications panel: the replies choice, ticked; unticked and saved, the server says false', async () => {
    anne = await openUser(browser, server, {}, { cookie: people.anne.cookie, path: '/#/campaigns' });
    const page = anne.page;
    const box = page.getByTestId('email-replies');
    await box.waitFor();
    assert.equal(await box.isChecked(), true, 'taken by default');
    assert.equal(await page.getByLabel("Take my diary when I reply to Muster's e-mail").getAttribute('data-testid'), 'email-replies');
    await page.getByTestId('email-panel').getByText('The month\'s e-mail shows your choices as lines such as “Pay: arrears”; reply with your diary, and any line you change.').waitFor();
    if (hasAxe()) assert.deepEqual(await axeViolations(page, '[data-testid="email-panel"]'), [], 'the Notifications section');

    await box.uncheck();
    await page.getByTestId('email-choices-save').click();
    await page.getByTestId('email-status').filter({ hasText: 'Saved.' }).waitFor();
    const api = await httpRequest(server, 'GET', '/api/email', { cookie: people.anne.cookie });
    assert.equal(api.json.replies, false, JSON.stringify(api.json));
    assert.equal(api.json.replies_offered, true);
    await page.reload();
    await page.locator('[data-testid="email-address"][data-verified="true"]').waitFor();
    assert.equal(await page.getByTestId('email-replies').isChecked(), false, 'unticked after a reload');
    // Put back, for the umpire's steps do not depend on it but a later reply would.
    await page.getByTestId('email-replies').check();
    await page.getByTestId('email-choices-save').click();
    await page.getByTestId('email-status').filter({ hasText: 'Saved.' }).waitFor();
    assert.equal((await httpRequest(server, 'GET', '/api/email', { cookie: people.anne.cookie })).json.replies, true);
  });

  await step('a server that takes no replies shows no such choice', async () => {
    const page = anne.page;
    await page.route('**/api/email', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      await route.fulfill({ response, json: { ...json, replies_offered: false } });
    });
    await page.reload();
    await page.locator('[data-testid="email-address"][data-verified="true"]').waitFor();
    await page.getByTestId('email-mode').waitFor();
    assert.equal(await page.getByTestId('email-replies').isHidden(), true);
    await page.unroute('**/api/email');
  });

  await step('her Diary tab says it was sent by e-mail', async () => {
    const page = anne.page;
    await page.goto(`${server.origin}/#/campaign/${campaign}/diary`);
    await waitForConnState(page, 'online');
    const badge = page.getByTestId('diary-status').getByTestId('diary-by-mail');
    await badge.waitFor();
    assert.equal(await badge.textContent(), 'Sent by e-mail');
    assert.equal(await page.getByTestId('diary-text').inputValue(), 'We drilled on the heath at dawn; the men grumble at their pay.');
  });

  await step('the umpire sees "by e-mail" beside her diary on the Colonels and Year tabs', async () => {
    const user = String(people.anne.user);
    umpire = await openUser(browser, server, {}, { cookie: people.umpire.cookie, path: `/#/campaign/${campaign}/colonels` });
    const page = umpire.page;
    const card = page.locator(`[data-testid="colonel-card"][data-colonel="${user}"]`);
    const badge = card.getByTestId('diary-by-mail').first();
    await badge.waitFor();
    assert.equal(await badge.textContent(), 'by e-mail');
    await page.getByTestId('tab-year').click();
    const item = page.locator(`[data-testid="submitted-item"][data-colonel="${user}"]`);
    await item.and(page.locator('[data-submitted="true"]')).waitFor();
    await item.getByTestId('diary-by-mail').waitFor();
  });

  await step('the umpire\'s Mail: nothing read until asked, then the record with Anne\'s names', async () => {
    const page = umpire.page;
    const asked = [];
    page.on('request', (r) => { if (/\/api\/campaigns\/\d+\/mail$/.test(r.url()) || MAIL_MODULE.test(r.url())) asked.push(r.url()); });
    await page.getByTestId('tab-umpire').click();
    const section = page.getByTestId('umpire-mail');
    await section.waitFor();
    assert.equal(await section.getByRole('heading', { name: 'Mail' }).count(), 1);
    assert.deepEqual(asked, [], 'neither the list nor its code before the umpire asks');

    await section.getByTestId('umpire-mail-show').click();
    const recorded = section.locator('[data-testid="umpire-mail-item"][data-outcome="recorded"]');
    await recorded.waitFor();
    assert.ok(asked.some((u) => /\/mail$/.test(u)), `the list was read: ${asked}`);
    assert.equal(await recorded.getByTestId('umpire-mail-outcome').textContent(), 'diary recorded');
    const name = await recorded.getByTestId('umpire-mail-who').textContent();
    assert.equal(name, `Colonel Anne (${people.anne.username})`);
    assert.equal(await recorded.getByTestId('umpire-mail-sender').textContent(), 'anne@anne.test');
    assert.equal(await recorded.getByTestId('umpire-mail-subject').textContent(), 'Re: my diary for March');
    assert.equal(await recorded.getAttribute('data-user'), String(people.anne.user));
    assert.equal(await recorded.locator('time').count(), 1);

    const forged = section.locator('[data-testid="umpire-mail-item"][data-outcome="forged"]');
    assert.equal(await forged.getByTestId('umpire-mail-outcome').textContent(), 'forged reply address');
    // Newest first: the forged one came after.
    const outcomes = await section.getByTestId('umpire-mail-item').evaluateAll((els) => els.map((e) => e.dataset.outcome));
    assert.deepEqual(outcomes, ['forged', 'recorded']);
    assert.equal(await section.getByTestId('umpire-mail-error').isHidden(), true);
    if (hasAxe()) assert.deepEqual(await axeViolations(page, '[data-testid="umpire-mail"]'), [], 'the Mail section');
  });

  await step('on a phone: her choice and his Mail fit the screen, every target full-size', async () => {
    const problems = [];
    const phoneAnne = await openUser(browser, server, PHONE, { cookie: people.anne.cookie, path: '/#/campaigns' });
    await phoneAnne.page.getByTestId('email-replies').waitFor();
    problems.push(...await checkPage(phoneAnne.page, 'phone: her Notifications'));
    const phoneUmpire = await openUser(browser, server, PHONE, { cookie: people.umpire.cookie, path: `/#/campaign/${campaign}/umpire` });
    await phoneUmpire.page.getByTestId('umpire-mail-show').waitFor();
    await phoneUmpire.page.getByTestId('umpire-mail-show').click();
    await phoneUmpire.page.locator('[data-testid="umpire-mail-item"][data-outcome="recorded"]').waitFor();
    problems.push(...await checkPage(phoneUmpire.page, 'phone: the umpire\'s Mail'));
    await phoneAnne.context.close();
    await phoneUmpire.context.close();
    assert.deepEqual(problems, []);
  });

  await step('a player may not read the campaign\'s mail', async () => {
    const r = await httpRequest(server, 'GET', `/api/campaigns/${campaign}/mail`, { cookie: people.anne.cookie });
    assert.equal(r.status, 403);
    assert.deepEqual(anne.pageErrors, []);
    assert.deepEqual(umpire.pageErrors, []);
  });
});
