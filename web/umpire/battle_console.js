// The umpire's part of the Battle tab: creating a battle, the set-up editor (add units, leaders and terrain,
// place them by dragging on the map: battle.place), start, close the turn, step through the resolution with
// the next step named before it applies, overrides with a required reason, and ending the battle.
// The god view is the map and tables themselves: the server sends umpires the whole battle.

import { h, setText, errorLine, runForm } from '../common/dom.js';
import { TERRAIN_KINDS, TROOP_LABELS } from '../common/battle/map.js';
import { memberName, describeCard } from '../common/battle/cards.js';

const STEP_LABELS = {
  orders: 'Orders: ORDER cards become pending orders, MOVE cards move leaders, ENGAGE marks leaders in the fight',
  movement: 'Movement: units act on digested orders (reaction tests first for advance, charge, retreat)',
  fire: 'Fire: musketry and cannon',
  reaction: 'Reaction: every unit that received a volley tests',
  melee: 'Melee: units in contact fight a round',
  tension: 'Tension: inspiration, rest, rally; pending orders digest; the next turn opens',
};

const OVERRIDES = {
  move: 'Move a unit or leader',
  tp: 'Set tension points',
  order: 'Impose an order',
  result: 'Apply a reaction result',
  reaction_test: 'Call a reaction test',
  record: 'Correct the losses tally',
  leader: 'A leader\'s fate',
  reveal: 'Reveal an ambush',
  conceal: 'Conceal (an ambush)',
};

const ORDERS = ['fire', 'hold_your_fire', 'cease_fire', 'retreat', 'run_away', 'advance', 'charge', 'wheel_left', 'wheel_right', 'follow_me', 'form_square', 'form_column', 'form_line'];

function field(id, label, control, extra = {}) {
  return h('div', { class: 'field', ...extra }, h('label', { for: id }, label), control);
}

function num(id, value, attrs = {}) {
  return h('input', { type: 'number', id, testid: id, value: String(value), inputmode: 'decimal', ...attrs });
}

// "wood, town, hill" -> ['wood', 'town', 'hill']. Kinds the client does not know are refused here; the server
// checks again.
function parseKinds(text, known) {
  const list = text.split(/[\s,;]+/).map((x) => x.trim().toLowerCase()).filter(Boolean);
  const bad = list.filter((k) => !known.includes(k));
  if (bad.length) throw new Error(`Not a kind of terrain: ${bad.join(', ')}. Use ${known.join(', ')}.`);
  return [...new Set(list)];
}

// "wood 0.5, marsh 0.5, river 0" -> {wood: 0.5, marsh: 0.5, river: 0} (also "wood: 0.5" or "wood=0.5").
function parseFactors(text, known) {
  const out = {};
  for (const part of text.split(/[,;\n]+/).map((x) => x.trim()).filter(Boolean)) {
    const m = /^([a-z_]+)\s*[:=]?\s*([0-9]*\.?[0-9]+)$/i.exec(part);
    if (!m) throw new Error(`"${part}": write a kind of terrain and a factor, e.g. "wood 0.5".`);
    const kind = m[1].toLowerCase();
    const f = Number(m[2]);
    if (!known.includes(kind)) throw new Error(`Not a kind of terrain: ${kind}. Use ${known.join(', ')}.`);
    if (!(f >= 0 && f <= 1)) throw new Error(`${kind} ${m[2]}: the factor runs from 0 (impassable) to 1 (full speed).`);
    if (kind in out) throw new Error(`${kind} is given twice.`);
    out[kind] = f;
  }
  return out;
}

const kindsText = (list) => (Array.isArray(list) ? list.join(', ') : '');
const factorsText = (obj) => (obj && typeof obj === 'object' ? Object.entries(obj).map(([k, v]) => `${k} ${v}`).join(', ') : '');

export function umpireBattleConsole(ctx, campaignId, { select, map, redrawMap }) {
  const C = Number(campaignId);
  let view = null;
  let battle = null;
  let selected = null; // {kind, id} on the map

  const send = (type, body) => ctx.conn.send(type, { campaign: C, ...body });

  // ---- create ----
  const cName = h('input', { type: 'text', id: 'battle-create-name', testid: 'battle-create-name', maxlength: 80, placeholder: 'Fontenoy' });
  const cSideA = h('input', { type: 'text', id: 'battle-create-side-a', testid: 'battle-create-side-a', value: 'British', maxlength: 40 });
  const cSideB = h('input', { type: 'text', id: 'battle-create-side-b', testid: 'battle-create-side-b', value: 'French', maxlength: 40 });
  const cWidth = num('battle-create-width', 180, { min: 20, max: 1000 });
  const cDepth = num('battle-create-depth', 120, { min: 20, max: 1000 });
  const cPlayers = h('div', { class: 'create-players', testid: 'battle-create-players' });
  const cRegiments = h('label', { class: 'check' }, h('input', { type: 'checkbox', testid: 'battle-create-regiments', id: 'battle-create-regiments' }),
    ' Bring each player\'s regiment (current Drill, Musketry, Effectiveness; four bases)');
  const cButton = h('button', { type: 'submit', class: 'primary', testid: 'battle-create' }, 'Create the battle');
  const cError = errorLine('battle-create-error');
  const createForm = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field-row' }, field('battle-create-name', 'Name', cName), h('div', { class: 'field-row' }, field('battle-create-width', 'Width (cm)', cWidth), field('battle-create-depth', 'Depth (cm)', cDepth))),
    h('div', { class: 'field-row' }, field('battle-create-side-a', 'First side', cSideA), field('battle-create-side-b', 'Second side', cSideB)),
    h('div', { class: 'field' }, h('span', { class: 'label' }, 'Leaders: each player\'s side'), cPlayers),
    cRegiments,
    h('div', { class: 'form-actions' }, cButton), cError.el);
  const createBox = h('details', { class: 'card panel panel-battle-create', testid: 'battle-create-panel' },
    h('summary', {}, h('h2', { class: 'inline-h2' }, 'New battle')), createForm);

  const sideId = (name, i) => (name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || `side${i + 1}`);

  createForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const W = Number(cWidth.value) || 180;
    const Dp = Number(cDepth.value) || 120;
    const sides = [cSideA.value.trim() || 'First', cSideB.value.trim() || 'Second'].map((n, i) => ({ id: sideId(n, i), name: n }));
    if (sides[0].id === sides[1].id) sides[1].id += '_2';
    const leaders = [];
    const regiments = [];
    const withRegiments = createForm.querySelector('#battle-create-regiments').checked;
    const counts = [0, 0];
    for (const sel of cPlayers.querySelectorAll('select')) {
      const i = Number(sel.value);
      if (sel.value === '') continue;
      const x = Math.round(W / 3 + counts[i] * 30);
      counts[i] += 1;
      const y = i === 0 ? Math.round(Dp * 0.25) : Math.round(Dp * 0.75);
      leaders.push({ user: Number(sel.dataset.user), side: sides[i].id, name: sel.dataset.name, position: [x, y] });
      if (withRegiments) regiments.push({ colonel: Number(sel.dataset.user), side: sides[i].id, position: [x, i === 0 ? y + 3 : y - 3], facing: i === 0 ? 0 : 180 });
    }
    const body = { name: cName.value.trim() || 'Battle', table: { width: W, depth: Dp, measure: 'cm' }, sides, leaders };
    if (regiments.length) body.from_regiments = regiments;
    runForm({
      button: cButton,
      error: cError,
      action: async () => {
        const r = await send('battle.create', body);
        createBox.open = false;
        cName.value = '';
        if (r && r.battle) select(r.battle);
      },
    });
  });

  // ---- set-up editor ----
  const uSide = h('select', { id: 'battle-unit-side', testid: 'battle-unit-side' });
  const uName = h('input', { type: 'text', id: 'battle-unit-name', testid: 'battle-unit-name', maxlength: 80, placeholder: '33rd Foot' });
  const uType = h('select', { id: 'battle-unit-type', testid: 'battle-unit-type' },
    ...Object.entries(TROOP_LABELS).map(([k, v]) => h('option', { value: k }, v)));
  const uFormation = h('select', { id: 'battle-unit-formation', testid: 'battle-unit-formation' },
    h('option', { value: 'line' }, 'Line'), h('option', { value: 'column' }, 'Column'), h('option', { value: 'square' }, 'Square'));
  const uOwner = h('select', { id: 'battle-unit-owner', testid: 'battle-unit-owner' });
  const uBases = num('battle-unit-bases', 4, { min: 1, max: 12 });
  const uD = num('battle-unit-drill', 2, { min: 0, max: 6 });
  const uM = num('battle-unit-musketry', 2, { min: 0, max: 6 });
  const uE = num('battle-unit-effectiveness', 2, { min: 0, max: 6 });
  // An ambush: the server sends a concealed piece only to its own side and umpires until it is revealed.
  const uConcealed = h('input', { type: 'checkbox', id: 'battle-unit-concealed', testid: 'battle-unit-concealed' });
  const uAdd = h('button', { type: 'submit', class: 'secondary', testid: 'battle-unit-add' }, 'Add the unit');
  const uError = errorLine('battle-unit-error');
  const unitForm = h('form', { class: 'stack editor-form', novalidate: true },
    h('div', { class: 'field-row' }, field('battle-unit-name', 'Unit', uName), field('battle-unit-side', 'Side', uSide)),
    h('div', { class: 'field-row' }, field('battle-unit-type', 'Troops', uType), field('battle-unit-formation', 'Formation', uFormation)),
    h('div', { class: 'field-row' }, field('battle-unit-owner', 'Commanded by', uOwner), field('battle-unit-bases', 'Bases', uBases)),
    h('div', { class: 'field-row three' }, field('battle-unit-drill', 'Drill', uD), field('battle-unit-musketry', 'Musketry', uM), field('battle-unit-effectiveness', 'Effect.', uE)),
    h('label', { class: 'check', for: 'battle-unit-concealed' }, uConcealed, ' Concealed (ambush): the enemy does not see it until it moves, fires or is spotted'),
    h('div', { class: 'form-actions' }, uAdd), uError.el);

  const tKind = h('select', { id: 'battle-terrain-kind', testid: 'battle-terrain-kind' }, ...TERRAIN_KINDS.map((k) => h('option', { value: k }, k)));
  const tName = h('input', { type: 'text', id: 'battle-terrain-name', testid: 'battle-terrain-name', maxlength: 80, placeholder: 'Bois de Barry' });
  const tAdd = h('button', { type: 'submit', class: 'secondary', testid: 'battle-terrain-add' }, 'Add terrain');
  const tError = errorLine('battle-terrain-error');
  const terrainForm = h('form', { class: 'inline-form editor-form', novalidate: true },
    field('battle-terrain-kind', 'Terrain', tKind), field('battle-terrain-name', 'Name', tName), h('div', { class: 'form-actions' }, tAdd), tError.el);

  const lUser = h('select', { id: 'battle-leader-user', testid: 'battle-leader-user' });
  const lSide = h('select', { id: 'battle-leader-side', testid: 'battle-leader-side' });
  const lConcealed = h('input', { type: 'checkbox', id: 'battle-leader-concealed', testid: 'battle-leader-concealed' });
  const lAdd = h('button', { type: 'submit', class: 'secondary', testid: 'battle-leader-add' }, 'Add leader');
  const lError = errorLine('battle-leader-error');
  const leaderForm = h('form', { class: 'inline-form editor-form', novalidate: true },
    field('battle-leader-user', 'Leader (player)', lUser), field('battle-leader-side', 'Side', lSide),
    h('label', { class: 'check', for: 'battle-leader-concealed' }, lConcealed, ' Concealed (ambush)'),
    h('div', { class: 'form-actions' }, lAdd), lError.el);

  const selInfo = h('p', { class: 'selected-info', testid: 'battle-selected' }, 'Click a unit, leader or terrain on the map to select it.');
  const rotL = h('button', { type: 'button', class: 'small', testid: 'battle-rotate-left', title: 'Turn 45° left' }, '⟲ 45°');
  const rotR = h('button', { type: 'button', class: 'small', testid: 'battle-rotate-right', title: 'Turn 45° right' }, '⟳ 45°');
  const about = h('button', { type: 'button', class: 'small', testid: 'battle-about-face' }, 'About face');
  const remove = h('button', { type: 'button', class: 'small danger-ghost', testid: 'battle-remove' }, 'Remove');
  const selConcealed = h('input', { type: 'checkbox', id: 'battle-selected-concealed', testid: 'battle-selected-concealed' });
  const selConcealedLabel = h('label', { class: 'check', for: 'battle-selected-concealed' }, selConcealed, ' Concealed (ambush)');
  const selError = errorLine('battle-selected-error');
  const selActions = h('div', { class: 'form-actions', hidden: true }, rotL, rotR, about, remove, selConcealedLabel);

  const autoRun = h('input', { type: 'checkbox', id: 'battle-auto-run', testid: 'battle-auto-run' });
  const turnSeconds = num('battle-turn-seconds', 0, { min: 0, max: 86400 });
  // Ambushes and terrain (spot_cm, ambush_surprise, blocks_sight, terrain_movement): sent only when changed,
  // so a server without them is not troubled by the form.
  const spotCm = h('input', { type: 'number', id: 'battle-spot-cm', testid: 'battle-spot-cm', min: 0, max: 1000, step: 'any', inputmode: 'decimal', placeholder: 'e.g. 10' });
  const surprise = h('input', { type: 'checkbox', id: 'battle-ambush-surprise', testid: 'battle-ambush-surprise' });
  const blocksSight = h('input', { type: 'text', id: 'battle-blocks-sight', testid: 'battle-blocks-sight', placeholder: 'wood, town, hill', autocomplete: 'off' });
  const movement = h('input', { type: 'text', id: 'battle-terrain-movement', testid: 'battle-terrain-movement', placeholder: 'wood 0.5, marsh 0.5, town 0.5, river 0', autocomplete: 'off' });
  const settingsSave = h('button', { type: 'button', class: 'small secondary', testid: 'battle-settings-save' }, 'Save');
  const settingsError = errorLine('battle-settings-error');
  const settingsBox = h('div', { class: 'stack settings-form' },
    h('div', { class: 'inline-form' },
      h('label', { class: 'check', for: 'battle-auto-run' }, autoRun, ' Resolve each turn at once (untick to step through it)'),
      field('battle-turn-seconds', 'Turn timer (s, 0 none)', turnSeconds)),
    h('div', { class: 'field-row' },
      field('battle-spot-cm', 'Ambushers are seen within (cm)', spotCm),
      h('label', { class: 'check', for: 'battle-ambush-surprise' }, surprise, ' A sprung ambush: the enemy units that see it take a reaction test (surprised)')),
    h('div', { class: 'field' }, h('label', { for: 'battle-blocks-sight' }, 'Terrain that blocks sight'), blocksSight,
      h('p', { class: 'hint' }, `Kinds of terrain, separated by commas: ${TERRAIN_KINDS.join(', ')}.`)),
    h('div', { class: 'field' }, h('label', { for: 'battle-terrain-movement' }, 'Movement in terrain'), movement,
      h('p', { class: 'hint' }, 'A kind and the part of normal speed kept in it: 1 full speed, 0.5 half, 0 impassable except where a road crosses. Kinds left out: full speed.')),
    h('div', { class: 'form-actions' }, settingsSave), settingsError.el);
  // One form, two places: under "Settings" in the set-up panel, and in a collapsible box of the play panel until
  // the battle ends (the server takes battle.settings until then). update() moves it where the battle stands.
  const setupSettings = h('div', { testid: 'battle-setup-settings' }, settingsBox);
  const playSettings = h('details', { class: 'override-box settings-box', testid: 'battle-play-settings' },
    h('summary', {}, 'Settings'),
    h('p', { class: 'hint' }, 'A new turn timer runs from the next turn, auto-run from the next turn closed; the other settings count from the next step resolved.'));
  let settingsDirty = false; // the umpire has changed a field: pushes no longer refill the form until it is saved
  let settingsBattle = null;
  settingsBox.addEventListener('input', () => { settingsDirty = true; });
  settingsBox.addEventListener('change', () => { settingsDirty = true; });

  const start = h('button', { type: 'button', class: 'primary', testid: 'battle-start' }, 'Start the battle');
  const startError = errorLine('battle-start-error');
  const setupBox = h('section', { class: 'card panel panel-battle-setup', testid: 'battle-setup', 'aria-labelledby': 'setup-heading' },
    h('h2', { id: 'setup-heading' }, 'Set-up'),
    h('p', { class: 'hint' }, 'New pieces appear in their side\'s half of the table; drag them into place on the map.'),
    h('div', { class: 'setup-grid' },
      h('div', {}, h('h3', {}, 'Add a unit'), unitForm),
      h('div', {}, h('h3', {}, 'Terrain and leaders'), terrainForm, leaderForm,
        h('h3', {}, 'Selected'), selInfo, selActions, selError.el)),
    h('h3', {}, 'Settings'), setupSettings,
    h('div', { class: 'form-actions start-row' }, start), startError.el);

  // ---- play: turn controls ----
  const turnInfo = h('p', { class: 'turn-info', testid: 'battle-turn-info' });
  const cards = h('ul', { class: 'umpire-cards', testid: 'battle-umpire-cards' });
  const closeTurn = h('button', { type: 'button', class: 'primary', testid: 'battle-close-turn' }, 'Close the turn and reveal');
  const nextStep = h('p', { class: 'next-step', testid: 'battle-next-step' });
  const stepDice = h('input', { type: 'text', id: 'battle-step-dice', testid: 'battle-step-dice', placeholder: 'e.g. 6, 2 (optional)', inputmode: 'numeric' });
  const step = h('button', { type: 'button', class: 'primary', testid: 'battle-step' }, 'Apply this step');
  const playError = errorLine('battle-play-error');
  const stepBox = h('div', { class: 'step-box', hidden: true }, nextStep,
    h('div', { class: 'inline-form' }, field('battle-step-dice', 'Your dice for this step', stepDice), h('div', { class: 'form-actions' }, step)));

  // ---- overrides ----
  const oWhat = h('select', { id: 'battle-override-what', testid: 'battle-override-what' }, ...Object.entries(OVERRIDES).map(([k, v]) => h('option', { value: k }, v)));
  const oTarget = h('select', { id: 'battle-override-target', testid: 'battle-override-target' });
  const oValue = h('select', { id: 'battle-override-value', testid: 'battle-override-value' });
  const oNumber = num('battle-override-number', 0, { min: 0, max: 8 });
  const oX = num('battle-override-x', 0, { step: 'any' });
  const oY = num('battle-override-y', 0, { step: 'any' });
  const oFacing = num('battle-override-facing', 0, { step: 'any' });
  const oDice = h('input', { type: 'text', id: 'battle-override-dice', testid: 'battle-override-dice', placeholder: 'faces (optional)' });
  const oReason = h('input', { type: 'text', id: 'battle-override-reason', testid: 'battle-override-reason', maxlength: 200, required: true, placeholder: 'Why (shown in the log)' });
  const oSubmit = h('button', { type: 'submit', class: 'danger', testid: 'battle-override-submit' }, 'Override');
  const oError = errorLine('battle-override-error');
  const fValue = field('battle-override-value', 'Value', oValue);
  const fNumber = field('battle-override-number', 'Value', oNumber);
  const fPos = h('div', { class: 'field-row three' }, field('battle-override-x', 'x', oX), field('battle-override-y', 'y', oY), field('battle-override-facing', 'Facing°', oFacing));
  const fDice = field('battle-override-dice', 'Dice', oDice);
  const overrideForm = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field-row' }, field('battle-override-what', 'Override', oWhat), field('battle-override-target', 'Of', oTarget)),
    fValue, fNumber, fPos, fDice, field('battle-override-reason', 'Reason (required)', oReason),
    h('div', { class: 'form-actions' }, oSubmit), oError.el);

  const endButton = h('button', { type: 'button', class: 'danger-ghost', testid: 'battle-end' }, 'End the battle…');
  const endConfirm = h('button', { type: 'button', class: 'danger', testid: 'battle-end-confirm' }, 'End it: reckon the losses');
  const endCancel = h('button', { type: 'button', class: 'ghost', testid: 'battle-end-cancel' }, 'Cancel');
  const endBox = h('div', { class: 'confirm-box', hidden: true },
    h('p', {}, 'Each unit\'s losses are rolled and applied to the campaign\'s regiments; the Records chart is shown to all. This cannot be undone.'),
    h('div', { class: 'form-actions' }, endConfirm, endCancel));
  const endError = errorLine('battle-end-error');

  const overrideBox = h('details', { class: 'override-box', testid: 'battle-override' }, h('summary', {}, 'Overrides'), overrideForm);
  const playBox = h('section', { class: 'card panel panel-battle-play', testid: 'battle-umpire-play', 'aria-labelledby': 'play-heading' },
    h('h2', { id: 'play-heading' }, 'Umpire: the turn'),
    turnInfo, h('h3', {}, 'Cards this turn (only you see them before the reveal)'), cards,
    h('div', { class: 'form-actions' }, closeTurn), stepBox, playError.el,
    overrideBox, playSettings,
    h('div', { class: 'end-row' }, endButton, endBox, endError.el));

  const el = h('div', { class: 'battle-console', testid: 'battle-console' }, setupBox, playBox);

  // ---- helpers ----
  const B = () => ({ battle: battle.id });
  const unitById = (id) => (battle.units || []).find((u) => u.id === id);
  const leaderById = (id) => (battle.leaders || []).find((l) => l.id === id);
  const terrainById = (id) => (battle.terrain || []).find((t) => t.id === id);
  const players = () => Object.values(view.members || {}).filter((m) => m.role === 'player');
  // Kinds the settings may name: the client's list and any other kind on this table.
  const knownKinds = () => [...new Set([...TERRAIN_KINDS, ...(battle.terrain || []).map((t) => t.kind)])];
  const pieceById = (kind, id) => (kind === 'unit' ? unitById(id) : kind === 'leader' ? leaderById(id) : null);

  function spot(sideIndex) {
    const t = battle.table || { width: 180, depth: 120 };
    const n = (battle.units || []).filter((u) => u.side === (battle.sides[sideIndex] || {}).id).length;
    const x = Math.round(t.width * 0.2 + ((n * 25) % (t.width * 0.6)));
    return [x, Math.round(sideIndex === 0 ? t.depth * 0.2 : t.depth * 0.8)];
  }

  unitForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const si = Number(uSide.value) || 0;
    const unit = {
      side: battle.sides[si].id,
      name: uName.value.trim() || `${TROOP_LABELS[uType.value]} ${(battle.units || []).length + 1}`,
      troop_type: uType.value, formation: uFormation.value, bases: Number(uBases.value) || 4,
      owner: Number(uOwner.value) || 0, position: spot(si), facing: si === 0 ? 0 : 180,
      values: { drill: Number(uD.value), musketry: Number(uM.value), effectiveness: Number(uE.value) },
    };
    if (uConcealed.checked) unit.concealed = true;
    // The box is cleared after each unit: the next one is not hidden by accident.
    runForm({ button: uAdd, error: uError, action: async () => { await send('battle.place', { ...B(), unit }); uName.value = ''; uConcealed.checked = false; } });
  });

  function terrainShape(kind) {
    const t = battle.table || { width: 180, depth: 120 };
    const cx = t.width / 2;
    const cy = t.depth / 2;
    if (kind === 'hill') return { shape: 'circle', centre: [cx, cy], radius: 12 };
    if (kind === 'river') return { shape: 'polyline', points: [[0, cy], [t.width / 3, cy + 6], [2 * t.width / 3, cy - 4], [t.width, cy + 2]], width: 4 };
    if (kind === 'road') return { shape: 'polyline', points: [[cx, 0], [cx + 4, t.depth / 2], [cx - 2, t.depth]], width: 2 };
    if (kind === 'wall') return { shape: 'polyline', points: [[cx - 12, cy], [cx + 12, cy]], width: 0 };
    if (kind === 'town') return { shape: 'polygon', points: [[cx - 7, cy - 6], [cx + 7, cy - 6], [cx + 7, cy + 6], [cx - 7, cy + 6]] };
    return { shape: 'polygon', points: [[cx - 15, cy - 8], [cx + 10, cy - 12], [cx + 16, cy + 6], [cx - 8, cy + 11]] };
  }
  terrainForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const terrain = { kind: tKind.value, name: tName.value.trim(), ...terrainShape(tKind.value) };
    runForm({ button: tAdd, error: tError, action: async () => { await send('battle.place', { ...B(), terrain }); tName.value = ''; } });
  });
  leaderForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const si = Number(lSide.value) || 0;
    const user = Number(lUser.value);
    const p = spot(si);
    const leader = { user, side: battle.sides[si].id, name: memberName(view, user), position: [p[0], p[1] + (si === 0 ? -4 : 4)] };
    if (lConcealed.checked) leader.concealed = true;
    runForm({ button: lAdd, error: lError, action: async () => { await send('battle.place', { ...B(), leader }); lConcealed.checked = false; } });
  });

  function turnSelected(by) {
    if (!selected || selected.kind !== 'unit') return;
    const u = unitById(selected.id);
    if (!u) return;
    const facing = ((u.facing || 0) + by + 360) % 360;
    runForm({ error: selError, action: () => send('battle.place', { ...B(), unit: { id: u.id, facing } }) });
  }
  rotL.addEventListener('click', () => turnSelected(-45));
  rotR.addEventListener('click', () => turnSelected(45));
  about.addEventListener('click', () => turnSelected(180));
  remove.addEventListener('click', () => {
    if (!selected) return;
    const body = { ...B(), [selected.kind]: selected.id };
    runForm({ button: remove, error: selError, action: async () => { await send('battle.remove', body); selected = null; map.select(null); fillSelected(); } });
  });

  selConcealed.addEventListener('change', () => {
    if (!selected || selected.kind === 'terrain') return;
    const body = { ...B(), [selected.kind]: { id: selected.id, concealed: selConcealed.checked } };
    runForm({ error: selError, action: () => send('battle.place', body) }).then((ok) => { if (!ok) fillSelected(); });
  });

  // The settings as the form has them; the new ones only where they differ from the view's.
  function settingsToSend() {
    const cur = battle.settings || {};
    const out = { auto_run: autoRun.checked, turn_seconds: Number(turnSeconds.value) || 0 };
    const spotText = spotCm.value.trim();
    if (spotText !== '') {
      const v = Number(spotText);
      if (!(v >= 0 && v <= 1000)) throw new Error('The distance at which ambushers are seen: a number of cm from 0 to 1000.');
      if (v !== cur.spot_cm) out.spot_cm = v;
    } else if (cur.spot_cm !== undefined) {
      throw new Error('Give the distance at which ambushers are seen (cm).');
    }
    if (surprise.checked !== !!cur.ambush_surprise) out.ambush_surprise = surprise.checked;
    const kinds = parseKinds(blocksSight.value, knownKinds());
    if (kindsText(kinds) !== kindsText(cur.blocks_sight || [])) out.blocks_sight = kinds;
    const factors = parseFactors(movement.value, knownKinds());
    if (factorsText(factors) !== factorsText(cur.terrain_movement || {})) out.terrain_movement = factors;
    return out;
  }
  function fillSettings(b) {
    const st = b.settings || {};
    autoRun.checked = !!st.auto_run;
    turnSeconds.value = String(st.turn_seconds || 0);
    spotCm.value = typeof st.spot_cm === 'number' ? String(st.spot_cm) : '';
    surprise.checked = !!st.ambush_surprise;
    blocksSight.value = kindsText(st.blocks_sight);
    movement.value = factorsText(st.terrain_movement);
  }
  settingsSave.addEventListener('click', () => {
    runForm({ button: settingsSave, error: settingsError, action: async () => {
      await send('battle.settings', { ...B(), settings: settingsToSend() });
      settingsDirty = false;
      fillSettings(battle);
    } });
  });
  start.addEventListener('click', () => runForm({ button: start, error: startError, action: () => send('battle.start', B()) }));
  closeTurn.addEventListener('click', () => runForm({ button: closeTurn, error: playError, action: () => send('battle.close_turn', B()) }));
  const faces = (text) => text.split(/[\s,]+/).filter(Boolean).map(Number);
  step.addEventListener('click', () => {
    const body = B();
    const d = faces(stepDice.value);
    if (d.length) body.dice = d;
    runForm({ button: step, error: playError, action: async () => { await send('battle.step', body); stepDice.value = ''; } });
  });

  function fillTargets() {
    const what = oWhat.value;
    const keep = oTarget.value;
    const opts = [];
    // Reveal offers the concealed pieces, Conceal the others still on the table.
    const hidden = what === 'reveal' || what === 'conceal';
    const fits = (x) => (what === 'reveal' ? x.concealed === true : what === 'conceal' ? x.concealed !== true && !x.removed : true);
    const leaders = (battle.leaders || []).filter(fits);
    if (what === 'move' || what === 'leader' || hidden) {
      for (const l of leaders) opts.push(h('option', { value: `leader:${l.id}` }, `Leader: ${l.name}`));
    }
    if (what !== 'leader') for (const u of (battle.units || []).filter(fits)) opts.push(h('option', { value: `unit:${u.id}` }, u.name || `Unit ${u.id}`));
    if (what === 'move' || hidden) opts.push(...opts.splice(0, leaders.length)); // units first
    oTarget.replaceChildren(...opts);
    if ([...oTarget.options].some((o) => o.value === keep)) oTarget.value = keep;
    let values = [];
    if (what === 'order') values = [['', 'No order'], ...ORDERS.map((o) => [o, o.replace(/_/g, ' ')])];
    if (what === 'result') values = ['OK', 'NA', 'FB', 'RA', 'Ch', 'CF'].map((r) => [r, r]);
    if (what === 'leader') values = ['unhurt', 'wounded', 'killed'].map((r) => [r, r]);
    if (what === 'record') values = [['times_ran_away', 'Times ran away'], ['turns_of_musketry_received', 'Turns of musketry received'], ['turns_fired_on_by_cannon', 'Turns under cannon']];
    const keepV = oValue.value;
    oValue.replaceChildren(...values.map(([v, l]) => h('option', { value: v }, l)));
    if (values.some(([v]) => v === keepV)) oValue.value = keepV;
    fValue.hidden = values.length === 0;
    fNumber.hidden = !(what === 'tp' || what === 'record');
    fPos.hidden = what !== 'move';
    fDice.hidden = what !== 'reaction_test';
    if (what === 'move') fillPosition();
  }
  function fillPosition() {
    const [kind, id] = oTarget.value.split(':');
    const item = kind === 'unit' ? unitById(Number(id)) : leaderById(Number(id));
    if (!item) return;
    oX.value = String(item.position[0]);
    oY.value = String(item.position[1]);
    oFacing.value = String(item.facing ?? 0);
    oFacing.disabled = kind !== 'unit';
  }
  oWhat.addEventListener('change', fillTargets);
  const targetKey = (b) => `${b.id}:${(b.units || []).map((u) => `${u.id}${u.concealed ? 'c' : ''}${u.removed ? 'r' : ''}`).join(',')}:${(b.leaders || []).map((l) => `${l.id}${l.concealed ? 'c' : ''}`).join(',')}`;
  oTarget.addEventListener('change', () => { if (oWhat.value === 'move') fillPosition(); });
  overrideForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const reason = oReason.value.trim();
    if (!reason) { oError.show('Give a reason: it goes in the log.'); oReason.focus(); return; }
    const what = oWhat.value;
    if (!oTarget.value) { oError.show(what === 'reveal' ? 'Nothing is concealed.' : 'Nothing to choose.'); return; }
    const [kind, idText] = oTarget.value.split(':');
    const id = Number(idText);
    const body = { ...B(), what, reason };
    if (what === 'reveal' || what === 'conceal') {
      body[kind] = id;
    } else if (what === 'move') {
      body[kind] = id;
      body.position = [Number(oX.value), Number(oY.value)];
      if (kind === 'unit') body.facing = Number(oFacing.value);
    } else if (what === 'leader') {
      body.leader = id;
      body.fate = oValue.value;
    } else {
      body.unit = id;
      if (what === 'tp') body.value = Number(oNumber.value);
      if (what === 'order') body.order = oValue.value || null;
      if (what === 'result') body.result = oValue.value;
      if (what === 'record') body[oValue.value] = Number(oNumber.value);
      if (what === 'reaction_test') { const d = faces(oDice.value); if (d.length) body.dice = d; }
    }
    runForm({ button: oSubmit, error: oError, action: async () => { await send('battle.override', body); oReason.value = ''; } });
  });

  endButton.addEventListener('click', () => { endBox.hidden = false; endButton.hidden = true; });
  endCancel.addEventListener('click', () => { endBox.hidden = true; endButton.hidden = false; });
  endConfirm.addEventListener('click', () => runForm({ button: endConfirm, error: endError, action: async () => { await send('battle.end', B()); endBox.hidden = true; endButton.hidden = false; } }));

  function fillSelected() {
    const item = selected && (selected.kind === 'unit' ? unitById(selected.id) : selected.kind === 'leader' ? leaderById(selected.id) : terrainById(selected.id));
    if (!item) {
      selected = null;
      setText(selInfo, 'Click a unit, leader or terrain on the map to select it.');
      selActions.hidden = true;
      return;
    }
    const where = item.position ? ` at (${item.position.map((n) => Math.round(n * 10) / 10).join(', ')})` : '';
    const facing = selected.kind === 'unit' ? `, facing ${Math.round(item.facing || 0)}°` : '';
    const hid = item.concealed ? ' (concealed from the enemy)' : '';
    setText(selInfo, `${selected.kind === 'terrain' ? item.kind : selected.kind}: ${item.name || `#${item.id}`}${where}${facing}${hid}`);
    selActions.hidden = false;
    selConcealedLabel.hidden = selected.kind === 'terrain';
    selConcealed.checked = !!item.concealed;
    rotL.hidden = selected.kind !== 'unit';
    rotR.hidden = selected.kind !== 'unit';
    about.hidden = selected.kind !== 'unit';
  }

  const round = (n) => Math.round(n * 10) / 10;

  return {
    el,
    createEl: createBox,
    canDrag: () => !!battle && battle.status !== 'ended',
    mapPoint() { /* clicks on empty table: nothing for now */ },
    mapSelect(sel) {
      selected = sel;
      fillSelected();
      if (battle.status !== 'setup' && sel.kind !== 'terrain') {
        overrideBox.open = true;
        oWhat.value = 'move';
        fillTargets();
        oTarget.value = `${sel.kind}:${sel.id}`;
        fillPosition();
      }
    },
    mapDrag({ kind, id, delta }) {
      if (!battle) return;
      if (battle.status === 'setup') {
        let body;
        if (kind === 'unit' || kind === 'leader') {
          const item = kind === 'unit' ? unitById(id) : leaderById(id);
          if (!item) return;
          body = { [kind]: { id, position: [round(item.position[0] + delta[0]), round(item.position[1] + delta[1])] } };
        } else {
          const t = terrainById(id);
          if (!t) return;
          const shift = (p) => [round(p[0] + delta[0]), round(p[1] + delta[1])];
          const terrain = { id, kind: t.kind, name: t.name, shape: t.shape };
          if (t.shape === 'circle') { terrain.centre = shift(t.centre); terrain.radius = t.radius; } else terrain.points = t.points.map(shift);
          if (t.shape === 'polyline') terrain.width = t.width;
          body = { terrain };
        }
        selected = { kind, id };
        runForm({ error: selError, action: () => send('battle.place', { ...B(), ...body }) }).then(() => { fillSelected(); redrawMap(); });
      } else if (kind !== 'terrain') {
        // During play a move is an override: fill the form and ask for the reason.
        const item = kind === 'unit' ? unitById(id) : leaderById(id);
        if (!item) return;
        overrideBox.open = true;
        oWhat.value = 'move';
        fillTargets();
        oTarget.value = `${kind}:${id}`;
        fillPosition();
        oX.value = String(round(item.position[0] + delta[0]));
        oY.value = String(round(item.position[1] + delta[1]));
        oReason.focus();
        setText(selInfo, 'Give the reason and press Override to move it.');
      }
    },
    update(v, b) {
      view = v;
      battle = b;
      // create form: each player and his side
      const ps = players();
      const key = ps.map((p) => p.user).join(',');
      if (cPlayers.dataset.key !== key) {
        cPlayers.dataset.key = key;
        cPlayers.replaceChildren(...(ps.length ? ps.map((p, i) => h('label', { class: 'create-player' }, h('span', {}, p.name),
          h('select', { testid: 'battle-create-player', dataset: { user: String(p.user), name: p.name } },
            h('option', { value: '' }, 'not in this battle'), h('option', { value: '0', selected: i % 2 === 0 }, 'first side'), h('option', { value: '1', selected: i % 2 === 1 }, 'second side'))))
          : [h('p', { class: 'hint' }, 'No players yet: invite them from the Umpire tab.')]));
      }
      if (!b) { createBox.open = true; setupBox.hidden = true; playBox.hidden = true; return; }
      const setup = b.status === 'setup';
      setupBox.hidden = !setup;
      playBox.hidden = setup;
      const sides = (b.sides || []).map((s, i) => h('option', { value: String(i) }, s.name || s.id));
      const sk = (b.sides || []).map((s) => s.id).join(',');
      if (uSide.dataset.key !== sk) {
        uSide.dataset.key = sk;
        uSide.replaceChildren(...sides);
        lSide.replaceChildren(...(b.sides || []).map((s, i) => h('option', { value: String(i) }, s.name || s.id)));
      }
      const ok = ps.map((p) => p.user).join(',');
      if (uOwner.dataset.key !== ok) {
        uOwner.dataset.key = ok;
        uOwner.replaceChildren(h('option', { value: '0' }, 'the umpire'), ...ps.map((p) => h('option', { value: String(p.user) }, p.name)));
        lUser.replaceChildren(...ps.map((p) => h('option', { value: String(p.user) }, p.name)));
      }
      const settingsHome = setup ? setupSettings : playSettings;
      if (settingsBox.parentNode !== settingsHome) settingsHome.append(settingsBox);
      playSettings.hidden = b.status === 'ended';
      if (settingsBattle !== b.id) { settingsBattle = b.id; settingsDirty = false; }
      if (!settingsDirty) fillSettings(b);
      fillSelected();
      start.disabled = !(b.leaders || []).some((l) => l.user);
      if (setup) return;

      const box = (b.boxes && b.boxes.cards) || { items: [] };
      const items = box.items || [];
      const played = new Set(items.map((i) => i.user));
      cards.hidden = b.status === 'ended';
      cards.previousElementSibling.hidden = b.status === 'ended';
      setText(turnInfo, b.status === 'ended' ? 'The battle has ended.' : `Turn ${b.turn}: ${b.status === 'cards' ? `${played.size} of ${(b.players || []).length} cards played` : 'cards revealed'}.${b.deadline ? ' The turn timer is running.' : ''}`);
      cards.replaceChildren(...(b.players || []).map((u) => {
        const it = items.find((i) => i.user === u);
        return h('li', { testid: 'battle-umpire-card', dataset: { user: String(u), card: it ? (it.item && it.item.card) || '' : '' } },
          h('strong', {}, memberName(v, u)), ': ', it ? describeCard(b, it.item) : h('span', { class: 'muted' }, 'not yet'));
      }));
      closeTurn.hidden = b.status !== 'cards';
      stepBox.hidden = b.status !== 'resolving';
      setText(nextStep, b.next_step ? `Next: ${STEP_LABELS[b.next_step] || b.next_step}. Nothing has applied yet; override first if you must.` : '');
      nextStep.dataset.step = b.next_step || '';
      overrideBox.hidden = b.status === 'ended';
      endButton.hidden = b.status === 'ended' || !endBox.hidden;
      if (!oTarget.options.length || oTarget.dataset.key !== targetKey(b)) {
        oTarget.dataset.key = targetKey(b);
        fillTargets();
      }
    },
  };
}
