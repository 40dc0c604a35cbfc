// Every WebSocket command docs/protocol.md documents, sent generated hostile input as a hostile client would send it,
// against the server's promise (docs/protocol.md, "Error codes": "A refused command changes nothing"; the project's
// rule: bad input gets a clear error and changes nothing).
//
// The commands and their fields are read from docs/protocol.md itself (tests/integration/lib/protocol_fields.mjs):
// each field's name, whether it is optional, and where the document states it, its type and range. For each command
// a valid body is built on real state (one campaign per command: an umpire, three players and an observer, each with
// a socket subscribed to it; colonels, regiments, the year, an expedition, a battle of each book as the command
// needs), sent once to prove it is accepted, and then mutated field by field: the field missing, null, of another
// JSON kind, a fraction, a negative or a huge number (sent as raw JSON number text), a string of 70 KiB, one with a
// NUL, an empty one, one just over the stated maximum, the field twice in the raw text, an unknown extra field, the
// whole body an array, a string, null or left out, and the campaign one of another umpire's or none at all.
//
// For every input: a reply arrives (no hang), it is never `internal`, the server is still running; when it is a
// refusal, nothing changed: the umpire's view version (he sees every change) did not move across it, and after each
// run of refusals a probe chat by the umpire moves every member's version by exactly one and leaves every member's
// view as it was plus that chat. When an input is accepted, the command's state is restored (or built again) before
// the next. An accepted input is a DEFECT when the document states the field's type or range and the value breaks it
// (ALLOWED below lists the documented exceptions, each with the document's words for it); the test fails listing
// each defect as `command field mutation -> reply`. A refusal of bad_request whose message does not name the field
// (docs/protocol.md: "the message names the field") fails it too, listed the same way.
//
// MUSTER_GENERATED_ROUNDS=n runs n rounds: round 1 is the deterministic set below (nested fields sampled by the
// seed), each further round every nested field and random values (around each stated range, random strings and JSON
// values) from seed MUSTER_GENERATED_SEED (1) + round.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from './lib/client.mjs';
import { readProtocol, specAt, PROTOCOL_MD } from './lib/protocol_fields.mjs';
import {
  S, W, barrier, battle, nextNumber, ok, sendFrame, server, short, synced, table, tryOk, openWorld, closeWorld, uview,
} from './lib/generated_input/world.mjs';
import { ENTRIES } from './lib/generated_input/entries.mjs';

// --- What the document itself allows, which the generic reading of a field would call a breach ----------------------
// Each entry: the command, the field's path (dots), the mutation, and the document's own words (checked to be in
// docs/protocol.md, so an entry goes stale loudly when the document changes).
const ALLOWED = [
  { command: 'diary.submit', field: 'colonel', mutation: 'missing', quote: 'a player\'s may be left out and must be his own' },
  { command: 'diary.standing', field: 'colonel', mutation: 'missing', quote: 'a player\'s may be left out and must be his own' },
  { command: 'diary.submit', field: /^orders\.(drill|musketry|manoeuvres)$/, mutation: 'missing', quote: 'the three improvements default to false' },
  { command: 'diary.standing', field: /^orders\.(drill|musketry|manoeuvres)$/, mutation: 'missing', quote: 'the three improvements default to false' },
  { command: 'diary.submit', field: /^(text|publish)$/, mutation: 'missing', quote: '`text` (default\n"") and `publish` are optional' },
  { command: 'diary.standing', field: /^(text|publish)$/, mutation: 'missing', quote: '`text` (default\n"") and `publish` are optional' },
  { command: 'expedition.force', field: 'commander', mutation: 'null', quote: '`expedition.force` with `"commander": null` puts it back to seniority' },
  { command: 'expedition.create', field: 'generate', mutation: 'missing', quote: '{"generate": bool (default true)}' },
  { command: 'battle.submit', field: /^(fire|command|move)$/, mutation: 'missing', quote: '(any list may be empty or left out)' },
];

// The fields the command bodies name without a type (`{"campaign", "text": ...}`), typed where the document says
// what they are elsewhere; again with the document's words, checked to be there.
const CONVENTIONS = {
  campaign: { type: 'id', quote: 'a campaign\'s id, digits only' },
  battle: { type: 'id', quote: 'its battle (`body.battle`, the id `battle.create`\nanswered)' },
  turn: { type: 'integer', quote: '`turn` (the battle\'s `turn` in his view)', battleOnly: true },
  expedition: { type: 'id', quote: 'Expeditions are numbered in the order they were briefed' },
  motion: { type: 'id', quote: 'reply `{"motion": n}`' },
};

const SEED = Number(process.env.MUSTER_GENERATED_SEED ?? 1);
const ROUNDS = Math.max(1, Number(process.env.MUSTER_GENERATED_ROUNDS ?? 1));
const WORKERS = Math.max(1, Math.min(4, Number(process.env.MUSTER_GENERATED_WORKERS ?? 2)));
const NESTED_SAMPLE = 8; // round 1: this many nested paths per command (all top-level fields always)
const BATCH = 40; // refusals between probes
const NOWHERE = 987654321; // a campaign that does not exist
const EXTRA = 'zz_generated_extra';

const DOC_TEXT = readFileSync(PROTOCOL_MD, 'utf8');
const DOC = readProtocol();

// --- Deterministic randomness -------------------------------------------------------------------------------------
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function sample(list, n, rand) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

const stats = { commands: new Set(), inputs: 0, refused: 0, accepted: 0, closed: 0, variants: new Set() };
const defects = [];
const failures = []; // internal errors, hangs, crashes, refusals that changed something, bases refused
const unnamed = []; // bad_request messages that do not name the field
const undocumentedCodes = new Map();
const benign = new Map(); // accepted mutations the document does not call breaches: kind -> count
const overStrict = []; // refusals of what the document allows: an unknown extra field ("Unknown extra fields are ignored")
const allowedHits = new Set();
const acceptedList = []; // accepted inputs that break nothing the document states (for MUSTER_GENERATED_REPORT)
const suspicious = []; // accepted, no documented range broken, yet a huge number or text where the base had a small one


before(() => openWorld(WORKERS));
after(() => closeWorld());

// --- Specs: the command's documented body, with the conventions and the variant's fields -------------------------
function specFor(entry) {
  const doc = DOC.commands.get(entry.name);
  if (!doc) return null;
  let spec;
  if (typeof entry.spec === 'function') spec = entry.spec(doc);
  else if (typeof entry.spec === 'string') spec = DOC.commands.get(entry.spec).specs.find((s) => s.fields.length > 0);
  else if (entry.variant) {
    const [ruleset, variant] = entry.variant;
    const head = doc.specs.find((s) => s.source.startsWith('heading body') || (s.source === 'bold' && s.ruleset === ruleset))
      ?? doc.specs.find((s) => s.source.startsWith('heading'));
    const v = doc.specs.find((s) => s.variant === variant && (s.ruleset === ruleset || (ruleset === null && s.ruleset === null)));
    if (!v) return null;
    const names = doc.specs.filter((s) => s.variant && (s.ruleset === null || s.ruleset === ruleset)).map((s) => s.variant);
    const tag = entry.name === 'battle.act' ? 'action' : 'what';
    const headFields = head.fields.filter((f) => !v.fields.some((g) => g.key === f.key))
      .map((f) => (f.key === tag ? { ...f, type: 'enum', values: [...new Set(names)], raw: 'the documented names' } : f));
    spec = { ...v, fields: [...headFields, ...v.fields] };
  } else {
    spec = doc.specs.find((s) => s.source.startsWith('heading body')) ?? doc.specs[0];
  }
  if (!spec) return null;
  if (spec.aliasOf && spec.fields.length === 0) spec = { ...DOC.commands.get(spec.aliasOf).specs[0], aliasOf: spec.aliasOf };
  const fields = spec.fields.map((f) => {
    const conv = CONVENTIONS[f.key];
    if (f.type !== 'unknown' || !conv) return f;
    if (conv.battleOnly && !spec.fields.some((g) => g.key === 'battle')) return f;
    return { ...f, type: conv.type, raw: `(${conv.quote})` };
  });
  // A campaign command names its campaign in body.campaign ("A campaign command names its campaign in
  // `body.campaign`"), also where its body's spec leaves it out.
  if (!fields.some((f) => f.key === 'campaign') && !['campaign.create', 'campaign.list', 'campaign.join'].includes(entry.name)) {
    fields.unshift({ key: 'campaign', optional: false, type: 'id', raw: '(A campaign command names its campaign in `body.campaign`)' });
  }
  const out = { ...spec, fields };
  if (entry.nested) {
    const n = entry.nested();
    out.fields = out.fields.map((f) => (f.key === 'settings' ? { ...f, fields: n.fields } : f));
  }
  return out;
}

// --- Mutations -------------------------------------------------------------------------------------------------
const SENTINEL = '"@@generated-input-mutation@@"';
const BIG = ['4294967297', '9007199254740992', '1e308', '9223372036854775808'];

function getAt(obj, p) { return p.reduce((o, k) => (o === undefined || o === null ? undefined : o[k]), obj); }
/** The body text with the value at `p` replaced by raw JSON text (op 'set'), removed ('missing'), or doubled ('dup'). */
function render(base, p, op) {
  const copy = structuredClone(base);
  if (p.length === 0) return op.raw;
  const parent = getAt(copy, p.slice(0, -1));
  const key = p[p.length - 1];
  if (parent === undefined || parent === null || typeof parent !== 'object' || !(key in parent)) return null;
  if (op.kind === 'missing') {
    if (Array.isArray(parent)) return null;
    delete parent[key];
    return JSON.stringify(copy);
  }
  parent[key] = '@@generated-input-mutation@@';
  const text = JSON.stringify(copy);
  if (op.kind.startsWith('dup')) {
    if (Array.isArray(parent)) return null;
    return text.replace(SENTINEL, `${op.first},${JSON.stringify(key)}:${op.second}`);
  }
  return text.replace(SENTINEL, () => op.raw);
}

/** Paths of a base body: every top-level key; nested object keys and the first element of arrays, to depth 3. */
function paths(base) {
  const out = [];
  const walk = (v, p) => {
    if (p.length > 0) out.push(p);
    if (p.length >= 3 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) { if (v.length > 0) walk(v[0], [...p, 0]); return; }
    for (const k of Object.keys(v)) walk(v[k], [...p, k]);
  };
  walk(base, []);
  return out;
}

/** The mutations of one value: [{kind, raw}] (raw: JSON text) or {kind: 'missing'} / {kind: 'dup', ...}. */
function valueMutations(v, f, ctx, entry, rand, round) {
  const ms = [];
  const add = (kind, raw, extra = {}) => ms.push({ kind, raw, ...extra });
  ms.push({ kind: 'missing' });
  if (v !== null) add('null', 'null');
  if (typeof v === 'number') add('kind:string', JSON.stringify(String(v)));
  if (typeof v === 'string') add('kind:number', '7');
  if (typeof v === 'boolean') { add('kind:string', JSON.stringify(String(v))); add('kind:number', '1'); } else add('kind:true', 'true');
  if (!Array.isArray(v)) add('kind:array', '[]');
  else if (v.length > 0) add('empty-array', '[]');
  if (v === null || typeof v !== 'object' || Array.isArray(v)) add('kind:object', '{}');
  else if (Object.keys(v).length > 0) add('empty-object', '{}');
  if (typeof v === 'number') {
    add('int:1.5', '1.5');
    add('int:-1', '-1');
    for (const b of BIG) add(`int:${b}`, b);
    const lim = limitsFor(f, v, ctx, entry);
    if (lim.min !== undefined && Number.isFinite(lim.min)) add('int:min-1', String(Math.ceil(lim.min) - 1));
    if (lim.max !== undefined && Number.isFinite(lim.max)) add('int:max+1', String(Math.floor(lim.max) + 1));
  }
  if (typeof v === 'string') {
    add('str:empty', '""');
    add('str:nul', JSON.stringify('a\u0000b'));
    // Characters of two, three and four bytes: an error that quotes the text cut by bytes would break them.
    add('str:multibyte', JSON.stringify('é€😀'.repeat(30)));
    add('str:70KiB', JSON.stringify('x'.repeat(70 * 1024)));
    const lim = limitsFor(f, v, ctx, entry);
    if (lim.maxLen !== undefined) add('str:max+1', JSON.stringify('x'.repeat(lim.maxLen + 1)));
    add('str:60000', JSON.stringify('y'.repeat(60000)));
  }
  const bad = v !== null && typeof v === 'object' && !Array.isArray(v) ? '"x"' : '{}';
  const same = JSON.stringify(v);
  ms.push({ kind: 'dup:bad-first', first: bad, second: same });
  ms.push({ kind: 'dup:bad-last', first: same, second: bad });
  for (let r = 1; r < round; r++) {
    // Further rounds: random values around the stated range, random strings and JSON values.
    const lim = limitsFor(f, v, ctx, entry);
    const n = (x) => add('random', String(x));
    if (typeof v === 'number') {
      for (const x of [lim.min, lim.max].filter((y) => y !== undefined && Number.isFinite(y))) n(x + Math.floor(rand() * 5) - 2);
      n(Math.floor((rand() - 0.5) * 2 ** (1 + Math.floor(rand() * 60))));
      n((rand() * 1000).toFixed(3));
      add('random', `-${BIG[Math.floor(rand() * BIG.length)]}`);
    }
    if (typeof v === 'string') {
      const len = lim.maxLen !== undefined ? lim.maxLen + Math.floor(rand() * 3) - 1 : Math.floor(rand() * 300);
      const chars = ['a', 'é', '\u{1F600}', '\u202E', '"', '\\', '\n', '<', '\u0001'];
      let s = '';
      for (let i = 0; i < Math.max(0, len); i++) s += chars[Math.floor(rand() * chars.length)];
      add('random', JSON.stringify(s));
    }
    const jsons = ['[[[]]]', '{"a":{"b":[1,"2",null]}}', '-0', '0', '""', '"0"', '[1,2]', '[null]', '1E400', '-1e-400', '"\\ud800"'];
    add('random', jsons[Math.floor(rand() * jsons.length)]);
  }
  return ms;
}

/**
 * A field's stated limits, with symbolic ones (`last_regiment`, `starting_money/pip_price`) read from the campaign's
 * settings (or the entry's own `symbols`); a range without a kind (`"name": 1-80`) bounds a string's length when the
 * base's value is a string.
 */
function limitsFor(f, baseValue, ctx, entry) {
  if (!f) return {};
  const resolve = (x) => {
    if (typeof x === 'number' || x === undefined) return x;
    const settings = ctx && W.watch.U.view(ctx.campaign)?.year?.settings;
    const one = (sym) => (entry?.symbols?.[sym] ?? settings?.[sym]);
    const parts = String(x).split('/');
    if (parts.length === 2) {
      const [p, q] = parts.map(one);
      return typeof p === 'number' && typeof q === 'number' && q > 0 ? Math.floor(p / q) : undefined;
    }
    const v = one(x);
    return typeof v === 'number' ? v : undefined;
  };
  if (f.type === 'range' && typeof baseValue === 'string') return { minLen: resolve(f.min), maxLen: resolve(f.max) };
  return { min: resolve(f.min), max: resolve(f.max), minLen: f.minLen, maxLen: resolve(f.maxLen) };
}

/** The field's kind, a range without a kind taking the kind of the base's value (the server accepted it). */
function effectiveType(f, baseValue) {
  if (!f) return 'unknown';
  if (f.type === 'range') return typeof baseValue === 'string' ? 'string' : 'integer';
  return f.type;
}

/**
 * Whether the value an accepted mutation carried breaks what the document states of the field: the reason, or null.
 */
function breach(entry, spec, m, ctx) {
  if (m.kind === 'extra' || m.kind.startsWith('dup:')) return null; // "Unknown extra fields are ignored"; duplicates: the document is silent
  if (m.kind === 'body:array' || m.kind === 'body:string' || m.kind === 'body:null') return 'the body is not an object';
  if (m.kind === 'body:missing') return spec.fields.some((f) => !f.optional) ? 'the body (with required fields) is missing' : null;
  if (m.kind === 'campaign:other' || m.kind === 'campaign:none') return 'a campaign the user may not use ("gets the same answer everywhere: `not_found`")';
  if (entry.expectBase) return `a command documented as refused (${entry.expectBase}) to every user was accepted`;
  const f = specAt(spec, m.path);
  if (!f) return null;
  // A name the body spec gives without `?` is required, whether or not its type can be read.
  if (m.kind === 'missing') return f.optional ? null : 'a required field (no `?` in the body spec) is missing';
  if (f.type === 'unknown') return null;
  const t = effectiveType(f, m.baseValue);
  const lim = limitsFor(f, m.baseValue, ctx, entry);
  if (m.kind === 'null') return f.nullable ? null : `null for a field documented as ${(f.raw || t).replace(/\s+/g, ' ')}`;
  let value;
  try { value = JSON.parse(m.raw); } catch { value = undefined; }
  if (m.raw === '9223372036854775808') value = 2 ** 63;
  const kindOk = (() => {
    switch (t) {
      case 'string': return typeof value === 'string';
      case 'integer': case 'id': return typeof value === 'number' && Number.isInteger(value);
      case 'number': return typeof value === 'number';
      case 'bool': return typeof value === 'boolean';
      case 'enum': return f.values.includes(value) || (value === null && f.nullable === true);
      case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value);
      case 'array': return Array.isArray(value);
      default: return true;
    }
  })();
  const stated = `documented as ${(f.raw || t).replace(/\s+/g, ' ')}`;
  if (!kindOk) return `${short(m.raw, 40)} is not ${t === 'enum' ? `one of ${f.values.join(', ')}` : `a ${t === 'id' ? 'whole-number id' : t}`} (${stated})`;
  if ((t === 'integer' || t === 'id' || t === 'number') && typeof value === 'number') {
    if (lim.min !== undefined && value < lim.min) return `${m.raw} is under the minimum ${lim.min} (${stated})`;
    if (lim.max !== undefined && value > lim.max) return `${m.raw} is over the maximum ${lim.max} (${stated})`;
  }
  if (t === 'string' && typeof value === 'string') {
    const len = [...value].length;
    if (lim.minLen !== undefined && len < lim.minLen) return `a string of ${len} characters, under ${lim.minLen} (${stated})`;
    if (lim.maxLen !== undefined && len > lim.maxLen) return `a string of ${len} characters, over ${lim.maxLen} (${stated})`;
  }
  if (t === 'array' && Array.isArray(value) && f.minItems !== undefined && value.length < f.minItems) return `${value.length} items, under ${f.minItems} (${stated})`;
  return null;
}

function allowed(entry, m) {
  const field = m.path.join('.');
  return ALLOWED.find((a) => a.command === entry.name && a.mutation === m.kind
    && (a.field instanceof RegExp ? a.field.test(field) : a.field === field));
}

/**
 * A random campaign id that names another campaign of this world is the stranger's instead: the umpire of every
 * campaign built here may rightly pause or change the one it names, and that campaign is another worker's.
 */
function otherCampaign(m, p, ctx) {
  const x = Number(m.raw);
  if (m.kind !== 'random' || p.join('.') !== 'campaign' || !Number.isInteger(x) || x <= 0 || x === ctx.campaign || x > 1e6) return m;
  return { ...m, raw: String(W.strangerCampaign) };
}

/** Every mutation of an entry's base body, in order: each top-level field, sampled nested ones, the whole body. */
function mutationsOf(entry, spec, base, ctx, rand, round) {
  const all = paths(base);
  const top = all.filter((p) => p.length === 1);
  const nested = all.filter((p) => p.length > 1);
  // Round 1 samples the nested fields, and always takes those the entry names (`nestedAlways`).
  const always = (entry.nestedAlways ?? []).filter((p) => getAt(base, p) !== undefined);
  const rest = nested.filter((p) => !always.some((a) => a.join('.') === p.join('.')));
  const chosen = round === 1 ? [...top, ...always, ...sample(rest, NESTED_SAMPLE, rand)] : all;
  const out = [];
  for (const p of chosen) {
    const f = specAt(spec, p);
    for (const m of valueMutations(getAt(base, p), f, ctx, entry, rand, round)) out.push({ ...otherCampaign(m, p, ctx), path: p, baseValue: getAt(base, p) });
  }
  out.push({ kind: 'extra', path: [], whole: (b) => JSON.stringify({ ...b, [EXTRA]: 1 }) });
  out.push({ kind: 'body:array', path: [], whole: (b) => JSON.stringify([b]) });
  out.push({ kind: 'body:string', path: [], whole: () => '"campaign"' });
  out.push({ kind: 'body:null', path: [], whole: () => 'null' });
  out.push({ kind: 'body:missing', path: [], whole: () => undefined });
  if ('campaign' in base) {
    out.push({ kind: 'campaign:other', path: ['campaign'], whole: (b) => JSON.stringify({ ...b, campaign: W.strangerCampaign }) });
    out.push({ kind: 'campaign:none', path: ['campaign'], whole: (b) => JSON.stringify({ ...b, campaign: NOWHERE }) });
  }
  return out;
}

// --- Running one command --------------------------------------------------------------------------------------
function senderOf(ctx, entry) {
  if (entry.sender === 'X') return ctx.data.outsider.client;
  return W.send[ctx.worker][entry.sender];
}
async function reconnectSender(ctx, entry) {
  if (entry.sender === 'X') { ctx.data.outsider.client = await connect(server, ctx.data.outsider.user.cookie); return; }
  W.send[ctx.worker][entry.sender] = await connect(server, W.users[entry.sender].cookie);
}

async function settle(ctx) {
  await Promise.all(ctx.members.map((k) => barrier(W.watch[k])));
  for (const k of ctx.members) assert.deepEqual(W.watch[k].problems, [], `${k}: pushes applied cleanly`);
}
function snapshot(ctx) {
  return new Map(ctx.members.map((k) => [k, { version: W.watch[k].version(ctx.campaign), view: structuredClone(W.watch[k].view(ctx.campaign)) }]));
}

/** After a run of refusals: a probe chat moves every member's version by one, and every view is as before plus it. */
async function probe(ctx, snap, label, pending) {
  const what = `${label}: after ${pending.length} refused input(s) (${pending.slice(0, 3).map((m) => `${m.path.join('.') || 'body'} ${m.kind}`).join('; ')}${pending.length > 3 ? '; ...' : ''})`;
  const r = await tryOk(S(ctx, 'U'), 'chat.say', { campaign: ctx.campaign, text: `probe ${nextNumber()}` });
  await settle(ctx);
  for (const k of ctx.members) {
    const was = snap.get(k);
    const c = W.watch[k];
    const expected = structuredClone(was.view);
    let step = 0;
    if (r.ok) {
      step = 1;
      const item = c.view(ctx.campaign)?.chat?.[String(r.body.id)];
      if (expected?.chat && item) expected.chat[String(r.body.id)] = item;
    }
    if (c.version(ctx.campaign) !== was.version + step) {
      failures.push(`${what}: ${k}'s view version moved ${c.version(ctx.campaign) - was.version} (expected ${step}: a refusal changed something, or pushes stopped)`);
    } else if (!isDeepStrictEqual(c.view(ctx.campaign), expected)) {
      const now = c.view(ctx.campaign);
      const keys = [...new Set([...Object.keys(now ?? {}), ...Object.keys(expected ?? {})])].filter((x) => !isDeepStrictEqual(now?.[x], expected?.[x]));
      failures.push(`${what}: ${k}'s view differs from before (in ${keys.join(', ')})`);
    }
  }
  return snapshot(ctx);
}

async function sendMutation(ctx, entry, text) {
  if (text !== undefined) JSON.parse(text); // the harness's own check: every input is JSON (a hostile one, not a broken one)
  const client = senderOf(ctx, entry);
  try {
    const reply = await sendFrame(client, entry.name, text);
    return { reply };
  } catch (e) {
    const info = client.closeInfo;
    if (!info) client.ws.terminate();
    await reconnectSender(ctx, entry);
    if (info) return { closed: info };
    return { hang: e.message };
  }
}

/** Whether an error message names the field `key` (as written, with spaces for underscores, or in the singular). */
function names(message, key) {
  const m = message.toLowerCase();
  const k = key.toLowerCase();
  return [k, k.replace(/_/g, ' '), k.replace(/s$/, ''), k.replace(/_/g, ' ').replace(/s$/, '')].some((x) => x.length > 0 && m.includes(x));
}

function describeReply(o) {
  if (o.reply) return o.reply.ok ? `ok ${short(o.reply.body, 80)}` : `${o.reply.error?.code}: ${short(o.reply.error?.message, 120)}`;
  if (o.closed) return `socket closed ${o.closed.code}`;
  return `no reply (${o.hang})`;
}

async function runEntry(entry, worker, round) {
  const label = entry.label;
  const spec = specFor(entry);
  assert.ok(spec, `${label}: docs/protocol.md documents its body`);
  stats.commands.add(entry.name);
  stats.variants.add(label);
  const rand = rng(SEED * 1000 + round * 7919 + [...label].reduce((a, ch) => (a * 31 + ch.charCodeAt(0)) >>> 0, 0));
  let ctx = await entry.setup(worker);
  const refresh = async () => {
    if (entry.mode === 'fresh' || (entry.mode === 'repeat' && ctx.accepted >= (entry.refreshAfter ?? 1e9))) ctx = await entry.setup(worker, ctx);
    else if (entry.mode === 'prepare') await entry.prepare(await synced(ctx));  // prepare reads the umpire's view
  };
  await settle(ctx);
  if (entry.prepareFirst) await entry.prepare(await synced(ctx));
  await settle(ctx);

  // The base itself: accepted (or refused with its documented code).
  const base0 = entry.base(ctx);
  const b = await sendMutation(ctx, entry, JSON.stringify(base0));
  stats.inputs += 1;
  if (entry.expectBase) {
    if (b.reply?.error?.code !== entry.expectBase) failures.push(`${label}: the valid body got ${describeReply(b)}, not ${entry.expectBase}`);
  } else if (b.reply?.ok !== true) {
    failures.push(`${label}: the base body ${short(base0, 300)} was refused: ${describeReply(b)} (the harness cannot reach the command's checks)`);
  } else {
    ctx.accepted += 1;
    await refresh();
  }
  await settle(ctx);
  let snap = snapshot(ctx);
  let pending = [];
  const countCampaigns = async () => (await ok(senderOf(ctx, entry), 'campaign.list', {})).campaigns.length;
  let listBefore = entry.listCheck ? await countCampaigns() : 0;

  for (const m of mutationsOf(entry, spec, base0, ctx, rand, round)) {
    const base = entry.base(ctx);
    const text = m.whole ? m.whole(base) : render(base, m.path, m);
    if (text === null) continue;
    const u0 = W.watch.U.version(ctx.campaign);
    const o = await sendMutation(ctx, entry, text);
    stats.inputs += 1;
    const field = m.path.join('.') || 'body';
    const what = `${label} ${field} ${m.kind}${m.kind === 'random' ? ` ${short(m.raw, 40)}` : ''}`;
    if (server.exit) { failures.push(`${what}: the server exited (${JSON.stringify(server.exit)})\n${server.stderr.slice(-2000)}`); throw new Error('the server died'); }
    await barrier(W.watch.U);
    const u1 = W.watch.U.version(ctx.campaign);
    if (o.hang) { failures.push(`${what}: ${describeReply(o)}`); continue; }
    if (o.closed) {
      stats.closed += 1;
      if (o.closed.code !== 1009 || !m.kind.startsWith('str:70')) failures.push(`${what}: the socket closed with ${o.closed.code} ${o.closed.reason}`);
      if (u1 !== u0) failures.push(`${what}: closed with 1009, yet the umpire's view changed`);
      continue;
    }
    const r = o.reply;
    if (r.ok === true) {
      stats.accepted += 1;
      ctx.accepted += 1;
      const why = breach(entry, spec, m, ctx);
      if (why) {
        const a = allowed(entry, m);
        if (a) allowedHits.add(a);
        else defects.push(`${what} -> ${describeReply(o)} [${why}]`);
      } else {
        benign.set(m.kind, (benign.get(m.kind) ?? 0) + 1);
        acceptedList.push(`${what} -> ${describeReply(o)}`);
        // Within the document (it states no range), but worth a look: a huge number where the valid body has a small
        // one, or 60000 characters where it has a word.
        const small = typeof m.baseValue === 'number' && Math.abs(m.baseValue) < 1e6;
        if ((small && /^int:(4294967297|9007199254740992|1e308|9223372036854775808)$/.test(m.kind)) || m.kind === 'str:60000') suspicious.push(`${what} -> ${describeReply(o)}`);
      }
      // Only the accepted command may have moved the views since the last check: one commit, one push at most.
      await settle(ctx);
      for (const k of ctx.members) {
        const moved = W.watch[k].version(ctx.campaign) - snap.get(k).version;
        if (moved > 1) failures.push(`${what}: accepted, but ${k}'s view moved ${moved} times since the refusals before it (${pending.length}) began`);
      }
      await refresh();
      await settle(ctx);
      snap = snapshot(ctx);
      pending = [];
      if (entry.listCheck) listBefore = await countCampaigns();
      continue;
    }
    stats.refused += 1;
    const code = r.error?.code;
    if (code === 'internal') failures.push(`${what}: internal error: ${describeReply(o)}`);
    if (!DOC.errorCodes.has(code)) undocumentedCodes.set(code, `${what} -> ${describeReply(o)}`);
    if (typeof r.error?.message !== 'string' || r.error.message.length === 0) failures.push(`${what}: an error without a message: ${short(r)}`);
    if (u1 !== u0) {
      failures.push(`${what}: refused (${code}), yet the umpire's view changed`);
      await settle(ctx);
      snap = snapshot(ctx);
      pending = [];
      continue;
    }
    if (entry.listCheck) {
      const n = await countCampaigns();
      if (n !== listBefore) failures.push(`${what}: refused (${code}), yet the umpire's campaigns went from ${listBefore} to ${n}`);
      listBefore = n;
    }
    const key = [...m.path].reverse().find((k) => typeof k === 'string' && !/^\d+$/.test(k));
    // A frame the server cannot read as JSON at all (a random 1E400 or "\ud800") is answered with `"reply": null`
    // (docs/protocol.md, "WebSocket"): no field was read, so none can be named.
    const unreadable = r.reply === null;
    if (code === 'bad_request' && key && !m.whole && !m.kind.startsWith('empty-') && !unreadable && !names(r.error.message, key)) {
      unnamed.push(`${what} -> ${r.error.message}`);
    }
    if (m.kind === 'extra' && !entry.expectBase) overStrict.push(`${what} -> ${describeReply(o)}`);
    pending.push(m);
    if (pending.length >= BATCH) { snap = await probe(ctx, snap, label, pending); pending = []; }
  }
  if (pending.length) await probe(ctx, snap, label, pending);

  // The base is still accepted after it all (else the state drifted, and refusals above may be for the state's sake).
  const last = await sendMutation(ctx, entry, JSON.stringify(entry.base(ctx)));
  stats.inputs += 1;
  if (entry.expectBase ? last.reply?.error?.code !== entry.expectBase : last.reply?.ok !== true) {
    failures.push(`${label}: after the run the base body got ${describeReply(last)}: the state drifted (the harness's restore is wrong)`);
  }
}

// --- The test --------------------------------------------------------------------------------------------------
test('the document: enough commands read, each with a body spec; the allowlist and conventions quote it', () => {
  assert.ok(DOC.headingsWithBody >= 40, `docs/protocol.md has ${DOC.headingsWithBody} command headings with a body line`);
  const withSpec = [...DOC.commands.values()].filter((c) => c.specs.length > 0);
  assert.ok(withSpec.length >= DOC.headingsWithBody, `${withSpec.length} commands read with a body, fewer than the ${DOC.headingsWithBody} headings with one`);
  for (const n of DOC.headingNames) assert.ok(DOC.commands.get(n).specs.length > 0, `${n}: its heading's body was read`);
  const flat = DOC_TEXT.replace(/\s+/g, ' ');
  for (const a of [...ALLOWED, ...Object.values(CONVENTIONS)]) assert.ok(flat.includes(a.quote.replace(/\s+/g, ' ')), `docs/protocol.md still says: ${a.quote}`);
  // Every documented command has a base body here.
  const covered = new Set(ENTRIES.map((e) => e.name));
  const missing = [...DOC.commands.keys()].filter((n) => !covered.has(n));
  assert.deepEqual(missing, [], 'documented commands without a base body in this test');
});

test('the document: each error code the campaign\'s commands name is in a table of error codes', () => {
  // The general table, and the part's own ("More error codes" of the campaign year); the battles' books list
  // their own codes with each command.
  const general = DOC.errorTables.find((t) => t.title === 'Error codes').codes;
  const parts = DOC_TEXT.split(/^## /m);
  for (const [title, ownTable] of [['WebSocket', null], ['The campaign year', 'More error codes']]) {
    const part = parts.find((p) => p.startsWith(title));
    const own = ownTable ? DOC.errorTables.find((t) => t.title === ownTable).codes : new Set();
    const named = new Set();
    for (const m of part.matchAll(/Errors(?: \([^)]*\))?:([\s\S]*?)(?:\.\s|\n\n)/g)) {
      for (const c of m[1].replace(/\([^()]*\)/g, '').matchAll(/`([a-z_]+)`/g)) named.add(c[1]);
    }
    for (const m of part.matchAll(/refused with `([a-z_]+)`/g)) named.add(m[1]);
    const missing = [...named].filter((c) => !general.has(c) && !own.has(c));
    assert.deepEqual(missing, [], `${title}: codes its commands name that no table of error codes lists`);
  }
});

test('the document: the house rules table lists every setting a campaign has, at the book\'s value', async () => {
  const ctx = await table(0, { players: [], observers: [] });
  await synced(ctx);
  const year = uview(ctx).year;
  assert.deepEqual(DOC.houseRules.fields.map((f) => f.key).sort(), Object.keys(year.settings).sort(), 'the table\'s settings are the campaign\'s');
  const lines = DOC_TEXT.split('\n').filter((l) => /^\| `[a-z_]+` \|/.test(l));
  for (const [name, book] of Object.entries(year.book)) {
    const row = lines.find((l) => l.startsWith(`| \`${name}\` |`));
    assert.ok(row, `${name}: a row in the house rules table`);
    assert.equal(row.split('|')[2].trim(), JSON.stringify(book), `${name}: the book's value`);
  }
});

test('the harness sees a change: a change made behind a run of "refusals" fails the probe', async () => {
  const ctx = await table(0, { players: ['A'] });
  await settle(ctx);
  const snap = snapshot(ctx);
  const was = failures.length;
  await ok(S(ctx, 'A'), 'chat.say', { campaign: ctx.campaign, text: 'a change the probe must see' });
  await probe(ctx, snap, 'self-check', [{ path: ['text'], kind: 'pretend' }]);
  const seen = failures.splice(was);
  assert.ok(seen.length >= 2 && seen.every((f) => f.startsWith('self-check')), `the probe reported the change for every member: ${seen.join(' | ')}`);
  // and the per-input check: the umpire's version moves across an accepted command
  const u0 = W.watch.U.version(ctx.campaign);
  await ok(S(ctx, 'A'), 'chat.say', { campaign: ctx.campaign, text: 'seen at once' });
  await barrier(W.watch.U);
  assert.equal(W.watch.U.version(ctx.campaign), u0 + 1, 'the barrier brings the umpire\'s push of a command before it');
});

test('every documented command, sent generated hostile input: no internal error, no hang; a refusal changes nothing; no documented limit let through', { timeout: 30 * 60 * 1000 }, async (t) => {
  const started = Date.now();
  for (let round = 1; round <= ROUNDS; round++) {
    const queue = [...ENTRIES];
    const worker = async (w) => {
      while (queue.length) {
        const entry = queue.shift();
        try {
          await runEntry(entry, w, round);
        } catch (e) {
          if (server.exit) throw e;
          failures.push(`${entry.label}: the run stopped: ${e.stack?.split('\n').slice(0, 3).join(' | ')}`);
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  }
  // The campaign of another umpire, named by every "campaign:other" input, never changed.
  await barrier(W.stranger);
  if (!isDeepStrictEqual({ version: W.stranger.version(W.strangerCampaign), view: W.stranger.view(W.strangerCampaign) }, W.strangerView)) {
    failures.push('the campaign of another umpire (named by the "campaign:other" inputs) changed');
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const documentedVariants = [...DOC.commands.values()].flatMap((c) => c.specs.filter((s) => s.variant).map((s) => `${c.name}[${s.ruleset ?? 'oth'} ${s.variant}]`));
  t.diagnostic(`${stats.commands.size} commands (${stats.variants.size} bodies) of ${DOC.commands.size} documented, ${ROUNDS} round(s), ${seconds} s: `
    + `${stats.inputs} inputs, ${stats.refused} refused, ${stats.accepted} accepted, ${stats.closed} closed the socket (over 64 KiB), ${defects.length} defects`);
  t.diagnostic(`accepted and within the document: ${JSON.stringify(Object.fromEntries(benign))}; allowlisted: ${allowedHits.size} of ${ALLOWED.length}`);
  t.diagnostic(`documented variants of battle.act/battle.override: ${documentedVariants.length}; exercised: ${[...stats.variants].filter((l) => /\[(oth|reivers|cmwd|lfas) /.test(l)).length}`);
  const list = (title, items) => { if (items.length) { t.diagnostic(`${title} (${items.length}):`); for (const x of items) t.diagnostic(`  ${x}`); } };
  list('DEFECTS: accepted input the document says is out of type or range', defects);
  list('FAILURES', failures);
  list('bad_request messages that do not name the field', unnamed);
  list('error codes docs/protocol.md does not list', [...undocumentedCodes].map(([c, w]) => `${c}: ${w}`));
  list('refusals of what the document allows (an unknown extra field)', overStrict);
  list('accepted where the document states no limit, but a huge number or 60000 characters stood for a small value', suspicious);
  if (process.env.MUSTER_GENERATED_REPORT) {
    writeFileSync(process.env.MUSTER_GENERATED_REPORT, JSON.stringify({ stats: { ...stats, commands: [...stats.commands], variants: [...stats.variants] }, defects, failures, unnamed, overStrict, undocumented: [...undocumentedCodes], benign: Object.fromEntries(benign), acceptedList, suspicious }, null, 1));
  }
  assert.ok(stats.commands.size >= DOC.headingsWithBody, `only ${stats.commands.size} commands exercised`);
  assert.ok(stats.refused > stats.commands.size, 'inputs were refused (the run did something)');
  assert.deepEqual(failures, [], 'internal errors, hangs, crashes, refusals that changed something, bases refused');
  assert.deepEqual(defects, [], 'accepted input the document says is out of type or range (command field mutation -> reply [why])');
  assert.deepEqual(unnamed, [], 'bad_request messages that do not name the field (command field mutation -> reply)');
});
