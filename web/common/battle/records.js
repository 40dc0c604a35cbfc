// The Records chart once the battle has ended (the view's `records` and `losses`): the columns are the book's
// (book.recordsColumns, book.lossColumns); without them, one column per field the server sent. Each side gets
// only its own units' rows, a regiment's companies only its colonel, and an observer none (docs/protocol.md,
// "The battles' view"): the page shows what came. The chronicle (common/pages/chronicle_parts.js) fills its own
// tables with the same fillers.

import { h } from '../dom.js';

// Columns for rows of a book that names none: each field as it comes.
function plainColumns(rows) {
  const keys = [...new Set(rows.flatMap((r) => (r && typeof r === 'object' ? Object.keys(r) : [])))];
  return keys.map((k) => ({ label: k.replace(/_/g, ' '), cell: (r) => (r[k] === null || r[k] === undefined ? '—' : String(r[k])) }));
}

const head = (columns) => h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { scope: 'col' }, c.label))));
const cells = (columns, row) => columns.map((c) => h('td', c.value ? { dataset: { value: c.value(row) } } : {}, c.cell(row)));

// The Records chart's rows in `table`, in the book's columns: the Battle tab's and the chronicle's.
export function fillRecordsTable(table, rows, book) {
  const rc = (book && book.recordsColumns) || plainColumns(rows);
  table.replaceChildren(head(rc), h('tbody', {}, ...rows.map((r) => h('tr', { testid: 'records-row', dataset: { regiment: String(r.regiment ?? '') } }, ...cells(rc, r)))));
}

// The losses table's rows in `table`, likewise.
export function fillLossesTable(table, rows, book) {
  const lc = (book && book.lossColumns) || plainColumns(rows);
  table.replaceChildren(head(lc), h('tbody', {}, ...rows.map((l) => h('tr', { testid: 'losses-row', dataset: { unit: String(l.unit ?? '') } }, ...cells(lc, l)))));
}

export function recordsPanel() {
  const records = h('table', { class: 'data-table records-table', testid: 'records-table' });
  const losses = h('table', { class: 'data-table losses-table', testid: 'losses-table' });
  const note = h('p', { class: 'hint' }, 'Each side sees the rows of its own units only.');
  const el = h('section', { class: 'card panel panel-records', testid: 'records', 'aria-labelledby': 'records-heading', hidden: true },
    h('h2', { id: 'records-heading' }, 'Records'), note,
    h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Records table' }, records),
    h('h3', {}, 'Losses'),
    h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Losses table' }, losses));
  return {
    el,
    update(view, b, book) {
      const rec = Array.isArray(b.records) ? b.records : null;
      el.hidden = !rec;
      if (!rec) return;
      const umpire = !!view.me && view.me.role === 'umpire';
      note.hidden = umpire;
      note.textContent = rec.length ? 'Each side sees the rows of its own units only.' : 'Each side sees the rows of its own units only: none are yours.';
      fillRecordsTable(records, rec, book);
      fillLossesTable(losses, Array.isArray(b.losses) ? b.losses : [], book);
    },
  };
}
