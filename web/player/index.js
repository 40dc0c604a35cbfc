// Tabs for players on the campaign page. Each tab is
//   {id, label, visible(view) -> bool, create(ctx, campaignId) -> {el, update(view), shown?(), open?(), destroy?()}}
// or, instead of create, load() -> Promise<create>: its code loaded the first time it is opened
// (web/common/pages/campaign.js). The colonel's sheet, this month's diary and the month reports; the auction room,
// gazette, regiments and house rules are everyone's (year/index.js).

import { preload } from '../common/preload.js';

const isPlayer = (view) => !!(view && view.year && view.me && view.me.role === 'player');
// year/format.js's myColonel, not imported: that module would then come with every campaign page.
const reportsOf = (view) => ((view.year.colonels || {})[String(view.me.user)] || {}).reports || {};

export const playerTabs = [
  {
    id: 'colonel', label: 'Colonel', visible: isPlayer,
    load: () => { preload('player/colonel.js'); return import('./colonel.js').then((m) => m.colonelTab.create); },
  },
  {
    id: 'diary', label: 'Diary', visible: (view) => isPlayer(view) && view.year.phase === 'months',
    load: () => { preload('player/diary.js'); return import('./diary.js').then((m) => m.diaryTab.create); },
  },
  {
    id: 'reports', label: 'Reports',
    visible: (view) => isPlayer(view) && (view.year.phase === 'months' || Object.keys(reportsOf(view)).length > 0),
    load: () => { preload('player/reports.js'); return import('./reports.js').then((m) => m.reportsTab.create); },
  },
];
