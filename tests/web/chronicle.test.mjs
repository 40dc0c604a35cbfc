// A member's chronicle in the browser (web/common/pages/chronicle.js at #/chronicle/<id>; docs/protocol.md, "HTTP",
// GET /api/campaigns/{id}/chronicle), on a real server:
// - Over the protocol an umpire and two players: colonels, a private umpire note, a public notice, a line of table
//   talk, an open roll and a blind one, the year started in March 1744, a diary each, the month resolved, an
//   expedition briefed with a secret field and a motion voted on, and a battle with both players' leaders side by
//   side, talking to each other, fought to its end.
// - The player follows "My chronicle" from the campaign page: his March 1744 report, his diary, the notice, the
//   table talk, the open roll, the expedition's public briefing and the votes, the battle with its log, his own
//   unit's Records row and losses and the leaders' talk; neither the other player's diary, the umpire's note, the
//   blind roll nor the expedition's secret. Print calls the browser's print; "Download as JSON" saves exactly what
//   the server answers him. On paper the navigation and buttons are gone. axe-core finds nothing. On a 390 px
//   phone nothing is wider than the screen (a wide table scrolls in its own frame).
// - The umpire's chronicle holds every colonel, both diaries, his note, the blind roll, the expedition's secret and
//   both sides' Records. Someone not in the campaign reads the server's refusal.
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
const NOTICE = 'Muster at Ghent on the first';
const CHAT = 'Who brought the claret?';
const ROLL = 'Weather over the Scheldt';
const BLIND = 'A spy in the French camp';
const REGION = 'The Flemish coast';
const SECRET = 'Twelve battalions lie hidden';
const TALK_A = 'Hold the ford with me';
const TALK_B = 'Never, madam';
const MOTION = 'Shall the expedition sail?';
const SAIL = 'Sail for the Flemish coast at once'; // long: the votes table is wider than a phone

const PHONE = {
  viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
};

// Evaluated through the debugging protocol: the page's Content-Security-Policy refuses an inline script tag.
async function axe(page) {
  await injectAxe(page);
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) =>
    `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
}

// Nothing sticks out of a 390 px screen: the page never scrolls sideways, and each element lies within the width
// unless it is inside a frame that scrolls on its own (a wide table), which itself fits.
async function assertFitsPhone(page, what) {
  const w = await page.evaluate((vw) => {
    const over = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || el.parentElement.closest('.table-scroll')) continue;
      if (r.left < -0.5 || r.right > vw + 0.5) {
        over.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''}.${String(el.className).trim().split(/\s+/).join('.')} right=${Math.round(r.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, over: over.slice(0, 12) };
  }, PHONE.viewport.width);
  assert.deepEqual(w.over, [], `${what}: wider than the screen`);
  assert.equal(w.innerWidth, 390, `${what}: the layout viewport is the phone's width`);
  assert.ok(w.scrollWidth <= w.innerWidth, `${what}: scrollWidth ${w.scrollWidth} > ${w.innerWidth}`);
}

// The expedition: briefed with a public region and a secret note; the committee sits; a motion put, voted, closed.
async function expedition(U, A, campaign, present) {
  await U.ok('expedition.create', { campaign, generate: false });
  await U.ok('expedition.edit', { campaign, field: 'mission', value: 'raid_european' });
  await U.ok('expedition.edit', { campaign, field: 'region', value: REGION });
  await U.ok('expedition.edit', { campaign, field: 'notes', value: SECRET });
  const { expedition: id } = await U.ok('expedition.brief', { campaign });
  await U.ok('committee.attendance', { campaign, expedition: id, present });
  await U.ok('motion.put', { campaign, expedition: id, question: MOTION, options: [{ label: SAIL }, { label: 'Stay at home until the spring' }] });
  await A.ok('motion.vote', { campaign, expedition: id, motion: 1, pip: [2, 0] });
  await U.ok('motion.close', { campaign, expedition: id, motion: 1 });
  return id;
}

// The battle: both leaders side by side play Talk to each other, so the turn is revealed and a channel opens for
// the next; they talk; the umpire ends it.
async function battleFought(U, A, B, campaign, anne, ben) {
  const { battle } = await U.ok('battle.create', {
    campaign, name: 'Fontenoy', table: { width: 120, depth: 80, measure: 'cm' },
    sides: [{ id: 'allies', name: 'Allies' }, { id: 'french', name: 'French' }],
    leaders: [{ user: anne.user, side: 'allies', name: 'Anne', position: [20, 20] },
      { user: ben.user, side: 'french', name: 'Ben', position: [22, 20] }],
    units: [{ side: 'allies', owner: anne.user, name: 'Blues', troop_type: 'formed_infantry', position: [20, 15] },
      { side: 'french', name: 'Gardes', troop_type: 'formed_infantry', position: [80, 65], facing: 180 }],
  });
  const of = (v) => v.battles?.[String(battle)];
  const leaders = of(await U.waitForView(campaign, (v) => of(v)?.leaders?.length === 2)).leaders;
  const leaderOf = (u) => leaders.find((l) => l.user === u.user).id;
  await U.ok('battle.start', { campaign, battle });
  await A.ok('card.play', { campaign, battle, turn: 1, card: 'talk', leader: leaderOf(ben) });
  await B.ok('card.play', { campaign, battle, turn: 1, card: 'talk', leader: leaderOf(anne) });
  const { turn } = of(await U.waitForView(campaign, (v) => of(v)?.status === 'cards' && of(v)?.turn === 2 && of(v)?.channels?.length > 0));
  await A.ok('talk.say', { campaign, battle, turn, to: ben.user, text: TALK_A });
  await B.ok('talk.say', { campaign, battle, turn, to: anne.user, text: TALK_B });
  await U.ok('battle.end', { campaign, battle });
  return battle;
}

// Over the protocol: the campaign, its month, an expedition and a battle, as the page will find them.
async function setUp(server, sockets, name) {
  const [umpire, anne, ben] = await Promise.all(['chr_u', 'chr_a', 'chr_b'].map((p) => newUser(server, uniqueName(p))));
  const [U, A, B] = await Promise.all([umpire, anne, ben].map((p) => connect(server, p.cookie)));
  sockets.push(U, A, B);
  const { campaign } = await U.ok('campaign.create', { name });
  const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
  for (const c of [A, B]) await c.ok('campaign.join', { code });
  await A.ok('colonel.create', { campaign, name: 'Colonel Anne', pip: 5 });
  await B.ok('colonel.create', { campaign, name: 'Colonel Ben', pip: 0 });
  await U.subscribe(campaign);
  await U.ok('notice.post', { campaign, text: NOTE, private: true });
  await U.ok('notice.post', { campaign, text: NOTICE });
  await A.ok('chat.say', { campaign, text: CHAT });
  await B.ok('dice.roll', { campaign, dice: '2d6', reason: ROLL });
  await U.ok('dice.roll', { campaign, dice: '3d6', reason: BLIND, private: true });
  await U.ok('year.start', { campaign, year: '1744', month: 3 });
  await A.ok('diary.submit', { campaign, activity: 'politics', text: MINE });
  await B.ok('diary.submit', { campaign, activity: 'politics', text: HIS });
  await U.ok('month.resolve', { campaign });
  const xp = await expedition(U, A, campaign, [anne.user, ben.user]);
  const battle = await battleFought(U, A, B, campaign, anne, ben);
  return { umpire, anne, ben, campaign, battle, expedition: xp };
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

  await step('over the protocol: colonels, notices, talk, dice, March 1744 resolved, an expedition briefed, a battle fought', async () => {
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

  await step('his chronicle tells the notice, the table talk, the dice, the expedition, his Records and his talk; no secret', async () => {
    const page = pa.page;
    assert.deepEqual(await page.getByTestId('chronicle-notice').locator('.item-text').allTextContents(), [NOTICE]);
    assert.deepEqual(await page.getByTestId('chronicle-chat-item').locator('.item-text').allTextContents(), [CHAT]);
    const roll = page.getByTestId('chronicle-roll');
    assert.equal(await roll.count(), 1, 'the open roll alone');
    assert.match(await roll.locator('.roll-reason').textContent(), new RegExp(ROLL));
    assert.equal(await roll.locator('.die').count(), 2);

    const xp = page.locator(`[data-testid="chronicle-expedition"][data-expedition="${s.expedition}"]`);
    assert.match(await xp.locator('h3').textContent(), new RegExp(`^Expedition ${s.expedition}: ${REGION}`));
    const region = xp.getByTestId('chronicle-expedition-briefing').locator('[data-field="region"] dd');
    assert.equal(await region.textContent(), REGION);
    assert.equal(await xp.getByTestId('chronicle-expedition-secret').count(), 0);
    const motion = xp.getByTestId('chronicle-motion');
    assert.match(await motion.locator('.motion-question').textContent(), new RegExp(MOTION.replace('?', '\\?')));
    assert.match(await motion.locator('.motion-how').textContent(), new RegExp(`Carried: “${SAIL}”`));
    const vote = motion.locator(`[data-testid="chronicle-motion-vote-row"][data-colonel="${s.anne.user}"] td`);
    assert.deepEqual(await vote.allTextContents(), ['2 PIP', '0 PIP']);

    const battle = page.locator(`[data-testid="chronicle-battle"][data-battle="${s.battle}"]`);
    const rows = battle.getByTestId('records-row');
    assert.equal(await rows.count(), 1, 'the rows of his own side');
    assert.equal(await rows.getAttribute('data-regiment'), 'Blues');
    assert.deepEqual(await battle.getByTestId('losses-row').locator('td').first().allTextContents(), ['Blues']);
    assert.deepEqual(await battle.getByTestId('chronicle-talk-item').locator('.item-text').allTextContents(), [TALK_A, TALK_B]);
    assert.match(await battle.getByTestId('chronicle-talk-item').first().locator('.author').textContent(),
      new RegExp(`^${s.anne.username} → ${s.ben.username}$`));

    const text = await page.getByTestId('chronicle').textContent();
    for (const secret of [NOTE, BLIND, SECRET]) assert.ok(!text.includes(secret), `not "${secret}"`);
    assert.equal(await page.getByTestId('chronicle-umpire-notes').count(), 0);
    assert.equal(await page.getByTestId('chronicle-blind-rolls').count(), 0);
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

  await step('the umpire\'s chronicle holds every colonel, both diaries and what only umpires see; axe-core finds nothing', async () => {
    ua = await openUser(browser, server, {}, { cookie: s.umpire.cookie, path: `/#/chronicle/${s.campaign}` });
    const page = ua.page;
    await page.getByTestId('chronicle').waitFor();
    assert.equal(await page.getByTestId('chronicle-title').textContent(), `${name}: the chronicle of ${s.umpire.username}`);
    assert.deepEqual(await page.getByTestId('chronicle-colonel').locator('h2').allTextContents(), ['Colonel Anne', 'Colonel Ben']);
    const diaries = await page.getByTestId('chronicle-diary').locator('.item-text').allTextContents();
    assert.deepEqual(diaries, [MINE, HIS]);
    assert.equal(await page.locator(`[data-testid="chronicle-colonel"][data-colonel="${s.ben.user}"] [data-testid="chronicle-report"]`).count(), 1);

    assert.deepEqual(await page.getByTestId('chronicle-notice').locator('.item-text').allTextContents(), [NOTICE]);
    assert.deepEqual(await page.getByTestId('chronicle-umpire-note').locator('.item-text').allTextContents(), [NOTE]);
    assert.deepEqual(await page.getByTestId('chronicle-chat-item').locator('.item-text').allTextContents(), [CHAT]);
    assert.match(await page.getByTestId('chronicle-roll').locator('.roll-reason').textContent(), new RegExp(ROLL));
    assert.match(await page.getByTestId('chronicle-blind-roll').locator('.roll-reason').textContent(), new RegExp(BLIND));
    const xp = page.locator(`[data-testid="chronicle-expedition"][data-expedition="${s.expedition}"]`);
    assert.equal(await xp.getByTestId('chronicle-expedition-briefing').locator('[data-field="region"] dd').textContent(), REGION);
    assert.equal(await xp.getByTestId('chronicle-expedition-secret').locator('[data-field="notes"] dd').textContent(), SECRET);
    assert.equal(await xp.getByTestId('chronicle-expedition-briefing').locator('[data-field="notes"]').count(), 0, 'the secret apart');
    const battle = page.locator(`[data-testid="chronicle-battle"][data-battle="${s.battle}"]`);
    assert.deepEqual(await battle.getByTestId('records-row').evaluateAll((rs) => rs.map((r) => r.dataset.regiment)), ['Blues', 'Gardes']);
    assert.equal(await battle.getByTestId('losses-row').count(), 2);
    assert.deepEqual(await battle.getByTestId('chronicle-talk-item').locator('.item-text').allTextContents(), [TALK_A, TALK_B]);
    assert.deepEqual(await axe(page), []);
  });

  await step('on a 390 px phone nothing is wider than the screen, the player\'s chronicle nor the umpire\'s', async () => {
    for (const [who, cookie] of [['player', s.anne.cookie], ['umpire', s.umpire.cookie]]) {
      const phone = await openUser(browser, server, PHONE, { cookie, path: `/#/chronicle/${s.campaign}` });
      try {
        await phone.page.getByTestId('chronicle').waitFor();
        await assertFitsPhone(phone.page, `the ${who}'s chronicle`);
        assert.deepEqual(phone.pageErrors, []);
      } finally {
        await phone.context.close();
      }
    }
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
