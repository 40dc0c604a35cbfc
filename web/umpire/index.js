// Tabs for umpires on the campaign page (see player/index.js for the shape of a tab). The server sends
// umpire-only parts of the view (invites, umpire notes, blind rolls, every colonel's full sheet, the year's
// console) only to umpires; these tabs are hidden from everyone else simply because there is nothing for them
// to show.

import { umpireConsole } from './console.js';
import { umpireYearTab } from './year.js';
import { umpireColonelsTab } from './colonels.js';
import { registerBattleConsole } from '../common/battle/tab.js';
import { umpireBattleConsole } from './battle_console.js';

// The Battle tab is everyone's (web/common/battle/); the umpire's console is mounted in it from here, so that
// web/common/ imports nothing of web/umpire/.
registerBattleConsole(umpireBattleConsole);

export const umpireTabs = [
  {
    id: 'umpire',
    label: 'Umpire',
    visible: (view) => !!view.me && view.me.role === 'umpire',
    create: umpireConsole,
  },
  umpireYearTab,
  umpireColonelsTab,
];
