// Tabs for umpires on the campaign page (see player/index.js for the shape of a tab). The server sends
// umpire-only parts of the view (invites, umpire notes, blind rolls, every colonel's full sheet, the year's
// console) only to umpires; these tabs are hidden from everyone else simply because there is nothing for them
// to show. Each tab's code, and the battle console's, is loaded the first time an umpire opens it: a player's page
// never downloads it.

import { registerBattleConsole } from '../common/battle/index.js';
import { loadAllBooks } from '../rulesets/index.js';
import { preload } from '../common/preload.js';

const isUmpire = (view) => !!(view && view.me && view.me.role === 'umpire');

// The Battle tab is everyone's (web/common/battle/); the umpire's console is mounted in it from here, so that
// web/common/ imports nothing of web/umpire/. It offers every book (New battle), so it loads them all.
registerBattleConsole(() => {
  preload('umpire/battle_console.js');
  return Promise.all([import('./battle_console.js'), loadAllBooks()]).then(([m]) => m.umpireBattleConsole);
});

export const umpireTabs = [
  {
    id: 'umpire', label: 'Umpire', visible: isUmpire,
    load: () => { preload('umpire/console.js'); return import('./console.js').then((m) => m.umpireConsole); },
  },
  {
    id: 'year', label: 'Year', visible: (view) => isUmpire(view) && !!view.year,
    load: () => { preload('umpire/year.js'); return import('./year.js').then((m) => m.umpireYearTab.create); },
  },
  {
    id: 'colonels', label: 'Colonels', visible: (view) => isUmpire(view) && !!view.year,
    load: () => { preload('umpire/colonels.js'); return import('./colonels.js').then((m) => m.umpireColonelsTab.create); },
  },
];
