// "Password" on the campaigns page (docs/protocol.md, "HTTP", /api/password): the current password and a new one,
// twice. The server ends the user's other logins (their pages go to the login page); this one goes on.

import { h, setText, errorLine, runForm } from '../dom.js';
import { api } from '../api.js';

function passwordInput(id, autocomplete, extra = {}) {
  return h('input', { id, name: id, type: 'password', autocomplete, required: true, testid: id, ...extra });
}

export function passwordPanel() {
  const current = passwordInput('password-current', 'current-password');
  const fresh = passwordInput('password-new', 'new-password', { 'aria-describedby': 'password-new-hint' });
  const again = passwordInput('password-again', 'new-password');
  const save = h('button', { type: 'submit', class: 'secondary', testid: 'password-save' }, 'Change password');
  const error = errorLine('password-error');
  const done = h('p', { class: 'form-done', role: 'status', testid: 'password-done' });
  const form = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'password-current' }, 'Current password'), current),
    h('div', { class: 'field' },
      h('label', { for: 'password-new' }, 'New password'), fresh,
      h('small', { id: 'password-new-hint', class: 'hint' }, 'At least 10 characters.')),
    h('div', { class: 'field' }, h('label', { for: 'password-again' }, 'Again'), again),
    error.el,
    h('div', { class: 'form-actions' }, save));

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    setText(done, '');
    if (current.value === '') {
      error.show('Write your current password first.');
      return;
    }
    // The two must match here only: the server sees one new password.
    if (fresh.value !== again.value) {
      error.show('The two new passwords differ; nothing was sent.');
      return;
    }
    runForm({
      button: save,
      error,
      action: async () => {
        await api.changePassword(current.value, fresh.value);
        form.reset();
        setText(done, 'Password changed; your other logins have ended.');
      },
    });
  });

  const el = h('section', { class: 'card', testid: 'password-panel', 'aria-labelledby': 'password-heading' },
    h('h2', { id: 'password-heading' }, 'Password'),
    form, done);
  return { el };
}
