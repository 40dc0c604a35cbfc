// An umpire and a player, each in their own browser, on one real server: sign-up and sign-in through the
// page, a campaign, an invite code read off the umpire console, live notices and chat, and an umpire note
// that never reaches the player (neither on the page nor in any WebSocket frame).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import {
  launchBrowser, openUser, registerViaPage, loginViaPage, waitForHash, waitForConnState, connState, itemTexts,
  waitForItem, markWindow, windowMarker, failureShots, stepper,
} from './lib/browser.mjs';

test('umpire and player: invite, join, live notices and chat, private umpire notes', { timeout: 120000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  t.after(async () => {
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const umpireName = uniqueName('ump');
  const playerName = uniqueName('pla');
  const campaignName = `Flanders 1744 ${uniqueName('c')}`;
  const run = Math.random().toString(36).slice(2, 10);
  const noticeText = `The army goes into winter quarters at Ghent (${run})`;
  const secretMarker = `SECRET-${run}-${Date.now().toString(36)}`;
  const noteText = `The French relief column arrives in May. ${secretMarker}`;
  const laterNotice = `Forage is short along the Scheldt (${run})`;
  const chatText = `Huzzah from the left flank! (${run})`;

  let umpire;
  let player;
  let campaignId;
  let code;
  let playerMark;
  let umpireMark;
  const step = stepper(t, (name) => failureShots(`umpire_player-${name.replace(/\W+/g, '_')}`,
    { umpire: umpire?.page, player: player?.page }));

  await step('the umpire registers, logs out and logs in again through the page', async () => {
    umpire = await openUser(browser, server);
    const page = umpire.page;
    await waitForHash(page, '#/login');
    await page.getByTestId('login-username').waitFor();
    assert.equal(await page.getByTestId('user-name').isHidden(), true, 'no user name is shown while signed out');

    await registerViaPage(page, umpireName);
    assert.equal((await page.getByTestId('user-name').textContent()).trim(), umpireName);
    await waitForConnState(page, 'online');

    await page.getByTestId('logout').click();
    await waitForHash(page, '#/login');
    await page.getByTestId('login-username').waitFor();
    assert.equal(await page.getByTestId('user-name').isHidden(), true, 'no user name is shown after logging out');

    await loginViaPage(page, umpireName);
    assert.equal((await page.getByTestId('user-name').textContent()).trim(), umpireName);
    await waitForConnState(page, 'online');
    assert.equal((await page.getByTestId('conn-state').locator('.conn-label').textContent()).trim(), 'online');
  });

  await step('the umpire creates a campaign', async () => {
    const page = umpire.page;
    assert.equal(await page.getByTestId('campaign-link').count(), 0);
    await page.getByTestId('campaign-name-input').fill(campaignName);
    await page.getByTestId('campaign-create').click();
    const hash = await waitForHash(page, /^#\/campaign\/\d+$/);
    campaignId = Number(hash.split('/')[2]);
    assert.ok(Number.isInteger(campaignId) && campaignId > 0, `campaign id from ${hash}`);
    await page.getByTestId('campaign-name').filter({ hasText: campaignName }).waitFor();
    assert.equal((await page.getByTestId('campaign-name').textContent()).trim(), campaignName);
    await page.locator('[data-testid="my-role"][data-role="umpire"]').waitFor();
    await page.getByTestId('tab-umpire').waitFor();
    await page.locator('[data-testid="member-item"]').first().waitFor();
    assert.equal(await page.getByTestId('member-list').getByTestId('member-item').count(), 1);
  });

  await step('the umpire creates a player invite code in the console and reads it off the page', async () => {
    const page = umpire.page;
    await page.getByTestId('tab-umpire').click();
    await waitForHash(page, `#/campaign/${campaignId}/umpire`);
    await page.getByTestId('invite-role').selectOption('player');
    const framesBefore = umpire.frames.length;
    await page.getByTestId('invite-create').click();
    const item = page.getByTestId('invite-list').getByTestId('invite-item');
    await item.first().waitFor();
    assert.equal(await item.count(), 1);
    code = (await item.getByTestId('invite-code').textContent()).trim();
    assert.match(code, /^[A-Z0-9]{6,}$/, `an invite code: ${JSON.stringify(code)}`);
    assert.equal(await item.getAttribute('data-code'), code);
    assert.match((await item.locator('.invite-role').textContent()).trim(), /^player$/i);
    // The code on the page is the one the server answered the umpire's campaign.invite with.
    const replies = umpire.frames.slice(framesBefore).map((f) => JSON.parse(f)).filter((m) => 'reply' in m && m.ok && m.body && 'code' in m.body);
    assert.deepEqual(replies.map((m) => m.body.code), [code]);
    assert.equal(await page.getByTestId('invite-error').isHidden(), true);
  });

  await step('the player registers, joins with the code and opens the campaign page', async () => {
    player = await openUser(browser, server);
    const page = player.page;
    await waitForHash(page, '#/login');
    await registerViaPage(page, playerName);
    assert.equal((await page.getByTestId('user-name').textContent()).trim(), playerName);
    assert.equal(await page.getByTestId('campaign-link').count(), 0);

    await page.getByTestId('join-code-input').fill(code);
    await page.getByTestId('join-submit').click();
    await waitForHash(page, `#/campaign/${campaignId}`);
    await page.getByTestId('campaign-name').filter({ hasText: campaignName }).waitFor();
    await page.locator('[data-testid="my-role"][data-role="player"]').waitFor();
    // Back to the list, where the campaign is now listed, and open it from there.
    await page.evaluate(() => { location.hash = '#/campaigns'; });
    const link = page.locator(`[data-testid="campaign-link"][data-campaign="${campaignId}"]`);
    await link.waitFor();
    assert.equal(await page.getByTestId('campaign-link').count(), 1);
    assert.ok((await link.textContent()).includes(campaignName), await link.textContent());
    await link.click();
    await waitForHash(page, `#/campaign/${campaignId}`);
    await page.getByTestId('campaign-name').filter({ hasText: campaignName }).waitFor();
    await page.locator('[data-testid="my-role"][data-role="player"]').waitFor();
    assert.equal(await page.getByTestId('tab-umpire').count(), 0, 'a player has no umpire tab');
    assert.equal(await page.getByTestId('note-list').count(), 0, 'a player has no umpire notes list');
    await waitForConnState(page, 'online');
    // Both members are listed on his Table (the umpire's, on his Umpire tab, is brought up to date when he opens it).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="member-list"] [data-testid="member-item"]').length === 2);
    const memberText = await page.getByTestId('member-list').textContent();
    assert.ok(memberText.includes(umpireName) && memberText.includes(playerName), memberText);

    playerMark = await markWindow(player);
    umpireMark = await markWindow(umpire);
  });

  await step('a public notice posted by the umpire appears on the player page without a reload', async () => {
    const page = umpire.page;
    await page.getByTestId('notice-input').fill(noticeText);
    await page.getByTestId('notice-post').click();
    await waitForItem(player.page, 'notice-list', 'notice-item', noticeText);
    assert.deepEqual(await itemTexts(player.page, 'notice-list', 'notice-item'), [noticeText]);
    const author = await player.page.getByTestId('notice-list').getByTestId('notice-item').locator('.author').textContent();
    assert.equal(author.trim(), umpireName);
    assert.equal(await page.getByTestId('notice-input').inputValue(), '', 'the notice box is emptied after posting');
    assert.equal(await page.getByTestId('notice-error').isHidden(), true);

    assert.equal(await windowMarker(player.page), playerMark.token, 'the player page was not reloaded');
    assert.equal(player.loads, playerMark.loads, 'no document load on the player page');
    assert.equal(await player.page.evaluate(() => location.hash), `#/campaign/${campaignId}`);
  });

  await step('a private umpire note shows on the umpire page and never on the player page', async () => {
    const page = umpire.page;
    await page.getByTestId('note-input').fill(noteText);
    await page.getByTestId('note-post').click();
    await waitForItem(page, 'note-list', 'note-item', noteText);
    assert.deepEqual(await itemTexts(page, 'note-list', 'note-item'), [noteText]);
    assert.equal(await page.getByTestId('note-input').inputValue(), '');
    // Not on the public board, on either page (his Table is brought up to date when he opens it).
    await page.getByTestId('tab-table').click();
    await waitForItem(page, 'notice-list', 'notice-item', noticeText);
    assert.deepEqual(await itemTexts(page, 'notice-list', 'notice-item'), [noticeText]);
    await page.getByTestId('tab-umpire').click();

    // A later public notice: once the player sees it, everything committed before it has been pushed.
    await page.getByTestId('notice-input').fill(laterNotice);
    await page.getByTestId('notice-post').click();
    await waitForItem(player.page, 'notice-list', 'notice-item', laterNotice);
    assert.deepEqual(await itemTexts(player.page, 'notice-list', 'notice-item'), [laterNotice, noticeText]);

    const html = await player.page.content();
    const text = await player.page.evaluate(() => document.body.innerText + '\n' + document.title);
    assert.equal(html.includes(secretMarker), false, 'the umpire note is in the player page\'s DOM');
    assert.equal(text.includes(secretMarker), false, 'the umpire note is in the player page\'s text');
    assert.ok(player.frames.length > 0, 'frames of the player page were captured');
    const leaked = player.frames.filter((f) => f.includes(secretMarker) || f.includes('umpire_notes'));
    assert.deepEqual(leaked, [], 'WebSocket frames received by the player page that hold the umpire note');
    // The capture does see such frames: the umpire's page received the note.
    assert.ok(umpire.frames.some((f) => f.includes(secretMarker)), 'the umpire page received the note over its socket');

    assert.equal(await windowMarker(player.page), playerMark.token, 'the player page was not reloaded');
    assert.equal(player.loads, playerMark.loads);
  });

  await step('chat said by the player appears live on the umpire page', async () => {
    const page = umpire.page;
    await page.getByTestId('tab-table').click();
    await waitForHash(page, `#/campaign/${campaignId}`);
    await page.getByTestId('chat-list').waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="member-list"] [data-testid="member-item"]').length === 2);

    await player.page.getByTestId('chat-input').fill(chatText);
    await player.page.getByTestId('chat-send').click();
    await waitForItem(page, 'chat-list', 'chat-item', chatText);
    assert.deepEqual(await itemTexts(page, 'chat-list', 'chat-item'), [chatText]);
    await page.getByTestId('chat-list').getByTestId('chat-item').first().waitFor({ state: 'visible' });
    const author = await page.getByTestId('chat-list').getByTestId('chat-item').locator('.author').textContent();
    assert.equal(author.trim(), playerName);

    await waitForItem(player.page, 'chat-list', 'chat-item', chatText);
    assert.deepEqual(await itemTexts(player.page, 'chat-list', 'chat-item'), [chatText]);
    assert.equal(await player.page.getByTestId('chat-input').inputValue(), '', 'the chat box is emptied after sending');
    assert.equal(await player.page.getByTestId('chat-error').isHidden(), true);

    assert.equal(await windowMarker(page), umpireMark.token, 'the umpire page was not reloaded');
    assert.equal(umpire.loads, umpireMark.loads);
    assert.equal(await windowMarker(player.page), playerMark.token, 'the player page was not reloaded');
  });

  await step('both connection indicators show online; no uncaught page errors', async () => {
    for (const u of [umpire, player]) {
      assert.equal(await connState(u.page), 'online');
      assert.equal((await u.page.getByTestId('conn-state').locator('.conn-label').textContent()).trim(), 'online');
      assert.equal(await u.page.getByTestId('conn-state').isVisible(), true);
      assert.deepEqual(u.pageErrors, []);
    }
    // The whole exchange ran over one socket per page: nothing dropped and reconnected along the way.
    assert.equal(player.sockets.length, 1, 'the player page opened exactly one WebSocket');
  });

});
