// The umpire's override form (battle.override), the wiring every book's form shares: the override chosen refills the
// targets, a move fills in the piece's place, the submit asks for a reason and sends the book's body, and the map's
// selection and drags fill in a move. Here once so that each book (web/rulesets/<id>/overrides.js) keeps only its own
// parts: its fields, its targets, its body and its words; a book imports this, never another book's form.

import { runForm } from '../dom.js';

// Refills a select with `options`, keeping its value where it is still offered.
export function keepValue(select, options) {
  const keep = select.value;
  select.replaceChildren(...options);
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

// send(type, body): the console's sender (adds the campaign). c: the book's controls, among them form, what (the
// override), target (options `kind:id`), x, y, facing, reason, submit and error (errorLine). The book's parts:
//   targets(b, what) -> [option]      the pieces the override may name
//   fields(b, what)                   the rest of the form for that override (its choices, what is shown)
//   body(c, what, kind, id) -> {}     the command's body for the override of piece `kind:id`
//   nothing(what) -> string           the error when there is no piece to choose
//   key(b) -> string                  the pieces as they stand: the form is refilled when it changes
//   unitFacingOnly                    the facing is for units alone (disabled for a leader's move)
// Returns {el, update(view, b), select(kind, id), moveTo(kind, id, position)} (web/rulesets/index.js, overridesForm).
export function overrideForm(send, c, { targets, fields, body, nothing, key, unitFacingOnly = false }) {
  let battle = null;
  const piece = (kind, id) => (kind === 'unit' ? (battle.units || []) : kind === 'leader' ? (battle.leaders || []) : []).find((x) => x.id === id);

  function fillPosition() {
    const [kind, id] = c.target.value.split(':');
    const item = piece(kind, Number(id));
    if (!item || !item.position) return;
    c.x.value = String(item.position[0]);
    c.y.value = String(item.position[1]);
    c.facing.value = String(item.facing ?? 0);
    if (unitFacingOnly) c.facing.disabled = kind !== 'unit';
  }

  function fill() {
    const what = c.what.value;
    keepValue(c.target, targets(battle, what));
    fields(battle, what);
    if (what === 'move') fillPosition();
  }

  function select(kind, id) {
    c.what.value = 'move';
    fill();
    c.target.value = `${kind}:${id}`;
    fillPosition();
  }

  c.what.addEventListener('change', fill);
  c.target.addEventListener('change', () => { if (c.what.value === 'move') fillPosition(); });
  c.form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const reason = c.reason.value.trim();
    if (!reason) { c.error.show('Give a reason: it goes in the log.'); c.reason.focus(); return; }
    const what = c.what.value;
    if (!c.target.value) { c.error.show(nothing(what)); return; }
    const [kind, idText] = c.target.value.split(':');
    const command = { battle: battle.id, what, reason, ...body(c, what, kind, Number(idText)) };
    runForm({ button: c.submit, error: c.error, action: async () => { await send('battle.override', command); c.reason.value = ''; } });
  });

  return {
    el: c.form,
    update(view, b) {
      battle = b;
      if (!c.target.options.length || c.target.dataset.key !== key(b)) {
        c.target.dataset.key = key(b);
        fill();
      }
    },
    select,
    // A drag during play: the move filled in, the reason asked for.
    moveTo(kind, id, position) {
      select(kind, id);
      c.x.value = String(position[0]);
      c.y.value = String(position[1]);
      c.reason.focus();
    },
  };
}
