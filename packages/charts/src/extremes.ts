// The extreme view (EXT, MAEXT, MIEXT, NOCYC, EXT_month): return-value plot with its confidence band,
// empirical points and ignored outliers, the return-period table per law ('-' when missing), the fit
// parameters; the CUREXT and HEIEXT tables; the not-succeeded message of NOCYC.
import { peakRose } from '@metocean/core';
import { MISSING_VALUE, type VisuPayload } from '@metocean/contracts';
import type { EChartsOption } from 'echarts';
import {
  CHART_ERRORS,
  ChartError,
  MONTHS,
  PALETTE,
  format,
  frame,
  gap,
  kwargsOf,
  legend,
  matrix,
  numbers,
  sameLength,
  strings,
  text,
  type ViewOptions,
} from './common';

/** One law's analysis, as drawn and tabulated. */
export interface ExtremeSlice {
  law: string;
  returnPeriod: number[];
  value: number[];
  lower: number[];
  upper: number[];
  empiricalReturnPeriod: number[];
  empiricalValue: number[];
  ignored: number[];
  fitParameters: Record<string, unknown> | null;
  error: string;
}

/** The analysis of a payload (of month 1-12 for EXT_month). */
export function extremeSlice(payload: VisuPayload, month = 0): ExtremeSlice {
  const k = kwargsOf(payload);
  if (k.error) throw new ChartError(CHART_ERRORS.invalidGraphData);
  const returnPeriod = numbers(payload, 'returnPeriod');
  if (k.periodicity === 'monthly') {
    if (!(Number.isInteger(month) && month >= 1 && month <= 12))
      throw new ChartError(CHART_ERRORS.rangeValue);
    const row = (name: string) => matrix(payload, name)[month - 1] ?? [];
    const errors = (k.monthErrors as string[] | undefined) ?? [];
    const parameters = (k.monthFitParameters as (Record<string, unknown> | null)[] | undefined) ?? [];
    const emp = row('empiricalReturnPeriod');
    const keep = emp.map((v) => v !== MISSING_VALUE);
    return {
      law: text(k.law),
      returnPeriod,
      value: row('returnValue'),
      lower: row('returnValueLower'),
      upper: row('returnValueUpper'),
      empiricalReturnPeriod: emp.filter((_, i) => keep[i]),
      empiricalValue: row('empiricalValue').filter((_, i) => keep[i]),
      ignored: [],
      fitParameters: parameters[month - 1] ?? null,
      error: errors[month - 1] ?? '',
    };
  }
  return {
    law: text(k.law),
    returnPeriod,
    value: numbers(payload, 'returnValue'),
    lower: numbers(payload, 'returnValueLower'),
    upper: numbers(payload, 'returnValueUpper'),
    empiricalReturnPeriod: numbers(payload, 'empiricalReturnPeriod'),
    empiricalValue: numbers(payload, 'empiricalValue'),
    ignored: numbers(payload, 'ignored'),
    fitParameters: (k.fitParameters as Record<string, unknown> | undefined) ?? null,
    error: '',
  };
}

export interface ExtremeOptions extends ViewOptions {
  /** EXT_month: the month 1-12. */
  month?: number;
  /** Highlight the law (the toggle of spec 002). */
  highlight?: boolean;
}

const LAW_NAMES: Record<string, string> = {
  gev: 'GEV',
  gumbel: 'Gumbel',
  gpd: 'GPD',
  exponential: 'Exponential',
  weibull2: 'Weibull 2p',
  weibull3: 'Weibull 3p',
};
export const lawName = (law: string): string => LAW_NAMES[law] ?? law;

/** Return-value plot: log return period, the law's line, its confidence band, empirical points, outliers. */
export function extremeOption(payload: VisuPayload, view: ExtremeOptions = {}): EChartsOption {
  const k = kwargsOf(payload);
  const s = extremeSlice(payload, view.month);
  if (s.error) throw new ChartError(CHART_ERRORS.invalidGraphData);
  sameLength(s.returnPeriod, s.value);
  sameLength(s.returnPeriod, s.lower);
  sameLength(s.returnPeriod, s.upper);
  sameLength(s.empiricalReturnPeriod, s.empiricalValue);
  const confidence = Math.round(Number(k.confidence ?? 0.9) * 100);
  const rows = s.returnPeriod.map((t, i) => ({ t, v: s.value[i]!, lo: s.lower[i]!, up: s.upper[i]! }));
  // the line where the law has a value, the band where both bounds exist (bootstrap refits can fail)
  const line = rows.filter((r) => gap(r.v) !== null);
  const band = line.filter((r) => gap(r.lo) !== null && gap(r.up) !== null);
  const ignored = new Set(s.ignored);
  const empirical = s.empiricalReturnPeriod.map((t, i) => [t, s.empiricalValue[i]!] as [number, number]);
  const kept = empirical.filter(([t, v]) => !ignored.has(v) && t > 0 && v !== MISSING_VALUE);
  const outliers = empirical.filter(([, v]) => ignored.has(v));
  const xMax = Math.max(...s.returnPeriod, ...empirical.map(([t]) => t), 2);
  const colour = PALETTE[0]!;
  const monthName = view.month ? `${MONTHS[view.month - 1]} · ` : '';
  return {
    ...frame(
      payload,
      view,
      `${monthName}${lawName(s.law)} · ${String(k.extremeMethod) === 'pot' ? 'peaks over threshold' : 'annual maxima'}`,
    ),
    grid: { left: 56, right: 20, top: 56, bottom: 80 },
    tooltip: { trigger: 'item', valueFormatter: (v) => format(Number(v)) },
    legend: legend(view),
    xAxis: {
      type: 'log',
      min: 1,
      max: 10 ** Math.ceil(Math.log10(xMax)),
      name: k.xLabel,
      nameLocation: 'middle',
      nameGap: 26,
    },
    yAxis: { type: 'value', scale: true, name: k.yLabel, nameLocation: 'middle', nameGap: 40 },
    series: [
      {
        type: 'line',
        name: `${confidence}% confidence interval`,
        stack: 'band',
        data: band.map((r) => [r.t, r.lo]),
        lineStyle: { opacity: 0 },
        showSymbol: false,
        silent: true,
        tooltip: { show: false },
      },
      {
        type: 'line',
        name: `${confidence}% confidence interval`,
        stack: 'band',
        data: band.map((r) => [r.t, r.up - r.lo]),
        lineStyle: { opacity: 0 },
        areaStyle: { color: colour, opacity: view.highlight ? 0.3 : 0.15 },
        showSymbol: false,
        silent: true,
        tooltip: { show: false },
      },
      {
        type: 'line',
        name: lawName(s.law),
        data: line.map((r) => [r.t, r.v]),
        color: colour,
        lineStyle: { width: view.highlight ? 3.5 : 2 },
        symbolSize: view.highlight ? 7 : 5,
      },
      {
        type: 'scatter',
        name: 'Empirical',
        data: kept,
        color: '#333',
        symbolSize: 5,
      },
      {
        type: 'scatter',
        name: 'Ignored outliers',
        data: outliers,
        color: PALETTE[3],
        symbol: 'diamond',
        symbolSize: 8,
      },
    ],
  };
}

export interface ReturnPeriodRow {
  returnPeriod: string;
  value: string;
  lower: string;
  upper: string;
}

/** The table of return periods of a law: value, lower and upper bounds, '-' where missing. */
export function returnPeriodTable(
  payload: VisuPayload,
  month = 0,
): { law: string; rows: ReturnPeriodRow[] }[] {
  const s = extremeSlice(payload, month);
  return [
    {
      law: lawName(s.law),
      rows: s.returnPeriod.map((t, i) => ({
        returnPeriod: format(t, 0),
        value: format(s.value[i]),
        lower: format(s.lower[i]),
        upper: format(s.upper[i]),
      })),
    },
  ];
}

/** Spec 002: the fit parameters shown, in this order. */
export const FIT_PARAMETERS = [
  'law',
  'multivariateLaw',
  'sampleLength',
  'blockSize',
  'threshold',
  'poissonLambda',
  'shapeParameter',
  'scaleParameter',
  'locationParameter',
  'independenceFactor',
] as const;

export function fitParameterRows(payload: VisuPayload, month = 0): { name: string; value: string }[] {
  const p = extremeSlice(payload, month).fitParameters ?? {};
  return FIT_PARAMETERS.map((name) => {
    const v = p[name];
    const value =
      typeof v === 'number'
        ? format(v, name === 'sampleLength' ? 1 : 3)
        : typeof v === 'string'
          ? name === 'law'
            ? lawName(v)
            : v
          : '-';
    return { name, value };
  });
}

/** NOCYC (and any failed extreme): the title and info text shown instead of the chart. */
export function notSucceeded(payload: VisuPayload): { title: string; info: string } | null {
  const k = kwargsOf(payload);
  if (!k.error) return null;
  return {
    title: `${k.title}: the estimate did not succeed`,
    info: `${k.error}. Extreme value analysis needs on average 1 to 10 storms per year, at least 20 storms in the sample and 48 hours between storms.`,
  };
}

/** CUREXT (by level) and HEIEXT (by component): return values with bounds, '-' where missing. */
export function extremeTable(payload: VisuPayload): {
  header: string[];
  rows: { label: string; cells: string[]; error: string }[];
} {
  const k = kwargsOf(payload);
  const periods = numbers(payload, 'returnPeriod');
  const byLevel = k.code === 'CUREXT';
  const labels = byLevel ? numbers(payload, 'level').map((l) => `${l} m`) : strings(payload, 'component');
  const value = matrix(payload, 'returnValue');
  const lower = matrix(payload, 'returnValueLower');
  const upper = matrix(payload, 'returnValueUpper');
  sameLength(labels, value);
  const errors = (k.rowErrors as string[] | undefined) ?? [];
  return {
    header: [
      byLevel ? (k.levels?.type === 'altitude' ? 'Altitude' : 'Depth') : 'Component',
      ...periods.map((t) => `${t} y`),
    ],
    rows: labels.map((label, i) => ({
      label,
      cells: periods.map((_, j) => {
        const v = value[i]?.[j];
        return v === undefined || gap(v) === null
          ? '-'
          : `${format(v)} [${format(lower[i]?.[j])}–${format(upper[i]?.[j])}]`;
      }),
      error: errors[i] ?? '',
    })),
  };
}

export interface PeakRoseOptions extends ViewOptions {
  /** Only the peaks at or above this value (spec 002: a peak rose with a threshold). */
  threshold?: number | null;
  sectors?: number;
}

/** Peak rose: the number of storm peaks per direction sector (direction at the time of each peak). */
export function peakRoseOption(payload: VisuPayload, view: PeakRoseOptions = {}): EChartsOption {
  kwargsOf(payload);
  const directions = numbers(payload, 'peakDirection');
  const values = numbers(payload, 'peakValue');
  sameLength(directions, values);
  const sectors = view.sectors ?? 16;
  if (!(Number.isInteger(sectors) && sectors >= 4 && sectors <= 72)) throw new ChartError(CHART_ERRORS.steps);
  const threshold = view.threshold ?? null;
  if (threshold !== null && !Number.isFinite(threshold))
    throw new ChartError(CHART_ERRORS.invalidNumberFormat);
  const kept = directions.flatMap((d, i) =>
    d !== MISSING_VALUE && values[i] !== MISSING_VALUE && (threshold === null || values[i]! >= threshold)
      ? [d]
      : [],
  );
  const rose = peakRose(kept, sectors);
  const step = 360 / sectors;
  return {
    animation: !view.static,
    title: {
      text: 'Peak rose',
      subtext: `${kept.length} peaks${threshold === null ? '' : ` ≥ ${threshold}`}`,
      left: 'center',
      textStyle: { fontSize: 12 },
    },
    color: [PALETTE[0]!],
    tooltip: { trigger: 'item' },
    polar: { radius: '62%', center: ['50%', '56%'] },
    angleAxis: {
      type: 'category',
      data: rose.sectors.map((d) => `${d}°`),
      startAngle: 90 + step / 2,
      clockwise: true,
      axisLabel: { interval: sectors > 16 ? Math.round(sectors / 16) - 1 : 0, fontSize: 8 },
    },
    radiusAxis: { type: 'value', min: 0, minInterval: 1, axisLabel: { fontSize: 8 } },
    series: [{ type: 'bar', coordinateSystem: 'polar', name: 'Peaks', data: rose.counts }],
  };
}
