'use strict';
// Self-test of the driver's RFC 6902 applier (RFC 6902 appendix A examples that matter here).
//   node bench/test-patch.js
const assert = require('assert');
const { applyPatch } = require('./muster-driver');
const cases = [
  [{ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }], { baz: 'qux', foo: 'bar' }],
  [{ foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }], { foo: ['bar', 'qux', 'baz'] }],
  [{ baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }], { foo: 'bar' }],
  [{ foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }], { foo: ['bar', 'baz'] }],
  [{ baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }], { baz: 'boo', foo: 'bar' }],
  [{ foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
    [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }],
    { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } }],
  [{ foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }], { foo: ['all', 'cows', 'eat', 'grass'] }],
  [{ foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }], { foo: ['bar', ['abc', 'def']] }],
  [{ '/': 1, 'm~n': 2 }, [{ op: 'replace', path: '/~1', value: 3 }, { op: 'remove', path: '/m~0n' }], { '/': 3 }],
  [{ a: 1 }, [{ op: 'replace', path: '', value: [1] }], [1]],
  [{ a: { b: 1 } }, [{ op: 'copy', from: '/a', path: '/c' }, { op: 'test', path: '/c/b', value: 1 }], { a: { b: 1 }, c: { b: 1 } }],
];
for (const [doc, patch, want] of cases) assert.deepStrictEqual(applyPatch(doc, patch), want);
for (const [doc, patch] of [[{ a: 1 }, [{ op: 'remove', path: '/b' }]], [{ a: 1 }, [{ op: 'replace', path: '/b', value: 1 }]],
  [{ a: [1] }, [{ op: 'add', path: '/a/5', value: 1 }]], [{ a: 1 }, [{ op: 'test', path: '/a', value: 2 }]]]) {
  assert.throws(() => applyPatch(doc, patch));
}
console.log(`patch applier: ${cases.length + 4} cases ok`);
