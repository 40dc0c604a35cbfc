// #/login: sign in, or create an account (then sign in with it); a forgotten password asks for a link by e-mail.

import { api } from '../api.js';
import { h, setText, errorLine, runForm } from '../dom.js';

// "Forgot your password?": a link to reset it goes to the account's verified address. The page shows the server's
// words, which are the same whether or not the account exists. `loginUser` fills the account when it is opened.
function forgotBox(loginUser) {
  const open = h('button', {
    type: 'button', class: 'link-button', 'aria-expanded': 'false', 'aria-controls': 'forgot-form', testid: 'forgot-open',
  }, 'Forgot your password?');
  const account = h('input', {
    id: 'forgot-account', name: 'username', type: 'text', autocomplete: 'username', autocapitalize: 'none',
    spellcheck: 'false', maxlength: '254', required: true, testid: 'forgot-account',
  });
  const send = h('button', { type: 'submit', class: 'secondary', testid: 'forgot-send' }, 'Send me a link');
  const error = errorLine('forgot-error');
  const sent = h('p', { class: 'form-done', role: 'status', testid: 'forgot-sent' });
  const form = h('form', { id: 'forgot-form', class: 'stack forgot-form', novalidate: true, hidden: true, 'aria-label': 'Forgot your password' },
    h('div', { class: 'field' }, h('label', { for: 'forgot-account' }, 'Username or e-mail address'), account),
    error.el,
    h('div', { class: 'form-actions' }, send));

  open.addEventListener('click', () => {
    form.hidden = !form.hidden;
    open.setAttribute('aria-expanded', String(!form.hidden));
    if (form.hidden) return;
    if (!account.value) account.value = loginUser.value.trim();
    account.focus();
  });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    setText(sent, '');
    const value = account.value.trim();
    if (value === '') {
      error.show('Write your username or e-mail address first.');
      return;
    }
    runForm({
      button: send,
      error,
      action: async () => setText(sent, (await api.forgotPassword(value)).sent),
    });
  });
  return h('div', { class: 'forgot' }, open, form, sent);
}

export function loginPage(ctx) {
  ctx.setTitle('Sign in');

  // One error line, moved into whichever form failed last, so tests and screen readers find one alert.
  const error = h('p', { class: 'form-error', role: 'alert', testid: 'auth-error', hidden: true });
  function showError(form, message) {
    form.querySelector('.form-actions').before(error);
    setText(error, message);
    error.hidden = false;
  }
  function hideError() {
    error.hidden = true;
    setText(error, '');
  }

  const flash = ctx.flash ? h('p', { class: 'flash', role: 'status', testid: 'flash' }, ctx.flash) : null;
  ctx.flash = null;

  // ---- sign in ----
  const loginUser = h('input', {
    id: 'login-username', name: 'username', type: 'text', autocomplete: 'username', autocapitalize: 'none',
    spellcheck: 'false', required: true, testid: 'login-username',
  });
  const loginPass = h('input', {
    id: 'login-password', name: 'password', type: 'password', autocomplete: 'current-password', required: true,
    testid: 'login-password',
  });
  const loginButton = h('button', { type: 'submit', class: 'primary', testid: 'login-submit' }, 'Sign in');
  const loginForm = h('form', { class: 'stack', novalidate: true, 'aria-labelledby': 'login-heading' },
    h('div', { class: 'field' }, h('label', { for: 'login-username' }, 'Username'), loginUser),
    h('div', { class: 'field' }, h('label', { for: 'login-password' }, 'Password'), loginPass),
    h('div', { class: 'form-actions' }, loginButton));

  // ---- register ----
  const regUser = h('input', {
    id: 'register-username', name: 'username', type: 'text', autocomplete: 'username', autocapitalize: 'none',
    spellcheck: 'false', required: true, 'aria-describedby': 'register-username-hint', testid: 'register-username',
  });
  const regPass = h('input', {
    id: 'register-password', name: 'new-password', type: 'password', autocomplete: 'new-password', required: true,
    'aria-describedby': 'register-password-hint', testid: 'register-password',
  });
  const regButton = h('button', { type: 'submit', class: 'secondary', testid: 'register-submit' }, 'Create account');
  const regForm = h('form', { class: 'stack', novalidate: true, 'aria-labelledby': 'register-heading' },
    h('div', { class: 'field' },
      h('label', { for: 'register-username' }, 'Username'), regUser,
      h('small', { id: 'register-username-hint', class: 'hint' }, '3 to 32 letters, digits, _ - or .')),
    h('div', { class: 'field' },
      h('label', { for: 'register-password' }, 'Password'), regPass,
      h('small', { id: 'register-password-hint', class: 'hint' }, 'At least 10 characters.')),
    h('div', { class: 'form-actions' }, regButton));

  async function submit(form, button, work) {
    hideError();
    button.disabled = true;
    try {
      const me = await work();
      ctx.signedIn(me);
    } catch (err) {
      showError(form, err.message);
    } finally {
      button.disabled = false;
    }
  }

  loginForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    submit(loginForm, loginButton, () => api.login(loginUser.value.trim(), loginPass.value));
  });

  regForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const username = regUser.value.trim();
    const password = regPass.value;
    submit(regForm, regButton, async () => {
      await api.register(username, password);
      return api.login(username, password);
    });
  });

  const el = h('div', { class: 'page page-login' },
    h('section', { class: 'login-intro' },
      h('h1', {}, 'Muster'),
      h('p', { class: 'lede' }, 'The umpire’s table for your club’s campaigns: notices, table talk and honest dice, wherever your colonels sit.')),
    flash,
    h('div', { class: 'login-grid' },
      h('section', { class: 'card' }, h('h2', { id: 'login-heading' }, 'Sign in'), loginForm, forgotBox(loginUser)),
      h('section', { class: 'card' }, h('h2', { id: 'register-heading' }, 'New to Muster?'), regForm)));

  return {
    el,
    focus() {
      loginUser.focus();
    },
  };
}
