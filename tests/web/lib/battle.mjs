// Helpers for the battle pages' tests (tests/web/battle*.test.mjs): elements by data-testid, and the campaign's
// views as a page received them (rebuilt from the frames openUser records). The campaign, its umpire, players and
// observer are set up by tests/integration/lib/battle_table.mjs.
import WebSocket from 'ws';
import { applyPatch } from '../../integration/lib/patch.mjs';
import { Client } from '../../integration/lib/client.mjs';
import { UI_TIMEOUT } from './browser.mjs';

/** The element with data-testid `id` and the given data-* attributes. */
export function el(scope, id, data = {}) {
  const attrs = Object.entries(data).map(([k, v]) => `[data-${k}="${v}"]`).join('');
  return scope.locator(`[data-testid="${id}"]${attrs}`);
}

/**
 * The page's screen point of table point p on a table `depth` deep (the map's viewBox is in table units, y drawn
 * upwards), the map scrolled into view first.
 */
export async function mapPoint(page, p, depth) {
  await page.getByTestId('battle-map').scrollIntoViewIfNeeded();
  return page.evaluate(([x, y, d]) => {
    const svg = document.querySelector('[data-testid="battle-map"]');
    const pt = svg.createSVGPoint();
    pt.x = x;
    pt.y = d - y;
    const q = pt.matrixTransform(svg.getScreenCTM());
    return [q.x, q.y];
  }, [p[0], p[1], depth]);
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
    out.push({ version: m.version, view });
  }
  return out;
}

/** The version of the campaign's view that page `u`'s user has now: a fresh socket of his subscribes for it. */
async function versionNow(u, U, campaign) {
  const session = (await u.context.cookies()).find((c) => c.name === 'muster_session');
  const ws = new WebSocket(U.ws.url, {
    headers: { Cookie: `${session.name}=${session.value}`, Origin: new URL(u.page.url()).origin }, perMessageDeflate: false,
  });
  const probe = new Client(ws);
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  try {
    const { reply } = await probe.subscribe(campaign);
    if (!reply.ok) throw new Error(`versionNow: ${JSON.stringify(reply)}`);
    return reply.body.version;
  } finally {
    await probe.close();
  }
}

/**
 * Waits (bounded) until page `u` has received the campaign's view as it stands once every command of the
 * (subscribed) client `U` so far is answered; returns that view of the page. Versions are per user
 * (docs/protocol.md, "Views and versions"), so the version to reach is the page's user's own, read by a
 * fresh socket of his.
 */
export async function pageCaughtUp(u, U, campaign) {
  await U.ok('campaign.list', {});
  const version = await versionNow(u, U, campaign);
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    const views = viewsFrom(u.frames, campaign);
    if (views.length && views[views.length - 1].version >= version) return views[views.length - 1].view;
    if (Date.now() > deadline) throw new Error(`timed out waiting for version ${version}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The battle `battle` of campaign `campaign` in the last view a page (its recorded frames) received. */
export function lastBattle(frames, campaign, battle) {
  const views = viewsFrom(frames, campaign);
  return views.length ? views[views.length - 1].view.battles?.[String(battle)] : undefined;
}

/** Waits (bounded) until page `u`'s last view of the battle satisfies `pred`; returns the battle. */
export async function waitForBattle(u, campaign, battle, pred, what) {
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    const b = lastBattle(u.frames, campaign, battle);
    if (b && pred(b)) return b;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** On a phone: the sheet of the player's turn over the map (web/common/battle/sheet.js), opened from its bar. */
export async function openSheet(page) {
  await page.locator('[data-testid="battle-sheet"].is-active').waitFor();
  if (await page.getByTestId('battle-sheet').getAttribute('data-open') !== 'true') await page.getByTestId('battle-sheet-toggle').click();
  await page.locator('[data-testid="battle-sheet"][data-open="true"]').waitFor();
}

/**
 * The screen point of table point p ([x, y], y up the table; off the table too, in the drawing's margin), the map's
 * frame scrolled so that it is on screen, once the page has stopped scrolling (a smooth scroll to the map).
 */
export async function tablePoint(page, p) {
  const at = () => page.evaluate(([x, y]) => {
    const svg = document.querySelector('[data-testid="battle-map"]');
    const frame = svg.closest('.battle-map-frame');
    const q = () => {
      const vb = svg.viewBox.baseVal;
      const pt = svg.createSVGPoint();
      pt.x = x;
      pt.y = vb.height + 2 * vb.y - y; // the drawing's y runs down the table
      return pt.matrixTransform(svg.getScreenCTM());
    };
    frame.scrollIntoView({ block: 'start' });
    const r = frame.getBoundingClientRect();
    // Between the page's top bar and the sheet over the map's foot, whether the sheet is open or folded.
    const top = Math.max(r.top, document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0);
    const sheet = document.querySelector('[data-testid="battle-sheet"].is-active');
    const bottom = Math.min(r.bottom, sheet ? sheet.getBoundingClientRect().top : window.innerHeight);
    const first = q();
    frame.scrollLeft += first.x - (r.left + r.width / 2);
    frame.scrollTop += first.y - (top + bottom) / 2;
    const then = q();
    return [then.x, then.y];
  }, p);
  let last = null;
  for (let i = 0; i < 20; i += 1) {
    const q = await at();
    if (last && Math.abs(last[0] - q[0]) < 0.5 && Math.abs(last[1] - q[1]) < 0.5) return q;
    last = q;
    await page.waitForTimeout(150);
  }
  return last;
}
