// A member's chronicle (#/chronicle/<id>) with the year's words it prints (app.js loads this when it is opened):
// common/ imports nothing of year/, so they are handed to it here.
import { chroniclePage } from './common/pages/chronicle.js';
import { reportBody, activityText } from './year/report.js';
import { regimentTitle, ordinal } from './year/format.js';
import * as words from './year/expeditions/words.js';
import { reckoningLines } from './year/expeditions/card.js';

export const memberChroniclePage = (ctx, route) => chroniclePage(ctx, route, {
  reportBody, activityText, regimentTitle, expeditions: { ...words, reckoningLines, ordinal },
});
