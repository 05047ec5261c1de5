// TS and CTS: time series with zoom and pan. Whatever the length of the payload's series (the stored
// 1,000-bucket display series or 40 years of hourly values), the option holds at most a few points per
// pixel: the visible window is min/max-downsampled to the pixel budget, the rest of the record coarser,
// so a zoom re-builds the option with the window refined (docs/methods/ts.md).
import { minMaxDownsample } from '@metocean/core';
import type { VisuPayload } from '@metocean/contracts';
import type { EChartsOption } from 'echarts';
import {
  GRID_TOP,
  escapeHtml,
  CHART_ERRORS,
  ChartError,
  DAY_MS,
  PALETTE,
  checkRange,
  dateTime,
  frame,
  gap,
  kwargsOf,
  legend,
  numbers,
  sameLength,
  text,
  type ViewOptions,
} from './common';

export interface TimeWindowOptions extends ViewOptions {
  /** Visible [from, to] in ms since 1970; the whole record by default. */
  window?: [number, number];
  /** Pixel budget of the visible window (the plot width); default 1000. */
  pixels?: number;
}

type Point = [number, number | null];

/**
 * Points to draw for one series: the window at `pixels` buckets (min and max of each kept, gaps kept),
 * the parts outside it at a quarter of that, so panning shows data before the next refinement.
 */
export function displayPoints(
  time: readonly number[],
  values: readonly number[],
  window: [number, number] | undefined,
  pixels: number,
): Point[] {
  sameLength(time, values);
  if (!(Number.isInteger(pixels) && pixels > 0)) throw new ChartError(CHART_ERRORS.rangeValue);
  const n = time.length;
  if (n === 0) return [];
  const [from, to] = window ?? [time[0]!, time[n - 1]!];
  checkRange(from, to);
  const lo = lowerBound(time, from);
  const hi = lowerBound(time, to, lo, true);
  const part = (a: number, b: number, budget: number): Point[] => {
    if (b <= a) return [];
    const t = Float64Array.from(time.slice(a, b));
    const v = Float64Array.from(values.slice(a, b), (x) => (gap(x) === null ? NaN : x));
    const reduced = minMaxDownsample(t, v, Math.max(1, budget));
    return Array.from(reduced.time, (x, i) => [x, gap(reduced.values[i]!)] as Point);
  };
  const outside = Math.max(1, Math.round(pixels / 4));
  // one point on each side of the window so the line reaches the plot's edges
  const before = part(0, Math.max(0, lo - 1), outside);
  const inside = part(Math.max(0, lo - 1), Math.min(n, hi + 1), pixels);
  const after = part(Math.min(n, hi + 1), n, outside);
  return [...before, ...inside, ...after];
}

/** First index whose time is ≥ x (> x with `after`). */
function lowerBound(sorted: readonly number[], x: number, from = 0, after = false): number {
  let lo = from;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x || (after && sorted[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const zoom = (window: [number, number] | undefined, minSpan?: number): EChartsOption['dataZoom'] => [
  {
    type: 'inside',
    xAxisIndex: 0,
    filterMode: 'none',
    zoomOnMouseWheel: true,
    moveOnMouseMove: true,
    ...(window ? { startValue: window[0], endValue: window[1] } : {}),
    ...(minSpan ? { minValueSpan: minSpan } : {}),
  },
  {
    type: 'slider',
    xAxisIndex: 0,
    filterMode: 'none',
    height: 18,
    bottom: 40,
    showDataShadow: false,
    labelFormatter: (value: number) => dateTime(value).slice(0, 10),
    ...(window ? { startValue: window[0], endValue: window[1] } : {}),
    ...(minSpan ? { minValueSpan: minSpan } : {}),
  },
];

/** TS: one variable against time. */
export function timeSeriesOption(payload: VisuPayload, view: TimeWindowOptions = {}): EChartsOption {
  const k = kwargsOf(payload);
  const time = numbers(payload, k.xName ?? 'time');
  const values = numbers(payload, k.yName ?? '');
  const data = displayPoints(time, values, view.window, view.pixels ?? 1000);
  return {
    ...frame(payload, view),
    color: PALETTE,
    grid: { left: 60, right: 70, top: GRID_TOP, bottom: 72 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'cross' },
      valueFormatter: (v) => (typeof v === 'number' ? v.toFixed(2) : '-'),
    },
    legend: legend(view, { show: false }),
    xAxis: {
      type: 'time',
      name: 'UTC',
      nameLocation: 'end',
      nameGap: 8,
      min: time[0],
      max: time[time.length - 1],
    },
    yAxis: { type: 'value', name: k.yLabel, nameLocation: 'middle', nameGap: 44, scale: true },
    dataZoom: zoom(view.window),
    series: [
      {
        type: 'line',
        name: k.yLabel,
        data,
        showSymbol: false,
        connectNulls: false,
        lineStyle: { width: 1 },
        animation: false,
      },
    ],
  };
}

/** The crosshair tooltip of the concomitant chart: date-time and both values with two decimals. */
export function concomitantTooltip(
  params: { axisValue?: number | string; seriesName?: string; value?: unknown }[],
): string {
  const first = params[0];
  if (!first) return '';
  const rows = params.map((p) => {
    const v = Array.isArray(p.value) ? (p.value[1] as unknown) : p.value;
    return `${escapeHtml(p.seriesName)}: ${typeof v === 'number' ? v.toFixed(2) : '-'}`;
  });
  return [dateTime(Number(first.axisValue)), ...rows].join('<br/>');
}

/** CTS: left and right variables, wheel zoom and drag pan, crosshair tooltip, at least one day shown. */
export function concomitantOption(payload: VisuPayload, view: TimeWindowOptions = {}): EChartsOption {
  const k = kwargsOf(payload);
  const leftTime = numbers(payload, k.xName ?? '');
  const rightTime = numbers(payload, text(k.x2Name));
  const left = numbers(payload, k.yName ?? '');
  const right = numbers(payload, text(k.y2Name));
  if (view.window && view.window[1] - view.window[0] < DAY_MS) throw new ChartError(CHART_ERRORS.rangeValue);
  const pixels = view.pixels ?? 1000;
  const all = [...leftTime.slice(0, 1), ...rightTime.slice(0, 1), leftTime.at(-1), rightTime.at(-1)].filter(
    (t): t is number => t !== undefined,
  );
  return {
    ...frame(payload, view),
    color: PALETTE,
    grid: { left: 60, right: 60, top: GRID_TOP, bottom: 90 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'cross' }, formatter: concomitantTooltip as never },
    legend: legend(view),
    xAxis: {
      type: 'time',
      name: 'UTC',
      nameLocation: 'end',
      nameGap: 8,
      min: Math.min(...all),
      max: Math.max(...all),
    },
    yAxis: [
      { type: 'value', name: k.yLabel, nameLocation: 'middle', nameGap: 44, scale: true },
      {
        type: 'value',
        name: text(k.y2Label),
        nameLocation: 'middle',
        nameGap: 44,
        scale: true,
        splitLine: { show: false },
      },
    ],
    dataZoom: zoom(view.window, DAY_MS),
    series: [
      {
        type: 'line',
        name: k.yLabel,
        data: displayPoints(leftTime, left, view.window, pixels),
        showSymbol: false,
        lineStyle: { width: 1 },
        animation: false,
      },
      {
        type: 'line',
        name: text(k.y2Label),
        yAxisIndex: 1,
        data: displayPoints(rightTime, right, view.window, pixels),
        showSymbol: false,
        lineStyle: { width: 1 },
        animation: false,
      },
    ],
  };
}

/**
 * The stored display series with the points of [from, to] replaced by a refined window of the same
 * statistic (get_visu_data with start, end and pixels): detail where the user looks, the overview elsewhere.
 */
export function withWindow(stored: VisuPayload, refined: VisuPayload, window: [number, number]): VisuPayload {
  const k = kwargsOf(stored);
  const pairs: [string, string][] = [[k.xName ?? 'time', k.yName ?? '']];
  if (text(k.x2Name) && text(k.y2Name)) pairs.push([text(k.x2Name), text(k.y2Name)]);
  const out: Record<string, unknown> = { ...stored };
  for (const [timeName, valueName] of pairs) {
    const time = numbers(stored, timeName);
    const values = numbers(stored, valueName);
    const fineTime = numbers(refined, timeName);
    const fineValues = numbers(refined, valueName);
    sameLength(time, values);
    sameLength(fineTime, fineValues);
    const before = time.findIndex((t) => t >= window[0]);
    const after = time.findIndex((t) => t > window[1]);
    const cut = (a: number[], fine: number[]) => [
      ...a.slice(0, before < 0 ? a.length : before),
      ...fine,
      ...(after < 0 ? [] : a.slice(after)),
    ];
    out[timeName] = { ...stored[timeName]!, values: cut(time, fineTime) };
    out[valueName] = { ...stored[valueName]!, values: cut(values, fineValues) };
  }
  return out as VisuPayload;
}
