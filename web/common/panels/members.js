// The members of a campaign with their roles.

import { h, setText, syncKeyed } from '../dom.js';

const ROLE_ORDER = { umpire: 0, player: 1, observer: 2 };
const ROLE_LABELS = { umpire: 'Umpire', player: 'Player', observer: 'Observer' };

export function roleLabel(role) {
  return ROLE_LABELS[role] || String(role || '');
}

export function roleBadge(role, testid) {
  return h('span', { class: `badge badge-role role-${role}`, testid }, roleLabel(role));
}

export function membersPanel() {
  const list = h('ul', { class: 'member-list', testid: 'member-list' });
  const count = h('span', { class: 'count' });
  const el = h('section', { class: 'card panel panel-members', 'aria-labelledby': 'members-heading' },
    h('h2', { id: 'members-heading' }, 'Members ', count),
    list);

  return {
    el,
    update(view) {
      const me = view.me || {};
      const members = Object.entries(view.members || {}).sort(([, a], [, b]) =>
        ((ROLE_ORDER[a.role] ?? 9) - (ROLE_ORDER[b.role] ?? 9)) || String(a.name).localeCompare(String(b.name)));
      setText(count, `(${members.length})`);
      syncKeyed(list, members,
        () => h('li', { class: 'member-item', testid: 'member-item' },
          h('span', { class: 'member-name' }), h('span', { class: 'member-you muted' }), h('span', { class: 'member-role' })),
        (li, m) => {
          setText(li.querySelector('.member-name'), m.name);
          setText(li.querySelector('.member-you'), m.user === me.user ? '(you)' : '');
          const role = li.querySelector('.member-role');
          if (role.dataset.role !== m.role) {
            role.dataset.role = m.role;
            role.replaceChildren(roleBadge(m.role));
          }
          li.dataset.role = m.role;
        });
    },
  };
}
