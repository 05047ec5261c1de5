// The comparison scatter (spec 002 "Satellite comparison" / "Buoy comparison"): model on the bottom axis,
// measure on the left, the error colour bar on the right, a title on top, the diagonal bias line, the
// regression line, points sized by occurrence and coloured by error. Values at 2 decimals, occurrence at
// least 2, slope 3 and r² 2 (spec 002 §9).
import type { EChartsOption } from 'echarts';
import type { ScatterData } from '@metocean/contracts';
import { CHART_ERRORS, ChartError, escapeHtml, format, sameLength } from './common';

/** Blue (model below the measure) to red (above), white at zero: a diverging ramp for the error. */
const ERROR_RAMP = ['#2166ac', '#67a9cf', '#d1e5f0', '#f7f7f7', '#fddbc7', '#ef8a62', '#b2182b'];

/** Occurrence in % with at least 2 decimals, more while it would read 0.00. */
export function occurrenceText(percent: number): string {
  let digits = 2;
  while (digits < 6 && percent > 0 && Number(percent.toFixed(digits)) === 0) digits++;
  return `${percent.toFixed(digits)} %`;
}

/** The regression line's text: r², slope a and intercept b (spec 002 §2 "Scatter plot", §9 digits). */
export function regressionText(linregress: ScatterData['linregress']): string {
  const { slope, intercept, r2 } = linregress;
  return `r2 = ${format(r2, 2)}, a = ${format(slope, 3)}, b = ${format(intercept, 2)}`;
}

/**
 * The colour bar's half range: the |error| not exceeded by 95 % of the pairs (cells weighted by occurrence), so
 * that a few far-off cells do not wash the bulk out; cells beyond take the end colours.
 */
export function errorRange(errors: readonly number[], occurrence: readonly number[], floor: number): number {
  const cells = errors.map((e, i) => ({ e: Math.abs(e), w: occurrence[i] ?? 0 })).sort((a, b) => a.e - b.e);
  const total = cells.reduce((s, c) => s + c.w, 0);
  let seen = 0;
  for (const c of cells) {
    seen += c.w;
    if (seen >= 0.95 * total) return Math.max(floor, c.e);
  }
  return floor;
}

export function comparisonScatterOption(data: ScatterData, title: string): EChartsOption {
  const [modelName, measureName] = data.varNames;
  const model = data.series[modelName];
  const measure = data.series[measureName];
  if (!model || !measure) throw new ChartError(CHART_ERRORS.invalidGraphData);
  sameLength(model.values, measure.values);
  sameLength(model.values, data.radii);
  sameLength(model.values, data.error.values);
  const units = data.error.units;
  const top =
    Math.ceil((Math.max(data.cell, ...model.values, ...measure.values) + data.cell / 2) / data.cell) *
    data.cell;
  const errorMax = errorRange(data.error.values, data.occurrence, data.cell);
  // [model, measure, error, occurrence, radius, error clamped to the colour bar]
  const points = model.values.map((x, i) => [
    x,
    measure.values[i]!,
    data.error.values[i]!,
    data.occurrence[i]!,
    data.radii[i]!,
    Math.max(-errorMax, Math.min(errorMax, data.error.values[i]!)),
  ]);
  const { slope, intercept } = data.linregress;
  const regression =
    slope === null || intercept === null
      ? []
      : [
          [0, intercept],
          [top, slope * top + intercept],
        ];
  const axis = (name: string) => ({
    type: 'value' as const,
    name,
    nameLocation: 'middle' as const,
    nameGap: 32,
    min: 0,
    max: top,
  });
  return {
    title: [
      { text: title, left: 'center', textStyle: { fontSize: 13 } },
      // the colour bar's name on a line of its own above the bar (ECharts draws a two-line end text of a
      // visualMap on one line's height, over its value)
      { text: `error (${units})`, right: 4, top: 52, textStyle: { fontSize: 11, fontWeight: 'normal' } },
    ],
    grid: { left: 56, right: 90, top: 48, bottom: 48 },
    xAxis: axis(`${model.attributes.longName} (${units})`),
    yAxis: axis(`${measure.attributes.longName} (${units})`),
    visualMap: {
      type: 'continuous',
      seriesIndex: 0,
      dimension: 5,
      min: -errorMax,
      max: errorMax,
      precision: 2,
      right: 4,
      top: 92,
      itemHeight: 220,
      // the ends of the bar: its top value over it, its bottom value under it
      text: [format(errorMax, 2), format(-errorMax, 2)],
      calculable: false,
      inRange: { color: ERROR_RAMP },
    },
    tooltip: { trigger: 'item', confine: true },
    series: [
      {
        type: 'scatter',
        name: 'pairs',
        data: points,
        symbolSize: (value: number[]) => 2 * value[4]!,
        emphasis: { scale: 1.5 },
        itemStyle: { borderColor: 'rgba(0,0,0,0.6)', borderWidth: 0.8 },
        tooltip: {
          formatter: (p) => {
            const [x, y, error, occurrence] = (p as { value: number[] }).value;
            return [
              `occurrence: ${occurrenceText(occurrence!)}`,
              `model: ${format(x, 2)} ${escapeHtml(units)}`,
              `measure: ${format(y, 2)} ${escapeHtml(units)}`,
              `error: ${format(error, 2)} ${escapeHtml(units)}`,
            ].join('<br/>');
          },
        },
      },
      {
        type: 'line',
        name: 'bias line (measure = model)',
        data: [
          [0, 0],
          [top, top],
        ],
        symbol: 'none',
        silent: true,
        lineStyle: { color: '#555', type: 'dashed', width: 1 },
        z: 3,
      },
      {
        type: 'line',
        name: 'regression',
        data: regression,
        symbol: 'none',
        triggerEvent: 'line',
        lineStyle: { color: '#D55E00', width: 2 },
        tooltip: { formatter: () => escapeHtml(regressionText(data.linregress)) },
        z: 4,
      },
    ],
  };
}
