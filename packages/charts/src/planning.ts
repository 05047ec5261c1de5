// AWD planning charts (issue 24 "Results", spec 001 §2.4): options from the results layout of issue 22,
// used by the results view and the comparison cards. Values come in hours or percent; missing values are
// gaps, never zeros. Each bar may carry whiskers: its year-block bootstrap interval (issue 31).
import type { EChartsOption } from 'echarts';
import { PALETTE, blues, escapeHtml } from './common';
import {
  BAR_CATEGORY_GAP,
  BAR_GAP,
  finite,
  intervalLegend,
  intervalTooltip,
  whiskerOf,
  whiskerSeries,
  yearsWithIntervals,
  type BarInterval,
  type IntervalContext,
} from './whiskers';

export { WHISKER_COLOUR, barSlot, intervalLegend, type BarInterval, type IntervalContext } from './whiskers';

type PeriodValues = Record<string, number | null | undefined>;

const valueOrGap = (v: number | null | undefined): number | null =>
  v === null || v === undefined || !Number.isFinite(v) ? null : v;

/** The axis name of a unit: hours, days (one unit per axis, issue 30) or percent. */
const axisName = (unit: string) =>
  `${unit === '%' ? 'Percent' : unit === 'd' ? 'Days' : unit === 'h' ? 'Hours' : 'Value'} (${unit})`;

const tooltipValue = (unit: string) => (value: unknown) =>
  typeof value === 'number' ? `${value.toFixed(1)} ${unit}` : '–';

/**
 * The frame of a bar chart per period: title and source, the tooltip in the unit, the legend under the
 * subtitle (never over it) and the category axis of the periods (slanted past 12).
 */
function periodBarsFrame(input: {
  title: string;
  source: string;
  unit: string;
  periods: readonly string[];
}): EChartsOption {
  return {
    title: { text: input.title, subtext: input.source, left: 'center', textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: tooltipValue(input.unit) },
    legend: { top: 56, type: 'scroll' },
    grid: { top: 92, left: 64, right: 24, bottom: 56 },
    xAxis: {
      type: 'category',
      data: [...input.periods],
      axisLabel: { rotate: input.periods.length > 12 ? 45 : 0 },
    },
    yAxis: { type: 'value', name: axisName(input.unit), nameLocation: 'middle', nameGap: 44 },
  };
}

export interface PercentileBarsInput {
  title: string;
  /** "h" or "%" */
  unit: string;
  periods: readonly string[];
  percentiles: readonly number[];
  /** "P50" → period → value (wholeSequenceScenarios of one data set). */
  values: Record<string, PeriodValues>;
  source: string;
  /** "P50" → period → [lower, upper] in the unit (wholeSequenceIntervals), with what they rest on. */
  intervals?: { byPercentile: Record<string, Record<string, BarInterval>>; context: IntervalContext };
}

/**
 * One bar per percentile in every period (grouped), light P-low to dark P-high; with intervals, a whisker
 * on each bar and a legend entry "90 % interval, N years".
 */
export function planningPercentileBars(input: PercentileBarsInput): EChartsOption {
  const colours = blues(input.percentiles.length);
  const count = input.percentiles.length;
  const frame = periodBarsFrame(input);
  const bars = input.percentiles.map((p, i) => ({
    type: 'bar' as const,
    name: `P${p}`,
    itemStyle: { color: colours[i] },
    barCategoryGap: `${BAR_CATEGORY_GAP * 100}%`,
    barGap: `${BAR_GAP * 100}%`,
    data: input.periods.map((period) => valueOrGap(input.values[`P${p}`]?.[period])),
  }));
  const intervals = input.intervals;
  if (!intervals) return { ...frame, series: bars };
  const intervalOf = (p: number, period: string): BarInterval =>
    finite(input.values[`P${p}`]?.[period]) ? intervals.byPercentile[`P${p}`]?.[period] : null;
  const whiskers = input.periods.flatMap((period, k) =>
    input.percentiles.flatMap((p, slot) =>
      whiskerOf(intervalOf(p, period), { period: k, slot, count, across: 0.5 }),
    ),
  );
  const name = intervalLegend(intervals.context.ci, yearsWithIntervals(intervals.context, input.periods));
  return {
    ...frame,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: intervalTooltip(input.unit, input.periods, intervals.context, (k, markers) =>
        input.percentiles.map((p) => ({
          marker: markers.get(`P${p}`) ?? '',
          name: `P${p}`,
          value: valueOrGap(input.values[`P${p}`]?.[input.periods[k]!]),
          interval: intervalOf(p, input.periods[k]!),
        })),
      ),
    },
    series: [...bars, ...(whiskers.length > 0 ? [whiskerSeries(name, whiskers)] : [])],
  };
}

export interface TripStackInput {
  title: string;
  unit: string;
  periods: readonly string[];
  trips: readonly string[];
  percentile: number;
  /** trip → period → "P50" → value (tripsScenarios of one data set). */
  values: Record<string, Record<string, PeriodValues>>;
  source: string;
  /** trip → period → "P50" → [lower, upper] in the unit (tripsIntervals), with what they rest on. */
  intervals?: {
    byTrip: Record<string, Record<string, Record<string, BarInterval>>>;
    context: IntervalContext;
  };
}

/**
 * Per-trip durations (or delays) at one percentile stacked per period. With intervals, each trip's whisker
 * stands on the top of the trips below it (its own segment's range: the others held at their value),
 * spread across the bar in trip order so that neighbours do not hide each other.
 */
export function planningTripStack(input: TripStackInput): EChartsOption {
  const key = `P${input.percentile}`;
  const frame = periodBarsFrame(input);
  const valueOf = (trip: string, period: string) => valueOrGap(input.values[trip]?.[period]?.[key]);
  const bars = input.trips.map((trip, i) => ({
    type: 'bar' as const,
    stack: 'trips',
    name: `Trip ${trip}`,
    itemStyle: { color: PALETTE[i % PALETTE.length] },
    barCategoryGap: `${BAR_CATEGORY_GAP * 100}%`,
    data: input.periods.map((period) => valueOf(trip, period)),
  }));
  const intervals = input.intervals;
  if (!intervals) return { ...frame, series: bars };
  const intervalOf = (trip: string, period: string): BarInterval =>
    finite(valueOf(trip, period)) ? intervals.byTrip[trip]?.[period]?.[key] : null;
  const whiskers = input.periods.flatMap((period, k) => {
    let base = 0;
    return input.trips.flatMap((trip, t) => {
      const value = valueOf(trip, period);
      const i = intervalOf(trip, period);
      const out = whiskerOf(i && ([base + i[0], base + i[1]] as const), {
        period: k,
        slot: 0,
        count: 1,
        across: (t + 1) / (input.trips.length + 1),
      });
      if (value !== null) base += value;
      return out;
    });
  });
  const name = intervalLegend(intervals.context.ci, yearsWithIntervals(intervals.context, input.periods));
  return {
    ...frame,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: intervalTooltip(input.unit, input.periods, intervals.context, (k, markers) =>
        input.trips.map((trip) => ({
          marker: markers.get(`Trip ${trip}`) ?? '',
          name: `Trip ${trip}`,
          value: valueOf(trip, input.periods[k]!),
          interval: intervalOf(trip, input.periods[k]!),
        })),
      ),
    },
    series: [...bars, ...(whiskers.length > 0 ? [whiskerSeries(name, whiskers)] : [])],
  };
}

export interface CumulativeInput {
  title: string;
  unit: string;
  /** Trips in plan order, each with its value (hours) at the chosen percentile and period. */
  series: { name: string; trips: { trip: string; value: number | null }[] }[];
}

/**
 * Cumulative duration trip after trip: one line per planning. A missing trip value ends that line (the
 * sum after it would be wrong, so it is not drawn).
 */
export function planningCumulative(input: CumulativeInput): EChartsOption {
  const longest = input.series.reduce((n, s) => Math.max(n, s.trips.length), 0);
  return {
    title: { text: input.title, left: 'center', textStyle: { fontSize: 13 } },
    tooltip: { trigger: 'axis', valueFormatter: tooltipValue(input.unit) },
    legend: { top: 32, type: 'scroll' },
    grid: { top: 72, left: 56, right: 16, bottom: 40 },
    xAxis: { type: 'category', name: 'Trip', data: Array.from({ length: longest }, (_, i) => String(i + 1)) },
    yAxis: { type: 'value', name: `Cumulative (${input.unit})` },
    series: input.series.map((s, i) => {
      let sum = 0;
      let broken = false;
      return {
        type: 'line',
        name: s.name,
        itemStyle: { color: PALETTE[i % PALETTE.length] },
        data: s.trips.map((t) => {
          if (broken || t.value === null || !Number.isFinite(t.value)) {
            broken = true;
            return null;
          }
          sum += t.value;
          return sum;
        }),
      };
    }),
  };
}

export interface PlanningComparisonInput {
  title: string;
  /** "h", "d" or "%": one unit for the axis. */
  unit: string;
  periods: readonly string[];
  /**
   * One series per planning (at one percentile), its values per period in the unit; with `intervals`,
   * its [lower, upper] per period in the unit.
   */
  series: readonly { name: string; values: readonly (number | null)[]; intervals?: readonly BarInterval[] }[];
  source: string;
  /** Coverage and, per planning (same order as `series`), the years per period and the notes. */
  intervals?: { ci: number; contexts: readonly IntervalContext[] };
}

/**
 * Plannings side by side per period (issue 30 comparison): grouped bars, one colour per planning; with
 * intervals, a whisker on each bar.
 */
export function planningComparisonBars(input: PlanningComparisonInput): EChartsOption {
  const frame = periodBarsFrame(input);
  const count = input.series.length;
  const bars = input.series.map((s, i) => ({
    type: 'bar' as const,
    name: s.name,
    itemStyle: { color: PALETTE[i % PALETTE.length] },
    barCategoryGap: `${BAR_CATEGORY_GAP * 100}%`,
    barGap: `${BAR_GAP * 100}%`,
    data: s.values.map(valueOrGap),
  }));
  const intervals = input.intervals;
  if (!intervals) return { ...frame, series: bars };
  const intervalOf = (s: number, k: number): BarInterval =>
    finite(input.series[s]!.values[k]) ? input.series[s]!.intervals?.[k] : null;
  const whiskers = input.periods.flatMap((_, k) =>
    input.series.flatMap((__, s) => whiskerOf(intervalOf(s, k), { period: k, slot: s, count, across: 0.5 })),
  );
  const name = intervalLegend(
    intervals.ci,
    intervals.contexts.flatMap((c) => yearsWithIntervals(c, input.periods)),
  );
  return {
    ...frame,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as {
          dataIndex: number;
          seriesName?: string;
          marker?: unknown;
        }[];
        const k = list[0]?.dataIndex ?? 0;
        const period = input.periods[k] ?? '';
        const markers = new Map(
          list.map((p) => [p.seriesName ?? '', typeof p.marker === 'string' ? p.marker : '']),
        );
        const lines = input.series.map((s, i) => {
          const value = valueOrGap(s.values[k]);
          const interval = intervalOf(i, k);
          const context = intervals.contexts[i];
          const note = context?.notes?.[period];
          const rests = interval && context ? `, ${context.years[period] ?? 0} years` : '';
          return `${markers.get(s.name) ?? ''}${escapeHtml(s.name)}: <b>${value === null ? '–' : `${value.toFixed(1)} ${escapeHtml(input.unit)}`}</b>${
            interval
              ? ` [${interval[0].toFixed(1)}–${interval[1].toFixed(1)}${rests}]`
              : note
                ? ` <i>(${escapeHtml(note)})</i>`
                : ''
          }`;
        });
        return `${escapeHtml(period)}<br/>${lines.join('<br/>')}<br/><i>[ ] ${Math.round(intervals.ci * 100)} % interval</i>`;
      },
    },
    series: [...bars, ...(whiskers.length > 0 ? [whiskerSeries(name, whiskers)] : [])],
  };
}
