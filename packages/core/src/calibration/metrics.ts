// The metric set of a model against measurements (issue 33, `metocean compare`): the error metrics of
// spec 002 §9 plus the unbiased (centred) RMSE and the regression of the measurement on the model, and the
// circular metrics of a direction. Every metric is over the same pairs.
import { comparisonMetrics, directionalMetrics, linearRegression } from '../metrics';
import { quantileSorted } from '../order';

export interface ScalarMetricSet {
  n: number;
  /** mean(m − o) */
  bias: number;
  /** 100 · Σ(m − o) / Σo, % */
  pbias: number;
  /** sqrt(mean((m − o)²)) */
  rmse: number;
  /** Unbiased (centred) RMSE: sqrt(mean(((m − m̄) − (o − ō))²)) */
  urmse: number;
  /** Scatter index urmse / ō */
  si: number;
  /** rmse / ō */
  nrmse: number;
  /** Pearson correlation */
  corr: number;
  /** std(m) / std(o), population */
  stdRatio: number;
  /** Least squares o = intercept + slope · m (the measurement on the model, as the scatter charts) */
  slope: number;
  intercept: number;
  r2: number;
}

export interface DirectionalMetricSet {
  n: number;
  /** Mean circular difference m − o, degrees */
  dirBias: number;
  /** sqrt(mean of squared circular differences), degrees */
  dirRmse: number;
  /** Circular correlation (Jammalamadaka & SenGupta 2001, §8.2) */
  dirCorr: number;
}

/** The scalar metric set over the pairs where both values exist. */
export function scalarMetricSet(model: ArrayLike<number>, obs: ArrayLike<number>): ScalarMetricSet {
  const c = comparisonMetrics(model, obs);
  const r = linearRegression(model, obs);
  let om = 0;
  let n = 0;
  for (let i = 0; i < obs.length; i++)
    if (!Number.isNaN(model[i]!) && !Number.isNaN(obs[i]!)) {
      om += obs[i]!;
      n++;
    }
  om /= n;
  return {
    n: c.n,
    bias: c.bias,
    pbias: c.pbias,
    rmse: c.rmse,
    urmse: c.si * om,
    si: c.si,
    nrmse: c.nrmse,
    corr: c.corr,
    stdRatio: c.stdRatio,
    slope: r.slope,
    intercept: r.intercept,
    r2: r.r2,
  };
}

/** The circular metric set of two direction series, degrees. */
export function directionalMetricSet(model: ArrayLike<number>, obs: ArrayLike<number>): DirectionalMetricSet {
  return directionalMetrics(model, obs);
}

/** Type 7 (numpy "linear") quantile of the finite values. */
export function quantileOf(values: ArrayLike<number>, p: number): number {
  const finite = new Float64Array(values.length);
  let k = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]!)) finite[k++] = values[i]!;
  const sorted = finite.subarray(0, k).sort();
  return quantileSorted(sorted, p);
}

/** What a correction is judged on, before or after: bias, RMSE, scatter index and the 99th-percentile error. */
export interface SkillSummary {
  n: number;
  bias: number;
  rmse: number;
  si: number;
  /** P99(m) − P99(o), type 7 quantiles of the pairs' two sides */
  p99Error: number;
}

export function skillSummary(model: ArrayLike<number>, obs: ArrayLike<number>): SkillSummary {
  const c = comparisonMetrics(model, obs);
  return {
    n: c.n,
    bias: c.bias,
    rmse: c.rmse,
    si: c.si,
    p99Error: quantileOf(model, 0.99) - quantileOf(obs, 0.99),
  };
}
