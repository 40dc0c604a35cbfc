// The dice check in the browser (web/common/dice_check.js, web/common/pages/dice_check.js at #/dice-check) against
// `muster verify-dice` (server/app/archive.cpp), on a real server:
// - Over the protocol an umpire and a player roll open dice, the umpire a blind roll too; an archive downloaded
//   over HTTP before the close has no seed; then the umpire closes the campaign.
// - In the browser the umpire downloads the archive with the console's button ("<name>-<id>.json"), follows the
//   Table's "Check the dice" link and checks it: "Verified", with as many rolls as the command line counts.
// - A copy with one roll's value changed: "Not verified", naming the same event and roll as the command line.
// - The archive from before the close: the seed is not revealed yet. Signed out, the page works the same.
// - The page's verifier on damaged copies gives the command line's verdict and words for each.
// - axe-core over the page with a verdict shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, MUSTER_BIN, SOURCE_WEB } from '../integration/lib/server.mjs';
import { connect, newUser, uniqueName, httpRequest } from '../integration/lib/client.mjs';
import { launchBrowser, openUser, waitForHash, failureShots, stepper, injectAxe } from './lib/browser.mjs';

const VERIFIED = /^verified: the seed matches its commitment and all (\d+) rolls match it\n$/;
const NOT_VERIFIED = /^NOT VERIFIED after (\d+) rolls: (.*)\n$/;

/** `muster verify-dice FILE` as {ok, rolls, problem}. */
function cli(file) {
  const r = spawnSync(MUSTER_BIN, ['verify-dice', file], { encoding: 'utf8' });
  const ok = VERIFIED.exec(r.stdout);
  if (ok && r.status === 0) return { ok: true, rolls: Number(ok[1]), problem: '' };
  const bad = NOT_VERIFIED.exec(r.stdout);
  assert.ok(bad && r.status === 1, `verify-dice ${file}: ${r.status} ${r.stdout} ${r.stderr}`);
  return { ok: false, rolls: Number(bad[1]), problem: bad[2] };
}

/** The page's module, as the server serves it, checks an archive's text: {ok, rolls, problem, revealed}. */
function checkInPage(page, text) {
  return page.evaluate(async (t) => {
    const { checkArchiveText } = await import('/common/dice_check.js');
    return checkArchiveText(t);
  }, text);
}

async function axe(page) {
  await injectAxe(page);
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) =>
    `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
}

/** Chooses `file` on the dice check, presses "Check the dice" and returns the verdict's words and state. */
async function checkOnPage(page, file) {
  await page.getByTestId('dice-file').setInputFiles(file);
  await page.getByTestId('dice-check').click();
  await page.waitForFunction(() => {
    const s = document.querySelector('[data-testid="dice-verdict"]')?.dataset.state;
    return s && s !== 'checking';
  });
  const verdict = page.getByTestId('dice-verdict');
  return { text: await verdict.textContent(), state: await verdict.getAttribute('data-state') };
}

test('dice check: the archive downloaded, checked in the browser as the command line checks it', { timeout: 150000 }, async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-web-dice-'));
  // The plain modules: a step imports web/common/dice_check.js in the page by its address.
  const server = await startServer({ web: SOURCE_WEB, args: ['--ws-rate', '1000', '--ws-burst', '1000'] });
  const browser = await launchBrowser();
  const sockets = [];
  t.after(async () => {
    for (const c of sockets) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const name = `Flanders 1744 ${uniqueName('dice')}`;
  const files = { open: path.join(dir, 'open.json'), tampered: path.join(dir, 'tampered.json') };
  let umpire;
  let campaign;
  let ua;
  let outsider;
  let rolledDice = 0;
  const step = stepper(t, (s) => failureShots(`dice_check-${s.replace(/\W+/g, '_')}`, { umpire: ua?.page, outsider: outsider?.page }));

  await step('over the protocol: rolls open and blind, an archive before the close, then the close', async () => {
    umpire = await newUser(server, uniqueName('dump'));
    const player = await newUser(server, uniqueName('dpla'));
    const [U, P] = await Promise.all([connect(server, umpire.cookie), connect(server, player.cookie)]);
    sockets.push(U, P);
    campaign = (await U.ok('campaign.create', { name })).campaign;
    const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
    await P.ok('campaign.join', { code });
    for (const c of [U, P, U, P, U]) {
      await c.ok('dice.roll', { campaign, dice: '3d6' });
      rolledDice += 3;
    }
    await P.ok('chat.say', { campaign, text: 'An event with no dice between the rolls' });
    await U.ok('dice.roll', { campaign, dice: '2d10', private: true, reason: 'the weather' });
    rolledDice += 2;
    await P.ok('dice.roll', { campaign, dice: '3d6' });
    rolledDice += 3;

    const before = await httpRequest(server, 'GET', `/api/campaigns/${campaign}/export`, { cookie: umpire.cookie });
    assert.equal(before.status, 200);
    assert.equal(before.json.campaign.seed, null, 'no seed while the campaign runs');
    writeFileSync(files.open, before.text);
    const closed = await U.ok('campaign.close', { campaign });
    assert.match(closed.seed, /^[0-9a-f]{64}$/);
  });

  await step('the umpire downloads the archive from his console as "<name>-<id>.json"', async () => {
    ua = await openUser(browser, server, { acceptDownloads: true }, { cookie: umpire.cookie, path: `/#/campaign/${campaign}/umpire` });
    const page = ua.page;
    const button = page.getByTestId('archive-download');
    await button.waitFor();
    assert.equal((await button.textContent()).trim(), "Download the campaign's archive");
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    assert.equal(download.suggestedFilename(), `${name}-${campaign}.json`);
    files.closed = path.join(dir, download.suggestedFilename());
    await download.saveAs(files.closed);
    const archive = JSON.parse(readFileSync(files.closed, 'utf8'));
    assert.equal(archive.format, 'muster-campaign');
    assert.equal(archive.campaign.id, campaign);
    assert.match(archive.campaign.seed, /^[0-9a-f]{64}$/, 'the seed is in it once closed');
    assert.equal(await page.getByTestId('archive-error').isHidden(), true);
  });

  await step('from the Table\'s seed panel to the dice check: verified, as many rolls as the command line counts', async () => {
    const page = ua.page;
    await page.getByTestId('tab-table').click();
    await page.getByTestId('seed-check-link').click();
    await waitForHash(page, '#/dice-check');
    const expected = cli(files.closed);
    assert.equal(expected.ok, true);
    assert.equal(expected.rolls, rolledDice, 'every die rolled is in the log');
    const got = await checkOnPage(page, files.closed);
    assert.equal(got.text, `Verified: the seed matches the commitment shown from the start, and all ${expected.rolls} rolls match it.`);
    assert.equal(got.state, 'verified');
    assert.match(await page.getByTestId('dice-archive').textContent(), new RegExp(`${name} \\(campaign ${campaign}\\)`));
  });

  await step('one roll changed: not verified, naming the same event and roll as the command line', async () => {
    const archive = JSON.parse(readFileSync(files.closed, 'utf8'));
    const rolls = archive.events.filter((e) => e.type === 'dice.rolled');
    const changed = rolls[3].dice[1]; // the player's second roll, its second die
    changed.value = (changed.value % changed.sides) + 1;
    writeFileSync(files.tampered, JSON.stringify(archive));
    const expected = cli(files.tampered);
    assert.equal(expected.ok, false);
    assert.equal(expected.rolls, 3 * 3 + 1, 'the rolls before it match');
    assert.ok(expected.problem.startsWith(`event ${rolls[3].seq} (dice.rolled): roll ${changed.counter} of "table"`), expected.problem);
    const got = await checkOnPage(ua.page, files.tampered);
    assert.equal(got.text, `Not verified after ${expected.rolls} rolls: ${expected.problem}`);
    assert.equal(got.state, 'not-verified');
  });

  await step('the archive from before the close: the seed is not revealed yet', async () => {
    assert.match(cli(files.open).problem, /^the seed is not revealed yet/);
    const got = await checkOnPage(ua.page, files.open);
    assert.equal(got.text, 'The seed is not revealed yet: the umpire reveals it by closing the campaign.');
    assert.equal(got.state, 'unrevealed');
  });

  await step('axe-core over the page with a verdict shown', async () => {
    await checkOnPage(ua.page, files.tampered);
    assert.deepEqual(await axe(ua.page), [], 'the dice check with a verdict');
    assert.deepEqual(ua.pageErrors, []);
  });

  await step('signed out, the page stays and checks the same', async () => {
    outsider = await openUser(browser, server, {}, { path: '/#/dice-check' });
    const page = outsider.page;
    await page.getByTestId('dice-file').waitFor();
    assert.equal(await waitForHash(page, '#/dice-check'), '#/dice-check');
    const got = await checkOnPage(page, files.closed);
    assert.equal(got.state, 'verified');
    assert.deepEqual(await axe(page), [], 'the dice check signed out');
    assert.deepEqual(outsider.pageErrors, []);
  });

  await step('the verifier gives the command line\'s words for damaged copies', async () => {
    const good = readFileSync(files.closed, 'utf8');
    const variants = {
      'no stream on a roll': (a) => { delete a.events.find((e) => e.dice.length > 0).dice[0].stream; },
      'a wrong seed': (a) => { a.campaign.seed = a.campaign.seed.replace(/^./, (c) => (c === '0' ? '1' : '0')); },
      'a short seed': (a) => { a.campaign.seed = 'abcd'; },
      'a negative counter': (a) => { a.events.find((e) => e.dice.length > 0).dice[0].counter = -2; },
      'a d1': (a) => { a.events.find((e) => e.dice.length > 0).dice[0].sides = 1; },
      'an event out of order': (a) => { a.events[2].seq = 7; },
      'a malformed event': (a) => { delete a.events[1].dice; },
      'no creation first': (a) => { a.events[0].type = 'chat.said'; },
      'no events': (a) => { a.events = []; },
    };
    for (const [what, damage] of Object.entries(variants)) {
      const archive = JSON.parse(good);
      damage(archive);
      const file = path.join(dir, 'variant.json');
      writeFileSync(file, JSON.stringify(archive));
      const { ok, rolls, problem, revealed } = await checkInPage(outsider.page, JSON.stringify(archive));
      assert.equal(revealed, true, what);
      assert.deepEqual({ ok, rolls, problem }, cli(file), what);
    }
  });
});
