// #/admin: the server administrator's page (docs/operations.md, "Administration"; docs/protocol.md, "HTTP",
// /api/admin/*): the server's health, its campaigns and its users, and disabling or enabling an account.
// The server alone decides who the administrator is: its 403 shows the refusal and nothing else.

import { api } from '../api.js';
import { h, setText, syncKeyed, errorLine, runForm } from '../dom.js';

const REFUSED = "Only the server's administrator may see this page.";
const dateFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const fullFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });
const clockFmt = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

// A day, not a time: when an account or a campaign was made; the full moment in its title.
function dateEl(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return h('span', {}, '');
  const d = new Date(ms);
  return h('time', { datetime: d.toISOString(), title: fullFmt.format(d) }, dateFmt.format(d));
}

// The database with its log: KB below a megabyte, else MB with one decimal.
export function formatBytes(bytes) {
  const n = Number(bytes) || 0;
  if (n < 1024 * 1024) return `${Math.max(n > 0 ? 1 : 0, Math.round(n / 1024))} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

const HEALTH_FIELDS = [
  ['connections', 'Open connections', String],
  ['campaigns', 'Campaigns loaded', String],
  ['outbox_unsent', 'Unsent notifications', String],
  ['db_bytes', 'Database size', formatBytes],
  ['last_backup', 'Newest backup', (v) => v || 'none'],
];

function healthPanel(refresh) {
  const values = {};
  const list = h('dl', { class: 'admin-health', testid: 'admin-health' },
    HEALTH_FIELDS.map(([key, label]) => {
      values[key] = h('dd', { dataset: { field: key } });
      return h('div', {}, h('dt', {}, label), values[key]);
    }));
  const checked = h('p', { class: 'muted admin-checked', testid: 'admin-health-time' });
  const el = h('section', { class: 'card admin-health-card', 'aria-labelledby': 'admin-health-heading' },
    h('h2', { id: 'admin-health-heading' }, 'Health'),
    list,
    h('div', { class: 'form-actions' }, refresh, checked));
  return {
    el,
    update(health) {
      for (const [key, , show] of HEALTH_FIELDS) {
        setText(values[key], show(health[key]));
        values[key].dataset.value = health[key] === null || health[key] === undefined ? '' : String(health[key]);
      }
      setText(checked, `As of ${clockFmt.format(new Date())}`);
    },
  };
}

function campaignsPanel() {
  const list = h('ul', { class: 'admin-campaigns', testid: 'admin-campaigns' });
  const none = h('p', { class: 'muted empty', testid: 'admin-campaigns-none', hidden: true },
    'No campaigns on this server yet.');
  const el = h('section', { class: 'card', 'aria-labelledby': 'admin-campaigns-heading' },
    h('h2', { id: 'admin-campaigns-heading' }, 'Campaigns'), none, list);
  return {
    el,
    update(campaigns) {
      none.hidden = campaigns.length > 0;
      syncKeyed(list, campaigns.map((c) => [c.id, c]),
        () => h('li', { testid: 'admin-campaign' }),
        (li, c) => {
          li.dataset.campaign = String(c.id);
          li.replaceChildren(
            h('span', { class: 'item-text' }, c.name),
            h('span', { class: 'muted admin-meta' }, `#${c.id} · created `, dateEl(c.created)));
        });
    },
  };
}

// One row an account: its name, the day it was made, badges and, for anyone but the viewer, Disable or Enable.
function usersPanel(ctx, error) {
  const byId = new Map();
  const body = h('tbody');
  const done = h('p', { class: 'form-done', role: 'status', testid: 'admin-user-done' });
  const table = h('table',
    { class: 'data-table admin-users', testid: 'admin-users', 'aria-labelledby': 'admin-users-heading' },
    h('thead', {}, h('tr', {},
      ['Name', 'Created', 'Status', 'Access'].map((t) => h('th', { scope: 'col' }, t)))),
    body);
  // A link that sets a member's password, for one who has no verified address to have it e-mailed to.
  const linkBox = h('input', { type: 'text', readonly: true, id: 'admin-reset-link', class: 'mono', testid: 'admin-reset-link' });
  const linkWords = h('p', { class: 'hint', testid: 'admin-reset-words' });
  const linkField = h('div', { class: 'field', hidden: true },
    h('label', { for: 'admin-reset-link' }, 'Password link'), linkBox, linkWords);
  const el = h('section', { class: 'card', 'aria-labelledby': 'admin-users-heading' },
    h('h2', { id: 'admin-users-heading' }, 'Users'),
    h('div', { class: 'admin-table-scroll' }, table), done, linkField);

  async function resetLink(button, id) {
    const u = byId.get(id);
    if (!u) return;
    setText(done, '');
    await runForm({
      button,
      error,
      action: async () => {
        const answer = await api.resetLink(u.id);
        linkBox.value = answer.link;
        setText(linkWords, `Give it to ${u.username} yourself: it sets his password once, until ${new Date(answer.expires).toLocaleString()}. Anyone holding it can, so send it privately.`);
        linkField.hidden = false;
        linkBox.focus();
        linkBox.select();
      },
    });
  }

  async function toggle(button, id) {
    const u = byId.get(id);
    if (!u) return;
    setText(done, '');
    await runForm({
      button,
      error,
      action: async () => {
        const answer = await api.setUserDisabled(u.id, !u.disabled);
        u.disabled = typeof answer.disabled === 'boolean' ? answer.disabled : !u.disabled;
        render();
        setText(done, u.disabled ? `${u.username} is disabled; his logins have ended.`
          : `${u.username} may log in again.`);
      },
    });
  }

  function createRow(u, key) {
    const button = h('button', { type: 'button', class: 'small', testid: 'admin-toggle' });
    button.addEventListener('click', () => toggle(button, Number(key)));
    const reset = h('button', { type: 'button', class: 'small ghost', testid: 'admin-reset' }, 'Password link');
    reset.addEventListener('click', () => resetLink(reset, Number(key)));
    return h('tr', { testid: 'admin-user' },
      h('td', {}, h('span', { class: 'item-text' }), ' ',
        h('span', { class: 'badge badge-admin', testid: 'admin-badge' }, 'administrator')),
      h('td', { class: 'admin-created' }),
      h('td', {}, h('span', { class: 'badge', testid: 'admin-user-status' })),
      h('td', { class: 'admin-actions' }, button, ' ', reset));
  }

  function updateRow(tr, u) {
    const [nameCell, createdCell, statusCell] = tr.children;
    tr.dataset.user = String(u.id);
    tr.dataset.disabled = String(Boolean(u.disabled));
    setText(nameCell.querySelector('.item-text'), u.username);
    nameCell.querySelector('.badge-admin').hidden = !u.admin;
    createdCell.replaceChildren(dateEl(u.created));
    const status = statusCell.firstChild;
    setText(status, u.disabled ? 'disabled' : 'active');
    status.className = `badge ${u.disabled ? 'badge-disabled' : 'badge-ok'}`;
    const button = tr.querySelector('[data-testid="admin-toggle"]');
    // His own account is not offered: disabling it would end this very login.
    button.hidden = Boolean(ctx.me) && u.id === ctx.me.user;
    setText(button, u.disabled ? 'Enable' : 'Disable');
    button.setAttribute('aria-label', `${u.disabled ? 'Enable' : 'Disable'} ${u.username}`);
    tr.querySelector('[data-testid="admin-reset"]').setAttribute('aria-label', `A password link for ${u.username}`);
  }

  function render() {
    syncKeyed(body, [...byId.values()].map((u) => [u.id, u]), createRow, updateRow);
  }

  return {
    el,
    update(users) {
      byId.clear();
      for (const u of users) byId.set(u.id, { ...u });
      render();
    },
  };
}

// "Import a campaign": an archive file (`muster export`, the umpire's download) sent as it is; the server says
// whether it takes it. `onDone` reads the campaigns again.
function importPanel(onDone) {
  const file = h('input', {
    id: 'admin-import-file', type: 'file', accept: '.json,application/json',
    'aria-describedby': 'admin-import-hint', testid: 'admin-import-file',
  });
  const button = h('button', { type: 'submit', class: 'primary', testid: 'admin-import' }, 'Import');
  const error = errorLine('admin-import-error');
  const result = h('p', { class: 'form-done', role: 'status', testid: 'admin-import-result' });
  const form = h('form', { class: 'stack', novalidate: true, 'aria-labelledby': 'admin-import-heading' },
    h('div', { class: 'field' },
      h('label', { for: 'admin-import-file' }, 'Archive'), file,
      h('small', { id: 'admin-import-hint', class: 'hint' },
        "A campaign's archive, a .json file: from `muster export`, or the umpire's download once the campaign is "
        + "closed. Register its members here first, in the same order.")),
    error.el,
    h('div', { class: 'form-actions' }, button),
    result);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    setText(result, '');
    const chosen = file.files && file.files[0];
    if (!chosen) {
      error.show('Choose an archive file first.');
      file.focus();
      return;
    }
    await runForm({
      button,
      error,
      action: async () => {
        const answer = await api.adminImport(await chosen.text());
        setText(result, `Imported campaign ${answer.campaign}.`);
        file.value = '';
        await onDone();
      },
    });
  });
  const el = h('section', { class: 'card admin-import', 'aria-labelledby': 'admin-import-heading' },
    h('h2', { id: 'admin-import-heading' }, 'Import a campaign'), form);
  return { el };
}

export function adminPage(ctx) {
  ctx.setTitle('Server administration');
  let destroyed = false;

  const error = errorLine('admin-error');
  const refresh = h('button', { type: 'button', class: 'secondary', testid: 'admin-refresh' }, 'Refresh');
  const status = h('p', { class: 'muted', testid: 'admin-status' }, 'Loading…');
  const refused = h('p', { class: 'form-error', role: 'alert', testid: 'admin-refused', hidden: true }, REFUSED);
  const health = healthPanel(refresh);
  const campaigns = campaignsPanel();
  const users = usersPanel(ctx, error);
  const imports = importPanel(async () => {
    const answer = await api.adminCampaigns();
    if (!destroyed) campaigns.update(answer.campaigns || []);
  });
  const data = h('div', { class: 'admin-grid', hidden: true }, health.el, campaigns.el, users.el, imports.el);

  // Everything shown comes from one look at the server; a 403 (not, or no longer, the administrator) hides it all.
  async function load() {
    await runForm({
      button: refresh,
      error,
      action: async () => {
        let answers;
        try {
          answers = await Promise.all([api.adminHealth(), api.adminCampaigns(), api.adminUsers()]);
        } catch (err) {
          if (err.status !== 403) throw err;
          answers = null;
        }
        if (destroyed) return;
        status.hidden = true;
        refused.hidden = answers !== null;
        data.hidden = answers === null;
        if (!answers) return;
        health.update(answers[0]);
        campaigns.update(answers[1].campaigns || []);
        users.update(answers[2].users || []);
      },
    });
    if (!destroyed && !error.el.hidden) status.hidden = true;
  }
  refresh.addEventListener('click', load);

  const el = h('div', { class: 'page page-admin' },
    h('header', { class: 'page-topline' },
      h('h1', {}, 'Server administration'),
      h('a', { class: 'back-link', href: '#/campaigns' }, 'Back to your campaigns')),
    status, refused, error.el, data);

  load();

  return {
    el,
    destroy() {
      destroyed = true;
    },
  };
}
