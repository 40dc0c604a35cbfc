// #/campaigns: the campaigns I belong to; create one (I umpire it) or join one with an invite code.

import { api } from '../api.js';
import { h, setText, errorLine, runForm } from '../dom.js';
import { campaignHash } from '../router.js';
import { roleBadge } from '../panels/members.js';
import { emailPanel } from '../panels/email.js';
import { passwordPanel } from '../panels/password.js';
import { inbox } from '../inbox.js';
import { dueText } from '../needs_you.js';

export function campaignsPage(ctx) {
  ctx.setTitle('Campaigns');
  let destroyed = false;

  const list = h('ul', { class: 'campaign-list', testid: 'campaign-list', 'aria-live': 'polite' });
  const listStatus = h('p', { class: 'muted', testid: 'campaign-list-status' }, 'Loading your campaigns…');
  const listError = errorLine('campaign-list-error');

  // What needs me there, as the server counts it ("What needs you"): the count in words and the soonest deadline.
  function needsEl(c) {
    const n = Number(c.needs_you) || 0;
    if (!n || c.closed) return null;
    const due = dueText(c.due);
    return h('span', { class: 'badge badge-needs', testid: 'campaign-needs', dataset: { count: String(n) } },
      `${n} ${n === 1 ? 'needs' : 'need'} you${due ? ` · due ${due}` : ''}`);
  }

  function renderList(campaigns) {
    list.replaceChildren();
    // Open campaigns first, those that need me at the top, newest first.
    const needs = (c) => (Number(c.needs_you) > 0 && !c.closed ? 1 : 0);
    const sorted = [...campaigns].sort((a, b) => (a.closed - b.closed) || (needs(b) - needs(a)) || (b.id - a.id));
    for (const c of sorted) {
      list.appendChild(h('li', {},
        h('a', { class: 'campaign-link' + (c.closed ? ' closed' : ''), href: campaignHash(c.id), testid: 'campaign-link', dataset: { campaign: String(c.id) } },
          h('span', { class: 'campaign-link-name' }, c.name),
          h('span', { class: 'campaign-link-meta' },
            roleBadge(c.role),
            needsEl(c),
            c.closed ? h('span', { class: 'badge badge-closed' }, 'closed') : null))));
    }
    const total = sorted.reduce((a, c) => a + (c.closed ? 0 : Number(c.needs_you) || 0), 0);
    ctx.setTitle(total ? `(${total}) Campaigns` : 'Campaigns');
    listStatus.hidden = campaigns.length > 0;
    setText(listStatus, 'No campaigns yet. Create one to umpire it, or join one with a code from your umpire.');
  }

  async function load() {
    listError.hide();
    try {
      const body = await ctx.conn.send('campaign.list', {});
      if (!destroyed) renderList(body.campaigns || []);
    } catch (err) {
      if (destroyed) return;
      listStatus.hidden = true;
      listError.show(`Could not load your campaigns: ${err.message}`);
    }
  }

  // ---- create ----
  const nameInput = h('input', {
    id: 'campaign-name', type: 'text', maxlength: '80', placeholder: 'e.g. Flanders 1744', autocomplete: 'off',
    required: true, testid: 'campaign-name-input',
  });
  const createButton = h('button', { type: 'submit', class: 'primary', testid: 'campaign-create' }, 'Create campaign');
  const createError = errorLine('create-error');
  const createForm = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'campaign-name' }, 'Campaign name'), nameInput),
    createError.el,
    h('div', { class: 'form-actions' }, createButton));
  createForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    runForm({
      button: createButton,
      error: createError,
      action: async () => {
        const body = await ctx.conn.send('campaign.create', { name: nameInput.value.trim() });
        ctx.navigate(campaignHash(body.campaign));
      },
    });
  });

  // ---- join ----
  const codeInput = h('input', {
    id: 'join-code', type: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false',
    placeholder: 'e.g. K7QXM3PD9A', required: true, class: 'mono', testid: 'join-code-input',
  });
  const joinButton = h('button', { type: 'submit', class: 'secondary', testid: 'join-submit' }, 'Join');
  const joinError = errorLine('join-error');
  const joinForm = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'join-code' }, 'Invite code'), codeInput),
    joinError.el,
    h('div', { class: 'form-actions' }, joinButton));
  joinForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    runForm({
      button: joinButton,
      error: joinError,
      action: async () => {
        const body = await ctx.conn.send('campaign.join', { code: codeInput.value.trim() });
        ctx.navigate(campaignHash(body.campaign));
      },
    });
  });

  // Shown only once the server says this user is its administrator: the login's answer does not say, so ask.
  const adminLink = h('a', { class: 'admin-link', href: '#/admin', testid: 'admin-link', hidden: true },
    'Server administration');
  api.me().then((me) => {
    if (!destroyed && me && me.admin) adminLink.hidden = false;
  }, () => {});

  const email = emailPanel();
  const password = passwordPanel();
  const notifications = inbox(ctx.me, ctx.conn);
  const el = h('div', { class: 'page page-campaigns' },
    h('header', { class: 'page-topline' }, adminLink, notifications.el),
    h('div', { class: 'campaigns-grid' },
      h('section', { class: 'card campaigns-mine' },
        h('h1', {}, 'Your campaigns'),
        listStatus, listError.el, list),
      h('div', { class: 'campaigns-side' },
        h('section', { class: 'card' }, h('h2', {}, 'Raise a new campaign'),
          h('p', { class: 'muted' }, 'You will be its umpire.'), createForm),
        h('section', { class: 'card' }, h('h2', {}, 'Join with a code'),
          h('p', { class: 'muted' }, 'Your umpire gives you the code.'), joinForm),
        email.el,
        password.el)));

  load();
  // Deadlines come and go while the page is open: the counts are asked for again every minute.
  const refresh = setInterval(() => { if (!document.hidden) load(); }, 60000);

  return {
    el,
    destroy() {
      destroyed = true;
      clearInterval(refresh);
      email.destroy();
      notifications.destroy();
    },
  };
}
