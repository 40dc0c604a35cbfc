// Each book's battle turn send survives a phone that loses its line (web/common/battle/draft.js `sendTurn`,
// web/common/kept.js; docs/protocol.md, "Commands kept on the device"), as Over the Hill's card does in
// battle_offline.test.mjs. A's phone (390x844) reaches the server through a line whose WebSocket can be cut while
// plain HTTP still goes (tests/web/lib/line.mjs). For Chosen Men's tempo bid, Loose Files' sealed orders and the end
// of a Border Reivers bound (each a `battle.submit`):
//   - the line goes; he sends; the page is reloaded: the page says it waits on the phone, the server has nothing;
//   - the line comes back: it goes in for its turn (the umpire's view shows it) and the page says so.
// Then, in each book, a send whose turn moves on while the line is down (the page left open: the connection gives up
// waiting and the send is kept) is refused as `stale` when the line is back and changes nothing; the kept notice
// and the book's panel say the turn moved on, the panel while the battle is at the turn that refused it
// (web/common/battle/moment.js, clearForNewTurn).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper, UI_TIMEOUT, RECONNECT_TIMEOUT } from './lib/browser.mjs';
import { el, openSheet } from './lib/battle.mjs';
import { writeLfasOrders } from './lib/book_battles.mjs';
import { cuttableLine } from './lib/line.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SIDES = [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }];

test('each book\'s battle turn send survives a phone that loses its line and reloads; a stale one is refused and said so', { timeout: 180000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const line = await cuttableLine(server);
  const clients = [];
  let pa;
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await line.close();
    await server.cleanup();
  });
  const step = stepper(t, (name) => failureShots(`offline-books-${name.replace(/\W+/g, '_')}`, { a: pa?.page }));
  let users, campaign, U, B;
  const bv = (battle) => U.view(campaign).battles[String(battle)];
  const waitBattle = (battle, pred, what) => U.waitForView(campaign, (v) => { const b = v.battles?.[String(battle)]; return !!b && pred(b); }, UI_TIMEOUT, what);
  const keptOnPhone = () => pa.page.evaluate(() => JSON.parse(localStorage.getItem('muster-kept') || '[]'));
  async function until(what, fn, ms = UI_TIMEOUT) {
    const end = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out: ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The battle on the phone's screen (the picker shows once there are two), named `name`. */
  async function showBattle(battle, name) {
    const p = pa.page;
    await p.getByTestId('battle-turn').first().waitFor();
    if (await p.getByTestId('battle-select').isVisible()) await p.getByTestId('battle-select').selectOption(String(battle));
    await p.getByTestId('battle-name').filter({ hasText: name }).waitFor();
    await openSheet(p); // his turn is in the sheet over the map; open, it stays open over a reload
  }

  /** The umpire closes and steps the battle's turns until turn `turn` is open. */
  async function runTo(battle, turn) {
    for (;;) {
      const b = (await U.caughtUp(campaign)).battles[String(battle)];
      if (b.turn >= turn && b.status === 'cards') return b;
      if (b.status === 'cards') await U.ok('battle.close_turn', { campaign, battle, turn: b.turn });
      else await U.ok('battle.step', { campaign, battle, turn: b.turn, step: b.next_step });
    }
  }

  /**
   * The line goes; `send(page)` sends his turn; the command is written on the phone and the page is reloaded: the
   * page says what waits, and `before(b)` holds in the umpire's view. The line comes back: the page says it went
   * in, and `after(b)` comes to hold in the umpire's view.
   */
  async function sendOffline({ battle, name, what, type, send, before, after }) {
    const p = pa.page;
    const turn = bv(battle).turn;
    line.cut();
    await waitForConnState(p, 'online', { not: true });
    await send(p);
    const kept = await until('the send written on the phone', async () => (await keptOnPhone()).find((x) => x.type === type));
    assert.equal(kept.body.battle, battle);
    assert.equal(kept.body.turn, turn, 'it carries the turn it was meant for');
    await p.reload();
    const words = `${what} for turn ${turn} of ${name}`;
    await p.getByTestId('kept-item').filter({ hasText: `Kept on this device until the line is back: ${words}.` }).waitFor();
    await U.ok('campaign.list', {});
    assert.equal(before(bv(battle)), true, 'nothing of it on the server yet');
    line.mend();
    await el(p, 'kept-item', { state: 'sent' }).filter({ hasText: `Sent when the line came back: ${words}.` }).waitFor({ timeout: RECONNECT_TIMEOUT });
    await waitBattle(battle, after, `${words} in`);
    assert.deepEqual(await keptOnPhone(), []);
    return kept;
  }

  await step('set-up: a campaign with players A and B; A\'s phone on the Battle tab through a line that can be cut', async () => {
    const table = await battleTable(server, { name: 'Lost Signal Books', umpire: uniqueName('lbu'), players: { a: uniqueName('lba'), b: uniqueName('lbb') } });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
    B = table.clients.b;
  });

  let cmwd;
  await step('Chosen Men: his tempo bid, sent with the line down and the page reloaded, goes in for its turn when the line is back', async () => {
    const unit = (side, owner, name, position) => ({ side, owner, name, troop_type: 'infantry', bases: 1, position, facing: side === 'british' ? 0 : 180, values: { brigade: side, quality: 'trained' } });
    cmwd = (await U.ok('battle.create', {
      campaign, name: 'Schellenberg', ruleset: 'cmwd', sides: SIDES, table: { width: 180, depth: 120, measure: 'cm' },
      leaders: [
        { user: users.a.user, side: 'british', name: 'Lord Cutts', position: [90, 30], values: { brigade: '', rank: 'active', commander: true } },
        { user: users.b.user, side: 'french', name: 'Comte d\'Arco', position: [90, 90], values: { brigade: '', rank: 'active', commander: true } },
      ],
      units: [unit('british', users.a.user, 'Orkney\'s', [60, 50]), unit('french', users.b.user, 'Navarre', [63, 90])],
      settings: { bw: 6, auto_run: false },
    })).battle;
    await U.ok('battle.start', { campaign, battle: cmwd });
    pa = await openUser(browser, line, PHONE, { cookie: users.a.cookie, path: `/#/campaign/${campaign}/battle` });
    await waitForConnState(pa.page, 'online');
    await showBattle(cmwd, 'Schellenberg');
    await el(pa.page, 'cmwd-stage', { stage: 'bid' }).waitFor();
    await pa.page.getByTestId('cmwd-bid-input').fill('1');
    const mine = (b) => (b.boxes.orders.items || []).find((i) => i.user === users.a.user);
    const kept = await sendOffline({
      battle: cmwd, name: 'Schellenberg', what: 'your tempo bid', type: 'battle.submit',
      send: (p) => p.getByTestId('cmwd-bid').tap(),
      before: (b) => b.turn === 1 && !b.boxes.orders.submitted.includes(users.a.user) && !mine(b),
      after: (b) => b.turn === 1 && b.boxes.orders.submitted.includes(users.a.user),
    });
    assert.deepEqual(kept.body, { campaign, box: 'orders', bid: 1, battle: cmwd, turn: 1 });
    assert.equal(mine(bv(cmwd)).item.bid, 1, 'his bid of 1 in the box of turn 1');
    await showBattle(cmwd, 'Schellenberg');
    await el(pa.page, 'cmwd-bid-status', { bid: '1' }).waitFor();
    assert.deepEqual(pa.pageErrors, []);
  });

  await step('Chosen Men: the next game turn\'s bid sent with the line down; the bids close without it: refused as stale, nothing changes, the page says so', async () => {
    const p = pa.page;
    await B.ok('battle.submit', { campaign, battle: cmwd, turn: 1, box: 'orders', bid: 0 });
    // Both stages pass with nothing done; the game turn's end opens the next bid (turn 4).
    await runTo(cmwd, 4);
    await el(p, 'cmwd-stage', { stage: 'bid' }).filter({ hasText: 'Game turn 2' }).waitFor();
    await p.getByTestId('cmwd-bid-input').fill('1');
    line.cut();
    await waitForConnState(p, 'online', { not: true });
    await p.getByTestId('cmwd-bid').tap();
    // No socket: the bid is kept at once, and the page says so (web/common/kept.js).
    await p.getByTestId('cmwd-bid-error').filter({ hasText: 'No line to the server, so this is kept on this device and goes when the line is back: your tempo bid for turn 4 of Schellenberg.' }).waitFor({ timeout: 5000 });
    await p.getByTestId('kept-item').filter({ hasText: 'Kept on this device until the line is back: your tempo bid for turn 4 of Schellenberg.' }).waitFor();
    // Meanwhile B bids and the umpire closes the bids without A's: the game turn goes on to its first stage.
    await B.ok('battle.submit', { campaign, battle: cmwd, turn: 4, box: 'orders', bid: 0 });
    await runTo(cmwd, 5);
    const version = (await U.caughtUp(campaign), U.version(campaign));
    const reveal = bv(cmwd).log.filter((e) => e.turn === 4 && e.phase === 'reveal');
    line.mend();
    const refused = el(p, 'kept-item', { state: 'refused', code: 'stale' });
    await refused.waitFor({ timeout: RECONNECT_TIMEOUT });
    assert.match(await refused.innerText(), /^Not sent — the turn has moved on: your tempo bid for turn 4 of Schellenberg\. You saw turn 4; the battle is at turn 5\./);
    // The game turn's first stage is on, and his panel still says what became of his bid.
    await el(p, 'cmwd-stage', { stage: 'first' }).waitFor();
    await p.getByTestId('cmwd-bid-error').filter({ hasText: 'The turn moved on; nothing was sent. You saw turn 4; the battle is at turn 5.' }).waitFor();
    await U.caughtUp(campaign);
    assert.equal(U.version(campaign), version, 'nothing changed on the server');
    assert.deepEqual(bv(cmwd).log.filter((e) => e.turn === 4 && e.phase === 'reveal'), reveal);
    assert.deepEqual(await keptOnPhone(), []);
    // A change in the same turn (the umpire gives the British 3 tempo points) leaves the word where it is.
    await U.ok('battle.override', { campaign, battle: cmwd, turn: 5, what: 'tempo', side: 'british', points: 3, reason: 'A forced march' });
    await el(p, 'cmwd-tempo-points', { points: '3' }).waitFor();
    assert.match(await p.getByTestId('cmwd-bid-error').innerText(), /^The turn moved on; nothing was sent\. You saw turn 4; the battle is at turn 5\./);
    assert.deepEqual(pa.pageErrors, []);
    await U.ok('battle.end', { campaign, battle: cmwd });
  });

  let lfas;
  await step('Loose Files: his sealed orders, sent with the line down and the page reloaded, go in for their turn when the line is back', async () => {
    lfas = (await U.ok('battle.create', {
      campaign, name: 'Guilford Courthouse', ruleset: 'lfas', sides: SIDES, table: { width: 72, depth: 48, measure: 'inches' },
      leaders: [
        { user: users.a.user, side: 'british', name: 'Lord Cornwallis', position: [30, 4], values: { role: 'c_in_c' } },
        { user: users.b.user, side: 'french', name: 'Nathanael Greene', position: [36, 34], values: { role: 'c_in_c' } },
      ],
      units: [
        { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'infantry', bases: 4, position: [30, 8], facing: 0, values: { class: 2, kind: 'regular', regular: true } },
        { side: 'french', owner: users.b.user, name: 'North Carolina Militia', troop_type: 'infantry', bases: 4, position: [36, 30], facing: 180, values: { class: 4, kind: 'militia' } },
      ],
      settings: { auto_run: false },
    })).battle;
    await U.ok('battle.start', { campaign, battle: lfas });
    const p = pa.page;
    await showBattle(lfas, 'Guilford Courthouse');
    await el(p, 'lfas-status', { state: 'writing' }).waitFor();
    await writeLfasOrders(p); // an order to the 33rd (1 CP), which moves toward (31, 12)
    const mine = (b) => (b.boxes.orders.items || []).find((i) => i.user === users.a.user);
    const kept = await sendOffline({
      battle: lfas, name: 'Guilford Courthouse', what: 'your orders', type: 'battle.submit',
      send: (q) => q.getByTestId('lfas-send').tap(),
      before: (b) => b.turn === 1 && !b.boxes.orders.submitted.includes(users.a.user) && !mine(b),
      after: (b) => b.turn === 1 && b.boxes.orders.submitted.includes(users.a.user),
    });
    const unit = bv(lfas).units.find((u) => u.name === '33rd Foot').id;
    const item = mine(bv(lfas)).item;
    const cornwallis = bv(lfas).leaders.find((l) => l.name === 'Lord Cornwallis').id;
    assert.deepEqual(item.command, [{ leader: cornwallis, spend: 'order', units: [unit] }]);
    assert.deepEqual(item.move.map((m) => [m.unit, m.av, m.to]), [[unit, 2, [31, 12]]]);
    assert.deepEqual(kept.body.command.map((x) => [x.spend, x.units]), [['order', [unit]]], 'what was kept on the phone is what went in');
    await showBattle(lfas, 'Guilford Courthouse');
    await el(p, 'lfas-status', { state: 'sent' }).waitFor();
    assert.deepEqual(pa.pageErrors, []);
  });

  await step('Loose Files: turn 2\'s orders sent with the line down; the turn is closed meanwhile: refused as stale, nothing changes, the page says so', async () => {
    const p = pa.page;
    await B.ok('battle.submit', { campaign, battle: lfas, turn: 1 });
    await runTo(lfas, 2);
    await el(p, 'lfas-status', { state: 'writing' }).filter({ hasText: 'Turn 2' }).waitFor();
    line.cut();
    await waitForConnState(p, 'online', { not: true });
    await p.getByTestId('lfas-send').tap();
    // No socket: the orders are kept at once, and the page says so (web/common/kept.js).
    await p.getByTestId('lfas-error').filter({ hasText: 'No line to the server, so this is kept on this device and goes when the line is back: your orders for turn 2 of Guilford Courthouse.' }).waitFor({ timeout: 5000 });
    await B.ok('battle.submit', { campaign, battle: lfas, turn: 2 });
    await runTo(lfas, 3);
    const version = (await U.caughtUp(campaign), U.version(campaign));
    line.mend();
    const refused = el(p, 'kept-item', { state: 'refused', code: 'stale' });
    await refused.waitFor({ timeout: RECONNECT_TIMEOUT });
    assert.match(await refused.innerText(), /^Not sent — the turn has moved on: your orders for turn 2 of Guilford Courthouse\. You saw turn 2; the battle is at turn 3\./);
    await p.getByTestId('lfas-error').filter({ hasText: 'The turn moved on; nothing was sent. You saw turn 2; the battle is at turn 3.' }).waitFor();
    await U.caughtUp(campaign);
    assert.equal(U.version(campaign), version, 'nothing changed on the server');
    assert.deepEqual(bv(lfas).boxes.orders.submitted, [], 'nothing of his in turn 3');
    assert.deepEqual(await keptOnPhone(), []);
    await el(p, 'lfas-status', { state: 'writing' }).filter({ hasText: 'Turn 3' }).waitFor();
    assert.deepEqual(pa.pageErrors, []);
    await U.ok('battle.end', { campaign, battle: lfas });
  });

  let battle;
  await step('Border Reivers: the end of his bound, sent with the line down and the page reloaded, goes in for its turn when the line is back', async () => {
    battle = (await U.ok('battle.create', {
      campaign, name: 'Hot Trod', ruleset: 'reivers', table: { width: 1500, depth: 1000, measure: 'paces' },
      sides: [{ id: 'a', name: 'Armstrongs' }, { id: 'b', name: 'Grahams' }],
      leaders: [
        { user: users.a.user, side: 'a', name: 'Kinmont Willie', position: [300, 300], values: { fyrebrand: 2, craft: 'good' } },
        { user: users.b.user, side: 'b', name: 'Richie Graham', position: [900, 800], values: { fyrebrand: 3, craft: 'average' } },
      ],
      settings: { auto_run: false },
    })).battle;
    const b0 = (await U.caughtUp(campaign)).battles[String(battle)];
    const willie = b0.leaders.find((l) => l.side === 'a').id;
    const richie = b0.leaders.find((l) => l.side === 'b').id;
    await U.ok('battle.place', { campaign, battle, unit: { side: 'a', owner: users.a.user, name: 'Armstrongs of Mangerton', troop_type: 'rider', position: [300, 250], facing: 0, values: { heidman: willie } } });
    await U.ok('battle.place', { campaign, battle, unit: { side: 'b', owner: users.b.user, name: 'Grahams of Netherby', troop_type: 'rider', position: [900, 850], facing: 180, values: { heidman: richie } } });
    await U.ok('battle.start', { campaign, battle });
    const p = pa.page;
    await showBattle(battle, 'Hot Trod');
    await el(p, 'reivers-status', { 'may-act': 'true' }).waitFor();
    // He rides his name on with the line up (battle.act is not kept), then finishes his bound with it down.
    await p.getByTestId('reivers-action').selectOption('move');
    await openSheet(p); // folded for a tap on the map; he types the point instead
    await p.getByTestId('reivers-x').fill('320');
    await p.getByTestId('reivers-y').fill('260');
    await p.getByTestId('reivers-act').tap();
    await p.getByTestId('battle-log').filter({ hasText: 'Armstrongs of Mangerton' }).first().waitFor({ state: 'attached' }); // the log is its own part on a phone
    const kept = await sendOffline({
      battle, name: 'Hot Trod', what: 'the end of your bound', type: 'battle.submit',
      send: (q) => q.getByTestId('reivers-finish').tap(),
      before: (b) => b.turn === 1 && b.status === 'cards' && !b.boxes.bound.submitted.includes(users.a.user),
      // His was the side's last heidman: the bound closes (border-reivers.txt, the bound) and its combat waits for the umpire.
      after: (b) => b.turn === 1 && b.status === 'resolving' && b.boxes.bound.submitted.includes(users.a.user),
    });
    assert.deepEqual(kept.body, { campaign, box: 'bound', battle, turn: 1 });
    assert.ok(bv(battle).log.some((e) => e.turn === 1 && e.phase === 'reveal' && /The Armstrongs bound ends: combat\./.test(e.text)), 'the bound\'s end in the log');
    await showBattle(battle, 'Hot Trod');
    await el(p, 'reivers-status', { 'may-act': 'false' }).waitFor();
    assert.deepEqual(pa.pageErrors, []);
  });

  await step('Border Reivers: his next bound\'s end sent with the line down; the umpire closes the bound meanwhile: refused as stale, nothing changes, the page says so', async () => {
    const p = pa.page;
    // The Armstrongs' bound's combat, then the Grahams' bound (turn 2), which Richie Graham finishes.
    await runTo(battle, 2);
    await B.ok('battle.submit', { campaign, battle, turn: 2, box: 'bound' });
    await runTo(battle, 3);
    await el(p, 'reivers-status', { 'may-act': 'true' }).waitFor();
    line.cut();
    await waitForConnState(p, 'online', { not: true });
    await p.getByTestId('reivers-finish').tap();
    // No socket: the bound's end is kept at once, and the page says so (web/common/kept.js).
    await p.getByTestId('reivers-error').filter({ hasText: 'No line to the server, so this is kept on this device and goes when the line is back: the end of your bound for turn 3 of Hot Trod.' }).waitFor({ timeout: 5000 });
    // The umpire closes the bound without him (docs/protocol.md, "Border Reivers": "or the umpire closes it").
    await runTo(battle, 4);
    const version = (await U.caughtUp(campaign), U.version(campaign));
    const ends = bv(battle).log.filter((e) => e.phase === 'reveal').length;
    line.mend();
    const refused = el(p, 'kept-item', { state: 'refused', code: 'stale' }).filter({ hasText: 'Hot Trod' });
    await refused.waitFor({ timeout: RECONNECT_TIMEOUT });
    assert.match(await refused.innerText(), /^Not sent — the turn has moved on: the end of your bound for turn 3 of Hot Trod\. You saw turn 3; the battle is at turn 4\./);
    // It is the Grahams' bound now, and his panel still says what became of his.
    await el(p, 'reivers-status', { 'may-act': 'false' }).waitFor();
    await p.getByTestId('reivers-error').filter({ hasText: 'The turn moved on; nothing was sent. You saw turn 3; the battle is at turn 4.' }).waitFor();
    await U.caughtUp(campaign);
    assert.equal(U.version(campaign), version, 'nothing changed on the server');
    assert.equal(bv(battle).turn, 4);
    assert.deepEqual(bv(battle).boxes.bound.submitted, [], 'nothing of his in the Grahams\' bound');
    assert.equal(bv(battle).log.filter((e) => e.phase === 'reveal').length, ends, 'no bound ended by it');
    assert.deepEqual(await keptOnPhone(), []);
    assert.deepEqual(pa.pageErrors, []);
  });
});
