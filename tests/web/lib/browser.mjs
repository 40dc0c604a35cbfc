// Helpers for the browser tests: Debian's headless Chromium driven by playwright-core against the real
// server (tests/integration/lib/server.mjs). One fresh browser context (empty profile, own cookies) per user.
//
//   const browser = await launchBrowser();
//   const alice = await openUser(browser, server);          // {context, page, frames, loads, pageErrors}
//   await registerViaPage(alice.page, 'alice');               // register form, which also signs in
//   await alice.page.getByTestId('notice-item').first().waitFor();
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { PASSWORD } from '../../integration/lib/client.mjs';

export { PASSWORD };
export const CHROMIUM = process.env.MUSTER_CHROMIUM || '/usr/bin/chromium';
export const SHOTS = '/tmp/muster-web-shots';

// Generous but bounded: every wait in these tests ends with a clear failure well inside the suite's budget.
export const UI_TIMEOUT = 15000; // a page reacting to a click or a push
export const RECONNECT_TIMEOUT = 30000; // the reconnect backoff tops out at 10 s
export const NAVIGATION_TIMEOUT = 45000; // a page's first load, its modules uncached

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: 60000,
    // --disable-dev-shm-usage: shared memory in /tmp, for machines whose /dev/shm is a container's 64 MB.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-dev-shm-usage',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let closing = false;
  const close = browser.close.bind(browser);
  browser.close = (...args) => { closing = true; return close(...args); };
  browser.on('disconnected', () => {
    // Said at once, so that a test failing on a closed page says the browser itself went (crashed or was killed).
    if (!closing) process.stderr.write('chromium went away before the test closed it\n');
  });
  return browser;
}

/** A port that was free a moment ago on 127.0.0.1 (for a server that must come back on the same port). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * A new browser context (a new, empty profile) with one page on the server's origin, recording every
 * WebSocket text frame the page receives (`frames`), full document loads (`loads`) and uncaught page
 * errors (`pageErrors`). With `cookie` the profile starts with that session; `path` is the first address.
 */
export async function openUser(browser, server, contextOptions = {}, { cookie, path = '/' } = {}) {
  const context = await browser.newContext({ baseURL: server.origin, ...contextOptions });
  if (cookie) {
    // An API session ("muster_session=...") for this profile: the page boots signed in.
    const eq = cookie.indexOf('=');
    await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: server.origin }]);
  }
  context.setDefaultTimeout(UI_TIMEOUT);
  // A fresh profile's first load fetches every module of the client: with two browser test files side by side on
  // two cores (scripts/dev.sh) it has taken longer than a click's timeout.
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT);
  const page = await context.newPage();
  const user = { context, page, frames: [], wire: [], sockets: [], loads: 0, pageErrors: [] };
  page.on('websocket', (ws) => {
    user.sockets.push(ws);
    ws.on('framereceived', (f) => {
      const text = typeof f.payload === 'string' ? f.payload : Buffer.from(f.payload).toString('utf8');
      user.wire.push(text);
      // Frames that queued for the socket come as one array (docs/protocol.md, "Frames"): each is recorded
      // as if it had come alone.
      let parsed;
      try { parsed = JSON.parse(text); } catch { parsed = null; }
      if (Array.isArray(parsed)) for (const one of parsed) user.frames.push(JSON.stringify(one));
      else user.frames.push(text);
    });
  });
  page.on('load', () => { user.loads += 1; });
  page.on('crash', () => process.stderr.write(`chromium's page crashed (${path})\n`));
  page.on('pageerror', (err) => { user.pageErrors.push(String(err && err.stack ? err.stack : err)); });
  await page.goto(server.origin + path);
  return user;
}

/** Waits until the page's hash route is `hash` (string) or matches it (RegExp); returns the hash. */
export async function waitForHash(page, hash, timeout = UI_TIMEOUT) {
  const src = hash instanceof RegExp ? { re: hash.source, flags: hash.flags } : { exact: hash };
  await page.waitForFunction((s) => (s.exact !== undefined ? location.hash === s.exact : new RegExp(s.re, s.flags).test(location.hash)),
    src, { timeout });
  return page.evaluate(() => location.hash);
}

export async function connState(page) {
  return page.getByTestId('conn-state').getAttribute('data-state');
}

/** Waits until the connection indicator's data-state is `state` (or, with `not: true`, is anything else). */
export async function waitForConnState(page, state, { timeout = UI_TIMEOUT, not = false } = {}) {
  await page.waitForFunction(([s, neg]) => {
    const el = document.querySelector('[data-testid="conn-state"]');
    return el && (neg ? el.dataset.state !== s : el.dataset.state === s);
  }, [state, not], { timeout });
  return connState(page);
}

/** The register form: creates the account, which also signs in; waits for the campaigns page. */
export async function registerViaPage(page, username, password = PASSWORD) {
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-submit').click();
  await waitForHash(page, '#/campaigns');
  await page.getByTestId('campaign-list').waitFor({ state: 'attached' });
}

/** The sign-in form; waits for the campaigns page. */
export async function loginViaPage(page, username, password = PASSWORD) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await waitForHash(page, '#/campaigns');
  await page.getByTestId('campaign-list').waitFor({ state: 'attached' });
}

/** The `.item-text` of every element with data-testid `itemTestid` inside `listTestid`, in page order. */
export async function itemTexts(page, listTestid, itemTestid) {
  return page.getByTestId(listTestid).getByTestId(itemTestid).locator('.item-text').allTextContents();
}

/** Waits for an item (e.g. notice-item) whose .item-text is exactly `text` inside the list `listTestid`. */
export async function waitForItem(page, listTestid, itemTestid, text, timeout = UI_TIMEOUT) {
  await page.waitForFunction(([list, item, t]) => {
    const l = document.querySelector(`[data-testid="${list}"]`);
    if (!l) return false;
    return [...l.querySelectorAll(`[data-testid="${item}"] .item-text`)].some((e) => e.textContent === t);
  }, [listTestid, itemTestid, text], { timeout });
}

/** Sets a random marker on `window`; `assertNoReload` later checks it survived (no navigation or reload). */
export async function markWindow(user) {
  const token = `m${Math.random().toString(36).slice(2)}`;
  await user.page.evaluate((t) => { window.__musterTestMarker = t; }, token);
  return { token, loads: user.loads };
}

export async function windowMarker(page) {
  return page.evaluate(() => window.__musterTestMarker ?? null);
}

export function shotPath(name) {
  mkdirSync(SHOTS, { recursive: true });
  return path.join(SHOTS, `${name}.png`);
}

/** Best effort: a full-page screenshot of each page, for looking at a failure afterwards. */
export async function failureShots(prefix, pages) {
  for (const [name, page] of Object.entries(pages)) {
    try {
      if (page && !page.isClosed()) await page.screenshot({ path: shotPath(`failure-${prefix}-${name}`), fullPage: true, timeout: 5000 });
    } catch { /* the page may be gone */ }
  }
}

/**
 * Runs named steps as subtests of `t`, in order; after a failing step the rest are skipped (they would only
 * fail for the same reason) and `onFailure` is called once (e.g. to take screenshots).
 */
export function stepper(t, onFailure) {
  let broken = null;
  return (name, fn) => t.test(name, async (st) => {
    if (broken) {
      st.skip(`skipped: step "${broken}" failed`);
      return;
    }
    try {
      await fn(st);
    } catch (e) {
      broken = name;
      if (onFailure) await onFailure(name);
      throw e;
    }
  });
}

// axe-core put into the page for an accessibility check. Evaluated through the DevTools protocol rather than
// added as a <script>: the server's Content-Security-Policy forbids inline scripts, and the check must run with it on.
let axeSource = null;
export async function injectAxe(page) {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
}
