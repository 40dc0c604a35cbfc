// The dice seed's fingerprint (SHA-256, shown from the start) and the seed itself once the campaign is
// closed, so anyone can recompute every roll (docs/protocol.md, "Dice"), and the way to the page that does it.

import { h, setText } from '../dom.js';

export function seedPanel() {
  const hash = h('code', { class: 'seed-value', testid: 'seed-hash' });
  const seed = h('code', { class: 'seed-value', testid: 'seed' });
  const seedRow = h('div', { class: 'seed-row', hidden: true },
    h('span', { class: 'seed-label' }, 'Dice seed (revealed)'), seed);
  const checkHint = h('span', { class: 'hint' });
  const el = h('section', { class: 'panel panel-seed', 'aria-label': 'Dice seed' },
    h('div', { class: 'seed-row' },
      h('span', { class: 'seed-label', title: 'SHA-256 of the secret seed every roll in this campaign is drawn from. The seed is revealed when the campaign closes, so anyone can check the rolls.' },
        'Dice seed fingerprint'),
      hash),
    seedRow,
    h('p', { class: 'seed-check' },
      h('a', { href: '#/dice-check', testid: 'seed-check-link' }, 'Check the dice'),
      checkHint));

  return {
    el,
    update(view) {
      const c = view.campaign || {};
      setText(hash, c.seed_sha256 || '—');
      const revealed = typeof c.seed === 'string' && c.seed !== '';
      seedRow.hidden = !revealed;
      setText(seed, revealed ? c.seed : '');
      setText(checkHint, revealed ? " with the campaign's archive, which its umpire downloads"
        : " with the campaign's archive, once the campaign is closed");
    },
  };
}
