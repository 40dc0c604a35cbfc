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
  umpire: { unitValues, settingsForm, overridesForm },
};
