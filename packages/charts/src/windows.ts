// WW weather windows and WD weather downtime: monthly bar charts with a duration selector (and, for WD,
// the waiting-time quantiles).
import type { VisuPayload } from '@metocean/contracts';
import type { EChartsOption } from 'echarts';
import {
  GRID_TOP,
  CHART_ERRORS,
  ChartError,
  MONTHS,
  PALETTE,
  blues,
  format,
  frame,
  gap,
  kwargsOf,
  legend,
  matrix,
  numbers,
  sameLength,
  text,
  type ViewOptions,
} from './common';

export type WindowMeasure = 'probability' | 'meanCalmPeriods' | 'meanCalmLength';

const MEASURES: Record<WindowMeasure, string> = {
  probability: 'Probability that a window starts (%)',
  meanCalmPeriods: 'Calm periods per year',
  meanCalmLength: 'Mean calm length (hour)',
};

export interface WeatherWindowOptions extends ViewOptions {
  measure?: WindowMeasure;
  /** Indices of the durations shown; all by default. */
  durations?: number[];
}

function durationIndices(all: number[], chosen: number[] | undefined): number[] {
  const picked = chosen ?? all.map((_, i) => i);
  if (picked.length === 0) throw new ChartError(CHART_ERRORS.paramsAmount);
  if (picked.some((i) => !(Number.isInteger(i) && i >= 0 && i < all.length)))
    throw new ChartError(CHART_ERRORS.rangeValue);
  return picked;
}

export function weatherWindowOption(payload: VisuPayload, view: WeatherWindowOptions = {}): EChartsOption {
  const k = kwargsOf(payload);
  const measure = view.measure ?? 'probability';
  const durations = numbers(payload, 'duration');
  const months = numbers(payload, 'month');
  const grid = matrix(payload, measure);
  const annual = numbers(payload, `${measure}Annual`);
  sameLength(durations, grid);
  const picked = durationIndices(durations, view.durations);
  return {
    ...frame(payload, view, text(k.limitLabel)),
    color: PALETTE,
    grid: { left: 56, right: 20, top: GRID_TOP, bottom: 80 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => format(Number(v)) },
    legend: legend(view),
    xAxis: { type: 'category', data: [...months.map((m) => MONTHS[m - 1] ?? String(m)), 'Year'] },
    yAxis: { type: 'value', name: MEASURES[measure], nameLocation: 'middle', nameGap: 40 },
    series: picked.map((d) => {
      const row = grid[d]!;
      sameLength(months, row);
      return {
        type: 'bar' as const,
        name: `${durations[d]} h`,
        data: [...row.map(gap), gap(annual[d]!)],
      };
    }),
  };
}

export interface DowntimeOptions extends ViewOptions {
  /** Index of the operation duration; the first by default. */
  duration?: number;
  /** Waiting-time quantiles shown (from the payload's percentiles); all by default. */
  quantiles?: number[];
  /** Show the mean waiting time too (default true). */
  mean?: boolean;
}

/** WD: per month, the waiting time quantiles (and mean) for one operation duration. */
export function downtimeOption(payload: VisuPayload, view: DowntimeOptions = {}): EChartsOption {
  const k = kwargsOf(payload);
  const durations = numbers(payload, 'duration');
  const months = numbers(payload, 'month');
  const percentiles = numbers(payload, 'percentile');
  const cube = matrix(payload, 'waitPercentile') as unknown as number[][][];
  const annualCube = matrix(payload, 'waitPercentileAnnual');
  const meanWait = matrix(payload, 'meanWait');
  const meanAnnual = numbers(payload, 'meanWaitAnnual');
  sameLength(durations, cube);
  const d = view.duration ?? 0;
  if (!(Number.isInteger(d) && d >= 0 && d < durations.length)) throw new ChartError(CHART_ERRORS.rangeValue);
  const quantiles = view.quantiles ?? percentiles;
  if (quantiles.length === 0) throw new ChartError(CHART_ERRORS.paramsAmount);
  const columns = quantiles.map((q) => {
    const j = percentiles.indexOf(q);
    // only the stored waiting-time percentiles can be drawn
    if (j < 0) throw new ChartError(CHART_ERRORS.rangeValue);
    return j;
  });
  const byMonth = cube[d]!;
  sameLength(months, byMonth);
  const categories = [...months.map((m) => MONTHS[m - 1] ?? String(m)), 'Year'];
  const colours = blues(columns.length);
  const series: EChartsOption['series'] = columns.map((j, i) => ({
    type: 'bar' as const,
    name: `P${quantiles[i]}`,
    color: colours[i],
    data: [...byMonth.map((row) => gap(row[j]!)), gap(annualCube[d]![j]!)],
  }));
  if (view.mean !== false)
    series.push({
      type: 'line',
      name: 'Mean',
      color: PALETTE[1],
      data: [...meanWait[d]!.map(gap), gap(meanAnnual[d]!)],
      symbolSize: 6,
    });
  return {
    ...frame(payload, view, `${durations[d]} h operation · ${text(k.limitLabel)}`),
    color: PALETTE,
    grid: { left: 56, right: 20, top: GRID_TOP, bottom: 80 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${format(Number(v))} h` },
    legend: legend(view),
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value', name: 'Waiting time (hour)', nameLocation: 'middle', nameGap: 40 },
    series,
  };
}
