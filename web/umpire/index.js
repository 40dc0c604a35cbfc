// Tabs for umpires on the campaign page (see player/index.js for the shape of a tab). The server sends
// umpire-only parts of the view (invites, umpire notes, blind rolls, every colonel's full sheet, the year's
// console) only to umpires; these tabs are hidden from everyone else simply because there is nothing for them
// to show. Their code (tabs.js, and the battle console) is loaded the first time an umpire opens one: a player's
// page never downloads it. A tab with `load` is built from what load() resolves to (web/common/pages/campaign.js).

import { registerBattleConsole } from '../common/battle/index.js';
import { loadAllBooks } from '../rulesets/index.js';

const isUmpire = (view) => !!(view && view.me && view.me.role === 'umpire');
const code = () => import('./tabs.js');

// The Battle tab is everyone's (web/common/battle/); the umpire's console is mounted in it from here, so that
// web/common/ imports nothing of web/umpire/. It offers every book (New battle), so it loads them all.
registerBattleConsole(() => Promise.all([code(), loadAllBooks()]).then(([m]) => m.umpireBattleConsole));

export const umpireTabs = [
  { id: 'umpire', label: 'Umpire', visible: isUmpire, load: () => code().then((m) => m.umpireConsole) },
  { id: 'year', label: 'Year', visible: (view) => isUmpire(view) && !!view.year, load: () => code().then((m) => m.umpireYearTab.create) },
  { id: 'colonels', label: 'Colonels', visible: (view) => isUmpire(view) && !!view.year, load: () => code().then((m) => m.umpireColonelsTab.create) },
];
