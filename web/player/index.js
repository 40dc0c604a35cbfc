// Tabs for players on the campaign page. Each tab is
//   {id, label, visible(view) -> bool, create(ctx, campaignId) -> {el, update(view), shown?(), destroy?()}}
// The colonel's sheet, this month's diary and the month reports; the auction room, gazette, regiments and
// house rules are everyone's (year/index.js).

import { colonelTab } from './colonel.js';
import { diaryTab } from './diary.js';
import { reportsTab } from './reports.js';

export const playerTabs = [colonelTab, diaryTab, reportsTab];
