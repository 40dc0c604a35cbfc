// The Battle tab as the campaign page knows it before its code loads: its name, when it is shown, and the list of
// battles (what needs you counts them). The page itself (tab.js: the map, the talk, the log, the book's parts) is
// loaded when the tab is first opened.

import { preload } from '../preload.js';

export function battleList(view) {
  return Object.values(view.battles || {}).filter((b) => b && b.name !== undefined).sort((a, b) => a.id - b.id);
}

// () -> Promise<factory>: the umpire's console (web/umpire/index.js registers it; web/common/ imports nothing of
// web/umpire/). factory(ctx, campaignId, {select(battle id), map, redrawMap()}) -> {el, createEl, update(view, b,
// book), canDrag(), mapPoint(p), mapSelect(sel), mapDrag(drag)}.
let consoleLoader = null;
export function registerBattleConsole(loader) { consoleLoader = loader; }
export function battleConsoleLoader() { return consoleLoader; }

export const battleTab = {
  id: 'battle',
  label: 'Battle',
  visible: (view) => battleList(view).length > 0 || (!!view.me && view.me.role === 'umpire'),
  load: () => { preload('common/battle/tab.js'); return import('./tab.js').then((m) => m.createBattleTab); },
};
