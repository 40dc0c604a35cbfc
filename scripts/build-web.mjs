// Builds the web client (web/) into what the server sends a browser (docs/operations.md, "The web client"):
//   node scripts/build-web.mjs [--out build/web]
// esbuild (pinned in package.json) bundles web/app.js into minified ES modules split where the page loads code with
// import(): what a signed-out page needs, a member's campaign page, the umpire's parts, each battle book. Every
// bundle, the style sheet and the favicon get content-hashed names under assets/, which the server sends as
// immutable; index.html names them and is revalidated. Each file gets a brotli (.br) and a gzip (.gz) copy, made
// here once so the server compresses nothing per request. Source maps (.map) sit beside the bundles for a bug's
// stack trace; the browser fetches them only when its developer tools are open.
// Beside the output folder, <out>.manifest.json lists each bundle's source files (the tests' budget reads it).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(REPO, 'web');

function argValue(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]) : fallback;
}

function hashed(name, bytes) {
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const ext = path.extname(name);
  return `assets/${path.basename(name, ext)}-${hash}${ext}`;
}

async function bundle(out) {
  const result = await esbuild.build({
    entryPoints: [path.join(WEB, 'app.js')],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    sourcemap: 'linked',
    target: ['es2020'],
    outdir: out,
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, o]) => ({
      file: path.relative(out, path.resolve(REPO, file)),
      // The page's entry (web/app.js) or a module loaded with import() (a page, a tab's code, a book); else a chunk.
      entry: o.entryPoint ? path.relative(REPO, path.resolve(REPO, o.entryPoint)) : null,
      inputs: Object.keys(o.inputs).map((i) => path.relative(REPO, path.resolve(REPO, i))),
      imports: o.imports.filter((i) => !i.external).map((i) => ({
        file: path.relative(out, path.resolve(REPO, i.path)), kind: i.kind,
      })),
    }));
  return outputs;
}

// A file copied under a hashed name (the style sheet, the favicon): its address in the page.
function copyHashed(out, source) {
  const bytes = fs.readFileSync(path.join(WEB, source));
  const name = hashed(path.basename(source), bytes);
  fs.writeFileSync(path.join(out, name), bytes);
  return `/${name}`;
}

// Each module loaded with import(), by its path in web/, with every bundle it needs at once (web/common/preload.js).
function bundleMap(outputs) {
  const byFile = new Map(outputs.map((o) => [o.file, o]));
  const closure = (file, seen = new Set()) => {
    if (seen.has(file) || !byFile.has(file)) return seen;
    seen.add(file);
    for (const i of byFile.get(file).imports) if (i.kind === 'import-statement') closure(i.file, seen);
    return seen;
  };
  const map = {};
  for (const o of outputs) {
    if (o.entry && o.entry !== 'web/app.js') map[o.entry.replace(/^web\//, '')] = [...closure(o.file)].map((f) => `/${f}`);
  }
  return map;
}

// index.html naming the built files: the entry module, the bundles it imports at once (preloaded, so the browser
// fetches them beside the entry rather than after it), the style sheet and the icon.
function writeIndex(out, outputs, css, icon) {
  const entry = outputs.find((o) => o.entry === 'web/app.js');
  const preload = entry.imports.filter((i) => i.kind === 'import-statement').map((i) => `/${i.file}`);
  let html = fs.readFileSync(path.join(WEB, 'index.html'), 'utf8');
  const swap = (from, to) => {
    if (!html.includes(from)) throw new Error(`web/index.html no longer has ${from}`);
    html = html.replace(from, to);
  };
  swap('href="/common/style.css"', `href="${css}"`);
  swap('href="/favicon.svg"', `href="${icon}"`);
  swap('<script type="module" src="/app.js"></script>',
    [...preload.map((p) => `<link rel="modulepreload" href="${p}">`),
      `<script type="application/json" id="bundle-map">${JSON.stringify(bundleMap(outputs))}</script>`,
      `<script type="module" src="/${entry.file}"></script>`].join('\n  '));
  fs.writeFileSync(path.join(out, 'index.html'), html);
}

// Brotli and gzip copies of every text file, kept only where they are smaller.
function compressAll(out) {
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(js|css|html|svg|map|json)$/.test(e.name)) files.push(p);
    }
  };
  walk(out);
  for (const file of files) {
    const bytes = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const gz = zlib.gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
  }
}

async function main() {
  const out = argValue('--out', path.join(REPO, 'build', 'web'));
  // Built beside, then moved in place: a server reading the folder never sees half of a build.
  const staging = `${out}.new`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(path.join(staging, 'assets'), { recursive: true });
  const outputs = await bundle(staging);
  const css = copyHashed(staging, 'common/style.css');
  const icon = copyHashed(staging, 'favicon.svg');
  fs.copyFileSync(path.join(WEB, 'favicon.svg'), path.join(staging, 'favicon.svg')); // browsers ask /favicon.svg
  writeIndex(staging, outputs, css, icon);
  compressAll(staging);
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(staging, out);
  fs.writeFileSync(`${out}.manifest.json`, `${JSON.stringify({ css, icon, outputs }, null, 1)}\n`);
  const size = (f) => fs.statSync(path.join(out, f)).size;
  const total = outputs.reduce((n, o) => n + size(o.file), 0);
  console.log(`web client built in ${path.relative(REPO, out) || out}: ${outputs.length} bundles, ${(total / 1024).toFixed(0)} KiB of JavaScript`);
}

main().catch((err) => {
  console.error(err.message || err);
  process.exit(1);
});
