// DOM helpers. Text is always inserted as text nodes (never as HTML): what players type is shown as written.

// h('button', {class: 'primary', testid: 'chat-send', onclick: fn}, 'Send')
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') el.className = value;
    else if (name === 'testid') el.dataset.testid = value;
    else if (name === 'dataset') Object.assign(el.dataset, value);
    else if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (name === 'value' || name === 'checked' || name === 'disabled' || name === 'hidden') el[name] = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function setText(el, text) {
  const s = text === null || text === undefined ? '' : String(text);
  if (el.textContent !== s) el.textContent = s;
}

// Makes `container`'s children match `items` ([[key, item], ...] in display order), reusing the element
// of each key: create(item, key) builds one, update(el, item, key) fills it, new or old (optional). Keeps focus and
// scroll position in lists that change a line at a time.
export function syncKeyed(container, items, create, update) {
  const existing = new Map();
  for (const child of [...container.children]) {
    if (child.dataset.key !== undefined) existing.set(child.dataset.key, child);
    else container.removeChild(child);
  }
  let cursor = container.firstElementChild;
  for (const [key, item] of items) {
    const k = String(key);
    let el = existing.get(k);
    if (el) {
      existing.delete(k);
    } else {
      el = create(item, k);
      el.dataset.key = k;
    }
    if (update) update(el, item, k);
    if (el !== cursor) container.insertBefore(el, cursor);
    else cursor = cursor.nextElementSibling;
  }
  for (const el of existing.values()) container.removeChild(el);
}

// Entries of an object keyed by number (chat, notices, rolls, gazette: each list numbers its own items by
// `id`), sorted by that number.
export function bySeq(obj, newestFirst = false) {
  const number = (k, v) => Number(v && v.id !== undefined ? v.id : (v && v.seq !== undefined ? v.seq : k));
  const entries = Object.entries(obj || {}).map(([k, v]) => [k, v, number(k, v)]);
  entries.sort((a, b) => (newestFirst ? b[2] - a[2] : a[2] - b[2]));
  return entries.map(([k, v]) => [k, v]);
}

const timeFmt = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dateTimeFmt = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const fullFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' });

// A <time> element: "14:05" today, "3 Dec, 14:05" otherwise; the full date in its title.
export function timeEl(ms) {
  const el = h('time');
  setTime(el, ms);
  return el;
}

export function setTime(el, ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    setText(el, '');
    return;
  }
  const d = new Date(ms);
  const now = new Date();
  const sameDay = d.toDateString() === now.toDateString();
  setText(el, sameDay ? timeFmt.format(d) : dateTimeFmt.format(d));
  el.setAttribute('datetime', d.toISOString());
  el.title = fullFmt.format(d);
}

// A small "error under the form" element: show(message) / hide().
export function errorLine(testid) {
  const el = h('p', { class: 'form-error', role: 'alert', testid, hidden: true });
  return {
    el,
    show(message) {
      setText(el, message);
      el.hidden = false;
    },
    hide() {
      setText(el, '');
      el.hidden = true;
    },
  };
}

// Runs `action` with `button` disabled and shows a failure's message in `error`. Returns true on success.
export async function runForm({ button, error, action }) {
  if (button) button.disabled = true;
  if (error) error.hide();
  try {
    await action();
    return true;
  } catch (err) {
    if (error) error.show(err && err.message ? err.message : String(err));
    return false;
  } finally {
    if (button) button.disabled = false;
  }
}

// Copies text to the clipboard; falls back to a selected textarea where the Clipboard API is not allowed
// (plain http on a club's LAN is not a secure context).
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (err) {
      /* fall through */
    }
  }
  const ta = h('textarea', { class: 'offscreen', readonly: true });
  ta.value = text;
  document.body.appendChild(ta);
  ta.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch (err) {
    ok = false;
  }
  document.body.removeChild(ta);
  return ok;
}
