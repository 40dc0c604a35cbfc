// A member's chronicle in the browser (web/common/pages/chronicle.js at #/chronicle/<id>; docs/protocol.md, "HTTP",
// GET /api/campaigns/{id}/chronicle), on a real server:
// - Over the protocol an umpire and two players: colonels, a private umpire note, the year started in March 1744,
//   a diary each, the month resolved, and a battle with the first player's leader fought to its end.
// - The player follows "My chronicle" from the campaign page: his March 1744 report, his diary, the battle with its
//   log; neither the other player's diary nor the umpire's note. Print calls the browser's print; "Download as JSON"
//   saves exactly what the server answers him. On paper the navigation and buttons are gone. axe-core finds nothing.
// - The umpire's chronicle holds every colonel, both diaries. Someone not in the campaign reads the server's refusal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../integration/lib/server.mjs';
import { connect, newUser, uniqueName, httpRequest } from '../integration/lib/client.mjs';
import { launchBrowser, openUser, waitForHash, failureShots, stepper, injectAxe } from './lib/browser.mjs';

const MINE = 'My secret diary text';
const HIS = "Bravo's own words";
const NOTE = 'Umpire eyes only';

// Evaluated through the debugging protocol: the page's Content-Security-Policy refuses an inline script tag.
async function axe(page) {
  await injectAxe(page);
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) =>
    `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
}

// Over the protocol: the campaign, its month and a battle, as the page will find them.
async function setUp(server, sockets, name) {
  const [umpire, anne, ben] = await Promise.all(['chr_u', 'chr_a', 'chr_b'].map((p) => newUser(server, uniqueName(p))));
  const [U, A, B] = await Promise.all([umpire, anne, ben].map((p) => connect(server, p.cookie)));
  sockets.push(U, A, B);
  const { campaign } = await U.ok('campaign.create', { name });
  const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
  for (const c of [A, B]) await c.ok('campaign.join', { code });
  await A.ok('colonel.create', { campaign, name: 'Colonel Anne', pip: 5 });
  await B.ok('colonel.create', { campaign, name: 'Colonel Ben', pip: 0 });
  await U.ok('notice.post', { campaign, text: NOTE, private: true });
  await U.ok('year.start', { campaign, year: '1744', month: 3 });
  await A.ok('diary.submit', { campaign, activity: 'politics', text: MINE });
  await B.ok('diary.submit', { campaign, activity: 'politics', text: HIS });
  await U.ok('month.resolve', { campaign });
  const { battle } = await U.ok('battle.create', {
    campaign, name: 'Fontenoy', table: { width: 120, depth: 80, measure: 'cm' },
    sides: [{ id: 'allies', name: 'Allies' }, { id: 'french', name: 'French' }],
    leaders: [{ user: anne.user, side: 'allies', name: 'Anne', position: [20, 20] }],
    units: [{ side: 'allies', owner: anne.user, name: 'Blues', troop_type: 'formed_infantry', position: [20, 15] },
      { side: 'french', name: 'Gardes', troop_type: 'formed_infantry', position: [80, 65], facing: 180 }],
  });
  await U.ok('battle.start', { campaign, battle });
  await U.ok('battle.close_turn', { campaign, battle, turn: 1 });
  await U.ok('battle.end', { campaign, battle });
  return { umpire, anne, ben, campaign, battle };
}

test('a member\'s chronicle: his view as a document, printed and downloaded', { timeout: 150000 }, async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-web-chronicle-'));
  const server = await startServer({ args: ['--ws-rate', '1000', '--ws-burst', '1000'] });
  const browser = await launchBrowser();
  const sockets = [];
  t.after(async () => {
    for (const c of sockets) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const name = `Flanders ${uniqueName('chr')}`;
  let s;
  let pa; // the player's browser
  let ua; // the umpire's
  const step = stepper(t, (x) => failureShots(`chronicle-${x.replace(/\W+/g, '_')}`, { player: pa?.page, umpire: ua?.page }));

  await step('over the protocol: colonels, a private note, March 1744 resolved, a battle fought', async () => {
    s = await setUp(server, sockets, name);
  });

  await step('the player follows "My chronicle": his report, his diary, his battle; nothing of others', async () => {
    pa = await openUser(browser, server, { acceptDownloads: true }, { cookie: s.anne.cookie, path: `/#/campaign/${s.campaign}` });
    const page = pa.page;
    const link = page.getByTestId('chronicle-link');
    await link.waitFor();
    assert.equal(await link.textContent(), 'My chronicle');
    await link.click();
    await waitForHash(page, `#/chronicle/${s.campaign}`);
    await page.getByTestId('chronicle').waitFor();
    assert.equal(await page.getByTestId('chronicle-title').textContent(), `${name}: the chronicle of ${s.anne.username}`);
    assert.equal(await page.title(), `${name}: the chronicle of ${s.anne.username} · Muster`);

    assert.equal(await page.getByTestId('chronicle-colonel').count(), 1, 'his colonel alone');
    const colonel = page.locator(`[data-testid="chronicle-colonel"][data-colonel="${s.anne.user}"]`);
    assert.equal(await colonel.locator('h2').textContent(), 'Colonel Anne');
    assert.equal(await colonel.getByTestId('chronicle-regiment').textContent(), 'No regiment.');
    const march = colonel.locator('[data-testid="chronicle-month"][data-turn="1"]');
    assert.equal(await march.locator('h3').textContent(), 'March 1744');
    assert.equal(await march.getByTestId('chronicle-diary').locator('.item-text').textContent(), MINE);
    const report = march.getByTestId('chronicle-report');
    assert.match(await report.locator('.report-activity').textContent(), /Politics/);
    assert.equal(await report.getByTestId('report-pip').getAttribute('data-after'), '15');
    assert.equal(await report.getByTestId('report-pip-item').getAttribute('data-item'), 'politics');

    const battle = page.locator(`[data-testid="chronicle-battle"][data-battle="${s.battle}"]`);
    assert.match(await battle.locator('h3').textContent(), /^Fontenoy/);
    assert.equal(await battle.getByTestId('chronicle-battle-status').textContent(), 'Ended');
    const lines = await battle.getByTestId('battle-log-item').locator('.item-text').allTextContents();
    assert.equal(lines[0], 'Turn 1: the cards are revealed.');
    assert.equal(lines[lines.length - 1], 'The battle ends.');
    assert.match(await battle.getByTestId('battle-log-item').last().locator('.item-meta').textContent(), /^Turn 2 · End/);

    const text = await page.getByTestId('chronicle').textContent();
    assert.ok(!text.includes(HIS), 'not the other player\'s diary');
    assert.ok(!text.includes(NOTE), 'not the umpire\'s note');
    assert.equal(await page.getByTestId('chronicle-error').isHidden(), true);
  });

  await step('"Download as JSON" saves what the server answers him; Print calls the browser\'s print', async () => {
    const page = pa.page;
    const button = page.getByTestId('chronicle-json');
    assert.equal(await button.textContent(), 'Download as JSON');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    assert.equal(download.suggestedFilename(), `${name}-chronicle-${s.anne.username}.json`);
    const file = path.join(dir, 'mine.json');
    await download.saveAs(file);
    const got = await httpRequest(server, 'GET', `/api/campaigns/${s.campaign}/chronicle`, { cookie: s.anne.cookie });
    assert.equal(got.status, 200);
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), got.json);

    await page.evaluate(() => { window.__printed = 0; window.print = () => { window.__printed += 1; }; });
    await page.getByTestId('chronicle-print').click();
    assert.equal(await page.evaluate(() => window.__printed), 1);
  });

  await step('on paper: no navigation, no buttons; the document stays', async () => {
    const page = pa.page;
    await page.emulateMedia({ media: 'print' });
    try {
      for (const id of ['chronicle-print', 'chronicle-json', 'user-name', 'logout']) {
        assert.equal(await page.getByTestId(id).isHidden(), true, `${id} hidden in print`);
      }
      assert.equal(await page.locator('.chronicle-nav').isHidden(), true, 'the back link is hidden');
      assert.equal(await page.getByTestId('chronicle-title').isVisible(), true);
      assert.equal(await page.getByText(MINE).isVisible(), true);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
    assert.equal(await page.getByTestId('chronicle-print').isVisible(), true, 'back on screen');
  });

  await step('axe-core finds no violation on the page', async () => {
    assert.deepEqual(await axe(pa.page), []);
  });

  await step('the umpire\'s chronicle holds every colonel and both diaries', async () => {
    ua = await openUser(browser, server, {}, { cookie: s.umpire.cookie, path: `/#/chronicle/${s.campaign}` });
    const page = ua.page;
    await page.getByTestId('chronicle').waitFor();
    assert.equal(await page.getByTestId('chronicle-title').textContent(), `${name}: the chronicle of ${s.umpire.username}`);
    assert.deepEqual(await page.getByTestId('chronicle-colonel').locator('h2').allTextContents(), ['Colonel Anne', 'Colonel Ben']);
    const diaries = await page.getByTestId('chronicle-diary').locator('.item-text').allTextContents();
    assert.deepEqual(diaries, [MINE, HIS]);
    assert.equal(await page.locator(`[data-testid="chronicle-colonel"][data-colonel="${s.ben.user}"] [data-testid="chronicle-report"]`).count(), 1);
  });

  await step('someone not in the campaign reads the server\'s refusal', async () => {
    const stranger = await newUser(server, uniqueName('chr_x'));
    const xa = await openUser(browser, server, {}, { cookie: stranger.cookie, path: `/#/chronicle/${s.campaign}` });
    await xa.page.getByTestId('chronicle-error').waitFor();
    assert.match(await xa.page.getByTestId('chronicle-error').textContent(), /\S/);
    assert.equal(await xa.page.getByTestId('chronicle').count(), 0);
    assert.equal(await xa.page.getByTestId('chronicle-json').isDisabled(), true);
    await xa.context.close();
  });

  await step('no page error in any browser', async () => {
    assert.deepEqual([...pa.pageErrors, ...ua.pageErrors], []);
  });
});
