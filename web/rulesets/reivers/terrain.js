// The secret terrain rolls on the page (border-reivers.txt: "upon entering a new terrain area, roll 1d6 and consult
// the following table ... the side with the knowledge may roll for the terrain in secret before the start of the
// game"). The server sends a side only the rolls it knows (the view's `terrain_rolls`, each with the row's `text`;
// umpires all, with `known_to`): an area whose roll is not there is unknown ground to this viewer, "not yet ridden".
// The page reads the row's words; it rolls and reckons nothing.

import { h } from '../../common/dom.js';
import { sideName } from './words.js';

// The kinds of feature the book has a d6 table for (shared/rulesets/reivers/tables.h, terrain_kind_from): only
// these are rolled when entered; a road or a hill has no roll to learn.
const TABLES = {
  wood: 'Woods', woods: 'Woods', town: 'Built Up Areas', built_up: 'Built Up Areas', marsh: 'Marsh or Beach',
  beach: 'Marsh or Beach', field: 'Cultivated Land', cultivated: 'Cultivated Land', broken: 'Broken Ground',
  stream: 'Streams', river: 'Streams', wall: 'Walls and hedges', hedge: 'Walls and hedges',
};

export const UNKNOWN = '? not yet ridden';

export const rollOf = (b, tf) => (b && b.terrain_rolls && b.terrain_rolls[String(tf.id)]) || null;

// A feature whose roll this viewer could learn: one the server lists with a table (hints.tabled_features), else a
// kind with a table, or a kind he does not know yet.
const rolled = (tf, b) => {
  const tabled = b && b.hints && Array.isArray(b.hints.tabled_features) ? b.hints.tabled_features : null;
  if (tabled) return tabled.includes(tf.id);
  return tf.known === false || !tf.kind || Object.prototype.hasOwnProperty.call(TABLES, tf.kind);
};

// The turn this viewer's side learned a roll (the umpire's view: the first side to learn it).
function learnedAt(r) {
  if (typeof r.learned === 'number') return r.learned;
  const turns = r.learned && typeof r.learned === 'object' ? Object.values(r.learned) : [];
  return turns.length ? Math.min(...turns) : 0;
}

// The book's terrainNote (web/rulesets/index.js): the roll's row when this viewer's side knows it, else unknown.
// In the replay (`turn`: the frame's turn) a roll learned after that turn is still unknown.
export function terrainNote(tf, b, turn) {
  if (!rolled(tf, b)) return null;
  const r = rollOf(b, tf);
  const known = r && (typeof turn !== 'number' || learnedAt(r) <= turn);
  return known ? { text: r.text || `rolled ${r.roll}`, unknown: false } : { text: UNKNOWN, unknown: true };
}

function groundItem(b, tf, umpire) {
  const r = rollOf(b, tf);
  const what = tf.known === false || !tf.kind ? 'unknown ground' : `${tf.name || tf.kind}${tf.name ? ` (${TABLES[tf.kind] || tf.kind})` : ''}`;
  const who = umpire && r && Array.isArray(r.known_to)
    ? ` Known to ${r.known_to.length ? r.known_to.map((s) => sideName(b, s)).join(', ') : 'no side yet'}.` : '';
  return h('li', { class: r ? '' : 'is-unknown', testid: 'reivers-ground-item', dataset: { terrain: String(tf.id), known: r ? 'true' : 'false' } },
    h('strong', {}, what), ': ', r ? `rolled ${r.roll}, ${r.text}${r.extra_craft ? ' (an extra craft to move names in it)' : ''}.${who}`
      : umpire ? 'not yet rolled: no side has ridden it.' : `${UNKNOWN}.`);
}

// The list under the heidman's panel: every area with a table, its roll as his side knows it.
export function groundList() {
  const list = h('ul', { class: 'reivers-ground', testid: 'reivers-ground' });
  const empty = h('p', { class: 'hint' }, 'No terrain area on this table has a roll.');
  return {
    el: h('div', {}, h('h3', {}, 'The ground'), empty, list),
    update(view, b) {
      const umpire = !!view.me && view.me.role === 'umpire';
      const items = (b.terrain || []).filter((tf) => rolled(tf, b)).map((tf) => groundItem(b, tf, umpire));
      list.replaceChildren(...items);
      list.hidden = items.length === 0;
      empty.hidden = items.length > 0;
    },
  };
}
