// Each book's battle turn choice is kept as a draft and comes back after a reload (web/common/battle/draft.js;
// docs/protocol.md, "Drafts"), on a phone (390x844): Chosen Men's tempo bid (dropped once the bid is sent), Loose
// Files' sealed orders (a unit's movement and where it goes), Border Reivers' action (a name's move and its place).
// Over the Hill's card is in battle_offline.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName, httpRequest } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper } from './lib/browser.mjs';
import { el, openSheet } from './lib/battle.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('a battle turn\'s choice in every book comes back after a reload', { timeout: 180000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  let pa;
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const step = stepper(t, (name) => failureShots(`drafts-${name.replace(/\W+/g, '_')}`, { a: pa?.page }));
  let users, campaign, U;
  const draftOf = async (battle) => (await httpRequest(server, 'GET', `/api/campaigns/${campaign}/drafts/battle-${battle}`, { cookie: users.a.cookie })).json;

  /** The battle on screen (the picker shows once there are two). */
  async function pickBattle(page, battle) {
    await page.getByTestId('battle-turn').first().waitFor();
    if (await page.getByTestId('battle-select').isVisible()) await page.getByTestId('battle-select').selectOption(String(battle));
    await page.locator(`[data-battle="${battle}"][data-status="cards"]`).first().waitFor();
    await openSheet(page);
  }

  /** A's phone on the battle; `compose(page)` makes his choice; the page is reloaded and `check(page)` reads it. */
  async function roundTrip(battle, compose, check) {
    await U.ok('battle.start', { campaign, battle });
    pa = await openUser(browser, server, PHONE, { cookie: users.a.cookie, path: `/#/campaign/${campaign}/battle` });
    await waitForConnState(pa.page, 'online');
    await pickBattle(pa.page, battle);
    await compose(pa.page);
    await pa.page.getByTestId('battle-draft').filter({ hasText: 'Your choice is kept' }).waitFor();
    const d = await draftOf(battle);
    assert.equal(d.turn, 1);
    await pa.page.reload();
    await pickBattle(pa.page, battle);
    await pa.page.getByTestId('battle-draft').filter({ hasText: 'Your choice is back' }).waitFor();
    await check(pa.page, d);
    assert.deepEqual(pa.pageErrors, []);
    return d;
  }

  await step('set-up: a campaign with players A and B', async () => {
    const table = await battleTable(server, { name: 'Every Book', umpire: uniqueName('dbu'), players: { a: uniqueName('dba'), b: uniqueName('dbb') } });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
  });

  await step('Chosen Men: his tempo bid comes back; once he bids, the draft is gone', async () => {
    const base = (side, owner, name, position) => ({ side, owner, name, troop_type: 'infantry', bases: 1, position, facing: side === 'british' ? 0 : 180, values: { brigade: side, quality: 'trained' } });
    const battle = (await U.ok('battle.create', {
      campaign, name: 'Schellenberg', ruleset: 'cmwd', table: { width: 180, depth: 120, measure: 'cm' },
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      leaders: [
        { user: users.a.user, side: 'british', name: 'Lord Cutts', position: [90, 30], values: { brigade: '', rank: 'active', commander: true } },
        { user: users.b.user, side: 'french', name: 'Comte d\'Arco', position: [90, 90], values: { brigade: '', rank: 'active', commander: true } },
      ],
      units: [base('british', users.a.user, 'Orkney\'s', [60, 50]), base('french', users.b.user, 'Navarre', [63, 90])],
      settings: { bw: 6, auto_run: false },
    })).battle;
    const d = await roundTrip(battle, async (p) => {
      await p.getByTestId('cmwd-bid-input').fill('1');
    }, async (p) => {
      assert.equal(await p.getByTestId('cmwd-bid-input').inputValue(), '1');
    });
    assert.equal(d.draft.stage, 'bid');
    await pa.page.getByTestId('cmwd-bid').click();
    await el(pa.page, 'cmwd-bid-status', { bid: '1' }).waitFor();
    for (let i = 0; i < 50 && (await draftOf(battle)).turn !== null; i += 1) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(await draftOf(battle), { turn: null }, 'the bid is in: the draft is gone');
    await pa.context.close();
  });

  await step('Loose Files: his unit\'s movement and where it goes come back', async () => {
    const battle = (await U.ok('battle.create', {
      campaign, name: 'Guilford Courthouse', ruleset: 'lfas', table: { width: 72, depth: 48, measure: 'inches' },
      sides: [{ id: 'british', name: 'British' }, { id: 'americans', name: 'Americans' }],
      leaders: [
        { user: users.a.user, side: 'british', name: 'Lord Cornwallis', position: [30, 4], values: { role: 'c_in_c' } },
        { user: users.b.user, side: 'americans', name: 'Nathanael Greene', position: [36, 34], values: { role: 'c_in_c' } },
      ],
      units: [
        { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'infantry', bases: 4, position: [30, 8], facing: 0, values: { class: 2, kind: 'regular', regular: true } },
        { side: 'americans', owner: users.b.user, name: 'North Carolina Militia', troop_type: 'infantry', bases: 4, position: [36, 30], facing: 180, values: { class: 4, kind: 'militia' } },
      ],
      settings: { auto_run: false },
    })).battle;
    await roundTrip(battle, async (p) => {
      const c = p.getByTestId('lfas-unit').first();
      await c.getByTestId('lfas-move-kind').selectOption('move');
      await c.getByTestId('lfas-av').selectOption('2');
      await c.getByTestId('lfas-to-x').fill('33.25');
      await c.getByTestId('lfas-to-y').fill('17.75');
    }, async (p) => {
      const c = p.getByTestId('lfas-unit').first();
      assert.equal(await c.getByTestId('lfas-move-kind').inputValue(), 'move');
      assert.equal(await c.getByTestId('lfas-av').inputValue(), '2');
      assert.equal(await c.getByTestId('lfas-to-x').inputValue(), '33.25');
      assert.equal(await c.getByTestId('lfas-to-y').inputValue(), '17.75');
      assert.match(await p.getByTestId('lfas-summary').innerText(), /Move: 33rd Foot with 2 average dice toward \(33\.25, 17\.75\)/);
    });
    await pa.context.close();
  });

  await step('Border Reivers: his name\'s move and its place come back', async () => {
    const battle = (await U.ok('battle.create', {
      campaign, name: 'Hot Trod', ruleset: 'reivers', table: { width: 1500, depth: 1000, measure: 'paces' },
      sides: [{ id: 'a', name: 'Armstrongs' }, { id: 'b', name: 'Grahams' }],
      leaders: [
        { user: users.a.user, side: 'a', name: 'Kinmont Willie', position: [300, 300], values: { fyrebrand: 2, craft: 'good' } },
        { user: users.b.user, side: 'b', name: 'Richie Graham', position: [900, 800], values: { fyrebrand: 3, craft: 'average' } },
      ],
    })).battle;
    const b0 = (await U.caughtUp(campaign)).battles[String(battle)];
    const willie = b0.leaders.find((l) => l.side === 'a').id;
    const richie = b0.leaders.find((l) => l.side === 'b').id;
    await U.ok('battle.place', { campaign, battle, unit: { side: 'a', owner: users.a.user, name: 'Armstrongs of Mangerton', troop_type: 'rider', position: [300, 250], facing: 0, values: { heidman: willie } } });
    await U.ok('battle.place', { campaign, battle, unit: { side: 'b', owner: users.b.user, name: 'Grahams of Netherby', troop_type: 'rider', position: [900, 850], facing: 180, values: { heidman: richie } } });
    await roundTrip(battle, async (p) => {
      await p.getByTestId('reivers-action').selectOption('move');
      await openSheet(p); // folded for a tap on the map; he types the point instead
      await p.getByTestId('reivers-x').fill('320');
      await p.getByTestId('reivers-y').fill('300');
    }, async (p) => {
      assert.equal(await p.getByTestId('reivers-action').inputValue(), 'move');
      assert.equal(await p.getByTestId('reivers-x').inputValue(), '320');
      assert.equal(await p.getByTestId('reivers-y').inputValue(), '300');
      assert.equal(await p.getByTestId('reivers-name').first().isChecked(), true);
    });
    await pa.context.close();
  });
});
