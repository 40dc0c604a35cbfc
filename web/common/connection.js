// The one WebSocket to the server (docs/protocol.md, "WebSocket /ws").
//
//   const conn = new Connection();
//   conn.on('state', (state) => ...)            // "connecting" | "online" | "offline"
//   conn.on('view', (campaign, {version, view}) => ...)  // version: this user's own view version
//   conn.on('unauthorized', () => ...)          // the session has ended: go to the login page
//   conn.on('subscribe-error', (campaign, err) => ...)
//   conn.start();
//   const body = await conn.send('chat.say', {campaign: 3, text: 'Huzzah'});  // rejects with err.code, err.message
//   await conn.subscribe(3);                     // kept across reconnects, resumed with `since`
//
// Reconnects by itself with backoff (0.5 s doubling to 10 s, with jitter), and at once when the page becomes
// visible again or the browser comes back online, or when a command has gone unanswered for 5 s with nothing at
// all heard on the socket (its node frozen or cut off: the proxy then sends the new socket to the campaign's new
// node). A command refused as `moved` was not stored: it waits for the new socket and is sent again as it was. The browser cannot see why an upgrade failed, so after a
// failure it asks GET /api/session: no user there means the session is gone.

import { Emitter } from './emitter.js';
import { ViewStore, PatchError } from './patch.js';
import { api } from './api.js';

const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 10000;
const OFFLINE_AFTER_MS = 15000; // down this long (or the browser says it is offline): the indicator says "offline"
const QUEUE_TIMEOUT_MS = 15000; // how long a command waits for the socket to come back
const REPLY_TIMEOUT_MS = 30000;
const PROBE_TIMEOUT_MS = 5000;
const UNANSWERED_MS = 5000; // a command unanswered this long, nothing else heard: the line is dead, reconnect
const MOVED_GRACE_MS = 1000; // after a `moved`, how long the socket waits for the replies still due on it

// Failures of the line rather than refusals by the server: a subscription survives them.
const TRANSIENT_CODES = new Set(['offline', 'disconnected', 'timeout', 'moved']);

export class CommandError extends Error {
  constructor(code, message) {
    super(message || code);
    this.name = 'CommandError';
    this.code = code;
  }
}

// The socket is addressed by the campaign the page shows (/ws/c/{id}), so that a proxy in front of several nodes
// sends it to the node that keeps that campaign (docs/operations.md, "More than one machine"); elsewhere /ws.
export function socketUrl(loc = window.location) {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  const shown = /^#\/campaign\/([1-9][0-9]{0,17})(?:[/?]|$)/.exec(loc.hash || '');
  return `${scheme}//${loc.host}/ws${shown ? `/c/${shown[1]}` : ''}`;
}

export class Connection extends Emitter {
  // url: the socket's address, or a function giving it at each (re)connection.
  constructor({ url = () => socketUrl(), views = new ViewStore() } = {}) {
    super();
    this.url = url;
    this.views = views;
    this.state = 'offline';
    this._ws = null;
    this._running = false;
    this._nextId = 1;
    this._pending = new Map(); // id -> {resolve, reject, timer, type}
    this._queue = []; // commands waiting for the socket: {frame, entry, timer}
    this._subscriptions = new Set(); // campaign ids (strings)
    this._subWaiters = new Map(); // campaign id -> [{resolve, reject}] waiting for the socket to open
    this._failures = 0;
    this._retryTimer = null;
    this._wasOpen = false;
    this._downSince = null; // when the line was lost (ms), null while online
    this._heardAt = 0; // when the socket last brought a frame (ms)
    this._moving = null; // the socket that was answered `moved`: nothing more is sent on it
    this._onVisible = () => {
      if (document.visibilityState === 'visible') this._wake();
    };
    this._onOnline = () => this._wake();
    this._onOffline = () => {
      if (this.state !== 'online') this._setState('offline');
    };
  }

  start() {
    if (this._running) return;
    this._running = true;
    this._failures = 0;
    this._downSince = Date.now();
    document.addEventListener('visibilitychange', this._onVisible);
    window.addEventListener('online', this._onOnline);
    window.addEventListener('offline', this._onOffline);
    this._open();
  }

  // Closes the socket for good (logout): pending commands are rejected, subscriptions and views dropped.
  stop() {
    this._running = false;
    document.removeEventListener('visibilitychange', this._onVisible);
    window.removeEventListener('online', this._onOnline);
    window.removeEventListener('offline', this._onOffline);
    clearTimeout(this._retryTimer);
    this._retryTimer = null;
    if (this._ws) {
      const ws = this._ws;
      this._ws = null;
      this._detach(ws);
      ws.close(1000, 'bye');
    }
    this._failAll(new CommandError('offline', 'Disconnected.'));
    for (const waiters of this._subWaiters.values()) {
      waiters.forEach((w) => w.reject(new CommandError('offline', 'Disconnected.')));
    }
    this._subWaiters.clear();
    this._subscriptions.clear();
    this.views.clear();
    this._setState('offline');
  }

  get online() {
    return this.state === 'online';
  }

  // Sends a command; resolves with the reply's body, rejects with a CommandError (.code, .message).
  // key: the send's own name, for a send that may go twice (docs/protocol.md, "A send sent twice").
  send(type, body = {}, { key } = {}) {
    return new Promise((resolve, reject) => {
      if (!this._running) {
        reject(new CommandError('offline', 'Not connected to the server.'));
        return;
      }
      const id = this._nextId++;
      const frame = JSON.stringify(key ? { id, type, body, key } : { id, type, body });
      const entry = { resolve, reject, type, timer: null, born: Date.now() };
      if (this._usable()) {
        this._transmit(id, frame, entry);
      } else {
        this._enqueue(id, frame, entry);
      }
    });
  }

  // Subscribes to a campaign's view. Remembered: every reconnect subscribes again with the last version seen.
  subscribe(campaign) {
    const key = String(campaign);
    this._subscriptions.add(key);
    if (this._usable()) return this._sendSubscribe(key);
    // Not connected: the subscription is sent when the socket opens (once, with the others).
    return new Promise((resolve, reject) => {
      if (!this._subWaiters.has(key)) this._subWaiters.set(key, []);
      this._subWaiters.get(key).push({ resolve, reject });
    });
  }

  async unsubscribe(campaign) {
    const key = String(campaign);
    this._subWaiters.delete(key);
    if (!this._subscriptions.delete(key)) return;
    if (this.online) {
      try {
        await this.send('campaign.unsubscribe', { campaign: Number(key) });
      } catch (err) {
        console.warn('unsubscribe failed', err);
      }
    }
  }

  isSubscribed(campaign) {
    return this._subscriptions.has(String(campaign));
  }

  // ---- internals ----

  _usable() {
    return this._ws && this._ws.readyState === WebSocket.OPEN && this._moving !== this._ws;
  }

  _setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.emit('state', state);
  }

  _sendSubscribe(key) {
    const body = { campaign: Number(key) };
    const since = this.views.versionOf(key);
    if (since !== null && since !== undefined) body.since = since;
    return this.send('campaign.subscribe', body).catch((err) => {
      // not_found: no such campaign, or not ours (the server answers both alike).
      if (err.code === 'forbidden' || err.code === 'not_found') this._subscriptions.delete(key);
      if (!TRANSIENT_CODES.has(err.code)) this.emit('subscribe-error', key, err);
      throw err;
    });
  }

  // A command to send when the socket is back (or first opens), given up after QUEUE_TIMEOUT_MS.
  _enqueue(id, frame, entry) {
    const queued = { id, frame, entry, timer: null };
    queued.timer = setTimeout(() => {
      this._queue = this._queue.filter((q) => q !== queued);
      entry.reject(new CommandError('offline', 'Not connected to the server. Try again when the line is back.'));
    }, QUEUE_TIMEOUT_MS);
    this._queue.push(queued);
    this._wake();
  }

  _transmit(id, frame, entry) {
    entry.frame = frame;
    entry.sentAt = Date.now();
    entry.timer = setTimeout(() => {
      if (this._pending.delete(id)) {
        clearTimeout(entry.watch);
        entry.reject(new CommandError('timeout', 'The server did not answer in time.'));
      }
    }, REPLY_TIMEOUT_MS);
    this._pending.set(id, entry);
    this._watch(this._ws, id, entry, UNANSWERED_MS);
    try {
      this._ws.send(frame);
    } catch (err) {
      this._settle(id, entry);
      entry.reject(new CommandError('offline', 'Not connected to the server.'));
    }
  }

  _settle(id, entry) {
    this._pending.delete(id);
    clearTimeout(entry.timer);
    clearTimeout(entry.watch);
  }

  // While the command waits for its reply: the socket silent for UNANSWERED_MS since it was sent is dropped.
  _watch(ws, id, entry, delay) {
    entry.watch = setTimeout(() => {
      if (this._ws !== ws || this._pending.get(id) !== entry) return;
      const quiet = Date.now() - Math.max(this._heardAt, entry.sentAt);
      if (quiet >= UNANSWERED_MS) this._drop(ws, 'no answer');
      else this._watch(ws, id, entry, UNANSWERED_MS - quiet);
    }, delay);
  }

  // The line is dead though the browser has not noticed: close it and reconnect.
  _drop(ws, reason) {
    if (this._ws !== ws) return;
    try { ws.close(4000, reason); } catch (_) { /* already closing */ }
    this._handleClose(ws, { code: 4000 });
  }

  _open() {
    if (!this._running || this._ws) return;
    clearTimeout(this._retryTimer);
    this._retryTimer = null;
    if (!this._looksOffline()) this._setState('connecting');
    let ws;
    try {
      ws = new WebSocket(typeof this.url === 'function' ? this.url() : this.url);
    } catch (err) {
      this._scheduleRetry(false);
      return;
    }
    this._ws = ws;
    this._wasOpen = false;
    ws.onopen = () => this._handleOpen(ws);
    ws.onmessage = (ev) => this._handleMessage(ev);
    ws.onclose = (ev) => this._handleClose(ws, ev);
    ws.onerror = () => {}; // a close event always follows
  }

  _detach(ws) {
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
  }

  _handleOpen(ws) {
    if (ws !== this._ws) return;
    this._wasOpen = true;
    this._moving = null;
    this._failures = 0;
    this._downSince = null;
    this._setState('online');
    for (const key of this._subscriptions) {
      const waiters = this._subWaiters.get(key) || [];
      this._subWaiters.delete(key);
      this._sendSubscribe(key).then(
        (body) => waiters.forEach((w) => w.resolve(body)),
        (err) => {
          if (waiters.length) waiters.forEach((w) => w.reject(err));
          else console.warn(`resubscribe to ${key} failed`, err);
        });
    }
    const queue = this._queue;
    this._queue = [];
    for (const q of queue) {
      clearTimeout(q.timer);
      this._transmit(q.id, q.frame, q.entry);
    }
  }

  _handleMessage(ev) {
    this._heardAt = Date.now();
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch (err) {
      console.warn('unreadable frame from server', ev.data);
      return;
    }
    // Frames that queued for this socket come as one array, in order (docs/protocol.md, "Frames").
    for (const one of Array.isArray(msg) ? msg : [msg]) this._handleOne(one);
  }

  _handleOne(msg) {
    if (msg === null || typeof msg !== 'object') return;
    // A sender's own push may carry his reply (docs/protocol.md): the view first, then the reply.
    if (msg.push === 'view') {
      this._handleViewPush(msg);
    } else if (msg.push) {
      this.emit('push', msg);
    }
    if (Object.prototype.hasOwnProperty.call(msg, 'reply')) this._handleReply(msg);
  }

  _handleReply(msg) {
    if (msg.reply === null) {
      console.warn('server could not read a frame', msg.error);
      return;
    }
    const entry = this._pending.get(msg.reply);
    if (!entry) return;
    this._settle(msg.reply, entry);
    if (msg.ok) {
      entry.resolve(msg.body || {});
    } else {
      const e = msg.error || {};
      const err = new CommandError(e.code || 'internal', e.message || 'The server refused the command.');
      if (err.code === 'unauthorized') this._checkSession();
      // Another node keeps that campaign now (_moveOn). Nothing of a command refused so was stored: it goes again
      // on the new socket, as it was (a subscription is sent again by the reconnection itself).
      if (err.code === 'moved' && this._ws) this._moveOn(this._ws);
      const young = Date.now() - entry.born < REPLY_TIMEOUT_MS;
      if (err.code === 'moved' && entry.type !== 'campaign.subscribe' && young && this._running) this._enqueue(msg.reply, entry.frame, entry);
      else entry.reject(err);
    }
    if (this._moving && this._moving === this._ws && this._pending.size === 0) this._closeMoved(this._ws);
  }

  // Another node keeps the campaign now: nothing more is sent on this socket, and once the replies still due on it
  // have come (or MOVED_GRACE_MS has passed) it is closed, and the page reconnects at the campaign's address, where
  // the proxy sends it to that node (the server closes its own sockets of the campaign with 4009 likewise).
  _moveOn(ws) {
    if (this._moving === ws) return;
    this._moving = ws;
    setTimeout(() => this._closeMoved(ws), MOVED_GRACE_MS);
  }

  _closeMoved(ws) {
    if (this._ws === ws && ws.readyState === WebSocket.OPEN) ws.close(4000, 'moving to the node that keeps the campaign');
  }

  _handleViewPush(msg) {
    const key = String(msg.campaign);
    let entry;
    try {
      entry = this.views.handlePush(msg);
    } catch (err) {
      if (!(err instanceof PatchError)) throw err;
      console.warn(`view of campaign ${key} out of step (${err.message}); asking for a full view`);
      if (this._subscriptions.has(key)) this._sendSubscribe(key).catch(() => {});
      return;
    }
    this.emit('view', key, entry);
  }

  _handleClose(ws, ev) {
    if (ws !== this._ws) return;
    this._detach(ws);
    this._ws = null;
    if (this._downSince === null) this._downSince = Date.now();
    this._failAll(new CommandError('disconnected', 'The connection dropped before the server answered; the command may not have been applied.'));
    if (!this._running) return;
    this._scheduleRetry(this._wasOpen);
    // Either the upgrade was refused or the server dropped us: find out whether the session still stands.
    this._checkSession();
  }

  _failAll(err) {
    for (const [id, entry] of this._pending) {
      this._settle(id, entry);
      entry.reject(err);
    }
  }

  _looksOffline() {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
    return this._downSince !== null && Date.now() - this._downSince >= OFFLINE_AFTER_MS;
  }

  _scheduleRetry(wasOpen) {
    if (!this._running) return;
    if (!wasOpen) this._failures++;
    const attempt = Math.max(0, this._failures - 1);
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt);
    const delay = Math.round(base * (0.5 + Math.random() * 0.5)); // jitter: half to all of the base
    this._setState(this._looksOffline() ? 'offline' : 'connecting');
    clearTimeout(this._retryTimer);
    this._retryTimer = setTimeout(() => {
      this._retryTimer = null;
      this._open();
    }, delay);
  }

  // Called when the page is shown again or the network returns: reconnect now, or make sure an
  // apparently open socket is still alive (a laptop lid may have been closed for hours).
  _wake() {
    if (!this._running) return;
    if (!this._ws) {
      this._failures = Math.min(this._failures, 1);
      this._open();
      return;
    }
    if (this._usable()) this._probe();
  }

  _probe() {
    const ws = this._ws;
    if (this._probing) return;
    this._probing = true;
    const timer = setTimeout(() => this._drop(ws, 'probe timeout'), PROBE_TIMEOUT_MS);
    this.send('campaign.list', {})
      .catch(() => {})
      .finally(() => {
        clearTimeout(timer);
        this._probing = false;
      });
  }

  async _checkSession() {
    if (this._checkingSession) return;
    this._checkingSession = true;
    try {
      const me = await api.me();
      if (me === null && this._running) {
        this.stop();
        this.emit('unauthorized');
      }
    } catch (err) {
      // The server is unreachable: keep retrying the socket.
    } finally {
      this._checkingSession = false;
    }
  }
}
