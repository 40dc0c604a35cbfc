// The campaign's webhook (docs/protocol.md, "Notifications"): a chat service's incoming-webhook address that gets
// the campaign's public news. Umpires only (campaign.webhook; the view's `webhook` is in umpires' views only).

import { h, setText, errorLine, runForm } from '../common/dom.js';

export function webhookPanel(ctx, campaignId) {
  const input = h('input', {
    id: 'webhook-input', type: 'text', inputmode: 'url', autocomplete: 'off', spellcheck: 'false', maxlength: '500',
    placeholder: 'https://chat.example.org/hooks/…', class: 'mono', testid: 'webhook-input',
  });
  const save = h('button', { type: 'submit', class: 'secondary', testid: 'webhook-save' }, 'Save webhook');
  const status = h('p', { class: 'muted', role: 'status', testid: 'webhook-status' });
  const error = errorLine('webhook-error');
  const form = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'webhook-input' }, 'Webhook address'), input),
    error.el,
    h('div', { class: 'form-actions' }, save));
  // The view's value last put in the field: the field follows the view until the umpire edits it.
  let shown = null;

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const url = input.value.trim();
    setText(status, '');
    runForm({
      button: save,
      error,
      action: async () => {
        await ctx.conn.send('campaign.webhook', { campaign: Number(campaignId), url });
        shown = url;
        input.value = url;
        setText(status, url ? 'Saved: the campaign\'s news goes to this address.' : 'Cleared: no webhook.');
      },
    });
  });

  const el = h('section', { class: 'card panel', 'aria-labelledby': 'webhook-heading' },
    h('h2', { id: 'webhook-heading' }, 'Chat webhook'),
    h('p', { class: 'muted' }, 'An incoming-webhook address from your club\'s chat (Slack, Mattermost, Discord): battles begun and ended, months resolved and deadlines are posted there. Leave it empty for none. Only umpires see it.'),
    form, status);

  return {
    el,
    update(view) {
      const url = typeof view.webhook === 'string' ? view.webhook : '';
      if (shown === null || input.value.trim() === shown) input.value = url;
      shown = url;
      const closed = !!(view.campaign && view.campaign.closed);
      form.hidden = closed;
      if (closed) error.hide();
    },
  };
}
