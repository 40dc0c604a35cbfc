// Helpers for the battle pages' tests (tests/web/battle*.test.mjs): elements by data-testid, and the campaign's
// views as a page received them (rebuilt from the frames openUser records). The campaign, its umpire, players and
// observer are set up by tests/integration/lib/battle_table.mjs.
import { applyPatch } from '../../integration/lib/patch.mjs';
import { UI_TIMEOUT } from './browser.mjs';

/** The element with data-testid `id` and the given data-* attributes. */
export function el(scope, id, data = {}) {
  const attrs = Object.entries(data).map(([k, v]) => `[data-${k}="${v}"]`).join('');
  return scope.locator(`[data-testid="${id}"]${attrs}`);
}

/** The campaign's views, one per view push, rebuilt from a page's recorded frames. */
export function viewsFrom(frames, campaign) {
  const out = [];
  let view;
  for (const f of frames) {
    let m;
    try { m = JSON.parse(f); } catch { continue; }
    if (m.push !== 'view' || m.campaign !== campaign) continue;
    view = 'view' in m ? structuredClone(m.view) : applyPatch(view, m.patch);
    out.push({ seq: m.seq, view });
  }
  return out;
}

/**
 * Waits (bounded) until page `u` has received the campaign's view at the seq the (subscribed) client `U` has
 * reached once all its commands so far are answered, or later; returns that view of the page.
 */
export async function pageCaughtUp(u, U, campaign) {
  await U.ok('campaign.list', {});
  const seq = U.seq(campaign);
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    const views = viewsFrom(u.frames, campaign);
    if (views.length && views[views.length - 1].seq >= seq) return views[views.length - 1].view;
    if (Date.now() > deadline) throw new Error(`timed out waiting for seq ${seq}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
