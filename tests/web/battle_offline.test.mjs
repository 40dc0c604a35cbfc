// A battle turn's choice survives a phone that loses its line (web/common/battle/draft.js, web/common/kept.js;
// docs/protocol.md, "Drafts", "Commands kept on the device"). A's phone (390x844) reaches the server through a line
// whose WebSocket can be cut while plain HTTP still goes (tests/web/lib/line.mjs).
//   - He chooses his card (an order to his unit): it is kept on the server a moment later, and nobody else sees it.
//   - The phone sleeps and the page is reloaded: his choice is back as he left it.
//   - The line goes; he plays it: the command waits, is written on the phone, and the page is reloaded again. With no
//     socket the page says the card waits for the line; the server has no card.
//   - The line comes back: the card goes in for turn 1 and the page says so; the draft is gone.
//   - Turn 2: he plays with the line down; the page says at once that the card is kept.
//     Meanwhile the turn is closed. When the line is back the server refuses it as stale, nothing changes, and the
//     page tells him the turn moved on.
//   - Turn 3: his card reaches the server but the answer is lost with the line, and B's card closes the turn. When
//     the line is back the page sends it again with the same key: the server knows it went in (not stale), and the
//     page says so (docs/protocol.md, "A send sent twice").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName, httpRequest } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState, failureShots, stepper, UI_TIMEOUT, RECONNECT_TIMEOUT } from './lib/browser.mjs';
import { el, openSheet } from './lib/battle.mjs';
import { cuttableLine } from './lib/line.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('a battle turn\'s card survives a phone that loses its line and reloads; a stale one is refused and said so', { timeout: 150000 }, async (t) => {
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
  const step = stepper(t, (name) => failureShots(`offline-${name.replace(/\W+/g, '_')}`, { a: pa?.page }));
  let users, campaign, battle, U, B;
  const bv = () => U.view(campaign).battles[String(battle)];
  const waitBattle = (pred, what) => U.waitForView(campaign, (v) => { const b = v.battles?.[String(battle)]; return !!b && pred(b); }, UI_TIMEOUT, what);
  const draftOnServer = async () => (await httpRequest(server, 'GET', `/api/campaigns/${campaign}/drafts/battle-${battle}`, { cookie: users.a.cookie })).json;
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

  await step('set-up: turn 1 open; A\'s phone on the Battle tab through a line that can be cut', async () => {
    const table = await battleTable(server, { name: 'Lost Signal', umpire: uniqueName('lsu'), players: { a: uniqueName('lsa'), b: uniqueName('lsb') } });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
    B = table.clients.b;
    battle = (await U.ok('battle.create', {
      campaign, name: 'The Tunnel',
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      leaders: [
        { user: users.a.user, side: 'british', name: 'Kemp', position: [40, 40] },
        { user: users.b.user, side: 'french', name: 'Dartois', position: [140, 80] },
      ],
      units: [
        { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0 },
        { side: 'french', owner: users.b.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: [140, 80], facing: 180 },
      ],
    })).battle;
    await U.ok('battle.start', { campaign, battle });
    pa = await openUser(browser, line, PHONE, { cookie: users.a.cookie, path: `/#/campaign/${campaign}/battle` });
    await waitForConnState(pa.page, 'online');
    await el(pa.page, 'battle-turn', { turn: 1 }).waitFor();
    await openSheet(pa.page);
  });

  await step('he chooses an order to his unit: kept on the server a moment later, seen by nobody else', async () => {
    const p = pa.page;
    await el(p, 'card-option', { card: 'order.advance' }).click();
    await p.getByTestId('card-unit').waitFor();
    await p.getByTestId('battle-draft').filter({ hasText: 'Your choice is kept' }).waitFor();
    const d = await draftOnServer();
    assert.equal(d.turn, 1);
    assert.equal(d.draft.stage, 'cards');
    assert.equal(d.draft.choice.card, 'order.advance');
    await U.caughtUp(campaign);
    assert.deepEqual(bv().boxes.cards, { turn: 1, revealed: false, submitted: [], items: [] }, 'nothing of it in the umpire\'s view');
  });

  await step('the phone sleeps and the page is reloaded: his choice is back as he left it', async () => {
    const p = pa.page;
    const unit = await p.getByTestId('card-unit').inputValue();
    await p.reload();
    await p.getByTestId('battle-draft').filter({ hasText: 'Your choice is back' }).waitFor();
    await el(p, 'card-option', { card: 'order.advance' }).and(p.locator('[aria-checked="true"]')).waitFor();
    assert.equal(await p.getByTestId('card-unit').inputValue(), unit);
    assert.equal(await p.getByTestId('card-play').isEnabled(), true);
  });

  await step('the line goes; he plays it and the page is reloaded: the card waits on the phone, not on the server', async () => {
    const p = pa.page;
    line.cut();
    await waitForConnState(p, 'online', { not: true });
    await p.getByTestId('card-play').click();
    const kept = await until('the card written on the phone', async () => (await keptOnPhone()).find((x) => x.type === 'card.play'));
    assert.deepEqual(kept.body, { campaign, card: 'order.advance', unit: kept.body.unit, battle, turn: 1 });
    await p.reload();
    // No socket, so no view yet: the page says what waits on the phone.
    await p.getByTestId('kept-item').filter({ hasText: 'Kept on this device until the line is back: your card for turn 1 of The Tunnel.' }).waitFor();
    await U.ok('campaign.list', {});
    assert.deepEqual(bv().boxes.cards.submitted, [], 'no card of his on the server yet');
  });

  await step('the line comes back: the card goes in for turn 1, the page says so, the draft is gone', async () => {
    const p = pa.page;
    line.mend();
    await el(p, 'kept-item', { state: 'sent' }).filter({ hasText: 'Sent when the line came back: your card for turn 1 of The Tunnel.' }).waitFor({ timeout: RECONNECT_TIMEOUT });
    await waitBattle((b) => b.boxes.cards.submitted.includes(users.a.user), 'A\'s card in turn 1');
    assert.equal(bv().boxes.cards.items[0].item.card, 'order.advance');
    await el(p, 'card-played', { card: 'order.advance' }).waitFor();
    assert.deepEqual(await until('the draft dropped', async () => ((await draftOnServer()).turn === null ? { turn: null } : null)), { turn: null });
    assert.deepEqual(await keptOnPhone(), []);
  });

  await step('turn 2: he plays with the line down; the page says the card is kept; the turn closes meanwhile', async () => {
    const p = pa.page;
    await B.ok('card.play', { campaign, battle, turn: 1, card: 'no_action' });
    await waitBattle((b) => b.turn === 2 && b.status === 'cards', 'turn 2 open');
    await el(p, 'battle-turn', { turn: 2 }).waitFor();
    await el(p, 'card-option', { card: 'inspire' }).click();
    line.cut();
    await waitForConnState(p, 'online', { not: true });
    await p.getByTestId('card-play').click();
    // No socket: the card is kept at once, and the page says so (web/common/kept.js).
    await p.getByTestId('card-error').filter({ hasText: 'No line to the server, so this is kept on this device and goes when the line is back: your card for turn 2 of The Tunnel.' }).waitFor({ timeout: 5000 });
    await B.ok('card.play', { campaign, battle, turn: 2, card: 'no_action' });
    await U.ok('battle.close_turn', { campaign, battle, turn: 2 }).catch(() => {}); // closed already when every card is in
    await waitBattle((b) => b.turn === 3 && b.status === 'cards', 'turn 3 open');
  });

  await step('the line comes back: the server refuses the card as stale, nothing changes, and he is told', async () => {
    const p = pa.page;
    line.mend();
    const refused = el(p, 'kept-item', { state: 'refused', code: 'stale' });
    await refused.waitFor({ timeout: RECONNECT_TIMEOUT });
    const words = await refused.innerText();
    assert.match(words, /^Not sent — the turn has moved on: your card for turn 2 of The Tunnel\. You saw turn 2; the battle is at turn 3\./);
    await p.getByTestId('card-error').filter({ hasText: 'The turn moved on; nothing was sent. You saw turn 2; the battle is at turn 3.' }).waitFor();
    await U.ok('campaign.list', {});
    assert.deepEqual(bv().boxes.cards.submitted, [], 'nothing of his in turn 3');
    const reveal2 = bv().log.find((e) => e.turn === 2 && e.phase === 'reveal');
    assert.equal(JSON.stringify(reveal2.details.cards).includes('inspire'), false, 'nor in turn 2');
    assert.deepEqual(await keptOnPhone(), []);
    await el(p, 'battle-turn', { turn: 3 }).waitFor();
    await until('the old turn\'s draft dropped', async () => (await draftOnServer()).turn === null);
    assert.deepEqual(pa.pageErrors, []);
  });

  await step('turn 3: his card goes in but its answer is lost with the line; sent again, it is known as in, not stale', async () => {
    const p = pa.page;
    // The notice is above the tabs; the open sheet covers the screen's lower part, so it is folded first.
    await p.getByTestId('battle-sheet-toggle').tap();
    await p.getByTestId('kept-dismiss').tap();
    await openSheet(p);
    await el(p, 'card-option', { card: 'inspire' }).click();
    line.deafen();
    await p.getByTestId('card-play').click();
    await waitBattle((b) => b.boxes.cards.submitted.includes(users.a.user), 'A\'s card in turn 3');
    // B's card closes the turn his card was for; the page hears none of it.
    await B.ok('card.play', { campaign, battle, turn: 3, card: 'no_action' });
    await waitBattle((b) => b.turn === 4 && b.status === 'cards', 'turn 4 open');
    assert.ok((await keptOnPhone()).some((x) => x.type === 'card.play' && x.body.turn === 3), 'kept: no answer came');
    line.cut();
    line.mend();
    const repeated = el(p, 'kept-item', { state: 'repeated' });
    await repeated.waitFor({ timeout: RECONNECT_TIMEOUT });
    assert.equal(await repeated.innerText(), 'It had gone in before the line dropped: your card for turn 3 of The Tunnel.');
    const reveal3 = bv().log.find((e) => e.turn === 3 && e.phase === 'reveal');
    assert.ok(JSON.stringify(reveal3.details.cards).includes('inspire'), 'his card was revealed in turn 3');
    await U.ok('campaign.list', {});
    assert.deepEqual(bv().boxes.cards.submitted, [], 'nothing of his in turn 4');
    assert.deepEqual(await keptOnPhone(), []);
    assert.deepEqual(pa.pageErrors, []);
  });
});
