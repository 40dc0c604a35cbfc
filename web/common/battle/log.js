// The battle's turn log with every roll this viewer may read, and a replay turn by turn (the table as each turn
// opened, from the view's `history`, beside that turn's log lines). The book names its phases and says what a
// submitted item (a card) is; the rest is the model's.

import { h, setText } from '../dom.js';
import { drawScene, tableSvg } from './scene.js';
import { mapZoom } from './zoom.js';
import { namer } from './names.js';

// The phases every battle has; a book adds its own (book.phases).
const PHASES = { setup: 'Set-up', override: 'Umpire', end: 'End', ended: 'End' };

// names: {unit, leader, user, battle, book, phase(name)}: what a log line needs to be read.
function lineNames(view, b, book) {
  const phases = { ...PHASES, ...((book && book.phases) || {}) };
  return { ...namer(view, b), battle: b, book, phase: (p) => phases[p] || p || '' };
}

function short(value, names, key = '') {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && names) {
    if (key === 'unit' || key === 'target' || key === 'firer') return names.unit(value);
    if (key === 'leader') return names.leader(value);
    if (key === 'user' || key === 'from' || key === 'by') return names.user(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 2 && value.every((x) => typeof x === 'number') && /to|position|at|from/.test(key)) return `(${value.map((n) => Math.round(n * 10) / 10).join(', ')})`;
    return value.every((x) => typeof x !== 'object' || x === null) ? value.join(', ') : value.map((x) => short(x, names, key)).join('; ');
  }
  if (typeof value === 'object') {
    // A submitted item (a card; Border Reivers' finished bound) in the book's words.
    if (value.item && typeof value.item === 'object' && names && names.book && names.book.describeItem && names.book.describeItem(names.battle, value.item)) {
      return `${value.user !== undefined ? `${names.user(value.user)}: ` : ''}${names.book.describeItem(names.battle, value.item)}`;
    }
    const entries = Object.entries(value);
    // Modifiers and circumstances: name the ones that apply.
    if (entries.length && entries.every(([, v]) => typeof v === 'boolean' || v === 0)) {
      const on = entries.filter(([, v]) => v === true).map(([k]) => k.replace(/_/g, ' '));
      return on.length ? on.join(', ') : 'none';
    }
    return entries.map(([k, v]) => `${k.replace(/_/g, ' ')} ${short(v, names, k)}`).join(', ');
  }
  if (typeof value === 'number') return String(Math.round(value * 100) / 100);
  return String(value);
}

// The raw figures of a line (keys humanised), for whoever wants to check them.
function figuresEl(details, names) {
  const entries = Object.entries(details).filter(([k]) => k !== 'how');
  if (!entries.length) return null;
  const dl = h('dl', { class: 'log-details' });
  for (const [k, v] of entries) {
    const roll = /roll|dice|die|faces/.test(k);
    const list = Array.isArray(v) && v.some((x) => x && typeof x === 'object');
    dl.appendChild(h('div', { class: `log-detail${roll ? ' is-roll' : ''}${list ? ' is-list' : ''}`, testid: roll ? 'battle-log-roll' : undefined },
      h('dt', {}, k.replace(/_/g, ' ')),
      list ? h('dd', {}, h('ul', {}, ...v.map((x) => h('li', {}, short(x, names, k))))) : h('dd', {}, short(v, names, k))));
  }
  return dl;
}

const audienceWords = (e) => (e.audience === 'umpire' ? 'umpire only' : e.audience === 'side' ? `${e.side} only` : 'you only');
const audienceBadge = (who) => h('span', { class: 'badge badge-secret log-audience' }, who);

// A line's details folded under it, closed: the book's `how` (the table, the die, the modifiers, the outcome in
// sentences) first, then the raw figures. `who`: the badge saying who may read them (a detail line merged into
// its public line).
function detailsEl(details, names, who = '') {
  if (!details || typeof details !== 'object' || Object.keys(details).length === 0) return null;
  const how = Array.isArray(details.how) ? details.how.filter((x) => typeof x === 'string' && x) : [];
  const figures = figuresEl(details, names);
  if (!how.length && !figures) return null;
  return h('details', { class: 'log-fold', testid: 'battle-log-fold' },
    h('summary', {}, how.length ? 'How it was decided' : 'Details', who ? ' ' : '', who ? audienceBadge(who) : null),
    how.length ? h('ul', { class: 'log-how', testid: 'battle-log-how' }, ...how.map((x) => h('li', {}, x))) : null,
    figures);
}

// A turn's name: the book's where it counts its turns otherwise (Chosen Men's game turns), else "Turn N".
function turnName(turn, names) {
  const book = names && names.book;
  return book && book.turnHeading ? book.turnHeading(turn) : `Turn ${turn}`;
}

export function logLine(e, i, names) {
  const audience = e.audience && e.audience !== 'all' ? audienceBadge(audienceWords(e)) : null;
  return h('li', { class: `log-item log-${e.audience || 'all'}`, testid: 'battle-log-item', dataset: { turn: String(e.turn), phase: e.phase || '', index: String(i) } },
    h('div', { class: 'item-meta' }, `${turnName(e.turn, names)} · ${names ? names.phase(e.phase) : e.phase || ''}`, audience ? ' ' : '', audience),
    h('div', { class: 'item-text' }, e.text || ''),
    detailsEl(e.details, names));
}

// The server writes a public line and, for the acting side (or umpires), the same line again with its details
// (rolls, TPs): shown as one item, the details marked with who may read them.
function sameLine(a, b) {
  return a && b && a.audience === 'all' && b.audience !== 'all' && a.turn === b.turn && a.phase === b.phase && a.text === b.text;
}

function attachDetails(li, e, names) {
  const d = detailsEl(e.details, names, audienceWords(e));
  if (!d) return;
  li.appendChild(d);
  li.classList.add('has-secret');
}

// Log lines [e, index] as list items, merging each detail line into its public line.
export function logItems(entries, names) {
  const out = [];
  let prev = null;
  for (const [e, i] of entries) {
    if (prev && sameLine(prev.e, e)) { attachDetails(prev.li, e, names); prev = null; continue; }
    const li = logLine(e, i, names);
    out.push(li);
    prev = { e, li };
  }
  return out;
}

export function logPanel() {
  const list = h('ol', { class: 'battle-log', testid: 'battle-log' });
  const empty = h('p', { class: 'muted empty' }, 'Nothing has happened yet.');
  const el = h('section', { class: 'card panel panel-battle-log', 'aria-labelledby': 'battle-log-heading' },
    h('h2', { id: 'battle-log-heading' }, 'Turn log'), empty, list);
  let shown = -1;
  let battleId = null;
  return {
    el,
    update(view, b, book) {
      const log = b.log || [];
      if (battleId !== b.id || log.length < shown) { list.replaceChildren(); shown = 0; battleId = b.id; }
      // The log only grows: append the new lines, newest at the bottom, and keep the scroll at the end.
      const atEnd = shown <= 0 || list.hidden || list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
      empty.hidden = log.length > 0;
      list.hidden = log.length === 0;
      const names = lineNames(view, b, book);
      for (let i = Math.max(shown, 0); i < log.length; i += 1) {
        const last = list.lastElementChild;
        if (i > 0 && last && sameLine(log[i - 1], log[i]) && last.dataset.index === String(i - 1)) attachDetails(last, log[i], names);
        else list.appendChild(logLine(log[i], i, names));
      }
      if (log.length !== shown && atEnd) list.scrollTop = list.scrollHeight;
      shown = log.length;
      empty.hidden = log.length > 0;
      list.hidden = log.length === 0;
    },
    scrollToEnd() { list.scrollTop = list.scrollHeight; },
  };
}

const isEndLine = (e) => e.phase === 'end' || e.phase === 'ended';

// The log lines [e, index] that go beside history frame i: the lines of its turn (what happened after the table
// stood so); the first frame also takes set-up lines before it, the last turn's frame any later ones; the closing
// lines (losses, "The battle ends.") go beside the End frame when there is one.
function frameLines(log, frames, i) {
  const f = frames[i];
  const hasEnd = frames.some((x) => x.end);
  const all = log.map((e, j) => [e, j]);
  if (f.end) return all.filter(([e]) => isEndLine(e));
  const turns = frames.filter((x) => !x.end).map((x) => x.turn);
  const first = f.turn === Math.min(...turns);
  const last = f.turn === Math.max(...turns);
  return all.filter(([e]) => {
    if (hasEnd && isEndLine(e)) return false;
    return e.turn === f.turn || (first && e.turn < f.turn) || (last && e.turn > f.turn);
  });
}

function replayElements() {
  const e = {
    slider: h('input', { type: 'range', min: '1', max: '1', value: '1', step: '1', id: 'battle-replay-turn', testid: 'battle-replay-turn' }),
    prev: h('button', { type: 'button', class: 'small', testid: 'battle-replay-prev', 'aria-label': 'Previous turn' }, '◀'),
    next: h('button', { type: 'button', class: 'small', testid: 'battle-replay-next', 'aria-label': 'Next turn' }, '▶'),
    label: h('span', { class: 'replay-label', testid: 'battle-replay-label' }),
    lines: h('ol', { class: 'battle-log replay-lines', testid: 'battle-replay-lines' }),
    noLines: h('p', { class: 'muted empty', testid: 'battle-replay-no-lines', hidden: true }, 'Nothing in the log for this turn.'),
    empty: h('p', { class: 'muted empty' }, 'The replay fills as turns are fought.'),
    svg: tableSvg({ class: 'battle-svg replay-svg', testid: 'battle-replay-map', 'aria-label': 'The table at this turn' }),
    caption: h('p', { class: 'hint replay-caption', testid: 'battle-replay-caption' }),
    intro: h('p', { class: 'hint' }, 'The battle turn by turn, as you saw it: every line of the log you may read.'),
  };
  // Zoomed by its button or by pinching, as the live map is (zoom.js).
  e.zoomButton = h('button', { type: 'button', class: 'small ghost', testid: 'battle-replay-zoom', 'aria-pressed': 'false' }, 'Zoom');
  const frame = h('div', { class: 'battle-map-frame' }, e.svg);
  mapZoom(frame, e.svg, e.zoomButton);
  e.mapBox = h('div', { class: 'replay-map', hidden: true }, frame, h('div', { class: 'replay-map-foot' }, e.caption, e.zoomButton));
  e.el = h('section', { class: 'card panel panel-replay', testid: 'battle-replay', 'aria-labelledby': 'replay-heading' },
    h('h2', { id: 'replay-heading' }, 'Replay'),
    e.intro,
    h('div', { class: 'replay-controls' }, e.prev, h('label', { class: 'sr-only', for: 'battle-replay-turn' }, 'Turn'), e.slider, e.next, e.label),
    e.empty, h('div', { class: 'replay-body' }, e.mapBox, h('div', { class: 'replay-text' }, e.lines, e.noLines)));
  return e;
}

const enable = (e, on) => { for (const x of [e.slider, e.prev, e.next]) x.disabled = !on; };

// Without history (an older server): a slider over the turns of the log, each turn's lines.
function renderTurns(e, r) {
  const log = (r.battle && r.battle.log) || [];
  const turns = [...new Set(log.map((x) => x.turn))].sort((a, b) => a - b);
  const has = turns.length > 0;
  e.mapBox.hidden = true;
  e.el.classList.remove('has-history');
  e.noLines.hidden = true;
  e.empty.hidden = has;
  e.lines.hidden = !has;
  enable(e, has);
  if (!has) { setText(e.label, ''); e.lines.replaceChildren(); return; }
  e.slider.min = String(turns[0]);
  e.slider.max = String(turns[turns.length - 1]);
  if (r.follow) e.slider.value = e.slider.max;
  const t = Number(e.slider.value);
  const last = turns[turns.length - 1];
  setText(e.label, r.names && r.names.book && r.names.book.turnHeading ? `${turnName(t, r.names)} (${t} of ${last})` : `Turn ${t} of ${last}`);
  e.el.dataset.turn = String(t);
  e.lines.replaceChildren(...logItems(log.map((x, i) => [x, i]).filter(([x]) => x.turn === t), r.names));
}

// With history: the frame's table on the small map, beside its turn's lines.
function renderFrames(e, r, frames) {
  e.el.classList.add('has-history');
  setText(e.intro, 'The table as each turn opened, beside what happened in it: as you saw it.');
  e.empty.hidden = true;
  e.mapBox.hidden = false;
  enable(e, frames.length > 1);
  e.slider.min = '0';
  e.slider.max = String(frames.length - 1);
  if (r.follow) e.slider.value = e.slider.max;
  const i = Math.min(Math.max(Number(e.slider.value) || 0, 0), frames.length - 1);
  const f = frames[i];
  const name = f.end ? 'End' : turnName(f.turn, r.names);
  setText(e.label, name);
  e.slider.setAttribute('aria-valuetext', name);
  Object.assign(e.el.dataset, { turn: String(f.turn), frame: String(i), end: f.end ? 'true' : 'false' });
  e.svg.setAttribute('aria-label', f.end ? 'The table when the battle ended' : `The table as turn ${f.turn} opened`);
  e.svg.dataset.turned = r.flip ? 'true' : 'false';
  const b = r.battle;
  drawScene(e.svg, { table: b.table, sides: b.sides, terrain: b.terrain, units: f.units || [], leaders: f.leaders || [] },
    { flip: r.flip, ids: 'battle-replay', opts: r.look, book: r.book, battle: b, turn: f.turn });
  setText(e.caption, f.end ? 'The table when the battle ended.' : `The table as turn ${f.turn} opened.`);
  const items = logItems(frameLines(b.log || [], frames, i), r.names);
  e.lines.replaceChildren(...items);
  e.lines.hidden = items.length === 0;
  e.noLines.hidden = items.length > 0;
}

// The replay: with the view's `history` (a frame of the table per turn, as this viewer may see it) a slider over
// the frames draws each on a small read-only map beside that turn's log lines; without it (an older server), a
// slider over the turns of the log.
export function replayPanel() {
  const e = replayElements();
  // battle, book, names, look (the live map's options), follow (stay on the newest), flip (turned as the live map)
  const r = { battle: null, book: null, names: null, look: {}, follow: true, flip: false };
  function render() {
    const frames = r.battle && Array.isArray(r.battle.history) ? r.battle.history.filter((f) => f && typeof f === 'object' && Array.isArray(f.units)) : [];
    if (frames.length) renderFrames(e, r, frames);
    else renderTurns(e, r);
  }
  e.slider.addEventListener('input', () => { r.follow = e.slider.value === e.slider.max; render(); });
  e.prev.addEventListener('click', () => { e.slider.value = String(Math.max(Number(e.slider.min), Number(e.slider.value) - 1)); r.follow = false; render(); });
  e.next.addEventListener('click', () => { e.slider.value = String(Math.min(Number(e.slider.max), Number(e.slider.value) + 1)); r.follow = e.slider.value === e.slider.max; render(); });
  return {
    el: e.el,
    update(view, b, book) {
      // Another battle: start again at its newest frame.
      if (r.battle && r.battle.id !== b.id) r.follow = true;
      Object.assign(r, { battle: b, book, names: lineNames(view, b, book) });
      r.look = { myUser: view.me && view.me.user, mySide: (b.me && b.me.side) || '', myLeader: b.me && b.me.leader };
      render();
    },
    // The live map was turned round: the replay is seen from the same side.
    setFlip(on) { r.flip = on; if (r.battle) render(); },
  };
}
