// "Notifications" on the campaigns page: the user's address for notices, verified or not, set (a link goes to
// it) or removed (docs/protocol.md, "HTTP" and "Notifications"). An address gets nothing but its link until
// the link is opened, so the panel says whether it is verified.

import { h, setText, errorLine, runForm } from '../dom.js';
import { api } from '../api.js';

export function emailPanel() {
  let destroyed = false;
  const address = h('strong', { class: 'mono', testid: 'email-address', dataset: { verified: 'false' } });
  const badge = h('span', { class: 'badge' });
  const current = h('p', { hidden: true }, 'Notices go to ', address, ' ', badge);
  const none = h('p', { class: 'muted', hidden: true }, 'No address: Muster sends you no e-mail.');
  const input = h('input', {
    id: 'email-input', type: 'text', inputmode: 'email', autocomplete: 'email', spellcheck: 'false', maxlength: '254',
    placeholder: 'e.g. you@example.org', testid: 'email-input',
  });
  const save = h('button', { type: 'submit', class: 'secondary', testid: 'email-save' }, 'Save address');
  const remove = h('button', { type: 'button', class: 'danger-ghost', testid: 'email-remove', hidden: true }, 'Remove');
  const status = h('p', { class: 'muted', role: 'status', testid: 'email-status' });
  const error = errorLine('email-error');
  const form = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'email-input' }, 'E-mail address'), input),
    error.el,
    h('div', { class: 'form-actions' }, save, remove));

  function show(e) {
    if (destroyed) return;
    const has = typeof e.address === 'string' && e.address !== '';
    current.hidden = !has;
    none.hidden = has;
    remove.hidden = !has;
    setText(address, has ? e.address : '');
    address.dataset.verified = String(has && e.verified === true);
    badge.className = `badge ${e.verified ? 'badge-ok' : 'badge-warn'}`;
    setText(badge, e.verified ? 'verified' : 'not verified: open the link we sent');
  }

  async function load() {
    try {
      show(await api.email());
    } catch (err) {
      if (!destroyed) error.show(`Could not load your e-mail address: ${err.message}`);
    }
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const value = input.value.trim();
    if (value === '') {
      error.show('Write your e-mail address first.');
      return;
    }
    setText(status, '');
    runForm({
      button: save,
      error,
      action: async () => {
        const e = await api.setEmail(value);
        show(e);
        input.value = '';
        setText(status, `We sent a link to ${e.address}; open it to receive notices there.`);
      },
    });
  });
  remove.addEventListener('click', () => {
    setText(status, '');
    runForm({
      button: remove,
      error,
      action: async () => {
        show(await api.removeEmail());
        setText(status, 'Removed: Muster sends you no more e-mail.');
      },
    });
  });
  // The link is opened in another tab or the mail app: look again when the user comes back.
  const onVisible = () => { if (document.visibilityState === 'visible') load(); };
  document.addEventListener('visibilitychange', onVisible);

  const el = h('section', { class: 'card', testid: 'email-panel', 'aria-labelledby': 'email-heading' },
    h('h2', { id: 'email-heading' }, 'Notifications'),
    h('p', { class: 'muted' }, 'Muster e-mails you when something needs you in a campaign: your colonel, your diary, your turn in a battle.'),
    current, none, form, status);
  load();

  return {
    el,
    destroy() {
      destroyed = true;
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
