// The one-dimensional minimiser of the profile likelihood (Brent's method) against minima known in closed
// form, inside and at the edge of a support where the function is +Infinity outside.
import { describe as suite, expect, test } from 'vitest';
import { brentMinimize, brentRoot, solveBracketed } from '../src/optimize';

suite('brentMinimize', () => {
  test('finds the minimum of a parabola and of x·ln x (1/e) to its tolerance (1e-9·(1 + |x|), a few of it)', () => {
    const parabola = brentMinimize((x) => (x - 2) ** 2 + 1, 10, 0.5);
    expect(parabola.x[0]).toBeCloseTo(2, 7);
    expect(parabola.value).toBeCloseTo(1, 14);
    const entropy = brentMinimize((x) => (x > 0 ? x * Math.log(x) : Infinity), 3, -0.1);
    expect(entropy.x[0]).toBeCloseTo(1 / Math.E, 7);
    expect(entropy.value).toBeCloseTo(-1 / Math.E, 14);
  });

  test('a step that leaves the support turns back; the minimum of x − ln x is at 1', () => {
    const f = (x: number): number => x - Math.log(x);
    const result = brentMinimize(f, 0.01, -1);
    expect(result.x[0]).toBeCloseTo(1, 7);
    expect(result.value).toBeCloseTo(1, 14);
    // few evaluations where the simplex takes a hundred
    let calls = 0;
    brentMinimize((x) => (calls++, f(x)), 5, 0.1);
    expect(calls).toBeLessThan(60);
  });

  test('a start outside the support, with both neighbours outside too, is returned with value Infinity', () => {
    const result = brentMinimize((x) => (x > 0 ? x : NaN), -5, 1);
    expect(result).toEqual({ x: [-5], value: Infinity, iterations: 0 });
  });
});

suite('solveBracketed', () => {
  test('stopping on a short secant step keeps the root to the tolerance (√2 of x² − 2) with fewer values', () => {
    let bracketed = 0;
    let stepped = 0;
    const root = solveBracketed((x) => (bracketed++, x * x - 2), 1, 3, 1e-7);
    const early = solveBracketed((x) => (stepped++, x * x - 2), 1, 3, 1e-7, true);
    expect(Math.abs(root - Math.SQRT2)).toBeLessThan(1e-7 * (1 + Math.SQRT2));
    expect(Math.abs(early - Math.SQRT2)).toBeLessThan(1e-7 * (1 + Math.SQRT2));
    expect(stepped).toBeLessThanOrEqual(bracketed);
  });
});

suite('brentRoot', () => {
  test('roots to the tolerance: √2 of x² − 2, ln 3 of eˣ − 3, the cube root of 10 of x³ − 10', () => {
    for (const [f, a, b, root] of [
      [(x: number) => x * x - 2, 1, 3, Math.SQRT2],
      [(x: number) => Math.exp(x) - 3, -2, 4, Math.log(3)],
      [(x: number) => x * x * x - 10, 0, 10, Math.cbrt(10)],
    ] as const) {
      for (const tolerance of [1e-7, 1e-13]) {
        const x = brentRoot(f, a, b, tolerance);
        expect(Math.abs(x - root)).toBeLessThan(tolerance * (1 + Math.abs(root)));
      }
    }
  });

  test('a nearly linear function (a signed-root deviance) takes fewer values than regula falsi', () => {
    // √(2·q(z)) − √3.84 with q nearly quadratic: the shape of the profile's signed root
    const f = (z: number): number => Math.sqrt(2 * (0.5 * z * z + 0.05 * z * z * z)) - Math.sqrt(3.84);
    let brent = 0;
    let falsi = 0;
    const x = brentRoot((z) => (brent++, f(z)), 0.5, 4, 1e-7);
    const y = solveBracketed((z) => (falsi++, f(z)), 0.5, 4, 1e-7, true);
    expect(Math.abs(f(x))).toBeLessThan(1e-6);
    expect(Math.abs(x - y)).toBeLessThan(1e-6);
    expect(brent).toBeLessThan(falsi);
  });

  test('a NaN value (here at the first secant step): the answer of the bisecting regula falsi', () => {
    let nan = 0;
    const f = (x: number): number => (x > 1.6 && x < 1.8 ? (nan++, NaN) : x - 1.7);
    expect(brentRoot(f, 0, 3, 1e-9)).toBe(solveBracketed(f, 0, 3, 1e-9, true));
    expect(nan).toBeGreaterThan(0);
  });
});
