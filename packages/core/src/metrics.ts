// Model against observation: error metrics, directional metrics on circular differences, linear
// regression and the scatter density of the comparison charts.

export interface ComparisonMetrics {
  n: number;
  /** mean(m - o) */
  bias: number;
  /** 100 · Σ(m - o) / Σo, % */
  pbias: number;
  /** sqrt(mean((m - o)²)) */
  rmse: number;
  /** rmse / mean(o) */
  nrmse: number;
  /** Pearson correlation of m and o */
  corr: number;
  /** Scatter index: centred rmse / mean(o) = sqrt(mean(((m - m̄) - (o - ō))²)) / ō */
  si: number;
  /** std(m) / std(o), population standard deviations */
  stdRatio: number;
}

function pairs(model: ArrayLike<number>, obs: ArrayLike<number>, caller: string): [number[], number[]] {
  if (model.length !== obs.length) throw new RangeError(`${caller}: model and observation differ in length`);
  const m: number[] = [];
  const o: number[] = [];
  for (let i = 0; i < model.length; i++) {
    if (Number.isNaN(model[i]!) || Number.isNaN(obs[i]!)) continue;
    m.push(model[i]!);
    o.push(obs[i]!);
  }
  return [m, o];
}

const mean = (x: number[]): number => x.reduce((s, v) => s + v, 0) / x.length;

/** bias, pbias, rmse, nrmse, corr, SI and std ratio over the pairs where both exist. */
export function comparisonMetrics(model: ArrayLike<number>, obs: ArrayLike<number>): ComparisonMetrics {
  const [m, o] = pairs(model, obs, 'comparisonMetrics');
  const n = m.length;
  if (n === 0) return { n, bias: NaN, pbias: NaN, rmse: NaN, nrmse: NaN, corr: NaN, si: NaN, stdRatio: NaN };
  const mm = mean(m);
  const om = mean(o);
  let se = 0;
  let sc = 0;
  let smm = 0;
  let soo = 0;
  let smo = 0;
  let so = 0;
  let sd = 0;
  for (let i = 0; i < n; i++) {
    const d = m[i]! - o[i]!;
    sd += d;
    so += o[i]!;
    se += d * d;
    const c = m[i]! - mm - (o[i]! - om);
    sc += c * c;
    smm += (m[i]! - mm) ** 2;
    soo += (o[i]! - om) ** 2;
    smo += (m[i]! - mm) * (o[i]! - om);
  }
  const rmse = Math.sqrt(se / n);
  return {
    n,
    bias: sd / n,
    pbias: (100 * sd) / so,
    rmse,
    nrmse: rmse / om,
    corr: smo / Math.sqrt(smm * soo),
    si: Math.sqrt(sc / n) / om,
    stdRatio: Math.sqrt(smm / soo),
  };
}

/** Signed smallest difference a - b between two directions, degrees in [-180, 180). */
export function angularDifference(a: number, b: number): number {
  return ((((a - b + 180) % 360) + 360) % 360) - 180;
}

function circularMean(degrees: number[]): number {
  let s = 0;
  let c = 0;
  for (const d of degrees) {
    s += Math.sin((d * Math.PI) / 180);
    c += Math.cos((d * Math.PI) / 180);
  }
  return Math.atan2(s, c);
}

export interface DirectionalMetrics {
  n: number;
  /** mean of the circular differences m - o, degrees */
  dirBias: number;
  /** sqrt(mean of squared circular differences), degrees */
  dirRmse: number;
  /** circular correlation (Jammalamadaka & SenGupta 2001, §8.2) */
  dirCorr: number;
}

/** dir_bias, dir_rmse and dir_corr of two direction series (degrees). */
export function directionalMetrics(model: ArrayLike<number>, obs: ArrayLike<number>): DirectionalMetrics {
  const [m, o] = pairs(model, obs, 'directionalMetrics');
  const n = m.length;
  if (n === 0) return { n, dirBias: NaN, dirRmse: NaN, dirCorr: NaN };
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < n; i++) {
    const d = angularDifference(m[i]!, o[i]!);
    sum += d;
    sq += d * d;
  }
  const am = circularMean(m);
  const ao = circularMean(o);
  let num = 0;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < n; i++) {
    const a = Math.sin((m[i]! * Math.PI) / 180 - am);
    const b = Math.sin((o[i]! * Math.PI) / 180 - ao);
    num += a * b;
    sa += a * a;
    sb += b * b;
  }
  return { n, dirBias: sum / n, dirRmse: Math.sqrt(sq / n), dirCorr: num / Math.sqrt(sa * sb) };
}

export interface Regression {
  slope: number;
  intercept: number;
  r2: number;
}

/** Least-squares line y = slope·x + intercept and its r² (as scipy.stats.linregress). */
export function linearRegression(x: ArrayLike<number>, y: ArrayLike<number>): Regression {
  const [a, b] = pairs(x, y, 'linearRegression');
  if (a.length < 2) return { slope: NaN, intercept: NaN, r2: NaN };
  const xm = mean(a);
  const ym = mean(b);
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < a.length; i++) {
    sxx += (a[i]! - xm) ** 2;
    syy += (b[i]! - ym) ** 2;
    sxy += (a[i]! - xm) * (b[i]! - ym);
  }
  const slope = sxy / sxx;
  return { slope, intercept: ym - slope * xm, r2: (sxy * sxy) / (sxx * syy) };
}

export interface ScatterCell {
  /** Cell centre on the model axis and the observation axis. */
  model: number;
  obs: number;
  count: number;
  /** Share of the pairs, %. */
  occurrencePercent: number;
  /** Point radius 1.5-20, linear in the occurrence relative to the fullest cell. */
  radius: number;
  /** Mean of m - o over the cell (the circular difference for directions). */
  meanError: number;
}

export const SCATTER_RADIUS = { min: 1.5, max: 20 } as const;

/**
 * Scatter density: pairs binned on a (model, obs) grid of the given cell size; pairs where either
 * value is zero are left out (spec 002 §5). Directional: the error is the circular difference.
 */
export function scatterDensity(
  model: ArrayLike<number>,
  obs: ArrayLike<number>,
  options: { cell: number; directional?: boolean },
): { cells: ScatterCell[]; n: number } {
  const [m, o] = pairs(model, obs, 'scatterDensity');
  const size = options.cell;
  if (!(size > 0)) throw new RangeError(`scatterDensity: cell must be positive, got ${size}`);
  const cells = new Map<string, { i: number; j: number; count: number; error: number }>();
  let n = 0;
  for (let k = 0; k < m.length; k++) {
    if (m[k] === 0 || o[k] === 0) continue;
    const i = Math.floor(m[k]! / size);
    const j = Math.floor(o[k]! / size);
    const key = `${i},${j}`;
    const cell = cells.get(key) ?? { i, j, count: 0, error: 0 };
    cell.count++;
    cell.error += options.directional ? angularDifference(m[k]!, o[k]!) : m[k]! - o[k]!;
    cells.set(key, cell);
    n++;
  }
  const maxCount = Math.max(1, ...[...cells.values()].map((c) => c.count));
  return {
    n,
    cells: [...cells.values()]
      .sort((a, b) => a.i - b.i || a.j - b.j)
      .map((c) => ({
        model: (c.i + 0.5) * size,
        obs: (c.j + 0.5) * size,
        count: c.count,
        occurrencePercent: (100 * c.count) / n,
        radius: SCATTER_RADIUS.min + ((SCATTER_RADIUS.max - SCATTER_RADIUS.min) * c.count) / maxCount,
        meanError: c.error / c.count,
      })),
  };
}
