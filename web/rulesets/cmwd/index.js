// Chosen Men, Well Disposed's parts of the battle page (the interface: web/rulesets/index.js). Its rules are the
// server's (shared/rulesets/cmwd/; docs/protocol.md, "Chosen Men, Well Disposed"); what the page needs of them
// comes in the battle's view: `cmwd` (the stage, the tempo, brigades, declared fire and charges, generals, hints),
// `settings` and the log's tests.

import { cmwdPanel } from './panel.js';
import { TROOP_LABELS, PHASES, STATUS_LABELS, STEP_LABELS, describeItem, talkClosed, cmwdOf, commanderOf, stageLine, sideName, turnHeading, gameTurnOf } from './words.js';
import { unitColumns, unitBadge, unitTitle, unitGlyph, unitValues, leaderValues } from './units.js';
import { settingsForm } from './settings.js';
import { overridesForm } from './overrides.js';

// The umpire's words for the stage (the console's turn panel): the commanders bid; the acting side's commander
// finishes its stage.
function turnWords(view, b) {
  const c = cmwdOf(b);
  const sides = c.stage === 'bid' ? (b.sides || []).map((s) => s.id) : [c.acting_side].filter(Boolean);
  const users = sides.map((s) => (commanderOf(b, s) || {}).user).filter(Boolean);
  const line = stageLine(b) || turnHeading(b.turn);
  if (c.stage === 'bid') {
    return { users, info: `${line}.`, heading: 'Tempo bids (only you see them before the reveal)', close: 'Close the bids and reveal the tempo' };
  }
  return {
    users,
    info: `${line}.${b.status === 'resolving' ? ' Combat is being resolved.' : ''}`,
    heading: 'Finished',
    close: `End the ${sideName(b, c.acting_side)} stage: combat`,
  };
}

// The battle page's header in the book's numbering (web/common/battle/tab.js shows it in place of `Turn n`):
// "Game turn 1 — tempo bids", as the panel's stage line says it; "Game turn 1" when the stage is not known.
function turnLabel(b) {
  if (!b || !b.turn) return '';
  return stageLine(b) || `Game turn ${gameTurnOf(b.turn)}`;
}

export const cmwd = {
  id: 'cmwd',
  name: 'Chosen Men, Well Disposed',
  // "plenty of room to fight on a table measuring 5ft by 3ft": 180 x 120 cm with 60 mm bases (bw 6); the sides'
  // ids are then british and french.
  newBattleDefaults: { table: { width: 180, depth: 120, measure: 'cm' }, sides: ['British', 'French'] },
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
  // The game turn, not the server's battle turn: the header (turnLabel) and the log's and replay's turn
  // headings (turnHeading(turn)) say what the panel says.
  turnLabel,
  turnHeading,
  secretPanel: cmwdPanel,
  // The table's settings this book reads, offered under its form (web/umpire/table_settings_form.js):
  // a move over terrain (shared/rulesets/cmwd/orders.cpp).
  umpire: { unitValues, unitBases: 1, leaderValues, settingsForm, overridesForm, turnWords, tableSettings: ['terrain_movement'] },
};
