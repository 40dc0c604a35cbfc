// The French army generator for the umpire's set-up (chosen-men-well-disposed.txt, "Army Generators FRENCH";
// docs/protocol.md, "Chosen Men, Well Disposed", battle.generate): the division to roll, the side, where its line
// starts (a click on the map) and its facing. The server rolls every die and places the brigades and generals; the
// log has a line per roll. The console has no set-up hook for a book's own command, so this sits in the book's
// panel, shown to umpires while the battle is set up.

import { h, setText, errorLine, runForm } from '../../common/dom.js';

const DIVISIONS = { cavalry: 'A cavalry division', infantry: 'An infantry division', reserve: 'The reserve (cavalry or infantry on a d6)' };
const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const num = (id, attrs) => h('input', { type: 'number', id, testid: id, step: 'any', inputmode: 'decimal', ...attrs });

export function generatorElements() {
  const e = {
    division: h('select', { id: 'cmwd-generate-division', testid: 'cmwd-generate-division' },
      ...Object.entries(DIVISIONS).map(([k, v]) => h('option', { value: k }, v))),
    side: h('select', { id: 'cmwd-generate-side', testid: 'cmwd-generate-side' }),
    x: num('cmwd-generate-x', {}),
    y: num('cmwd-generate-y', {}),
    facing: num('cmwd-generate-facing', { value: '180' }),
    hint: h('p', { class: 'hint' }, 'Click or tap the map where the line starts (its left-hand end, looking along its facing); facing 0 is up the table.'),
    go: h('button', { type: 'submit', class: 'secondary', testid: 'cmwd-generate' }, 'Roll the division'),
    done: h('p', { class: 'hint', role: 'status', testid: 'cmwd-generate-done', hidden: true }),
    error: errorLine('cmwd-generate-error'),
  };
  e.form = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field-row' }, field('cmwd-generate-division', 'Division', e.division), field('cmwd-generate-side', 'Side', e.side)),
    h('div', { class: 'field-row three' }, field('cmwd-generate-x', 'x', e.x), field('cmwd-generate-y', 'y', e.y), field('cmwd-generate-facing', 'Facing°', e.facing)),
    e.hint, h('div', { class: 'form-actions' }, e.go), e.done, e.error.el);
  e.el = h('details', { class: 'override-box cmwd-generator', testid: 'cmwd-generator' }, h('summary', {}, 'French army generator'), e.form);
  return e;
}

export function point(e) {
  const x = e.x.value.trim();
  const y = e.y.value.trim();
  return x === '' || y === '' || !Number.isFinite(Number(x)) || !Number.isFinite(Number(y)) ? null : [Number(x), Number(y)];
}

export function showGenerator(e, view, b) {
  const on = (view.me || {}).role === 'umpire' && b.status === 'setup';
  e.el.hidden = !on;
  const key = (b.sides || []).map((s) => s.id).join(',');
  if (e.side.dataset.key !== key) {
    e.side.dataset.key = key;
    const keep = e.side.value;
    e.side.replaceChildren(...(b.sides || []).map((s) => h('option', { value: s.id }, s.name || s.id)));
    if ([...e.side.options].some((o) => o.value === keep)) e.side.value = keep;
    else if ((b.sides || []).some((s) => s.id === 'french')) e.side.value = 'french';
  }
  return on && e.el.open;
}

// send(type, body): the panel's sender (campaign and battle added).
export function listenGenerator(e, send) {
  e.form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    e.done.hidden = true;
    const at = point(e);
    const facing = Number(e.facing.value);
    if (!at) { e.error.show('Click or tap the map (or give x and y) where the line starts.'); return; }
    if (e.facing.value.trim() === '' || !Number.isFinite(facing)) { e.error.show('Give the facing in degrees.'); return; }
    runForm({ button: e.go, error: e.error, action: async () => {
      await send('battle.generate', { generator: 'french', division: e.division.value, side: e.side.value, at, facing });
      setText(e.done, 'Rolled: the division is on the table, every die in the log.');
      e.done.hidden = false;
    } });
  });
}

export function generatorPoint(e, p) {
  e.x.value = String(Math.round(p[0] * 10) / 10);
  e.y.value = String(Math.round(p[1] * 10) / 10);
  e.error.hide();
}
