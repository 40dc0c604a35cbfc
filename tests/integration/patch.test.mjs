// The suite's own JSON Patch applier (lib/patch.mjs) checked against RFC 6902's examples (appendix A),
// so that a view mismatch in the other tests points at the server, not at the applier.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatch, PatchError } from './lib/patch.mjs';

const cases = [
  ['A.1 add an object member', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }], { baz: 'qux', foo: 'bar' }],
  ['A.2 add an array element', { foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }], { foo: ['bar', 'qux', 'baz'] }],
  ['A.3 remove an object member', { baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }], { foo: 'bar' }],
  ['A.4 remove an array element', { foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }], { foo: ['bar', 'baz'] }],
  ['A.5 replace a value', { baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }], { baz: 'boo', foo: 'bar' }],
  ['A.6 move a value', { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
    [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }],
    { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } }],
  ['A.7 move an array element', { foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }], { foo: ['all', 'cows', 'eat', 'grass'] }],
  ['A.8 test success', { baz: 'qux', foo: ['a', 2, 'c'] }, [{ op: 'test', path: '/baz', value: 'qux' }, { op: 'test', path: '/foo/1', value: 2 }], { baz: 'qux', foo: ['a', 2, 'c'] }],
  ['A.10 add a nested member object', { foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }], { foo: 'bar', child: { grandchild: {} } }],
  ['A.14 ~ escape ordering', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: 10 }], { '/': 9, '~1': 10 }],
  ['A.16 add an array value', { foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }], { foo: ['bar', ['abc', 'def']] }],
  ['copy', { a: { b: 1 } }, [{ op: 'copy', from: '/a', path: '/c' }], { a: { b: 1 }, c: { b: 1 } }],
  ['replace the root', { a: 1 }, [{ op: 'replace', path: '', value: { b: 2 } }], { b: 2 }],
  ['numeric-looking object keys', { chat: { 7: { seq: 7 } } }, [{ op: 'add', path: '/chat/12', value: { seq: 12 } }, { op: 'remove', path: '/chat/7' }], { chat: { 12: { seq: 12 } } }],
];

for (const [name, doc, patch, expected] of cases) {
  test(`patch applier: ${name}`, () => {
    const before = structuredClone(doc);
    assert.deepEqual(applyPatch(doc, patch), expected);
    assert.deepEqual(doc, before, 'the input document is not modified');
  });
}

const failures = [
  ['A.9 test failure', { baz: 'qux', foo: ['a', 2, 'c'] }, [{ op: 'test', path: '/baz', value: 'bar' }]],
  ['A.12 add to a nonexistent target', { foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }]],
  ['A.15 comparing strings and numbers', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: '10' }]],
  ['remove a missing member', { a: 1 }, [{ op: 'remove', path: '/b' }]],
  ['replace a missing member', { a: 1 }, [{ op: 'replace', path: '/b', value: 2 }]],
  ['array index out of range', { a: [1] }, [{ op: 'add', path: '/a/2', value: 3 }]],
  ['unknown op', { a: 1 }, [{ op: 'frobnicate', path: '/a' }]],
];
for (const [name, doc, patch] of failures) {
  test(`patch applier refuses: ${name}`, () => {
    assert.throws(() => applyPatch(doc, patch), PatchError);
  });
}
