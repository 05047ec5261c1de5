// Small, dependable optimisers for maximum-likelihood fits.

export interface Minimum {
  x: number[];
  value: number;
  iterations: number;
}

/**
 * Nelder-Mead simplex minimisation (Nelder & Mead 1965, with the adaptive coefficients of Gao & Han 2012).
 * Non-finite objective values are treated as +Infinity, which keeps the simplex inside the support.
 * Allocation-free inside the loop (the bootstrap runs it thousands of times): the points are n + 4
 * preallocated arrays whose references are swapped, so `f` receives a scratch array it must not keep. Its
 * helpers are module functions, not closures made per call: V8 holds a closure's optimised code weakly (it
 * was compiled again after every collection).
 */
export function nelderMead(
  f: (x: number[]) => number,
  start: number[],
  steps: number[],
  options: { maxIterations?: number; tolerance?: number; xTolerance?: number } = {},
): Minimum {
  const n = start.length;
  const maxIterations = options.maxIterations ?? 400 * n;
  const tolerance = options.tolerance ?? 1e-12;
  const xTolerance = options.xTolerance ?? 1e-9;
  const alpha = 1;
  const beta = 1 + 2 / n;
  const gamma = 0.75 - 1 / (2 * n);
  const delta = 1 - 1 / n;
  const simplex: number[][] = [start.slice()];
  for (let i = 0; i < n; i++) {
    const x = start.slice();
    x[i]! += steps[i]!;
    simplex.push(x);
  }
  const values: number[] = [];
  for (const x of simplex) values.push(finiteOrInfinity(f, x));
  const centroid = new Array<number>(n).fill(0);
  let reflected = new Array<number>(n).fill(0);
  let expanded = new Array<number>(n).fill(0);
  let contracted = new Array<number>(n).fill(0);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    // stable insertion sort by value (the order a stable sort gives)
    for (let i = 1; i <= n; i++) {
      const v = values[i]!;
      const x = simplex[i]!;
      let j = i - 1;
      while (j >= 0 && values[j]! > v) {
        values[j + 1] = values[j]!;
        simplex[j + 1] = simplex[j]!;
        j--;
      }
      values[j + 1] = v;
      simplex[j + 1] = x;
    }
    const best = values[0]!;
    const worst = values[n]!;
    let spread = 0;
    for (let i = 1; i <= n; i++) {
      for (let j = 0; j < n; j++) {
        const d = Math.abs(simplex[i]![j]! - simplex[0]![j]!) / (1 + Math.abs(simplex[0]![j]!));
        spread = Math.max(spread, d);
      }
    }
    if (Math.abs(worst - best) <= tolerance * (Math.abs(best) + tolerance) && spread <= xTolerance) break;
    centroid.fill(0);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) centroid[j]! += simplex[i]![j]! / n;
    const fr = finiteOrInfinity(f, along(centroid, simplex[n]!, -alpha, reflected));
    if (fr < best) {
      const fe = finiteOrInfinity(f, along(centroid, simplex[n]!, -alpha * beta, expanded));
      if (fe < fr) expanded = replaceWorst(simplex, values, expanded, fe);
      else reflected = replaceWorst(simplex, values, reflected, fr);
      continue;
    }
    if (fr < values[n - 1]!) {
      reflected = replaceWorst(simplex, values, reflected, fr);
      continue;
    }
    const outside = fr < worst;
    const fc = finiteOrInfinity(
      f,
      along(centroid, simplex[n]!, outside ? -alpha * gamma : gamma, contracted),
    );
    if (fc < (outside ? fr : worst)) {
      contracted = replaceWorst(simplex, values, contracted, fc);
      continue;
    }
    for (let i = 1; i <= n; i++) {
      const x = simplex[i]!;
      for (let j = 0; j < n; j++) x[j] = simplex[0]![j]! + delta * (x[j]! - simplex[0]![j]!);
      values[i] = finiteOrInfinity(f, x);
    }
  }
  let bestIndex = 0;
  for (let i = 1; i <= n; i++) if (values[i]! < values[bestIndex]!) bestIndex = i;
  return { x: simplex[bestIndex]!.slice(), value: values[bestIndex]!, iterations };
}

/** f(x), or +Infinity where it is not finite (the objective of nelderMead and brentMinimize). */
function finiteOrInfinity<T>(f: (x: T) => number, x: T): number {
  const v = f(x);
  return Number.isFinite(v) ? v : Infinity;
}

/** The point centroid + t·(worst − centroid), written into `out` (nelderMead's trial points). */
function along(centroid: readonly number[], worst: readonly number[], t: number, out: number[]): number[] {
  for (let j = 0; j < out.length; j++) out[j] = centroid[j]! + t * (worst[j]! - centroid[j]!);
  return out;
}

/** The trial point takes the worst point's place; the worst point's array becomes the trial buffer. */
function replaceWorst(simplex: number[][], values: number[], point: number[], value: number): number[] {
  const n = simplex.length - 1;
  const old = simplex[n]!;
  simplex[n] = point;
  values[n] = value;
  return old;
}

/** Nelder-Mead restarted from its own optimum until the value stops improving (escapes early stalls). */
export function minimize(
  f: (x: number[]) => number,
  start: number[],
  steps: number[],
  restarts = 3,
): Minimum {
  let result = nelderMead(f, start, steps);
  for (let r = 0; r < restarts; r++) {
    const local = steps.map((s, i) => Math.max(Math.abs(s) * 0.1, Math.abs(result.x[i]!) * 1e-3, 1e-6));
    const next = nelderMead(f, result.x, local);
    const improved = result.value - next.value;
    if (next.value <= result.value) result = { ...next, iterations: result.iterations + next.iterations };
    if (!(improved > 1e-10 * Math.max(1, Math.abs(result.value)))) break;
  }
  return result;
}

/**
 * Root of a continuous f with a sign change on [a, b] (bisection safeguarded secant, Illinois variant), to a
 * bracket narrower than `tolerance`·(1 + |x|); with `stopOnStep`, also once a secant step moves the estimate
 * by less than that (for an f nearly linear near its root, where the step bounds the error, and every value
 * is costly).
 */
export function solveBracketed(
  f: (x: number) => number,
  a: number,
  b: number,
  tolerance = 1e-13,
  stopOnStep = false,
): number {
  let fa = f(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (fa * fb > 0) throw new RangeError(`solveBracketed: no sign change on [${a}, ${b}]`);
  let side = 0;
  let c = a;
  let previous = NaN;
  for (let i = 0; i < 300; i++) {
    c = (a * fb - b * fa) / (fb - fa);
    if (!Number.isFinite(c) || c <= Math.min(a, b) || c >= Math.max(a, b)) c = (a + b) / 2;
    const fc = f(c);
    const close = tolerance * (1 + Math.abs(c));
    if (fc === 0 || Math.abs(b - a) < close) return c;
    if (stopOnStep && Math.abs(c - previous) < close) return c;
    previous = c;
    if (fc * fb > 0) {
      b = c;
      fb = fc;
      if (side === -1) fa /= 2;
      side = -1;
    } else {
      a = c;
      fa = fc;
      if (side === 1) fb /= 2;
      side = 1;
    }
  }
  return c;
}

/**
 * Root of f on a bracket [a, b] (f(a), f(b) of opposite signs) by Brent's method (Brent 1973 ch. 4: inverse
 * quadratic interpolation and secant steps, safeguarded by bisection), until the bracket is narrower than
 * `tolerance`·(1 + |x|). On a nearly linear function it lands within the tolerance in two or three values
 * where regula falsi needs five or more. A value that is NaN gives the answer of solveBracketed instead.
 */
export function brentRoot(f: (x: number) => number, a: number, b: number, tolerance = 1e-13): number {
  const lo = a;
  const hi = b;
  let fa = f(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (!(fa * fb < 0)) return solveBracketed(f, lo, hi, tolerance, true);
  let c = b;
  let fc = fb;
  let d = b - a;
  let e = d;
  for (let i = 0; i < 200; i++) {
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol = 2 * Number.EPSILON * Math.abs(b) + 0.5 * tolerance * (1 + Math.abs(b));
    const half = 0.5 * (c - b);
    if (Math.abs(half) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      // inverse quadratic interpolation (a secant step when only two points differ)
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * half * s;
        q = 1 - s;
      } else {
        const t = fa / fc;
        const r = fb / fc;
        p = s * (2 * half * t * (t - r) - (b - a) * (r - 1));
        q = (t - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * half * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = half;
        e = d;
      }
    } else {
      d = half;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : half > 0 ? tol : -tol;
    fb = f(b);
    if (Number.isNaN(fb)) return solveBracketed(f, lo, hi, tolerance, true);
  }
  return b;
}

/**
 * Root of f on a bracket [a, b] (f(a), f(b) of opposite signs) from f and its derivative `slope` (asked only
 * at points where f was asked; NaN where it is not known), until the root is proven to lie within
 * `tolerance`·(1 + |x|) of the answer x: the bracket is that narrow, as brentRoot's guarantee. Each trial
 * is the root of the inverse cubic Hermite interpolant of the bracket's ends (value and slope at both;
 * the inverse quadratic with one slope, the secant with none), kept strictly inside the bracket; once the
 * predicted root is within the tolerance of the best end the trial lands just past it, so the sign change
 * closes the bracket with one value. A trial that does not halve the best |f| makes the next a bisection.
 * On a smooth, nearly linear f with its slope (a profile's signed root) it needs two or three values where
 * brentRoot needs four or five. `fa` is f(a) when it is known already (not asked again); a value that is
 * NaN gives the answer of solveBracketed instead.
 */
export function newtonRoot(
  f: (x: number) => number,
  slope: (x: number) => number,
  a: number,
  b: number,
  tolerance = 1e-13,
  given?: number,
): number {
  const lo = a;
  const hi = b;
  const known = given !== undefined;
  const value = known ? (x: number): number => (x === lo ? given : f(x)) : f;
  let fa = value(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (!(fa * fb < 0)) return solveBracketed(value, lo, hi, tolerance, true);
  // a value given, not asked: no slope there (the caller did not evaluate f at a)
  let da = known ? NaN : slope(a);
  let db = slope(b);
  // no slope at either end, or (below) at a new point: Brent's method on the bracket from there
  if (Number.isNaN(da) && Number.isNaN(db)) return brentRoot(value, a, b, tolerance);
  let bisect = false;
  for (let i = 0; i < 200; i++) {
    // x: the end of the bracket with the smaller |f|, y the other
    const aBest = Math.abs(fa) <= Math.abs(fb);
    const x = aBest ? a : b;
    const fx = aBest ? fa : fb;
    const y = aBest ? b : a;
    const tol = tolerance * (1 + Math.abs(x));
    if (Math.abs(b - a) <= tol) return x;
    const left = Math.min(a, b);
    const right = Math.max(a, b);
    let t = NaN;
    if (!bisect) {
      const p = interpolatedRoot(x, fx, aBest ? da : db, y, aBest ? fb : fa, aBest ? db : da);
      const step = p - x;
      // within the tolerance of x: just past the predicted root (towards y), so that it lies between x and t
      if (p >= left && p <= right)
        t = Math.abs(step) < 0.65 * tol ? x + Math.sign(y - x) * (Math.abs(step) + 0.25 * tol) : p;
    }
    if (!(t > left && t < right)) t = (a + b) / 2;
    const ft = f(t);
    if (Number.isNaN(ft)) return solveBracketed(value, lo, hi, tolerance, true);
    if (ft === 0) return t;
    bisect = !bisect && !(Math.abs(ft) <= 0.5 * Math.abs(fx));
    const dt = slope(t);
    if (ft < 0 === fa < 0) {
      a = t;
      fa = ft;
      da = dt;
    } else {
      b = t;
      fb = ft;
      db = dt;
    }
    if (Number.isNaN(dt)) return brentRoot(value, a, b, tolerance);
  }
  return Math.abs(fa) <= Math.abs(fb) ? a : b;
}

/**
 * The root of the inverse interpolant (z as a function of f) through (x, fx) with slope dx and (y, fy) with
 * slope dy: cubic Hermite with both slopes, quadratic with the slope at x only, the secant with neither (a
 * slope of the wrong sign, against the secant's, counts as unknown). NaN when fx = fy.
 */
function interpolatedRoot(x: number, fx: number, dx: number, y: number, fy: number, dy: number): number {
  const h = fy - fx;
  const secant = h / (y - x);
  const okX = dx * secant > 0 && Number.isFinite(dx);
  const okY = dy * secant > 0 && Number.isFinite(dy);
  if (okX && okY) {
    const t = -fx / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (
      (2 * t3 - 3 * t2 + 1) * x + (t3 - 2 * t2 + t) * (h / dx) + (3 * t2 - 2 * t3) * y + (t3 - t2) * (h / dy)
    );
  }
  if (okX) {
    const kappa = (y - x - h / dx) / (h * h);
    return x - fx / dx + kappa * fx * fx;
  }
  return x - fx / secant;
}

/** Maximiser of a unimodal function on [a, b] by golden-section search, to a bracket of width `tolerance`. */
export function goldenMax(f: (x: number) => number, a: number, b: number, tolerance = 1e-10): number {
  const r = (Math.sqrt(5) - 1) / 2;
  let c = b - r * (b - a);
  let d = a + r * (b - a);
  let fc = f(c);
  let fd = f(d);
  while (b - a > tolerance) {
    if (fc > fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - r * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + r * (b - a);
      fd = f(d);
    }
  }
  return (a + b) / 2;
}

/**
 * Minimum of a function of one variable: a bracket stepped out downhill from `start` (golden-ratio steps,
 * from `step`), then Brent's method (parabolic interpolation safeguarded by golden section, Brent 1973
 * ch. 5) until the point is known to `xTolerance`·(1 + |x|). Non-finite values are +Infinity (outside the
 * support): they bound the bracket, and a parabola through one is replaced by a golden-section step. A start
 * where f is not finite, with both neighbours `step` away not finite either, is returned as it is
 * (value Infinity), as the simplex does from such a start. Used where the simplex has one dimension: it
 * needs a handful of values where the simplex needs a hundred.
 */
export function brentMinimize(
  f: (x: number) => number,
  start: number,
  step: number,
  options: { xTolerance?: number; maxIterations?: number } = {},
): Minimum {
  const xTolerance = options.xTolerance ?? 1e-9;
  const maxIterations = options.maxIterations ?? 200;
  const golden = (3 - Math.sqrt(5)) / 2;
  const phi = (1 + Math.sqrt(5)) / 2;
  let a = start;
  const fStart = finiteOrInfinity(f, a);
  let b = start + step;
  let fb = finiteOrInfinity(f, b);
  if (fStart === Infinity && fb === Infinity) {
    b = start - step;
    fb = finiteOrInfinity(f, b);
    if (fb === Infinity) return { x: [start], value: Infinity, iterations: 0 };
  }
  if (fb > fStart) [a, b, fb] = [b, a, fStart];
  // step out downhill until the value rises (or leaves the support): f(a) ≥ f(b) ≤ f(c)
  let c = b + phi * (b - a);
  let fc = finiteOrInfinity(f, c);
  let iterations = 0;
  while (fc < fb && iterations < maxIterations) {
    a = b;
    b = c;
    fb = fc;
    c = b + phi * (b - a);
    fc = finiteOrInfinity(f, c);
    iterations++;
  }
  if (fc < fb) return { x: [c], value: fc, iterations };
  let lo = Math.min(a, c);
  let hi = Math.max(a, c);
  // Brent: x the best point, w the second best, v the previous w
  let x = b;
  let w = b;
  let v = b;
  let fx = fb;
  let fw = fb;
  let fv = fb;
  let d = 0;
  let e = 0;
  for (; iterations < maxIterations; iterations++) {
    const m = (lo + hi) / 2;
    const tol = xTolerance * (1 + Math.abs(x));
    const tol2 = 2 * tol;
    if (Math.abs(x - m) <= tol2 - (hi - lo) / 2) break;
    let parabolic = false;
    if (Math.abs(e) > tol) {
      const r = (x - w) * (fx - fv);
      let q = (x - v) * (fx - fw);
      let p = (x - v) * q - (x - w) * r;
      q = 2 * (q - r);
      if (q > 0) p = -p;
      else q = -q;
      if (
        Number.isFinite(p) &&
        Number.isFinite(q) &&
        Math.abs(p) < Math.abs(0.5 * q * e) &&
        p > q * (lo - x) &&
        p < q * (hi - x)
      ) {
        e = d;
        d = p / q;
        const u = x + d;
        if (u - lo < tol2 || hi - u < tol2) d = m >= x ? tol : -tol;
        parabolic = true;
      }
    }
    if (!parabolic) {
      e = (x >= m ? lo : hi) - x;
      d = golden * e;
    }
    const u = Math.abs(d) >= tol ? x + d : x + (d >= 0 ? tol : -tol);
    const fu = finiteOrInfinity(f, u);
    if (fu <= fx) {
      if (u >= x) lo = x;
      else hi = x;
      [v, fv, w, fw, x, fx] = [w, fw, x, fx, u, fu];
    } else {
      if (u < x) lo = u;
      else hi = u;
      if (fu <= fw || w === x) {
        [v, fv, w, fw] = [w, fw, u, fu];
      } else if (fu <= fv || v === x || v === w) {
        v = u;
        fv = fu;
      }
    }
  }
  return { x: [x], value: fx, iterations };
}
