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
import { bookBattle, placeRiders } from './lib/book_battles.mjs';

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
      const body = bookBattle(book, users.a.user, users.b.user);
      if (book === 'lfas') body.settings = { auto_run: false };
      const id = (await U.ok('battle.create', { campaign, name: `${book} ${state}`, ...body })).battle;
      if (book === 'reivers') await placeRiders(U, campaign, id);
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
