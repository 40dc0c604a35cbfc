// WebSocket compression (docs/performance.md, "Compression"): offered by default (ws_deflate); to a client that
// took it, a message of at least ws_deflate_min_bytes (4096) goes compressed, a smaller one plain, and a client
// that did not ask gets plain frames. Whether a message came compressed is read off the bytes the client's socket
// read for it: a compressed view takes a fraction of its JSON's length, a plain message its length and a frame
// header of a few bytes.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { startServer } from './lib/server.mjs';
import { newUser } from './lib/client.mjs';

const servers = [];
after(async () => { for (const s of servers) await s.cleanup(); });

async function serverWith(args = []) {
  const server = await startServer({ args });
  servers.push(server);
  return server;
}

// perMessageDeflate: false (no offer), true (ws's default: its own messages under 1 KB go plain), or ws's
// options ({ threshold: 0 } compresses every message the client sends, as Chrome does).
async function open(server, cookie, perMessageDeflate) {
  const ws = new WebSocket(server.wsUrl(), { headers: { Cookie: cookie, Origin: server.origin }, perMessageDeflate });
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  return ws;
}

/**
 * Sends a command and waits for its reply and, when `until` is given, for a frame that satisfies it. Returns the
 * reply; the messages received meanwhile, their JSON's length and the bytes the socket read for them; and the
 * command's JSON length and the bytes written for it.
 */
function exchange(ws, id, type, body, until = null) {
  const before = ws._socket.bytesRead;
  const written = ws._socket.bytesWritten;
  const command = JSON.stringify({ id, type, body });
  let messages = 0;
  let json = 0;
  let reply = null;
  let seen = false;
  return new Promise((resolve) => {
    ws.on('message', function on(m) {
      const text = String(m);
      messages += 1;
      json += Buffer.byteLength(text);
      // Frames that queued for the socket come as one array (docs/protocol.md, "Frames").
      const frames = [JSON.parse(text)].flat();
      reply ??= frames.find((f) => f.reply === id) ?? null;
      seen ||= !until || frames.some(until);
      if (reply && seen) {
        ws.off('message', on);
        resolve({ reply, messages, json, wire: ws._socket.bytesRead - before,
          command: Buffer.byteLength(command), sent: ws._socket.bytesWritten - written });
      }
    });
    ws.send(command);
  });
}

const isView = (campaign) => (f) => f.push === 'view' && f.campaign === campaign && 'view' in f;

// A plain message is on the wire as its JSON and a header of 2 to 4 bytes (a server's frames carry no mask).
function assertPlain(got, what) {
  assert.ok(got.wire >= got.json + 2 * got.messages && got.wire <= got.json + 4 * got.messages,
    `${what} came plain: ${got.wire} bytes on the wire for ${got.json} of JSON in ${got.messages} messages`);
}

test('by default a client that asks gets a subscribe\'s view compressed and a reply under 4 KB plain', async () => {
  const server = await serverWith();
  const u = await newUser(server, 'deflate_default');
  const ws = await open(server, u.cookie, true);
  assert.match(ws.extensions, /permessage-deflate/);
  // A reply of 1 to 4 KB that deflate would shrink to a fraction (a list of names much alike): plain all the same.
  let campaign = null;
  for (let i = 0; i < 12; i++) {
    const created = await exchange(ws, 100 + i, 'campaign.create', { name: `Regiment ${i} `.repeat(6) });
    assert.equal(created.reply.ok, true, JSON.stringify(created.reply));
    campaign ??= created.reply.body.campaign;
  }
  const listed = await exchange(ws, 2, 'campaign.list', {});
  assert.equal(listed.reply.body.campaigns.length, 12);
  assert.ok(listed.json > 1024 && listed.json < 4096, `the reply is 1 to 4 KB: ${listed.json} bytes`);
  assertPlain(listed, 'campaign.list\'s reply');
  // The umpire's view of a new campaign is some 20 KB of JSON.
  const subscribed = await exchange(ws, 3, 'campaign.subscribe', { campaign }, isView(campaign));
  assert.equal(subscribed.reply.ok, true, JSON.stringify(subscribed.reply));
  assert.ok(subscribed.json > 8 * 1024, `the view is large: ${subscribed.json} bytes of JSON`);
  assert.ok(subscribed.wire < subscribed.json / 3, `the view came compressed: ${subscribed.wire} bytes on the wire for ${subscribed.json} of JSON`);
  // A second large message on the same socket compresses as well (the compressor's buffers, freed after the first,
  // are made again), and a small one after it is plain again.
  const other = (await exchange(ws, 4, 'campaign.create', { name: 'Second' })).reply.body.campaign;
  const again = await exchange(ws, 5, 'campaign.subscribe', { campaign: other }, isView(other));
  assert.ok(again.wire < again.json / 3, `the second view came compressed: ${again.wire} bytes for ${again.json}`);
  assertPlain(await exchange(ws, 6, 'campaign.list', {}), 'a reply after a compressed view');
  ws.terminate();
});

test('a client that compresses every message it sends, as Chrome does, is read and answered throughout', async () => {
  const server = await serverWith();
  const u = await newUser(server, 'deflate_chrome');
  const ws = await open(server, u.cookie, { threshold: 0 });
  assert.match(ws.extensions, /permessage-deflate/);
  // Each command compressed alone: the server's decompressor, freed after each, reads the next.
  const campaigns = [];
  for (let i = 0; i < 3; i++) {
    const created = await exchange(ws, 10 + i, 'campaign.create', { name: `Compressed ${i} `.repeat(6) });
    assert.equal(created.reply.ok, true, JSON.stringify(created.reply));
    assert.ok(created.sent < created.command, `the command went compressed: ${created.sent} bytes for ${created.command}`);
    campaigns.push(created.reply.body.campaign);
  }
  for (const [i, campaign] of campaigns.entries()) {
    const got = await exchange(ws, 20 + i, 'campaign.subscribe', { campaign }, isView(campaign));
    assert.equal(got.reply.ok, true, JSON.stringify(got.reply));
    assert.ok(got.wire < got.json / 3, `view ${i} came compressed: ${got.wire} bytes for ${got.json}`);
  }
  const listed = await exchange(ws, 30, 'campaign.list', {});
  assert.equal(listed.reply.body.campaigns.length, 3);
  ws.terminate();
});

test('a client that does not ask gets plain frames, a view too', async () => {
  const server = await serverWith();
  const u = await newUser(server, 'deflate_refused');
  const ws = await open(server, u.cookie, false);
  assert.equal(ws.extensions, '');
  const campaign = (await exchange(ws, 1, 'campaign.create', { name: 'Plain' })).reply.body.campaign;
  const subscribed = await exchange(ws, 2, 'campaign.subscribe', { campaign }, isView(campaign));
  assert.ok(subscribed.json > 8 * 1024);
  assertPlain(subscribed, 'the view');
  ws.terminate();
});

test('ws_deflate false offers no compression; ws_deflate_min_bytes 0 compresses a small reply too', async () => {
  const off = await serverWith(['--ws-deflate', 'false']);
  const u = await newUser(off, 'deflate_off');
  const plain = await open(off, u.cookie, true);
  assert.equal(plain.extensions, '');
  assert.equal((await exchange(plain, 1, 'campaign.list', {})).reply.ok, true);
  plain.terminate();

  const all = await serverWith(['--ws-deflate-min-bytes', '0']);
  const v = await newUser(all, 'deflate_all');
  const ws = await open(all, v.cookie, true);
  const name = 'Regiment '.repeat(8);
  await exchange(ws, 1, 'campaign.create', { name });
  const listed = await exchange(ws, 2, 'campaign.list', {});
  assert.equal(listed.reply.body.campaigns[0].name, name);
  assert.ok(listed.wire < listed.json * 0.75, `the reply came compressed: ${listed.wire} bytes for ${listed.json}`);
  ws.terminate();
});
