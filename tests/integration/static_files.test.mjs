// The built web client as a phone on slow 4G needs it (docs/operations.md, "The web client"): each file's brotli or
// gzip copy made at build time, chosen by Accept-Encoding, with an ETag per coding and Vary; /assets/ (hashed names)
// cached for a year, everything else revalidated. The server runs on a web root made here: an index.html, a hashed
// asset with .br and .gz copies made by node:zlib, files without copies, and a copy symlinked out of the root.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { startServer } from './lib/server.mjs';
import { httpRequest, rawHttpGet } from './lib/client.mjs';

const ASSET = '/assets/app-ABCD1234.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const OUTSIDE_MARKER = `SECRET-OUTSIDE-WEB-${process.pid}-${Date.now()}`;
// Big and repetitive enough that each copy is much smaller than the file, as a real bundle's are.
const JS = Buffer.from(Array.from({ length: 400 }, (_, i) => `export function regiment${i}() { return ${i}; }\n`).join(''));
const BR = brotliCompressSync(JS);
const GZ = gzipSync(JS);
const INDEX = Buffer.from(`<!doctype html><title>Muster</title><script type="module" src="${ASSET}"></script>\n`);
const ICON = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>\n');
const PLAIN = Buffer.from('no copies of this one\n');

let server;
let root;

before(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'muster-itest-static-'));
  const web = path.join(root, 'web');
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), INDEX);
  writeFileSync(path.join(web, 'favicon.svg'), ICON);
  writeFileSync(path.join(web, ASSET.slice(1)), JS);
  writeFileSync(path.join(web, `${ASSET.slice(1)}.br`), BR);
  writeFileSync(path.join(web, `${ASSET.slice(1)}.gz`), GZ);
  writeFileSync(path.join(web, 'plain.txt'), PLAIN);
  writeFileSync(path.join(root, 'secret.txt'), `${OUTSIDE_MARKER}\n`);
  writeFileSync(path.join(root, 'secret.gz'), gzipSync(`${OUTSIDE_MARKER}\n`));
  symlinkSync(path.join(root, 'secret.gz'), path.join(web, 'plain.txt.gz'));  // a copy pointing out of the root
  server = await startServer({ web });
});

after(async () => {
  await server?.cleanup();
  if (root) rmSync(root, { recursive: true, force: true });
});

const get = (p, headers = {}) => httpRequest(server, 'GET', p, { headers });
const head = (p, headers = {}) => httpRequest(server, 'HEAD', p, { headers });

function assertAsset(res, coding, what) {
  assert.equal(res.status, 200, what);
  assert.equal(res.headers['content-encoding'], coding === 'identity' ? undefined : coding, `${what}: Content-Encoding`);
  assert.equal(res.headers.vary, 'Accept-Encoding', `${what}: Vary`);
  assert.match(res.headers['content-type'] ?? '', /^text\/javascript\b/, `${what}: the type of the .js, not of its copy`);
  assert.equal(res.headers['cache-control'], IMMUTABLE, `${what}: Cache-Control`);
  assert.match(res.headers.etag ?? '', /^"[^"]+"$/, `${what}: a strong ETag`);
  const decoded = coding === 'br' ? brotliDecompressSync(res.buffer) : coding === 'gzip' ? gunzipSync(res.buffer) : res.buffer;
  assert.ok(decoded.equals(JS), `${what}: the body decodes to the file's bytes`);
  const sent = coding === 'br' ? BR : coding === 'gzip' ? GZ : JS;
  assert.equal(Number(res.headers['content-length']), sent.length, `${what}: Content-Length of the bytes sent`);
}

test('Accept-Encoding chooses the copy: br before gzip, q=0 refuses, none or identity gets the file', async () => {
  const cases = [
    ['gzip, deflate, br, zstd', 'br'],        // Chrome's
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5, GZip;q=1', 'gzip'],          // case-insensitive; the client's q ranks first
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', 'identity'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ];
  for (const [accept, coding] of cases) {
    const res = await get(ASSET, accept === undefined ? {} : { 'Accept-Encoding': accept });
    assertAsset(res, coding, `Accept-Encoding: ${accept === undefined ? '(none)' : JSON.stringify(accept)}`);
  }
});

test('an ETag per coding: a 304 only for the ETag of the coding chosen, with Vary and Cache-Control', async () => {
  const br = await get(ASSET, { 'Accept-Encoding': 'br, gzip' });
  const gz = await get(ASSET, { 'Accept-Encoding': 'gzip' });
  const plain = await get(ASSET);
  const tags = [br.headers.etag, gz.headers.etag, plain.headers.etag];
  assert.equal(new Set(tags).size, 3, `three different ETags: ${tags.join(' ')}`);

  for (const [res, accept] of [[br, 'br, gzip'], [gz, 'gzip'], [plain, 'identity']]) {
    const again = await get(ASSET, { 'Accept-Encoding': accept, 'If-None-Match': res.headers.etag });
    assert.equal(again.status, 304, `${accept}: its own ETag gives a 304`);
    assert.equal(again.buffer.length, 0, `${accept}: a 304 has no body`);
    assert.equal(again.headers['content-length'], undefined, `${accept}: no Content-Length: 0 on a 304 (RFC 9110 8.6)`);
    assert.equal(again.headers.etag, res.headers.etag);
    assert.equal(again.headers.vary, 'Accept-Encoding', `${accept}: a 304 carries Vary too`);
    assert.equal(again.headers['cache-control'], IMMUTABLE);
  }
  // Another coding's ETag is not this representation's: the whole answer, in the coding asked for.
  assertAsset(await get(ASSET, { 'Accept-Encoding': 'br', 'If-None-Match': gz.headers.etag }), 'br', 'br with the gzip ETag');
  assertAsset(await get(ASSET, { 'Accept-Encoding': 'gzip', 'If-None-Match': br.headers.etag }), 'gzip', 'gzip with the br ETag');
  assertAsset(await get(ASSET, { 'If-None-Match': br.headers.etag }), 'identity', 'identity with the br ETag');

  // A list of ETags (a cache holding several), a weak form of the right one, and *.
  const list = `${plain.headers.etag}, ${gz.headers.etag},${br.headers.etag}`;
  assert.equal((await get(ASSET, { 'Accept-Encoding': 'br', 'If-None-Match': list })).status, 304, 'a list holding it');
  assert.equal((await get(ASSET, { 'Accept-Encoding': 'br', 'If-None-Match': `W/${br.headers.etag}` })).status, 304, 'W/ of it');
  assert.equal((await get(ASSET, { 'Accept-Encoding': 'br', 'If-None-Match': '*' })).status, 304, '*');
  assert.equal((await get(ASSET, { 'Accept-Encoding': 'br', 'If-None-Match': `${plain.headers.etag}, ${gz.headers.etag}` })).status,
    200, 'a list without it');
});

test('a connection kept alive goes on after a 304 (which has no Content-Length)', async () => {
  const etag = (await get('/favicon.svg')).headers.etag;
  const raw = await new Promise((resolve, reject) => {
    const sock = net.connect({ host: '127.0.0.1', port: server.port });
    const chunks = [];
    sock.on('connect', () => sock.write(
      `GET /favicon.svg HTTP/1.1\r\nHost: ${server.host}\r\nIf-None-Match: ${etag}\r\n\r\n`
      + `GET /favicon.svg HTTP/1.1\r\nHost: ${server.host}\r\nConnection: close\r\n\r\n`));
    sock.on('data', (d) => chunks.push(d));
    sock.on('error', reject);
    sock.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    sock.setTimeout(5000, () => sock.destroy(new Error('no answer')));
  });
  const statuses = [...raw.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
  assert.deepEqual(statuses, [304, 200], raw);
  assert.ok(raw.endsWith(ICON.toString('latin1')), 'the second answer is the whole file');
});

test('HEAD: the headers of the GET, Content-Length of the coded body, no body', async () => {
  for (const [accept, coding, sent] of [['br', 'br', BR], ['gzip', 'gzip', GZ], [undefined, undefined, JS]]) {
    const res = await head(ASSET, accept ? { 'Accept-Encoding': accept } : {});
    const what = `HEAD with ${accept ?? 'no Accept-Encoding'}`;
    assert.equal(res.status, 200, what);
    assert.equal(Number(res.headers['content-length']), sent.length, `${what}: Content-Length`);
    assert.equal(res.headers['content-encoding'], coding, `${what}: Content-Encoding`);
    assert.equal(res.headers.vary, 'Accept-Encoding', what);
    assert.equal(res.buffer.length, 0, `${what}: no body`);
    const got = await get(ASSET, accept ? { 'Accept-Encoding': accept } : {});
    assert.equal(res.headers.etag, got.headers.etag, `${what}: the GET's ETag`);
  }
});

test('index.html and other files outside /assets/ are revalidated every time', async () => {
  for (const p of ['/', '/index.html']) {
    const res = await get(p, { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(res.status, 200, p);
    assert.ok(res.buffer.equals(INDEX), `${p}: index.html as it is (it has no copies)`);
    assert.equal(res.headers['cache-control'], 'no-cache', p);
    assert.equal(res.headers['content-encoding'], undefined, p);
    assert.equal(res.headers.vary, undefined, `${p}: no copies, so no Vary`);
    assert.match(res.headers['content-type'] ?? '', /^text\/html\b/);
    const again = await get(p, { 'If-None-Match': res.headers.etag });
    assert.equal(again.status, 304, `${p}: revalidated by its ETag`);
    assert.equal(again.headers['cache-control'], 'no-cache');
  }
  const icon = await get('/favicon.svg', { 'Accept-Encoding': 'br' });
  assert.equal(icon.status, 200);
  assert.ok(icon.buffer.equals(ICON));
  assert.equal(icon.headers['content-type'], 'image/svg+xml');
  assert.equal(icon.headers['cache-control'], 'no-cache');
  assert.equal(icon.headers['content-encoding'], undefined);
});

test('a copy asked for by its own name is an opaque file, not a coding', async () => {
  const res = await get(`${ASSET}.br`, { 'Accept-Encoding': 'br' });
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-type'], 'application/octet-stream');
  assert.equal(res.headers['content-encoding'], undefined);
  assert.ok(res.buffer.equals(BR));
});

test('path escapes are still refused, and a copy symlinked out of the root is never sent', async () => {
  for (const target of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/assets/../../secret.txt',
    '/..%2fsecret.gz', '//secret.txt']) {
    const res = await rawHttpGet(server, target);
    assert.ok(res.status === 400 || res.status === 404, `${target}: refused (got ${res.status})`);
    assert.ok(!res.raw.includes(OUTSIDE_MARKER), `${target}: nothing from outside the root`);
  }
  const res = await get('/plain.txt', { 'Accept-Encoding': 'gzip' });
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-encoding'], undefined, 'the symlinked .gz is not a copy');
  assert.equal(res.headers.vary, undefined);
  assert.ok(res.buffer.equals(PLAIN));
  assert.equal((await get('/plain.txt.gz')).status, 404, 'nor is it served by its name');
});
