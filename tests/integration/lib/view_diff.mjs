// Comparing a view kept by patches with a fresh one: where two JSON values differ, and deep equality.

export const short = (v) => {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v);
  return s.length > 160 ? `${s.slice(0, 160)}...` : s;
};

/** The JSON pointers where the live view and the fresh one differ (an array of another length: the array). */
export function diffPaths(live, fresh, path = '', out = []) {
  if (out.length >= 16 || jsonEqual(live, fresh)) return out;
  const obj = (v) => v !== null && typeof v === 'object';
  if (obj(live) && obj(fresh) && Array.isArray(live) === Array.isArray(fresh)
      && !(Array.isArray(live) && live.length !== fresh.length)) {
    for (const key of new Set([...Object.keys(live), ...Object.keys(fresh)])) {
      const p = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!(key in live) || !(key in fresh)) out.push({ path: p, live: short(live[key]), fresh: short(fresh[key]) });
      else diffPaths(live[key], fresh[key], p, out);
    }
    return out;
  }
  out.push({ path: path || '/', live: short(live), fresh: short(fresh) });
  return out;
}

/** Deep equality of two JSON values (objects' key order aside): isDeepStrictEqual's checks, at a fraction of its cost. */
export function jsonEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (!Object.prototype.hasOwnProperty.call(b, k) || !jsonEqual(a[k], b[k])) return false;
  return true;
}

// A path's shape, for telling mismatches apart: ids and indexes as "*".
export const shape = (path) => path.replace(/\/\d+(?=\/|$)/g, '/*');
