// A battle turn's choice as a draft on the server (web/common/draft.js; docs/protocol.md, "Drafts"): what a player
// composes before he sends it (a card, a bid, his orders, his bound's action), kept a moment after he changes it,
// keyed by the battle ("battle-<id>") and the moment it is for (the battle's turn, and the part of it: a book's
// stage); offered back on another device or after a reload while that moment is still open, dropped when sent or
// once the moment has passed. A book's panel says what the choice is; this file keeps it.

import { h } from '../dom.js';
import { serverDraft } from '../draft.js';
import { sendKept } from '../kept.js';
import { atMoment, STALE_MESSAGE } from './moment.js';

const WORDS = {
  testid: 'battle-draft',
  kept: 'Your choice is kept, so you can go on with it on another device: saved ',
  back: 'Your choice is back, as you left it at ',
  unsaved: (m) => `Your choice could not be kept on the server (${m}); it is still here until you send it.`,
};

// The values of the form controls with an id under `root` (his choice as the page holds it).
export function formChoice(root) {
  const out = {};
  for (const x of root.querySelectorAll('input[id], select[id], textarea[id]')) {
    out[x.id] = x.type === 'checkbox' || x.type === 'radio' ? x.checked : x.value;
  }
  return out;
}

// Puts formChoice's values back, in the page's order, each followed by the events the panel listens to, so the
// controls that depend on an earlier one (a unit's actions, an action's names) are filled before they are set.
export function applyFormChoice(root, choice) {
  const done = new Set();
  for (let more = true; more;) {
    more = false;
    // Asked again after each control: one may have made others (a move's names).
    const x = [...root.querySelectorAll('input[id], select[id], textarea[id]')]
      .find((c) => !done.has(c.id) && Object.prototype.hasOwnProperty.call(choice, c.id));
    if (!x) break;
    more = true;
    done.add(x.id);
    const v = choice[x.id];
    if (x.type === 'checkbox' || x.type === 'radio') x.checked = !!v;
    else x.value = String(v);
    x.dispatchEvent(new Event('input', { bubbles: true }));
    x.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

// Returns {el, track(b, stage, writing, apply), edited(choice), sent()}. track: the battle and the moment on screen
// and whether he may write now; apply(choice) puts a draft back in the panel.
export function battleDraft(campaignId) {
  const el = h('div', { class: 'battle-draft' });
  let cur = null; // {battle, draft, moment, turn, stage, touched}
  let applying = false;

  return {
    el,
    track(b, stage, writing, apply) {
      if (!cur || cur.battle !== b.id) {
        cur = { battle: b.id, draft: serverDraft(campaignId, `battle-${b.id}`, WORDS), moment: null, touched: false };
        el.replaceChildren(cur.draft.el);
      }
      const moment = writing ? `${b.turn}:${stage}` : null;
      if (moment === cur.moment) return;
      // The moment he wrote for has passed: what he did not send is gone.
      if (cur.moment !== null && cur.touched) cur.draft.drop();
      Object.assign(cur, { moment, turn: b.turn, stage, touched: false });
      if (!writing) return;
      const mine = cur;
      cur.draft.restore((d) => d.turn === b.turn && d.draft.stage === stage).then((d) => {
        if (!d || cur !== mine || mine.moment !== moment || mine.touched) return;
        applying = true;
        try { apply(d.choice); } finally { applying = false; }
      });
    },
    // He changed his choice (ignored while a draft is being put back).
    edited(choice) {
      if (applying || !cur || cur.moment === null) return;
      cur.touched = true;
      cur.draft.edited(cur.turn, { stage: cur.stage, choice });
    },
    sent() {
      if (cur) cur.draft.drop();
    },
  };
}

// A battle turn's send (card.play, battle.submit): with the turn it was meant for (moment.js), kept on this device
// while the line is down (kept.js); once in, the draft has served. `what`: its words, "your card"; `error`: the
// panel's error line, which says what became of a kept one if this page is still open when the line is back.
export async function sendTurn(ctx, campaignId, b, { type, body, what, error, draft }) {
  const staleWords = (m) => (m ? `${STALE_MESSAGE} ${m}` : STALE_MESSAGE);
  try {
    await sendKept(ctx, {
      campaign: campaignId, slot: `battle-${b.id}`, type, body: atMoment(b, { campaign: Number(campaignId), ...body }),
      what: `${what} for turn ${b.turn} of ${b.name || `battle ${b.id}`}`,
      onLater: (o) => { if (!o.ok && error) error.show(o.code === 'stale' ? staleWords(o.message) : o.message); },
    });
  } catch (err) {
    if (err && err.code === 'stale') throw Object.assign(new Error(STALE_MESSAGE), { code: 'stale' });
    throw err;
  }
  if (draft) draft.sent();
}
