// Model against measure on common timestamps (spec 002 "Buoy comparison", §3 Scatter data, §9 metric names):
// the pairs of a hindcast node and a buoy's hourly observations, the metrics of one variable under the names
// of spec 002 §9, and the scatter data of the comparison charts.
import {
  comparisonMetrics,
  directionalMetrics,
  linearRegression,
  scatterDensity,
  type Regression,
} from '../metrics';

/** The missing-value sentinel of the visualisation payloads (spec 002 §3). */
const SENTINEL = -999;

export interface TimedValues {
  /** UTC epoch ms, strictly increasing. */
  time: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface Collocated {
  time: number[];
  model: number[];
  measure: number[];
  counts: {
    /**
     * Hours held by both: the timestamps where both values exist, i.e. the pairs (issue 30: it counted every
     * timestamp of both time axes, 190,686 where 175,320 were held by both).
     */
    common: number;
    /** Timestamps on both time axes, a value missing or not (a buoy's store keeps its absent hours). */
    timestamps: number;
    /** Of those timestamps, the ones where the model value is missing (-999, NaN or infinite). */
    missingModel: number;
    /** Of those timestamps, the ones where the measured value is missing. */
    missingMeasure: number;
    /** Pairs kept: timestamps where both values exist (the same number as `common`). */
    paired: number;
  };
}

const isMissing = (v: number) => !Number.isFinite(v) || v === SENTINEL;

function checkIncreasing(time: ArrayLike<number>, caller: string): void {
  for (let i = 1; i < time.length; i++)
    if (!(time[i]! > time[i - 1]!)) throw new RangeError(`${caller}: times must be strictly increasing`);
}

/**
 * Pairs a model series with a measured series on the timestamps both hold (an exact match: no interpolation);
 * a pair where either value is missing (-999, NaN, infinite) is dropped and counted.
 */
export function collocate(model: TimedValues, measure: TimedValues): Collocated {
  for (const s of [model, measure])
    if (s.time.length !== s.values.length)
      throw new RangeError('collocate: time and values differ in length');
  checkIncreasing(model.time, 'collocate');
  checkIncreasing(measure.time, 'collocate');
  const out: Collocated = {
    time: [],
    model: [],
    measure: [],
    counts: { common: 0, timestamps: 0, missingModel: 0, missingMeasure: 0, paired: 0 },
  };
  let i = 0;
  let j = 0;
  while (i < model.time.length && j < measure.time.length) {
    const a = model.time[i]!;
    const b = measure.time[j]!;
    if (a < b) i++;
    else if (b < a) j++;
    else {
      const m = model.values[i]!;
      const o = measure.values[j]!;
      out.counts.timestamps++;
      if (isMissing(m)) out.counts.missingModel++;
      if (isMissing(o)) out.counts.missingMeasure++;
      if (!isMissing(m) && !isMissing(o)) {
        out.time.push(a);
        out.model.push(m);
        out.measure.push(o);
      }
      i++;
      j++;
    }
  }
  out.counts.paired = out.time.length;
  out.counts.common = out.time.length;
  return out;
}

/** The metric names of spec 002 §9. */
export const SCALAR_METRICS = ['bias', 'pbias', 'rmse', 'nrmse', 'corr', 'SI', 'std_ratio'] as const;
export const DIRECTIONAL_METRICS = ['dir_bias', 'dir_rmse', 'dir_corr'] as const;
export type MetricName = (typeof SCALAR_METRICS)[number] | (typeof DIRECTIONAL_METRICS)[number];

/**
 * The metrics of one variable under the spec's names: bias, pbias, rmse, nrmse, corr, SI and std_ratio for a
 * scalar variable; dir_bias, dir_rmse and dir_corr (circular differences) for a direction in degrees.
 */
export function namedMetrics(
  model: ArrayLike<number>,
  measure: ArrayLike<number>,
  directional: boolean,
): Partial<Record<MetricName, number>> {
  if (directional) {
    const d = directionalMetrics(model, measure);
    return { dir_bias: d.dirBias, dir_rmse: d.dirRmse, dir_corr: d.dirCorr };
  }
  const m = comparisonMetrics(model, measure);
  return {
    bias: m.bias,
    pbias: m.pbias,
    rmse: m.rmse,
    nrmse: m.nrmse,
    corr: m.corr,
    SI: m.si,
    std_ratio: m.stdRatio,
  };
}

/**
 * A scatter cell size: 1, 2 or 5 times a power of ten, the smallest giving at most `bins` cells over the
 * larger of the two ranges (0 to the maximum: the measured quantities here are non-negative or directions).
 */
export function scatterCell(model: ArrayLike<number>, measure: ArrayLike<number>, bins = 40): number {
  let max = 0;
  for (const s of [model, measure]) for (let i = 0; i < s.length; i++) if (s[i]! > max) max = s[i]!;
  if (!(max > 0)) return 1;
  const raw = max / bins;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const k of [1, 2, 5, 10]) if (k * power >= raw) return k * power;
  return 10 * power;
}

export interface ComparedVariable {
  /** Short name (spec 002 §9: hs, tp, tz, dp, magw, thetaw, mag, theta, dir, XE). */
  name: string;
  units: string;
  longName: string;
  directional: boolean;
}

export interface ScatterSeries {
  values: number[];
  run: string;
  attributes: { units: string; longName: string };
}

/** The scatter data of spec 002 §3: the two series are the cell centres, keyed by varNames. */
export interface ScatterData {
  varNames: [string, string];
  series: Record<string, ScatterSeries>;
  /** Point radius per cell, 1.5 to 20 by occurrence (spec 002 §9). */
  radii: number[];
  /** Share of the pairs in each cell, %. */
  occurrence: number[];
  /** Mean error (model - measure; circular for directions) per cell. */
  error: { values: number[]; units: string };
  linregress: Regression;
  /** Pairs behind the scatter (both values non-zero, spec 002 §5). */
  nbTimeSteps: number;
  /** Cell size, in the variable's units. */
  cell: number;
}

/** The scatter data of one variable's pairs; `runs` name the model run and the measure's source. */
export function scatterData(
  model: ArrayLike<number>,
  measure: ArrayLike<number>,
  variable: ComparedVariable,
  runs: { model: string; measure: string },
): ScatterData {
  const cell = scatterCell(model, measure);
  const { cells, n } = scatterDensity(model, measure, { cell, directional: variable.directional });
  const kept: [number[], number[]] = [[], []];
  for (let i = 0; i < model.length; i++)
    if (model[i] !== 0 && measure[i] !== 0) {
      kept[0].push(model[i]!);
      kept[1].push(measure[i]!);
    }
  const names: [string, string] = [`${variable.name}_model`, `${variable.name}_measure`];
  const attributes = (who: string) => ({ units: variable.units, longName: `${variable.longName} (${who})` });
  return {
    varNames: names,
    series: {
      [names[0]]: { values: cells.map((c) => c.model), run: runs.model, attributes: attributes('model') },
      [names[1]]: { values: cells.map((c) => c.obs), run: runs.measure, attributes: attributes('measure') },
    },
    radii: cells.map((c) => c.radius),
    occurrence: cells.map((c) => c.occurrencePercent),
    error: { values: cells.map((c) => c.meanError), units: variable.units },
    linregress: linearRegression(kept[0], kept[1]),
    nbTimeSteps: n,
    cell,
  };
}

export interface VariableComparison {
  variable: ComparedVariable;
  counts: Collocated['counts'];
  /** First and last paired timestamps (undefined without pairs). */
  firstPair: number | undefined;
  lastPair: number | undefined;
  metrics: Partial<Record<MetricName, number>>;
  scatter: ScatterData;
}

/** One variable compared: pairs on common timestamps, its metrics and its scatter data. */
export function compareVariable(
  model: TimedValues,
  measure: TimedValues,
  variable: ComparedVariable,
  runs: { model: string; measure: string },
): VariableComparison {
  const pairs = collocate(model, measure);
  return {
    variable,
    counts: pairs.counts,
    firstPair: pairs.time[0],
    lastPair: pairs.time.at(-1),
    metrics: namedMetrics(pairs.model, pairs.measure, variable.directional),
    scatter: scatterData(pairs.model, pairs.measure, variable, runs),
  };
}
