// The server administrator's page in the browser (docs/operations.md, "Administration"; web/common/pages/admin.js),
// against a real server whose administrator is made with `muster admin --grant` beside it.
// - The campaigns page shows "Server administration" to the administrator only; #/admin lists the campaign a player
//   created, both users (the administrator's badge, no toggle on his own row) and the server's health; Refresh reads
//   it again.
// - Disable, while the player's page is open in another browser: his page goes to the login page, and logging in
//   there shows the server's refusal; Enable lets him in again.
// - The player opening #/admin sees the refusal and no data.
// - axe-core over the administrator's page.
// - Import a campaign on the page of a second, fresh server where the same people registered in the same order: a
//   file that is not an archive, and the umpire's own download of the open campaign (no seed while it runs), show
//   the server's refusal; `muster export`'s archive (with the seed) gives "Imported campaign <id>." and the
//   campaigns list shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, MUSTER_BIN } from '../integration/lib/server.mjs';
import { connect, newUser, httpRequest, uniqueName, PASSWORD } from '../integration/lib/client.mjs';
import {
  launchBrowser, openUser, waitForHash, waitForConnState, loginViaPage, failureShots, stepper, injectAxe,
  RECONNECT_TIMEOUT,
} from './lib/browser.mjs';

const REFUSED = "Only the server's administrator may see this page.";

// Evaluated through the debugging protocol: the page's Content-Security-Policy refuses an inline script tag.
async function axe(page) {
  await injectAxe(page);
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) =>
    `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
}

const healthValue = (page, field) => page.getByTestId('admin-health').locator(`dd[data-field="${field}"]`);

test('the server administrator\'s page: health, campaigns, users; disabling and enabling an account', { timeout: 150000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  t.after(async () => {
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  let boss;
  let player;
  let campaign;
  let download; // the umpire's download over HTTP while the campaign is open, its JSON text
  let ba; // the administrator's browser
  let pa; // the player's browser
  const step = stepper(t, (s) => failureShots(`admin-${s.replace(/\W+/g, '_')}`, { boss: ba?.page, player: pa?.page }));
  const userRow = (page, who) => page.getByTestId('admin-users').locator(`[data-testid="admin-user"][data-user="${who.user}"]`);

  await step('an administrator made with the command line, a player with a campaign', async () => {
    boss = await newUser(server, uniqueName('adm'));
    player = await newUser(server, uniqueName('plr'));
    const r = spawnSync(MUSTER_BIN, ['admin', ...server.storeArgs, '--grant', boss.username], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const c = await connect(server, player.cookie);
    try {
      campaign = (await c.ok('campaign.create', { name: 'Flanders 1744' })).campaign;
    } finally {
      await c.close();
    }
    const down = await httpRequest(server, 'GET', `/api/campaigns/${campaign}/export`, { cookie: player.cookie });
    assert.equal(down.status, 200, 'the umpire downloads his campaign\'s archive');
    assert.equal(down.json.format, 'muster-campaign');
    assert.equal(down.json.campaign.seed, null, 'no seed while the campaign is open');
    download = JSON.stringify(down.json);
  });

  await step('the administrator follows "Server administration" to the page and sees the server', async () => {
    ba = await openUser(browser, server, {}, { cookie: boss.cookie, path: '/#/campaigns' });
    const page = ba.page;
    await waitForConnState(page, 'online');
    const link = page.getByTestId('admin-link');
    await link.waitFor();
    assert.equal(await link.textContent(), 'Server administration');
    await link.click();
    await waitForHash(page, '#/admin');

    const item = page.getByTestId('admin-campaigns').locator(`[data-testid="admin-campaign"][data-campaign="${campaign}"]`);
    await item.waitFor();
    assert.equal(await item.locator('.item-text').textContent(), 'Flanders 1744');
    assert.match(await item.textContent(), new RegExp(`#${campaign} · created \\S`));
    assert.equal(await page.getByTestId('admin-campaign').count(), 1);

    assert.equal(await page.getByTestId('admin-user').count(), 2);
    const mine = userRow(page, boss);
    const his = userRow(page, player);
    assert.equal(await mine.locator('.item-text').textContent(), boss.username);
    assert.equal(await his.locator('.item-text').textContent(), player.username);
    assert.equal(await mine.getByTestId('admin-badge').isVisible(), true, 'the administrator\'s badge');
    assert.equal(await his.getByTestId('admin-badge').isHidden(), true);
    assert.equal(await mine.getByTestId('admin-toggle').isHidden(), true, 'not offered for himself');
    assert.equal(await his.getByTestId('admin-toggle').textContent(), 'Disable');
    assert.equal(await his.getByTestId('admin-user-status').textContent(), 'active');
    assert.match(await his.locator('time').textContent(), /\S/);

    await page.getByTestId('admin-health').waitFor();
    assert.equal(await healthValue(page, 'campaigns').getAttribute('data-value'), '1');
    assert.equal(await healthValue(page, 'outbox_unsent').textContent(), '0');
    assert.match(await healthValue(page, 'db_bytes').textContent(), /^\d+(\.\d)? (KB|MB)$/);
    assert.equal(await healthValue(page, 'last_backup').textContent(), 'none');
    assert.ok(Number(await healthValue(page, 'connections').textContent()) >= 1, 'his own page is connected');
    assert.equal(await page.getByTestId('admin-refused').isHidden(), true);
    assert.equal(await page.getByTestId('admin-error').isHidden(), true);
  });

  await step('axe-core finds no violation on the page', async () => {
    assert.deepEqual(await axe(ba.page), [], 'the administrator\'s page');
  });

  await step('Refresh reads the health again: the player\'s page is one more connection', async () => {
    pa = await openUser(browser, server, {}, { cookie: player.cookie, path: '/#/campaigns' });
    await waitForConnState(pa.page, 'online');
    const page = ba.page;
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/health'));
    await page.getByTestId('admin-refresh').click();
    assert.equal((await answered).status(), 200);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="admin-health"] dd[data-field="connections"]')
      ?.dataset.value) >= 2);
  });

  await step('Disable ends the player\'s login at once; the login page shows the server\'s refusal', async () => {
    const page = ba.page;
    const his = userRow(page, player);
    await his.getByTestId('admin-toggle').click();
    await his.getByTestId('admin-user-status').filter({ hasText: 'disabled' }).waitFor();
    assert.equal(await his.getAttribute('data-disabled'), 'true');
    assert.equal(await his.getByTestId('admin-toggle').textContent(), 'Enable');
    await page.getByTestId('admin-user-done').filter({ hasText: `${player.username} is disabled` }).waitFor();

    await waitForHash(pa.page, '#/login', RECONNECT_TIMEOUT); // his socket closed and his login has ended
    await pa.page.getByTestId('flash').waitFor();
    await pa.page.getByTestId('login-username').fill(player.username);
    await pa.page.getByTestId('login-password').fill(PASSWORD);
    await pa.page.getByTestId('login-submit').click();
    await pa.page.getByTestId('auth-error').filter({ hasText: /disabled/ }).waitFor();
    assert.equal(await pa.page.evaluate(() => location.hash), '#/login');
  });

  await step('Enable lets him log in again; he sees no link to the page', async () => {
    const his = userRow(ba.page, player);
    await his.getByTestId('admin-toggle').click();
    await his.getByTestId('admin-user-status').filter({ hasText: 'active' }).waitFor();
    assert.equal(await his.getByTestId('admin-toggle').textContent(), 'Disable');
    await ba.page.getByTestId('admin-user-done').filter({ hasText: `${player.username} may log in again` }).waitFor();

    const asked = pa.page.waitForResponse((r) => r.url().endsWith('/api/session'));
    await loginViaPage(pa.page, player.username);
    assert.equal((await asked).status(), 200);
    await pa.page.waitForTimeout(200); // the answer has been read
    assert.equal(await pa.page.getByTestId('admin-link').isHidden(), true, 'the campaigns page offers him no link');
  });

  await step('the player opening #/admin sees the refusal and no data', async () => {
    const page = pa.page;
    await page.goto(`${server.origin}/#/admin`);
    await page.getByTestId('admin-refused').waitFor();
    assert.equal(await page.getByTestId('admin-refused').textContent(), REFUSED);
    for (const id of ['admin-health', 'admin-campaigns', 'admin-users', 'admin-refresh']) {
      assert.equal(await page.getByTestId(id).isHidden(), true, id);
    }
    assert.equal(await page.getByTestId('admin-user').count(), 0);
    assert.equal(await page.getByTestId('admin-campaign').count(), 0);
    assert.ok(!(await page.locator('#main').textContent()).includes(boss.username), 'no user listed');
    assert.deepEqual(ba.pageErrors, [], 'no uncaught errors on the administrator\'s page');
    assert.deepEqual(pa.pageErrors, [], 'no uncaught errors on the player\'s page');
  });

  await step('a password link for a member with no address: made on the page and from the command line, each works once', async () => {
    const his = userRow(ba.page, player);
    await his.getByTestId('admin-reset').click();
    const box = ba.page.getByTestId('admin-reset-link');
    await box.waitFor();
    const link = await box.inputValue();
    assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#\/reset\?token=[0-9a-f]{64}$/);
    assert.match(await ba.page.getByTestId('admin-reset-words').textContent(), new RegExp(`^Give it to ${player.username} yourself`));
    // He opens it in a fresh browser and sets a new password; his old one no longer works, the new one does.
    const fresh = await openUser(browser, server, {}, { path: `/${link.slice(link.indexOf('#'))}` });
    await fresh.page.getByTestId('reset-password').fill('a brand new password');
    await fresh.page.getByTestId('reset-again').fill('a brand new password');
    await fresh.page.getByTestId('reset-save').click();
    await fresh.page.getByTestId('reset-done').waitFor();
    const login = (password) => httpRequest(server, 'POST', '/api/login', { body: { username: player.username, password } });
    assert.equal((await login('a brand new password')).status, 200);
    // Used once: the same link again is refused.
    const again = await httpRequest(server, 'POST', '/api/password/reset', { body: { token: link.split('token=')[1], password: 'yet another password' } });
    assert.equal(again.status, 400, again.text);
    await fresh.context.close();

    // From the command line beside the running server; a name not on the server is refused.
    const r = spawnSync(MUSTER_BIN, ['admin', ...server.storeArgs, '--reset-link', player.username], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const token = r.stdout.match(/#\/reset\?token=([0-9a-f]{64})/)[1];
    const set = await httpRequest(server, 'POST', '/api/password/reset', { body: { token, password: PASSWORD } });
    assert.equal(set.status, 200, set.text);
    assert.equal((await login(PASSWORD)).status, 200, 'his first password is back');
    const none = spawnSync(MUSTER_BIN, ['admin', ...server.storeArgs, '--reset-link', 'nobody_here'], { encoding: 'utf8' });
    assert.equal(none.status, 1);
    assert.match(none.stderr, /no user "nobody_here"/);
    // A player may not make one.
    const refused = await httpRequest(server, 'POST', `/api/admin/users/${boss.user}/reset-link`, { cookie: (await login(PASSWORD)).setCookies[0].split(';')[0] });
    assert.equal(refused.status, 403);
  });

  await step('on a second, fresh server the administrator imports the archive on the page', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-admin-import-'));
    const fresh = await startServer({ dir });
    t.after(async () => {
      await fresh.cleanup();
      rmSync(dir, { recursive: true, force: true });
    });
    // The same people, registered in the same order: their accounts keep their ids.
    const bossThere = await newUser(fresh, boss.username);
    const playerThere = await newUser(fresh, player.username);
    assert.deepEqual([bossThere.user, playerThere.user], [boss.user, player.user]);
    const r = spawnSync(MUSTER_BIN, ['admin', ...fresh.storeArgs, '--grant', boss.username], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const ex = spawnSync(MUSTER_BIN, ['export', ...server.storeArgs, '--campaign', String(campaign),
      '--to', path.join(dir, 'flanders.json')], { encoding: 'utf8' });
    assert.equal(ex.status, 0, ex.stderr);
    const archive = readFileSync(path.join(dir, 'flanders.json'), 'utf8');
    const fb = await openUser(browser, fresh, {}, { cookie: bossThere.cookie, path: '/#/admin' });
    const page = fb.page;
    await page.getByTestId('admin-campaigns-none').waitFor();
    assert.equal(await page.getByTestId('admin-campaign').count(), 0);
    assert.equal(await page.getByLabel('Archive').count(), 1, 'the file input has its visible label');

    await page.getByTestId('admin-import-file').setInputFiles({
      name: 'not-an-archive.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}'),
    });
    const refused = async (pattern) => {
      const answered = page.waitForResponse((res) => res.url().endsWith('/api/admin/import'));
      await page.getByTestId('admin-import').click();
      const refusal = await answered;
      assert.equal(refusal.status(), 400);
      const message = (await refusal.json()).error.message;
      assert.match(message, pattern);
      await page.getByTestId('admin-import-error').filter({ hasText: message }).waitFor();
      assert.equal(await page.getByTestId('admin-import-result').textContent(), '');
      assert.equal(await page.getByTestId('admin-campaign').count(), 0, 'nothing written');
    };
    await refused(/nothing was written/);

    await page.getByTestId('admin-import-file').setInputFiles({
      name: 'flanders-open.json', mimeType: 'application/json', buffer: Buffer.from(download),
    });
    await refused(/no dice seed/);

    await page.getByTestId('admin-import-file').setInputFiles({
      name: 'flanders.json', mimeType: 'application/json', buffer: Buffer.from(archive),
    });
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/admin/import'));
    await page.getByTestId('admin-import').click();
    const taken = await answered;
    assert.equal(taken.status(), 201, await taken.text());
    assert.match(taken.request().headers()['content-type'], /^application\/json/);
    await page.getByTestId('admin-import-result').filter({ hasText: `Imported campaign ${campaign}.` }).waitFor();
    assert.equal(await page.getByTestId('admin-import-error').isHidden(), true);
    const item = page.getByTestId('admin-campaigns').locator(`[data-testid="admin-campaign"][data-campaign="${campaign}"]`);
    await item.waitFor();
    assert.equal(await item.locator('.item-text').textContent(), 'Flanders 1744');
    assert.deepEqual(fb.pageErrors, [], 'no uncaught errors on the fresh server\'s page');
  });
});
