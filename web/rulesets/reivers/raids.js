// Border Reivers' page of the campaign, "Raids": each name's history over a string of raids (docs/protocol.md,
// "Scenarios and strings of battles": the view's `battle_books.reivers`, {"names": [{"name", "side", "raids":
// [{"battle", "raid", "state", "taken", "heidman", "heidman_fate"}]}]}). The server builds it per viewer, each
// ended raid as anyone at the table saw it (a name still in ambush when its raid ended is its own side's to
// know: shared/rulesets/reivers/campaign.h, roster); the page shows what came and reckons nothing.

import { h, setText, syncKeyed } from '../../common/dom.js';

const dash = (v) => (v === null || v === undefined || v === '' ? '—' : String(v));

// A heidman's fate as the raid's end wrote it (ruleset.cpp, end): "" is a heidman who came through unhurt;
// no heidman at all is a dash.
const FATES = { '': 'unhurt', dead: 'dead', captured: 'captured', wounded: 'wounded' };
const fateText = (r) => (r.heidman === null || r.heidman === undefined ? '—' : FATES[r.heidman_fate || ''] || dash(r.heidman_fate));

const COLUMNS = [
  { label: 'Raid', cell: (r) => dash(r.raid) },
  { label: 'State', cell: (r) => dash(r.state) },
  { label: 'Taken', cell: (r) => (r.taken ? 'yes' : 'no') },
  { label: 'Heidman', cell: (r) => dash(r.heidman) },
  { label: 'His fate', cell: fateText },
];

// One name: its side and a row per raid, the latest last (the server lists the raids in the order they were set).
function nameItem(n) {
  const title = h('h3', { class: 'raids-name' });
  const side = h('span', { class: 'muted raids-side' });
  const caption = h('caption', { class: 'sr-only' });
  const body = h('tbody');
  const el = h('article', { class: 'raids-item', testid: 'reivers-raids-name' },
    h('div', { class: 'raids-head' }, title, side),
    h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Raids table' },
      h('table', { class: 'data-table raids-table', testid: 'reivers-raids-table' }, caption,
        h('thead', {}, h('tr', {}, ...COLUMNS.map((c) => h('th', { scope: 'col' }, c.label)))), body)));
  return { el, title, side, caption, body };
}

function fillName(parts, n) {
  const raids = Array.isArray(n.raids) ? n.raids : [];
  Object.assign(parts.el.dataset, { name: n.name || '', side: n.side || '', raids: String(raids.length) });
  setText(parts.title, n.name || '');
  setText(parts.side, n.side ? `of the ${n.side}` : '');
  setText(parts.caption, `The raids of ${n.name}`);
  const key = JSON.stringify(raids);
  if (parts.body.dataset.key === key) return;
  parts.body.dataset.key = key;
  parts.body.replaceChildren(...raids.map((r) => h('tr', {
    testid: 'reivers-raids-row',
    dataset: { battle: String(r.battle ?? ''), state: r.state || '', taken: r.taken ? 'true' : 'false', fate: r.heidman_fate || '' },
  }, ...COLUMNS.map((c) => h('td', {}, c.cell(r))))));
}

// Named in web/rulesets/index.js (BOOKS), so its tab is offered before this book loads.
export const raidsPage = {
  create() {
    const list = h('div', { class: 'raids-list', testid: 'reivers-raids-list' });
    const none = h('p', { class: 'muted empty', testid: 'reivers-raids-none' },
      'No raid has ended yet: each name\'s part is written here when its raid ends.');
    const el = h('section', { class: 'card panel panel-raids', testid: 'reivers-raids', 'aria-labelledby': 'raids-heading' },
      h('h2', { id: 'raids-heading' }, 'Raids: the names\' history'),
      // The book's campaign: "an injured party ... may declare feud", and what a raid leaves carries into the next.
      h('p', { class: 'hint' }, 'Each name\'s part in every ended raid: its state when the raid ended, whether it was taken, its heidman and his fate. A name still lying in ambush at the end is shown to its own side only.'),
      none, list);
    const parts = new Map(); // name -> its elements
    return {
      el,
      update(page) {
        const names = Array.isArray(page && page.names) ? page.names : [];
        none.hidden = names.length > 0;
        syncKeyed(list, names.map((n) => [n.name, n]), (n, k) => {
          const p = nameItem(n);
          parts.set(k, p);
          return p.el;
        }, (node, n, k) => fillName(parts.get(k), n));
        for (const k of [...parts.keys()]) if (!names.some((n) => n.name === k)) parts.delete(k);
      },
    };
  },
};
