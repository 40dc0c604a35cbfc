// The umpire's code, in one bundle loaded when an umpire first opens one of his tabs or the Battle tab
// (web/umpire/index.js).
export { umpireConsole } from './console.js';
export { umpireYearTab } from './year.js';
export { umpireColonelsTab } from './colonels.js';
export { umpireBattleConsole } from './battle_console.js';
