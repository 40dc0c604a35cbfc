// Real clients of a running Muster server: HTTP (node:http, one fresh connection per request, so no
// pooled keep-alive socket outlives a test) and WebSocket (the `ws` package).
import http from 'node:http';
import net from 'node:net';
import WebSocket from 'ws';
import { applyPatch } from './patch.mjs';

export const PASSWORD = 'correct horse battery';

/** One HTTP request. Returns {status, headers, text, json (or undefined), setCookies: [..]}. */
export function httpRequest(server, method, path, { body, cookie, headers = {}, timeoutMs = 10000 } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined
      : (typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
    const h = { ...headers };
    if (payload !== undefined) {
      if (!Object.keys(h).some((k) => k.toLowerCase() === 'content-type')) h['Content-Type'] = 'application/json';
      h['Content-Length'] = Buffer.byteLength(payload);
    }
    if (cookie) h.Cookie = cookie;
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path, headers: h, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const buffer = Buffer.concat(chunks);
        const text = buffer.toString('utf8');
        let json;
        try { json = JSON.parse(text); } catch { json = undefined; }
        const sc = res.headers['set-cookie'] || [];
        resolve({ status: res.statusCode, headers: res.headers, text, buffer, json, setCookies: sc });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * A raw HTTP/1.1 request over a plain TCP socket: the request target is sent byte for byte, with no
 * normalisation of `..`, `%2e` or `//`. Returns {status, head, body, raw}.
 */
export function rawHttpGet(server, target, { timeoutMs = 10000 } = {}) {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: '127.0.0.1', port: server.port });
    const chunks = [];
    const timer = setTimeout(() => { sock.destroy(); reject(new Error(`raw GET ${target}: timed out`)); }, timeoutMs);
    sock.on('connect', () => {
      sock.write(`GET ${target} HTTP/1.1\r\nHost: ${server.host}\r\nConnection: close\r\n\r\n`);
    });
    sock.on('data', (d) => chunks.push(d));
    sock.on('error', (e) => {
      // A server may reset the connection on a request it refuses; what it sent before is still judged.
      if (chunks.length === 0) { clearTimeout(timer); reject(e); }
    });
    sock.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(raw);
      const split = raw.indexOf('\r\n\r\n');
      resolve({ status: m ? Number(m[1]) : null, head: split >= 0 ? raw.slice(0, split) : raw, body: split >= 0 ? raw.slice(split + 4) : '', raw });
    });
  });
}

export async function register(server, username, password = PASSWORD) {
  return httpRequest(server, 'POST', '/api/register', { body: { username, password } });
}

/** Logs in and returns the whole answer plus `cookie` ("muster_session=...") when there is one. */
export async function loginResponse(server, username, password = PASSWORD) {
  const res = await httpRequest(server, 'POST', '/api/login', { body: { username, password } });
  const sc = res.setCookies.find((c) => c.startsWith('muster_session='));
  res.cookie = sc ? sc.split(';')[0] : undefined;
  res.cookieHeader = sc;
  return res;
}

export async function login(server, username, password = PASSWORD) {
  const res = await loginResponse(server, username, password);
  if (res.status !== 200 || !res.cookie) throw new Error(`login ${username}: ${res.status} ${res.text}`);
  return res.cookie;
}

/** Registers (expecting 201) and logs in. Returns {username, user (id), cookie}. */
export async function newUser(server, username, password = PASSWORD) {
  const reg = await register(server, username, password);
  if (reg.status !== 201) throw new Error(`register ${username}: ${reg.status} ${reg.text}`);
  const cookie = await login(server, username, password);
  return { username, password, user: reg.json.user, cookie };
}

let uniq = 0;
/** A username unique within this process and run: prefix + short random suffix. */
export function uniqueName(prefix) {
  uniq += 1;
  return `${prefix}${uniq}${Math.random().toString(36).slice(2, 6)}`.slice(0, 32);
}

/**
 * Tries a WebSocket upgrade. Resolves {client} when it opens, {status, body} when the server answers
 * the upgrade with an HTTP status instead, or {error} when the connection fails otherwise.
 */
export function tryConnect(server, { cookie, origin = server.origin, headers = {}, timeoutMs = 10000, seedViews } = {}) {
  return new Promise((resolve) => {
    const h = { ...headers };
    if (cookie) h.Cookie = cookie;
    if (origin !== null) h.Origin = origin;
    const ws = new WebSocket(server.wsUrl(), { headers: h, handshakeTimeout: timeoutMs, perMessageDeflate: false });
    const client = new Client(ws, seedViews);
    let settled = false;
    ws.on('unexpected-response', (req, res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        settled = true;
        resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') });
        req.destroy();
      });
      res.on('error', () => { /* ignore */ });
    });
    ws.on('open', () => { settled = true; resolve({ client }); });
    ws.on('error', (error) => { if (!settled) { settled = true; resolve({ error }); } });
  });
}

/** Opens a WebSocket and returns the Client; throws when the upgrade is refused. */
export async function connect(server, cookie, opts = {}) {
  const r = await tryConnect(server, { ...opts, cookie });
  if (!r.client) throw new Error(`WebSocket upgrade refused: ${r.status ?? ''} ${r.body ?? r.error?.message ?? ''}`);
  return r.client;
}

/**
 * One WebSocket connection. Records every frame it receives (raw text in `frames`, parsed in `messages`),
 * keeps one view per campaign rebuilt from `view` and `patch` pushes, and matches replies to commands.
 */
export class Client {
  constructor(ws, seedViews) {
    this.ws = ws;
    this.frames = []; // every frame received, in order, as text (one of an array: its own JSON)
    this.wire = []; // the text of every WebSocket message as it came
    this.messages = []; // the parsed frames ({} for a frame that is not JSON)
    this.pushes = []; // parsed frames with a "push" field
    this.views = new Map(); // campaign id -> {version, view}: version is this user's own view version
    this.viewErrors = []; // problems applying pushes: a non-empty list fails assertViewsClean()
    this.nextId = 1;
    this.waiters = new Set();
    this.closeInfo = null;
    if (seedViews) for (const [c, v] of seedViews) this.views.set(c, structuredClone(v));
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        resolve(this.closeInfo);
        this.check();
      });
    });
    ws.on('error', () => { /* reported through close */ });
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? Buffer.from(data).toString('latin1') : data.toString('utf8');
      this.wire.push(text);
      let msg;
      try { msg = JSON.parse(text); } catch { msg = {}; this.viewErrors.push(`a frame that is not JSON: ${text.slice(0, 200)}`); }
      if (isBinary) this.viewErrors.push('a binary frame');
      // Frames that queued for the socket come as one array (docs/protocol.md, "Frames"): each is read, and
      // recorded in `frames` and `messages` alike, as if it had come alone.
      const all = Array.isArray(msg) ? msg : [msg];
      for (const one of all) {
        this.frames.push(Array.isArray(msg) ? JSON.stringify(one) : text);
        this.messages.push(one);
        // A push may carry its sender's reply (docs/protocol.md): one message, read as both.
        if (one && typeof one === 'object' && 'push' in one) {
          this.pushes.push(one);
          this.track(one);
        }
      }
      this.check();
    });
  }

  get isOpen() { return this.ws.readyState === WebSocket.OPEN; }

  track(msg) {
    if (msg.push !== 'view') return;
    const c = msg.campaign;
    // docs/protocol.md, "Views and versions": a push carries the user's own version, never the event seq.
    if ('seq' in msg) this.viewErrors.push(`campaign ${c}: a push carries a seq: ${JSON.stringify(msg).slice(0, 200)}`);
    if (!Number.isInteger(msg.version)) this.viewErrors.push(`campaign ${c}: a push without a version`);
    if ('view' in msg) {
      this.views.set(c, { version: msg.version, view: msg.view });
    } else if ('patch' in msg) {
      const cur = this.views.get(c);
      if (!cur) { this.viewErrors.push(`patch for campaign ${c} (version ${msg.version}) without a view before it`); return; }
      try {
        this.views.set(c, { version: msg.version, view: applyPatch(cur.view, msg.patch) });
      } catch (e) {
        this.viewErrors.push(`patch for campaign ${c} version ${msg.version} does not apply: ${e.message}`);
        return;
      }
      if (msg.version < cur.version) this.viewErrors.push(`campaign ${c}: version went back from ${cur.version} to ${msg.version}`);
      if (msg.patch.length === 0 && msg.version !== cur.version) this.viewErrors.push(`campaign ${c}: an empty patch moved the version`);
      if (msg.patch.length > 0 && msg.version === cur.version) this.viewErrors.push(`campaign ${c}: a change kept version ${msg.version}`);
    } else {
      this.viewErrors.push(`a view push with neither view nor patch: ${JSON.stringify(msg).slice(0, 200)}`);
      return;
    }
    const now = this.views.get(c);
    if (now.view && typeof now.view === 'object' && 'seq' in now.view) {
      this.viewErrors.push(`campaign ${c}: the view holds the campaign's seq ${now.view.seq}`);
    }
  }

  /** The current view of a campaign (undefined before the first push). */
  view(campaign) { return this.views.get(campaign)?.view; }
  /** This user's version of the campaign's view (docs/protocol.md, "Views and versions"). */
  version(campaign) { return this.views.get(campaign)?.version; }
  /** Old name of version(): a user's own version now, comparable only with his own. */
  seq(campaign) { return this.version(campaign); }

  check() {
    for (const w of [...this.waiters]) {
      let v;
      try { v = w.probe(); } catch (e) { this.waiters.delete(w); clearTimeout(w.timer); w.reject(e); continue; }
      if (v !== undefined) { this.waiters.delete(w); clearTimeout(w.timer); w.resolve(v); }
      else if (this.closeInfo && !w.allowClosed) {
        this.waiters.delete(w);
        clearTimeout(w.timer);
        w.reject(new Error(`socket closed (${this.closeInfo.code} ${this.closeInfo.reason}) while waiting for ${w.what}`));
      }
    }
  }

  /** Resolves with the first non-undefined value of probe(), re-checked on every frame; rejects on timeout. */
  until(probe, timeoutMs, what = 'a condition', { allowClosed = false } = {}) {
    return new Promise((resolve, reject) => {
      const w = { probe, resolve, reject, what, allowClosed };
      w.timer = setTimeout(() => {
        this.waiters.delete(w);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      this.waiters.add(w);
      this.check();
    });
  }

  /** The first push (from index `from` of this.pushes on) for which predicate(push) is true. */
  waitFor(predicate, timeoutMs = 5000, { from = 0, what = 'a push' } = {}) {
    return this.until(() => {
      for (let i = from; i < this.pushes.length; i++) if (predicate(this.pushes[i])) return this.pushes[i];
      return undefined;
    }, timeoutMs, what);
  }

  /** Resolves with the campaign's view once predicate(view, version) is true. */
  waitForView(campaign, predicate, timeoutMs = 5000, what = `a view of campaign ${campaign}`) {
    return this.until(() => {
      const cur = this.views.get(campaign);
      return cur && predicate(cur.view, cur.version) ? cur.view : undefined;
    }, timeoutMs, what);
  }

  /** Resolves once this user's view of the campaign has reached at least `version`. */
  waitForVersion(campaign, version, timeoutMs = 5000) {
    return this.waitForView(campaign, (_v, s) => s >= version, timeoutMs, `campaign ${campaign} at version ${version}`);
  }

  /**
   * Resolves, with the campaign's view, once this socket has every push of what was committed before the
   * call: the server queues a commit's pushes before its reply, so a round trip on this socket after that
   * reply comes back behind them. (Versions are per user, so no number says "caught up" across users.)
   */
  async caughtUp(campaign, timeoutMs = 5000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const r = await this.send('campaign.list', {}, { timeoutMs });
      if (r.ok) return this.view(campaign);
      if (r.error?.code !== 'rate_limited' || Date.now() > until) throw new Error(`caughtUp: ${JSON.stringify(r)}`);
      await sleep(100);
    }
  }

  /** Old name: the campaign's seq is gone from the protocol, so this waits with caughtUp(). */
  waitForSeq(campaign, _seq, timeoutMs = 5000) { return this.caughtUp(campaign, timeoutMs); }

  /** Resolves with the first frame (from message index `from`) with reply === id. */
  waitForReply(id, timeoutMs = 10000, from = 0) {
    return this.until(() => {
      for (let i = from; i < this.messages.length; i++) {
        const m = this.messages[i];
        if (m && typeof m === 'object' && 'reply' in m && m.reply === id) return m;
      }
      return undefined;
    }, timeoutMs, `the reply to ${JSON.stringify(id)}`);
  }

  sendRaw(text) { this.ws.send(text); }

  /** Sends {id, type, body} (plus top-level fields in `extra`) and resolves with the reply frame. */
  send(type, body = {}, { extra = {}, timeoutMs = 10000 } = {}) {
    const id = this.nextId++;
    const from = this.messages.length;
    const p = this.waitForReply(id, timeoutMs, from);
    this.ws.send(JSON.stringify({ id, type, body, ...extra }));
    return p;
  }

  /** Like send, but throws unless the reply is ok; resolves with the reply's body. */
  async ok(type, body = {}, opts) {
    const r = await this.send(type, body, opts);
    if (r.ok !== true) throw new Error(`${type} ${JSON.stringify(body).slice(0, 200)} failed: ${JSON.stringify(r)}`);
    return r.body;
  }

  /** Sends raw text and resolves with the next frame that has "reply": null. */
  sendRawExpectNullReply(text, timeoutMs = 10000) {
    const from = this.messages.length;
    const p = this.waitForReply(null, timeoutMs, from);
    this.ws.send(text);
    return p;
  }

  /** Subscribes and resolves with {reply, push, view} once the first push after the reply has come. */
  async subscribe(campaign, { since, timeoutMs = 5000 } = {}) {
    const from = this.pushes.length;
    const body = since === undefined ? { campaign } : { campaign, since };
    const reply = await this.send('campaign.subscribe', body);
    if (!reply.ok) return { reply };
    const push = await this.waitFor((p) => p.campaign === campaign && p.push === 'view', timeoutMs, { from, what: `the first push after subscribing to ${campaign}` });
    return { reply, push, view: this.view(campaign) };
  }

  waitForClose(timeoutMs = 5000) {
    return this.until(() => this.closeInfo ?? undefined, timeoutMs, 'the socket to close', { allowClosed: true });
  }

  async close() {
    if (this.ws.readyState === WebSocket.CLOSED) return this.closeInfo;
    this.ws.close(1000);
    const t = setTimeout(() => this.ws.terminate(), 3000);
    await this.closed;
    clearTimeout(t);
    return this.closeInfo;
  }

  /** Every view/patch problem seen so far, as an assertion-friendly list. */
  get problems() { return [...this.viewErrors]; }

  /** The frames received so far that contain `needle` (raw text search). */
  framesContaining(needle) { return this.frames.filter((f) => f.includes(needle)); }
}

export function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }
