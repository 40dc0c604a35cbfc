// A tiny event emitter: on(name, fn) returns a function that removes the listener.

export class Emitter {
  constructor() {
    this._listeners = new Map();
  }

  on(name, fn) {
    if (!this._listeners.has(name)) this._listeners.set(name, new Set());
    this._listeners.get(name).add(fn);
    return () => this.off(name, fn);
  }

  off(name, fn) {
    const set = this._listeners.get(name);
    if (set) set.delete(fn);
  }

  emit(name, ...args) {
    const set = this._listeners.get(name);
    if (!set) return;
    for (const fn of [...set]) {
      try {
        fn(...args);
      } catch (err) {
        console.error(`listener for "${name}" failed`, err);
      }
    }
  }
}
