// Each book's battle page in set-up, in play and ended (with its replay), for a player and for the umpire, at a
// phone's size (390x844, touch) and a desktop's (1366x900), the umpire's also on a tablet (768x1024, where he sets
// battles up): no sideways scrolling, no tap target under 40x40 px,
// no serious or critical axe-core violation (tests/web/lib/pages.mjs). MUSTER_SHOTS=<dir> keeps a screenshot of each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState } from './lib/browser.mjs';
import { SIZES, UMPIRE_SIZES, checkPage, pageRuns } from './lib/pages.mjs';

const SIDES = { a: 'british', b: 'french' };

/** battle.create's body for a battle of `book` with a leader and a unit for each of players a and b. */
function battleBody(book, campaign, name, users) {
  const a = users.a.user;
  const b = users.b.user;
  const sides = [{ id: SIDES.a, name: 'British' }, { id: SIDES.b, name: 'French' }];
  const unit = (side, owner, uname, troop, position, values) => ({ side, owner, name: uname, troop_type: troop, position, facing: side === SIDES.a ? 0 : 180, values });
  switch (book) {
    case 'oth': return {
      campaign, name, ruleset: book, table: { width: 180, depth: 120, measure: 'cm' }, sides,
      leaders: [{ user: a, side: SIDES.a, name: 'Kemp', position: [60, 39] }, { user: b, side: SIDES.b, name: 'Dartois', position: [120, 90] }],
      units: [unit(SIDES.a, a, '33rd Foot', 'formed_infantry', [60, 40]), unit(SIDES.a, a, '43rd Foot', 'formed_infantry', [61, 41]),
        unit(SIDES.b, b, 'Picardie', 'formed_infantry', [120, 95])],
    };
    case 'reivers': return {
      campaign, name, ruleset: book, table: { width: 1500, depth: 1000, measure: 'paces' }, sides,
      leaders: [{ user: a, side: SIDES.a, name: 'Kinmont Willie', position: [300, 300], values: { fyrebrand: 2, craft: 'good' } },
        { user: b, side: SIDES.b, name: 'Richie Graham', position: [900, 800], values: { fyrebrand: 3, craft: 'average' } }],
      terrain: [{ kind: 'wood', name: 'Tarras Wood', shape: 'polygon', points: [[500, 400], [700, 400], [700, 600], [500, 600]] }],
    };
    case 'cmwd': return {
      campaign, name, ruleset: book, table: { width: 180, depth: 120, measure: 'cm' }, sides,
      leaders: [{ side: SIDES.a, user: a, name: 'Cadogan', position: [30, 20], values: { commander: true, brigade: 'b1' } },
        { side: SIDES.b, user: b, name: 'Villeroi', position: [30, 100], values: { commander: true, brigade: 'f1' } }],
      units: [unit(SIDES.a, a, 'Guards', 'infantry', [30, 50], { brigade: 'b1' }), unit(SIDES.b, b, 'Picardie', 'infantry', [30, 80], { brigade: 'f1' })],
    };
    case 'lfas': return {
      campaign, name, ruleset: book, table: { width: 72, depth: 48, measure: 'inches' }, sides,
      leaders: [{ user: a, side: SIDES.a, name: 'Lord Cornwallis', position: [30, 4], values: { role: 'c_in_c' } },
        { user: b, side: SIDES.b, name: 'Nathanael Greene', position: [36, 34], values: { role: 'c_in_c' } }],
      units: [unit(SIDES.a, a, '33rd Foot', 'infantry', [30, 8], { class: 2, kind: 'regular', regular: true }),
        unit(SIDES.b, b, 'North Carolina Militia', 'infantry', [36, 30], { class: 4, kind: 'militia' })],
      settings: { auto_run: false },
    };
    default: throw new Error(book);
  }
}

test('every book\'s battle page, set up, in play and ended, fits a phone and a desktop', { timeout: 540000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const table = await battleTable(server, { name: 'Pages of battle', umpire: uniqueName('pbu'), players: { a: uniqueName('pba'), b: uniqueName('pbb') } });
  t.after(async () => {
    for (const c of table.everyone) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const { campaign, users } = table;
  const U = table.clients.umpire;
  const battles = []; // {book, state, id}
  for (const book of ['oth', 'reivers', 'cmwd', 'lfas']) {
    for (const state of ['setup', 'play', 'ended']) {
      const id = (await U.ok('battle.create', battleBody(book, campaign, `${book} ${state}`, users))).battle;
      if (book === 'reivers') {
        const b = (await U.waitForView(campaign, (v) => v.battles?.[String(id)]?.leaders?.length === 2)).battles[String(id)];
        for (const l of b.leaders) {
          const side = l.side;
          await U.ok('battle.place', { campaign, battle: id, unit: { side, owner: l.user, name: `Riders of ${l.name}`, troop_type: 'rider',
            position: side === SIDES.a ? [300, 250] : [900, 850], facing: side === SIDES.a ? 0 : 180, values: { heidman: l.id } } });
        }
      }
      if (state !== 'setup') await U.ok('battle.start', { campaign, battle: id });
      if (state === 'ended') await U.ok('battle.end', { campaign, battle: id });
      battles.push({ book, state, id });
    }
  }

  const run = pageRuns(t);
  const runs = [...Object.entries(SIZES).map(([size, o]) => [size, o, 'a']), ...Object.entries(UMPIRE_SIZES).map(([size, o]) => [size, o, 'umpire'])];
  for (const [size, options, who] of runs) {
    {
      await run(`${size}: ${who === 'a' ? 'a player' : 'the umpire'}`, async () => {
        const found = [];
        const u = await openUser(browser, server, options, { cookie: users[who].cookie, path: `/#/campaign/${campaign}/battle` });
        try {
          const page = u.page;
          await waitForConnState(page, 'online');
          for (const { book, state, id } of battles) {
            await page.getByTestId('battle-select').selectOption(String(id));
            await page.waitForFunction(([name, st]) => {
              const s = document.querySelector('[data-testid="battle-status"]')?.dataset.status;
              const n = document.querySelector('[data-testid="battle-name"]')?.textContent;
              return n === name && (st === 'play' ? s && s !== 'setup' && s !== 'ended' : s === st);
            }, [`${book} ${state}`, state]);
            await page.getByTestId('battle-map').waitFor();
            found.push(...await checkPage(page, `${size}-${who === 'a' ? 'player' : 'umpire'}-${book}-${state}`));
          }
          assert.deepEqual(found, []);
          assert.deepEqual(u.pageErrors, []);
        } finally {
          await u.context.close();
        }
      });
    }
  }
});
