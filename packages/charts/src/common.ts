// What every chart view shares: the chart error catalogue of spec 002 §8 (messages verbatim), the input
// checks of §5, the constants of §9, reading named arrays out of a payload, titles and the source line.
import { MISSING_VALUE, type VisuPayload } from '@metocean/contracts';
import { MONTH_ABBREVIATIONS } from '@metocean/core';
import type { EChartsOption } from 'echarts';

/** Spec 002 §8, chart errors. */
export const CHART_ERRORS = {
  invalidGraphData: 'Invalid graph data',
  invalidNumberFormat: 'Invalid number format',
  arrayExpected: 'Invalid argument type, array expected',
  valuesAmount: 'Invalid values amount, same x and y amount expected',
  diagramLevels: 'Invalid amount of given diagram levels',
  radius: 'Invalid radius value',
  rangeValue: 'Invalid range value',
  range: 'Invalid range, check min and max values',
  ticks: 'Invalid ticks amount',
  steps: 'Invalid steps amount',
  breakpoints: 'Invalid breakpoints',
  tooltip: 'Invalid tooltip options',
  unsupportedGraph: 'Unsupported graph type',
  levelType: 'Invalid level type',
  paramsAmount: 'Invalid params amount',
  noDomNode: 'No such node in DOM',
  noId: "There's no 'id' in collection items",
} as const;

/** A chart input the view cannot draw; `message` is one of CHART_ERRORS. */
export class ChartError extends Error {
  constructor(message: (typeof CHART_ERRORS)[keyof typeof CHART_ERRORS]) {
    super(message);
    this.name = 'ChartError';
  }
}

/** Spec 002 §9 sizes, in pixels. */
export const CHART_SIZES = {
  default: { width: 500, height: 350 },
  heatMap: { width: 420, height: 350 },
  concomitant: { width: 550, height: 400 },
  extremePlot: { width: 290, height: 260 },
  peakRose: { width: 280, height: 280 },
  scatter: { width: 400, height: 400 },
} as const;

export const MONTHS = MONTH_ABBREVIATIONS;
/** Month selector entries: Annual (0) or months 1-12 (spec 002 §2). */
export const MONTH_OPTIONS = [
  { value: 0, label: 'Annual' },
  ...MONTHS.map((label, i) => ({ value: i + 1, label })),
];
export const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/**
 * A direction sector by its centre ("coming from", clockwise from north) and width: its compass name for 8
 * sectors of 45° ('NE'), else its centre in degrees ('22.5°'); null is every direction ('All').
 */
export function sectorName(centre: number | null, width: number): string {
  if (centre === null) return 'All';
  return Math.abs(width - 45) < 1e-9 ? COMPASS[Math.round(centre / 45) % 8]! : `${centre}°`;
}
export const TICK_STEPS = [10, 5, 2, 1] as const;
export const DEFAULT_DIGITS = 2;
export const SECONDS_PER_DAY = 86_400;
export const DAY_MS = SECONDS_PER_DAY * 1000;
export const ROSE_RADIUS = 160;
export const ROSE_PADDING = 15;
export const DEFAULT_QUANTILES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 99];

/** One colour-blind-safe categorical palette (Okabe & Ito 2008) for laws, durations, points. */
export const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#D55E00',
  '#CC79A7',
  '#56B4E9',
  '#F0E442',
  '#000000',
];
/** viridis at 9 stops, for densities (joint tables). */
export const VIRIDIS = [
  '#440154',
  '#472d7b',
  '#3b528b',
  '#2c728e',
  '#21918c',
  '#28ae80',
  '#5ec962',
  '#addc30',
  '#fde725',
];
/** cmocean 'speed'-like sequential ramp for magnitude classes of roses. */
export const SPEED = ['#d8e9f0', '#9cc6dd', '#5fa2c9', '#3a7db0', '#255a8f', '#17396b', '#0b1e45'];

/** n colours from light to dark blue (ordered series such as quantiles: P10 light, P90 dark). */
export function blues(n: number): string[] {
  const [from, to] = [
    [198, 219, 239],
    [8, 48, 107],
  ] as const;
  return Array.from({ length: n }, (_, i) => {
    const t = n === 1 ? 1 : i / (n - 1);
    const c = from.map((a, k) => Math.round(a + (to[k]! - a) * t));
    return `rgb(${c.join(',')})`;
  });
}

/**
 * Text for an ECharts tooltip formatter, which ECharts puts into innerHTML: names and labels come from
 * payloads (and so, in the end, from users), so they are escaped like any HTML text.
 */
export function escapeHtml(text: string | number | null | undefined): string {
  return String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * A number with `digits` decimals; a missing one (null, -999, not finite) as "-" (spec 002: "-" in extreme
 * tables). A value that rounds to zero prints without a sign: -0.001 is "0.00", not "-0.00".
 */
export function format(value: number | null | undefined, digits = DEFAULT_DIGITS): string {
  if (value === null || value === undefined || value === MISSING_VALUE || !Number.isFinite(value)) return '-';
  const text = value.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
}

/** -999 (and anything not finite) as a gap for ECharts. */
export const gap = (v: number): number | null => (v === MISSING_VALUE || !Number.isFinite(v) ? null : v);

/** The kwargs of a payload, or 'Invalid graph data' (spec 002 §5: a kwargs block missing). */
export function kwargsOf(payload: VisuPayload | undefined | null): VisuPayload['kwargs'] {
  if (!payload || typeof payload !== 'object' || !payload.kwargs || typeof payload.kwargs !== 'object')
    throw new ChartError(CHART_ERRORS.invalidGraphData);
  return payload.kwargs;
}

/** A named array of numbers of a payload; 'Invalid argument type, array expected' when it is not one. */
export function numbers(payload: VisuPayload, name: string): number[] {
  const values = (payload[name] as { values?: unknown } | undefined)?.values;
  if (!Array.isArray(values)) throw new ChartError(CHART_ERRORS.arrayExpected);
  return values as number[];
}

export function matrix(payload: VisuPayload, name: string): number[][] {
  const values = numbers(payload, name) as unknown[];
  if (!values.every(Array.isArray)) throw new ChartError(CHART_ERRORS.arrayExpected);
  return values as number[][];
}

export function strings(payload: VisuPayload, name: string): string[] {
  return numbers(payload, name).map(String);
}

export function unitsOf(payload: VisuPayload, name: string): string {
  return (payload[name] as { attributes?: { units?: string } } | undefined)?.attributes?.units ?? '';
}

/** Spec 002 §5: x and y counts must agree. */
export function sameLength(x: readonly unknown[], y: readonly unknown[]): void {
  if (x.length !== y.length) throw new ChartError(CHART_ERRORS.valuesAmount);
}

/** Spec 002 §5: min must not exceed max. */
export function checkRange(min: number, max: number): void {
  if (!Number.isFinite(min) || !Number.isFinite(max)) throw new ChartError(CHART_ERRORS.rangeValue);
  if (min > max) throw new ChartError(CHART_ERRORS.range);
}

/** Spec 002 §5/§9: a tick count between 2 and 100. */
export function checkTicks(ticks: number): void {
  if (!Number.isInteger(ticks) || ticks < 2 || ticks > 100) throw new ChartError(CHART_ERRORS.ticks);
}

/**
 * Nice ticks for [0, max] with the steps of spec 002 §9 (10, 5, 2, 1 times a power of ten), about
 * `ticks` of them.
 */
export function niceTicks(max: number, ticks = 5): number[] {
  checkTicks(ticks);
  checkRange(0, max);
  if (max === 0) return [0, 1];
  const raw = max / (ticks - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [...TICK_STEPS].reverse().find((s) => s * power >= raw)! * power || 10 * power;
  const out: number[] = [];
  for (let v = 0; v < max + step / 2; v += step) out.push(Number(v.toPrecision(12)));
  if (out[out.length - 1]! < max) out.push(Number((out[out.length - 1]! + step).toPrecision(12)));
  return out;
}

/**
 * Spec 002 §5: quantile/percentile lists are comma-separated integers 1-99; an empty list is refused
 * ('Invalid params amount'), anything else than such integers is 'Invalid number format'.
 */
export function parseQuantiles(text: string): number[] {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (parts.length === 0) throw new ChartError(CHART_ERRORS.paramsAmount);
  const out = parts.map((s) => {
    if (!/^\d+$/.test(s)) throw new ChartError(CHART_ERRORS.invalidNumberFormat);
    const q = Number(s);
    if (q < 1 || q > 99) throw new ChartError(CHART_ERRORS.invalidNumberFormat);
    return q;
  });
  return [...new Set(out)].sort((a, b) => a - b);
}

export interface ViewOptions {
  /** Legend shown (default) or hidden (spec 002: a legend that can be shown or hidden). */
  legend?: boolean;
  /** Point name for the title (and the PNG file name, in the web). */
  pointName?: string;
  /** Server-side rendering (PDF): no animation. */
  static?: boolean;
}

/** The title block: the statistic's title, the point, and the source line (dataset, node, notice). */
export function frame(payload: VisuPayload, view: ViewOptions, subtitle?: string): EChartsOption {
  const k = kwargsOf(payload);
  const node = k.node ? ` · node ${k.node.lat.toFixed(2)}°, ${k.node.lon.toFixed(2)}°` : '';
  const source = `Source: ${k.dataset}${node}${k.notice ? ` · ${k.notice}` : ''}`;
  const name = text(k.name) || k.title;
  const subject = text(k.subject);
  return {
    animation: !view.static,
    title: [
      {
        text: view.pointName ? `${name} — ${view.pointName}` : name,
        subtext: [subject, subtitle].filter(Boolean).join(' · '),
        left: 'center',
        textStyle: { fontSize: 13, fontWeight: 600 },
        subtextStyle: { fontSize: 11 },
      },
      { text: source, left: 8, bottom: 2, textStyle: { fontSize: 10, fontWeight: 'normal', color: '#666' } },
    ],
  };
}

/**
 * The top of a plot under the title block: the title (13 px), its subtitle (11 px) and their gaps end
 * about 54 px down; the rest keeps the top axis label and the data's symbols clear of the subtitle.
 */
export const GRID_TOP = 64;

export function legend(view: ViewOptions, extra: Record<string, unknown> = {}): EChartsOption['legend'] {
  return { show: view.legend !== false, bottom: 18, type: 'scroll', ...extra };
}

const LEGEND_FONT_SIZE = 11;
/** Room for a legend entry: its symbol (25), the gap (5) and its name at 0.62 em a character at most. */
export const legendEntryWidth = (name: string): number =>
  30 + Math.ceil(name.length * LEGEND_FONT_SIZE * 0.62);

/**
 * A legend in a column at the right of the plot, for names too long for a row (a scrolled row hides
 * most of them): every name shown whole, and the plot's right margin (`right`) leaves it the room.
 */
export function sideLegend(
  view: ViewOptions,
  names: readonly string[],
): { legend: EChartsOption['legend']; right: number } {
  return {
    legend: legend(view, {
      type: 'plain',
      orient: 'vertical',
      right: 8,
      top: 'middle',
      bottom: undefined,
      textStyle: { fontSize: LEGEND_FONT_SIZE },
    }),
    right: view.legend === false ? 20 : 16 + Math.max(0, ...names.map(legendEntryWidth)),
  };
}

/** Milliseconds since 1970 as 'YYYY-MM-DD HH:mm' (UTC). */
export function dateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** A kwargs entry that should be text ('' otherwise). */
export const text = (v: unknown): string => (typeof v === 'string' ? v : '');
