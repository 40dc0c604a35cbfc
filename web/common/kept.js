// Commands kept on this device while the line is down (docs/protocol.md, "Commands kept on the device"): a send that
// replaces what it sent before (a diary, a battle turn's card, bid, orders or bound) is written to localStorage
// before it goes; the server's answer removes it. One the line did not carry (there was no socket, or it dropped
// it unanswered) stays, and goes when the line is back, even after the page was reloaded. It carries the
// month or turn it was meant for, so the server refuses it as `stale` if that has passed; the player is told
// plainly what became of it.

import { Emitter } from './emitter.js';
import { api } from './api.js';

const STORE = 'muster-kept';
// The line's failures, not the server's refusals: the command is kept for later.
const LINE_FAILURES = new Set(['offline', 'timeout', 'disconnected']);

export const keptEvents = new Emitter(); // 'change' (campaign), 'outcome' (campaign, {item, ok, message, code})
const inFlight = new Set(); // keys of kept items this page is sending now
const later = new Map(); // key -> callback of the page that sent it first

function load() {
  try {
    const items = JSON.parse(localStorage.getItem(STORE) || '[]');
    return Array.isArray(items) ? items : [];
  } catch {
    return [];
  }
}

function save(items) {
  try {
    localStorage.setItem(STORE, JSON.stringify(items));
  } catch { /* private mode or full: kept for this page only */ }
}

function put(item) {
  save([...load().filter((x) => x.key !== item.key), item]);
  keptEvents.emit('change', String(item.campaign));
}

function remove(item) {
  const items = load();
  const left = items.filter((x) => !(x.key === item.key && x.at === item.at));
  if (left.length !== items.length) save(left);
  keptEvents.emit('change', String(item.campaign));
}

// The kept commands of this user in this campaign, oldest first.
export function keptItems(user, campaign) {
  return load().filter((x) => x.user === user && String(x.campaign) === String(campaign));
}

// Forgets this user's kept commands (he logs out).
export function forgetKept(user) {
  save(load().filter((x) => x.user !== user));
}

// A send's own name (docs/protocol.md, "A send sent twice"): 128 random bits. getRandomValues, unlike randomUUID,
// is there on a club's server reached by plain http on its own network.
function newSendKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class KeptError extends Error {
  constructor(what) {
    super(`No line to the server, so this is kept on this device and goes when the line is back: ${what}. This page will say what became of it.`);
    this.code = 'kept';
  }
}

// Sends type/body at once, kept until answered. slot: what it replaces ("diary", "battle-7"); what: its words for
// the player ("your card for turn 3"). Resolves with the server's reply; rejects with the server's refusal, or a
// KeptError when the line failed (then onLater({ok, message, code}) is called once it is answered on this page).
export async function sendKept(ctx, { campaign, slot, type, body, what, onLater }) {
  const user = ctx.me ? ctx.me.user : null;
  const item = { key: `${user}:${campaign}:${slot}`, sendKey: newSendKey(), user, campaign: Number(campaign), slot, type, body, what, at: Date.now() };
  put(item);
  // No socket now: kept at once rather than after the connection's wait for one, so a phone without signal says so
  // when he taps, and the page sends it when the line is back (sendKeptNow).
  if (!ctx.conn.online) {
    if (onLater) later.set(item.key, onLater);
    throw new KeptError(what);
  }
  inFlight.add(item.key);
  try {
    const reply = await ctx.conn.send(type, body, { key: item.sendKey });
    remove(item);
    return reply;
  } catch (err) {
    if (!LINE_FAILURES.has(err && err.code)) {
      remove(item);
      throw err;
    }
    if (onLater) later.set(item.key, onLater);
    throw new KeptError(what);
  } finally {
    inFlight.delete(item.key);
  }
}

// Sends this user's kept commands of the campaign (the line is back, or the page has just opened on it).
export async function sendKeptNow(ctx, campaign) {
  const user = ctx.me ? ctx.me.user : null;
  for (const item of keptItems(user, campaign)) {
    if (inFlight.has(item.key) || !ctx.conn.online) continue;
    inFlight.add(item.key);
    let outcome;
    try {
      // The same key as its first send: if that went in and only its reply was lost, the server says so.
      const reply = await ctx.conn.send(item.type, item.body, { key: item.sendKey });
      outcome = { item, ok: true, repeated: !!(reply && reply.repeated) };
    } catch (err) {
      if (LINE_FAILURES.has(err && err.code)) continue; // still no line: tried again when it is back
      outcome = { item, ok: false, code: err.code, message: err.message };
    } finally {
      inFlight.delete(item.key);
    }
    remove(item);
    // Answered either way: its draft (the slot is the draft's kind) has served, or its moment has passed.
    api.dropDraft(campaign, item.slot).catch(() => { /* refused by its moment next time */ });
    keptEvents.emit('outcome', String(campaign), outcome);
    const cb = later.get(item.key);
    later.delete(item.key);
    if (cb) cb(outcome);
  }
}
