// A "what needs you" item opens straight on the control that does it (docs/protocol.md, "What needs you": each
// item's `control`; web/common/needs_you.js, focusControl). On a phone (390x844) each kind of item is tapped and the
// element focused is the control named, scrolled into view: the colonel's name, the objective, the auction's bid,
// the diary's text, the battle's hand of cards; for the umpire, a custom objective to review, resolving the month and
// the battle's next step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper } from './lib/browser.mjs';
import { PHONE, tapItem, onScreen } from './lib/needs_you_tap.mjs';

test('each kind of item opens on its control, on a phone', { timeout: 150000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  let pa;
  let pu;
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const step = stepper(t, (name) => failureShots(`focus-${name.replace(/\W+/g, '_')}`, { a: pa?.page, umpire: pu?.page }));
  let users, campaign, U, A, B;

  await step('a player with no colonel: "Create your colonel." opens on the name', async () => {
    const table = await battleTable(server, { name: 'Focus', umpire: uniqueName('nfu'), players: { a: uniqueName('nfa'), b: uniqueName('nfb') } });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
    A = table.clients.a;
    B = table.clients.b;
    pa = await openUser(browser, server, PHONE, { cookie: users.a.cookie, path: `/#/campaign/${campaign}` });
    await waitForConnState(pa.page, 'online');
    const f = await tapItem(pa.page, 'Create your colonel.', 'colonel-create');
    assert.equal(f.testid, 'colonel-name');
    onScreen(f);
  });

  await step('his objective, then a lot open to him: each opens on its control', async () => {
    await A.ok('colonel.create', { campaign, name: 'Kemp' });
    let f = await tapItem(pa.page, 'Choose your colonel\'s objective.', 'objective');
    assert.equal(f.testid, 'objective-kind');
    onScreen(f);
    await A.ok('objective.choose', { campaign, kind: 'glory' });
    await U.ok('auction.open', { campaign, regiment: 7 });
    f = await tapItem(pa.page, 'Bid for regiment 7', 'auction-bid');
    assert.equal(f.testid, 'auction-bid-amount');
    onScreen(f);
    await A.ok('auction.bid', { campaign, amount: 100 });
    await U.ok('auction.close', { campaign });
  });

  await step('the month: "Write your diary" opens on its text', async () => {
    await U.ok('year.start', { campaign, year: '174-', month: 3 });
    const f = await tapItem(pa.page, 'Write your diary', 'diary-text');
    assert.equal(f.testid, 'diary-text');
    onScreen(f);
  });

  let battle;
  await step('a battle turn: the item opens on his hand of cards', async () => {
    battle = (await U.ok('battle.create', {
      campaign, name: 'Focus Field',
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      leaders: [{ user: users.a.user, side: 'british', name: 'Kemp', position: [40, 40] }],
      units: [{ side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0 }],
    })).battle;
    await U.ok('battle.settings', { campaign, battle, settings: { auto_run: false } });
    await U.ok('battle.start', { campaign, battle });
    const item = pa.page.getByTestId('needs-you-item').and(pa.page.locator(`[data-battle="${battle}"]`));
    await item.waitFor();
    const f = await tapItem(pa.page, await item.locator('.item-text').innerText(), 'battle-orders');
    assert.equal(f.testid, 'card-option');
    assert.equal(f.control, 'battle-orders');
    onScreen(f);
    assert.deepEqual(pa.pageErrors, []);
  });

  await step('the umpire: a custom objective opens on Approve; every diary in on "Resolve the month"; a step to run on "Apply this step"', async () => {
    await B.ok('colonel.create', { campaign, name: 'Hay' });
    await B.ok('objective.choose', { campaign, kind: 'custom', text: 'Marry the Duke\'s niece.' });
    pu = await openUser(browser, server, PHONE, { cookie: users.umpire.cookie, path: `/#/campaign/${campaign}` });
    await waitForConnState(pu.page, 'online');
    let f = await tapItem(pu.page, 'Review 1 custom objective.', 'objective-review');
    assert.equal(f.testid, 'objective-approve');
    onScreen(f);
    await pu.page.locator('[data-testid="objective-approve"]:visible').first().tap();
    await A.ok('diary.submit', { campaign, activity: 'socialise', orders: { maintained: 10, declared: 10, pay: 'pay' } });
    await B.ok('diary.submit', { campaign, activity: 'politics' });
    f = await tapItem(pu.page, 'Every diary is in', 'month-resolve');
    assert.equal(f.testid, 'month-resolve');
    onScreen(f);
    await A.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' });
    f = await tapItem(pu.page, 'resolve the next step', 'battle-step');
    assert.equal(f.testid, 'battle-step');
    onScreen(f);
    assert.deepEqual(pu.pageErrors, []);
  });
});
