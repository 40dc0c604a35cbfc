// A small RFC 6902 JSON Patch applier (add, remove, replace, move, copy, test) with RFC 6901 pointers.
// Used to rebuild each campaign view from the server's `view` and `patch` pushes. It throws on any
// operation the RFC says must fail (missing path, bad index, failed test), so a malformed patch from the
// server fails the test loudly instead of being silently ignored.
import { isDeepStrictEqual } from 'node:util';

export class PatchError extends Error {}

function clone(value) {
  return value === undefined ? undefined : structuredClone(value);
}

export function parsePointer(pointer) {
  if (pointer === '') return [];
  if (typeof pointer !== 'string' || pointer[0] !== '/') throw new PatchError(`bad JSON pointer ${JSON.stringify(pointer)}`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => {
      if (/~[^01]|~$/.test(token)) throw new PatchError(`bad escape in JSON pointer ${JSON.stringify(pointer)}`);
      return token.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

function arrayIndex(arr, token, forAdd) {
  if (forAdd && token === '-') return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`bad array index ${JSON.stringify(token)}`);
  const i = Number(token);
  if (forAdd ? i > arr.length : i >= arr.length) throw new PatchError(`array index ${i} out of range (length ${arr.length})`);
  return i;
}

function isContainer(v) {
  return v !== null && typeof v === 'object';
}

function get(doc, tokens) {
  let cur = doc;
  for (const t of tokens) {
    if (Array.isArray(cur)) cur = cur[arrayIndex(cur, t, false)];
    else if (isContainer(cur)) {
      if (!Object.prototype.hasOwnProperty.call(cur, t)) throw new PatchError(`path /${tokens.join('/')} not found`);
      cur = cur[t];
    } else throw new PatchError(`path /${tokens.join('/')} goes through a scalar`);
  }
  return cur;
}

// Returns the new document (the root may be replaced).
function add(doc, tokens, value) {
  if (tokens.length === 0) return value;
  const parent = get(doc, tokens.slice(0, -1));
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true), 0, value);
  else if (isContainer(parent)) parent[last] = value;
  else throw new PatchError(`cannot add below a scalar at /${tokens.join('/')}`);
  return doc;
}

function remove(doc, tokens) {
  if (tokens.length === 0) throw new PatchError('cannot remove the whole document');
  const parent = get(doc, tokens.slice(0, -1));
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, false), 1);
  else if (isContainer(parent)) {
    if (!Object.prototype.hasOwnProperty.call(parent, last)) throw new PatchError(`remove: /${tokens.join('/')} not found`);
    delete parent[last];
  } else throw new PatchError(`cannot remove below a scalar at /${tokens.join('/')}`);
  return doc;
}

function replace(doc, tokens, value) {
  if (tokens.length === 0) return value;
  get(doc, tokens); // must exist
  const parent = get(doc, tokens.slice(0, -1));
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent[arrayIndex(parent, last, false)] = value;
  else parent[last] = value;
  return doc;
}

/** Applies `ops` to a deep copy of `doc` and returns the result; throws PatchError on failure. */
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new PatchError('a patch must be an array');
  let out = clone(doc);
  for (const op of ops) {
    if (!isContainer(op) || typeof op.op !== 'string') throw new PatchError(`bad operation ${JSON.stringify(op)}`);
    const path = parsePointer(op.path);
    switch (op.op) {
      case 'add':
        if (!('value' in op)) throw new PatchError('add without value');
        out = add(out, path, clone(op.value));
        break;
      case 'remove':
        out = remove(out, path);
        break;
      case 'replace':
        if (!('value' in op)) throw new PatchError('replace without value');
        out = replace(out, path, clone(op.value));
        break;
      case 'move': {
        const from = parsePointer(op.from);
        if (path.length > from.length && from.every((t, i) => path[i] === t)) throw new PatchError('cannot move a value into itself');
        const value = get(out, from);
        out = remove(out, from);
        out = add(out, path, value);
        break;
      }
      case 'copy': {
        const value = clone(get(out, parsePointer(op.from)));
        out = add(out, path, value);
        break;
      }
      case 'test':
        if (!isDeepStrictEqual(get(out, path), op.value)) throw new PatchError(`test failed at ${op.path}`);
        break;
      default:
        throw new PatchError(`unknown op ${JSON.stringify(op.op)}`);
    }
  }
  return out;
}
