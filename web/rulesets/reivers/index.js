// Border Reivers' parts of the battle page (the interface: web/rulesets/index.js). Its rules are the server's
// (shared/rulesets/reivers/; docs/protocol.md, "Border Reivers"); what the page needs of them comes in the battle's
// view: `bound`, `craft`, `terrain_rolls`, `searches`, `feuds`, `settings` and the viewer's `hints`.

import { heidmanPanel } from './actions.js';
import { TROOP_LABELS, PHASES, STATUS_LABELS, STEP_LABELS, describeBound, talkClosed, sideName } from './words.js';
import { unitColumns, unitBadge, unitTitle, unitGlyph, recordsColumns, lossColumns, unitValues, leaderValues } from './units.js';
import { terrainNote } from './terrain.js';
import { settingsForm } from './settings.js';
import { overridesForm } from './overrides.js';
import { raidsPage } from './raids.js';

// The umpire's words for the bound (the console's turn panel): only the heidmen of the side whose bound it is
// finish it (`bound.order`, lowest fyrebrand first).
function turnWords(view, b) {
  const order = (b.bound && b.bound.order) || [];
  const users = order.map((o) => ((b.leaders || []).find((l) => l.id === o.leader) || {}).user).filter(Boolean);
  const done = order.filter((o) => o.done).length;
  const side = b.bound && b.bound.side ? `the ${sideName(b, b.bound.side)}` : 'a side';
  return {
    users,
    heading: 'Heidmen of this bound, lowest fyrebrand first',
    close: 'End the bound: combat',
    info: b.status === 'cards' ? `Bound ${b.turn}: ${side}. ${done} of ${order.length} heidmen have finished.` : `Bound ${b.turn}: combat.`,
  };
}

export const reivers = {
  id: 'reivers',
  name: 'Border Reivers',
  // "1\" to 50 paces looks about right" (border-reivers.txt): a table of 30" by 20".
  newBattleDefaults: { table: { width: 1500, depth: 1000, measure: 'paces' }, sides: ['Armstrongs', 'Grahams'] },
  troopLabels: TROOP_LABELS,
  phases: PHASES,
  statusLabels: STATUS_LABELS,
  steps: STEP_LABELS,
  box: 'bound',
  describeItem: describeBound,
  unitGlyph,
  unitBadge,
  unitTitle,
  unitColumns,
  recordsColumns,
  lossColumns,
  terrainNote,
  // hints.ranges' move reaches every way round the name (border-reivers.txt, movement table); fire is ahead of it.
  rangeShapes: { move: 'circle' },
  talkClosed,
  secretPanel: heidmanPanel,
  // A string of raids (shared/rulesets/reivers/campaign.h, carry): what an ended raid leaves carries into the next.
  carryOn: 'Names destroyed and dead heidmen stay gone, herds stay with the side that took them, captured and wounded heidmen stay so, and feuds carry by name.',
  campaignPage: raidsPage,
  // The table's settings this book reads, offered under its form (web/umpire/table_settings_form.js):
  // a line of sight (shared/rulesets/reivers/actions.cpp).
  umpire: { unitValues, unitBases: 1, leaderValues, settingsForm, overridesForm, turnWords, tableSettings: ['blocks_sight'] },
};
