// A phone (390x844, touch): the login page, the campaigns page and the campaign page fit the width
// (no sideways scrolling) and the chat box and its Send button are on screen; a campaign that needs you keeps its
// name readable on the campaigns page, and the campaign page's navigation is one row. Screenshots go to
// /tmp/muster-web-shots/ for a human to look at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { newUser, connect, uniqueName } from '../integration/lib/client.mjs';
import {
  launchBrowser, openUser, registerViaPage, waitForHash, waitForConnState, waitForItem, itemTexts, shotPath,
  failureShots, stepper,
} from './lib/browser.mjs';
import { PHONE } from './lib/pages.mjs';

/** Widths that decide horizontal scrolling, plus the elements that stick out to the right (for a message). */
async function widths(page) {
  return page.evaluate(() => {
    const de = document.documentElement;
    const vw = window.innerWidth;
    const over = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > vw + 0.5) {
        const id = el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : '';
        over.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''}${id} right=${Math.round(r.right)}`);
      }
    }
    return { scrollWidth: de.scrollWidth, innerWidth: vw, bodyScrollWidth: document.body.scrollWidth, over: over.slice(0, 12) };
  });
}

async function assertNoSideways(page, what) {
  const w = await widths(page);
  assert.equal(w.innerWidth, 390, `${what}: the layout viewport is the phone's width`);
  assert.ok(w.scrollWidth <= w.innerWidth,
    `${what}: document scrollWidth ${w.scrollWidth} > innerWidth ${w.innerWidth}; sticking out: ${w.over.join(', ')}`);
  // A sideways scroll attempt must not move the page either.
  await page.evaluate(() => window.scrollTo(200, window.scrollY));
  assert.equal(await page.evaluate(() => window.scrollX), 0, `${what}: the page scrolls sideways`);
}

/** Visible, with a non-empty box fully inside the phone's width once scrolled into view. */
async function assertOnScreen(page, testid, what) {
  const loc = page.getByTestId(testid);
  assert.equal(await loc.count(), 1, `${what}: one ${testid}`);
  await loc.scrollIntoViewIfNeeded();
  assert.equal(await loc.isVisible(), true, `${what}: ${testid} is visible`);
  const box = await loc.boundingBox();
  assert.ok(box && box.width > 0 && box.height > 0, `${what}: ${testid} has a box`);
  assert.ok(box.x >= 0 && box.x + box.width <= 390 + 0.5, `${what}: ${testid} lies within the width: ${JSON.stringify(box)}`);
  assert.ok(box.y >= 0 && box.y + box.height <= 844 + 0.5, `${what}: ${testid} is in view after scrolling to it: ${JSON.stringify(box)}`);
  return box;
}

test('phone: login, campaigns and campaign pages fit a 390 px screen', { timeout: 120000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  t.after(async () => {
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const run = Math.random().toString(36).slice(2, 8);
  let phone;
  let campaign;
  let code;
  let umpire;
  const step = stepper(t, (name) => failureShots(`phone-${name.replace(/\W+/g, '_')}`, { phone: phone?.page }));

  await step('the login page fits and shows its forms', async () => {
    phone = await openUser(browser, server, PHONE);
    const page = phone.page;
    await waitForHash(page, '#/login');
    await page.getByTestId('register-submit').waitFor();
    assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true, 'a touch screen');
    await page.screenshot({ path: shotPath('phone-login'), fullPage: true });
    await assertNoSideways(page, 'login page');
    for (const id of ['login-username', 'login-password', 'login-submit', 'register-username', 'register-password', 'register-submit']) {
      await assertOnScreen(page, id, 'login page');
    }
  });

  await step('the campaigns page fits', async () => {
    const page = phone.page;
    await registerViaPage(page, uniqueName('phone'));
    await waitForConnState(page, 'online');
    // An umpire elsewhere (API client) runs a campaign with some history; the phone joins as a player.
    umpire = await newUser(server, uniqueName('ump'));
    const ws = await connect(server, umpire.cookie);
    try {
      campaign = (await ws.ok('campaign.create', { name: `The War of the Austrian Succession, Low Countries ${run}` })).campaign;
      code = (await ws.ok('campaign.invite', { campaign, role: 'player' })).code;
      await ws.ok('notice.post', { campaign, text: 'The army goes into winter quarters at Ghent. Colonels: report your strength by Sunday.' });
      await ws.ok('chat.say', { campaign, text: 'Welcome to the table, gentlemen.' });
      await ws.ok('dice.roll', { campaign, dice: '2d6', reason: 'weather' });
    } finally {
      await ws.close();
    }
    await page.getByTestId('join-code-input').waitFor();
    await page.screenshot({ path: shotPath('phone-campaigns'), fullPage: true });
    await assertNoSideways(page, 'campaigns page');
    await assertOnScreen(page, 'join-code-input', 'campaigns page');
    await assertOnScreen(page, 'join-submit', 'campaigns page');
  });

  await step('the campaign page fits; the chat box and Send are on screen and work by touch', async () => {
    const page = phone.page;
    await page.getByTestId('join-code-input').fill(code);
    await page.getByTestId('join-submit').tap();
    await waitForHash(page, `#/campaign/${campaign}`);
    await page.locator('[data-testid="my-role"][data-role="player"]').waitFor();
    await page.getByTestId('notice-list').getByTestId('notice-item').first().waitFor();
    await page.getByTestId('roll-list').getByTestId('roll-item').first().waitFor();
    await waitForItem(page, 'chat-list', 'chat-item', 'Welcome to the table, gentlemen.');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shotPath('phone-campaign'), fullPage: true });
    await page.screenshot({ path: shotPath('phone-campaign-viewport') });
    await assertNoSideways(page, 'campaign page');
    await assertOnScreen(page, 'chat-input', 'campaign page');
    const send = await assertOnScreen(page, 'chat-send', 'campaign page');
    assert.ok(send.height >= 32 && send.width >= 44, `the Send button is big enough to tap: ${JSON.stringify(send)}`);

    const text = `From the phone (${run})`;
    await page.getByTestId('chat-input').tap();
    await page.getByTestId('chat-input').fill(text);
    await page.getByTestId('chat-send').tap();
    await waitForItem(page, 'chat-list', 'chat-item', text);
    assert.deepEqual(await itemTexts(page, 'chat-list', 'chat-item'), ['Welcome to the table, gentlemen.', text]);
    await page.screenshot({ path: shotPath('phone-campaign-chat') });
    await assertNoSideways(page, 'campaign page after chatting');
  });

  await step('the umpire console fits a phone too', async () => {
    // The umpire signs in on a phone of their own: the API session cookie put into a fresh context.
    const ump = await openUser(browser, server, PHONE, { cookie: umpire.cookie, path: `/#/campaign/${campaign}/umpire` });
    try {
      await ump.page.locator('[data-testid="my-role"][data-role="umpire"]').waitFor();
      const item = ump.page.getByTestId('invite-list').getByTestId('invite-item');
      await item.first().waitFor();
      assert.equal((await item.getByTestId('invite-code').textContent()).trim(), code);
      await ump.page.evaluate(() => window.scrollTo(0, 0));
      await ump.page.screenshot({ path: shotPath('phone-umpire-console'), fullPage: true });
      await assertNoSideways(ump.page, 'umpire console');
      for (const id of ['tab-select', 'invite-create', 'invite-code', 'invite-revoke', 'notice-input', 'notice-post', 'note-input', 'note-post', 'close-campaign']) {
        await assertOnScreen(ump.page, id, 'umpire console');
      }
      assert.deepEqual(ump.pageErrors, []);
    } finally {
      await ump.context.close();
    }
  });
});

// The campaigns page of a player whose diary is due: the badge "1 needs you · due <date>" beside a long name. The
// name keeps a readable width (it once wrapped one letter per line while the badge kept its one line and pushed the
// page 506 px wide).
test('phone: a campaign that needs you keeps its name readable and the page its width', { timeout: 90000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const sockets = [];
  t.after(async () => {
    for (const s of sockets) await s.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const umpire = await newUser(server, uniqueName('pu'));
  const player = await newUser(server, uniqueName('pp'));
  const U = await connect(server, umpire.cookie);
  const A = await connect(server, player.cookie);
  sockets.push(U, A);
  const name = 'Flanders and the Low Countries, 1744-1748';
  const campaign = (await U.ok('campaign.create', { name })).campaign;
  const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
  await A.ok('campaign.join', { code });
  await A.ok('colonel.create', { campaign, name: 'Kemp' });
  await A.ok('objective.choose', { campaign, kind: 'glory' });
  await U.ok('year.start', { campaign, year: '174-', month: 3 });
  await U.ok('month.set_deadline', { campaign, deadline: Date.now() + 2 * 86400000 });

  const phone = await openUser(browser, server, PHONE, { cookie: player.cookie, path: '/#/campaigns' });
  const page = phone.page;
  const link = page.locator(`[data-testid="campaign-link"][data-campaign="${campaign}"]`);
  await link.getByTestId('campaign-needs').filter({ hasText: /^1 needs you · due / }).waitFor();
  await page.screenshot({ path: shotPath('phone-campaigns-needs'), fullPage: true });
  await assertNoSideways(page, 'campaigns page with a campaign that needs you');
  const nameBox = await link.locator('.campaign-link-name').boundingBox();
  assert.ok(nameBox.width >= 200, `the campaign's name is at least 200 px wide: ${JSON.stringify(nameBox)}`);
  const linkBox = await link.boundingBox();
  assert.ok(linkBox.x + linkBox.width <= 390, `the link lies within the screen: ${JSON.stringify(linkBox)}`);
  const badgeBox = await link.getByTestId('campaign-needs').boundingBox();
  assert.ok(badgeBox.x + badgeBox.width <= linkBox.x + linkBox.width, `the badge lies within its link: ${JSON.stringify(badgeBox)}`);

  // The campaign page: one row of navigation, the select of every section and the tab that needs him (Diary).
  await link.tap();
  await waitForHash(page, `#/campaign/${campaign}`);
  const nav = page.getByTestId('tab-nav');
  await nav.locator('[data-testid="tab-diary"].has-needs').waitFor();
  await page.screenshot({ path: shotPath('phone-campaign-nav') });
  const navBox = await nav.boundingBox();
  assert.ok(navBox.height <= 56, `the navigation is one row: ${JSON.stringify(navBox)}`);
  const select = page.getByTestId('tab-select');
  const sections = await select.locator('option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(sections.map(([v]) => v), ['table', 'colonel', 'diary', 'reports', 'auction', 'gazette', 'regiments', 'expeditions', 'rules']);
  assert.deepEqual(sections.find(([v]) => v === 'diary'), ['diary', 'Diary (1 needs you)']);
  assert.equal(await select.inputValue(), 'table');
  const visibleTabs = await nav.getByRole('tab').evaluateAll((ts) => ts.filter((x) => x.getBoundingClientRect().width > 0).map((x) => x.dataset.testid));
  assert.deepEqual(visibleTabs, ['tab-diary'], 'beside the select, only the tab that needs him');
  const diary = await assertOnScreen(page, 'tab-diary', 'campaign page');
  assert.ok(diary.height >= 40 && diary.width >= 40, `the Diary tab is big enough to tap: ${JSON.stringify(diary)}`);
  await select.selectOption('regiments');
  await waitForHash(page, `#/campaign/${campaign}/regiments`);
  // A tab's code loads when first opened: wait for it rather than look at once.
  await page.locator('#panel-regiments').waitFor({ state: 'visible' });
  await page.getByTestId('tab-diary').tap();
  await waitForHash(page, `#/campaign/${campaign}/diary`);
  assert.equal(await select.inputValue(), 'diary');
  await page.getByTestId('diary-text').waitFor({ state: 'visible' });
  await assertNoSideways(page, 'campaign page, Diary');

  // A tablet in portrait (768 px) has the same one row; at a desktop's size the tabs stay and the select is not shown.
  await page.setViewportSize({ width: 768, height: 1024 });
  assert.equal(await select.isVisible(), true);
  assert.ok((await nav.boundingBox()).height <= 56, 'one row on a tablet');
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.equal(await select.isVisible(), false);
  for (const id of ['tab-table', 'tab-colonel', 'tab-diary', 'tab-rules', 'tab-expeditions']) assert.equal(await page.getByTestId(id).isVisible(), true, id);
  assert.deepEqual(phone.pageErrors, []);
});
