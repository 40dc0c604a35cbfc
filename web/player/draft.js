// The diary as a draft on the server (docs/protocol.md, "Diary drafts"): saved a moment after he stops typing, so
// he can go on with it on another device; offered back when he opens the month's diary and has not sent a later
// one; dropped once the diary is sent. Only he reads it.

import { api } from '../common/api.js';
import { h, setText, setTime } from '../common/dom.js';

const QUIET_MS = 1500; // after the last keystroke

// Returns {el, edited(turn, diary), restore(turn, sentAt) -> Promise<diary | null>, sent()}; a diary is shaped as
// the view's (activity, supervise, orders, text, publish).
export function diaryDraft(campaignId) {
  const time = h('time');
  const words = h('span', {});
  const el = h('p', { class: 'hint draft-note', testid: 'diary-draft', 'aria-live': 'polite', hidden: true }, words, time);
  let timer = null;
  let pending = null; // {turn, diary} not yet saved
  let gen = 0; // a save or restore overtaken by a newer one is not shown

  function say(text, at) {
    el.hidden = false;
    setText(words, text);
    if (at) setTime(time, at);
    else setText(time, '');
  }

  async function flush() {
    timer = null;
    if (!pending) return;
    const { turn, diary } = pending;
    pending = null;
    const mine = ++gen;
    try {
      const r = await api.saveDiaryDraft(campaignId, turn, diary);
      if (mine === gen) say('Draft kept, so you can go on with it on another device: saved ', r.saved);
    } catch (err) {
      if (mine === gen) say(`The draft could not be saved (${err.message}); your diary is still here until you send it.`);
    }
  }

  return {
    el,
    // The form changed: keep it a moment after he stops.
    edited(turn, diary) {
      pending = { turn, diary };
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, QUIET_MS);
    },
    // His draft of month `turn`, unless the diary he sent (at `sentAt`) is newer.
    async restore(turn, sentAt) {
      const mine = ++gen;
      let d;
      try {
        d = await api.diaryDraft(campaignId);
      } catch {
        return null;
      }
      if (mine !== gen || !d || d.turn !== turn || !d.diary) return null;
      if (typeof sentAt === 'number' && d.saved <= sentAt) return null;
      say('Your draft is back, as you left it at ', d.saved);
      return d.diary;
    },
    // The diary went in: the draft has served.
    async sent() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
      ++gen;
      el.hidden = true;
      try { await api.dropDiaryDraft(campaignId); } catch { /* an old draft is ignored once a newer diary is in */ }
    },
  };
}
