// The umpire console: invite codes, public notices, private umpire notes, blind rolls, closing the campaign, the
// campaign's archive to download, the custom objectives waiting for approval (the Year tab's panel, so an
// umpire at the console need not go looking for them), and the campaign's mail (mail.js, loaded when asked for).

import { h, setText, setTime, syncKeyed, bySeq, errorLine, runForm, copyText } from '../common/dom.js';
import { roleBadge } from '../common/panels/members.js';
import { noticeItem, fillItem } from '../common/panels/notices.js';
import { dicePanel } from '../common/panels/dice.js';
import { webhookPanel } from './webhook.js';
import { objectivesPanel } from './year.js';
import { preload } from '../common/preload.js';

function invitesPanel(ctx, campaignId) {
  const roleSelect = h('select', { id: 'invite-role', testid: 'invite-role' },
    h('option', { value: 'player' }, 'Player'),
    h('option', { value: 'observer' }, 'Observer'),
    h('option', { value: 'umpire' }, 'Umpire'));
  const createButton = h('button', { type: 'submit', class: 'primary', testid: 'invite-create' }, 'Create invite code');
  const error = errorLine('invite-error');
  const form = h('form', { class: 'inline-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'invite-role' }, 'Invite a new'), roleSelect),
    h('div', { class: 'form-actions' }, createButton));
  const list = h('ul', { class: 'invite-list', testid: 'invite-list' });
  const empty = h('p', { class: 'muted empty' }, 'No open invite codes.');

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    runForm({
      button: createButton,
      error,
      action: () => ctx.conn.send('campaign.invite', { campaign: Number(campaignId), role: roleSelect.value }),
    });
  });

  function createItem() {
    const code = h('code', { class: 'invite-code mono', testid: 'invite-code' });
    const copy = h('button', { type: 'button', class: 'small', testid: 'invite-copy' }, 'Copy');
    const revoke = h('button', { type: 'button', class: 'small danger-ghost', testid: 'invite-revoke' }, 'Revoke');
    const itemError = errorLine('invite-item-error');
    const li = h('li', { class: 'invite-item', testid: 'invite-item' },
      h('div', { class: 'invite-main' }, code, h('span', { class: 'invite-role' })),
      h('div', { class: 'item-meta' }, 'by ', h('span', { class: 'author' }), ' · ', h('time')),
      h('div', { class: 'invite-actions' }, copy, revoke),
      itemError.el);
    copy.addEventListener('click', async () => {
      const ok = await copyText(li.dataset.code);
      setText(copy, ok ? 'Copied' : 'Select and copy');
      if (!ok) {
        const range = document.createRange();
        range.selectNodeContents(code);
        const sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
      }
      setTimeout(() => setText(copy, 'Copy'), 2000);
    });
    revoke.addEventListener('click', () => {
      runForm({
        button: revoke,
        error: itemError,
        action: () => ctx.conn.send('campaign.revoke_invite', { campaign: Number(campaignId), code: li.dataset.code }),
      });
    });
    return li;
  }

  function fill(li, inv) {
    li.dataset.code = inv.code;
    setText(li.querySelector('.invite-code'), inv.code);
    const role = li.querySelector('.invite-role');
    if (role.dataset.role !== inv.role) {
      role.dataset.role = inv.role;
      role.replaceChildren(roleBadge(inv.role));
    }
    setText(li.querySelector('.author'), inv.by);
    setTime(li.querySelector('time'), inv.at);
  }

  const el = h('section', { class: 'card panel panel-invites', 'aria-labelledby': 'invites-heading' },
    h('h2', { id: 'invites-heading' }, 'Invite codes'),
    h('p', { class: 'muted' }, 'Anyone with a code joins in its role from their campaigns page, until you revoke the code.'),
    form, error.el, empty, list);

  return {
    el,
    update(view) {
      const closed = !!(view.campaign && view.campaign.closed);
      form.hidden = closed;
      if (closed) error.hide();
      list.classList.toggle('read-only', closed);
      const invites = Object.entries(view.invites || {})
        .sort(([, a], [, b]) => (b.at || 0) - (a.at || 0) || String(a.code).localeCompare(String(b.code)));
      empty.hidden = invites.length > 0;
      syncKeyed(list, invites, createItem, fill);
    },
  };
}

function textPostPanel(ctx, campaignId, { isPrivate, title, intro, placeholder, button, testids, listOf }) {
  const input = h('textarea', {
    id: testids.input, rows: '3', maxlength: '4000', placeholder, 'aria-label': title, testid: testids.input,
  });
  const post = h('button', { type: 'submit', class: isPrivate ? 'secondary' : 'primary', testid: testids.post }, button);
  const error = errorLine(testids.error);
  const form = h('form', { class: 'stack', novalidate: true }, input, error.el, h('div', { class: 'form-actions' }, post));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = input.value;
    if (text.trim() === '') {
      error.show('Write something first.');
      return;
    }
    const body = { campaign: Number(campaignId), text };
    if (isPrivate) body.private = true;
    runForm({
      button: post,
      error,
      action: async () => {
        await ctx.conn.send('notice.post', body);
        if (input.value === text) input.value = '';
      },
    });
  });
  const list = listOf ? h('ol', { class: 'note-list', testid: listOf.listTestid }) : null;
  const empty = listOf ? h('p', { class: 'muted empty' }, listOf.emptyText) : null;
  const el = h('section', { class: `card panel${isPrivate ? ' panel-blind' : ''}`, 'aria-label': title },
    h('h2', {}, title),
    intro ? h('p', { class: isPrivate ? 'secret-note' : 'muted' }, intro) : null,
    form, empty, list);
  return {
    el,
    update(view) {
      const closed = !!(view.campaign && view.campaign.closed);
      form.hidden = closed;
      if (closed) error.hide();
      if (!list) el.hidden = closed; // nothing to show on a closed campaign
      if (list) {
        const items = bySeq(listOf.items(view), true);
        empty.hidden = items.length > 0;
        syncKeyed(list, items, () => {
          const li = noticeItem(listOf.itemTestid);
          li.classList.add('note-item');
          return li;
        }, fillItem);
      }
    },
  };
}

function closePanel(ctx, campaignId) {
  const closeButton = h('button', { type: 'button', class: 'danger', testid: 'close-campaign' }, 'Close campaign…');
  const confirmButton = h('button', { type: 'button', class: 'danger', testid: 'close-confirm' }, 'Yes, close it for good');
  const cancelButton = h('button', { type: 'button', class: 'ghost', testid: 'close-cancel' }, 'Cancel');
  const error = errorLine('close-error');
  const confirmBox = h('div', { class: 'confirm-box', hidden: true, role: 'alertdialog', 'aria-label': 'Confirm closing the campaign' },
    h('p', {}, 'Closing ends the campaign for everyone: no more talk, notices or rolls. The dice seed is revealed so anyone can check every roll. This cannot be undone.'),
    h('div', { class: 'form-actions' }, confirmButton, cancelButton));
  const closedText = h('p', { class: 'muted', hidden: true }, 'This campaign is closed. Its dice seed is shown on the Table tab.');
  closeButton.addEventListener('click', () => {
    confirmBox.hidden = false;
    closeButton.hidden = true;
    cancelButton.focus();
  });
  cancelButton.addEventListener('click', () => {
    confirmBox.hidden = true;
    closeButton.hidden = false;
    error.hide();
    closeButton.focus();
  });
  confirmButton.addEventListener('click', () => {
    runForm({
      button: confirmButton,
      error,
      action: async () => {
        await ctx.conn.send('campaign.close', { campaign: Number(campaignId) });
        confirmBox.hidden = true;
      },
    });
  });
  const el = h('section', { class: 'card panel panel-danger', 'aria-labelledby': 'close-heading' },
    h('h2', { id: 'close-heading' }, 'End the campaign'),
    closeButton, confirmBox, error.el, closedText);
  return {
    el,
    update(view) {
      const closed = !!(view.campaign && view.campaign.closed);
      closedText.hidden = !closed;
      if (closed) {
        closeButton.hidden = true;
        confirmBox.hidden = true;
      } else if (confirmBox.hidden) {
        closeButton.hidden = false;
      }
    },
  };
}

// A file name from the campaign's name: characters no file system takes become "_".
export function archiveFileName(name, campaignId) {
  const safe = String(name || '').replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_').replace(/^[\s.]+|[\s.]+$/g, '');
  return `${safe || 'campaign'}-${Number(campaignId)}.json`;
}

// The server's archive of the campaign (docs/operations.md, "Archives"), saved as it came, byte for byte.
async function fetchArchive(campaignId) {
  let res;
  try {
    res = await fetch(`/api/campaigns/${Number(campaignId)}/export`, {
      credentials: 'same-origin', headers: { Accept: 'application/json' },
    });
  } catch {
    throw new Error('Cannot reach the server. Check your connection and try again.');
  }
  if (!res.ok) {
    let message = `The server answered ${res.status}.`;
    try {
      message = (await res.json()).error.message || message;
    } catch { /* keep the status */ }
    throw new Error(message);
  }
  return res.blob();
}

function archivePanel(campaignId) {
  const button = h('button', { type: 'button', class: 'secondary', testid: 'archive-download' }, "Download the campaign's archive");
  const error = errorLine('archive-error');
  const note = h('p', { class: 'muted' });
  let name = '';
  button.addEventListener('click', () => {
    runForm({
      button,
      error,
      action: async () => {
        const url = URL.createObjectURL(await fetchArchive(campaignId));
        const a = h('a', { href: url, download: archiveFileName(name, campaignId), hidden: true });
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60000); // the download may still be reading it
      },
    });
  });
  const el = h('section', { class: 'card panel panel-archive', 'aria-labelledby': 'archive-heading' },
    h('h2', { id: 'archive-heading' }, "The campaign's archive"),
    note,
    h('div', { class: 'form-actions' }, button),
    error.el,
    h('p', { class: 'hint' }, 'Anyone checks its dice on ', h('a', { href: '#/dice-check' }, 'the dice check'), '.'));
  return {
    el,
    update(view) {
      const c = view.campaign || {};
      name = c.name || '';
      setText(note, c.closed
        ? 'The whole campaign in one file: its log with every roll, its members, its pictures and the revealed dice seed.'
        : 'The whole campaign in one file: its log with every roll, its members and its pictures. The dice seed is in it only once the campaign is closed.');
    },
  };
}

// "Mail": the replies the campaign's addresses received. Its list (mail.js) and the request for it wait until the
// umpire asks, as most visits to the console never do; the button then reads the list again.
function mailPanel(campaignId) {
  const show = h('button', { type: 'button', class: 'secondary', testid: 'umpire-mail-show' }, "Show the campaign's mail");
  const error = errorLine('umpire-mail-error');
  const slot = h('div', { class: 'mail-slot' });
  let list = null;
  let view = null;
  show.addEventListener('click', () => runForm({
    button: show,
    error,
    action: async () => {
      if (!list) {
        preload('umpire/mail.js');
        list = (await import('./mail.js')).mailList(campaignId);
        if (view) list.update(view);
        slot.append(list.el);
      }
      await list.load();
      setText(show, 'Read it again');
    },
  }));
  const el = h('section', { class: 'card panel', testid: 'umpire-mail', 'aria-labelledby': 'umpire-mail-heading' },
    h('h2', { id: 'umpire-mail-heading' }, 'Mail'),
    h('p', { class: 'muted' }, 'Players’ replies to Muster’s e-mail, where this server takes them: what came and what was done with it. Only umpires see it.'),
    h('div', { class: 'form-actions' }, show), error.el, slot);
  return {
    el,
    update(v) {
      view = v;
      if (list) list.update(v);
    },
  };
}

export function umpireConsole(ctx, campaignId) {
  const panels = {
    invites: invitesPanel(ctx, campaignId),
    notice: textPostPanel(ctx, campaignId, {
      isPrivate: false,
      title: 'Post a notice',
      intro: 'Notices go on the board for every member.',
      placeholder: 'e.g. The army goes into winter quarters at Ghent.',
      button: 'Post notice',
      testids: { input: 'notice-input', post: 'notice-post', error: 'notice-error' },
    }),
    notes: textPostPanel(ctx, campaignId, {
      isPrivate: true,
      title: 'Umpire notes',
      intro: 'Only umpires see this.',
      placeholder: 'e.g. The French relief column arrives in May.',
      button: 'Save note',
      testids: { input: 'note-input', post: 'note-post', error: 'note-error' },
      listOf: {
        listTestid: 'note-list',
        itemTestid: 'note-item',
        emptyText: 'No notes yet.',
        items: (view) => view.umpire_notes,
      },
    }),
    blind: dicePanel(ctx, campaignId, { blind: true, prefix: 'blind-', title: 'Blind rolls', emptyText: 'No blind rolls yet.' }),
    close: closePanel(ctx, campaignId),
    archive: archivePanel(campaignId),
    webhook: webhookPanel(ctx, campaignId),
    objectives: objectivesPanel(ctx, campaignId, { prefix: 'console-' }),
    mail: mailPanel(campaignId),
  };
  const el = h('div', { class: 'console-grid' },
    h('div', { class: 'col-main' }, panels.invites.el, panels.notice.el, panels.notes.el, panels.mail.el),
    h('div', { class: 'col-side' }, panels.objectives.el, panels.blind.el, panels.webhook.el, panels.close.el, panels.archive.el));
  return {
    el,
    update(view) {
      for (const p of Object.values(panels)) p.update(view);
    },
  };
}
