// Tapping a "what needs you" item on a phone (tests/web/needs_you_focus*.test.mjs): what is focused then, and
// whether it is on the screen.
import assert from 'node:assert/strict';
import { UI_TIMEOUT } from './browser.mjs';

export const PHONE = { viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Taps the item whose words start with `words` and returns what is focused then: its testid, control and place. */
export async function tapItem(page, words, control) {
  const item = page.getByTestId('needs-you-item').filter({ hasText: words });
  await item.waitFor();
  assert.equal(await item.getAttribute('data-control'), control, `the item names its control: ${words}`);
  await page.evaluate(() => document.activeElement && document.activeElement.blur()); // what the last tap focused
  await item.tap();
  await page.waitForFunction(() => document.activeElement && document.activeElement !== document.body && !document.activeElement.closest('[data-testid="needs-you"]'), null, { timeout: UI_TIMEOUT });
  return page.evaluate(() => {
    const a = document.activeElement;
    const r = a.getBoundingClientRect();
    const holder = a.closest('[data-control]');
    const scope = (name) => { const s = a.closest(`[data-${name}]`); return s ? s.dataset[name] : ''; };
    return {
      testid: a.dataset.testid || '', control: holder ? holder.dataset.control : '', top: r.top, bottom: r.bottom, height: window.innerHeight,
      colonel: scope('colonel'), expedition: scope('expedition'), motion: scope('motion'),
    };
  });
}

export function onScreen(f) {
  assert.ok(f.top >= 0 && f.bottom <= f.height, `on screen: ${JSON.stringify(f)}`);
}
