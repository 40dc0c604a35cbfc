// The umpire's warnings about the table as it stands, from the server's hints: a player's leader with none of his
// side's units can give no unit an order (over-the-hills.txt, "Leaders can only give orders to troops they are
// actually with"), which a player cannot see from his side of the table. Shown while setting up, before Start and
// during play; each names how far off the nearest unit stands, and selects the leader on the map.

import { h, setText } from '../common/dom.js';

function withCm(b) {
  const r = ((b.hints && b.hints.leader_reach) || []).find((x) => x.kind === 'with');
  return r && typeof r.cm === 'number' ? r.cm : null;
}

function line(b, item, choose) {
  const l = (b.leaders || []).find((x) => x.id === item.leader);
  const name = (l && l.name) || `Leader ${item.leader}`;
  const cm = withCm(b);
  const near = typeof item.nearest_unit_cm === 'number'
    ? `the nearest of his side's units is ${item.nearest_unit_cm} cm off${cm !== null ? ` (he must be within ${cm} cm)` : ''}`
    : 'his side has no unit on the table';
  const pick = h('button', { type: 'button', class: 'small ghost', testid: 'leader-alone-select' }, `Select ${name}`);
  pick.addEventListener('click', () => choose(item.leader));
  return h('li', { testid: 'leader-alone', dataset: { leader: String(item.leader) } },
    h('strong', {}, name), ` is with none of his units: ${near}, so he can give no orders. `, pick);
}

// choose(leader id): select that leader on the map.
export function aloneWarning(choose) {
  const list = h('ul', { class: 'warning-list' });
  const heading = h('strong', {});
  const el = h('div', { class: 'notice notice-warning', role: 'status', testid: 'battle-leaders-alone', hidden: true }, heading, list);
  return {
    el,
    update(b) {
      const alone = (b && b.status !== 'ended' && b.hints && Array.isArray(b.hints.leaders_alone)) ? b.hints.leaders_alone : [];
      el.hidden = alone.length === 0;
      if (!alone.length) { list.replaceChildren(); return; }
      setText(heading, alone.length === 1 ? 'A leader stands apart from his units.' : `${alone.length} leaders stand apart from their units.`);
      list.replaceChildren(...alone.map((item) => line(b, item, choose)));
    },
  };
}
