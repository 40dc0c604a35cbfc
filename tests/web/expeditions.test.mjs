// Expeditions and the War Office Committee in three browsers (docs/protocol.md, "Expeditions and the War Office
// Committee"; web/year/expeditions_tab.js): on one real server, two colonels with regiments and PIP (made through
// the protocol, as a club would through the pages); the umpire, in his browser, rolls an expedition from Annex A,
// edits its fields (secret and public), briefs it; both players see the briefing and never a secret; the umpire
// marks them present and puts a motion; each votes PIP in his browser (one refusal shown as the server words it);
// the umpire watches the live tally and closes the motion; both players then see every colonel's PIP and the force
// the motion set. At every step no player's page, nor any WebSocket frame his page received, holds a secret.
// axe-core finds no violation on the tab, for a player and for the umpire.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { connect, newUser, uniqueName } from '../integration/lib/client.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper, injectAxe } from './lib/browser.mjs';

const hex = () => randomBytes(4).toString('hex');

/** The element with data-testid `id` and the given data-* attributes. */
function el(scope, id, data = {}) {
  const attrs = Object.entries(data).map(([k, v]) => `[data-${k}="${v}"]`).join('');
  return scope.locator(`[data-testid="${id}"]${attrs}`);
}

async function openTab(page, campaignId, tab) {
  await page.getByTestId(`tab-${tab}`).click();
  await waitForHash(page, `#/campaign/${campaignId}/${tab}`);
}

async function axeViolations(page) {
  await page.waitForTimeout(300); // the last push painted
  await injectAxe(page);
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) =>
    `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
}

test('expeditions in the browser: the briefing, its secrets kept, the committee\'s PIP votes', { timeout: 180000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const sockets = [];
  t.after(async () => {
    for (const s of sockets) await s.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  // The secrets: what no player may ever receive. Field names the players' briefing never has, and markers.
  const M = {
    notes: `SECRET-NOTES-7431-${hex()}`,
    quality: `SECRET-QUALITY-${hex()}`,
    numbersText: `SECRET-NUMBERS-${hex()}`,
    risk: `SECRET-RISK-${hex()}`,
    believed: `BELIEVED-${hex()}: a few companies of militia, badly led`,
    location: `Port-${hex()}`,
  };
  const SECRET_TEXTS = [M.notes, M.quality, M.numbersText, M.risk];
  // Keys no player's `expeditions` may hold: the secret fields (risk_hint made secret here), the umpires' part.
  const SECRET_KEYS = new Set(['enemy_numbers', 'enemy_numbers_text', 'enemy_quality', 'disease_risk', 'shipwreck_risk', 'notes',
    'risk_hint', 'umpire', 'tally', 'rolls', 'preview', 'reckonings', 'crisis', 'draft']);

  let umpire;
  let pa;
  let pb;
  let campaignId;
  const ids = {};
  const step = stepper(t, (name) => failureShots(`expeditions-${name.replace(/\W+/g, '_')}`,
    { umpire: umpire?.page, a: pa?.page, b: pb?.page }));

  /** Every key of `value` (deeply) and of its path is allowed a player: `where` names it in a failure. */
  function assertKeysClean(value, where) {
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (k === 'my_reckoning') continue; // his own lines, rolls and all
      assert.ok(!SECRET_KEYS.has(k), `${where}: a player received the key "${k}": ${JSON.stringify(value).slice(0, 300)}`);
      assertKeysClean(v, `${where}/${k}`);
    }
  }

  /**
   * No secret on any player's page (its whole document) nor in any frame his page received: no marker anywhere,
   * and no secret key in any part of a view push that touches `expeditions`.
   */
  async function assertNoSecrets(what) {
    for (const [who, u] of [['A', pa], ['B', pb]]) {
      const html = await u.page.content();
      for (const s of SECRET_TEXTS) assert.ok(!html.includes(s), `${what}: ${who}'s page holds ${s}`);
      let pushes = 0;
      for (const f of u.frames) {
        for (const s of SECRET_TEXTS) assert.ok(!f.includes(s), `${what}: a frame ${who}'s page received holds ${s}: ${f.slice(0, 300)}`);
        const m = JSON.parse(f);
        if (m.push !== 'view') continue;
        pushes += 1;
        const ops = 'view' in m ? [{ op: 'add', path: '', value: m.view }] : m.patch;
        for (const op of ops) {
          if (op.path === '') {
            assertKeysClean(op.value.expeditions, `${what}: ${who}: /expeditions`);
          } else if (op.path.startsWith('/expeditions') && !op.path.includes('/my_reckoning')) {
            for (const seg of op.path.split('/')) assert.ok(!SECRET_KEYS.has(seg), `${what}: ${who}: an op on ${op.path}`);
            assertKeysClean(op.value, `${what}: ${who}: ${op.path}`);
          }
        }
      }
      assert.ok(pushes > 0, `${what}: ${who}'s page received pushes`);
    }
  }

  await step('accounts, a campaign, two colonels with regiments and PIP, the year started (through the protocol)', async () => {
    const users = {
      umpire: await newUser(server, uniqueName('xu')),
      a: await newUser(server, uniqueName('xa')),
      b: await newUser(server, uniqueName('xb')),
    };
    const U = await connect(server, users.umpire.cookie);
    const A = await connect(server, users.a.cookie);
    const B = await connect(server, users.b.cookie);
    sockets.push(U, A, B);
    campaignId = (await U.ok('campaign.create', { name: 'The Indies, 174-' })).campaign;
    const { code } = await U.ok('campaign.invite', { campaign: campaignId, role: 'player' });
    for (const c of [A, B]) await c.ok('campaign.join', { code });
    await A.ok('colonel.create', { campaign: campaignId, name: 'Kemp', pip: 20 });
    await B.ok('colonel.create', { campaign: campaignId, name: 'Dartington', pip: 15 });
    for (const [c, regiment] of [[A, 7], [B, 9]]) {
      await U.ok('auction.open', { campaign: campaignId, regiment });
      await c.ok('auction.bid', { campaign: campaignId, amount: 150 });
      await U.ok('auction.close', { campaign: campaignId });
    }
    await U.ok('year.start', { campaign: campaignId, year: '174-', month: 4 });
    ids.a = users.a.user;
    ids.b = users.b.user;
    [umpire, pa, pb] = await Promise.all([
      openUser(browser, server, {}, { cookie: users.umpire.cookie, path: `/#/campaign/${campaignId}/expeditions` }),
      openUser(browser, server, {}, { cookie: users.a.cookie, path: `/#/campaign/${campaignId}/expeditions` }),
      openUser(browser, server, {}, { cookie: users.b.cookie, path: `/#/campaign/${campaignId}/expeditions` }),
    ]);
    for (const u of [umpire, pa, pb]) {
      await waitForConnState(u.page, 'online');
      await u.page.getByTestId('tab-expeditions').waitFor();
      await waitForHash(u.page, `#/campaign/${campaignId}/expeditions`);
      await u.page.getByTestId('expeditions-none').waitFor();
    }
    await umpire.page.getByTestId('crisis-status').filter({ hasText: 'No crisis rolled' }).waitFor();
    // Players have no console: neither the crisis nor the draft.
    for (const u of [pa, pb]) {
      assert.equal(await u.page.getByTestId('crisis-panel').count(), 0);
      assert.equal(await u.page.getByTestId('expedition-draft-panel').count(), 0);
    }
  });

  await step('the umpire rolls the next crisis and an expedition from Annex A', async () => {
    const page = umpire.page;
    await page.getByTestId('crisis-roll').click();
    await page.getByTestId('crisis-status').filter({ hasText: /Next crisis in \d+ months \(month \d+/ }).waitFor();
    const months = Number(await page.getByTestId('crisis-status').getAttribute('data-months-left'));
    assert.ok(months >= 2 && months <= 12, `2d6 months: ${months}`);
    await page.getByTestId('expedition-create-generate').click();
    await page.getByTestId('expedition-draft').waitFor();
    const location = el(page, 'expedition-roll', { what: 'location' });
    await location.waitFor();
    const d100 = Number(await location.getAttribute('data-value'));
    assert.ok(d100 >= 1 && d100 <= 100, `the location's d100: ${d100}`);
    assert.match(await location.textContent(), /^location d100: \d+$/);
    // The generator filled the mission and the region; secret fields are marked so.
    assert.notEqual(await el(page, 'expedition-field', { field: 'mission' }).getAttribute('data-value'), '');
    assert.notEqual(await el(page, 'expedition-field', { field: 'region' }).getAttribute('data-value'), '');
    await el(page, 'expedition-field', { field: 'notes', public: 'false' }).getByTestId('expedition-field-visibility')
      .filter({ hasText: 'secret' }).waitFor();
    await el(page, 'expedition-field', { field: 'believed_enemy', public: 'true' }).waitFor();
    await assertNoSecrets('the draft');
  });

  await step('the umpire edits fields, secret and public, and briefs the players', async () => {
    const page = umpire.page;
    const edit = async (field, value) => {
      const row = el(page, 'expedition-field', { field });
      await row.getByTestId('expedition-field-value').fill(value);
      await row.getByTestId('expedition-field-save').click();
      await el(page, 'expedition-field', { field, value }).waitFor();
    };
    await edit('enemy_numbers', '1.3');
    await edit('notes', `${M.notes}: the governor is bribed`);
    await edit('enemy_quality', M.quality);
    await edit('enemy_numbers_text', M.numbersText);
    await edit('believed_enemy', M.believed);
    await edit('location', M.location);
    // A sketch map uploaded as a picture (a 1x1 PNG): the field holds its address on this server.
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000'
      + '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082', 'hex');
    await el(page, 'expedition-field', { field: 'map' }).getByTestId('expedition-map-file')
      .setInputFiles({ name: 'bay.png', mimeType: 'image/png', buffer: png });
    await el(page, 'expedition-field', { field: 'map' }).getByTestId('expedition-map-status').filter({ hasText: 'bay.png is the map' }).waitFor();
    assert.match(await el(page, 'expedition-field', { field: 'map' }).getAttribute('data-value'), /^\/api\/campaigns\/\d+\/images\/[0-9a-f]{32}$/);
    // A public field made secret: its text stays the umpire's.
    await edit('risk_hint', M.risk);
    await el(page, 'expedition-field', { field: 'risk_hint' }).getByTestId('expedition-field-public').uncheck();
    await el(page, 'expedition-field', { field: 'risk_hint', public: 'false' }).waitFor();
    // A value the server refuses: its words under the row.
    const months = el(page, 'expedition-field', { field: 'months_out' });
    await months.getByTestId('expedition-field-value').fill('30');
    await months.getByTestId('expedition-field-save').click();
    await months.getByTestId('expedition-field-error').filter({ hasText: '0 to 24' }).waitFor();
    await months.getByTestId('expedition-field-value').fill('1');
    await months.getByTestId('expedition-field-save').click();
    await el(page, 'expedition-field', { field: 'months_out', value: '1' }).waitFor();
    assert.equal(await months.getByTestId('expedition-field-error').isHidden(), true);
    // What the players will be told: the believed enemy, not the secrets.
    const told = await page.getByTestId('expedition-draft-public').textContent();
    assert.ok(told.includes(M.believed) && !told.includes(M.notes) && !told.includes(M.risk), told);
    await assertNoSecrets('the edited draft');
    await page.getByTestId('expedition-brief').click();
    await el(page, 'expedition', { expedition: 1, status: 'briefed' }).waitFor();
    assert.equal(await page.getByTestId('expedition-draft').isHidden(), true);
    await page.getByTestId('expedition-create-generate').waitFor();
    await page.getByTestId('crisis-status').filter({ hasText: 'No crisis rolled' }).waitFor();
  });

  await step('both players see the briefing, the announcement, and no secret', async () => {
    for (const u of [pa, pb]) {
      const card = el(u.page, 'expedition', { expedition: 1, status: 'briefed' });
      await card.waitFor();
      await el(card, 'expedition-fact', { field: 'believed_enemy' }).filter({ hasText: M.believed }).waitFor();
      assert.ok((await card.getByTestId('expedition-title').textContent()).includes(M.location));
      assert.equal(await el(card, 'expedition-fact', { field: 'notes' }).count(), 0);
      assert.equal(await el(card, 'expedition-fact', { field: 'risk_hint' }).count(), 0);
      assert.equal(await el(card, 'expedition-fact', { field: 'enemy_numbers' }).count(), 0);
      await el(card, 'expedition-fact', { field: 'months_out' }).filter({ hasText: '1 month' }).waitFor();
      const map = card.getByTestId('expedition-map-image');
      await map.waitFor();
      await u.page.waitForFunction((img) => img.complete && img.naturalWidth === 1, await map.elementHandle());
      await el(u.page, 'expedition-announcement', { expedition: 1 }).filter({ hasText: M.location }).waitFor();
      // Not present yet: he may not vote.
      await card.getByTestId('expedition-not-present').waitFor();
      assert.equal(await u.page.getByTestId('expedition-umpire').count(), 0);
    }
    // The Gazette carries the War Office's announcement too.
    await openTab(pa.page, campaignId, 'gazette');
    await pa.page.getByTestId('gazette-news-item').filter({ hasText: M.location }).waitFor();
    await openTab(pa.page, campaignId, 'expeditions');
    await assertNoSecrets('the briefing');
  });

  await step('the umpire marks both present and puts a motion on which regiments go', async () => {
    const page = umpire.page;
    const card = el(page, 'expedition', { expedition: 1 });
    await el(card, 'committee-present', { colonel: ids.a }).check();
    await el(card, 'committee-present', { colonel: ids.b }).check();
    await card.getByTestId('committee-attendance-save').click();
    for (const u of [umpire, pa, pb]) {
      await el(u.page, 'expedition-present-item', { colonel: ids.a }).waitFor();
      await el(u.page, 'expedition-present-item', { colonel: ids.b }).waitFor();
    }
    await card.getByTestId('motion-question').fill('Which regiments shall sail?');
    await card.getByTestId('motion-kind').selectOption('regiments');
    await card.getByTestId('motion-options').fill('7, 9\n9: only the 9th');
    await card.getByTestId('motion-put').click();
    for (const u of [umpire, pa, pb]) {
      const motion = el(u.page, 'expedition-motion', { motion: 1, open: 'true' });
      await motion.waitFor();
      await el(motion, 'motion-option', { option: 0 }).filter({ hasText: 'the 7th and the 9th' }).waitFor();
      await el(motion, 'motion-option', { option: 1 }).filter({ hasText: 'only the 9th' }).waitFor();
    }
    for (const u of [pa, pb]) {
      await u.page.getByTestId('motion-vote-form').waitFor();
      assert.equal(await u.page.getByTestId('expedition-not-present').isHidden(), true);
      // The server's "needs you": his vote.
      await u.page.getByTestId('expeditions-needs-you-item').filter({ hasText: 'Which regiments shall sail?' }).waitFor();
    }
    await assertNoSecrets('the committee sits');
  });

  await step('both players vote PIP in the browser; a vote beyond his PIP is refused in the server\'s words', async () => {
    const vote = async (u, pip, { refused } = {}) => {
      const motion = el(u.page, 'expedition-motion', { motion: 1 });
      for (const [i, n] of pip.entries()) await el(motion, 'motion-vote-pip', { option: i }).fill(String(n));
      await motion.getByTestId('motion-vote').click();
      if (refused) {
        await motion.getByTestId('motion-vote-error').filter({ hasText: refused }).waitFor();
      } else {
        await el(motion, 'motion-my-vote', { pip: pip.join(',') }).waitFor();
      }
    };
    await vote(pa, [1000, 0], { refused: 'PIP' });
    await vote(pa, [5, 0]);
    await pa.page.getByTestId('expeditions-needs-you').waitFor({ state: 'hidden' });
    // A's vote is sealed: B sees no vote of anybody's while the motion is open.
    assert.equal(await pb.page.getByTestId('motion-vote-row').count(), 0);
    assert.equal(await el(pb.page, 'motion-my-vote', { pip: '' }).count(), 1);
    await vote(pb, [2, 3]);
    // The umpire's live tally.
    const tally = el(umpire.page, 'expedition-motion', { motion: 1 }).getByTestId('motion-tally');
    await el(tally, 'motion-tally-total', { option: 0, total: 7 }).waitFor();
    await el(tally, 'motion-tally-total', { option: 1, total: 3 }).waitFor();
    await el(tally, 'motion-tally-row', { colonel: ids.a }).waitFor();
    for (const u of [pa, pb]) {
      assert.equal(await u.page.getByTestId('motion-tally-row').count(), 0, 'no tally for a player');
      assert.equal(await u.page.getByTestId('motion-close').isHidden(), true);
    }
    await assertNoSecrets('the votes');
  });

  await step('the umpire closes the motion; both players see the tally, each colonel\'s PIP, and the force it set', async () => {
    await el(umpire.page, 'expedition-motion', { motion: 1 }).getByTestId('motion-close').click();
    for (const u of [umpire, pa, pb]) {
      const motion = el(u.page, 'expedition-motion', { motion: 1, open: 'false' });
      await motion.waitFor();
      await el(motion, 'motion-total', { option: 0, total: 7, carried: 'true' }).waitFor();
      await el(motion, 'motion-total', { option: 1, total: 3, carried: 'false' }).waitFor();
      await el(motion, 'motion-how', { how: 'most_pip' }).filter({ hasText: 'most PIP' }).waitFor();
      for (const [colonel, pip] of [[ids.a, [5, 0]], [ids.b, [2, 3]]]) {
        const row = el(motion, 'motion-vote-row', { colonel });
        for (const [i, n] of pip.entries()) await el(row, 'motion-vote-cell', { option: i, pip: n }).waitFor();
      }
      assert.equal(await motion.getByTestId('motion-vote-form').isHidden(), true);
      await el(u.page, 'expedition-force', { regiments: '7,9' }).waitFor();
    }
    // The PIP is spent: 20 - 5 and 15 - 5.
    await openTab(pa.page, campaignId, 'colonel');
    await el(pa.page, 'sheet-pip', { value: 15 }).waitFor();
    await openTab(pb.page, campaignId, 'colonel');
    await el(pb.page, 'sheet-pip', { value: 10 }).waitFor();
    for (const u of [pa, pb]) await openTab(u.page, campaignId, 'expeditions');
    await assertNoSecrets('the motion closed');
    // The umpire still sees his secrets.
    const page = umpire.page;
    const card = el(page, 'expedition', { expedition: 1 });
    await card.getByTestId('expedition-edit').locator('summary').click();
    await el(card, 'expedition-field', { field: 'notes' }).getByTestId('expedition-field-value').waitFor();
    assert.equal(await page.getByTestId('expedition-field').count(), 20, 'the briefed expedition\'s rows only: the draft\'s are gone');
    assert.ok((await page.content()).includes(M.notes));
  });

  await step('the expedition sails; the umpire fights a battle on it: the regiments that went come to the table', async () => {
    const page = umpire.page;
    const card = el(page, 'expedition', { expedition: 1 });
    await card.getByTestId('depart').click();
    await el(page, 'expedition', { expedition: 1, status: 'departed' }).waitFor();
    await openTab(page, campaignId, 'battle');
    const panel = page.getByTestId('battle-create-panel');
    await panel.waitFor();
    if (!(await panel.evaluate((d) => d.open))) await panel.locator('summary').click();  // open already with no battle yet
    await page.getByTestId('battle-create-expedition').selectOption('1');
    assert.equal(await page.getByTestId('battle-create-regiments').isHidden(), true, 'the expedition brings its own');
    await page.getByTestId('battle-create-name').fill('The landing at Bay Bulls');
    await page.getByTestId('battle-create').click();
    // Each colonel's regiment ("Kemp's Regiment of Foot") and his leader figure.
    for (const n of ['Kemp', 'Dartington']) await page.getByTestId('battle-unit-row').filter({ hasText: n }).first().waitFor();
    await openTab(page, campaignId, 'expeditions');
    await assertNoSecrets('the battle on the expedition');
  });

  await step('axe-core: no violation on the Expeditions tab, for a player and for the umpire', async () => {
    assert.deepEqual(await axeViolations(pa.page), [], "a player's Expeditions tab");
    assert.deepEqual(await axeViolations(umpire.page), [], "the umpire's Expeditions tab");
    for (const u of [umpire, pa, pb]) assert.deepEqual(u.pageErrors, [], 'no uncaught error on any page');
    await assertNoSecrets('the end');
  });
});
