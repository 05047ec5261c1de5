// Whiskers on grouped or stacked bars (issue 31): the year-block bootstrap interval of each bar, drawn by
// a custom series placed with ECharts' own bar-layout arithmetic, its legend entry ("90 % interval, N
// years") and the axis tooltip that prints each value with its interval. Used by the AWD charts and WW.
import type { CustomSeriesOption } from 'echarts';
import { escapeHtml } from './common';

/** [lower, upper] in the chart's unit, or null/absent: no interval. */
export type BarInterval = readonly [number, number] | null | undefined;

/** What the whiskers of a chart rest on (issue 31): coverage, years per period, and why a period has none. */
export interface IntervalContext {
  /** Coverage, e.g. 0.9. */
  ci: number;
  /** Period → the number of years its interval rests on. */
  years: Record<string, number>;
  /** Period → why it has no interval (fewer than 5 years). */
  notes?: Record<string, string>;
}

/**
 * The whiskers' colour: near-black, as error bars are drawn, readable on the light and dark blues and on
 * every colour of the categorical palette but its last (an 8th trip).
 */
export const WHISKER_COLOUR = '#222222';

/** Bar layout fixed so the whiskers can sit on their bar (ECharts' category-band arithmetic). */
export const BAR_CATEGORY_GAP = 0.2;
export const BAR_GAP = 0.1;

/**
 * The centre and width of bar `slot` of `count` grouped bars in a category band `band` pixels wide,
 * relative to the band's centre: ECharts' layout with barCategoryGap 20 % and barGap 10 %.
 */
export function barSlot(band: number, slot: number, count: number): { centre: number; width: number } {
  const width = (band * (1 - BAR_CATEGORY_GAP)) / (count + (count - 1) * BAR_GAP);
  const total = count * width + (count - 1) * BAR_GAP * width;
  return { centre: -total / 2 + slot * width * (1 + BAR_GAP) + width / 2, width };
}

/**
 * "90 % interval, 11 years" (or "10–11 years" when the periods differ): the whiskers' legend entry, from
 * the years of the periods that have an interval.
 */
export function intervalLegend(ci: number, years: readonly (number | undefined)[]): string {
  const counted = years.filter((y): y is number => y !== undefined && y > 0);
  const low = Math.min(...counted);
  const high = Math.max(...counted);
  const span = counted.length === 0 ? '' : low === high ? `, ${low} years` : `, ${low}–${high} years`;
  return `${Math.round(ci * 100)} % interval${span}`;
}

/** The years of the periods that have an interval (no note). */
export const yearsWithIntervals = (context: IntervalContext, periods: readonly string[]) =>
  periods.filter((p) => !context.notes?.[p]).map((p) => context.years[p]);

/** One whisker: the period's index, its bounds, its slot among `count` bars, and the x spread within it. */
export interface Whisker {
  period: number;
  lower: number;
  upper: number;
  slot: number;
  count: number;
  /** Position across the bar, 0–1 (0.5: its centre); stacked trips spread their whiskers. */
  across: number;
  /** The upper end is censored (more than `upper`): an arrowhead instead of its cap (WD waits). */
  open?: boolean;
}

/** A custom series drawing every whisker (a vertical line with caps) over its bar. */
export function whiskerSeries(name: string, whiskers: readonly Whisker[]): CustomSeriesOption {
  return {
    type: 'custom',
    name,
    itemStyle: { color: WHISKER_COLOUR },
    z: 10,
    tooltip: { show: false },
    encode: { x: 0, y: [1, 2] },
    data: whiskers.map((w) => [w.period, w.lower, w.upper, w.slot, w.count, w.across, w.open ? 1 : 0]),
    renderItem: (_params, api) => {
      const [period, lower, upper, slot, count, across, open] = [0, 1, 2, 3, 4, 5, 6].map((k) =>
        Number(api.value(k)),
      );
      const low = api.coord([period, lower]);
      const high = api.coord([period, upper]);
      const band = (api.size!([1, 0]) as number[])[0]!;
      const bar = barSlot(band, slot!, count!);
      const x = low[0]! + bar.centre + (across! - 0.5) * bar.width;
      const cap = Math.max(3, Math.min(8, bar.width * 0.3));
      const style = { stroke: WHISKER_COLOUR, lineWidth: 1.5 };
      return {
        type: 'group',
        children: [
          { type: 'line', shape: { x1: x, y1: low[1]!, x2: x, y2: high[1]! }, style },
          { type: 'line', shape: { x1: x - cap, y1: low[1]!, x2: x + cap, y2: low[1]! }, style },
          open
            ? {
                // more than `upper`: an arrowhead pointing up, no cap
                type: 'polyline',
                shape: {
                  points: [
                    [x - cap, high[1]! + cap],
                    [x, high[1]!],
                    [x + cap, high[1]! + cap],
                  ],
                },
                style: { ...style, fill: 'none' },
              }
            : { type: 'line', shape: { x1: x - cap, y1: high[1]!, x2: x + cap, y2: high[1]! }, style },
        ],
      };
    },
  };
}

export const finite = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v);

/** A whisker of interval `i`, or none when it is missing or not finite. */
export function whiskerOf(i: BarInterval, at: Omit<Whisker, 'lower' | 'upper'>): Whisker[] {
  return i && finite(i[0]) && finite(i[1]) ? [{ ...at, lower: i[0], upper: i[1] }] : [];
}

/** One tooltip row: the series' marker, its name, value and interval, escaped. */
export interface TooltipRow {
  marker: string;
  name: string;
  value: number | null;
  interval: BarInterval;
  /** The interval as printed, when it is not two numbers (a censored end: "[12.0–>96.0]"). */
  intervalText?: string;
}

/**
 * The axis tooltip of a period: each bar's value with its interval in brackets, then what the intervals
 * rest on ("90 % interval, 11 years") or why there is none.
 */
export function intervalTooltip(
  unit: string,
  periods: readonly string[],
  context: IntervalContext | undefined,
  rowsOf: (period: number, markers: Map<string, string>) => TooltipRow[],
) {
  return (params: unknown): string => {
    const list = (Array.isArray(params) ? params : [params]) as {
      dataIndex: number;
      seriesName?: string;
      marker?: unknown;
      seriesType?: string;
    }[];
    const first = list.find((p) => p.seriesType === 'bar') ?? list[0];
    if (!first) return '';
    const periodIndex = first.dataIndex;
    const period = periods[periodIndex] ?? '';
    const markers = new Map(
      list.map((p) => [p.seriesName ?? '', typeof p.marker === 'string' ? p.marker : '']),
    );
    const lines = rowsOf(periodIndex, markers).map((r) => {
      const value = finite(r.value) ? `${r.value.toFixed(1)} ${escapeHtml(unit)}` : '–';
      const interval =
        r.intervalText !== undefined && finite(r.value)
          ? ` ${escapeHtml(r.intervalText)}`
          : r.interval && finite(r.value)
            ? ` [${r.interval[0].toFixed(1)}–${r.interval[1].toFixed(1)}]`
            : '';
      return `${r.marker}${escapeHtml(r.name)}: <b>${value}</b>${interval}`;
    });
    let foot = '';
    if (context) {
      const years = context.years[period];
      const note = context.notes?.[period];
      foot = note
        ? `<br/><i>${escapeHtml(note)}</i>`
        : years
          ? `<br/><i>[ ] ${Math.round(context.ci * 100)} % interval, ${years} years</i>`
          : '';
    }
    return `${escapeHtml(period)}<br/>${lines.join('<br/>')}${foot}`;
  };
}
