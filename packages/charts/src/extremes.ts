// The extreme view (EXT, MAEXT, MIEXT, NOCYC, EXT_month): return-value plot with its confidence band,
// empirical points and ignored outliers, the return-period table per law ('-' when missing), the fit
// parameters; the CUREXT and HEIEXT tables; the not-succeeded message of NOCYC.
import { lawName, peakRose } from '@metocean/core';
import { MISSING_VALUE, type VisuPayload } from '@metocean/contracts';
import type { EChartsOption } from 'echarts';
import {
  GRID_TOP,
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
  unitsOf,
  type ViewOptions,
} from './common';

/** One law's return values with bounds, its fit parameters, and why its fit failed ('' when it did not). */
export interface LawSlice {
  law: string;
  value: number[];
  lower: number[];
  upper: number[];
  fitParameters: Record<string, unknown> | null;
  error: string;
}

/** The analysis of a payload, as drawn and tabulated: the primary law's fields and every law's slice. */
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
  /** Every law of the method, the primary first (one law for payloads stored before every law was kept). */
  laws: LawSlice[];
}

type Parameters_ = Record<string, unknown> | null;

/**
 * The laws of a payload (of `month` 1-12 for EXT_month): the `law` labels and the spec's return-period
 * variants returnValues, returnValuesLower and returnValuesUpper (law × return period); the primary law
 * alone when the payload has no such arrays.
 */
function lawSlices(payload: VisuPayload, primary: LawSlice, month = 0): LawSlice[] {
  if (!payload.law || !payload.returnValues) return [primary];
  const k = kwargsOf(payload);
  const laws = strings(payload, 'law');
  const table = (name: string): number[][] => {
    const all = numbers(payload, name) as unknown[];
    const rows = month > 0 ? all[month - 1] : all;
    if (!Array.isArray(rows) || !rows.every(Array.isArray)) throw new ChartError(CHART_ERRORS.arrayExpected);
    return rows as number[][];
  };
  const value = table('returnValues');
  const lower = table('returnValuesLower');
  const upper = table('returnValuesUpper');
  sameLength(laws, value);
  const pick = <T>(name: string, fallback: T): T[] => {
    const list = k[name] as unknown[] | undefined;
    const own = (month > 0 ? list?.[month - 1] : list) as T[] | undefined;
    return laws.map((_, i) => own?.[i] ?? fallback);
  };
  const errors = pick<string>(month > 0 ? 'monthLawErrors' : 'lawErrors', '');
  const parameters = pick<Parameters_>(month > 0 ? 'monthLawFitParameters' : 'lawFitParameters', null);
  return laws.map((law, i) => ({
    law,
    value: value[i] ?? [],
    lower: lower[i] ?? [],
    upper: upper[i] ?? [],
    fitParameters: parameters[i] ?? null,
    error: errors[i] ?? '',
  }));
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
    const parameters = (k.monthFitParameters as Parameters_[] | undefined) ?? [];
    const emp = row('empiricalReturnPeriod');
    const keep = emp.map((v) => v !== MISSING_VALUE);
    const primary = {
      // the month's own primary law: on a short month the likelihood-ratio test may have chosen another
      law: text(parameters[month - 1]?.law) || text(k.law),
      value: row('returnValue'),
      lower: row('returnValueLower'),
      upper: row('returnValueUpper'),
      fitParameters: parameters[month - 1] ?? null,
      error: errors[month - 1] ?? '',
    };
    return {
      ...primary,
      returnPeriod,
      empiricalReturnPeriod: emp.filter((_, i) => keep[i]),
      empiricalValue: row('empiricalValue').filter((_, i) => keep[i]),
      ignored: [],
      laws: lawSlices(payload, primary, month),
    };
  }
  const primary = {
    law: text(k.law),
    value: numbers(payload, 'returnValue'),
    lower: numbers(payload, 'returnValueLower'),
    upper: numbers(payload, 'returnValueUpper'),
    fitParameters: (k.fitParameters as Parameters_ | undefined) ?? null,
    error: '',
  };
  return {
    ...primary,
    returnPeriod,
    empiricalReturnPeriod: numbers(payload, 'empiricalReturnPeriod'),
    empiricalValue: numbers(payload, 'empiricalValue'),
    ignored: numbers(payload, 'ignored'),
    laws: lawSlices(payload, primary),
  };
}

export interface ExtremeOptions extends ViewOptions {
  /** EXT_month: the month 1-12. */
  month?: number;
  /** The law highlighted (spec 002's toggle): its curve bold and its band drawn, the others thin. */
  highlight?: string | null;
}

/** The law names of core's registry (the web's extreme views import it from here). */
export { lawName };

/** Law colours: the categorical palette without its orange-red, kept for the ignored outliers. */
const LAW_COLOURS = PALETTE.filter((_, i) => i !== 3);

/**
 * Return-value plot: log return period, one line per law (the highlighted one bold, the others thin), the
 * confidence band of the highlighted law (of the primary one when none is), empirical points, outliers.
 */
export function extremeOption(payload: VisuPayload, view: ExtremeOptions = {}): EChartsOption {
  const k = kwargsOf(payload);
  const s = extremeSlice(payload, view.month);
  if (s.error) throw new ChartError(CHART_ERRORS.invalidGraphData);
  const highlight = view.highlight ?? null;
  if (highlight !== null && !s.laws.some((l) => l.law === highlight))
    throw new ChartError(CHART_ERRORS.rangeValue);
  for (const law of s.laws) {
    sameLength(s.returnPeriod, law.value);
    sameLength(s.returnPeriod, law.lower);
    sameLength(s.returnPeriod, law.upper);
  }
  sameLength(s.empiricalReturnPeriod, s.empiricalValue);
  const confidence = Math.round(Number(k.confidence ?? 0.9) * 100);
  const rowsOf = (l: LawSlice) =>
    s.returnPeriod.map((t, i) => ({ t, v: l.value[i]!, lo: l.lower[i]!, up: l.upper[i]! }));
  const banded = s.laws.find((l) => l.law === (highlight ?? s.law)) ?? s.laws[0]!;
  // the line where the law has a value, the band where both bounds exist (bootstrap refits can fail)
  const band = rowsOf(banded).filter((r) => gap(r.v) !== null && gap(r.lo) !== null && gap(r.up) !== null);
  const ignored = new Set(s.ignored);
  const empirical = s.empiricalReturnPeriod.map((t, i) => [t, s.empiricalValue[i]!] as [number, number]);
  const kept = empirical.filter(([t, v]) => !ignored.has(v) && t > 0 && v !== MISSING_VALUE);
  const outliers = empirical.filter(([, v]) => ignored.has(v));
  const xMax = Math.max(...s.returnPeriod, ...empirical.map(([t]) => t), 2);
  const colourOf = (law: string) =>
    LAW_COLOURS[
      Math.max(
        0,
        s.laws.findIndex((l) => l.law === law),
      ) % LAW_COLOURS.length
    ]!;
  const monthName = view.month ? `${MONTHS[view.month - 1]} · ` : '';
  const method = String(k.extremeMethod) === 'pot' ? 'peaks over threshold' : 'annual maxima';
  const bandName = `${confidence}% confidence interval (${lawName(banded.law)})`;
  const lines = s.laws
    .filter((l) => !l.error)
    .map((l) => {
      const bold = l.law === highlight;
      const thin = highlight !== null && !bold;
      return {
        type: 'line' as const,
        name: lawName(l.law),
        data: rowsOf(l)
          .filter((r) => gap(r.v) !== null)
          .map((r) => [r.t, r.v]),
        color: colourOf(l.law),
        lineStyle: { width: bold ? 3.5 : thin ? 1 : 2, opacity: thin ? 0.7 : 1 },
        symbolSize: bold ? 7 : thin ? 3 : 5,
        z: bold ? 5 : 3,
      };
    });
  return {
    // the laws are in the legend
    ...frame(payload, view, `${monthName}${method}`),
    // a plain legend wraps to a second row with the laws of peaks over threshold: room for it
    grid: { left: 56, right: 20, top: GRID_TOP, bottom: 100 },
    tooltip: { trigger: 'item', valueFormatter: (v) => format(Number(v)) },
    legend: legend(view, { type: 'plain', itemGap: 8, itemWidth: 18 }),
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
        name: bandName,
        stack: 'band',
        // the legend's swatch in the band's colour
        color: colourOf(banded.law),
        data: band.map((r) => [r.t, r.lo]),
        lineStyle: { opacity: 0 },
        symbol: 'roundRect',
        showSymbol: false,
        silent: true,
        tooltip: { show: false },
      },
      {
        type: 'line',
        name: bandName,
        stack: 'band',
        color: colourOf(banded.law),
        data: band.map((r) => [r.t, r.up - r.lo]),
        lineStyle: { opacity: 0 },
        areaStyle: { color: colourOf(banded.law), opacity: highlight ? 0.3 : 0.15 },
        symbol: 'roundRect',
        showSymbol: false,
        silent: true,
        tooltip: { show: false },
      },
      ...lines,
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

/**
 * The table of return periods per law (spec 002 extreme view): value, lower and upper bounds, '-' where
 * missing; a law whose fit failed has every cell '-' and its reason.
 */
export function returnPeriodTable(
  payload: VisuPayload,
  month = 0,
): { id: string; law: string; rows: ReturnPeriodRow[]; error: string }[] {
  const s = extremeSlice(payload, month);
  return s.laws.map((l) => ({
    id: l.law,
    law: lawName(l.law),
    rows: s.returnPeriod.map((t, i) => ({
      returnPeriod: format(t, 0),
      value: l.error ? '-' : format(l.value[i]),
      lower: l.error ? '-' : format(l.lower[i]),
      upper: l.error ? '-' : format(l.upper[i]),
    })),
    error: l.error,
  }));
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

export type FitParameter = (typeof FIT_PARAMETERS)[number];

/**
 * What a person reads for each fit parameter, with its units (`units`: the variable's): the payload keeps
 * the spec's names, the screen never shows them (issue 35: "shapeParameter", "poissonLambda" on screen).
 */
export function fitParameterLabel(name: FitParameter, units: string): string {
  const inUnits = (label: string) => (units ? `${label} (${units})` : label);
  const labels: Record<FitParameter, string> = {
    law: 'Law',
    multivariateLaw: 'Joint law',
    sampleLength: 'Sample length (years)',
    blockSize: 'Block size',
    threshold: inUnits('Threshold'),
    poissonLambda: 'Storm rate λ (per year)',
    shapeParameter: 'Shape ξ (dimensionless)',
    scaleParameter: inUnits('Scale σ'),
    locationParameter: inUnits('Location μ'),
    independenceFactor: 'Storm separation (h)',
  };
  return labels[name];
}

/** The spec's fit parameters of one law (the primary one by default), '-' where a parameter has no value. */
export function fitParameterRows(
  payload: VisuPayload,
  month = 0,
  law?: string,
): { name: FitParameter; label: string; value: string }[] {
  const s = extremeSlice(payload, month);
  const chosen = law === undefined ? s : s.laws.find((l) => l.law === law);
  if (!chosen) throw new ChartError(CHART_ERRORS.rangeValue);
  const p = chosen.fitParameters ?? {};
  const units = unitsOf(payload, 'returnValue');
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
    return { name, label: fitParameterLabel(name, units), value };
  });
}

/** The fit parameters of every law side by side: one column per law ('-' for a law whose fit failed). */
export function fitParameterTable(
  payload: VisuPayload,
  month = 0,
): { header: string[]; rows: { name: FitParameter; label: string; values: string[] }[] } {
  const s = extremeSlice(payload, month);
  const columns = s.laws.map((l) => fitParameterRows(payload, month, l.law));
  const units = unitsOf(payload, 'returnValue');
  return {
    header: ['Parameter', ...s.laws.map((l) => lawName(l.law))],
    rows: FIT_PARAMETERS.map((name, i) => ({
      name,
      label: fitParameterLabel(name, units),
      values: columns.map((c, j) => (name === 'law' ? lawName(s.laws[j]!.law) : c[i]!.value)),
    })),
  };
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

/**
 * CUREXT (by level), HEIEXT (by component) and EXT_direction (by sector, with its storms): return values with
 * bounds of one law (the primary one by default), '-' where missing; a row whose analysis or law fit failed
 * gives its reason.
 */
export function extremeTable(
  payload: VisuPayload,
  law?: string,
): {
  header: string[];
  laws: string[];
  rows: { label: string; cells: string[]; error: string }[];
} {
  const k = kwargsOf(payload);
  const periods = numbers(payload, 'returnPeriod');
  const byLevel = k.code === 'CUREXT';
  const bySector = k.code === 'EXT' && payload.sector !== undefined;
  const events = bySector ? numbers(payload, 'events') : [];
  const labels = byLevel
    ? numbers(payload, 'level').map((l) => `${l} m`)
    : bySector
      ? strings(payload, 'sector').map((s, i) => `${s} (${events[i]} storms)`)
      : strings(payload, 'component');
  const laws = payload.law && payload.returnValues ? strings(payload, 'law') : [text(k.law)];
  const index = law === undefined ? Math.max(0, laws.indexOf(text(k.law))) : laws.indexOf(law);
  if (index < 0) throw new ChartError(CHART_ERRORS.rangeValue);
  // row × law × return period, or row × return period of the primary law (payloads of one law)
  const ofLaw = (name: string, primary: string): number[][] =>
    payload.law && payload.returnValues
      ? matrix(payload, name).map((row) => (row as unknown as number[][])[index] ?? [])
      : matrix(payload, primary);
  const value = ofLaw('returnValues', 'returnValue');
  const lower = ofLaw('returnValuesLower', 'returnValueLower');
  const upper = ofLaw('returnValuesUpper', 'returnValueUpper');
  sameLength(labels, value);
  const errors = (k.rowErrors as string[] | undefined) ?? [];
  const lawErrors = (k.rowLawErrors as string[][] | undefined) ?? [];
  return {
    header: [
      byLevel ? (k.levels?.type === 'altitude' ? 'Altitude' : 'Depth') : bySector ? 'Sector' : 'Component',
      ...periods.map((t) => `${t} y`),
    ],
    laws,
    rows: labels.map((label, i) => ({
      label,
      cells: periods.map((_, j) => {
        const v = value[i]?.[j];
        return v === undefined || gap(v) === null
          ? '-'
          : `${format(v)} [${format(lower[i]?.[j])}–${format(upper[i]?.[j])}]`;
      }),
      error: errors[i] || lawErrors[i]?.[index] || '',
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
