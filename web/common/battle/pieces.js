// The pieces under a tap on the map, as buttons under it ("Here: Kemp · 33rd Foot · 43rd Foot"): on a phone a
// base is a few pixels and pieces stack (a leader set down on his regiment, units touching), so each gets a
// full-size target with its name in the page's own type. Choosing one is choosing it on the map.

import { h } from '../dom.js';

const KIND_WORDS = { unit: '', leader: 'leader', terrain: 'ground' };

// onChoose({kind, id}). show(pieces [{kind, id, name}], chosen {kind, id} or null), hide().
export function piecesBar(onChoose) {
  const list = h('div', { class: 'map-pieces-list' });
  const el = h('div', { class: 'map-pieces', testid: 'battle-map-pieces', role: 'group', 'aria-label': 'Pieces where you tapped', hidden: true },
    h('span', { class: 'muted map-pieces-label' }, 'Here:'), list);
  return {
    el,
    show(pieces, chosen) {
      el.hidden = pieces.length === 0;
      list.replaceChildren(...pieces.map((p) => {
        const on = !!chosen && chosen.kind === p.kind && chosen.id === p.id;
        const words = KIND_WORDS[p.kind];
        const b = h('button', {
          type: 'button', class: 'map-piece', testid: 'battle-map-piece', 'aria-pressed': on ? 'true' : 'false',
          dataset: { kind: p.kind, id: String(p.id) },
        }, p.name || `${p.kind} ${p.id}`, words ? h('span', { class: 'map-piece-kind' }, ` ${words}`) : null);
        b.addEventListener('click', () => onChoose({ kind: p.kind, id: p.id }));
        return b;
      }));
    },
    hide() {
      el.hidden = true;
      list.replaceChildren();
    },
  };
}
