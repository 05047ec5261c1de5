// DR roses, EPD histogram with range selection and sector filter, EJPD heat map, APD laws over the
// histogram, EPD_month monthly table chart and the MEANCOLSTD profile.
import { lawOf } from '@metocean/core';
import { MISSING_VALUE, type VisuPayload } from '@metocean/contracts';
import type { EChartsOption } from 'echarts';
import {
  escapeHtml,
  CHART_ERRORS,
  COMPASS,
  ChartError,
  GRID_TOP,
  MONTHS,
  PALETTE,
  ROSE_RADIUS,
  SPEED,
  VIRIDIS,
  checkRange,
  format,
  frame,
  gap,
  kwargsOf,
  legend,
  matrix,
  niceTicks,
  numbers,
  sameLength,
  sideLegend,
  strings,
  unitsOf,
  type ViewOptions,
} from './common';

const axisName = (name: string | undefined) => ({ name, nameLocation: 'middle' as const, nameGap: 30 });
/** An axis ending on the last bin edge (8.5 after 8): the edge's label drops out rather than overlap. */
const edgeLabels = { axisLabel: { hideOverlap: true } };

// ---------------------------------------------------------------------------------------------- roses

export interface RoseOptions extends ViewOptions {
  /** 0: annual (a DR payload), 1-12: that month of a DR_month payload. */
  month?: number;
  /** Index of the selected sector (highlighted; filters the other charts). */
  sector?: number | null;
  /** Radial rings, % (at least 3); default: nice ticks up to the largest sector. */
  levels?: number[];
  /** Radial extent, %; at least the largest ring. */
  radius?: number;
}

/** Percent by [sector][class] of the rose to draw. */
function rosePercent(payload: VisuPayload, month: number): number[][] {
  const k = kwargsOf(payload);
  if (k.periodicity === 'monthly') {
    const months = matrix(payload, 'percent') as unknown as number[][][];
    // spec 002 §9: a rose requires 12 months
    if (months.length !== 12) throw new ChartError(CHART_ERRORS.invalidGraphData);
    if (!(Number.isInteger(month) && month >= 1 && month <= 12))
      throw new ChartError(CHART_ERRORS.rangeValue);
    return months[month - 1]!;
  }
  if (month !== 0) throw new ChartError(CHART_ERRORS.rangeValue);
  return matrix(payload, 'percent');
}

/** Direction range [from, to) of sector k, degrees clockwise from north (docs/methods/dr.md). */
export function sectorRange(payload: VisuPayload, k: number): [number, number] {
  const sectors = numbers(payload, 'sectors');
  const width = 360 / sectors.length;
  const centre = sectors[k];
  if (centre === undefined) throw new ChartError(CHART_ERRORS.rangeValue);
  return [(centre - width / 2 + 360) % 360, (centre + width / 2) % 360];
}

export function roseOption(payload: VisuPayload, view: RoseOptions = {}): EChartsOption {
  const sectors = numbers(payload, 'sectors');
  const edges = numbers(payload, 'edges');
  const percent = rosePercent(payload, view.month ?? 0);
  sameLength(sectors, percent);
  const units = unitsOf(payload, 'edges');
  const totals = percent.map((row) => row.reduce((s, v) => s + Math.max(0, v), 0));
  const levels = view.levels ?? niceTicks(Math.max(...totals, 0.01), 5).slice(1);
  // spec 002 §5: at least 3 diagram levels, and a radius no smaller than the largest one
  if (levels.length < 3) throw new ChartError(CHART_ERRORS.diagramLevels);
  const radius = view.radius ?? Math.max(...levels);
  if (!(radius >= Math.max(...levels))) throw new ChartError(CHART_ERRORS.radius);
  const labels = sectors.map((d) => (d % 45 === 0 ? COMPASS[(d / 45) % 8]! : `${d}°`));
  const monthName = view.month ? MONTHS[view.month - 1] : 'Annual';
  return {
    ...frame(payload, view, monthName),
    color: SPEED,
    tooltip: { trigger: 'item', valueFormatter: (v) => `${format(Number(v))} %` },
    legend: legend(view, { orient: 'vertical', right: 0, top: 'middle', bottom: undefined }),
    polar: { radius: ROSE_RADIUS * 0.75, center: ['45%', '53%'] },
    angleAxis: {
      type: 'category',
      data: labels,
      startAngle: 90 + 180 / sectors.length,
      clockwise: true,
      boundaryGap: true,
      axisLabel: { interval: 0, fontSize: 10 },
    },
    radiusAxis: {
      type: 'value',
      min: 0,
      max: radius,
      interval: levels[0],
      axisLabel: { formatter: '{value} %', fontSize: 9 },
      z: 10,
    },
    series: edges.map((edge, c) => ({
      type: 'bar',
      coordinateSystem: 'polar',
      stack: 'rose',
      name: c < edges.length - 1 ? `${edge}–${edges[c + 1]} ${units}` : `≥ ${edge} ${units}`,
      data: percent.map((row, s) => ({
        value: gap(row[c] ?? MISSING_VALUE) ?? 0,
        itemStyle:
          view.sector === undefined || view.sector === null || view.sector === s ? {} : { opacity: 0.3 },
      })),
      emphasis: { focus: 'self' },
    })),
  };
}

// ------------------------------------------------------------------------------------------ histogram

/** Spec 002: histogram range selection cycles select → selectRange → selectedRange → select. */
export type RangeSelection =
  | { mode: 'select' }
  | { mode: 'selectRange'; start: number }
  | { mode: 'selectedRange'; range: [number, number] };

export type RangeEvent = { type: 'click'; value: number } | { type: 'leave' };

/**
 * The three-mode range selection: a click starts a range (selectRange), a second click completes it
 * (selectedRange), a third clears it (select). Leaving the graph while the range is half made resets it.
 */
export function nextRangeSelection(state: RangeSelection, event: RangeEvent): RangeSelection {
  switch (state.mode) {
    case 'select':
      return event.type === 'click' ? { mode: 'selectRange', start: event.value } : state;
    case 'selectRange':
      if (event.type === 'leave') return { mode: 'select' };
      return {
        mode: 'selectedRange',
        range: [Math.min(state.start, event.value), Math.max(state.start, event.value)],
      };
    case 'selectedRange':
      return event.type === 'click' ? { mode: 'select' } : state;
  }
}

export interface HistogramOptions extends ViewOptions {
  /** Selected [min, max] of the variable (bin edges), highlighted with its probability. */
  range?: [number, number] | null;
  /** Direction filter from a rose sector: the EJPD of the variable and its direction, and the range. */
  sector?: { joint: VisuPayload; range: [number, number] } | null;
}

/** Counts per x bin of a joint table over the y bins that overlap [from, to) (wrapping through north). */
export function countsInSector(
  joint: VisuPayload,
  range: [number, number],
): { counts: number[]; from: number; to: number } {
  const yEdges = numbers(joint, 'yEdges');
  const counts = matrix(joint, 'counts');
  const [from, to] = range;
  const inside = (a: number, b: number) => (from <= to ? a < to && b > from : a < to || b > from); // wrapped sector (e.g. 348.75-11.25)
  const keep = yEdges.slice(0, -1).map((a, j) => inside(a, yEdges[j + 1]!));
  const first = keep.indexOf(true);
  const last = keep.lastIndexOf(true);
  // the range actually counted: whole bins of the joint table
  const wrapped = from > to;
  const lo = wrapped ? yEdges[keep.lastIndexOf(false) + 1]! : yEdges[first]!;
  const hi = wrapped ? yEdges[keep.indexOf(false)]! : yEdges[last + 1]!;
  return {
    counts: counts.map((row) => row.reduce((s, v, j) => (keep[j] && v !== MISSING_VALUE ? s + v : s), 0)),
    // sectors centred on north start below 0: stated within a turn
    from: ((lo % 360) + 360) % 360,
    to: ((hi % 360) + 360) % 360,
  };
}

export function histogramOption(payload: VisuPayload, view: HistogramOptions = {}): EChartsOption {
  const k = kwargsOf(payload);
  let edges = numbers(payload, 'edges');
  let counts = numbers(payload, 'counts');
  let subtitle = `${format(Number(k.count), 0)} values`;
  if (view.sector) {
    const filtered = countsInSector(view.sector.joint, view.sector.range);
    edges = numbers(view.sector.joint, 'xEdges');
    counts = filtered.counts;
    subtitle = `direction in [${filtered.from}°, ${filtered.to}°): ${counts.reduce((s, v) => s + v, 0)} values`;
  }
  if (edges.length !== counts.length + 1) throw new ChartError(CHART_ERRORS.valuesAmount);
  const total = counts.reduce((s, v) => s + v, 0);
  const frequency = counts.map((c) => (total > 0 ? (100 * c) / total : 0));
  // exceedance P(X ≥ e) at each edge from the counts shown
  let above = total;
  const exceedance = edges.map((_, i) => {
    const value = total > 0 ? (100 * above) / total : 0;
    above -= counts[i] ?? 0;
    return value;
  });
  const centres = counts.map((_, i) => (edges[i]! + edges[i + 1]!) / 2);
  const markArea: Record<string, unknown> = {};
  if (view.range) {
    checkRange(view.range[0], view.range[1]);
    const [a, b] = view.range;
    const share = counts.reduce((s, c, i) => (edges[i]! >= a && edges[i + 1]! <= b ? s + c : s), 0);
    subtitle += ` · P(${a} ≤ X < ${b}) = ${format(total > 0 ? (100 * share) / total : 0)} %`;
    markArea.markArea = {
      silent: true,
      itemStyle: { color: 'rgba(0,114,178,0.12)' },
      data: [[{ xAxis: a }, { xAxis: b }]],
    };
  }
  return {
    ...frame(payload, view, subtitle),
    color: PALETTE,
    grid: { left: 56, right: 56, top: GRID_TOP, bottom: 84 }, // the axis name clears the legend below
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${format(Number(v))} %` },
    legend: legend(view),
    xAxis: {
      type: 'value',
      min: edges[0],
      max: edges[edges.length - 1],
      ...axisName(k.xLabel),
      ...edgeLabels,
    },
    yAxis: [
      { type: 'value', ...axisName('Frequency (%)'), nameGap: 36 },
      { type: 'value', ...axisName('Exceedance (%)'), nameGap: 36, max: 100, splitLine: { show: false } },
    ],
    series: [
      {
        type: 'bar',
        name: 'Frequency',
        data: centres.map((x, i) => [x, frequency[i]!]),
        barWidth: '90%',
        barCategoryGap: 0,
        ...markArea,
      },
      {
        type: 'line',
        name: 'Exceedance',
        yAxisIndex: 1,
        data: edges.map((x, i) => [x, exceedance[i]!]),
        showSymbol: false,
      },
    ],
  };
}

// ------------------------------------------------------------------------------------------- heat map

export interface HeatMapOptions extends ViewOptions {
  value?: 'perMille' | 'counts';
}

/** A turn's angle in [0, 360), rounded to 1e-9 (22.5 · 15 − 11.25 stays 326.25). */
const turn = (d: number) => Number((((d % 360) + 360) % 360).toPrecision(12));

/** Labels of direction sectors by their centre: 'N 0°', '22.5°', 'NE 45°', … (spec 002 §9 compass). */
export function sectorLabels(edges: readonly number[]): string[] {
  return edges.slice(0, -1).map((e, j) => {
    const centre = turn((e + edges[j + 1]!) / 2);
    const compass = centre % 45 === 0 ? `${COMPASS[centre / 45]} ` : '';
    return `${compass}${centre}°`;
  });
}

/** Ranges of direction sectors, wrapped to a turn: '348.75–11.25° (N 0°)'. */
function sectorRanges(edges: readonly number[]): string[] {
  const labels = sectorLabels(edges);
  return edges.slice(0, -1).map((e, j) => `${turn(e)}–${turn(edges[j + 1]!)}° (${labels[j]})`);
}

export function jointOption(payload: VisuPayload, view: HeatMapOptions = {}): EChartsOption {
  const k = kwargsOf(payload);
  const xEdges = numbers(payload, 'xEdges');
  const yEdges = numbers(payload, 'yEdges');
  const table = matrix(payload, view.value === 'counts' ? 'counts' : 'perMille');
  if (table.length !== xEdges.length - 1) throw new ChartError(CHART_ERRORS.valuesAmount);
  const data: [number, number, number][] = [];
  let max = 0;
  table.forEach((row, i) => {
    if (row.length !== yEdges.length - 1) throw new ChartError(CHART_ERRORS.valuesAmount);
    row.forEach((v, j) => {
      if (v > 0) {
        data.push([i, j, v]);
        max = Math.max(max, v);
      }
    });
  });
  const bins = (edges: number[]) => edges.slice(0, -1).map((e, i) => `${e}–${edges[i + 1]}`);
  // direction sectors read as their centres (0° = N, compass names every 45°), ranges in the tooltip
  const yLabels = k.ySectors === true ? sectorLabels(yEdges) : bins(yEdges);
  const yRanges = k.ySectors === true ? sectorRanges(yEdges) : bins(yEdges);
  return {
    ...frame(payload, view, view.value === 'counts' ? 'counts' : 'per mille (‰)'),
    grid: { left: 70, right: 20, top: GRID_TOP, bottom: 110 },
    tooltip: {
      position: 'top',
      formatter: (p: unknown) => {
        const [i, j, v] = (p as { value: [number, number, number] }).value;
        return `${escapeHtml(k.xLabel)}: ${escapeHtml(bins(xEdges)[i])}<br/>${escapeHtml(k.yLabel)}: ${escapeHtml(yRanges[j])}<br/>${format(v)}`;
      },
    },
    xAxis: { type: 'category', data: bins(xEdges), ...axisName(k.xLabel) },
    yAxis: { type: 'category', data: yLabels, ...axisName(k.yLabel), nameGap: 56 },
    visualMap: {
      min: 0,
      max: max || 1,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 16,
      itemHeight: 160,
      itemWidth: 10,
      inRange: { color: VIRIDIS },
      show: view.legend !== false,
    },
    series: [{ type: 'heatmap', data, progressive: 0, emphasis: { itemStyle: { borderColor: '#000' } } }],
  };
}

// ----------------------------------------------------------------------------------------------- APD

export interface ApdOptions extends ViewOptions {
  /** A law to highlight (others dimmed). */
  highlight?: string | null;
  /** Points of each density curve; default 200. */
  steps?: number;
}

/** The APD laws drawn as densities over the EPD histogram (density per unit) of the same field. */
export function apdOption(apd: VisuPayload, epd: VisuPayload, view: ApdOptions = {}): EChartsOption {
  kwargsOf(apd);
  const k = kwargsOf(epd);
  const laws = strings(apd, 'law');
  const location = numbers(apd, 'location');
  const scale = numbers(apd, 'scale');
  const shape = numbers(apd, 'shape');
  const ks = numbers(apd, 'ks');
  sameLength(laws, scale);
  const steps = view.steps ?? 200;
  if (!(Number.isInteger(steps) && steps >= 2 && steps <= 10_000)) throw new ChartError(CHART_ERRORS.steps);
  const edges = numbers(epd, 'edges');
  const density = numbers(epd, 'density');
  if (edges.length !== density.length + 1) throw new ChartError(CHART_ERRORS.valuesAmount);
  const max = edges[edges.length - 1]!;
  const xs = Array.from({ length: steps }, (_, i) => (max * (i + 1)) / steps);
  const lawNames = laws.map((law, i) => `${lawOf(law).name} (KS ${format(ks[i], 3)})`);
  // six laws with their KS distance: too long for a row under the plot, a column beside it
  const side = sideLegend(view, ['Histogram', ...lawNames]);
  return {
    ...frame(apd, view, `fitted to ${k.xLabel ?? ''}`),
    color: ['#bbb', ...PALETTE],
    grid: { left: 60, right: side.right, top: GRID_TOP, bottom: 64 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => format(Number(v), 3) },
    legend: side.legend,
    xAxis: { type: 'value', min: 0, max, ...axisName(k.xLabel), ...edgeLabels },
    yAxis: { type: 'value', ...axisName('Probability density'), nameGap: 44 },
    series: [
      {
        type: 'bar',
        name: 'Histogram',
        data: density.map((d, i) => [(edges[i]! + edges[i + 1]!) / 2, gap(d)]),
        barWidth: '95%',
        barCategoryGap: 0,
      },
      ...laws.map((law, i) => {
        const parameters = {
          location: location[i]!,
          scale: scale[i]!,
          shape: shape[i] === MISSING_VALUE ? null : shape[i]!,
        };
        const dim = view.highlight && view.highlight !== law;
        return {
          type: 'line' as const,
          name: lawNames[i],
          showSymbol: false,
          lineStyle: { width: view.highlight === law ? 3 : 1.5, opacity: dim ? 0.25 : 1 },
          data: xs.map((x) => {
            const y = Math.exp(lawOf(law).logpdf(x, parameters));
            return [x, Number.isFinite(y) ? y : null];
          }),
        };
      }),
    ],
  };
}

// ----------------------------------------------------------------------------------------- EPD_month

/**
 * Monthly statistics: mean bars, median, min and max lines, and the band mean ± std (sample standard
 * deviation) per month, one legend entry; the tooltip gives each month's values and its std.
 */
export function monthlyStatsOption(payload: VisuPayload, view: ViewOptions = {}): EChartsOption {
  const k = kwargsOf(payload);
  const month = numbers(payload, 'month');
  const columns = ['mean', 'median', 'min', 'max', 'std'] as const;
  const data = Object.fromEntries(columns.map((c) => [c, numbers(payload, c)]));
  for (const c of columns) sameLength(month, data[c]!);
  const mean = data.mean!;
  const std = data.std!;
  // the band where both the mean and the std exist (a month without data has neither)
  const lower = mean.map((m, i) => (gap(m) === null || gap(std[i]!) === null ? null : m - std[i]!));
  const width = std.map((s, i) => (lower[i] === null ? null : 2 * s));
  const band = `Mean ± std`;
  const bandColour = PALETTE[5]!;
  const categories = month.map((m) => MONTHS[m - 1] ?? String(m));
  return {
    ...frame(payload, view),
    color: PALETTE,
    grid: { left: 56, right: 20, top: GRID_TOP, bottom: 80 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const list = params as { dataIndex: number; seriesName: string; marker: string; value: unknown }[];
        const i = list[0]?.dataIndex ?? 0;
        const lines = list
          .filter((p) => p.seriesName !== band)
          .map((p) => `${p.marker}${escapeHtml(p.seriesName)}: ${format(Number(p.value))}`);
        return [escapeHtml(categories[i]), ...lines, `Std: ${format(std[i])}`].join('<br/>');
      },
    },
    legend: legend(view),
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value', ...axisName(k.yLabel), nameGap: 40 },
    series: [
      { type: 'bar', name: 'Mean', data: mean.map(gap) },
      { type: 'line', name: 'Median', data: data.median!.map(gap) },
      { type: 'line', name: 'Min', data: data.min!.map(gap), lineStyle: { type: 'dashed' } },
      { type: 'line', name: 'Max', data: data.max!.map(gap), lineStyle: { type: 'dashed' } },
      {
        type: 'line',
        name: band,
        stack: 'std',
        // a band below zero (mean < std) still stacks its width on its lower edge
        stackStrategy: 'all',
        data: lower,
        color: bandColour,
        lineStyle: { opacity: 0 },
        symbol: 'roundRect',
        showSymbol: false,
        silent: true,
        z: 3,
      },
      {
        type: 'line',
        name: band,
        stack: 'std',
        stackStrategy: 'all',
        data: width,
        color: bandColour,
        lineStyle: { opacity: 0 },
        areaStyle: { color: bandColour, opacity: 0.3 },
        // a filled square in the legend; over the bars, translucent
        symbol: 'roundRect',
        showSymbol: false,
        silent: true,
        z: 3,
      },
    ],
  };
}

// ------------------------------------------------------------------------------------------- profile

export function profileOption(payload: VisuPayload, view: ViewOptions = {}): EChartsOption {
  const k = kwargsOf(payload);
  const level = numbers(payload, 'level');
  const mean = numbers(payload, 'mean');
  const std = numbers(payload, 'std');
  sameLength(level, mean);
  sameLength(level, std);
  const levels = k.levels;
  if (levels && levels.type !== 'depth' && levels.type !== 'altitude')
    throw new ChartError(CHART_ERRORS.levelType);
  const depth = (levels?.type ?? 'depth') === 'depth';
  const line = (name: string, values: (number | null)[], dashed: boolean) => ({
    type: 'line' as const,
    name,
    data: values.map((v, i) => [v, level[i]!]),
    lineStyle: dashed ? { type: 'dashed' as const } : {},
    symbolSize: dashed ? 0 : 6,
  });
  const valid = (i: number) => gap(mean[i]!) !== null && gap(std[i]!) !== null;
  return {
    ...frame(payload, view),
    color: PALETTE,
    grid: { left: 60, right: 20, top: GRID_TOP, bottom: 80 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'cross' }, valueFormatter: (v) => format(Number(v)) },
    legend: legend(view),
    xAxis: { type: 'value', ...axisName(k.xLabel), scale: true },
    yAxis: { type: 'value', inverse: depth, ...axisName(k.yLabel), nameGap: 40 },
    series: [
      line('Mean', mean.map(gap), false),
      line(
        'Mean − std',
        mean.map((m, i) => (valid(i) ? m - std[i]! : null)),
        true,
      ),
      line(
        'Mean + std',
        mean.map((m, i) => (valid(i) ? m + std[i]! : null)),
        true,
      ),
    ],
  };
}
