// A draft on the server (docs/protocol.md, "Drafts"): what a player composes and has not sent (his diary, his
// choice for a battle's turn), saved a moment after he changes it, so he can go on with it on another device or
// after his phone slept; offered back while it is still for the moment on screen; dropped once sent or once that
// moment has passed. Only he reads it.

import { api } from './api.js';
import { h, setText, setTime } from './dom.js';

const QUIET_MS = 1500; // after the last change

// kind: "diary" or "battle-<id>". words: {testid, kept, back, unsaved(message)}: the note's words after a save,
// after a restore (each followed by the time) and when a save failed.
// Returns {el, edited(turn, draft), restore(accept) -> Promise<draft | null>, drop()}.
export function serverDraft(campaignId, kind, words) {
  const time = h('time');
  const said = h('span', {});
  const el = h('p', { class: 'hint draft-note', testid: words.testid, 'aria-live': 'polite', hidden: true }, said, time);
  let timer = null;
  let pending = null; // {turn, draft} not yet saved
  let gen = 0; // a save or restore overtaken by a newer one is not shown

  function say(text, at) {
    el.hidden = false;
    setText(said, text);
    if (at) setTime(time, at);
    else setText(time, '');
  }

  async function flush() {
    timer = null;
    if (!pending) return;
    const { turn, draft } = pending;
    pending = null;
    const mine = ++gen;
    try {
      const r = await api.saveDraft(campaignId, kind, turn, draft);
      if (mine === gen) say(words.kept, r.saved);
    } catch (err) {
      if (mine === gen) say(words.unsaved(err.message));
    }
  }

  function cancel() {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
    ++gen;
    el.hidden = true;
  }

  return {
    el,
    // The choice changed: keep it a moment after he stops.
    edited(turn, draft) {
      pending = { turn, draft };
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, QUIET_MS);
    },
    // His draft on the server if accept({turn, draft, saved}) says it is for the moment on screen; one that is not
    // (its month or turn has passed) is dropped.
    async restore(accept) {
      const mine = ++gen;
      let d;
      try {
        d = await api.draft(campaignId, kind);
      } catch {
        return null;
      }
      if (mine !== gen || !d || d.turn === null || !d.draft) return null;
      if (!accept(d)) {
        api.dropDraft(campaignId, kind).catch(() => { /* dropped next time */ });
        return null;
      }
      say(words.back, d.saved);
      return d.draft;
    },
    // Sent, or its moment has passed: the draft has served.
    async drop() {
      cancel();
      try { await api.dropDraft(campaignId, kind); } catch { /* an old draft is refused by its moment next time */ }
    },
  };
}
