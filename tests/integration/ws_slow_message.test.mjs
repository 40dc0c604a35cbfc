// A WebSocket message must come in full within ws_message_timeout_seconds of its first bytes (docs/operations.md,
// "Limits"; docs/protocol.md, "Frames"), as a slow HTTP request is held to its time: a client that sends a text
// frame with FIN=0 and then empty continuation frames every 100 ms was read for as long as it kept sending (10 s
// seen, no close). Now the server closes the socket with 1008 within the limit, and shuts it a second later if the
// client does not answer the close. A message that comes in fragments in time is read as before.
// A raw TCP client speaks the WebSocket protocol here, frame by frame, as a browser never would.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/server.mjs';
import { newUser, uniqueName, sleep } from './lib/client.mjs';

const LIMIT_S = 2;
let server;
let user;

before(async () => {
  // Through the environment, so that a server without the setting starts all the same (and fails the test).
  server = await startServer({ env: { MUSTER_WS_MESSAGE_TIMEOUT_SECONDS: String(LIMIT_S) } });
  user = await newUser(server, uniqueName('slowmsg'));
});

after(async () => {
  await server?.cleanup();
});

// A client frame: masked, as RFC 6455 requires of a client.
function frame(opcode, payload = Buffer.alloc(0), fin = true) {
  const data = Buffer.from(payload);
  const mask = randomBytes(4);
  let head;
  if (data.length < 126) head = Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | data.length]);
  else head = Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | 126, data.length >> 8, data.length & 0xff]);
  const masked = Buffer.from(data.map((b, i) => b ^ mask[i % 4]));
  return Buffer.concat([head, mask, masked]);
}

/** Opens /ws on a bare TCP socket; resolves {socket, frames, closed} once the server answered 101. */
function rawWebSocket() {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, server.address);
    const frames = []; // {opcode, fin, payload}
    let upgraded = false;
    let pending = Buffer.alloc(0);
    let closedAt = null;
    const closed = new Promise((r) => socket.on('close', () => { closedAt = Date.now(); r(); }));
    socket.on('error', () => {});
    socket.on('connect', () => {
      socket.write([
        'GET /ws HTTP/1.1', `Host: ${server.address}:${server.port}`, 'Upgrade: websocket', 'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`, 'Sec-WebSocket-Version: 13',
        `Origin: ${server.origin}`, `Cookie: ${user.cookie}`, '', ''].join('\r\n'));
    });
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      if (!upgraded) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = pending.subarray(0, end).toString('latin1');
        if (!/^HTTP\/1\.1 101/.test(head)) return reject(new Error(`upgrade refused: ${head}`));
        upgraded = true;
        pending = pending.subarray(end + 4);
        resolve({ socket, frames, closed, closedAt: () => closedAt });
      }
      for (;;) {
        if (pending.length < 2) return;
        let len = pending[1] & 0x7f;
        let at = 2;
        if (len === 126) { if (pending.length < 4) return; len = pending.readUInt16BE(2); at = 4; }
        else if (len === 127) { if (pending.length < 10) return; len = Number(pending.readBigUInt64BE(2)); at = 10; }
        if (pending.length < at + len) return;
        frames.push({ opcode: pending[0] & 0x0f, fin: Boolean(pending[0] & 0x80), payload: pending.subarray(at, at + len), at: Date.now() });
        pending = pending.subarray(at + len);
      }
    });
  });
}

const closeFrame = (frames) => frames.find((f) => f.opcode === 8);

test('a message trickled as empty continuation frames: closed with 1008 within the limit', async () => {
  const ws = await rawWebSocket();
  const start = Date.now();
  ws.socket.write(frame(1, '{"id":1,', false)); // a text frame, FIN=0
  const trickle = setInterval(() => { if (!ws.socket.destroyed) ws.socket.write(frame(0, '', false)); }, 100);
  try {
    const deadline = start + (LIMIT_S + 4) * 1000;
    while (!closeFrame(ws.frames) && ws.closedAt() === null && Date.now() < deadline) await sleep(50);
    const close = closeFrame(ws.frames);
    assert.ok(close, `a close frame within ${LIMIT_S + 4} s of the message's first frame (got ${ws.frames.length} frames, `
      + `socket ${ws.closedAt() === null ? 'open' : 'closed'})`);
    const code = close.payload.readUInt16BE(0);
    assert.equal(code, 1008, `closed with 1008 (policy violation): ${code} ${close.payload.subarray(2).toString()}`);
    const took = close.at - start;
    assert.ok(took >= LIMIT_S * 1000 - 100, `not before the limit: ${took} ms`);
    assert.ok(took <= LIMIT_S * 1000 + 1000, `within the limit + 1 s: ${took} ms`);
    // It keeps trickling and never answers the close: the server shuts the socket all the same.
    await Promise.race([ws.closed, sleep(5000)]);
    assert.ok(ws.closedAt() !== null, 'the server shut the socket of a client that never answered its close');
    assert.ok(ws.closedAt() - close.at <= 2500, `shut ${ws.closedAt() - close.at} ms after the close frame`);
  } finally {
    clearInterval(trickle);
    ws.socket.destroy();
  }
});

test('a message in fragments that comes in time is read, and the socket stays open', async () => {
  const ws = await rawWebSocket();
  const text = JSON.stringify({ id: 'frag', type: 'campaign.list', body: {} });
  const parts = [text.slice(0, 5), text.slice(5, 12), '', text.slice(12)];
  ws.socket.write(frame(1, parts[0], false));
  for (let i = 1; i < parts.length; i += 1) {
    await sleep(300); // 0.9 s in all: slower than any browser, within the limit
    ws.socket.write(frame(0, parts[i], i === parts.length - 1));
  }
  const replyOf = () => ws.frames.filter((f) => f.opcode === 1).map((f) => JSON.parse(f.payload.toString()))
    .flatMap((m) => (Array.isArray(m) ? m : [m])).find((m) => m.reply === 'frag');
  const deadline = Date.now() + 5000;
  while (!replyOf() && Date.now() < deadline) await sleep(50);
  const reply = replyOf();
  assert.ok(reply, `a reply to the fragmented command: ${ws.frames.map((f) => f.payload.toString()).join(' | ')}`);
  assert.equal(reply.ok, true, JSON.stringify(reply));
  // Two more, each in fragments, past the first one's limit: the limit is each message's, not the socket's.
  await sleep(LIMIT_S * 1000);
  for (const id of ['frag2', 'frag3']) {
    const t = JSON.stringify({ id, type: 'campaign.list', body: {} });
    ws.socket.write(frame(1, t.slice(0, 10), false));
    await sleep(LIMIT_S * 500);
    ws.socket.write(frame(0, t.slice(10), true));
  }
  const deadline2 = Date.now() + 5000;
  const got = (id) => ws.frames.filter((f) => f.opcode === 1).map((f) => JSON.parse(f.payload.toString()))
    .flatMap((m) => (Array.isArray(m) ? m : [m])).some((m) => m.reply === id && m.ok);
  while (!(got('frag2') && got('frag3')) && Date.now() < deadline2) await sleep(50);
  assert.ok(got('frag2') && got('frag3'), 'both later fragmented commands answered');
  assert.equal(closeFrame(ws.frames), undefined, 'no close');
  assert.equal(ws.closedAt(), null, 'the socket is open');
  ws.socket.write(frame(8, Buffer.from([0x03, 0xe8]))); // 1000
  await Promise.race([ws.closed, sleep(3000)]);
  ws.socket.destroy();
});
