// In the built client (scripts/build-web.mjs), index.html lists each module the code loads with import() and every
// bundle it needs at once (a JSON block, id "bundle-map", by the module's path in web/). Asking for them all
// together saves a round trip for each level of imports, which on a phone's line is most of a page's wait. The
// plain modules have no list, and preload does nothing.
let map = null;
const asked = new Set();

export function preload(...modules) {
  if (map === null) {
    const block = document.getElementById('bundle-map');
    try { map = block ? JSON.parse(block.textContent) : {}; } catch { map = {}; }
  }
  for (const m of modules) {
    for (const href of map[m] || []) {
      if (asked.has(href)) continue;
      asked.add(href);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
  }
}
