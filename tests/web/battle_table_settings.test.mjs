// The settings every book has (web/umpire/table_settings_form.js; docs/protocol.md, "battle.settings"), under each
// book's own form on the umpire's battle page: whether the table chat is closed to the battle's players while it is
// fought (`chat_closed`), whether its end applies losses to the campaign's regiments (`apply_losses`), and the
// terrain settings the book reads (`blocks_sight`, `terrain_movement`). Each book's page offers them with the
// server's values; the umpire changes them and saves; the server has them, and a player of the battle may then talk
// at the table while it is fought.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../integration/lib/server.mjs';
import { uniqueName } from '../integration/lib/client.mjs';
import { battleTable } from '../integration/lib/battle_table.mjs';
import { launchBrowser, openUser, waitForConnState } from './lib/browser.mjs';

const SIDES = [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }];
// The terrain settings each book reads (web/rulesets/<book>/index.js, `umpire.tableSettings`).
const READS = { lfas: ['blocks_sight'], reivers: ['blocks_sight'], cmwd: ['terrain_movement'], oth: ['blocks_sight', 'terrain_movement'] };

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
    const settings = book === 'cmwd' ? { bw: 6 } : {}; // Chosen Men's base width has no default
    ids[book] = (await U.ok('battle.create', { campaign, name: `At ${book}`, ruleset: book, table: tableSize, sides: SIDES, leaders, settings })).battle;
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
    // The terrain settings the book reads, and only those, with the server's values.
    const shown = [];
    for (const [k, id] of [['blocks_sight', 'battle-blocks-sight'], ['terrain_movement', 'battle-terrain-movement']]) {
      if (await part.getByTestId(id).isVisible()) shown.push(k);
    }
    assert.deepEqual(shown, READS[book], `${book}: its terrain settings`);
    // Saved as it stands: the book's own kinds of terrain (Border Reivers' "woods") are kinds the form takes.
    await page.getByTestId('battle-settings-save').click();
    await page.getByTestId('battle-settings-saved').filter({ hasText: 'Saved.' }).waitFor().catch(async (e) => {
      throw new Error(`${book}: not saved: ${await page.getByTestId('battle-settings-error').innerText()} (${e.message.split('\n')[0]})`);
    });
  }
  assert.equal(await page.getByTestId('battle-terrain-movement').inputValue(), 'marsh 0.5, river 0, town 0.5, wood 0.5');

  // Over the Hills' battle (the last picked): both unticked, a wood made slower, saved; a kind of terrain the book
  // does not know is refused by the form first, nothing sent.
  const battle = ids.oth;
  await page.getByTestId('battle-chat-closed').uncheck();
  await page.getByTestId('battle-apply-losses').uncheck();
  await page.getByTestId('battle-terrain-movement').fill('wood 0.25, swamp 0');
  await page.getByTestId('battle-settings-save').click();
  await page.getByTestId('battle-settings-error').filter({ hasText: 'Not a kind of terrain: swamp.' }).waitFor();
  await page.getByTestId('battle-terrain-movement').fill('wood 0.25, marsh 0.5, town 0.5, river 0');
  await page.getByTestId('battle-settings-save').click();
  await page.getByTestId('battle-settings-saved').filter({ hasText: 'Saved.' }).waitFor();
  const st = (await U.waitForView(campaign, (v) => v.battles[String(battle)].settings.chat_closed === false)).battles[String(battle)].settings;
  assert.equal(st.apply_losses, false);
  assert.deepEqual(st.terrain_movement, { wood: 0.25, marsh: 0.5, town: 0.5, river: 0 });
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
