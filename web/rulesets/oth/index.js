// Over the Hill's parts of the battle page (the interface: web/rulesets/index.js). Its rules are the server's
// (shared/rulesets/oth/); what the page needs of them comes in the battle's view: `card_set`, `settings` and the
// viewer's `hints`.

import { cardHand } from './cards.js';
import { TROOP_LABELS, PHASES, STEP_LABELS, describeCard, talkClosed } from './words.js';
import { unitColumns, unitBadge, unitTitle, unitGlyph, recordsColumns, lossColumns, unitValues } from './units.js';
import { settingsForm } from './settings.js';
import { overridesForm } from './overrides.js';

export const oth = {
  id: 'oth',
  name: 'Over the Hill',
  troopLabels: TROOP_LABELS,
  phases: PHASES,
  steps: STEP_LABELS,
  box: 'cards',
  describeItem: describeCard,
  unitGlyph,
  unitBadge,
  unitTitle,
  unitColumns,
  recordsColumns,
  lossColumns,
  talkClosed,
  secretPanel: cardHand,
  // The table's settings this book reads, offered under its form (web/umpire/table_settings_form.js):
  // a line of sight and a move over terrain (shared/rulesets/oth/turn_helpers.cpp).
  umpire: { unitValues, settingsForm, overridesForm, tableSettings: ['blocks_sight', 'terrain_movement'] },
};
