// What needs you (docs/protocol.md, "What needs you"): the server puts in each viewer's view what he must do now
// and by when, `year.needs_you` and `expeditions.needs_you` (lists of {what, due, tab}) and each battle's
// `needs_you` ({what, due} or null).
// This file only gathers those items as they are and shows them at the top of the campaign page; the page counts
// them into its tab badges and its title. Whether something needs the viewer, and its words, are the server's.

import { h, setText, syncKeyed } from './dom.js';
import { battleList } from './battle/index.js';

// The server names the tab where an item is done (`tab`: "colonel", "diary", "auction", "year", "battle"); if
// this page lacks it (a player has no Year tab: web/README.md, tabs by role), his Colonel tab is the year's home.
const HOMES = { year: ['colonel'] };

// Which of a tab's controls named `control` does the item, when the server says (`colonel`, `expedition`,
// `motion`: ids): {name: id} for each, matched against its holders' data-colonel, data-expedition, data-motion.
const SCOPES = ['colonel', 'expedition', 'motion'];
function scopeOf(n) {
  const out = {};
  for (const k of SCOPES) if (typeof n[k] === 'number') out[k] = n[k];
  return out;
}

// [{key, what, due, tab and control (the server's), scope, battle (id or null)}], the year's first, then each
// battle's by id.
export function gatherNeeds(view) {
  const out = [];
  const seen = new Set();
  const year = view && view.year;
  for (const n of Array.isArray(year && year.needs_you) ? year.needs_you : []) {
    if (!n || typeof n.what !== 'string') continue;
    let key = `year:${n.tab || 'year'}:${n.what}`; // keyed by its words, so one going leaves the others' elements
    while (seen.has(key)) key += '+';
    seen.add(key);
    out.push({ key, what: n.what, due: n.due, tab: n.tab || 'year', control: n.control || null, scope: scopeOf(n), battle: null });
  }
  // The expeditions' items (a vote in the War Office Committee; the umpire's crisis and outcomes).
  const expeditions = view && view.expeditions;
  for (const n of Array.isArray(expeditions && expeditions.needs_you) ? expeditions.needs_you : []) {
    if (!n || typeof n.what !== 'string') continue;
    let key = `expeditions:${n.what}`;
    while (seen.has(key)) key += '+';
    seen.add(key);
    out.push({ key, what: n.what, due: n.due, tab: n.tab || 'expeditions', control: n.control || null, scope: scopeOf(n), battle: null });
  }
  for (const b of view ? battleList(view) : []) {
    const n = b.needs_you;
    if (n && typeof n.what === 'string') out.push({ key: `battle:${b.id}`, what: n.what, due: n.due, tab: n.tab || 'battle', control: n.control || null, scope: {}, battle: b.id });
  }
  return out;
}

// The page's tab where `item` is done: its own if the page has it, else that part's home; null when neither.
export function tabOf(item, hasTab) {
  return [item.tab, ...(HOMES[item.tab] || [])].find((id) => hasTab(id)) || null;
}

const FOCUSABLE = 'input, select, textarea, button, [tabindex]';
const shown = (x) => x.getClientRects().length > 0 && !x.disabled;

// The control named by an item (`control`, the server's; an element's data-control) under `root`, inside the
// holders `scope` names ({colonel: 3}: within [data-colonel="3"]), focused and scrolled to the middle of the
// screen: the element itself, or the first control inside it (a form, a hand of cards). Tried again for a few
// frames while the tab draws it; false when it is not on the page.
export function focusControl(root, control, scope = {}, tries = 20) {
  if (!control) return Promise.resolve(false);
  const within = (x) => Object.entries(scope).every(([k, v]) => x.closest(`[data-${k}="${CSS.escape(String(v))}"]`));
  return new Promise((resolve) => {
    const attempt = (left) => {
      const el = [...root.querySelectorAll(`[data-control="${CSS.escape(control)}"]`)].find((x) => shown(x) && within(x));
      const target = el && (el.matches(FOCUSABLE) ? el : [...el.querySelectorAll(FOCUSABLE)].find(shown));
      if (target) {
        target.focus({ preventScroll: true });
        target.scrollIntoView({ block: 'center' });
        resolve(true);
      } else if (left > 0) {
        requestAnimationFrame(() => attempt(left - 1));
      } else {
        resolve(false);
      }
    };
    attempt(tries);
  });
}

// "Tue 3 Dec, 18:00 GMT+1": the viewer's local time, the zone named, so a deadline set elsewhere reads plainly.
const dueFmt = new Intl.DateTimeFormat(undefined, {
  weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short',
});
const fullFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

export function dueText(ms) {
  return typeof ms === 'number' && Number.isFinite(ms) ? dueFmt.format(new Date(ms)) : '';
}

function itemEl(open) {
  const time = h('time');
  const button = h('button', { type: 'button', class: 'needs-you-item', testid: 'needs-you-item' },
    h('span', { class: 'item-text' }),
    h('span', { class: 'needs-you-due' }, 'by ', time));
  button.addEventListener('click', () => { if (button.needsItem) open(button.needsItem); });
  return h('li', {}, button);
}

function fillItem(li, item) {
  const button = li.firstElementChild;
  button.needsItem = item;
  button.dataset.tab = item.where || '';
  button.dataset.control = item.control || '';
  button.dataset.battle = item.battle === null ? '' : String(item.battle);
  button.dataset.due = item.due === null || item.due === undefined ? '' : String(item.due);
  button.disabled = !item.where; // nowhere on this page to do it: shown, not a link
  setText(button.querySelector('.item-text'), item.what);
  const due = button.querySelector('.needs-you-due');
  const time = due.querySelector('time');
  const text = dueText(item.due);
  due.hidden = !text;
  setText(time, text);
  if (text) {
    time.setAttribute('datetime', new Date(item.due).toISOString());
    time.title = fullFmt.format(new Date(item.due));
  }
}

// The list: open(item) takes the viewer to where the item is done. update(items) with each item's `where` (the
// page's tab, from tabOf) filled in.
export function needsYouPanel(open) {
  const count = h('span', { class: 'needs-you-count' });
  const list = h('ul', { class: 'needs-you-list' });
  const none = h('p', { class: 'needs-you-none', testid: 'needs-you-none' }, 'Nothing needs you now.');
  const el = h('section', { class: 'needs-you', testid: 'needs-you', 'aria-labelledby': 'needs-you-heading', hidden: true },
    h('h2', { id: 'needs-you-heading', class: 'needs-you-heading' }, 'Needs you', count),
    none, list);
  return {
    el,
    update(items) {
      el.hidden = false;
      el.classList.toggle('is-empty', items.length === 0);
      none.hidden = items.length > 0;
      list.hidden = items.length === 0;
      setText(count, items.length ? ` (${items.length})` : '');
      syncKeyed(list, items.map((i) => [i.key, i]), () => itemEl(open), fillItem);
    },
  };
}
