// Answers to the umpire's notices, in the browser (docs/protocol.md, notice.answer and house rule `notice_answers`;
// web/common/panels/notice_answers.js, web/year/format.js). One real server; an umpire and two players, Anne and
// Ben, set up over WebSocket; their pages are real browsers.
// - The umpire posts a notice with the rule off: Anne's Table shows it with no Answer control.
// - The umpire ticks the rule on his House rules tab and saves: the server says it is on, and Anne's page offers
//   Answer under the notice at once (a view push).
// - Anne answers: an empty answer is refused by the page, one the server refuses (too long) shows the server's
//   words, and her answer shows under the notice as "Your answer".
// - The umpire's Table shows it under the notice with her name and the time (`data-author`: her user id).
// - Ben's page shows nothing of it, his view's notice_answers is empty and no frame he received holds it.
// - The chronicle (#/chronicle/<id>): the umpire's shows her answer under its notice with her name, Anne's shows
//   it as "Your answer", Ben's shows none; none offers a form.
// - With the rule off again, Anne's form goes and her answer stays.
// - axe-core finds no violation in Anne's notices; on a phone her page fits the screen with full-size targets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { startServer } from '../integration/lib/server.mjs';
import { connect, newUser, uniqueName } from '../integration/lib/client.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper, injectAxe } from './lib/browser.mjs';
import { PHONE, checkPage } from './lib/pages.mjs';

const hasAxe = () => {
  try { createRequire(import.meta.url).resolve('axe-core/axe.min.js'); return true; } catch { return false; }
};

async function axeViolations(page, selector) {
  await injectAxe(page);
  return page.evaluate(async (s) => (await window.axe.run(s)).violations
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), selector);
}

// An umpire, Anne and Ben, every one subscribed to the campaign.
async function campaignOfThree(server) {
  const people = {};
  for (const name of ['umpire', 'anne', 'ben']) {
    // Short names: a long one in the top bar of a 390 px phone runs past the screen (not this test's).
    const u = await newUser(server, uniqueName(name.slice(0, 2)));
    people[name] = { ...u, client: await connect(server, u.cookie) };
  }
  const U = people.umpire.client;
  const campaign = (await U.ok('campaign.create', { name: 'Answers to notices' })).campaign;
  const code = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  await people.anne.client.ok('campaign.join', { code });
  await people.ben.client.ok('campaign.join', { code });
  for (const p of Object.values(people)) assert.equal((await p.client.subscribe(campaign)).reply.ok, true);
  return { people, campaign };
}

test('answers to the umpire\'s notices: the rule, the form, the umpire\'s list, nothing for others', { timeout: 180000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  let people = {};
  t.after(async () => {
    for (const p of Object.values(people)) await p.client?.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  const run = Math.random().toString(36).slice(2, 10);
  const noticeText = `Winter quarters at Ghent; forage is short (${run})`;
  const answerText = `My regiment can forage towards Courtrai (${run})`;
  let campaign;
  let noticeId;
  let anne;
  let umpire;
  let ben;
  const step = stepper(t, (name) => failureShots(`notice-answers-${name.replace(/\W+/g, '_')}`,
    { anne: anne?.page, umpire: umpire?.page, ben: ben?.page }));
  const noticeOf = (page) => page.locator(`[data-testid="notice-item"][data-notice="${noticeId}"]`);
  const open = (who, tab) => openUser(browser, server, {}, { cookie: people[who].cookie, path: `/#/campaign/${campaign}/${tab}` });

  await step('with the rule off, the notice shows with no Answer control', async () => {
    ({ people, campaign } = await campaignOfThree(server));
    const U = people.umpire.client;
    noticeId = (await U.ok('notice.post', { campaign, text: noticeText })).id;
    assert.equal(U.view(campaign).year.settings.notice_answers, false, 'the rule is off by default');
    anne = await open('anne', 'table');
    await waitForConnState(anne.page, 'online');
    const item = noticeOf(anne.page);
    await item.waitFor();
    assert.equal(await item.locator('.item-text').textContent(), noticeText);
    assert.equal(await item.getByTestId('notice-answer-open').count(), 0);
    assert.equal(await item.getByTestId('notice-answer-text').count(), 0);
    assert.equal(await item.getByTestId('notice-answer').count(), 0);
  });

  await step('the umpire turns the rule on in House rules; Anne\'s page offers Answer', async () => {
    umpire = await open('umpire', 'rules');
    const page = umpire.page;
    const box = page.getByTestId('rules-notice_answers');
    await box.waitFor();
    assert.equal(await box.isChecked(), false);
    const row = page.locator('[data-testid="rules-row"][data-setting="notice_answers"]');
    await row.getByText('Players may answer your notices, to the umpires alone').waitFor();
    await box.check();
    await page.getByTestId('rules-save').click();
    await people.umpire.client.waitForView(campaign, (v) => v.year.settings.notice_answers === true, 5000, 'the rule on');
    await noticeOf(anne.page).getByTestId('notice-answer-open').waitFor();
    assert.equal(await page.getByTestId('rules-error').isHidden(), true);
  });

  await step('Anne answers: the page\'s refusal, the server\'s, then her answer under the notice', async () => {
    const item = noticeOf(anne.page);
    await item.getByTestId('notice-answer-open').click();
    const input = item.getByTestId('notice-answer-text');
    const send = item.getByTestId('notice-answer-send');
    const error = item.getByTestId('notice-answer-error');
    assert.equal(await send.textContent(), 'Send to the umpire');
    assert.equal(await item.getByLabel('Your answer, for the umpires alone').getAttribute('data-testid'), 'notice-answer-text');

    await send.click();
    await error.filter({ hasText: 'Write your answer first.' }).waitFor();

    // Past the box's own limit, so the server refuses it: its words, as they come.
    const tooLong = 'x'.repeat(2001);
    const refusal = await people.anne.client.send('notice.answer', { campaign, notice: noticeId, text: tooLong });
    assert.equal(refusal.ok, false);
    await input.evaluate((el) => el.removeAttribute('maxlength'));
    await input.fill(tooLong);
    await send.click();
    await error.filter({ hasText: refusal.error.message }).waitFor();
    assert.equal(await error.textContent(), refusal.error.message);
    assert.equal(await item.getByTestId('notice-answer').count(), 0);

    await input.fill(answerText);
    await send.click();
    const mine = item.getByTestId('notice-answer');
    await mine.waitFor();
    assert.equal(await mine.locator('.answer-author').textContent(), 'Your answer');
    assert.equal(await mine.locator('.answer-text').textContent(), answerText);
    assert.equal(await mine.getAttribute('data-author'), String(people.anne.user));
    assert.equal(await input.inputValue(), '', 'the box is emptied once sent');
    assert.equal(await error.isHidden(), true);
    const answers = Object.values(people.anne.client.view(campaign).notice_answers);
    assert.deepEqual(answers.map((a) => [a.notice, a.text]), [[noticeId, answerText]]);
  });

  await step('the umpire\'s Table shows her answer under the notice, with her name and the time', async () => {
    const page = umpire.page;
    await page.getByTestId('tab-table').click();
    const answer = noticeOf(page).locator(`[data-testid="notice-answer"][data-author="${people.anne.user}"]`);
    await answer.waitFor();
    assert.equal(await answer.locator('.answer-author').textContent(), `Answer from ${people.anne.username}`);
    assert.equal(await answer.locator('.answer-text').textContent(), answerText);
    assert.match(await answer.locator('time').getAttribute('datetime'), /^\d{4}-\d\d-\d\dT/);
    assert.equal(await noticeOf(page).getByTestId('notice-answer-open').count(), 0, 'an umpire does not answer');
    // The notice's own text is still the notice's alone.
    assert.equal(await noticeOf(page).locator('.item-text').allTextContents().then((x) => x.join('|')), noticeText);
  });

  await step('Ben sees nothing of it: not on his page, not in his view, not on his wire', async () => {
    ben = await open('ben', 'table');
    await waitForConnState(ben.page, 'online');
    const item = noticeOf(ben.page);
    await item.getByTestId('notice-answer-open').waitFor();
    assert.equal(await item.getByTestId('notice-answer').count(), 0);
    assert.equal(await ben.page.getByText(answerText).count(), 0);
    await people.ben.client.caughtUp(campaign);
    assert.deepEqual(people.ben.client.view(campaign).notice_answers || {}, {});
    assert.deepEqual(people.ben.client.framesContaining('Courtrai'), []);
    assert.deepEqual(ben.wire.filter((f) => f.includes('Courtrai')), []);
  });

  await step('the chronicle: the umpire\'s shows her answer under its notice, Anne\'s hers, Ben\'s none', async () => {
    const chronicleOf = async (who) => {
      const c = await openUser(browser, server, {}, { cookie: people[who].cookie, path: `/#/chronicle/${campaign}` });
      await c.page.getByTestId('chronicle').waitFor();
      const item = c.page.locator(`[data-testid="chronicle-notice"][data-notice="${noticeId}"]`);
      await item.waitFor();
      assert.equal(await item.locator('.item-text').textContent(), noticeText);
      return { ...c, item };
    };
    const seen = [];
    try {
      const u = await chronicleOf('umpire');
      seen.push(u);
      const answer = u.item.locator(`[data-testid="notice-answer"][data-author="${people.anne.user}"]`);
      assert.equal(await u.item.getByTestId('notice-answer').count(), 1);
      assert.equal(await answer.locator('.answer-author').textContent(), `Answer from ${people.anne.username}`);
      assert.equal(await answer.locator('.answer-text').textContent(), answerText);
      assert.match(await answer.locator('time').getAttribute('datetime'), /^\d{4}-\d\d-\d\dT/);
      assert.equal(await u.page.getByTestId('notice-answer-open').count(), 0, 'a chronicle is read, not answered');

      const a = await chronicleOf('anne');
      seen.push(a);
      const mine = a.item.getByTestId('notice-answer');
      assert.equal(await mine.count(), 1);
      assert.equal(await mine.locator('.answer-author').textContent(), 'Your answer');
      assert.equal(await mine.locator('.answer-text').textContent(), answerText);
      assert.equal(await a.page.getByTestId('notice-answer-open').count(), 0, 'a chronicle is read, not answered');

      const b = await chronicleOf('ben');
      seen.push(b);
      assert.equal(await b.page.getByTestId('notice-answer').count(), 0);
      assert.equal(await b.page.getByText(answerText).count(), 0);
      assert.ok(!(await b.page.getByTestId('chronicle').textContent()).includes('Courtrai'));
      for (const c of seen) assert.deepEqual(c.pageErrors, []);
    } finally {
      for (const c of seen) await c.context.close().catch(() => {});
    }
  });

  await step('axe-core finds no violation in Anne\'s notices, the form open', async () => {
    if (!hasAxe()) {
      t.diagnostic('axe-core is not installed: no accessibility check');
      return;
    }
    assert.equal(await noticeOf(anne.page).locator('details[open]').count(), 1);
    assert.deepEqual(await axeViolations(anne.page, '.panel-notices'), []);
  });

  await step('on a phone: her notices fit the screen, every target full-size', async () => {
    const phone = await openUser(browser, server, PHONE, { cookie: people.anne.cookie, path: `/#/campaign/${campaign}/table` });
    const item = noticeOf(phone.page);
    await item.getByTestId('notice-answer').waitFor();
    await item.getByTestId('notice-answer-open').click();
    await item.getByTestId('notice-answer-text').waitFor();
    const problems = await checkPage(phone.page, 'phone: Anne\'s notices with an answer');
    assert.deepEqual(phone.pageErrors, []);
    await phone.context.close();
    assert.deepEqual(problems, []);
  });

  await step('with the rule off again, her form goes and her answer stays', async () => {
    await people.umpire.client.ok('rules.set', { campaign, settings: { notice_answers: false } });
    const item = noticeOf(anne.page);
    await item.getByTestId('notice-answer-open').waitFor({ state: 'hidden' });
    assert.equal(await item.getByTestId('notice-answer').count(), 1);
    for (const p of [anne, umpire, ben]) assert.deepEqual(p.pageErrors, []);
  });
});
