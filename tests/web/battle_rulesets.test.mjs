// The rule-set seam of the battle page (web/rulesets/, web/README.md "Rule sets"): the shared page draws the
// map, log, talk and units; the battle's book (its `ruleset`, "oth") adds its parts; what the book's rules say
// on the page comes from the server's `hints` (shared/rulesets/oth/hints.h), not from a copy of the rules.
//
// One real server; an umpire (WebSocket client, and a page), a player A (british) and a player B (french). A's
// leader stands at his 33rd (Musketry 3: its musketry range is 4 + 3 = 7 cm); his 43rd is far off; B's Picardie
// has Musketry 5. In A's page: the hand of cards and the D:M:E column come from web/rulesets/oth/ (the modules
// the page loaded); an order card offers the 33rd only (the hints' with_units); the 33rd's range on the map is
// the hints' 7 cm; the Move card says the hints' reach. Neither A nor B ever receives the other side's ranges.
// Then A's page and the umpire's with every frame's "ruleset" changed to one this client does not know: the
// shared page with a plain notice, no cards, no book columns, no overrides, and no page error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForHash, waitForConnState, failureShots, stepper, UI_TIMEOUT } from './lib/browser.mjs';
import { el, viewsFrom } from './lib/battle.mjs';
import { sourceModules } from './lib/bundles.mjs';

const TABLE = { width: 180, depth: 120, measure: 'cm' };
const A_AT = [40, 40];

/** The page's battle modules, as it loaded them (paths under the server's origin). */
async function loadedModules(page) {
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')));
  return sourceModules(scripts);
}

/** The battle `id` as the page last received it, once `pred` holds for it (bounded). */
async function battleWhen(u, campaign, id, pred, what) {
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    const views = viewsFrom(u.frames, campaign);
    const b = views.length ? views[views.length - 1].view.battles?.[String(id)] : undefined;
    if (b && pred(b)) return b;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every frame the server sends this page has its battles' "ruleset" changed to `id`. */
async function forgeRuleset(page, id) {
  await page.routeWebSocket(/\/ws(\/c\/\d+)?$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => ws.send(typeof m === 'string' ? m.replaceAll('"ruleset":"oth"', `"ruleset":"${id}"`) : m));
  });
  await page.reload();
}

test('the battle page: Over the Hill\'s parts come from web/rulesets/oth and its reaches from the server\'s hints; an unknown rule set gets the shared page', { timeout: 90000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const clients = [];
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });

  let U;
  let users;
  let campaign;
  let battle;
  let pa;
  let pb;
  let umpire;
  let forged;
  let forgedUmpire;
  const ID = {};
  const step = stepper(t, (name) => failureShots(`rulesets-${name.replace(/\W+/g, '_')}`,
    { a: pa?.page, b: pb?.page, umpire: umpire?.page, forged: forged?.page, forgedUmpire: forgedUmpire?.page }));
  const battleOf = (v) => v?.battles?.[String(battle)];
  const path = () => `/#/campaign/${campaign}/battle`;

  async function openBattlePage(key) {
    const u = await openUser(browser, server, {}, { cookie: users[key].cookie, path: path() });
    await waitForConnState(u.page, 'online');
    await waitForHash(u.page, `#/campaign/${campaign}/battle`);
    await el(u.page, 'battle-turn', { turn: 1 }).waitFor();
    return u;
  }

  await step('set-up: a started battle, A\'s and B\'s pages on the Battle tab', async () => {
    const table = await battleTable(server, {
      name: 'Rule sets', umpire: uniqueName('rsu'), players: { a: uniqueName('rsa'), b: uniqueName('rsb') }, subscribe: false,
    });
    clients.push(...table.everyone);
    ({ users, campaign } = table);
    U = table.clients.umpire;
    battle = (await U.ok('battle.create', {
      campaign, name: 'The Seam', table: TABLE,
      sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
      leaders: [
        { user: users.a.user, side: 'british', name: 'Kemp', position: A_AT },
        { user: users.b.user, side: 'french', name: 'Dartois', position: [120, 90] },
      ],
      units: [
        { side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: A_AT, facing: 0, values: { drill: 2, musketry: 3, effectiveness: 4 } },
        { side: 'british', owner: users.a.user, name: '43rd Foot', troop_type: 'formed_infantry', position: [100, 20], facing: 0 },
        { side: 'french', owner: users.b.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: [120, 84], facing: 180, values: { drill: 3, musketry: 5, effectiveness: 3 } },
      ],
    })).battle;
    await U.subscribe(campaign);
    const b = battleOf(await U.waitForView(campaign, (v) => battleOf(v)?.units?.length === 3));
    for (const u of b.units) ID[u.name.split(' ')[0]] = u.id;
    await U.ok('battle.start', { campaign, battle });
    [pa, pb] = [await openBattlePage('a'), await openBattlePage('b')];
  });

  await step('A\'s hand of cards and the D:M:E column come from web/rulesets/oth', async () => {
    const page = pa.page;
    await el(page, 'card-option', { card: 'talk' }).waitFor();
    const modules = await loadedModules(page);
    for (const m of ['/rulesets/index.js', '/rulesets/oth/index.js', '/rulesets/oth/cards.js', '/rulesets/oth/units.js']) {
      assert.ok(modules.includes(m), `the page loaded ${m}: ${modules.join(', ')}`);
    }
    assert.ok(!modules.some((m) => m.startsWith('/common/battle/cards')), 'no hand of cards in the shared page');
    assert.deepEqual(await page.getByTestId('battle-unit-column').allInnerTexts(), ['D:M:E', 'TP']);
    const row = (id) => el(page, 'battle-unit-row', { unit: id });
    assert.equal(await row(ID['33rd']).locator('td').nth(2).innerText(), '2:3:4', 'his own unit\'s D:M:E');
    assert.equal(await row(ID.Regiment).locator('td').nth(2).innerText(), '?', 'the enemy\'s: unknown');
    assert.deepEqual(await page.getByTestId('battle-ruleset-notice').isHidden(), true);
  });

  await step('the hints: an order offers only the unit A\'s leader is with; the range and the Move card\'s reach are the server\'s', async () => {
    const page = pa.page;
    const b = await battleWhen(pa, campaign, battle, (x) => x.status === 'cards' && !!x.hints, 'A\'s battle with its hints');
    assert.equal(b.hints.move_reach, 40);
    assert.deepEqual(b.hints.with_units, [ID['33rd']]);
    assert.deepEqual(b.hints.ranges[String(ID['33rd'])], [{ kind: 'musketry', cm: 7, range: 7 }]);
    await el(page, 'card-option', { card: 'order.fire' }).click();
    const offered = await page.getByTestId('card-unit').locator('option').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual(offered, [String(ID['33rd'])], 'the 33rd only: the 43rd is far from his leader');
    // The 33rd's range when it has the focus (as on hover); none for the enemy's.
    await el(page.getByTestId('battle-map'), 'battle-unit', { unit: ID['33rd'] }).focus();
    const range = el(page, 'battle-range', { unit: ID['33rd'] });
    await range.first().waitFor();
    assert.equal(await range.first().getAttribute('data-range'), '7');
    await el(page.getByTestId('battle-map'), 'battle-unit', { unit: ID.Regiment }).focus();
    await range.first().waitFor({ state: 'detached' });
    assert.equal(await el(page, 'battle-range').count(), 0, 'no range for the enemy');
    await el(page, 'card-option', { card: 'move' }).click();
    await page.getByTestId('card-move-point').filter({ hasText: 'within 40 cm' }).waitFor();
  });

  await step('no view either player received has the other side\'s ranges', async () => {
    await battleWhen(pb, campaign, battle, (x) => x.status === 'cards' && !!x.hints, 'B\'s battle with its hints');
    const mine = { a: [ID['33rd'], ID['43rd']], b: [ID.Regiment] };
    for (const [who, u] of [['a', pa], ['b', pb]]) {
      const views = viewsFrom(u.frames, campaign);
      assert.ok(views.length > 0);
      for (const { version, view } of views) {
        const h = battleOf(view)?.hints;
        if (!h) continue;
        assert.deepEqual(Object.keys(h.ranges).map(Number).sort(), [...mine[who]].sort(), `${who}, version ${version}: ranges of his side only`);
      }
    }
  });

  await step('a rule set the client does not know: the shared page with a notice, no book parts, no page error', async () => {
    forged = await openUser(browser, server, {}, { cookie: users.a.cookie, path: path() });
    await forgeRuleset(forged.page, 'no_such_book');
    const page = forged.page;
    const notice = page.getByTestId('battle-ruleset-notice');
    await notice.waitFor();
    assert.equal(await notice.getAttribute('data-ruleset'), 'no_such_book');
    assert.match(await notice.innerText(), /no_such_book/);
    await el(page.getByTestId('battle-map'), 'battle-unit', { unit: ID['33rd'] }).waitFor();
    await el(page, 'battle-unit-row', { unit: ID['33rd'] }).waitFor();
    assert.equal(await el(page, 'card-option').count(), 0, 'no cards');
    assert.equal(await page.getByTestId('battle-unit-column').count(), 0, 'no book columns');
    assert.deepEqual(forged.pageErrors, []);

    forgedUmpire = await openUser(browser, server, {}, { cookie: users.umpire.cookie, path: path() });
    await forgeRuleset(forgedUmpire.page, 'no_such_book');
    const up = forgedUmpire.page;
    await up.getByTestId('battle-ruleset-notice').waitFor();
    await up.getByTestId('battle-umpire-play').waitFor();
    await up.getByTestId('battle-close-turn').waitFor();
    assert.equal(await up.getByTestId('battle-override').isHidden(), true, 'no overrides form');
    assert.deepEqual(forgedUmpire.pageErrors, []);
  });

  await step('the umpire\'s own page (Over the Hill) has its console with the book\'s overrides; no page errors anywhere', async () => {
    umpire = await openBattlePage('umpire');
    await umpire.page.getByTestId('battle-override').waitFor();
    await umpire.page.getByTestId('battle-override-what').waitFor({ state: 'attached' });
    for (const u of [pa, pb, umpire]) assert.deepEqual(u.pageErrors, []);
  });
});
