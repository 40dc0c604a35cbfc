// The settings every book has (web/umpire/table_settings_form.js; docs/protocol.md, "battle.settings"), under each
// book's own form on the umpire's battle page: whether the table chat is closed to the battle's players while it is
// fought (`chat_closed`) and whether its end applies losses to the campaign's regiments (`apply_losses`). Each
// book's page offers them with the server's values; the umpire unticks them and saves; the server has them, and a
// player of the battle may then talk at the table while it is fought.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState } from './lib/browser.mjs';

const SIDES = [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }];

test('every book\'s battle page offers the table chat and the losses; a change reaches the server and counts', { timeout: 90000 }, async (t) => {
  const server = await startServer();
  const browser = await launchBrowser();
  const table = await battleTable(server, { name: 'Table Settings', umpire: uniqueName('tsu'), players: { a: uniqueName('tsa'), b: uniqueName('tsb') } });
  t.after(async () => {
    for (const c of table.everyone) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.cleanup();
  });
  const { campaign, users } = table;
  const { umpire: U, a: A } = table.clients;
  const leaders = [{ user: users.a.user, side: 'british', name: 'Kemp', position: [40, 40] }, { user: users.b.user, side: 'french', name: 'Dartois', position: [40, 80] }];
  const ids = {};
  for (const [book, tableSize] of [['lfas', { width: 72, depth: 48, measure: 'inches' }], ['reivers', { width: 1500, depth: 1000, measure: 'paces' }],
    ['cmwd', { width: 180, depth: 120, measure: 'cm' }], ['oth', { width: 180, depth: 120, measure: 'cm' }]]) {
    ids[book] = (await U.ok('battle.create', { campaign, name: `At ${book}`, ruleset: book, table: tableSize, sides: SIDES, leaders })).battle;
  }
  const u = await openUser(browser, server, {}, { cookie: users.umpire.cookie, path: `/#/campaign/${campaign}/battle` });
  t.after(() => u.context.close().catch(() => {}));
  const page = u.page;
  await waitForConnState(page, 'online');
  for (const [book, id] of Object.entries(ids)) {
    await page.getByTestId('battle-select').selectOption(String(id));
    await page.getByTestId('battle-name').filter({ hasText: `At ${book}` }).waitFor();
    const part = page.getByTestId('battle-table-settings');
    assert.equal(await part.isVisible(), true, `${book}: offered`);
    assert.equal(await part.getByTestId('battle-chat-closed').isChecked(), true, `${book}: the chat closed, as the server has it`);
    assert.equal(await part.getByTestId('battle-apply-losses').isChecked(), true, `${book}: losses applied`);
  }

  // Over the Hills' battle (the last picked): both unticked and saved.
  const battle = ids.oth;
  await page.getByTestId('battle-chat-closed').uncheck();
  await page.getByTestId('battle-apply-losses').uncheck();
  await page.getByTestId('battle-settings-save').click();
  await page.getByTestId('battle-settings-saved').filter({ hasText: 'Saved.' }).waitFor();
  const st = (await U.waitForView(campaign, (v) => v.battles[String(battle)].settings.chat_closed === false)).battles[String(battle)].settings;
  assert.equal(st.apply_losses, false);
  assert.equal(st.auto_run, true, 'the book\'s own settings untouched');
  assert.equal(await page.getByTestId('battle-chat-closed').isChecked(), false);

  // Fought with the chat open: his word at the table goes in. Chosen Men's battle keeps it closed: fought, it is not.
  await U.ok('battle.start', { campaign, battle });
  assert.deepEqual(Object.keys(await A.ok('chat.say', { campaign, text: 'Gentlemen, the French are in the wood.' })), ['id']);
  await U.ok('battle.end', { campaign, battle });
  await U.ok('battle.start', { campaign, battle: ids.cmwd });
  const refused = await A.send('chat.say', { campaign, text: 'And now?' });
  assert.equal(refused.error?.code, 'forbidden');
  assert.deepEqual(u.pageErrors, []);
});
