// #/dice-check: anyone, signed in or out, checks a campaign archive's dice (docs/dice.md). The file never leaves
// the browser: the page recomputes every roll from the archive's revealed seed (common/dice_check.js) and trusts
// nothing the server says, so a player can check his umpire's server with it.

import { h, setText, errorLine } from '../dom.js';
import { checkArchiveText, readEvents, verdictText, canCheck, isBattleDice } from '../dice_check.js';

const STATES = { verified: 'is-verified', 'not-verified': 'is-not-verified', unrevealed: 'is-unrevealed' };

function stateOf(result) {
  if (!result.revealed) return 'unrevealed';
  return result.ok ? 'verified' : 'not-verified';
}

// The verdict line: its words, and data-state (checking | verified | not-verified | unrevealed | "") for styles.
function verdictLine() {
  const el = h('p', { class: 'dice-verdict', role: 'status', testid: 'dice-verdict', dataset: { state: '' } });
  return {
    el,
    show(state, text) {
      el.dataset.state = state;
      el.classList.remove(...Object.values(STATES));
      if (STATES[state]) el.classList.add(STATES[state]);
      setText(el, text);
    },
  };
}

// The archive's campaign as it names itself and the fingerprint its log committed to: the one to compare with
// the "Dice seed fingerprint" its members saw on the campaign page (a battle's file: the battle's own).
function aboutArchive(text) {
  let archive;
  try {
    archive = JSON.parse(text);
  } catch {
    return ''; // the verdict says it is not JSON
  }
  if (isBattleDice(archive)) {
    const fingerprint = typeof archive.seed_sha256 === 'string' ? archive.seed_sha256 : '';
    return `Battle ${archive.battle} of campaign ${archive.campaign}; dice seed fingerprint ${fingerprint}`;
  }
  const read = readEvents(archive);
  const c = archive && typeof archive.campaign === 'object' && archive.campaign ? archive.campaign : {};
  const name = typeof c.name === 'string' ? `${c.name} (campaign ${c.id})` : '';
  const committed = read.events && typeof read.events[0].body.seed_sha256 === 'string' ? read.events[0].body.seed_sha256 : '';
  if (!name && !committed) return '';
  return `Archive: ${[name, committed && `dice seed fingerprint ${committed}`].filter(Boolean).join('; ')}`;
}

export function diceCheckPage(ctx) {
  ctx.setTitle('Check the dice');
  const file = h('input', {
    id: 'dice-file', type: 'file', accept: '.json,application/json', required: true,
    'aria-describedby': 'dice-file-hint', testid: 'dice-file',
  });
  const check = h('button', { type: 'submit', class: 'primary', testid: 'dice-check' }, 'Check the dice');
  const error = errorLine('dice-error');
  const verdict = verdictLine();
  const about = h('p', { class: 'muted dice-about', testid: 'dice-archive', hidden: true });
  const form = h('form', { class: 'stack', novalidate: true, 'aria-labelledby': 'dice-heading' },
    h('div', { class: 'field' },
      h('label', { for: 'dice-file' }, 'Archive'), file,
      h('small', { id: 'dice-file-hint', class: 'hint' },
        "The campaign's archive, a .json file: its umpire downloads it on the Umpire tab and shares it. " +
        "Or a battle's dice file, which any member downloads once the battle has ended.")),
    error.el,
    h('div', { class: 'form-actions' }, check));
  let run = 0; // a check started later wins over one still running

  file.addEventListener('change', () => {
    run += 1;
    error.hide();
    verdict.show('', '');
    about.hidden = true;
  });
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    error.hide();
    const chosen = file.files && file.files[0];
    if (!chosen) {
      error.show('Choose the archive first.');
      return;
    }
    if (!canCheck()) {
      error.show('This browser keeps its cryptography for secure pages: open this page over https, ' +
        'or check the archive with "muster verify-dice".');
      return;
    }
    const mine = ++run;
    check.disabled = true;
    verdict.show('checking', 'Checking…');
    try {
      const text = await chosen.text();
      const result = await checkArchiveText(text);
      if (mine !== run) return;
      setText(about, aboutArchive(text));
      about.hidden = about.textContent === '';
      verdict.show(stateOf(result), verdictText(result));
    } catch (err) {
      if (mine === run) {
        verdict.show('', '');
        error.show(`The archive could not be read: ${err && err.message ? err.message : err}`);
      }
    } finally {
      check.disabled = false;
    }
  });

  const back = ctx.me ? h('a', { class: 'back-link', href: '#/campaigns' }, '← Your campaigns') : h('a', { class: 'back-link', href: '#/login' }, '← Log in');
  const el = h('div', { class: 'page page-dice-check' },
    h('section', { class: 'card narrow' },
      h('h1', { id: 'dice-heading' }, "Check a campaign's dice"),
      h('p', {}, 'Every roll comes from one secret seed whose fingerprint (SHA-256) every member saw from the start. ',
        'Once the umpire closes the campaign its archive holds the seed: this page checks the seed against that ',
        'fingerprint and recomputes every roll from it, here in your browser. Nothing is sent to the server.'),
      form, verdict.el, about,
      h('p', { class: 'dice-back' }, back)));

  return {
    el,
    focus() {
      file.focus();
    },
  };
}
