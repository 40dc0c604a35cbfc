// The WebSocket commands docs/protocol.md documents, read from the document itself: each command's body spec
// (its fields, which are optional, and where the document states it, each field's type and range), so that a test
// can send every command hostile input and judge each answer against what the document promises
// (tests/integration/generated_input.test.mjs).
//
//   const doc = readProtocol();            // or parseProtocol(text)
//   doc.commands.get('chat.say')           // {name, role, specs: [{fields, source, ruleset, variant}]}
//   doc.headingsWithBody                   // how many `#### \`name\`` headings have a `body \`{...}\`` line
//   doc.houseRules                         // the "House rules" table as fields (rules.set's settings)
//   doc.shapes.unit                        // a shape named in bodies ("units"?: [unit]), read where it is defined
//   doc.errorTables                        // each table of error codes: {title (its section), codes}
//   specAt(spec, ['orders', 'maintained']) // the field spec at a path of a body, or undefined
//
// Where the document's words for a type cannot be read, the field's type is 'unknown': a test must then judge
// no value of it as a breach of the document.
//
// The sources read, in the document's own forms:
//   - a heading `#### \`name\`` (a role in parentheses may follow) whose section has a line `body \`{...}\``,
//     or `body:` and a fenced JSON block, or `body: a diary as \`other\` takes it` (the other's spec);
//   - a bullet `- \`name\` \`{...}\`` (the expeditions' commands), a bold `**\`name\`** ... \`{...}\``, and an
//     inline code span `\`name {...}\`` anywhere (`month.pause {"reason": ...}`);
//   - the variants of `battle.act` (`"action"`) and `battle.override` (`"what"`): a code span `\`"word"\``
//     followed by a code span `\`{...}\`` in a book's `**\`battle.act\`**` paragraph or its `**Overrides**`
//     paragraph, or under the heading of `battle.override`; the book is the `### ... (\`"ruleset": "id"\`)`
//     section they are in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const PROTOCOL_MD = path.join(REPO, 'docs/protocol.md');

const COMMAND_NAME = /^[a-z_]+\.[a-z_]+$/;

/** Splits `text` at top-level occurrences of `sep` (outside quotes, (), [], {}). */
export function splitTop(text, sep) {
  const out = [];
  let depth = 0;
  let inStr = false;
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inStr) {
      cur += ch;
      if (ch === '\\') { cur += text[++i] ?? ''; continue; }
      if (ch === '"') inStr = false;
      continue;
    }
    if (ch === '"') { inStr = true; cur += ch; continue; }
    if ('([{'.includes(ch)) depth += 1;
    if (')]}'.includes(ch)) depth -= 1;
    if (depth === 0 && text.startsWith(sep, i)) {
      out.push(cur);
      cur = '';
      i += sep.length - 1;
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

/** The index of the bracket closing the one at `open` (outside quotes), or -1. */
function closing(text, open) {
  const pairs = { '{': '}', '[': ']', '(': ')' };
  let depth = 0;
  let inStr = false;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (inStr) {
      if (ch === '\\') { i += 1; continue; }
      if (ch === '"') inStr = false;
      continue;
    }
    if (ch === '"') { inStr = true; continue; }
    if (ch in pairs) depth += 1;
    if (')]}'.includes(ch)) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const ID_WORDS = new Set(['id', 'user id', 'colonel user id', 'leader id', 'enemy id', 'unit id', 'version', 'unix ms', 'n',
  'month number', 'option index', 'game turn']);
const RANGE = /^(-?\d+)\s*(?:-|\.\.)\s*(-?\d+|[a-z_][a-z_/]*)$/;

/** Reads a range text (`1-80`, `0..N`, `3..last_regiment`, `>= 1`, `0..starting_money/pip_price`) as {min, max}. */
function readRange(text) {
  const t = text.trim();
  let m = RANGE.exec(t);
  if (m) return { min: Number(m[1]), max: /^-?\d+$/.test(m[2]) ? Number(m[2]) : m[2] };
  m = /^>=\s*(-?\d+)$/.exec(t);
  if (m) return { min: Number(m[1]) };
  return null;
}

/** Peels trailing parenthesised notes off a value text: `string (1-80)` -> ['string', ['1-80']]. */
function peelNotes(text) {
  let core = text.trim();
  const notes = [];
  for (;;) {
    if (!core.endsWith(')')) break;
    // find the opening paren matching the last one
    let depth = 0;
    let inStr = false;
    let at = -1;
    for (let i = core.length - 1; i >= 0; i--) {
      const ch = core[i];
      if (ch === '"') inStr = !inStr;
      if (inStr) continue;
      if (ch === ')') depth += 1;
      if (ch === '(') { depth -= 1; if (depth === 0) { at = i; break; } }
    }
    if (at <= 0) break;
    notes.unshift(core.slice(at + 1, -1).trim());
    core = core.slice(0, at).trim();
  }
  return [core, notes];
}

/** A value's spec from the document's words for it. */
export function readValue(text) {
  const raw = text.trim();
  const [core, notes] = peelNotes(raw);
  const spec = { type: 'unknown', raw };
  const applyNotes = () => {
    for (const n of notes) {
      const r = readRange(n);
      if (r && spec.type === 'string' && spec.minLen === undefined) { spec.minLen = r.min; spec.maxLen = r.max; }
      else if (r && ['integer', 'range'].includes(spec.type) && spec.min === undefined) Object.assign(spec, r);
      const items = /^(\d+)\+$/.exec(n);
      if (items && spec.type === 'array') spec.minItems = Number(items[1]);
    }
    return spec;
  };
  if (core === '') return spec;
  const orNull = /^([\s\S]+?)\s+or null$/.exec(core);
  if (orNull) return Object.assign(readValue(orNull[1] + (notes.length ? ` (${notes.join(') (')})` : '')), { nullable: true, raw });
  // Alternatives: an enumeration of strings (maybe with null, maybe open with "..."), or a type or null.
  const alts = splitTop(core, '|');
  if (alts.length > 1) {
    const nullable = alts.some((a) => a === 'null');
    const rest = alts.filter((a) => a !== 'null');
    const quoted = (a) => /^"[^"]*"(\s*\.\.\.)?$/.test(a);
    if (rest.length > 0 && rest.every(quoted)) {
      const values = rest.map((a) => /^"([^"]*)"/.exec(a)[1]);
      const open = rest.some((a) => a.endsWith('...'));
      return Object.assign(spec, open ? { type: 'string', open: true, examples: values } : { type: 'enum', values }, nullable ? { nullable } : {});
    }
    if (nullable && rest.length === 1) {
      const inner = readValue(rest[0]);
      return Object.assign(inner, { nullable: true, raw });
    }
    return spec; // unknown: several kinds
  }
  if (core.startsWith('{')) {
    const end = closing(core, 0);
    if (end === core.length - 1) {
      const obj = readObject(core);
      Object.assign(spec, obj);
      return applyNotes();
    }
    return spec;
  }
  if (core.startsWith('[')) {
    const end = closing(core, 0);
    if (end !== core.length - 1) return spec;
    const inner = core.slice(1, -1).trim();
    spec.type = 'array';
    if (inner === 'x, y') spec.element = { type: 'number', raw: 'x or y' };
    else if (/^(numbers|faces)$/.test(inner)) spec.element = { type: 'integer', raw: inner };
    else if (/user ids$|^ids$/.test(inner)) spec.element = { type: 'id', raw: inner };
    else if (inner.startsWith('{')) {
      const parts = splitTop(inner, ',');
      spec.element = readValue(parts[0]);
    } else spec.element = readValue(inner);
    return applyNotes();
  }
  let m;
  if ((m = /^string\s*(.*)$/.exec(core))) {
    spec.type = 'string';
    const r = m[1] ? readRange(m[1].replace(/^\((.*)\)$/, '$1')) : null;
    if (r) { spec.minLen = r.min; spec.maxLen = r.max; }
    return applyNotes();
  }
  if ((m = /^(?:integer|int)\b\s*(.*)$/.exec(core))) {
    spec.type = 'integer';
    const r = m[1] ? readRange(m[1]) : null;
    if (r) Object.assign(spec, r);
    return applyNotes();
  }
  if (/^(bool|boolean|booleans|true|false)$/.test(core)) {
    spec.type = 'bool';
    if (core === 'booleans') spec.plural = true;
    return spec;
  }
  if (ID_WORDS.has(core)) { spec.type = 'id'; return applyNotes(); }
  const r = readRange(core);
  if (r && RANGE.test(core)) { Object.assign(spec, { type: 'range' }, r); return applyNotes(); }
  if (/^-?\d+(\.\d+)?$/.test(core)) { spec.type = 'number'; spec.example = Number(core); return spec; }
  if (/^"[^"]*"$/.test(core)) { spec.type = 'string'; spec.example = core.slice(1, -1); return applyNotes(); }
  return spec;
}

/** An object spec `{...}` read into {type: 'object', fields: [...], dynamic?, rest?}. */
export function readObject(text) {
  const inner = text.trim().slice(1, -1).trim();
  const spec = { type: 'object', fields: [] };
  if (inner === '' ) return spec;
  if (inner === '...' || /^as above/.test(inner)) { spec.unreadable = true; return spec; }
  let bareRun = [];
  for (const part of splitTop(inner, ',')) {
    if (part === '' ) continue;
    if (part === '...') { spec.rest = true; continue; }
    // Keys: "a"? | "b"? ... then optional ": value".
    const m = /^((?:"[^"]+"\??\s*\|\s*)*"[^"]+"\??)\s*(?::\s*([\s\S]*))?$/.exec(part);
    if (!m) {
      // `name: value`, `user id: ...`, `regiment number: 0-100`: keys of the sender's choice.
      const colon = splitTop(part, ':');
      if (colon.length >= 2) spec.dynamic = readValue(colon.slice(1).join(':'));
      else spec.unreadable = true;
      continue;
    }
    const keys = splitTop(m[1], '|').map((k) => ({ key: /"([^"]+)"/.exec(k)[1], optional: k.endsWith('?') }));
    const value = m[2] !== undefined ? readValue(m[2]) : null;
    const oneOf = keys.length > 1;
    if (value && value.plural) {
      // `"a", "b", "c": booleans`: the plural names the type of the run of bare names before it.
      for (const f of bareRun) Object.assign(f, { ...value, key: f.key, optional: f.optional, raw: value.raw });
    }
    for (const k of keys) {
      const f = { key: k.key, optional: k.optional || oneOf, ...(value ?? { type: 'unknown', raw: '' }) };
      if (oneOf) f.oneOf = keys.map((x) => x.key);
      spec.fields.push(f);
      if (!value) bareRun.push(f);
    }
    if (value) bareRun = [];
  }
  return spec;
}

/** The text of the code span beginning at `text[start] === '`'` (to its closing backtick), or null. */
function codeSpanAt(text, start) {
  if (text[start] !== '`') return null;
  const end = text.indexOf('`', start + 1);
  if (end < 0) return null;
  return { code: text.slice(start + 1, end), end: end + 1 };
}

/** Every code span of a text (single backticks, possibly across lines), with its position. */
function codeSpans(text) {
  const out = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '`') continue;
    if (text.startsWith('```', i)) { const e = text.indexOf('```', i + 3); i = e < 0 ? text.length : e + 2; continue; }
    const s = codeSpanAt(text, i);
    if (!s) break;
    out.push({ code: s.code, start: i, end: s.end });
    i = s.end - 1;
  }
  return out;
}

/**
 * Reads docs/protocol.md's text. Returns {commands: Map(name -> {name, role, specs}), headingsWithBody,
 * headingNames, houseRules, errorCodes, errorTables, shapes}.
 */
export function parseProtocol(text) {
  const lines = text.split('\n');
  const commands = new Map();
  const add = (name, spec, source, extra = {}) => {
    if (!COMMAND_NAME.test(name)) return;
    if (!commands.has(name)) commands.set(name, { name, role: null, specs: [] });
    const c = commands.get(name);
    if (extra.role && !c.role) c.role = extra.role;
    if (spec) c.specs.push({ ...spec, source, ruleset: extra.ruleset ?? null, variant: extra.variant ?? null });
  };
  const readBodyCode = (code) => {
    const t = code.trim();
    if (!t.startsWith('{') || closing(t, 0) !== t.length - 1) return null;
    return readObject(t);
  };

  // Sections: each heading to the next heading; a book's section (`### ... (\`"ruleset": "id"\`)`) names its book.
  const sections = [];
  let cur = null;
  let ruleset = null;
  lines.forEach((line, i) => {
    const h = /^(#{2,4})\s+(.*)$/.exec(line);
    if (h) {
      if (h[1].length <= 3) ruleset = /"ruleset":\s*"([a-z]+)"/.exec(h[2])?.[1] ?? null;
      cur = { level: h[1].length, title: h[2], start: i, lines: [], ruleset };
      sections.push(cur);
      return;
    }
    if (cur) cur.lines.push(line);
  });

  let headingsWithBody = 0;
  const headingNames = [];
  for (const s of sections) {
    if (s.level !== 4) continue;
    const names = codeSpans(s.title).map((c) => c.code).filter((c) => COMMAND_NAME.test(c));
    if (names.length === 0) continue;
    const role = (/\)\s*$/.test(s.title) && /\(([^()]*)\)\s*$/.exec(s.title)?.[1]) || null;
    for (const n of names) { add(n, null, 'heading', { role }); headingNames.push(n); }
    const body = s.lines.join('\n');
    const bodyLine = s.lines.findIndex((l) => l.startsWith('body `'));
    if (bodyLine >= 0) {
      headingsWithBody += 1;
      const at = body.indexOf('body `');
      const span = codeSpanAt(body, at + 5);
      const spec = span && readBodyCode(span.code);
      add(names[0], spec ?? { type: 'object', fields: [], unreadable: true }, 'heading body', { role, ruleset: s.ruleset });
    } else if (/^body:\s*$/m.test(body)) {
      const fence = /```json\n([\s\S]*?)```/.exec(body);
      const spec = fence && readBodyCode(fence[1].replace(/\s+/g, ' '));
      if (spec) add(names[0], spec, 'heading body (JSON block)', { role, ruleset: s.ruleset });
    } else {
      const alias = /^body: a [a-z]+ as `([a-z_.]+)` takes it/m.exec(body);
      if (alias) add(names[0], { type: 'object', fields: [], aliasOf: alias[1] }, 'heading body (alias)', { role, ruleset: s.ruleset });
    }
    // `other` body `{...}` within the section (a heading naming two commands).
    const spans = codeSpans(body);
    spans.forEach((sp, k) => {
      const next = spans[k + 1];
      if (COMMAND_NAME.test(sp.code) && next && /^\s*body\s*$/.test(body.slice(sp.end, next.start)) && names.includes(sp.code)
          && commands.get(sp.code).specs.length === 0) {
        const spec = readBodyCode(next.code);
        if (spec) add(sp.code, spec, 'heading body (second command)', { role, ruleset: s.ruleset });
      }
    });
  }

  // `(\`other\` for any book)`, `(\`other\` with ... is the same for any book)` in a heading's section: the other
  // command takes this one's body.
  for (const s of sections) {
    if (s.level !== 4) continue;
    const names = codeSpans(s.title).map((c) => c.code).filter((c) => COMMAND_NAME.test(c));
    const own = commands.get(names[0]);
    if (!own || own.specs.length === 0) continue;
    for (const m of s.lines.join('\n').matchAll(/\(`([a-z_]+\.[a-z_]+)`([^()]*?)(?:is the same )?for any book\)/g)) {
      // `with \`"box": "cards"\``: that value, where the other command is given one (it says nothing of leaving it out).
      const extra = [...m[2].matchAll(/`"([a-z_]+)":\s*"([a-z_]+)"`/g)].map((x) => ({ key: x[1], optional: true, type: 'enum', values: [x[2]], raw: `"${x[2]}"` }));
      add(m[1], { ...own.specs[0], fields: [...own.specs[0].fields, ...extra], aliasOf: names[0] }, 'alias', { ruleset: s.ruleset, role: own.role });
    }
  }

  // The whole text, paragraph by paragraph, for the other forms.
  for (const s of sections) {
    const overrideSection = s.level === 4 && /`battle\.override`/.test(s.title);
    for (const para of s.lines.join('\n').split(/\n\s*\n/)) {
      const region = /^\*\*`battle\.act`\*\*/.test(para) ? 'action'
        : (/^\*\*Overrides\*\*/.test(para) || overrideSection) ? 'what' : null;
      const spans = codeSpans(para);
      for (let k = 0; k < spans.length; k++) {
        const sp = spans[k];
        const next = spans[k + 1];
        const between = next ? para.slice(sp.end, next.start) : '';
        const before = para.slice(para.lastIndexOf('\n', sp.start) + 1, sp.start);
        // `name {...}` inline.
        const inline = /^([a-z_]+\.[a-z_]+)\s+(\{[\s\S]*\})$/.exec(sp.code);
        if (inline) {
          const spec = readBodyCode(inline[2]);
          if (spec) add(inline[1], spec, 'inline', { ruleset: s.ruleset });
          continue;
        }
        // `- \`name\` (role) \`{...}\``, `**\`name\`** (...) \`{...}\``.
        if (COMMAND_NAME.test(sp.code) && next) {
          // A bold name may be followed by a parenthesis holding code spans of its own: its spec is the first span after it.
          let j = k + 1;
          let gap = between;
          if (before.endsWith('**') && /^\*\*\s*\(/.test(para.slice(sp.end))) {
            const open = para.indexOf('(', sp.end);
            const close = closing(para.replace(/`[^`]*`/g, (x) => x.replace(/[()]/g, ' ')), open);
            while (spans[j] && spans[j].start < close) j += 1;
            gap = spans[j] ? para.slice(sp.end, spans[j].start) : '';
          }
          const specSpan = spans[j];
          const bullet = (/^- $/.test(before) && /^\s*(\([^()]*\))?\s*$/.test(between)) || /^\s*\(\s*$/.test(between);
          const bold = before.endsWith('**') && /^\*\*\s*(\([\s\S]*\))?\s*$/.test(gap);
          if ((bullet || bold) && specSpan && specSpan.code.trim().startsWith('{')) {
            const spec = readBodyCode(specSpan.code);
            const role = /\(([^()]*)/.exec(gap)?.[1] ?? null;
            if (spec) add(sp.code, spec, bullet ? 'bullet' : 'bold', { ruleset: s.ruleset, role });
            k = bullet ? k + 1 : j;
            continue;
          }
        }
        // Variants: `"word"` [/ `"word2"`] [:] `{...}`.
        const word = /^"([a-z_]+)"$/.exec(sp.code);
        if (word && region) {
          const names = [word[1]];
          let j = k + 1;
          while (spans[j] && /^\s*\/\s*$/.test(para.slice(spans[j - 1].end, spans[j].start)) && /^"([a-z_]+)"$/.test(spans[j].code)) {
            names.push(/^"([a-z_]+)"$/.exec(spans[j].code)[1]);
            j += 1;
          }
          const specSpan = spans[j];
          if (specSpan && /^\s*:?\s*$/.test(para.slice(spans[j - 1].end, specSpan.start)) && specSpan.code.trim().startsWith('{')) {
            const spec = readBodyCode(specSpan.code);
            const command = region === 'action' ? 'battle.act' : 'battle.override';
            if (spec) for (const n of names) add(command, spec, 'variant', { ruleset: s.ruleset, variant: n });
            k = j;
          }
        }
      }
    }
  }

  // House rules: | `name` | book | range | passage |
  const houseRules = { type: 'object', fields: [] };
  const hr = sections.find((s) => s.title === 'House rules');
  for (const l of hr?.lines ?? []) {
    const m = /^\|\s*`([a-z_]+)`\s*\|\s*([^|]*)\|\s*((?:[^|\\]|\\\|)*)\|/.exec(l);
    if (!m) continue;
    const range = m[3].trim().replace(/\\\|/g, '|');
    let spec;
    if (range === 'bool') spec = { type: 'bool', raw: range };
    else if (/^-?\d+-\d+$/.test(range)) spec = { type: 'integer', ...readRange(range), raw: range };
    else spec = readValue(range);
    houseRules.fields.push({ key: m[1], optional: true, ...spec });
  }

  // Named shapes a body refers to by name (`"units"?: [unit]`), each written once as "A `unit` is `{...}`": read
  // and put in the place of the name.
  const shapes = {};
  for (const m of text.matchAll(/\bA `([a-z_]+)` is `(\{[^`]*\})`/g)) {
    const spec = readBodyCode(m[2].replace(/\s+/g, ' '));
    if (spec) shapes[m[1]] = spec;
  }
  const resolve = (f) => {
    if (!f || typeof f !== 'object') return f;
    if (f.type === 'unknown' && shapes[f.raw]) return { ...shapes[f.raw], key: f.key, optional: f.optional, raw: f.raw };
    if (f.element) f.element = resolve(f.element);
    if (f.fields) f.fields = f.fields.map(resolve);
    return f;
  };
  for (const c of commands.values()) c.specs = c.specs.map(resolve);

  // Every error code the document names in a table row or an "Errors:" list.
  const errorCodes = new Set();
  const errorTables = [];
  for (const s of sections) {
    let table = null;
    for (const l of s.lines) {
      if (/^\|\s*code\s*\|\s*meaning\s*\|/.test(l)) { table = { title: s.title, codes: new Set() }; errorTables.push(table); continue; }
      if (!l.startsWith('|')) { table = null; continue; }
      const row = /^\|\s*`([a-z_]+)`\s*\|/.exec(l);
      if (row && table) { table.codes.add(row[1]); errorCodes.add(row[1]); }
    }
  }
  for (const m of text.matchAll(/Errors(?: \([^)]*\))?:([\s\S]*?)(?:\.\s|\n\n)/g)) {
    // the codes, not the words quoted in their parentheses
    for (const c of m[1].replace(/\([^()]*\)/g, '').matchAll(/`([a-z_]+)`/g)) errorCodes.add(c[1]);
  }
  return { commands, headingsWithBody, headingNames, houseRules, errorCodes, errorTables, shapes };
}

export function readProtocol(file = PROTOCOL_MD) {
  return parseProtocol(readFileSync(file, 'utf8'));
}

/** The spec at a path of keys (strings) and array indexes (numbers) inside an object spec, or undefined. */
export function specAt(spec, pathKeys) {
  let s = spec;
  for (const k of pathKeys) {
    if (!s) return undefined;
    if (typeof k === 'number') {
      if (s.type !== 'array') return undefined;
      s = s.element;
      continue;
    }
    if (s.type !== 'object') return undefined;
    const f = (s.fields ?? []).find((x) => x.key === k);
    if (f) { s = f; continue; }
    if (s.dynamic) { s = { ...s.dynamic, optional: true, dynamicKey: true }; continue; } // keys of the sender's choice: none is required
    return undefined;
  }
  return s;
}
