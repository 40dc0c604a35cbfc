// Loose Files and American Scramble's parts of the battle page (the interface: web/rulesets/index.js). Its rules
// are the server's (shared/rulesets/lfas/; docs/protocol.md, "Loose Files and American Scramble"); what the page
// needs of them comes in the battle's view: `lfas` (command points, each unit's allowances and DP risk, targets,
// standoffs, written orders, costs), `hints.may_act`, `settings` and the log's tests.

import { lfasPanel } from './panel.js';
import { TROOP_LABELS, PHASES, STATUS_LABELS, STEP_LABELS, describeItem, talkClosed, lfasOf, sideName } from './words.js';
import { unitColumns, unitBadge, unitTitle, unitGlyph, unitValues, leaderValues } from './units.js';
import { settingsForm } from './settings.js';
import { overridesForm } from './overrides.js';

// The umpire's words for the turn (the console's turn panel): every seated commander writes orders, or under
// IGOUGO the acting side's.
function turnWords(view, b) {
  const acting = lfasOf(b).acting_side;
  const users = (b.leaders || []).filter((l) => l.user && (!acting || l.side === acting)).map((l) => l.user);
  const who = acting ? `the ${sideName(b, acting)}` : 'every side';
  return {
    users,
    info: b.status === 'resolving' ? `Turn ${b.turn}: the orders are revealed; step through phases 3 to 7, then 1 and 2.` : `Turn ${b.turn}: ${who} write their orders.`,
    heading: 'Orders in (sealed until every one is in)',
    close: 'Close the turn: reveal the orders',
  };
}

export const lfas = {
  id: 'lfas',
  name: 'Loose Files and American Scramble',
  // 1" = 25 yards; a 6' by 4' table.
  newBattleDefaults: { table: { width: 72, depth: 48, measure: 'inches' }, sides: ['British', 'Americans'] },
  troopLabels: TROOP_LABELS,
  phases: PHASES,
  statusLabels: STATUS_LABELS,
  steps: STEP_LABELS,
  box: 'orders',
  describeItem,
  unitGlyph,
  unitBadge,
  unitTitle,
  unitColumns,
  talkClosed,
  secretPanel: lfasPanel,
  // The table's settings this book reads, offered under its form (web/umpire/table_settings_form.js):
  // a line of sight (shared/rulesets/lfas/plan.cpp).
  umpire: { unitValues, unitBases: 4, leaderValues, settingsForm, overridesForm, turnWords, tableSettings: ['blocks_sight'] },
};
