// Tabs for players on the campaign page. Each tab is
//   {id, label, visible(view) -> bool, create(ctx, campaignId) -> {el, update(view), shown?(), destroy?()}}
// The colonel sheet, the diary and the auction will be added here as the campaign rules arrive.

export const playerTabs = [];
