// The set-up editor's forms (battle.place): add a unit (its troop types and values are the book's), a terrain
// feature, a leader (with the book's values, if it has any: Border Reivers' fyrebrand and craft). New pieces appear
// in their side's half of the table; the umpire drags them into place.

import { h, errorLine, runForm } from '../common/dom.js';
import { TERRAIN_KINDS, markScale } from '../common/battle/scene.js';
import { memberName } from '../common/battle/names.js';

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);

// Where a new piece of side `i` appears: spread along its half of the table.
function spot(b, i) {
  const t = b.table || { width: 180, depth: 120 };
  const n = (b.units || []).filter((u) => u.side === (b.sides[i] || {}).id).length;
  const x = Math.round(t.width * 0.2 + ((n * 25 * markScale(t)) % (t.width * 0.6)));
  return [x, Math.round(i === 0 ? t.depth * 0.2 : t.depth * 0.8)];
}

// A new feature of `kind`, in the middle of the table, for the umpire to drag; as big as on a 180 x 120 cm table
// times the map's mark scale (a table in paces is larger).
function terrainShape(b, kind) {
  const t = b.table || { width: 180, depth: 120 };
  const cx = t.width / 2;
  const cy = t.depth / 2;
  const k = markScale(t);
  const at = (dx, dy) => [Math.round(cx + dx * k), Math.round(cy + dy * k)];
  if (kind === 'hill') return { shape: 'circle', centre: [cx, cy], radius: Math.round(12 * k) };
  if (kind === 'river') return { shape: 'polyline', points: [[0, cy], [t.width / 3, cy + 6 * k], [2 * t.width / 3, cy - 4 * k], [t.width, cy + 2 * k]].map((p) => p.map(Math.round)), width: Math.round(4 * k) };
  if (kind === 'road') return { shape: 'polyline', points: [[cx, 0], [cx + 4 * k, t.depth / 2], [cx - 2 * k, t.depth]].map((p) => p.map(Math.round)), width: Math.round(2 * k) };
  if (kind === 'wall') return { shape: 'polyline', points: [at(-12, 0), at(12, 0)], width: 0 };
  if (kind === 'town') return { shape: 'polygon', points: [at(-7, -6), at(7, -6), at(7, 6), at(-7, 6)] };
  return { shape: 'polygon', points: [at(-15, -8), at(10, -12), at(16, 6), at(-8, 11)] };
}

function unitControls() {
  const c = {
    side: h('select', { id: 'battle-unit-side', testid: 'battle-unit-side' }),
    name: h('input', { type: 'text', id: 'battle-unit-name', testid: 'battle-unit-name', maxlength: 80, placeholder: '33rd Foot' }),
    type: h('select', { id: 'battle-unit-type', testid: 'battle-unit-type' }),
    formation: h('select', { id: 'battle-unit-formation', testid: 'battle-unit-formation' },
      h('option', { value: 'line' }, 'Line'), h('option', { value: 'column' }, 'Column'), h('option', { value: 'square' }, 'Square')),
    owner: h('select', { id: 'battle-unit-owner', testid: 'battle-unit-owner' }),
    bases: h('input', { type: 'number', id: 'battle-unit-bases', testid: 'battle-unit-bases', value: '4', min: 1, max: 12, inputmode: 'decimal' }),
    // An ambush: the server sends a concealed piece only to its own side and umpires until it is revealed.
    concealed: h('input', { type: 'checkbox', id: 'battle-unit-concealed', testid: 'battle-unit-concealed' }),
    add: h('button', { type: 'submit', class: 'secondary', testid: 'battle-unit-add' }, 'Add the unit'),
    error: errorLine('battle-unit-error'),
    valuesSlot: h('div', { class: 'unit-values-slot' }),
  };
  c.concealedLabel = h('label', { class: 'check', for: 'battle-unit-concealed', hidden: true }, c.concealed,
    ' Concealed (ambush): the enemy does not see it until it moves, fires or is spotted');
  return c;
}

// Whether the battle's book has hidden troops (the umpire's view says: `conceals`); a book without them refuses a
// concealed piece, so its forms do not offer one.
export const bookConceals = (b) => !!(b && b.conceals === true);

// The unit form; the book gives its troop types (book.troopLabels), values (book.umpire.unitValues(): {el, read(),
// update?(b), fields?({concealed})}) and the bases a new unit has (book.umpire.unitBases, else 4).
export function unitForm(send, current) {
  const c = unitControls();
  const form = h('form', { class: 'stack editor-form', novalidate: true },
    h('div', { class: 'field-row' }, field('battle-unit-name', 'Unit', c.name), field('battle-unit-side', 'Side', c.side)),
    h('div', { class: 'field-row' }, field('battle-unit-type', 'Troops', c.type), field('battle-unit-formation', 'Formation', c.formation)),
    h('div', { class: 'field-row' }, field('battle-unit-owner', 'Commanded by', c.owner), field('battle-unit-bases', 'Bases', c.bases)),
    c.valuesSlot, c.concealedLabel,
    h('div', { class: 'form-actions' }, c.add), c.error.el);
  let values = null; // the book's values fields
  let bookId = null;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const { b, book } = current();
    const si = Number(c.side.value) || 0;
    const label = ((book && book.troopLabels) || {})[c.type.value] || c.type.value;
    const unit = {
      side: b.sides[si].id, name: c.name.value.trim() || `${label} ${(b.units || []).length + 1}`,
      troop_type: c.type.value, formation: c.formation.value, bases: Number(c.bases.value) || 4,
      owner: Number(c.owner.value) || 0, position: spot(b, si), facing: si === 0 ? 0 : 180,
    };
    if (values) unit.values = values.read();
    // The book's other fields of a new unit (Border Reivers: the concealment points of a name placed in ambush).
    const concealed = bookConceals(b) && c.concealed.checked;
    if (values && values.fields) Object.assign(unit, values.fields({ concealed }));
    if (concealed) unit.concealed = true;
    // The box is cleared after each unit: the next one is not hidden by accident.
    runForm({ button: c.add, error: c.error, action: async () => { await send('battle.place', { battle: b.id, unit }); c.name.value = ''; c.concealed.checked = false; } });
  });
  return {
    el: form,
    // The book's troop types and values; the battle's sides and the campaign's players.
    update(b, book, players) {
      if (book && book.id !== bookId) {
        bookId = book.id;
        c.type.replaceChildren(...Object.entries(book.troopLabels || {}).map(([k, v]) => h('option', { value: k }, v)));
        values = book.umpire && book.umpire.unitValues ? book.umpire.unitValues() : null;
        c.valuesSlot.replaceChildren(...(values ? [values.el] : []));
        c.bases.value = String((book.umpire && book.umpire.unitBases) || 4);
      }
      if (values && values.update) values.update(b);
      c.concealedLabel.hidden = !bookConceals(b);
      const sk = (b.sides || []).map((s) => s.id).join(',');
      if (c.side.dataset.key !== sk) {
        c.side.dataset.key = sk;
        c.side.replaceChildren(...(b.sides || []).map((s, i) => h('option', { value: String(i) }, s.name || s.id)));
      }
      const ok = players.map((p) => p.user).join(',');
      if (c.owner.dataset.key !== ok) {
        c.owner.dataset.key = ok;
        c.owner.replaceChildren(h('option', { value: '0' }, 'the umpire'), ...players.map((p) => h('option', { value: String(p.user) }, p.name)));
      }
    },
  };
}

export function terrainForm(send, current) {
  const kind = h('select', { id: 'battle-terrain-kind', testid: 'battle-terrain-kind' }, ...TERRAIN_KINDS.map((k) => h('option', { value: k }, k)));
  const name = h('input', { type: 'text', id: 'battle-terrain-name', testid: 'battle-terrain-name', maxlength: 80, placeholder: 'Bois de Barry' });
  const add = h('button', { type: 'submit', class: 'secondary', testid: 'battle-terrain-add' }, 'Add terrain');
  const error = errorLine('battle-terrain-error');
  const form = h('form', { class: 'inline-form editor-form', novalidate: true },
    field('battle-terrain-kind', 'Terrain', kind), field('battle-terrain-name', 'Name', name), h('div', { class: 'form-actions' }, add), error.el);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const { b } = current();
    const terrain = { kind: kind.value, name: name.value.trim(), ...terrainShape(b, kind.value) };
    runForm({ button: add, error, action: async () => { await send('battle.place', { battle: b.id, terrain }); name.value = ''; } });
  });
  return { el: form };
}

// The leader form; the book may give a leader's values (book.umpire.leaderValues(): {el, read()}).
export function leaderForm(send, current) {
  const valuesSlot = h('div', { class: 'leader-values-slot' });
  let values = null;
  let bookId = null;
  const user = h('select', { id: 'battle-leader-user', testid: 'battle-leader-user' });
  const side = h('select', { id: 'battle-leader-side', testid: 'battle-leader-side' });
  const concealed = h('input', { type: 'checkbox', id: 'battle-leader-concealed', testid: 'battle-leader-concealed' });
  const concealedLabel = h('label', { class: 'check', for: 'battle-leader-concealed', hidden: true }, concealed, ' Concealed (ambush)');
  const add = h('button', { type: 'submit', class: 'secondary', testid: 'battle-leader-add' }, 'Add leader');
  const error = errorLine('battle-leader-error');
  const form = h('form', { class: 'inline-form editor-form', novalidate: true },
    field('battle-leader-user', 'Leader (player)', user), field('battle-leader-side', 'Side', side), valuesSlot,
    concealedLabel,
    h('div', { class: 'form-actions' }, add), error.el);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const { view, b } = current();
    const si = Number(side.value) || 0;
    const who = Number(user.value);
    const p = spot(b, si);
    const off = 4 * markScale(b.table);
    const leader = { user: who, side: b.sides[si].id, name: memberName(view, who), position: [p[0], Math.round(p[1] + (si === 0 ? -off : off))] };
    if (values) leader.values = values.read();
    if (bookConceals(b) && concealed.checked) leader.concealed = true;
    runForm({ button: add, error, action: async () => { await send('battle.place', { battle: b.id, leader }); concealed.checked = false; } });
  });
  return {
    el: form,
    update(b, players, book) {
      const bid = book ? book.id : null;
      if (bid !== bookId) {
        bookId = bid;
        values = book && book.umpire && book.umpire.leaderValues ? book.umpire.leaderValues() : null;
        valuesSlot.replaceChildren(...(values ? [values.el] : []));
      }
      concealedLabel.hidden = !bookConceals(b);
      const sk = (b.sides || []).map((s) => s.id).join(',');
      if (side.dataset.key !== sk) {
        side.dataset.key = sk;
        side.replaceChildren(...(b.sides || []).map((s, i) => h('option', { value: String(i) }, s.name || s.id)));
      }
      const pk = players.map((p) => p.user).join(',');
      if (user.dataset.key !== pk) {
        user.dataset.key = pk;
        user.replaceChildren(...players.map((p) => h('option', { value: String(p.user) }, p.name)));
      }
    },
  };
}
