// The battle's turn log with every roll this viewer may read, and a replay turn by turn (the table as each turn
// opened, from the view's `history`, beside that turn's log lines). The book names its phases and says what a
// submitted item (a card) is; the rest is the model's.

import { h, setText } from '../dom.js';
import { drawScene, tableSvg } from './map.js';
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
    if (value.item && typeof value.item === 'object' && value.item.card && names && names.book && names.book.describeItem) {
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

function detailsEl(details, names) {
  if (!details || typeof details !== 'object' || Object.keys(details).length === 0) return null;
  const dl = h('dl', { class: 'log-details' });
  for (const [k, v] of Object.entries(details)) {
    const roll = /roll|dice|die|faces/.test(k);
    const list = Array.isArray(v) && v.some((x) => x && typeof x === 'object');
    dl.appendChild(h('div', { class: `log-detail${roll ? ' is-roll' : ''}${list ? ' is-list' : ''}`, testid: roll ? 'battle-log-roll' : undefined },
      h('dt', {}, k.replace(/_/g, ' ')),
      list ? h('dd', {}, h('ul', {}, ...v.map((x) => h('li', {}, short(x, names, k))))) : h('dd', {}, short(v, names, k))));
  }
  return dl;
}

export function logLine(e, i, names) {
  const audience = e.audience && e.audience !== 'all' ? h('span', { class: 'badge badge-secret log-audience' }, e.audience === 'umpire' ? 'umpire only' : e.audience === 'side' ? `${e.side} only` : 'you only') : null;
  return h('li', { class: `log-item log-${e.audience || 'all'}`, testid: 'battle-log-item', dataset: { turn: String(e.turn), phase: e.phase || '', index: String(i) } },
    h('div', { class: 'item-meta' }, `Turn ${e.turn} · ${names ? names.phase(e.phase) : e.phase || ''}`, audience ? ' ' : '', audience),
    h('div', { class: 'item-text' }, e.text || ''),
    detailsEl(e.details, names));
}

// The server writes a public line and, for the acting side (or umpires), the same line again with its details
// (rolls, TPs): shown as one item, the details marked with who may read them.
function sameLine(a, b) {
  return a && b && a.audience === 'all' && b.audience !== 'all' && a.turn === b.turn && a.phase === b.phase && a.text === b.text;
}

function attachDetails(li, e, names) {
  const d = detailsEl(e.details, names);
  if (!d) return;
  const who = e.audience === 'umpire' ? 'umpire only' : e.audience === 'side' ? `${e.side} only` : 'you only';
  d.prepend(h('span', { class: 'badge badge-secret log-audience' }, who));
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

// The replay: with the view's `history` (a frame of the table per turn, as this viewer may see it) a slider over
// the frames draws each on a small read-only map beside that turn's log lines; without it (an older server), a
// slider over the turns of the log.
export function replayPanel() {
  const slider = h('input', { type: 'range', min: '1', max: '1', value: '1', step: '1', id: 'battle-replay-turn', testid: 'battle-replay-turn' });
  const prev = h('button', { type: 'button', class: 'small', testid: 'battle-replay-prev', 'aria-label': 'Previous turn' }, '◀');
  const next = h('button', { type: 'button', class: 'small', testid: 'battle-replay-next', 'aria-label': 'Next turn' }, '▶');
  const label = h('span', { class: 'replay-label', testid: 'battle-replay-label' });
  const lines = h('ol', { class: 'battle-log replay-lines', testid: 'battle-replay-lines' });
  const noLines = h('p', { class: 'muted empty', testid: 'battle-replay-no-lines', hidden: true }, 'Nothing in the log for this turn.');
  const empty = h('p', { class: 'muted empty' }, 'The replay fills as turns are fought.');
  const svg = tableSvg({ class: 'battle-svg replay-svg', testid: 'battle-replay-map', 'aria-label': 'The table at this turn' });
  const caption = h('p', { class: 'hint replay-caption', testid: 'battle-replay-caption' });
  const mapBox = h('div', { class: 'replay-map', hidden: true }, h('div', { class: 'battle-map-frame' }, svg), caption);
  const intro = h('p', { class: 'hint' }, 'The battle turn by turn, as you saw it: every line of the log you may read.');
  const el = h('section', { class: 'card panel panel-replay', testid: 'battle-replay', 'aria-labelledby': 'replay-heading' },
    h('h2', { id: 'replay-heading' }, 'Replay'),
    intro,
    h('div', { class: 'replay-controls' }, prev, h('label', { class: 'sr-only', for: 'battle-replay-turn' }, 'Turn'), slider, next, label),
    empty, h('div', { class: 'replay-body' }, mapBox, h('div', { class: 'replay-text' }, lines, noLines)));
  let battle = null;
  let follow = true;
  let flip = false;
  let look = {};
  let book = null;
  let names = null;

  function renderTurns() {
    const log = (battle && battle.log) || [];
    const turns = [...new Set(log.map((e) => e.turn))].sort((a, b) => a - b);
    const has = turns.length > 0;
    mapBox.hidden = true;
    el.classList.remove('has-history');
    noLines.hidden = true;
    empty.hidden = has;
    lines.hidden = !has;
    slider.disabled = !has;
    prev.disabled = !has;
    next.disabled = !has;
    if (!has) { setText(label, ''); lines.replaceChildren(); return; }
    slider.min = String(turns[0]);
    slider.max = String(turns[turns.length - 1]);
    if (follow) slider.value = slider.max;
    const t = Number(slider.value);
    setText(label, `Turn ${t} of ${turns[turns.length - 1]}`);
    el.dataset.turn = String(t);
    lines.replaceChildren(...logItems(log.map((e, i) => [e, i]).filter(([e]) => e.turn === t), names));
  }

  function renderFrames(frames) {
    el.classList.add('has-history');
    setText(intro, 'The table as each turn opened, beside what happened in it: as you saw it.');
    empty.hidden = true;
    mapBox.hidden = false;
    slider.disabled = frames.length < 2;
    prev.disabled = frames.length < 2;
    next.disabled = frames.length < 2;
    slider.min = '0';
    slider.max = String(frames.length - 1);
    if (follow) slider.value = slider.max;
    const i = Math.min(Math.max(Number(slider.value) || 0, 0), frames.length - 1);
    const f = frames[i];
    const name = f.end ? 'End' : `Turn ${f.turn}`;
    setText(label, name);
    slider.setAttribute('aria-valuetext', name);
    el.dataset.turn = String(f.turn);
    el.dataset.frame = String(i);
    el.dataset.end = f.end ? 'true' : 'false';
    svg.setAttribute('aria-label', f.end ? 'The table when the battle ended' : `The table as turn ${f.turn} opened`);
    svg.dataset.turned = flip ? 'true' : 'false';
    drawScene(svg, { table: battle.table, sides: battle.sides, terrain: battle.terrain, units: f.units || [], leaders: f.leaders || [] },
      { flip, ids: 'battle-replay', opts: look, book });
    setText(caption, f.end ? 'The table when the battle ended.' : `The table as turn ${f.turn} opened.`);
    const items = logItems(frameLines((battle && battle.log) || [], frames, i), names);
    lines.replaceChildren(...items);
    lines.hidden = items.length === 0;
    noLines.hidden = items.length > 0;
  }

  function render() {
    const frames = battle && Array.isArray(battle.history) ? battle.history.filter((f) => f && typeof f === 'object' && Array.isArray(f.units)) : [];
    if (frames.length) renderFrames(frames);
    else renderTurns();
  }
  slider.addEventListener('input', () => { follow = slider.value === slider.max; render(); });
  prev.addEventListener('click', () => { slider.value = String(Math.max(Number(slider.min), Number(slider.value) - 1)); follow = false; render(); });
  next.addEventListener('click', () => { slider.value = String(Math.min(Number(slider.max), Number(slider.value) + 1)); follow = slider.value === slider.max; render(); });
  return {
    el,
    update(view, b, bk) {
      // Another battle: start again at its newest frame.
      if (battle && battle.id !== b.id) follow = true;
      battle = b;
      book = bk;
      names = lineNames(view, b, bk);
      look = { myUser: view.me && view.me.user, mySide: (b.me && b.me.side) || '', myLeader: b.me && b.me.leader };
      render();
    },
    // The live map was turned round: the replay is seen from the same side.
    setFlip(on) { flip = on; if (battle) render(); },
  };
}
