// The moment a battle command was meant for (docs/protocol.md, "Battles": "The moment a command was meant
// for"). card.play, card.withdraw, battle.close_turn, talk.say (and battle.submit, battle.withdraw, battle.act)
// carry the `turn` of the battle view the page is showing; battle.step carries its `turn` and `step` (the view's
// `next_step`). The server answers `stale` when that is no longer the battle's moment and changes nothing: the
// player is told so in plain words.

export const STALE_MESSAGE = 'The turn moved on; nothing was sent.';

// The body with what the page saw of battle `b`: its turn, and with `step` the step about to apply.
export function atMoment(b, body, { step = false } = {}) {
  const out = { ...body, battle: b.id, turn: b.turn };
  if (step) out.step = b.next_step;
  return out;
}

// A panel's error line where the turn has moved on (a new turn, or no longer his to act): its errors go, but the word
// that a send came too late (STALE_MESSAGE) stays while the battle is at the turn it was first seen with, for it
// speaks of that change; its answer may even come just before the view that shows it (a send kept on the device
// goes as soon as the line is back, beside the page's new subscription).
export function clearForNewTurn(error, turn) {
  const text = error.el.hidden ? '' : error.el.textContent;
  if (!text.startsWith(STALE_MESSAGE)) {
    error.staleSeen = null;
    error.hide();
    return;
  }
  const seen = error.staleSeen;
  if (!seen || seen.text !== text) error.staleSeen = { text, turn };
  else if (seen.turn !== turn) {
    error.staleSeen = null;
    error.hide();
  }
}

// send(type, body) -> Promise; a `stale` refusal becomes an Error with STALE_MESSAGE (and code 'stale').
export async function sendAtMoment(send, type, b, body, opts) {
  try {
    return await send(type, atMoment(b, body, opts));
  } catch (err) {
    if (err && err.code === 'stale') {
      const e = new Error(STALE_MESSAGE);
      e.code = 'stale';
      throw e;
    }
    throw err;
  }
}
