// AWD planning charts (issue 24 "Results", spec 001 §2.4): options from the results layout of issue 22,
// used by the results view and the comparison cards. Values come in hours or percent; missing values are
// gaps, never zeros.
import type { EChartsOption } from 'echarts';
import { PALETTE, blues } from './common';

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
    tooltip: { trigger: 'axis', valueFormatter: tooltipValue(input.unit) },
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
}

/** One bar per percentile in every period (grouped), light P-low to dark P-high. */
export function planningPercentileBars(input: PercentileBarsInput): EChartsOption {
  const colours = blues(input.percentiles.length);
  return {
    ...periodBarsFrame(input),
    series: input.percentiles.map((p, i) => ({
      type: 'bar',
      name: `P${p}`,
      itemStyle: { color: colours[i] },
      data: input.periods.map((period) => valueOrGap(input.values[`P${p}`]?.[period])),
    })),
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
}

/** Per-trip durations (or delays) at one percentile stacked per period. */
export function planningTripStack(input: TripStackInput): EChartsOption {
  const key = `P${input.percentile}`;
  return {
    ...periodBarsFrame(input),
    series: input.trips.map((trip, i) => ({
      type: 'bar',
      stack: 'trips',
      name: `Trip ${trip}`,
      itemStyle: { color: PALETTE[i % PALETTE.length] },
      data: input.periods.map((period) => valueOrGap(input.values[trip]?.[period]?.[key])),
    })),
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
  /** One series per planning (at one percentile), its values per period in the unit. */
  series: readonly { name: string; values: readonly (number | null)[] }[];
  source: string;
}

/** Plannings side by side per period (issue 30 comparison): grouped bars, one colour per planning. */
export function planningComparisonBars(input: PlanningComparisonInput): EChartsOption {
  return {
    ...periodBarsFrame(input),
    series: input.series.map((s, i) => ({
      type: 'bar',
      name: s.name,
      itemStyle: { color: PALETTE[i % PALETTE.length] },
      data: s.values.map(valueOrGap),
    })),
  };
}
