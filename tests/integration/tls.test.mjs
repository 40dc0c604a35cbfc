// TLS: with a certificate and key configured, the server speaks HTTPS and WSS only, and the session
// cookie gains Secure. A throwaway self-signed certificate is made with the openssl command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import https from 'node:https';
import http from 'node:http';
import WebSocket from 'ws';
import { MUSTER_BIN, MUSTER_WEB, checkSanitizerReport } from './lib/server.mjs';

function request(port, method, target, { body, cookie } = {}) {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port, method, path: target, rejectUnauthorized: false,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) } },
    (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.setTimeout(10000, () => req.destroy(new Error('timeout')));
    if (body) req.write(JSON.stringify(body));
    req.end();
  });
}

test('TLS: HTTPS, a Secure cookie and a WSS command round trip; plain HTTP is not served', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-tls-'));
  const key = path.join(dir, 'key.pem'), cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-days', '1',
    '-keyout', key, '-out', cert], { stdio: 'ignore' });
  const child = spawn(MUSTER_BIN, ['--listen', '127.0.0.1:0', '--db', path.join(dir, 'm.db'), '--web', MUSTER_WEB,
    '--tls-cert', cert, '--tls-key', key], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => { stderr += d; });
  const closed = new Promise((resolve) => child.once('close', resolve));
  try {
    const port = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/listening on https:\/\/127\.0\.0\.1:(\d+)/);
        if (m) resolve(Number(m[1]));
      });
      child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
      setTimeout(() => reject(new Error('no listening line')), 15000);
    });

    const health = await request(port, 'GET', '/healthz');
    assert.equal(health.status, 200);
    assert.equal((await request(port, 'POST', '/api/register', { body: { username: 'tls_user', password: 'correct horse battery' } })).status, 201);
    const login = await request(port, 'POST', '/api/login', { body: { username: 'tls_user', password: 'correct horse battery' } });
    assert.equal(login.status, 200);
    const setCookie = login.headers['set-cookie'][0];
    assert.match(setCookie, /; Secure/);
    assert.match(login.headers['strict-transport-security'] ?? '', /^max-age=\d+/, 'HSTS over TLS');
    const cookie = setCookie.split(';')[0];

    const ws = new WebSocket(`wss://127.0.0.1:${port}/ws`, { headers: { cookie, origin: `https://127.0.0.1:${port}` }, rejectUnauthorized: false });
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    const reply = await new Promise((resolve) => {
      ws.once('message', (d) => resolve([JSON.parse(d.toString())].flat()[0]));
      ws.send(JSON.stringify({ id: 1, type: 'campaign.create', body: { name: 'Over the water' } }));
    });
    assert.equal(reply.reply, 1);
    assert.equal(reply.ok, true);
    assert.equal(typeof reply.body.campaign, 'number');

    // A live campaign over WSS: a player joins with an invite, both subscribe, his chat reaches the umpire's page.
    const campaign = reply.body.campaign;
    const frames = (socket) => {
      const got = [];
      socket.on('message', (d) => got.push(...[JSON.parse(d.toString())].flat())); // an array: frames that queued
      return got;
    };
    const until = async (got, pred) => {
      for (let i = 0; i < 100; ++i) {
        const m = got.find(pred);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('no such frame over TLS');
    };
    const umpireFrames = frames(ws);
    let next = 10;
    const call = async (socket, got, type, body) => {
      const id = next++;
      socket.send(JSON.stringify({ id, type, body }));
      const r = await until(got, (m) => m.reply === id);
      assert.equal(r.ok, true, `${type}: ${JSON.stringify(r)}`);
      return r.body;
    };
    const { code } = await call(ws, umpireFrames, 'campaign.invite', { campaign, role: 'player' });
    assert.equal((await request(port, 'POST', '/api/register', { body: { username: 'tls_player', password: 'correct horse battery' } })).status, 201);
    const second = await request(port, 'POST', '/api/login', { body: { username: 'tls_player', password: 'correct horse battery' } });
    const player = new WebSocket(`wss://127.0.0.1:${port}/ws`, { headers: { cookie: second.headers['set-cookie'][0].split(';')[0], origin: `https://127.0.0.1:${port}` }, rejectUnauthorized: false });
    await new Promise((resolve, reject) => { player.once('open', resolve); player.once('error', reject); });
    const playerFrames = frames(player);
    await call(player, playerFrames, 'campaign.join', { code });
    await call(ws, umpireFrames, 'campaign.subscribe', { campaign });
    await call(player, playerFrames, 'campaign.subscribe', { campaign });
    await call(player, playerFrames, 'chat.say', { campaign, text: 'Across the water, securely' });
    await until(umpireFrames, (m) => m.push === 'view' && JSON.stringify(m).includes('Across the water, securely'));
    player.close();
    ws.close();

    // The same port does not answer plain HTTP with content.
    const plain = await new Promise((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => resolve(`status ${res.statusCode}`));
      req.on('error', (e) => resolve(`error ${e.code}`));
      req.setTimeout(5000, () => { req.destroy(); resolve('timeout'); });
    });
    assert.doesNotMatch(plain, /status 200/);
  } finally {
    child.kill('SIGTERM');
    await closed;
    checkSanitizerReport(stderr);
    rmSync(dir, { recursive: true, force: true });
  }
});
