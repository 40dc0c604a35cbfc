// The Units table: every unit the viewer sees, its side, troops and formation, the book's columns (for Over the
// Hill D:M:E and TP, where the viewer may know them) and the order it acts on. On a phone each row is drawn as a
// card (style.css): the name on top, then a line per cell, labelled by its data-label (its column's header).

import { h } from '../dom.js';

const orderName = (o) => (o && o.name ? o.name.replace(/_/g, ' ') : '');
const sideClass = (b, side) => `side-dot side-${(b.sides || []).findIndex((s) => s.id === side) === 0 ? 'a' : 'b'}`;

function orderCell(u) {
  // A unit seen whole carries `pending_order`; the enemy's shows only the orders a person at the table would see.
  const whole = Object.prototype.hasOwnProperty.call(u, 'pending_order');
  const pending = u.pending_order ? ` (next: ${orderName(u.pending_order)})` : '';
  return `${orderName(u.order) || (whole ? '—' : '')}${pending}`;
}

function unitRow(view, b, book, u) {
  const me = view.me || {};
  const sideName = ((b.sides || []).find((s) => s.id === u.side) || {}).name || u.side;
  const troops = (book && book.troopLabels && book.troopLabels[u.troop_type]) || u.troop_type;
  const data = { unit: String(u.id), side: u.side };
  if (u.concealed) data.concealed = 'true';
  const cls = `${u.owner === me.user ? 'is-mine' : ''}${u.removed ? ' is-removed' : ''}${u.concealed ? ' is-concealed' : ''}`;
  const columns = (book && book.unitColumns) || [];
  return h('tr', { testid: 'battle-unit-row', dataset: data, class: cls },
    h('td', { class: 'unit-name-cell' }, h('span', { class: sideClass(b, u.side), 'aria-hidden': 'true' }), ' ',
      h('span', { class: 'unit-name' }, u.name || `Unit ${u.id}`),
      h('span', { class: 'hint' }, ` ${sideName}${u.removed ? ', gone' : ''}${u.concealed ? ', concealed from the enemy' : ''}`)),
    h('td', { dataset: { label: 'Type' } }, `${troops}, ${u.formation}`),
    ...columns.map((c) => h('td', { dataset: c.value ? { label: c.label, value: c.value(u, b) } : { label: c.label } }, c.cell(u, b))),
    h('td', { dataset: { label: 'Order' } }, orderCell(u)));
}

export function unitsPanel() {
  const table = h('table', { class: 'data-table unit-table', testid: 'battle-unit-table' });
  const el = h('section', { class: 'card panel panel-units', 'aria-labelledby': 'units-heading' },
    h('h2', { id: 'units-heading' }, 'Units'),
    h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Units table' }, table));
  let headKey = null;
  const head = h('thead');
  const body = h('tbody');
  table.append(head, body);
  return {
    el,
    update(view, b, book) {
      const columns = (book && book.unitColumns) || [];
      const key = columns.map((c) => c.label).join('|');
      if (headKey !== key) {
        headKey = key;
        head.replaceChildren(h('tr', {}, h('th', { scope: 'col' }, 'Unit'), h('th', { scope: 'col' }, 'Type'),
          ...columns.map((c) => h('th', { scope: 'col', testid: 'battle-unit-column' }, c.label)), h('th', { scope: 'col' }, 'Order')));
      }
      body.replaceChildren(...(b.units || []).map((u) => unitRow(view, b, book, u)));
    },
  };
}
