// The campaign year's tabs every member sees (players, umpires and observers): the auction room, the gazette, the
// regiments by seniority, the expeditions and the house rules. Shown once the server's view has a `year` (the
// expeditions once it has `expeditions`); each tab's code is loaded the first time it is opened (player/index.js).

import { preload } from '../common/preload.js';

const hasYear = (view) => !!(view && view.year);

export const yearTabs = [
  {
    id: 'auction', label: 'Auction', visible: hasYear,
    load: () => { preload('year/auction_tab.js'); return import('./auction_tab.js').then((m) => m.auctionTab.create); },
  },
  {
    id: 'gazette', label: 'Gazette', visible: hasYear,
    load: () => { preload('year/gazette_tab.js'); return import('./gazette_tab.js').then((m) => m.gazetteTab.create); },
  },
  {
    id: 'regiments', label: 'Regiments', visible: hasYear,
    load: () => { preload('year/regiments_tab.js'); return import('./regiments_tab.js').then((m) => m.regimentsTab.create); },
  },
  {
    id: 'expeditions', label: 'Expeditions', visible: (view) => !!(view && view.expeditions),
    load: () => { preload('year/expeditions_tab.js'); return import('./expeditions_tab.js').then((m) => m.expeditionsTab.create); },
  },
  {
    id: 'rules', label: 'House rules', visible: hasYear,
    load: () => { preload('year/rules_tab.js'); return import('./rules_tab.js').then((m) => m.rulesTab.create); },
  },
];
