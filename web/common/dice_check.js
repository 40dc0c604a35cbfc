// Checks a campaign archive's dice in the browser (docs/protocol.md, "Dice"; docs/dice.md): the revealed seed
// against the commitment in the log's first event, then every logged roll recomputed from the seed; or a battle's
// dice file, its own seed against its commitment and its rolls. It mirrors
// `muster verify-dice` (server/app/archive.cpp, verify_dice) word for word, so the page and the command line give
// the same verdict and name the same first problem. Pure functions over the archive; Web Crypto does the hashing.

const NOT_REVEALED = 'the seed is not revealed yet: the umpire reveals it by closing the campaign';

// The result of a check: {ok, rolls (checked before the verdict), problem ("" when ok), revealed}.
function verdict(ok, rolls, problem, revealed = true) {
  return { ok, rolls, problem, revealed };
}

// JSON numbers read as whole numbers, as the server's reader takes them (a fraction cuts towards zero).
function isInteger(x) {
  return typeof x === 'number' && Number.isInteger(x);
}

function isObject(x) {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

// The archive's events, checked in shape and order as the server's reader checks them: {events} or {why}.
export function readEvents(archive) {
  const list = isObject(archive) ? archive.events : undefined;
  if (!Array.isArray(list) || list.length === 0) return { why: 'it has no event log' };
  const events = [];
  for (const e of list) {
    const n = events.length + 1;
    if (!isObject(e) || !isInteger(e.seq) || typeof e.type !== 'string' || !isInteger(e.actor) || !isInteger(e.at) ||
        !isObject(e.body) || !Array.isArray(e.dice)) return { why: `event ${n} is malformed` };
    if (e.seq !== n) return { why: `event ${n} is out of order` };
    events.push(e);
  }
  if (events[0].type !== 'campaign.created') return { why: "its log does not begin with the campaign's creation" };
  return { events };
}

// Hex to bytes; null for anything that is not whole bytes of hex (either case, as the server reads it).
export function fromHex(hex) {
  if (typeof hex !== 'string' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// The seed as an HMAC-SHA256 key, imported once for every roll.
export function hmacKey(seed) {
  return crypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

// The face roll `counter` of `stream` gives: the first big-endian word of the blocks HMAC(seed, "s:k:j") below the
// largest multiple of `sides` under 2^32 (no face gets the leftovers), taken mod sides, plus one.
export async function recomputeRoll(key, stream, counter, sides) {
  const limit = 2 ** 32 - (2 ** 32 % sides);
  const text = new TextEncoder();
  for (let j = 0; ; j += 1) {
    const block = new DataView(await crypto.subtle.sign('HMAC', key, text.encode(`${stream}:${counter}:${j}`)));
    for (let i = 0; i < 8; i += 1) {
      const w = block.getUint32(4 * i, false);
      if (w < limit) return (w % sides) + 1;
    }
  }
}

// A roll record's fields as the server reads them: missing (or not of their kind) ones take its defaults, so a
// record without a stream is of the old single stream "campaign".
export function rollFields(r) {
  const o = isObject(r) ? r : {};
  const whole = (x, fallback) => (typeof x === 'number' && Number.isFinite(x) ? Math.trunc(x) : fallback);
  return {
    stream: typeof o.stream === 'string' ? o.stream : 'campaign',
    counter: whole(o.counter, -1),
    sides: whole(o.sides, 0),
    value: whole(o.value, 0),
  };
}

// The seed revealed in the archive, checked against the commitment every member saw from the log's first event:
// {seed} or a verdict.
async function revealedSeed(archive, first) {
  const c = isObject(archive.campaign) ? archive.campaign : {};
  if (typeof c.seed !== 'string') return verdict(false, 0, NOT_REVEALED, false);
  const seed = fromHex(c.seed);
  const committed = typeof first.body.seed_sha256 === 'string' ? first.body.seed_sha256 : '';
  if (!seed || seed.length !== 32 || (await sha256Hex(seed)) !== committed) {
    return verdict(false, 0, `the seed does not match the commitment shown from the start (${committed})`);
  }
  return { seed };
}

// Why a logged roll does not match the seed `key` is, or '' (the server's roll_problem).
async function rollProblem(key, record) {
  const { stream, counter, sides, value } = rollFields(record);
  const given = counter >= 0 && sides >= 2 ? await recomputeRoll(key, stream, counter, sides) : null;
  if (given !== null && given === value) return '';
  return `roll ${counter} of "${stream}" is logged as ${value} on a d${sides}; the seed gives ${given === null ? 'nothing' : given}`;
}

// A battle's id in its events' bodies: a number, or the creation's {id}; -1 when there is none.
function battleIdOf(e) {
  const b = e.body.battle;
  if (isInteger(b)) return b;
  return isObject(b) && isInteger(b.id) ? b.id : -1;
}

// Each battle that rolls with a seed of its own (docs/dice.md, "Battles' own seeds"): HMAC-SHA256(campaign seed,
// "battle-seed:" + id), checked against its creation's commitment. {keys: Map stream -> key} or {why}.
async function battleKeys(events, campaignKey) {
  const keys = new Map();
  for (const e of events) {
    if (e.type !== 'battle.created' || e.body.seed_scheme !== 'battle-seed') continue;
    const battle = battleIdOf(e);
    const seed = new Uint8Array(await crypto.subtle.sign('HMAC', campaignKey, new TextEncoder().encode(`battle-seed:${battle}`)));
    const committed = typeof e.body.seed_sha256 === 'string' ? e.body.seed_sha256 : '';
    if (battle < 0 || (await sha256Hex(seed)) !== committed) {
      return { why: `event ${e.seq} (battle.created): battle ${battle}'s seed, derived from the campaign's, does not match its commitment (${committed})` };
    }
    keys.set(`battle:${battle}`, await hmacKey(seed));
  }
  return { keys };
}

// A battle's dice file (GET /api/campaigns/{id}/battles/{battle}/dice): its seed against its commitment, then its rolls.
async function checkBattleDice(file) {
  if (typeof file.seed !== 'string') return verdict(false, 0, "the battle's seed is not revealed: it is revealed when the battle ends");
  const seed = fromHex(file.seed);
  const committed = typeof file.seed_sha256 === 'string' ? file.seed_sha256 : '';
  if (!seed || seed.length !== 32 || (await sha256Hex(seed)) !== committed) {
    return verdict(false, 0, `the battle's seed does not match the commitment shown from its creation (${committed})`);
  }
  if (!Array.isArray(file.rolls)) return verdict(false, 0, 'the file is not readable: it has no list of rolls');
  const stream = `battle:${isInteger(file.battle) ? file.battle : -1}`;
  const key = await hmacKey(seed);
  let rolls = 0;
  for (const record of file.rolls) {
    const { stream: its } = rollFields(record);
    if (its !== stream) return verdict(false, rolls, `a roll of "${its}" is not of this battle's stream "${stream}"`);
    const problem = await rollProblem(key, record);
    if (problem) return verdict(false, rolls, problem);
    rolls += 1;
  }
  return verdict(true, rolls, '');
}

export function isBattleDice(file) {
  return isObject(file) && file.format === 'muster-battle-dice';
}

// Every roll of the archive recomputed from its revealed seed (a battle's stream from the battle's own seed when it
// has one); the first that differs ends the check. A battle's dice file is checked as such.
export async function checkDice(archive) {
  if (isBattleDice(archive)) return checkBattleDice(archive);
  const read = readEvents(archive);
  if (read.why) return verdict(false, 0, `the archive is not readable: ${read.why}`);
  const found = await revealedSeed(archive, read.events[0]);
  if (!found.seed) return found;
  const key = await hmacKey(found.seed);
  const own = await battleKeys(read.events, key);
  if (own.why) return verdict(false, 0, own.why);
  let rolls = 0;
  for (const e of read.events) {
    for (const record of e.dice) {
      const problem = await rollProblem(own.keys.get(rollFields(record).stream) ?? key, record);
      if (problem) return verdict(false, rolls, `event ${e.seq} (${e.type}): ${problem}`);
      rolls += 1;
    }
  }
  return verdict(true, rolls, '');
}

// A file's text checked: not JSON is a damaged archive, as the command line says.
export async function checkArchiveText(text) {
  let archive;
  try {
    archive = JSON.parse(text);
  } catch {
    return verdict(false, 0, 'the archive is not readable: it is not JSON (a damaged archive)');
  }
  return checkDice(archive);
}

// The verdict in the page's words.
export function verdictText(result) {
  if (!result.revealed) return 'The seed is not revealed yet: the umpire reveals it by closing the campaign.';
  if (result.ok) {
    return `Verified: the seed matches the commitment shown from the start, and all ${result.rolls} rolls match it.`;
  }
  return `Not verified after ${result.rolls} rolls: ${result.problem}`;
}

// Web Crypto exists only on secure pages (https, or this machine): a club's plain-http server has none.
export function canCheck() {
  return typeof crypto !== 'undefined' && !!crypto.subtle;
}
