import { expect, test } from 'vitest';
import { seededRandom } from '../src';

test('seededRandom is sfc32: the same draws as an unsigned reference implementation, for any seed', () => {
  // Reference: sfc32 as published with PractRand (C. Doty-Humphrey), written on unsigned 32-bit words,
  // 15 draws discarded, output t / 2^32.
  const reference = (seed: number): (() => number) => {
    let [a, b, c, d] = [0x9e3779b9, 0x243f6a88, 0xb7e15162, seed >>> 0];
    const next = (): number => {
      const t0 = (a + b) >>> 0;
      a = (b ^ (b >>> 9)) >>> 0;
      b = (c + (c << 3)) >>> 0;
      c = ((c << 21) | (c >>> 11)) >>> 0;
      d = (d + 1) >>> 0;
      const t = (t0 + d) >>> 0;
      c = (c + t) >>> 0;
      return t / 4294967296;
    };
    for (let i = 0; i < 15; i++) next();
    return next;
  };
  for (const seed of [0, 1, 40, 0xdeadbeef, -7, 2 ** 32 + 3]) {
    const ours = seededRandom(seed);
    const theirs = reference(seed);
    for (let i = 0; i < 20_000; i++) expect(ours()).toBe(theirs());
  }
});
