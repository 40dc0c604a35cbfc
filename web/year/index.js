// The campaign year's tabs every member sees (players, umpires and observers): the auction room, the
// gazette, the regiments by seniority and the house rules. Shown once the server's view has a `year`.

import { auctionTab } from './auction_tab.js';
import { expeditionsTab } from './expeditions_tab.js';
import { gazetteTab } from './gazette_tab.js';
import { regimentsTab } from './regiments_tab.js';
import { rulesTab } from './rules_tab.js';

export const yearTabs = [auctionTab, gazetteTab, regimentsTab, expeditionsTab, rulesTab];
