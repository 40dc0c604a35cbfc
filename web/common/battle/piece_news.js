// What last happened to a piece, told where the player is looking: a tap on a piece shows, beside the map, the log's
// lines of the latest turn that name it (the server writes them in the book's words: "Advance: 33rd Foot halts:
// the enemy within 2″"). The page reckons nothing: it picks the lines that name the piece or carry its id.

import { h, setText } from '../dom.js';

const ID_KEYS = { unit: ['unit', 'target', 'firer', 'units'], leader: ['leader', 'leaders'] };

// Whether log line e is about piece p ({kind, id, name}).
function about(e, p) {
  const d = e.details && typeof e.details === 'object' ? e.details : {};
  const ids = (ID_KEYS[p.kind] || []).some((k) => d[k] === p.id || (Array.isArray(d[k]) && d[k].includes(p.id)));
  return ids || (!!p.name && typeof e.text === 'string' && e.text.includes(p.name));
}

// The lines about p from the latest turn that has any, at most `max`, each once (a detail line repeats its public
// line for its side).
export function newsOf(b, p, max = 3) {
  const log = Array.isArray(b.log) ? b.log : [];
  const mine = log.filter((e) => e && e.phase !== 'setup' && about(e, p));
  if (!mine.length) return { turn: null, lines: [] };
  const turn = mine[mine.length - 1].turn;
  const lines = [...new Set(mine.filter((e) => e.turn === turn).map((e) => e.text))];
  return { turn, lines: lines.slice(-max) };
}

export function pieceNews() {
  const el = h('div', { class: 'piece-news', testid: 'battle-piece-news', role: 'status', hidden: true });
  return {
    el,
    // b: the battle shown; p: {kind, id, name} or null (nothing chosen).
    show(b, p) {
      const news = p ? newsOf(b, p) : { lines: [] };
      el.hidden = !news.lines.length;
      if (el.hidden) { el.replaceChildren(); return; }
      const head = h('span', { class: 'piece-news-head' });
      setText(head, `${p.name}, turn ${news.turn}: `);
      el.replaceChildren(head, ...news.lines.map((x) => h('span', { class: 'piece-news-line', testid: 'battle-piece-news-line' }, x)));
    },
  };
}
