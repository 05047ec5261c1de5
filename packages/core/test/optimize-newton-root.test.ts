// Issue 34 (fast again): newtonRoot, the root of a bracketed function from its values and slopes (the
// profile likelihood's interval ends). Reference: the literal definition of a root, found by bisection of
// the same function to a bracket of 1e-12·(1 + |x|) (or its closed form where there is one); the answer
// must lie within the tolerance 1e-7·(1 + |x|) (1e-13 where asked) of it, brentRoot's guarantee.
import { describe as suite, expect, test } from 'vitest';
import { brentRoot, newtonRoot, solveBracketed } from '../src/optimize';

/** Bisection of f on [a, b] (a sign change) to a bracket of 1e-12·(1 + |x|): the reference root. */
function bisection(f: (x: number) => number, a: number, b: number): number {
  let fa = f(a);
  while (Math.abs(b - a) > 1e-12 * (1 + Math.abs(a))) {
    const m = (a + b) / 2;
    const fm = f(m);
    if (fm === 0) return m;
    if (fm < 0 === fa < 0) [a, fa] = [m, fm];
    else b = m;
  }
  return (a + b) / 2;
}

/** √(2·q(z)) − √3.84 with q nearly quadratic: the shape of a profile's signed root, and its slope. */
const signedRoot = (z: number): number => Math.sqrt(2 * (0.5 * z * z + 0.05 * z * z * z)) - Math.sqrt(3.84);
const signedRootSlope = (z: number): number =>
  (z + 0.15 * z * z) / Math.sqrt(2 * (0.5 * z * z + 0.05 * z * z * z));

const cases: [string, (x: number) => number, (x: number) => number, number, number][] = [
  ['x² − 2', (x) => x * x - 2, (x) => 2 * x, 1, 3],
  ['eˣ − 3', (x) => Math.exp(x) - 3, (x) => Math.exp(x), -2, 4],
  ['x³ − 10', (x) => x * x * x - 10, (x) => 3 * x * x, 0, 10],
  ['the signed root of a cubic log-likelihood', signedRoot, signedRootSlope, 0.5, 4],
  [
    'its decreasing mirror, bracket given the other way',
    (z) => signedRoot(-z),
    (z) => -signedRootSlope(-z),
    -0.5,
    -4,
  ],
  [
    'a cusp, sign(x − 1)·|x − 1|^0.3',
    (x) => Math.sign(x - 1) * Math.pow(Math.abs(x - 1), 0.3),
    (x) => 0.3 * Math.pow(Math.abs(x - 1), -0.7),
    0,
    5,
  ],
];

suite('newtonRoot', () => {
  for (const [name, f, slope, a, b] of cases) {
    test(`${name}: within the tolerance of the bisected root`, () => {
      const root = bisection(f, a, b);
      for (const tolerance of [1e-7, 1e-13]) {
        const x = newtonRoot(f, slope, a, b, tolerance);
        expect(Math.abs(x - root)).toBeLessThanOrEqual(
          tolerance * (1 + Math.abs(root)) + 2e-12 * (1 + Math.abs(root)),
        );
      }
    });
  }

  test('the closed forms: √2, ln 3 and the cube root of 10 to 1e-13', () => {
    for (const [[, f, slope, a, b], root] of [
      [cases[0]!, Math.SQRT2],
      [cases[1]!, Math.log(3)],
      [cases[2]!, Math.cbrt(10)],
    ] as const) {
      const x = newtonRoot(f, slope, a, b, 1e-13);
      expect(Math.abs(x - root)).toBeLessThan(1e-13 * (1 + Math.abs(root)));
    }
  });

  test('a nearly linear function with its slope: fewer values than Brent’s method', () => {
    let newton = 0;
    let brent = 0;
    const x = newtonRoot((z) => (newton++, signedRoot(z)), signedRootSlope, 0.5, 4, 1e-7);
    const y = brentRoot((z) => (brent++, signedRoot(z)), 0.5, 4, 1e-7);
    const root = bisection(signedRoot, 0.5, 4);
    expect(Math.abs(x - root)).toBeLessThan(1e-7 * (1 + root));
    expect(Math.abs(y - root)).toBeLessThan(1e-7 * (1 + root));
    expect(newton).toBeLessThan(brent);
  });

  test('a value given at a is not asked again, and has no slope asked', () => {
    const asked: number[] = [];
    const slopes: number[] = [];
    const x = newtonRoot(
      (z) => (asked.push(z), signedRoot(z)),
      (z) => (slopes.push(z), signedRootSlope(z)),
      0.5,
      4,
      1e-7,
      signedRoot(0.5),
    );
    expect(asked).not.toContain(0.5);
    expect(slopes).not.toContain(0.5);
    expect(Math.abs(x - bisection(signedRoot, 0.5, 4))).toBeLessThan(1e-7 * 3);
  });

  test('no slope anywhere: the answer of Brent’s method', () => {
    const f = (x: number): number => x * x * x - 10;
    expect(newtonRoot(f, () => NaN, 0, 10, 1e-9)).toBe(brentRoot(f, 0, 10, 1e-9));
  });

  test('wrong slopes (ten times too large, or of the wrong sign) still give the root to the tolerance', () => {
    const root = bisection(signedRoot, 0.5, 4);
    for (const slope of [(z: number) => 10 * signedRootSlope(z), (z: number) => -signedRootSlope(z)]) {
      const x = newtonRoot(signedRoot, slope, 0.5, 4, 1e-7);
      expect(Math.abs(x - root)).toBeLessThan(1e-7 * (1 + root));
    }
  });

  test('a NaN value (here at the first step): the answer of the bisecting regula falsi', () => {
    let nan = 0;
    const f = (x: number): number => (x > 1.5 && x < 2.5 ? (nan++, NaN) : x - 1.7);
    expect(newtonRoot(f, () => 1, 0, 3, 1e-9)).toBe(solveBracketed(f, 0, 3, 1e-9, true));
    expect(nan).toBeGreaterThan(0);
  });
});
