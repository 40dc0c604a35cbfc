// The checks every page a member uses passes at a phone's size and a desktop's (tests/web/pages_*.test.mjs):
// no sideways scrolling, every tap target (button, link, input, select, textarea, summary) at least 40x40 px, and
// no serious or critical axe-core violation. With MUSTER_SHOTS=<dir> each page is photographed as well, so a
// reviewer can look at every page at both sizes.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { injectAxe } from './browser.mjs';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};
export const DESKTOP = { viewport: { width: 1366, height: 900 } };
// The umpire's tablet, portrait: he sets up battles, resolves months and runs the committee on it.
export const TABLET = { viewport: { width: 768, height: 1024 }, screen: { width: 768, height: 1024 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const SIZES = { phone: PHONE, desktop: DESKTOP };
export const UMPIRE_SIZES = { phone: PHONE, tablet: TABLET, desktop: DESKTOP };
export const MIN_TAP = 40; // px, both ways

/** What sticks out to the right of the screen, and the document's widths. */
async function widths(page) {
  return page.evaluate(() => {
    const se = document.scrollingElement;
    const vw = se.clientWidth;
    const over = [];
    const sticks = (x) => { const r = x.getBoundingClientRect(); return r.width > 0 && r.right > vw + 0.5; };
    for (const x of document.body.querySelectorAll('*')) {
      // A zoomed map scrolls inside its own frame; that is not the page. Named: the innermost that stick out.
      if (sticks(x) && !x.closest('.battle-map-frame svg') && ![...x.children].some(sticks)) {
        const r = x.getBoundingClientRect();
        over.push(`${x.tagName.toLowerCase()}${x.dataset?.testid ? `[data-testid=${x.dataset.testid}]` : ''}${typeof x.className === 'string' && x.className ? `.${x.className.trim().split(/\s+/).join('.')}` : ''} right=${Math.round(r.right)}`);
      }
    }
    return { scrollWidth: se.scrollWidth, clientWidth: vw, over: over.slice(0, 10) };
  });
}

/**
 * Tap targets smaller than MIN_TAP either way. A checkbox or radio counts with its label when the label holds it
 * (the label is what one taps); a link inside a sentence is exempt, as WCAG 2.5.8 exempts inline targets.
 */
async function smallTargets(page, min) {
  return page.evaluate((m) => {
    const out = [];
    const name = (x) => `${x.tagName.toLowerCase()}${x.dataset?.testid ? `[data-testid=${x.dataset.testid}]` : ''}${x.id ? `#${x.id}` : ''}"${(x.textContent || x.getAttribute('aria-label') || x.value || '').trim().slice(0, 30)}"`;
    for (const x of document.querySelectorAll('button, a[href], input, select, textarea, summary')) {
      if (x.type === 'hidden' || !x.checkVisibility({ visibilityProperty: true })) continue;
      let target = x;
      if ((x.type === 'checkbox' || x.type === 'radio') && x.closest('label')) target = x.closest('label');
      if (x.tagName === 'A') {
        const parent = x.parentElement;
        const own = (x.textContent || '').trim().length;
        if (parent && /^(P|LI|DD|TD|SPAN|SMALL|EM|STRONG)$/.test(parent.tagName) && (parent.textContent || '').trim().length > own + 2) continue;
      }
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.width < m - 0.5 || r.height < m - 0.5) out.push(`${name(x)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return out;
  }, min);
}

/** axe-core's serious and critical violations on the page. */
async function axeSerious(page) {
  // Once a document: the pages change by their address's hash, and axe-core stays.
  if (!await page.evaluate(() => !!window.axe)) await injectAxe(page);
  return page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
}

/** With MUSTER_SHOTS set: a full-page screenshot <dir>/<name>.png. */
export async function shot(page, name) {
  const dir = process.env.MUSTER_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name.replace(/[^\w.-]+/g, '_')}.png`), fullPage: true });
}

/**
 * Every check on the page as it stands: the problems found, each starting with `what` (which also names the
 * screenshot). A test gathers them over its pages and asserts once, so one run names every problem.
 */
export async function checkPage(page, what) {
  await page.waitForTimeout(150); // the last push painted
  await shot(page, what);
  const problems = [];
  const w = await widths(page);
  if (w.scrollWidth > w.clientWidth) problems.push(`wider than the screen: ${w.scrollWidth} > ${w.clientWidth}; sticking out: ${w.over.join(', ')}`);
  const small = await smallTargets(page, MIN_TAP);
  if (small.length) problems.push(`tap targets under ${MIN_TAP}x${MIN_TAP}: ${small.slice(0, 12).join(', ')}${small.length > 12 ? ` and ${small.length - 12} more` : ''}`);
  const axe = await axeSerious(page);
  if (axe.length) problems.push(`axe-core: ${axe.join('; ')}`);
  return problems.map((p) => `${what}: ${p}`);
}

/**
 * t.test, skipping a run whose name does not match MUSTER_PAGES (a regular expression), so one size or one member's
 * pages can be looked at alone: MUSTER_PAGES='phone: the umpire' MUSTER_SHOTS=/tmp/shots node --test ...
 */
export function pageRuns(t) {
  const only = process.env.MUSTER_PAGES ? new RegExp(process.env.MUSTER_PAGES) : null;
  return (name, fn) => (only && !only.test(name) ? t.test(name, { skip: 'not in MUSTER_PAGES' }, fn) : t.test(name, fn));
}
