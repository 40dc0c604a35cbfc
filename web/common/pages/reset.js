// #/reset?token=<token>: the link e-mailed to a user who forgot his password (docs/protocol.md, "HTTP",
// /api/password/reset). Reachable signed out. The link works once; the server says when it is not valid, used or
// expired. Setting the password ends every login of the user, so the page sends him to log in again.

import { api } from '../api.js';
import { h, setText, errorLine, runForm } from '../dom.js';

export function resetPage(ctx, route) {
  ctx.setTitle('New password');
  const token = route.token;

  const password = h('input', {
    id: 'reset-password', name: 'new-password', type: 'password', autocomplete: 'new-password', required: true,
    'aria-describedby': 'reset-password-hint', testid: 'reset-password',
  });
  const again = h('input', {
    id: 'reset-again', name: 'new-password-again', type: 'password', autocomplete: 'new-password', required: true,
    testid: 'reset-again',
  });
  const save = h('button', { type: 'submit', class: 'primary', testid: 'reset-save' }, 'Set my password');
  const error = errorLine('reset-error');
  const form = h('form', { class: 'stack', novalidate: true, 'aria-labelledby': 'reset-heading' },
    h('div', { class: 'field' },
      h('label', { for: 'reset-password' }, 'New password'), password,
      h('small', { id: 'reset-password-hint', class: 'hint' }, 'At least 10 characters.')),
    h('div', { class: 'field' }, h('label', { for: 'reset-again' }, 'Again'), again),
    error.el,
    h('div', { class: 'form-actions' }, save));
  const done = h('p', { class: 'form-done', role: 'status', testid: 'reset-done' });
  const loginLink = h('a', { href: '#/login', testid: 'reset-login' }, 'Go to the login page');
  const toLogin = h('p', { hidden: true }, loginLink);
  const another = h('p', { class: 'muted' }, 'The link in the e-mail works once. ',
    h('a', { href: '#/login' }, 'Back to the login page'), ' to ask for another.');

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!token) {
      error.show('This link has no token. Ask for a new link on the login page.');
      return;
    }
    // The two must match here only: the server sees one password.
    if (password.value !== again.value) {
      error.show('The two passwords differ; nothing was sent.');
      return;
    }
    runForm({
      button: save,
      error,
      action: async () => {
        await api.resetPassword(token, password.value);
        form.hidden = true;
        another.hidden = true;
        setText(done, 'Your password is set; log in with it.');
        toLogin.hidden = false;
        loginLink.focus(); // the button that had it is gone with the form
      },
    });
  });

  const el = h('div', { class: 'page page-login page-reset' },
    h('section', { class: 'card narrow' },
      h('h1', { id: 'reset-heading' }, 'Choose a new password'),
      form, done, toLogin, another));

  return {
    el,
    focus() {
      password.focus();
    },
  };
}
