// A live countdown to a time (a month's deadline, an auction lot's close). One timer ticks every countdown on
// the page once a second; a countdown that leaves the page stops being ticked.
//
//   const cd = countdown('diary-countdown', {past: 'The deadline has passed'});
//   cd.set(1764400000000);   // or null: nothing to count down to (hidden)
//   cd.el                    // <span data-testid=... data-remaining="seconds">

import { h, setText } from '../common/dom.js';

const live = new Set();
let timer = null;

function tick() {
  for (const cd of live) {
    if (!cd.el.isConnected) {
      live.delete(cd);
      continue;
    }
    cd.render();
  }
  if (live.size === 0 && timer !== null) {
    clearInterval(timer);
    timer = null;
  }
}

function ensureTimer() {
  if (timer === null) timer = setInterval(tick, 1000);
}

// "2 d 4 h", "3 h 12 min", "12:05", "0:09".
export function remainingText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400);
  const hrs = Math.floor((s % 86400) / 3600);
  const min = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d} d ${hrs} h`;
  if (hrs > 0) return `${hrs} h ${String(min).padStart(2, '0')} min`;
  return `${min}:${String(sec).padStart(2, '0')}`;
}

// onOver() is called once when the time comes (e.g. to lock a form).
export function countdown(testid, { past = 'time is up', prefix = '', suffix = ' left', onOver = null } = {}) {
  const el = h('span', { class: 'countdown', testid, role: 'timer', hidden: true });
  const cd = {
    el,
    at: null,
    firedFor: null,
    set(at) {
      cd.at = typeof at === 'number' && Number.isFinite(at) ? at : null;
      el.hidden = cd.at === null;
      if (cd.at === null) {
        live.delete(cd);
        delete el.dataset.remaining;
        return;
      }
      cd.render();
      live.add(cd);
      ensureTimer();
    },
    render() {
      if (cd.at === null) return;
      const left = cd.at - Date.now();
      const over = left <= 0;
      el.dataset.remaining = String(Math.max(0, Math.ceil(left / 1000)));
      el.classList.toggle('is-over', over);
      el.classList.toggle('is-soon', !over && left < 5 * 60 * 1000);
      setText(el, over ? past : `${prefix}${remainingText(left)}${suffix}`);
      if (over && cd.firedFor !== cd.at) {
        cd.firedFor = cd.at;
        if (onOver) setTimeout(onOver, 0);
      }
    },
    isOver() {
      return cd.at !== null && cd.at <= Date.now();
    },
  };
  return cd;
}
