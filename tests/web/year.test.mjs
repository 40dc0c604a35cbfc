// The campaign year in three browsers (the browser test of the year): an umpire and two players on one
// real server create colonels, run the regiment auction (the umpire opens lots, the players bid, the umpire
// closes), start the year, submit diaries, the umpire resolves the month and notes each report, and each player
// reads his own report and not the other's: neither on any of his pages nor in any WebSocket frame his page
// received. Everything is done through the pages; codes and ids are read off them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import {
  launchBrowser, openUser, registerViaPage, waitForHash, waitForConnState, failureShots, stepper, UI_TIMEOUT,
} from './lib/browser.mjs';

const PUBLIC_KEYS = ['away', 'name', 'player', 'profile', 'regiment', 'regiment_name', 'user'];
const hex = () => randomBytes(5).toString('hex');

/** The element with data-testid `id` and the given data-* attributes, e.g. el(page, 'auction-high', {value: 150}). */
function el(scope, id, data = {}) {
  const attrs = Object.entries(data).map(([k, v]) => `[data-${k}="${v}"]`).join('');
  return scope.locator(`[data-testid="${id}"]${attrs}`);
}

async function openTab(page, campaignId, tab) {
  await page.getByTestId(`tab-${tab}`).click();
  await waitForHash(page, tab === 'table' ? `#/campaign/${campaignId}` : `#/campaign/${campaignId}/${tab}`);
}

async function bodyText(page) {
  return page.evaluate(() => document.body.innerText);
}

/** Every push a page received, checked: the other colonel's entry has only its public keys; no umpire console. */
function assertFramesClean(frames, otherId, what) {
  let pushes = 0;
  for (const f of frames) {
    const m = JSON.parse(f);
    if (m.push !== 'view') continue;
    pushes += 1;
    const ops = 'view' in m ? [{ op: 'add', path: '', value: m.view }] : m.patch;
    for (const op of ops) {
      for (const path of [op.path, op.from]) {
        if (path === undefined) continue;
        assert.ok(!path.startsWith('/year/console'), `${what}: an op on the console`);
        const p = /^\/year\/colonels\/([^/]+)\/([^/]+)/.exec(path);
        if (p && p[1] === String(otherId)) assert.ok(PUBLIC_KEYS.includes(p[2]), `${what}: ${JSON.stringify(op).slice(0, 200)}`);
      }
      if (!('value' in op) || op.value === null || typeof op.value !== 'object') continue;
      const year = op.path === '' ? op.value.year : op.path === '/year' ? op.value : undefined;
      if (year) assert.ok(!('console' in year), `${what}: a view with the console`);
      const colonels = year ? year.colonels : op.path === '/year/colonels' ? op.value : undefined;
      const entry = colonels ? colonels[String(otherId)] : op.path === `/year/colonels/${otherId}` ? op.value : undefined;
      if (entry) assert.deepEqual(Object.keys(entry).sort(), PUBLIC_KEYS, `${what}: the other colonel's entry`);
    }
  }
  assert.ok(pushes > 5, `${what}: pushes were recorded (${pushes})`);
}

test('the campaign year in the browser: colonels, auction, diaries, resolution, private reports', { timeout: 150000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  t.after(async () => {
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const names = { umpire: uniqueName('yu'), a: uniqueName('ya'), b: uniqueName('yb') };
  const M = {
    aObjective: `OBJ-A-${hex()}`, bObjective: `OBJ-B-${hex()}`,
    aDiary: `DIARY-A-${hex()}`, bDiary: `DIARY-B-${hex()}`,
    aNote: `NOTE-A-${hex()}`, bNote: `NOTE-B-${hex()}`,
  };
  let umpire;
  let pa;
  let pb;
  let campaignId;
  const ids = {};
  const step = stepper(t, (name) => failureShots(`year-${name.replace(/\W+/g, '_')}`,
    { umpire: umpire?.page, a: pa?.page, b: pb?.page }));

  await step('three people register; the umpire creates a campaign and a player code; the players join', async () => {
    [umpire, pa, pb] = await Promise.all([openUser(browser, server), openUser(browser, server), openUser(browser, server)]);
    for (const [u, n] of [[umpire, names.umpire], [pa, names.a], [pb, names.b]]) {
      await waitForHash(u.page, '#/login');
      await registerViaPage(u.page, n);
    }
    const page = umpire.page;
    await page.getByTestId('campaign-name-input').fill('Flanders, the year 174-');
    await page.getByTestId('campaign-create').click();
    campaignId = Number((await waitForHash(page, /^#\/campaign\/\d+$/)).split('/')[2]);
    assert.ok(Number.isInteger(campaignId) && campaignId > 0);
    await openTab(page, campaignId, 'umpire');
    await page.getByTestId('invite-role').selectOption('player');
    await page.getByTestId('invite-create').click();
    const code = (await page.getByTestId('invite-list').getByTestId('invite-code').first().textContent()).trim();
    assert.match(code, /^[A-Z0-9]{6,}$/);
    for (const u of [pa, pb]) {
      await u.page.getByTestId('join-code-input').fill(code);
      await u.page.getByTestId('join-submit').click();
      await waitForHash(u.page, `#/campaign/${campaignId}`);
      await el(u.page, 'my-role', { role: 'player' }).waitFor();
      await waitForConnState(u.page, 'online');
    }
  });

  await step('each player creates a colonel with a profile, PIP and a secret objective', async () => {
    for (const [u, name, pip, fortune, age, objective] of [[pa, 'Kemp', 37, 630, 41, M.aObjective], [pb, 'Dartington', 23, 770, 29, M.bObjective]]) {
      const page = u.page;
      await openTab(page, campaignId, 'colonel');
      await page.getByTestId('colonel-name').fill(name);
      await page.getByTestId('colonel-age').fill(String(age));
      await page.getByTestId('colonel-social').fill('Younger son of a baronet');
      await page.getByTestId('colonel-background').fill(`${name} of Norfolk`);
      await page.getByTestId('colonel-pip').fill(String(pip));
      await page.getByTestId('colonel-pip-summary').filter({ hasText: `£${fortune}` }).waitFor();
      await page.getByTestId('colonel-create').click();
      await el(page, 'sheet-fortune', { value: fortune }).waitFor();
      await el(page, 'sheet-pip', { value: pip }).waitFor();
      assert.equal((await page.getByTestId('sheet-name').textContent()).includes(name), true);
      await page.getByTestId('objective-kind').selectOption('custom');
      await page.getByTestId('objective-text').fill(`${objective}: a seat in Parliament`);
      await page.getByTestId('objective-choose').click();
      await el(page, 'objective-status', { status: 'pending' }).waitFor();
    }
    // The umpire approves Kemp's objective and leaves Dartington's pending; the colonels' ids are read off the page.
    await openTab(umpire.page, campaignId, 'year');
    const items = umpire.page.getByTestId('objective-review-item');
    await items.nth(1).waitFor();
    ids.a = Number(await items.filter({ hasText: 'Kemp' }).getAttribute('data-colonel'));
    ids.b = Number(await items.filter({ hasText: 'Dartington' }).getAttribute('data-colonel'));
    assert.ok(ids.a > 0 && ids.b > 0 && ids.a !== ids.b, JSON.stringify(ids));
    const kemp = el(umpire.page, 'objective-review-item', { colonel: ids.a });
    assert.ok((await kemp.textContent()).includes(M.aObjective));
    await kemp.getByTestId('objective-approve').click();
    await el(pa.page, 'objective-status', { status: 'approved' }).waitFor();
    // The umpire's own push may land after the player's: wait for the approved item to leave his list.
    await kemp.waitFor({ state: 'detached' });
    assert.equal(await el(umpire.page, 'objective-review-item').count(), 1);
  });

  await step('the auction: the umpire opens lots, bids appear live on every page, the umpire closes', async () => {
    for (const u of [umpire, pa, pb]) await openTab(u.page, campaignId, 'auction');
    const ump = umpire.page;
    await ump.getByTestId('auction-open-regiment').selectOption('7');
    await ump.getByTestId('auction-open').click();
    for (const u of [umpire, pa, pb]) await el(u.page, 'auction-lot', { regiment: 7 }).waitFor();
    const bid = async (u, amount) => {
      await u.page.getByTestId('auction-bid-amount').fill(String(amount));
      await u.page.getByTestId('auction-bid').click();
      for (const v of [umpire, pa, pb]) await el(v.page, 'auction-high', { value: amount }).waitFor();
    };
    await bid(pa, 150);
    // Bids are public: B sees A's bid, with A's colonel.
    await el(pb.page, 'auction-bid-item', { amount: 150, colonel: ids.a }).waitFor();
    await bid(pb, 175);
    await bid(pa, 210);
    assert.deepEqual(await pb.page.getByTestId('auction-bid-item').evaluateAll((els) => els.map((e) => [Number(e.dataset.amount), Number(e.dataset.colonel)])),
      [[210, ids.a], [175, ids.b], [150, ids.a]], 'B sees every bid, newest first');
    await ump.getByTestId('auction-close').click();
    for (const u of [umpire, pa, pb]) await el(u.page, 'auction-lot-item', { regiment: 7, winner: ids.a }).waitFor();
    // A holds a regiment now and cannot bid again.
    await ump.getByTestId('auction-open-regiment').selectOption('12');
    await ump.getByTestId('auction-open').click();
    await el(pa.page, 'auction-lot', { regiment: 12 }).waitFor();
    await pa.page.getByTestId('auction-cannot-bid').waitFor();
    assert.equal(await pa.page.getByTestId('auction-bid').isHidden(), true);
    await el(pb.page, 'auction-lot', { regiment: 12 }).waitFor();
    await bid(pb, 160);
    await ump.getByTestId('auction-close').click();
    for (const u of [umpire, pa, pb]) {
      await el(u.page, 'auction-lot-item', { regiment: 12, winner: ids.b }).waitFor();
      await el(u.page, 'auction-lowest', { value: 160 }).waitFor();
    }
    await openTab(pa.page, campaignId, 'colonel');
    await el(pa.page, 'sheet-regiment', { value: 7 }).waitFor();
    await el(pa.page, 'sheet-fortune', { value: 630 - 210 }).waitFor();
    await openTab(pb.page, campaignId, 'colonel');
    await el(pb.page, 'sheet-regiment', { value: 12 }).waitFor();
    await el(pb.page, 'sheet-fortune', { value: 770 - 160 }).waitFor();
  });

  await step('the umpire starts the year', async () => {
    const page = umpire.page;
    await openTab(page, campaignId, 'year');
    await page.getByTestId('year-start-year').fill('174-');
    await page.getByTestId('year-start-month').selectOption('4');
    await page.getByTestId('year-start').click();
    await page.getByTestId('year-start-confirm').click();
    await el(page, 'month-label', { turn: 1 }).waitFor();
    assert.equal((await page.getByTestId('month-label').textContent()).trim(), 'April 174- (month 1)');
    await page.getByTestId('submitted-count').filter({ hasText: '(0 of 2 submitted)' }).waitFor();
  });

  await step('each player submits a diary with orders; the form shows what they cost', async () => {
    const diaries = [
      // A: drills the men and oversees it; 9 companies maintained, 10 declared; pays. Costs £90 + £10 of £420 + £120.
      { u: pa, activity: 'supervise', supervise: 'drill', checks: ['diary-drill'], maintained: 9, declared: 10, pay: 'pay', text: `${M.aDiary} The men drill on the heath.`, left: 440, total: 100, income: 120 },
      // B: socialises, musketry; 8 and 8; the pay left in arrears. Costs £20 of £610 + £100.
      { u: pb, activity: 'socialise', checks: ['diary-musketry'], maintained: 8, declared: 8, pay: 'arrears', text: `${M.bDiary} A ball at Ghent.`, left: 690, total: 20, income: 100 },
    ];
    for (const d of diaries) {
      const page = d.u.page;
      await openTab(page, campaignId, 'diary');
      await page.getByTestId('diary-month').filter({ hasText: 'April 174-' }).waitFor();
      await el(page, 'diary-status', { submitted: 'false' }).waitFor();
      for (const c of d.checks) await page.getByTestId(c).check();
      await page.getByTestId('diary-activity').selectOption(d.activity);
      if (d.supervise) await page.getByTestId('diary-supervise').selectOption(d.supervise);
      await page.getByTestId('diary-maintained').fill(String(d.maintained));
      await page.getByTestId('diary-declared').fill(String(d.declared));
      await page.getByTestId('diary-pay').selectOption(d.pay);
      await page.getByTestId('diary-text').fill(d.text);
      await el(page, 'diary-cost', { left: d.left, total: d.total, income: d.income, ok: 'true' }).waitFor();
      await page.getByTestId('diary-submit').click();
      await el(page, 'diary-status', { submitted: 'true' }).waitFor();
    }
    await umpire.page.getByTestId('submitted-count').filter({ hasText: '(2 of 2 submitted)' }).waitFor();
    await el(umpire.page, 'submitted-item', { colonel: ids.a, submitted: 'true' }).waitFor();
    await el(umpire.page, 'submitted-item', { colonel: ids.b, submitted: 'true' }).waitFor();
  });

  await step('the umpire resolves the month and notes each colonel\'s report', async () => {
    const page = umpire.page;
    await page.getByTestId('month-resolve').click();
    await page.getByTestId('month-resolve-confirm').click();
    await el(page, 'month-label', { turn: 2 }).waitFor();
    assert.equal((await page.getByTestId('month-label').textContent()).trim(), 'May 174- (month 2)');
    await openTab(page, campaignId, 'colonels');
    for (const [id, note] of [[ids.a, M.aNote], [ids.b, M.bNote]]) {
      const card = el(page, 'colonel-card', { colonel: id });
      await card.getByTestId('report-note-input').fill(`${note}: well turned out`);
      await card.getByTestId('report-note-post').click();
      await page.waitForFunction(([cid, n]) => {
        const c = document.querySelector(`[data-testid="colonel-card"][data-colonel="${cid}"]`);
        return c && [...c.querySelectorAll('[data-testid="report-note-item"]')].some((e) => e.textContent.includes(n));
      }, [id, note], { timeout: UI_TIMEOUT });
    }
  });

  await step('each player reads his own report, with his note, and nothing of the other\'s', async () => {
    const expected = [
      { u: pa, mine: [M.aObjective, M.aDiary, M.aNote], theirs: [M.bObjective, M.bDiary, M.bNote], other: ids.b,
        fortune: [420, 440], pip: [37, 27], activity: 'Supervising the regiment' },
      { u: pb, mine: [M.bObjective, M.bDiary, M.bNote], theirs: [M.aObjective, M.aDiary, M.aNote], other: ids.a,
        fortune: [610, 690], pip: [23, 28], activity: 'Socialising' },
    ];
    for (const x of expected) {
      const page = x.u.page;
      await openTab(page, campaignId, 'reports');
      const report = el(page, 'report-item', { turn: 1 });
      await report.waitFor();
      assert.equal(await page.getByTestId('report-item').count(), 1, 'one report: his own, for April');
      await el(report, 'report-fortune', { before: x.fortune[0], after: x.fortune[1] }).waitFor();
      await el(report, 'report-pip', { before: x.pip[0], after: x.pip[1] }).waitFor();
      assert.ok((await report.textContent()).includes(x.activity));
      await report.getByTestId('report-note-item').filter({ hasText: x.mine[2] }).waitFor();
      assert.equal(await report.getByTestId('report-note-item').count(), 1, 'only his own note');
      assert.ok((await report.getByTestId('report-diary').textContent()).includes(x.mine[1]));
      const text = await bodyText(page);
      for (const m of x.mine.slice(1)) assert.ok(text.includes(m), `his report page shows ${m}`);
      for (const m of x.theirs) assert.ok(!text.includes(m), `his report page shows the other's ${m}`);
    }
    // B's men were left unpaid: £80 of arrears on his report, and nowhere on A's pages.
    await el(el(pb.page, 'report-item', { turn: 1 }), 'report-regiment-item', { field: 'arrears' }).filter({ hasText: '£80' }).waitFor();
    // Every page of each player: his own secrets only.
    for (const x of expected) {
      for (const tab of ['colonel', 'diary', 'auction', 'gazette', 'regiments', 'table']) {
        await openTab(x.u.page, campaignId, tab);
        const text = await bodyText(x.u.page);
        for (const m of x.theirs) assert.ok(!text.includes(m), `the ${tab} page shows the other's ${m}`);
      }
      await openTab(x.u.page, campaignId, 'colonel');
      assert.ok((await bodyText(x.u.page)).includes(x.mine[0]), 'his own objective on his sheet');
      // And every WebSocket frame his page received.
      assert.ok(x.u.frames.length > 10);
      for (const m of x.theirs) assert.deepEqual(x.u.frames.filter((f) => f.includes(m)).map((f) => f.slice(0, 200)), [], `frames with ${m}`);
      for (const m of x.mine) assert.ok(x.u.frames.some((f) => f.includes(m)), `his page received his own ${m}`);
      assertFramesClean(x.u.frames, x.other, names[x.u === pa ? 'a' : 'b']);
    }
    // The umpire's page received everything.
    for (const m of Object.values(M)) assert.ok(umpire.frames.some((f) => f.includes(m)), `the umpire's page received ${m}`);
    for (const u of [umpire, pa, pb]) assert.deepEqual(u.pageErrors, []);
  });
});
