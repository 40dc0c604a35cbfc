// A campaign's pictures over real HTTP (docs/protocol.md, "Images"): the umpire uploads a sketch map for an
// expedition's briefing; its type is read from the bytes and must be what was declared; the size is capped
// (here at 4 KiB: --image-max-bytes); members fetch it by its address, nobody else can; a player cannot upload.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { connect, newUser, httpRequest } from './lib/client.mjs';

// A 1x1 PNG.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000'
  + '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082', 'hex');

let server, ump, player, stranger, campaign;

before(async () => {
  server = await startServer({ args: ['--image-max-bytes', '4096'] });
  ump = await newUser(server, 'img_umpire');
  player = await newUser(server, 'img_player');
  stranger = await newUser(server, 'img_stranger');
  const U = await connect(server, ump.cookie);
  campaign = (await U.ok('campaign.create', { name: 'Maps of the Main' })).campaign;
  const code = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  const P = await connect(server, player.cookie);
  await P.ok('campaign.join', { code });
  await U.close();
  await P.close();
});

after(async () => { await server?.cleanup(); });

const upload = (who, body, type = 'image/png') => httpRequest(server, 'POST', `/api/campaigns/${campaign}/images`,
  { body, cookie: who.cookie, headers: { 'Content-Type': type } });

test('the umpire uploads a PNG; a member fetches the same bytes; a stranger and a guess find nothing', async () => {
  const r = await upload(ump, PNG);
  assert.equal(r.status, 201, r.text);
  assert.equal(r.json.type, 'image/png');
  assert.match(r.json.url, new RegExp(`^/api/campaigns/${campaign}/images/[0-9a-f]{32}$`));
  const got = await httpRequest(server, 'GET', r.json.url, { cookie: player.cookie });
  assert.equal(got.status, 200);
  assert.equal(got.headers['content-type'], 'image/png');
  assert.equal(got.headers['x-content-type-options'], 'nosniff');
  assert.ok(got.buffer.equals(PNG));
  for (const [who, path] of [[stranger, r.json.url], [player, `/api/campaigns/${campaign}/images/${'0'.repeat(32)}`],
    [player, r.json.url.replace(`/campaigns/${campaign}/`, `/campaigns/${campaign + 1}/`)]]) {
    const miss = await httpRequest(server, 'GET', path, { cookie: who.cookie });
    assert.equal(miss.status, 404, path);
    assert.equal(miss.json.error.code, 'not_found');
  }
  assert.equal((await httpRequest(server, 'GET', r.json.url)).status, 401);
});

test('refused with a clear error: a player, not a picture, a type that is not what it says, too large, empty', async () => {
  const cases = [
    [player, PNG, 'image/png', 403, 'forbidden'],
    [ump, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml', 415, 'unsupported_type'],
    [ump, PNG, 'image/jpeg', 415, 'unsupported_type'],
    [ump, Buffer.concat([PNG, Buffer.alloc(5000)]), 'image/png', 413, 'too_large'],
    [ump, Buffer.alloc(0), 'image/png', 400, 'bad_request'],
  ];
  for (const [who, body, type, status, code] of cases) {
    const r = await upload(who, body, type);
    assert.equal(r.status, status, `${type} ${body.length}: ${r.text}`);
    assert.equal(r.json.error.code, code);
    assert.ok(r.json.error.message.length > 0);
  }
  // The server still answers after the connection a too-large upload closed.
  assert.equal((await upload(ump, PNG)).status, 201);
});
