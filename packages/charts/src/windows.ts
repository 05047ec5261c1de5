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
import {
  BAR_CATEGORY_GAP,
  BAR_GAP,
  intervalLegend,
  intervalTooltip,
  whiskerOf,
  whiskerSeries,
  type BarInterval,
} from './whiskers';

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
  const categories = [...months.map((m) => MONTHS[m - 1] ?? String(m)), 'Year'];
  const bars = picked.map((d) => {
    const row = grid[d]!;
    sameLength(months, row);
    return {
      type: 'bar' as const,
      name: `${durations[d]} h`,
      barCategoryGap: `${BAR_CATEGORY_GAP * 100}%`,
      barGap: `${BAR_GAP * 100}%`,
      data: [...row.map(gap), gap(annual[d]!)],
    };
  });
  const base: EChartsOption = {
    ...frame(payload, view, text(k.limitLabel)),
    color: PALETTE,
    grid: { left: 56, right: 20, top: GRID_TOP, bottom: 80 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => format(Number(v)) },
    legend: legend(view),
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value', name: MEASURES[measure], nameLocation: 'middle', nameGap: 40 },
    series: bars,
  };
  // issue 31: the probability's year-block interval as whiskers (results stored before it have none)
  if (measure !== 'probability' || !payload.probabilityLower) return base;
  const lower = matrix(payload, 'probabilityLower');
  const upper = matrix(payload, 'probabilityUpper');
  const years = matrix(payload, 'intervalYears');
  const intervalOf = (d: number, m: number): BarInterval => {
    const [lo, hi] = [gap(lower[d]?.[m] ?? NaN), gap(upper[d]?.[m] ?? NaN)];
    return lo === null || hi === null || gap(grid[d]?.[m] ?? NaN) === null ? null : [lo, hi];
  };
  const whiskers = months.flatMap((_, m) =>
    picked.flatMap((d, slot) =>
      whiskerOf(intervalOf(d, m), { period: m, slot, count: picked.length, across: 0.5 }),
    ),
  );
  const ci = typeof k.intervalCi === 'number' ? k.intervalCi : 0.9;
  // the years per month of the first duration shown (the durations of one month share its years but for
  // a window of unknown outcome, so the tooltip names each duration's own)
  const yearsOf = (d: number) =>
    Object.fromEntries(months.map((_, m) => [categories[m]!, gap(years[d]?.[m] ?? NaN) ?? 0]));
  const notes = Object.fromEntries(
    months
      .map((_, m) => categories[m]!)
      .filter((_, m) => picked.every((d) => (gap(years[d]?.[m] ?? NaN) ?? 0) < 5))
      .map((c) => [
        c,
        'no interval: fewer than 5 years of data in the month, too few to resample whole years',
      ]),
  );
  notes.Year = 'no interval for the whole year: the intervals are per month';
  const legendYears = picked.flatMap((d) =>
    months.map((_, m) => (intervalOf(d, m) ? (gap(years[d]?.[m] ?? NaN) ?? 0) : 0)),
  );
  return {
    ...base,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: intervalTooltip('%', categories, { ci, years: yearsOf(picked[0]!), notes }, (m, markers) =>
        picked.map((d) => ({
          marker: markers.get(`${durations[d]} h`) ?? '',
          name: `${durations[d]} h`,
          value: m < months.length ? gap(grid[d]![m]!) : gap(annual[d]!),
          interval: m < months.length ? intervalOf(d, m) : null,
        })),
      ),
    },
    series: [
      ...bars,
      ...(whiskers.length > 0 ? [whiskerSeries(intervalLegend(ci, legendYears), whiskers)] : []),
    ],
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
    // fixed so the interval whiskers sit on their bar (whiskers.ts)
    barCategoryGap: `${BAR_CATEGORY_GAP * 100}%`,
    barGap: `${BAR_GAP * 100}%`,
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
  const base: EChartsOption = {
    ...frame(payload, view, `${durations[d]} h operation · ${text(k.limitLabel)}`),
    color: PALETTE,
    grid: { left: 56, right: 20, top: GRID_TOP, bottom: 80 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${format(Number(v))} h` },
    legend: legend(view),
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value', name: 'Waiting time (hour)', nameLocation: 'middle', nameGap: 40 },
    series,
  };
  // issue 31: each wait percentile's year-block interval as whiskers (results stored before have none)
  if (!payload.waitPercentileLower) return base;
  const lower = matrix(payload, 'waitPercentileLower') as unknown as number[][][];
  const upper = matrix(payload, 'waitPercentileUpper') as unknown as number[][][];
  const moreThan = matrix(payload, 'waitIntervalMoreThan') as unknown as number[][][];
  const years = matrix(payload, 'intervalYears');
  const at = (cube: number[][][], m: number, j: number) => gap(cube[d]?.[m]?.[j] ?? NaN);
  /** The bar's interval: both ends, the lower and "more than c" above, or none. */
  const intervalOf = (m: number, j: number) => {
    if (gap(byMonth[m]![j]!) === null) return null;
    const [lo, hi, c] = [at(lower, m, j), at(upper, m, j), at(moreThan, m, j)];
    if (lo !== null && hi !== null) return { lo, hi, open: false, text: undefined };
    if (lo !== null && c !== null)
      return { lo, hi: Math.max(lo, c), open: true, text: `[${lo.toFixed(1)}–>${c.toFixed(1)}]` };
    if (c !== null) return { lo: null, hi: null, open: true, text: `[>${c.toFixed(1)}–>${c.toFixed(1)}]` };
    return null;
  };
  const whiskers = months.flatMap((_, m) =>
    columns.flatMap((j, slot) => {
      const i = intervalOf(m, j);
      return i && i.lo !== null && i.hi !== null
        ? [{ period: m, slot, count: columns.length, across: 0.5, lower: i.lo, upper: i.hi, open: i.open }]
        : [];
    }),
  );
  const ci = typeof k.intervalCi === 'number' ? k.intervalCi : 0.9;
  const yearsOf = Object.fromEntries(months.map((_, m) => [categories[m]!, gap(years[d]?.[m] ?? NaN) ?? 0]));
  const notes: Record<string, string> = Object.fromEntries(
    months
      .map((_, m) => categories[m]!)
      .filter((c) => yearsOf[c]! < 5)
      .map((c) => [
        c,
        'no interval: fewer than 5 years of data in the month, too few to resample whole years',
      ]),
  );
  notes.Year = 'no interval for the whole year: the intervals are per month';
  const legendYears = months.map((_, m) =>
    columns.some((j) => intervalOf(m, j)) ? yearsOf[categories[m]!] : 0,
  );
  const meanName = 'Mean';
  return {
    ...base,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: intervalTooltip('h', categories, { ci, years: yearsOf, notes }, (m, markers) => [
        ...columns.map((j, i) => {
          const interval = m < months.length ? intervalOf(m, j) : null;
          return {
            marker: markers.get(`P${quantiles[i]}`) ?? '',
            name: `P${quantiles[i]}`,
            value: m < months.length ? gap(byMonth[m]![j]!) : gap(annualCube[d]![j]!),
            interval: interval && !interval.open ? ([interval.lo!, interval.hi!] as const) : null,
            ...(interval?.text !== undefined ? { intervalText: interval.text } : {}),
          };
        }),
        ...(view.mean !== false
          ? [
              {
                marker: markers.get(meanName) ?? '',
                name: meanName,
                value: m < months.length ? gap(meanWait[d]![m]!) : gap(meanAnnual[d]!),
                interval: null,
              },
            ]
          : []),
      ]),
    },
    series: [
      ...series,
      ...(whiskers.length > 0 ? [whiskerSeries(intervalLegend(ci, legendYears), whiskers)] : []),
    ],
  };
}
