// The source modules behind what a page loaded. The built client (scripts/build-web.mjs) serves bundles under
// /assets/ and lists each one's source files in <web root>.manifest.json; the plain client serves the sources
// themselves. Either way a test asks which of web/'s modules a page has run, by their addresses in web/
// ('/rulesets/oth/index.js').
import fs from 'node:fs';
import { MUSTER_WEB } from '../../integration/lib/server.mjs';

export const MANIFEST = `${MUSTER_WEB.replace(/\/$/, '')}.manifest.json`;

/** Map of a bundle's address (/assets/...) to its sources as addresses in web/; null for the plain client. */
export function bundleSources() {
  if (!fs.existsSync(MANIFEST)) return null;
  const m = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
  return new Map(m.outputs.map((o) => [`/${o.file}`, o.inputs.map((i) => i.replace(/^web\//, '/'))]));
}

/** The web/ modules behind the script addresses `paths` (the page's own, or a bundle's sources). */
export function sourceModules(paths) {
  const bundles = bundleSources();
  if (!bundles) return paths;
  return paths.flatMap((p) => {
    if (!p.startsWith('/assets/')) return [p];
    if (!bundles.has(p)) throw new Error(`${p} is not in ${MANIFEST}`);
    return bundles.get(p);
  });
}
