// A member's campaign page with every tab it may offer (app.js loads this when a campaign is opened): the shared
// page and tabs, the player's, the year's, and the names of the umpire's (his code loads when he opens one).
import { campaignPage } from './common/pages/campaign.js';
import { playerTabs } from './player/index.js';
import { umpireTabs } from './umpire/index.js';
import { yearTabs } from './year/index.js';

export const memberCampaignPage = (ctx, route) => campaignPage(ctx, route, [...playerTabs, ...umpireTabs, ...yearTabs]);
