// Environmental contours (ENVC): the IFORM contours of the Hs-Tp joint model, one closed line per return
// period, Tp on x and Hs on y, over the sample's occurrence cells drawn faint (how the sea states the
// model was fitted to lie under the contours); and the contour maxima engineers read design values from.
import type { VisuPayload } from '@metocean/contracts';
import type { CustomSeriesRenderItem, EChartsOption } from 'echarts';
import { lawName } from '@metocean/core';
import {
  GRID_TOP,
  escapeHtml,
  CHART_ERRORS,
  ChartError,
  PALETTE,
  format,
  frame,
  gap,
  kwargsOf,
  legend,
  matrix,
  numbers,
  sameLength,
  type ViewOptions,
} from './common';

/** The contours of a payload: per return period, the closed line of (Tp, Hs) points. */
function contoursOf(
  payload: VisuPayload,
): { returnPeriod: number; beta: number; points: [number, number][] }[] {
  const k = kwargsOf(payload);
  if (k.error) throw new ChartError(CHART_ERRORS.invalidGraphData);
  const periods = numbers(payload, 'returnPeriod');
  const beta = numbers(payload, 'beta');
  const hs = matrix(payload, 'contourHs');
  const tp = matrix(payload, 'contourTp');
  sameLength(periods, hs);
  sameLength(periods, tp);
  sameLength(periods, beta);
  if (periods.length === 0) throw new ChartError(CHART_ERRORS.invalidGraphData);
  return periods.map((returnPeriod, i) => {
    const h = hs[i]!;
    const t = tp[i]!;
    sameLength(h, t);
    const points = h.flatMap((y, j): [number, number][] =>
      gap(y) === null || gap(t[j]!) === null ? [] : [[t[j]!, y]],
    );
    return { returnPeriod, beta: beta[i]!, points };
  });
}

/**
 * The year-block bootstrap band of each contour (issue 31), as closed rings of (Tp, Hs): the outer edge, then
 * the inner edge backwards, so that the ring's fill leaves the inside of the inner edge empty (nonzero
 * winding). Null when the payload has none (kwargs.bandNote says why).
 */
export function contourBandsOf(
  payload: VisuPayload,
): { ring: [number, number][]; coverage: number }[] | null {
  const k = kwargsOf(payload);
  if (!payload.bandLowerHs || !payload.bandUpperHs || !payload.bandLowerTp || !payload.bandUpperTp)
    return null;
  const info = k.band as { ci?: number } | null | undefined;
  const coverage = typeof info?.ci === 'number' ? info.ci : NaN;
  const lowerHs = matrix(payload, 'bandLowerHs');
  const lowerTp = matrix(payload, 'bandLowerTp');
  const upperHs = matrix(payload, 'bandUpperHs');
  const upperTp = matrix(payload, 'bandUpperTp');
  sameLength(lowerHs, upperHs);
  return lowerHs.map((lh, i) => {
    const edge = (hs: number[], tp: number[]): [number, number][] =>
      hs.flatMap((h, j): [number, number][] =>
        gap(h) === null || gap(tp[j]!) === null ? [] : [[tp[j]!, h]],
      );
    const outer = edge(upperHs[i]!, upperTp[i]!);
    const inner = edge(lh, lowerTp[i]!);
    if (outer.length === 0 || inner.length === 0) return { ring: [], coverage };
    return { ring: [...outer, outer[0]!, inner[0]!, ...inner.slice().reverse()], coverage };
  });
}

/** What the band is, for the chart's legend and the view's caption: "90 % band". */
export const bandLabel = (coverage: number): string =>
  Number.isFinite(coverage) ? `${Math.round(100 * coverage)} % band` : 'band';

export interface ContourOptions extends ViewOptions {
  /** Draw the occurrence cells of the sample behind the contours (default true). */
  density?: boolean;
  /** Draw each contour's band when the payload has one (default true; the view's switch, not the legend). */
  band?: boolean;
}

/** Opacity of a cell of `count` sea states among cells of at most `max`: log scale, faint. */
const cellOpacity = (count: number, max: number) => 0.06 + (0.5 * Math.log1p(count)) / Math.log1p(max);

/** The contour plot: Tp on x, Hs on y, one closed line per return period over the occurrence cells. */
export function contourOption(payload: VisuPayload, view: ContourOptions = {}): EChartsOption {
  const k = kwargsOf(payload);
  const contours = contoursOf(payload);
  const tpEdges = numbers(payload, 'tpEdges');
  const hsEdges = numbers(payload, 'hsEdges');
  const counts = matrix(payload, 'counts');
  if (counts.length !== Math.max(0, tpEdges.length - 1)) throw new ChartError(CHART_ERRORS.valuesAmount);
  const cells: [number, number, number, number, number][] = [];
  let max = 0;
  counts.forEach((row, i) => {
    if (row.length !== hsEdges.length - 1) throw new ChartError(CHART_ERRORS.valuesAmount);
    row.forEach((c, j) => {
      if (!(c > 0)) return;
      cells.push([tpEdges[i]!, hsEdges[j]!, tpEdges[i + 1]!, hsEdges[j + 1]!, c]);
      max = Math.max(max, c);
    });
  });
  const renderCell: CustomSeriesRenderItem = (_params, api) => {
    const [x0, y0] = api.coord([api.value(0), api.value(1)]) as [number, number];
    const [x1, y1] = api.coord([api.value(2), api.value(3)]) as [number, number];
    return {
      type: 'rect',
      shape: { x: x0, y: y1, width: x1 - x0, height: y0 - y1 },
      style: { fill: '#3b528b', opacity: cellOpacity(Number(api.value(4)), max) },
    };
  };
  const hours = Number(k.seaStateHours);
  const bands = view.band === false ? [] : (contourBandsOf(payload) ?? []);
  const renderBand =
    (ring: [number, number][]): CustomSeriesRenderItem =>
    (params, api) => {
      // drawn once, by the first of its points (the others are there so the axes reach the band)
      if (params.dataIndex !== 0) return null;
      return {
        type: 'polygon',
        shape: { points: ring.map((p) => api.coord(p)) },
        style: { fill: api.visual('color') as string, opacity: 0.22 },
      };
    };
  return {
    ...frame(payload, view, `IFORM contours · sea states of ${Number.isFinite(hours) ? hours : 1} h`),
    grid: { left: 56, right: 24, top: GRID_TOP, bottom: 84 },
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const { seriesName, value } = p as { seriesName: string; value: number[] };
        return value.length === 5
          ? `${format(value[0])}–${format(value[2])} s, ${format(value[1])}–${format(value[3])} m: ${value[4]} sea states`
          : `${escapeHtml(seriesName)}<br/>Tp ${format(value[0])} · Hs ${format(value[1])}`;
      },
    },
    // the bands are said under the chart and switched there: the legend keeps to one row
    legend: legend(view, {
      data: [
        ...(view.density === false ? [] : ['Sea states (occurrence)']),
        ...contours.map((c) => `${c.returnPeriod}-year contour`),
      ],
    }),
    xAxis: {
      type: 'value',
      min: 0,
      name: k.xLabel,
      nameLocation: 'middle',
      nameGap: 26,
    },
    yAxis: {
      type: 'value',
      min: 0,
      name: k.yLabel,
      nameLocation: 'middle',
      nameGap: 36,
    },
    series: [
      ...(view.density === false
        ? []
        : [
            {
              type: 'custom' as const,
              name: 'Sea states (occurrence)',
              renderItem: renderCell,
              data: cells,
              encode: { x: [0, 2], y: [1, 3] },
              color: '#3b528b',
              z: 1,
            },
          ]),
      ...bands.map((b, i) => ({
        type: 'custom' as const,
        name: bandLabel(b.coverage),
        renderItem: renderBand(b.ring),
        data: b.ring,
        encode: { x: 0, y: 1 },
        color: PALETTE[i % PALETTE.length],
        silent: true,
        z: 2,
      })),
      ...contours.map((c, i) => ({
        type: 'line' as const,
        name: `${c.returnPeriod}-year contour`,
        // closed: back to the first point
        data: c.points.length > 0 ? [...c.points, c.points[0]!] : [],
        showSymbol: false,
        color: PALETTE[i % PALETTE.length],
        lineStyle: { width: 2 },
        z: 3,
      })),
    ],
  };
}

export interface ContourMaximum {
  returnPeriod: string;
  beta: string;
  hsMax: string;
  tpAtHsMax: string;
  tpMin: string;
  tpMax: string;
}

/** Per contour: the largest Hs and the Tp with it (the design sea state), and the contour's Tp range. */
export function contourMaxima(payload: VisuPayload): ContourMaximum[] {
  return contoursOf(payload).map((c) => {
    const top = c.points.reduce<[number, number] | null>(
      (best, p) => (!best || p[1] > best[1] ? p : best),
      null,
    );
    const tps = c.points.map(([t]) => t);
    return {
      returnPeriod: format(c.returnPeriod, 0),
      beta: format(c.beta, 3),
      hsMax: format(top?.[1]),
      tpAtHsMax: format(top?.[0]),
      tpMin: tps.length > 0 ? format(Math.min(...tps)) : '-',
      tpMax: tps.length > 0 ? format(Math.max(...tps)) : '-',
    };
  });
}

/** One return period of the contour view's comparison: the contour's largest Hs beside the extremes'. */
export interface ContourExtremeRow {
  returnPeriod: string;
  /** The contour's largest Hs, F⁻¹(Φ(β)) of the joint model's Hs law. */
  contourHs: string;
  /** The extreme analysis' return value of the same wave height, with its interval ('-' without one). */
  extremeHs: string;
  interval: string;
  /** Observed sea states outside the contour, and what the joint model expects outside it. */
  outside: string;
  expectedOutside: string;
}

/**
 * The contour view's consistency table (issue 21): per contour, its largest Hs beside the extreme analysis'
 * return value of the same field at the same return period (its primary law, its interval), and the observed
 * sea states outside the contour. The two answer one question from two models (a joint model of every sea
 * state, a law of the yearly or storm maxima): a large gap says one of them is off.
 */
export function contourExtremeComparison(
  contours: VisuPayload,
  extremes: VisuPayload | undefined,
): { rows: ContourExtremeRow[]; law: string; interval: string } {
  kwargsOf(contours);
  const periods = numbers(contours, 'returnPeriod');
  const maxHs = contours.contourMaxHs ? numbers(contours, 'contourMaxHs') : periods.map(() => NaN);
  const outside = contours.outside ? numbers(contours, 'outside') : periods.map(() => NaN);
  const expected = contours.expectedOutside ? numbers(contours, 'expectedOutside') : periods.map(() => NaN);
  let find = (_T: number): { value: number; lower: number; upper: number } | null => null;
  let law = '';
  let interval = '';
  if (extremes?.returnPeriod && extremes.returnValue) {
    const k = kwargsOf(extremes);
    const T = numbers(extremes, 'returnPeriod');
    const value = numbers(extremes, 'returnValue');
    const lower = numbers(extremes, 'returnValueLower');
    const upper = numbers(extremes, 'returnValueUpper');
    find = (t) => {
      const i = T.indexOf(t);
      return i < 0 ? null : { value: value[i]!, lower: lower[i]!, upper: upper[i]! };
    };
    law = typeof k.law === 'string' ? lawName(k.law) : '';
    interval = typeof k.interval === 'string' ? k.interval : '';
  }
  const rows = periods.map((T, i) => {
    const e = find(T);
    return {
      returnPeriod: format(T, 0),
      contourHs: format(maxHs[i]),
      extremeHs: format(e?.value),
      interval:
        e && gap(e.lower) !== null && gap(e.upper) !== null ? `${format(e.lower)}–${format(e.upper)}` : '-',
      outside: format(outside[i], 0),
      expectedOutside: format(expected[i], expected[i]! < 0.1 ? 3 : 1),
    };
  });
  return { rows, law, interval };
}

/**
 * The plain warnings a payload carries (kwargs.warnings: short records, sea states outside a contour); with
 * `month` (1-12) those of that month of a monthly extreme analysis (kwargs.monthWarnings).
 */
export function payloadWarnings(payload: VisuPayload | undefined, month = 0): string[] {
  const k = payload?.kwargs;
  const w = month > 0 ? (k?.monthWarnings as unknown[] | undefined)?.[month - 1] : k?.warnings;
  return Array.isArray(w) ? w.filter((x): x is string => typeof x === 'string') : [];
}
