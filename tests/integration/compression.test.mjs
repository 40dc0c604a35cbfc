// WebSocket compression (docs/performance.md, "Compression"): offered only when the server is started with
// ws_deflate; a browser that asks for permessage-deflate then gets compressed frames that read as the same JSON,
// and one that does not ask gets plain frames. Off by default: it costs CPU on every frame of every socket.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { startServer } from './lib/server.mjs';
import { newUser } from './lib/client.mjs';

const servers = [];
after(async () => { for (const s of servers) await s.cleanup(); });

async function open(server, cookie, perMessageDeflate) {
  const ws = new WebSocket(server.wsUrl(), { headers: { Cookie: cookie, Origin: server.origin }, perMessageDeflate });
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  return ws;
}

function ask(ws, id, type, body) {
  return new Promise((resolve) => {
    ws.on('message', function on(m) {
      const parsed = JSON.parse(String(m));
      // Frames that queued for the socket come as one array (docs/protocol.md, "Frames").
      const f = (Array.isArray(parsed) ? parsed : [parsed]).find((x) => x.reply === id);
      if (f) { ws.off('message', on); resolve(f); }
    });
    ws.send(JSON.stringify({ id, type, body }));
  });
}

test('with ws_deflate a client that asks gets compressed frames; one that does not, plain ones', async () => {
  const server = await startServer({ args: ['--ws-deflate', 'true'] });
  servers.push(server);
  const u = await newUser(server, 'deflate_user');
  const zipped = await open(server, u.cookie, true);
  assert.match(zipped.extensions, /permessage-deflate/);
  const name = 'Regiment '.repeat(8);  // 72 characters that compress well
  const created = await ask(zipped, 1, 'campaign.create', { name });
  assert.equal(created.ok, true, JSON.stringify(created));
  const before = zipped._socket.bytesRead;
  const listed = await ask(zipped, 2, 'campaign.list', {});
  assert.equal(listed.body.campaigns[0].name, name);
  const text = JSON.stringify(listed).length;
  assert.ok(zipped._socket.bytesRead - before < text * 0.75, `the reply was compressed on the wire: ${zipped._socket.bytesRead - before} bytes for ${text}`);
  const plain = await open(server, u.cookie, false);
  assert.equal(plain.extensions, '');
  assert.equal((await ask(plain, 3, 'campaign.list', {})).body.campaigns[0].name, name);
  zipped.terminate();
  plain.terminate();
});

test('by default compression is not offered', async () => {
  const server = await startServer();
  servers.push(server);
  const u = await newUser(server, 'plain_user');
  const ws = await open(server, u.cookie, true);
  assert.equal(ws.extensions, '');
  assert.equal((await ask(ws, 1, 'campaign.list', {})).ok, true);
  ws.terminate();
});
