// Recomputes Muster's verifiable dice exactly as docs/protocol.md, "Dice", says:
// roll k of stream s: HMAC-SHA256(seed, s + ":" + k + ":" + j) for j = 0, 1, ...; each 32-byte block is
// eight big-endian 32-bit words; the first word w < 2^32 - (2^32 mod sides) gives w mod sides + 1.
// "dAv", the average die, is a d6 whose faces read 2, 3, 3, 4, 4, 5.
import { createHmac, createHash } from 'node:crypto';

export const AVERAGE_FACES = [2, 3, 3, 4, 4, 5];

export function rawFace(seed, stream, k, sides) {
  const limit = 2 ** 32 - (2 ** 32 % sides);
  for (let j = 0; j < 1000; j++) {
    const block = createHmac('sha256', seed).update(`${stream}:${k}:${j}`).digest();
    for (let i = 0; i < 8; i++) {
      const w = block.readUInt32BE(i * 4);
      if (w < limit) return (w % sides) + 1;
    }
  }
  throw new Error('no acceptable word in 1000 blocks');
}

/** "2d6" -> {count: 2, sides: 6}; "d100" -> {count: 1, sides: 100}; "dAv" -> {count: 1, sides: 6, average: true}. */
export function parseDice(spec) {
  if (spec === 'dAv') return { count: 1, sides: 6, average: true };
  const m = /^(\d*)d(\d+)$/.exec(spec);
  if (!m) throw new Error(`unknown dice ${spec}`);
  return { count: m[1] === '' ? 1 : Number(m[1]), sides: Number(m[2]), average: false };
}

export function sha256Hex(buf) {
  return createHash('sha256').update(buf).digest('hex');
}

/**
 * Checks every roll against the seed: each die recomputes from the roll's stream and its counter there
 * (a roll without `stream` is of the old single stream "campaign"). `rolls` are view roll entries; when
 * `complete` is true they are ALL the rolls of their streams (an umpire's view of a campaign with fewer
 * than 100 rolls of each kind and no other dice), so each stream's counters must run 0, 1, 2, ... in id
 * order, one per die. Returns a list of problems.
 */
export function verifyRolls(seedHex, rolls, { complete = true } = {}) {
  const seed = Buffer.from(seedHex, 'hex');
  const problems = [];
  const next = new Map(); // stream -> the counter its next die should have
  for (const roll of [...rolls].sort((a, b) => a.id - b.id)) {
    const stream = roll.stream ?? 'campaign';
    const name = `${stream} roll ${roll.id}`;
    const { count, sides, average } = parseDice(roll.dice);
    const first = next.get(stream) ?? 0;
    const expectedCounters = Array.from({ length: count }, (_, i) => first + i);
    next.set(stream, first + count);
    let counters = roll.counters;
    if (counters === undefined) {
      if (!complete) { problems.push(`${name} carries no counters`); continue; }
      counters = expectedCounters;
    } else if (complete && JSON.stringify(counters) !== JSON.stringify(expectedCounters)) {
      problems.push(`${name} (${roll.dice}): counters ${JSON.stringify(counters)}, expected ${JSON.stringify(expectedCounters)}`);
    }
    if (!Array.isArray(roll.faces) || roll.faces.length !== count) {
      problems.push(`${name} (${roll.dice}): ${JSON.stringify(roll.faces)} is not ${count} faces`);
      continue;
    }
    const faces = counters.map((k) => {
      const v = rawFace(seed, stream, k, sides);
      return average ? AVERAGE_FACES[v - 1] : v;
    });
    if (JSON.stringify(faces) !== JSON.stringify(roll.faces)) {
      problems.push(`${name} (${roll.dice}, counters ${JSON.stringify(counters)}): shown ${JSON.stringify(roll.faces)}, the seed gives ${JSON.stringify(faces)}`);
    }
    const total = roll.faces.reduce((a, b) => a + b, 0);
    if (roll.total !== total) problems.push(`${name}: total ${roll.total} is not the sum ${total} of its faces`);
  }
  return problems;
}
