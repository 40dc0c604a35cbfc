// A diary begun on one device and finished on another (web/player/draft.js; docs/protocol.md, "Drafts"): the
// player writes part of his diary on his desktop and stops; on his phone the diary tab gives it back as he left it
// (text, activity, the gazette box), nothing of it reached the umpire's view meanwhile, and once he sends it from
// the phone the draft is gone: a fresh page shows the diary he sent, with no draft offered over it. Another player
// reads no draft of his (a draft is its writer's only), and the umpire is refused one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from '../integration/lib/server.mjs';
import { connect, newUser, uniqueName, httpRequest } from '../integration/lib/client.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper, injectAxe } from './lib/browser.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('a diary begun on the desktop is finished on the phone', { timeout: 120000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const sockets = [];
  let desk;
  let phone;
  t.after(async () => {
    for (const c of sockets) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const step = stepper(t, (name) => failureShots(`draft-${name.replace(/\W+/g, '_')}`, { desk: desk?.page, phone: phone?.page }));
  const words = `DRAFT-${randomBytes(4).toString('hex')} The colonel dined with the Duke`;
  let users;
  let U;
  let campaign;

  await step('a campaign in its months; the player opens his diary on the desktop', async () => {
    users = { umpire: await newUser(server, uniqueName('dfu')), a: await newUser(server, uniqueName('dfa')), b: await newUser(server, uniqueName('dfb')) };
    U = await connect(server, users.umpire.cookie);
    const A = await connect(server, users.a.cookie);
    const B = await connect(server, users.b.cookie);
    sockets.push(U, A, B);
    campaign = (await U.ok('campaign.create', { name: 'Drafts' })).campaign;
    for (const P of [A, B]) {
      const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
      await P.ok('campaign.join', { code });
    }
    await A.ok('colonel.create', { campaign, name: 'Kemp' });
    await B.ok('colonel.create', { campaign, name: 'Hay' });
    await U.ok('year.start', { campaign, year: '174-', month: 4 });
    await U.subscribe(campaign);
    desk = await openUser(browser, server, {}, { cookie: users.a.cookie, path: `/#/campaign/${campaign}/diary` });
    await waitForConnState(desk.page, 'online');
    await desk.page.getByTestId('diary-text').waitFor();
  });

  await step('he writes part of it and stops: the draft is kept, and the umpire sees nothing of it', async () => {
    const p = desk.page;
    await p.getByTestId('diary-activity').selectOption('politics');
    await p.getByTestId('diary-text').fill(words);
    await p.getByTestId('diary-publish').check();
    await p.getByTestId('diary-draft').filter({ hasText: 'Draft kept' }).waitFor();
    const v = await U.caughtUp(campaign);
    assert.equal(JSON.stringify(v).includes(words.slice(0, 14)), false, 'no draft in the umpire\'s view');
    const kemp = Object.values(v.year.colonels).find((c) => c.name === 'Kemp');
    assert.equal(kemp.diary ?? null, null, 'nothing submitted');
  });

  await step('only he reads it: the other player finds none, the umpire is refused', async () => {
    const path = `/api/campaigns/${campaign}/drafts/diary`;
    const b = await httpRequest(server, 'GET', path, { cookie: users.b.cookie });
    assert.equal(b.status, 200, b.text);
    assert.deepEqual(b.json, { turn: null });
    const u = await httpRequest(server, 'GET', path, { cookie: users.umpire.cookie });
    assert.equal(u.status, 403, u.text);
    const outsider = await newUser(server, uniqueName('dfo'));
    assert.equal((await httpRequest(server, 'GET', path, { cookie: outsider.cookie })).status, 404);
    const bad = await httpRequest(server, 'POST', path, { cookie: users.a.cookie, body: { turn: 1, diary: 'not an object' } });
    assert.equal(bad.status, 400, bad.text);
    const mine = await httpRequest(server, 'GET', path, { cookie: users.a.cookie });
    assert.equal(mine.json.draft.text, words, 'the refused save changed nothing');
  });

  await step('on his phone the diary tab gives it back as he left it; he sends it from there', async () => {
    phone = await openUser(browser, server, PHONE, { cookie: users.a.cookie, path: `/#/campaign/${campaign}/diary` });
    const p = phone.page;
    await p.getByTestId('diary-draft').filter({ hasText: 'Your draft is back' }).waitFor();
    assert.equal(await p.getByTestId('diary-text').inputValue(), words);
    assert.equal(await p.getByTestId('diary-activity').inputValue(), 'politics');
    assert.equal(await p.getByTestId('diary-publish').isChecked(), true);
    await p.getByTestId('diary-text').fill(`${words}, and wrote to his agent.`);
    await p.getByTestId('diary-submit').click();
    await p.getByTestId('diary-saved').filter({ hasText: 'Saved.' }).waitFor();
    const v = await U.waitForView(campaign, (x) => Object.values(x.year.colonels).some((c) => c.name === 'Kemp' && c.diary), 10000);
    const kemp = Object.values(v.year.colonels).find((c) => c.name === 'Kemp');
    assert.equal(kemp.diary.text, `${words}, and wrote to his agent.`);
    assert.equal(kemp.diary.activity, 'politics');
    await injectAxe(p);
    const r = await p.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    assert.deepEqual(r.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => x.id), []);
  });

  await step('once sent, the draft is gone: a fresh page shows the diary he sent and offers no draft', async () => {
    const mine = await httpRequest(server, 'GET', `/api/campaigns/${campaign}/drafts/diary`, { cookie: users.a.cookie });
    assert.deepEqual(mine.json, { turn: null });
    await desk.page.reload();
    await desk.page.getByTestId('diary-status').and(desk.page.locator('[data-submitted="true"]')).waitFor();
    assert.equal(await desk.page.getByTestId('diary-text').inputValue(), `${words}, and wrote to his agent.`);
    await desk.page.waitForTimeout(300);
    assert.equal(await desk.page.getByTestId('diary-draft').isVisible(), false, 'no draft offered');
    for (const u of [desk, phone]) assert.deepEqual(u.pageErrors, []);
  });
});
