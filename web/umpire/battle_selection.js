// The piece the umpire selected on the map (a click; a drag places it: battle.place): what and where it is, and
// turning, removing or (in a book with hidden troops) concealing it during set-up.

import { h, setText, errorLine, runForm } from '../common/dom.js';
import { bookConceals } from './battle_setup_forms.js';

const round = (n) => Math.round(n * 10) / 10;

function pieceOf(b, sel) {
  if (!b || !sel) return null;
  const list = sel.kind === 'unit' ? b.units : sel.kind === 'leader' ? b.leaders : b.terrain;
  return (list || []).find((x) => x.id === sel.id) || null;
}

function describe(sel, item) {
  const where = item.position ? ` at (${item.position.map(round).join(', ')})` : '';
  const facing = sel.kind === 'unit' ? `, facing ${Math.round(item.facing || 0)}°` : '';
  const hid = item.concealed ? ' (concealed from the enemy)' : '';
  return `${sel.kind === 'terrain' ? item.kind : sel.kind}: ${item.name || `#${item.id}`}${where}${facing}${hid}`;
}

// The body of battle.place that moves a piece by `delta` (a drag in set-up).
export function placeBody(b, kind, id, delta) {
  const shift = (p) => [round(p[0] + delta[0]), round(p[1] + delta[1])];
  const item = pieceOf(b, { kind, id });
  if (!item) return null;
  if (kind === 'unit' || kind === 'leader') return { [kind]: { id, position: shift(item.position) } };
  const terrain = { id, kind: item.kind, name: item.name, shape: item.shape };
  if (item.shape === 'circle') { terrain.centre = shift(item.centre); terrain.radius = item.radius; } else terrain.points = item.points.map(shift);
  if (item.shape === 'polyline') terrain.width = item.width;
  return { terrain };
}

function controls() {
  const c = {
    info: h('p', { class: 'selected-info', testid: 'battle-selected' }, 'Click a unit, leader or terrain on the map to select it.'),
    rotL: h('button', { type: 'button', class: 'small', testid: 'battle-rotate-left', title: 'Turn 45° left' }, '⟲ 45°'),
    rotR: h('button', { type: 'button', class: 'small', testid: 'battle-rotate-right', title: 'Turn 45° right' }, '⟳ 45°'),
    about: h('button', { type: 'button', class: 'small', testid: 'battle-about-face' }, 'About face'),
    remove: h('button', { type: 'button', class: 'small danger-ghost', testid: 'battle-remove' }, 'Remove'),
    concealed: h('input', { type: 'checkbox', id: 'battle-selected-concealed', testid: 'battle-selected-concealed' }),
    error: errorLine('battle-selected-error'),
  };
  c.concealedLabel = h('label', { class: 'check', for: 'battle-selected-concealed' }, c.concealed, ' Concealed (ambush)');
  c.actions = h('div', { class: 'form-actions', hidden: true }, c.rotL, c.rotR, c.about, c.remove, c.concealedLabel);
  return c;
}

// current() -> {b}; map: the battle map (its selection is cleared on removal).
export function selectionPanel(send, current, map) {
  const c = controls();
  let selected = null; // {kind, id}

  function fill() {
    const item = pieceOf(current().b, selected);
    if (!item) {
      selected = null;
      setText(c.info, 'Click a unit, leader or terrain on the map to select it.');
      c.actions.hidden = true;
      return;
    }
    setText(c.info, describe(selected, item));
    c.actions.hidden = false;
    // A book without hidden troops offers none; a piece concealed in an older battle may still be shown.
    c.concealedLabel.hidden = selected.kind === 'terrain' || !(bookConceals(current().b) || item.concealed);
    c.concealed.checked = !!item.concealed;
    for (const b of [c.rotL, c.rotR, c.about]) b.hidden = selected.kind !== 'unit';
  }

  function turnBy(by) {
    const b = current().b;
    const u = selected && selected.kind === 'unit' ? pieceOf(b, selected) : null;
    if (!u) return;
    const facing = ((u.facing || 0) + by + 360) % 360;
    runForm({ error: c.error, action: () => send('battle.place', { battle: b.id, unit: { id: u.id, facing } }) });
  }
  c.rotL.addEventListener('click', () => turnBy(-45));
  c.rotR.addEventListener('click', () => turnBy(45));
  c.about.addEventListener('click', () => turnBy(180));
  c.remove.addEventListener('click', () => {
    if (!selected) return;
    const body = { battle: current().b.id, [selected.kind]: selected.id };
    runForm({ button: c.remove, error: c.error, action: async () => { await send('battle.remove', body); selected = null; map.select(null); fill(); } });
  });
  c.concealed.addEventListener('change', () => {
    if (!selected || selected.kind === 'terrain') return;
    const body = { battle: current().b.id, [selected.kind]: { id: selected.id, concealed: c.concealed.checked } };
    runForm({ error: c.error, action: () => send('battle.place', body) }).then((ok) => { if (!ok) fill(); });
  });

  return {
    el: h('div', {}, c.info, c.actions, c.error.el),
    fill,
    select(sel) { selected = sel; fill(); },
    // A drag in set-up: the piece placed where it was dropped.
    drag(kind, id, delta, after) {
      const b = current().b;
      const body = placeBody(b, kind, id, delta);
      if (!body) return;
      selected = { kind, id };
      runForm({ error: c.error, action: () => send('battle.place', { battle: b.id, ...body }) }).then(() => { fill(); after(); });
    },
    hint(text) { setText(c.info, text); },
  };
}
