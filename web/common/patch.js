// RFC 6902 JSON Patch, and the per-campaign {version, view} store fed by the server's view pushes.
// `version` is this user's own view version (never the campaign's event seq): it moves only when his view does.
//
// A `view` push replaces a campaign's view; a `patch` push is applied to the view of the previous push on
// the same socket (docs/protocol.md, "WebSocket /ws"). Patches are applied to a copy, so a patch that fails
// half way leaves the last good view in place and the caller can ask for a full view again.

export class PatchError extends Error {
  constructor(message, op) {
    super(message);
    this.name = 'PatchError';
    this.op = op;
  }
}

// "/a/b~1c/0" -> ["a", "b/c", "0"]; "" -> [] (the whole document).
export function parsePointer(pointer) {
  if (pointer === '') return [];
  if (typeof pointer !== 'string' || pointer[0] !== '/') {
    throw new PatchError(`bad JSON pointer ${JSON.stringify(pointer)}`);
  }
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function hasOwn(obj, key) {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

function clone(v) {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}

export function deepEqual(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

function arrayIndex(arr, token, allowEnd, op) {
  if (token === '-' && allowEnd) return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`bad array index "${token}"`, op);
  const i = Number(token);
  if (i > arr.length || (!allowEnd && i === arr.length)) {
    throw new PatchError(`array index ${i} out of range`, op);
  }
  return i;
}

// Follows all tokens but the last; returns [parent, lastToken].
function locateParent(doc, tokens, op) {
  let node = doc;
  for (let i = 0; i < tokens.length - 1; i++) {
    const t = tokens[i];
    if (Array.isArray(node)) {
      node = node[arrayIndex(node, t, false, op)];
    } else if (isObject(node) && hasOwn(node, t)) {
      node = node[t];
    } else {
      throw new PatchError(`path ${op.path ?? op.from} does not exist`, op);
    }
  }
  if (!Array.isArray(node) && !isObject(node)) {
    throw new PatchError(`path ${op.path ?? op.from} does not lead into an object or array`, op);
  }
  return [node, tokens[tokens.length - 1]];
}

function getValue(doc, pointer, op) {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return doc;
  const [parent, last] = locateParent(doc, tokens, op);
  if (Array.isArray(parent)) return parent[arrayIndex(parent, last, false, op)];
  if (!hasOwn(parent, last)) throw new PatchError(`path ${pointer} does not exist`, op);
  return parent[last];
}

// Each of these returns the (possibly new) document root.
function addValue(doc, pointer, value, op) {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return value;
  const [parent, last] = locateParent(doc, tokens, op);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true, op), 0, value);
  else parent[last] = value;
  return doc;
}

function removeValue(doc, pointer, op) {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return null;
  const [parent, last] = locateParent(doc, tokens, op);
  if (Array.isArray(parent)) {
    parent.splice(arrayIndex(parent, last, false, op), 1);
  } else {
    if (!hasOwn(parent, last)) throw new PatchError(`path ${pointer} does not exist`, op);
    delete parent[last];
  }
  return doc;
}

function replaceValue(doc, pointer, value, op) {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return value;
  const [parent, last] = locateParent(doc, tokens, op);
  if (Array.isArray(parent)) {
    parent[arrayIndex(parent, last, false, op)] = value;
  } else {
    if (!hasOwn(parent, last)) throw new PatchError(`path ${pointer} does not exist`, op);
    parent[last] = value;
  }
  return doc;
}

// Applies `ops` to a copy of `doc` and returns the result; throws PatchError and leaves `doc` untouched.
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new PatchError('a patch must be an array of operations');
  let result = clone(doc);
  for (const op of ops) {
    if (!isObject(op) || typeof op.path !== 'string') throw new PatchError('bad patch operation', op);
    switch (op.op) {
      case 'add':
        if (!hasOwn(op, 'value')) throw new PatchError('add without a value', op);
        result = addValue(result, op.path, clone(op.value), op);
        break;
      case 'remove':
        result = removeValue(result, op.path, op);
        break;
      case 'replace':
        if (!hasOwn(op, 'value')) throw new PatchError('replace without a value', op);
        result = replaceValue(result, op.path, clone(op.value), op);
        break;
      case 'move': {
        if (typeof op.from !== 'string') throw new PatchError('move without from', op);
        if (op.path === op.from) break;
        if (op.path.startsWith(op.from + '/')) throw new PatchError('cannot move a value into itself', op);
        const value = getValue(result, op.from, op);
        result = removeValue(result, op.from, op);
        result = addValue(result, op.path, value, op);
        break;
      }
      case 'copy': {
        if (typeof op.from !== 'string') throw new PatchError('copy without from', op);
        result = addValue(result, op.path, clone(getValue(result, op.from, op)), op);
        break;
      }
      case 'test':
        if (!deepEqual(getValue(result, op.path, op), op.value)) {
          throw new PatchError(`test failed at ${op.path}`, op);
        }
        break;
      default:
        throw new PatchError(`unknown patch operation ${JSON.stringify(op.op)}`, op);
    }
  }
  return result;
}

// Holds {version, view} for each campaign this client has seen. Emits nothing itself: the connection calls
// handlePush() and tells its listeners.
export class ViewStore {
  constructor() {
    this._campaigns = new Map(); // campaign id (string) -> {version, view}
  }

  get(campaign) {
    return this._campaigns.get(String(campaign)) || null;
  }

  // The version to resume from (campaign.subscribe's `since`), or null.
  versionOf(campaign) {
    const entry = this.get(campaign);
    return entry ? entry.version : null;
  }

  forget(campaign) {
    this._campaigns.delete(String(campaign));
  }

  clear() {
    this._campaigns.clear();
  }

  // Returns the new {version, view}. Throws PatchError when a patch cannot be applied (or arrives with no view
  // to apply it to); the stored entry is then dropped so the next subscribe asks for a full view.
  handlePush(msg) {
    const key = String(msg.campaign);
    if (hasOwn(msg, 'view')) {
      const entry = { version: msg.version, view: msg.view };
      this._campaigns.set(key, entry);
      return entry;
    }
    if (hasOwn(msg, 'patch')) {
      const current = this._campaigns.get(key);
      if (!current) throw new PatchError(`patch for campaign ${key} without a view`);
      try {
        const entry = { version: msg.version, view: applyPatch(current.view, msg.patch) };
        this._campaigns.set(key, entry);
        return entry;
      } catch (err) {
        this._campaigns.delete(key);
        throw err;
      }
    }
    throw new PatchError('push without view or patch');
  }
}
