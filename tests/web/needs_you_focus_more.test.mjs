// A "what needs you" item opens straight on the control that does it (docs/protocol.md, "What needs you"), the
// kinds tests/web/needs_you_focus.test.mjs does not reach. On a phone (390x844): a player whose colonel was killed
// taps "... is dead: name his successor." and lands on the successor's name; a player present at a briefed
// expedition taps his vote in the War Office Committee and lands on that motion's PIP (not on the form of the
// motion he has voted on already); the umpire taps a crisis due and lands on "New expedition", an expedition whose
// months are over and lands on its outcome form, a colonel who missed months in a row (house rule
// missed_months_to_umpire) and lands on that colonel's diary text on the Colonels tab.
// The state is made through the protocol, as the pages would: three colonels with regiments; Hay (B) killed in a
// battle (house rule colonel_fates "all"); Fox (C) sails on expedition 1 (months_out 0, one month's campaign);
// Kemp (A) sits on expedition 2's committee, where two motions are open, and sends no diary (missed_months_to_umpire 1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper } from './lib/browser.mjs';
import { PHONE, tapItem, onScreen } from './lib/needs_you_tap.mjs';

test('the successor, the committee\'s vote, a colonel in the umpire\'s hands, a crisis and an outcome open on their controls, on a phone', { timeout: 180000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  const pages = {};
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const step = stepper(t, (name) => failureShots(`focus-more-${name.replace(/\W+/g, '_')}`, Object.fromEntries(Object.entries(pages).map(([k, p]) => [k, p.page]))));
  let users, campaign, U, A, B, C;
  /** His campaign page on a phone, online. */
  async function phone(key, cookie) {
    pages[key] = await openUser(browser, server, PHONE, { cookie, path: `/#/campaign/${campaign}` });
    await waitForConnState(pages[key].page, 'online');
  }
  const umpireNeeds = () => U.view(campaign).expeditions.needs_you.map((n) => n.what).concat(U.view(campaign).year.needs_you.map((n) => n.what));

  await step('three colonels with regiments, the year begun, the house rules set (through the protocol)', async () => {
    const table = await battleTable(server, { name: 'Focus More', umpire: uniqueName('nmu'), players: { a: uniqueName('nma'), b: uniqueName('nmb'), c: uniqueName('nmc') } });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    ({ umpire: U, a: A, b: B, c: C } = table.clients);
    for (const [client, name, regiment] of [[A, 'Kemp', 7], [B, 'Hay', 9], [C, 'Fox', 11]]) {
      await client.ok('colonel.create', { campaign, name, pip: 20 });
      await client.ok('objective.choose', { campaign, kind: 'glory' });
      await U.ok('auction.open', { campaign, regiment });
      await client.ok('auction.bid', { campaign, amount: 150 });
      await U.ok('auction.close', { campaign });
    }
    await U.ok('rules.set', { campaign, settings: { missed_months_to_umpire: 1, colonel_fates: 'all', crisis_dice: 1 } });
    await U.ok('year.start', { campaign, year: '174-', month: 4 });
  });

  await step('Hay is killed in a battle; Fox sails on expedition 1; Kemp sits on expedition 2, two motions open', async () => {
    const { battle } = await U.ok('battle.create', {
      campaign, name: 'Skirmish',
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      leaders: [{ user: users.b.user, side: 'british', name: 'Hay', position: [10, 10] }],
    });
    await U.ok('battle.start', { campaign, battle });
    await U.caughtUp(campaign);
    const leader = U.view(campaign).battles[String(battle)].leaders.find((l) => l.user === users.b.user).id;
    await U.ok('battle.override', { campaign, battle, what: 'leader', leader, fate: 'killed', reason: 'a ball' });
    await U.ok('battle.end', { campaign, battle });

    const brief = async () => {
      await U.ok('expedition.create', { campaign, generate: true });
      await U.ok('expedition.edit', { campaign, field: 'months_out', value: 0 });
      return (await U.ok('expedition.brief', { campaign })).expedition;
    };
    const one = await brief();
    await U.ok('committee.attendance', { campaign, expedition: one, present: [users.c.user] });
    await U.ok('expedition.force', { campaign, expedition: one, regiments: [11] });
    await U.ok('expedition.depart', { campaign, expedition: one, months_campaign: 1 });
    const two = await brief();
    await U.ok('committee.attendance', { campaign, expedition: two, present: [users.a.user] });
    // Two motions open; Kemp has voted on the first (he may vote again while it is open, so its form stays).
    await U.ok('motion.put', { campaign, expedition: two, question: 'Who shall command?', options: [{ label: 'Kemp', commander: users.a.user }, { label: 'Nobody' }] });
    await A.ok('motion.vote', { campaign, expedition: two, motion: 1, pip: [1, 0] });
    await U.ok('motion.put', { campaign, expedition: two, question: 'Shall the 7th sail?', options: [{ label: 'Aye', regiments: [7] }, { label: 'No' }] });
    // The next crisis, then months resolved with no diary from Kemp until it is due (1d6 months: crisis_dice 1).
    await U.ok('crisis.roll', { campaign });
    for (let i = 0; i < 6 && !umpireNeeds().includes('A crisis is due: create an expedition.'); i++) {
      await U.ok('month.resolve', { campaign, turn: U.view(campaign).year.calendar.turn });
      await U.caughtUp(campaign);
    }
    const needs = umpireNeeds();
    assert.ok(needs.includes('A crisis is due: create an expedition.'), needs.join(' | '));
    assert.ok(needs.some((w) => w.startsWith('Record the outcome of Expedition 1')), needs.join(' | '));
    assert.ok(needs.some((w) => w.startsWith('Kemp has missed')), needs.join(' | '));
  });

  await step('the player of the dead colonel: his item opens on the successor\'s name', async () => {
    await phone('b', users.b.cookie);
    const f = await tapItem(pages.b.page, 'Colonel Hay is dead: name his successor.', 'colonel-successor');
    assert.equal(f.testid, 'successor-name');
    onScreen(f);
    assert.deepEqual(pages.b.pageErrors, []);
  });

  await step('the colonel present at the committee: his vote opens on the motion\'s PIP', async () => {
    await phone('a', users.a.cookie);
    const f = await tapItem(pages.a.page, 'Vote in the War Office Committee: Shall the 7th sail?', 'motion-vote');
    assert.equal(f.testid, 'motion-vote-pip');
    assert.equal(f.control, 'motion-vote');
    assert.equal(f.expedition, '2');
    assert.equal(f.motion, '2', 'the motion he has yet to vote on, not the first form on the tab');
    onScreen(f);
    assert.deepEqual(pages.a.pageErrors, []);
  });

  await step('the umpire: the crisis opens on "New expedition"; the outcome on its form; Kemp\'s missed months on his diary\'s text', async () => {
    await phone('u', users.umpire.cookie);
    let f = await tapItem(pages.u.page, 'A crisis is due: create an expedition.', 'expedition-create');
    assert.equal(f.testid, 'expedition-create-generate');
    onScreen(f);
    f = await tapItem(pages.u.page, 'Record the outcome of Expedition 1', 'expedition-outcome');
    assert.equal(f.control, 'expedition-outcome');
    assert.equal(f.expedition, '1');
    assert.equal(f.testid, 'outcome-success'); // the form's first control, “Successful”
    onScreen(f);
    f = await tapItem(pages.u.page, 'Kemp has missed', 'diary-for');
    assert.equal(f.testid, 'diary-text');
    assert.equal(f.control, 'diary-for');
    assert.equal(f.colonel, String(users.a.user));
    onScreen(f);
    assert.deepEqual(pages.u.pageErrors, []);
  });
});
