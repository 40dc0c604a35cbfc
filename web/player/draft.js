// The diary as a draft on the server (web/common/draft.js; docs/protocol.md, "Drafts"): offered back when he opens
// the month's diary and has not sent a later one; dropped once the diary is sent.

import { serverDraft } from '../common/draft.js';

// Returns {el, edited(turn, diary), restore(turn, sentAt) -> Promise<diary | null>, sent()}; a diary is shaped as
// the view's (activity, supervise, orders, text, publish).
export function diaryDraft(campaignId) {
  const d = serverDraft(campaignId, 'diary', {
    testid: 'diary-draft',
    kept: 'Draft kept, so you can go on with it on another device: saved ',
    back: 'Your draft is back, as you left it at ',
    unsaved: (m) => `The draft could not be saved (${m}); your diary is still here until you send it.`,
  });
  return {
    el: d.el,
    edited: (turn, diary) => d.edited(turn, diary),
    // His draft of month `turn`, unless the diary he sent (at `sentAt`) is newer.
    restore: (turn, sentAt) => d.restore((x) => x.turn === turn && !(typeof sentAt === 'number' && x.saved <= sentAt)),
    sent: () => d.drop(),
  };
}
