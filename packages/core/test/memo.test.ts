// copyOf: what a memoized result's caller receives is its own deep copy (memo.ts).
import { describe, expect, it } from 'vitest';
import { copyOf } from '../src/memo';

describe('copyOf', () => {
  it('copies arrays, typed arrays and objects deeply, NaN and infinities kept', () => {
    const original = {
      rows: [
        { value: NaN, lower: -Infinity, upper: Infinity },
        { value: 1.5, lower: 1, upper: 2 },
      ],
      curve: Float64Array.from([0.25, NaN, 3]),
      nested: { counts: Int32Array.from([1, 2, 3]), label: 'hs', none: null },
    };
    const copy = copyOf(original);
    expect(copy).toStrictEqual(original);
    // nothing shared: changing the copy leaves the memoized original as it was
    copy.rows[0]!.value = 7;
    copy.curve[0] = 9;
    copy.nested.counts[1] = 0;
    expect(original.rows[0]!.value).toBeNaN();
    expect(original.curve[0]).toBe(0.25);
    expect(original.nested.counts[1]).toBe(2);
    expect(copy.curve).toBeInstanceOf(Float64Array);
    expect(copy.nested.counts).toBeInstanceOf(Int32Array);
  });

  it('keeps a key named "__proto__" as an own key, not as the prototype', () => {
    const original = Object.fromEntries([
      ['__proto__', { polluted: true }],
      ['a', 1],
    ]) as Record<string, unknown>;
    const copy = copyOf(original);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
  });
});
