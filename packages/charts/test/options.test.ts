// Option builders against the payloads of the engine's results on the real ERA5 record, and the chart
// input errors of spec 002 §5/§8 (messages verbatim). Every option is also rendered by ECharts' own
// server-side SVG renderer, as the PDF reports will.
import * as echarts from 'echarts';
import { describe, expect, it } from 'vitest';
import { MISSING_VALUE, type VisuPayload } from '@metocean/contracts';
import { lawOf, statisticOf, type Series } from '@metocean/core';
import {
  CHART_ERRORS,
  apdOption,
  chartOption,
  concomitantOption,
  concomitantTooltip,
  contourExtremeComparison,
  contourMaxima,
  payloadWarnings,
  contourOption,
  countsInSector,
  displayPoints,
  downtimeOption,
  extremeOption,
  extremeSlice,
  extremeTable,
  fitParameterRows,
  fitParameterTable,
  histogramOption,
  jointOption,
  levelSelector,
  monthlyStatsOption,
  nextRangeSelection,
  niceTicks,
  notSucceeded,
  parseQuantiles,
  peakRoseOption,
  profileOption,
  returnPeriodTable,
  roseOption,
  sectorRange,
  timeSeriesOption,
  viewOf,
  visuPayloadOf,
  weatherWindowOption,
  withWindow,
  type RangeSelection,
} from '../src';
import { era5, era5Row, era5WithLevels, fieldsOf, rowOf } from './data';

const payloads = new Map<string, VisuPayload>();
function payload(id: string): VisuPayload {
  let p = payloads.get(id);
  if (!p) {
    p = visuPayloadOf(era5Row(id), fieldsOf(era5()));
    payloads.set(id, p);
  }
  return p;
}
const values = (p: VisuPayload, name: string) => p[name]!.values as number[];
const matrixOf = (p: VisuPayload, name: string) => p[name]!.values as number[][];
type Series_ = { name?: string; data: unknown[]; type: string };
const seriesOf = (option: echarts.EChartsOption) => option.series as Series_[];

/** Renders with ECharts' SSR SVG renderer (what the PDF reports do); throws if the option is not drawable. */
function render(option: echarts.EChartsOption, width = 500, height = 350): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({ ...option, animation: false });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

const withoutKwargs = (p: VisuPayload) => ({ ...p, kwargs: undefined }) as unknown as VisuPayload;

describe('common input checks (spec 002 §5, §8)', () => {
  it('refuses a payload without kwargs, a value that is not an array and mismatched x/y', () => {
    expect(() => timeSeriesOption(withoutKwargs(payload('TS')))).toThrow(CHART_ERRORS.invalidGraphData);
    const broken = { ...payload('TS'), swh: { ...payload('TS').swh!, values: 3 } } as unknown as VisuPayload;
    expect(() => timeSeriesOption(broken)).toThrow('Invalid argument type, array expected');
    const short = {
      ...payload('TS'),
      swh: { ...payload('TS').swh!, values: [1, 2] },
    } as unknown as VisuPayload;
    expect(() => timeSeriesOption(short)).toThrow('Invalid values amount, same x and y amount expected');
  });

  it('parses quantile lists of integers 1-99; empty is refused, anything else is a number format error', () => {
    expect(parseQuantiles(' 90, 10,50,10 ')).toEqual([10, 50, 90]);
    expect(() => parseQuantiles(' , ')).toThrow('Invalid params amount');
    expect(() => parseQuantiles('10,abc')).toThrow('Invalid number format');
    expect(() => parseQuantiles('0')).toThrow('Invalid number format');
    expect(() => parseQuantiles('100')).toThrow('Invalid number format');
    expect(() => parseQuantiles('12.5')).toThrow('Invalid number format');
  });

  it('keeps tick counts within 2-100 and nice steps of 10, 5, 2, 1', () => {
    expect(niceTicks(9.3, 5)).toEqual([0, 5, 10]);
    expect(niceTicks(23, 6)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(() => niceTicks(10, 1)).toThrow('Invalid ticks amount');
    expect(() => niceTicks(10, 101)).toThrow('Invalid ticks amount');
    expect(() => niceTicks(-1, 5)).toThrow('Invalid range, check min and max values');
  });

  it('names the view of every statistic id, and refuses an unknown one', () => {
    expect(viewOf('DR_month__hs__dp')).toBe('rose');
    expect(viewOf('EXT_month__hs')).toBe('extreme');
    expect(() => viewOf('SCATTER__hs')).toThrow('Unsupported graph type');
  });

  it('orders levels for the selector and sizes it as spec 002 §9 says', () => {
    expect(levelSelector('altitude', [10, 100, 50]).levels).toEqual([100, 50, 10]);
    expect(levelSelector('depth', [30, 0, 10]).levels).toEqual([0, 10, 30]);
    const many = Array.from({ length: 51 }, (_, i) => i);
    expect(levelSelector('depth', many)).toMatchObject({ compact: true, height: 450, width: 65 });
    expect(levelSelector('depth', many.slice(0, 31))).toMatchObject({ compact: true, height: 360 });
    expect(levelSelector('depth', many.slice(0, 30)).compact).toBe(false);
    expect(levelSelector('depth', [0, 10], true).height).toBe(530);
    expect(() => levelSelector('height', [0])).toThrow('Invalid level type');
  });
});

describe('time series', () => {
  it('TS draws the payload within the pixel budget and keeps every extreme of the window', () => {
    const p = payload('TS');
    const option = timeSeriesOption(p, { pixels: 200 });
    const data = seriesOf(option)[0]!.data as [number, number | null][];
    expect(data.length).toBeLessThanOrEqual(3 * 200 + 2 * 3 * 50 + 10);
    const ys = values(p, 'swh');
    expect(Math.max(...data.map(([, y]) => y ?? -Infinity))).toBe(Math.max(...ys));
    expect(render(option)).toContain('<svg');
    expect(() => timeSeriesOption(p, { window: [2, 1] })).toThrow('Invalid range, check min and max values');
  });

  it('refines the zoomed window of a 40-year hourly series to the pixels (min and max kept)', () => {
    const n = 350_640;
    const t0 = Date.UTC(1980, 0, 1);
    const time = Array.from({ length: n }, (_, i) => t0 + i * 3_600_000);
    const ys = time.map((_, i) => Math.sin(i / 50) + (i === 200_000 ? 9 : 0));
    ys[200_010] = MISSING_VALUE;
    const window: [number, number] = [time[199_000]!, time[201_000]!];
    const points = displayPoints(time, ys, window, 500);
    const inside = points.filter(([t]) => t >= window[0] && t <= window[1]);
    expect(inside.length).toBeLessThanOrEqual(3 * 500 + 2);
    expect(Math.max(...inside.map(([, y]) => y ?? -Infinity))).toBeCloseTo(9 + Math.sin(4000), 12);
    // the missing hour breaks the line
    expect(inside.some(([, y]) => y === null)).toBe(true);
    expect(points.length).toBeLessThan(3 * 500 + 2 * 3 * 125 + 10);
  });

  it('a refined window replaces the stored points of its span and keeps the rest', () => {
    const p = payload('TS');
    const time = values(p, 'time');
    const window: [number, number] = [time[100]!, time[200]!];
    const refined = {
      ...p,
      time: { ...p.time!, values: [window[0], window[0] + 3_600_000, window[1]] },
      swh: { ...p.swh!, values: [1, 2, 3] },
    } as unknown as VisuPayload;
    const merged = withWindow(p, refined, window);
    expect(values(merged, 'time')).toEqual([
      ...time.slice(0, 100),
      window[0],
      window[0] + 3_600_000,
      window[1],
      ...time.slice(201),
    ]);
    expect(values(merged, 'swh').slice(100, 103)).toEqual([1, 2, 3]);
    const short = { ...refined, swh: { ...refined.swh!, values: [1] } } as unknown as VisuPayload;
    expect(() => withWindow(p, short, window)).toThrow('Invalid values amount, same x and y amount expected');
  });

  it('CTS: two axes, wheel zoom and drag pan, one day at least, a crosshair tooltip with 2 decimals', () => {
    const p = payload('CTS');
    const option = concomitantOption(p);
    expect(option.yAxis).toHaveLength(2);
    const zoom = option.dataZoom as { type: string; minValueSpan: number; zoomOnMouseWheel?: boolean }[];
    expect(zoom[0]).toMatchObject({ type: 'inside', minValueSpan: 86_400_000, zoomOnMouseWheel: true });
    expect(seriesOf(option).map((s) => s.name)).toEqual([p.kwargs.yLabel, p.kwargs.y2Label]);
    expect(
      concomitantTooltip([
        { axisValue: Date.UTC(2005, 6, 1, 12), seriesName: 'Hs', value: [0, 1.23456] },
        { axisValue: Date.UTC(2005, 6, 1, 12), seriesName: 'Dir', value: [0, 270] },
      ]),
    ).toBe('2005-07-01 12:00<br/>Hs: 1.23<br/>Dir: 270.00');
    const t = values(p, 'swh_time');
    expect(() => concomitantOption(p, { window: [t[0]!, t[0]! + 3_600_000] })).toThrow('Invalid range value');
    expect(render(option, 550, 400)).toContain('<svg');
  });
});

describe('distributions', () => {
  it('rose: stacked classes per sector are the payload percentages; month selector; ring checks', () => {
    const annual = payload('DR');
    const option = roseOption(annual);
    const series = seriesOf(option);
    const percent = matrixOf(annual, 'percent');
    expect(series).toHaveLength(values(annual, 'edges').length);
    series.forEach((s, c) =>
      (s.data as { value: number }[]).forEach((d, k) => expect(d.value).toBe(percent[k]![c])),
    );
    const monthly = payload('DR_month');
    const march = seriesOf(roseOption(monthly, { month: 3 }));
    const marchPercent = (monthly.percent!.values as number[][][])[2]!;
    expect((march[0]!.data as { value: number }[]).map((d) => d.value)).toEqual(
      marchPercent.map((r) => r[0]),
    );
    expect(() => roseOption(annual, { levels: [5, 10] })).toThrow('Invalid amount of given diagram levels');
    expect(() => roseOption(annual, { levels: [5, 10, 15], radius: 12 })).toThrow('Invalid radius value');
    const eleven = { ...monthly, percent: { ...monthly.percent!, values: marchPercent.slice(0, 11) } };
    expect(() => roseOption(eleven as unknown as VisuPayload, { month: 1 })).toThrow('Invalid graph data');
    expect(sectorRange(annual, 0)).toEqual([348.75, 11.25]);
    expect(render(option)).toContain('<svg');
  });

  it('histogram: frequencies of the engine, the selected range and its probability', () => {
    const p = payload('EPD');
    const option = histogramOption(p, { range: [1, 2] });
    const bars = seriesOf(option)[0]!.data as [number, number][];
    const frequency = values(p, 'frequency');
    bars.forEach(([, f], i) => expect(f).toBeCloseTo(frequency[i]!, 10));
    const edges = values(p, 'edges');
    const inRange = frequency.reduce((s, f, i) => (edges[i]! >= 1 && edges[i + 1]! <= 2 ? s + f : s), 0);
    const title = (option.title as { subtext?: string }[])[0]!.subtext!;
    expect(title).toContain(`P(1 ≤ X < 2) = ${inRange.toFixed(2)} %`);
    expect(() => histogramOption(p, { range: [2, 1] })).toThrow('Invalid range, check min and max values');
    expect(render(option)).toContain('<svg');
  });

  it('a rose sector filters the histogram through the joint table of the same variable', () => {
    const joint = payload('EJPD');
    const range = sectorRange(payload('DR'), 4); // east: [78.75, 101.25)
    const { counts, from, to } = countsInSector(joint, range);
    // the joint table's direction bins are the rose's sectors (centred on north): exactly the sector
    expect([from, to]).toEqual([78.75, 101.25]);
    const table = matrixOf(joint, 'counts');
    expect(counts).toEqual(table.map((row) => row[4]));
    // brute force on the record: the pairs with a direction in [78.75, 101.25), per 0.5 m bin of Hs
    const s = era5();
    const hs = s.fields.swh!.values;
    const dir = s.fields.mwd!.values;
    const expected = new Array<number>(counts.length).fill(0);
    for (let i = 0; i < hs.length; i++)
      if (dir[i]! >= 78.75 && dir[i]! < 101.25 && !Number.isNaN(hs[i]!))
        expected[Math.floor(hs[i]! / 0.5)]!++;
    expect(counts).toEqual(expected);
    const option = histogramOption(payload('EPD'), { sector: { joint, range } });
    const total = counts.reduce((s, c) => s + c, 0);
    const bars = seriesOf(option)[0]!.data as [number, number][];
    bars.forEach(([, f], i) => expect(f).toBeCloseTo((100 * counts[i]!) / total, 10));
    // north wraps through 0°: the first bin, [−11.25, 11.25)
    const north = countsInSector(joint, sectorRange(payload('DR'), 0));
    expect([north.from, north.to]).toEqual([348.75, 11.25]);
    expect(north.counts).toEqual(table.map((row) => row[0]));
  });

  it('range selection cycles select → selectRange → selectedRange → select; leaving resets a half range', () => {
    let state: RangeSelection = { mode: 'select' };
    state = nextRangeSelection(state, { type: 'click', value: 3 });
    expect(state).toEqual({ mode: 'selectRange', start: 3 });
    expect(nextRangeSelection(state, { type: 'leave' })).toEqual({ mode: 'select' });
    state = nextRangeSelection(state, { type: 'click', value: 1.5 });
    expect(state).toEqual({ mode: 'selectedRange', range: [1.5, 3] });
    expect(nextRangeSelection(state, { type: 'leave' })).toBe(state);
    expect(nextRangeSelection(state, { type: 'click', value: 2 })).toEqual({ mode: 'select' });
  });

  it('heat map: one cell per non-empty bin pair with the per mille of the engine', () => {
    const p = payload('EJPD');
    const option = jointOption(p);
    // the direction axis reads as the rose's sector centres, N first, compass names every 45°
    expect(p.kwargs.ySectors).toBe(true);
    expect(values(p, 'yEdges')[0]).toBe(-11.25);
    expect(values(p, 'ySector')).toEqual(Array.from({ length: 16 }, (_, k) => k * 22.5));
    const labels = (option.yAxis as { data: string[] }).data;
    expect(labels.slice(0, 5)).toEqual(['N 0°', '22.5°', 'NE 45°', '67.5°', 'E 90°']);
    expect(labels).toHaveLength(16);
    expect(labels[15]).toBe('337.5°');
    const cells = seriesOf(option)[0]!.data as [number, number, number][];
    const perMille = matrixOf(p, 'perMille');
    expect(cells.length).toBe(perMille.flat().filter((v) => v > 0).length);
    for (const [i, j, v] of cells) expect(v).toBe(perMille[i]![j]);
    expect(render(option, 420, 350)).toContain('<svg');
  });

  it('APD: each law density over the histogram integrates to its probability over the range', () => {
    const apd = payload('APD');
    const epd = payload('EPD');
    const option = apdOption(apd, epd, { highlight: 'weibull2', steps: 2000 });
    const laws = apd.law!.values as string[];
    const curves = seriesOf(option).slice(1);
    expect(curves).toHaveLength(laws.length);
    const edges = values(epd, 'edges');
    const max = edges[edges.length - 1]!;
    laws.forEach((law, i) => {
      const pts = curves[i]!.data as [number, number | null][];
      let area = 0;
      for (let j = 1; j < pts.length; j++)
        area += ((pts[j]![1]! + pts[j - 1]![1]!) / 2) * (pts[j]![0] - pts[j - 1]![0]);
      const parameters = {
        location: values(apd, 'location')[i]!,
        scale: values(apd, 'scale')[i]!,
        shape: values(apd, 'shape')[i] === MISSING_VALUE ? null : values(apd, 'shape')[i]!,
      };
      const x0 = pts[0]![0];
      // trapezoid rule on 2,000 steps against the law's CDF: within 0.5 % of probability
      expect(area).toBeCloseTo(lawOf(law).cdf(max, parameters) - lawOf(law).cdf(x0, parameters), 2);
    });
    expect(() => apdOption(apd, epd, { steps: 1 })).toThrow('Invalid steps amount');
    expect(render(option)).toContain('<svg');
  });

  it('monthly statistics: the band mean ± std per month from the stored std, one legend entry', () => {
    const p = payload('EPD_month');
    const option = monthlyStatsOption(p);
    const series = seriesOf(option) as (Series_ & { stack?: string; areaStyle?: unknown })[];
    const band = series.filter((x) => x.name === 'Mean ± std');
    expect(band).toHaveLength(2);
    const [lower, width] = band;
    const mean = values(p, 'mean');
    const std = values(p, 'std');
    // the engine's sample std (n − 1): checked against the raw July values of the record
    const july = Array.from(era5().fields.swh!.values).filter(
      (_, i) => new Date(era5().time[i]!).getUTCMonth() === 6,
    );
    const m = july.reduce((a, b) => a + b, 0) / july.length;
    const s = Math.sqrt(july.reduce((a, b) => a + (b - m) ** 2, 0) / (july.length - 1));
    expect(std[6]).toBeCloseTo(s, 6);
    (lower!.data as number[]).forEach((v, i) => expect(v).toBeCloseTo(mean[i]! - std[i]!, 12));
    (width!.data as number[]).forEach((v, i) => expect(v).toBeCloseTo(2 * std[i]!, 12));
    expect(lower!.stack).toBe(width!.stack);
    expect(width!.areaStyle).toBeDefined();
    // the legend lists the band once (ECharts merges series of one name)
    const names = series.map((x) => x.name);
    expect([...new Set(names)]).toEqual(['Mean', 'Median', 'Min', 'Max', 'Mean ± std']);
    // a month without data: no band there
    const gapPayload = {
      ...p,
      std: { ...p.std!, values: std.map((v, i) => (i === 1 ? MISSING_VALUE : v)) },
    } as unknown as VisuPayload;
    const [gapLower, gapWidth] = seriesOf(monthlyStatsOption(gapPayload)).filter(
      (x) => x.name === 'Mean ± std',
    );
    expect(gapLower!.data[1]).toBeNull();
    expect(gapWidth!.data[1]).toBeNull();
    const short = { ...p, std: { ...p.std!, values: std.slice(1) } } as unknown as VisuPayload;
    expect(() => monthlyStatsOption(short)).toThrow('Invalid values amount, same x and y amount expected');
    expect(render(option)).toContain('<svg');
  });

  it('monthly statistics and the mean profile (depth downwards)', () => {
    const monthly = monthlyStatsOption(payload('EPD_month'));
    expect((seriesOf(monthly)[0]!.data as number[]).length).toBe(12);
    expect(render(monthly)).toContain('<svg');
    const series: Series = era5WithLevels();
    const profile = visuPayloadOf(
      rowOf(series, 'MEANCOLSTD', { variable: 'current_speed' }),
      fieldsOf(series),
    );
    const option = profileOption(profile);
    expect((option.yAxis as { inverse: boolean }).inverse).toBe(true);
    const mean = seriesOf(option)[0]!.data as [number, number][];
    expect(mean.map(([, level]) => level)).toEqual([0, 10, 30]);
    const wrong = {
      ...profile,
      kwargs: { ...profile.kwargs, levels: { type: 'height', values: [], units: 'm' } },
    };
    expect(() => profileOption(wrong as unknown as VisuPayload)).toThrow('Invalid level type');
    expect(render(option)).toContain('<svg');
  });
});

describe('weather windows and downtime', () => {
  it('WW: one bar series per duration, months then the whole year', () => {
    const p = payload('WW');
    const option = weatherWindowOption(p, { durations: [0, 2] });
    const series = seriesOf(option);
    // the durations' bars, then the whiskers of their probability intervals (issue 31)
    expect(series.map((s) => s.name)).toEqual(['6 h', '24 h', '90 % interval, 11 years']);
    expect(series[1]!.data).toEqual([...matrixOf(p, 'probability')[2]!, values(p, 'probabilityAnnual')[2]]);
    expect(() => weatherWindowOption(p, { durations: [] })).toThrow('Invalid params amount');
    expect(() => weatherWindowOption(p, { durations: [9] })).toThrow('Invalid range value');
    expect(render(option)).toContain('<svg');
  });

  it('WW: a whisker per month and duration from the payload bounds, none on the whole year (issue 31)', () => {
    const p = payload('WW');
    const option = weatherWindowOption(p, { durations: [0, 2] });
    const series = option.series as { name: string; type: string; data: number[][] }[];
    const whiskers = series.find((s) => s.type === 'custom')!;
    // ERA5 2000-2010: 11 years in every month
    expect(whiskers.name).toBe('90 % interval, 11 years');
    const lower = matrixOf(p, 'probabilityLower');
    const upper = matrixOf(p, 'probabilityUpper');
    // [period, lower, upper, slot, count, across]: 12 months × 2 durations, never the 13th category (Year)
    expect(whiskers.data).toHaveLength(24);
    expect(whiskers.data.every((w) => w[0]! < 12)).toBe(true);
    expect(whiskers.data.find((w) => w[0] === 6 && w[3] === 1)!.slice(1, 3)).toEqual([
      lower[2]![6],
      upper[2]![6],
    ]);
    const formatter = (option.tooltip as { formatter: (x: unknown) => string }).formatter;
    expect(formatter([{ dataIndex: 6, seriesName: '6 h', seriesType: 'bar', marker: '' }])).toContain(
      '90 % interval, 11 years',
    );
    expect(formatter([{ dataIndex: 12, seriesName: '6 h', seriesType: 'bar', marker: '' }])).toContain(
      'no interval for the whole year',
    );
    // the other measures have no interval
    expect(
      (weatherWindowOption(p, { measure: 'meanCalmLength' }).series as { type: string }[]).every(
        (s) => s.type === 'bar',
      ),
    ).toBe(true);
  });

  it('WD: the monthly bar chart with duration and quantile selectors', () => {
    const p = payload('WD');
    const option = downtimeOption(p, { duration: 1, quantiles: parseQuantiles('50,90') });
    const [p50, p90, mean] = seriesOf(option);
    const cube = p.waitPercentile!.values as number[][][];
    expect(p50!.data.slice(0, 12)).toEqual(cube[1]!.map((m) => m[4]));
    expect(p90!.data.slice(0, 12)).toEqual(cube[1]!.map((m) => m[8]));
    expect(mean!.data.slice(0, 12)).toEqual(matrixOf(p, 'meanWait')[1]);
    expect(() => downtimeOption(p, { quantiles: [] })).toThrow('Invalid params amount');
    expect(() => downtimeOption(p, { quantiles: [99] })).toThrow('Invalid range value');
    expect(render(option)).toContain('<svg');
  });
  it('WD: a whisker per month and percentile from the payload bounds; a censored upper end opens upward (issue 31)', () => {
    const p = payload('WD');
    const option = downtimeOption(p, { duration: 1, quantiles: [50, 90] });
    const series = option.series as { type: string; name: string; data: number[][] }[];
    const whiskers = series.find((s) => s.type === 'custom')!;
    // ERA5 South China Sea 2000-2010: 11 years in every month (shared/data README)
    expect(whiskers.name).toBe('90 % interval, 11 years');
    const lower = p.waitPercentileLower!.values as number[][][];
    const upper = p.waitPercentileUpper!.values as number[][][];
    const finiteBounds = [4, 8].flatMap((j) =>
      lower[1]!.map((m, k) => [m[j]!, upper[1]![k]![j]!]).filter(([a, b]) => a! > -999 && b! > -999),
    );
    expect(whiskers.data).toHaveLength(finiteBounds.length);
    // July (6), P90 (slot 1): [period, lower, upper, slot, count, across, open]
    expect(whiskers.data.find((w) => w[0] === 6 && w[3] === 1)).toEqual([
      6,
      lower[1]![6]![8],
      upper[1]![6]![8],
      1,
      2,
      0.5,
      0,
    ]);
    const formatter = (option.tooltip as { formatter: (x: unknown) => string }).formatter;
    const july = formatter([{ dataIndex: 6, seriesName: 'P90', seriesType: 'bar', marker: '' }]);
    expect(july).toContain(`[${lower[1]![6]![4]!.toFixed(1)}–${upper[1]![6]![4]!.toFixed(1)}]`);
    expect(july).toContain('90 % interval, 11 years');
    // a censored upper end: the whisker runs to "more than c" with an arrowhead, the tooltip says "> c"
    const censored = structuredClone(p);
    (censored.waitPercentileUpper!.values as number[][][])[1]![6]![8] = MISSING_VALUE;
    (censored.waitIntervalMoreThan!.values as number[][][])[1]![6]![8] = 5000;
    const open = downtimeOption(censored, { duration: 1, quantiles: [50, 90] });
    const openWhiskers = (open.series as { type: string; data: number[][] }[]).find(
      (s) => s.type === 'custom',
    )!;
    expect(openWhiskers.data.find((w) => w[0] === 6 && w[3] === 1)).toEqual([
      6,
      lower[1]![6]![8],
      5000,
      1,
      2,
      0.5,
      1,
    ]);
    const text = (open.tooltip as { formatter: (x: unknown) => string }).formatter([
      { dataIndex: 6, seriesName: 'P90', seriesType: 'bar', marker: '' },
    ]);
    expect(text).toContain(`[${lower[1]![6]![8]!.toFixed(1)}–&gt;5000.0]`);
    expect(render(open)).toContain('<svg');
  });
});

describe('extremes', () => {
  it('return-value plot: the band, the law line, empirical points; the confidence in the legend', () => {
    const p = payload('EXT');
    const option = extremeOption(p);
    const [lower, width, gev, law, empirical] = seriesOf(option);
    // without a highlight the band is the primary law's: Gumbel, which the likelihood-ratio test chose on
    // these 11 maxima (issue 21)
    expect(p.kwargs.law).toBe('gumbel');
    expect(lower!.name).toBe('90% confidence interval (Gumbel)');
    const rv = values(p, 'returnValue');
    const lo = values(p, 'returnValueLower');
    const up = values(p, 'returnValueUpper');
    const finite = rv.flatMap((v, i) => (v === MISSING_VALUE || lo[i] === MISSING_VALUE ? [] : [i]));
    expect(law!.name).toBe('Gumbel');
    expect(law!.data).toEqual(
      rv.flatMap((v, i) => (v === MISSING_VALUE ? [] : [[values(p, 'returnPeriod')[i], v]])),
    );
    expect(gev!.name).toBe('GEV');
    // the band's legend swatch is the colour of the law it belongs to
    const colour = (s: unknown) => (s as { color: string }).color;
    expect(colour(lower)).toBe(colour(law));
    expect(colour(width)).toBe(colour(law));
    expect(colour(lower)).not.toBe(colour(gev));
    expect(lower!.data).toEqual(finite.map((i) => [values(p, 'returnPeriod')[i], lo[i]]));
    (width!.data as [number, number][]).forEach(([, w], j) =>
      expect(w).toBeCloseTo(up[finite[j]!]! - lo[finite[j]!]!, 12),
    );
    expect(empirical!.data).toHaveLength(values(p, 'empiricalValue').length);
    expect(render(option, 290, 260)).toContain('<svg');
  });

  it('the law toggle: the highlighted law bold with its band, the others thin', () => {
    const p = payload('EXT');
    expect(p.law!.values).toEqual(['gev', 'gumbel']);
    const option = extremeOption(p, { highlight: 'gumbel' });
    const [lower, , gev, gumbel] = seriesOf(option) as (Series_ & { lineStyle: { width: number } })[];
    expect(lower!.name).toBe('90% confidence interval (Gumbel)');
    const periods = values(p, 'returnPeriod');
    const [gumbelValues, gumbelLower] = [
      matrixOf(p, 'returnValues')[1]!,
      matrixOf(p, 'returnValuesLower')[1]!,
    ];
    expect(gumbel!.data).toEqual(
      gumbelValues.flatMap((v, i) => (v === MISSING_VALUE ? [] : [[periods[i], v]])),
    );
    expect(lower!.data).toEqual(
      gumbelLower.flatMap((v, i) => (v === MISSING_VALUE ? [] : [[periods[i], v]])),
    );
    expect(gumbel!.lineStyle.width).toBeGreaterThan(gev!.lineStyle.width);
    expect(() => extremeOption(p, { highlight: 'gpd' })).toThrow('Invalid range value');
    expect(render(option, 290, 260)).toContain('<svg');
  });

  it('peak rose: peaks per sector at or above the threshold, from the directions at the peaks', () => {
    const p = payload('EXT');
    const times = values(p, 'peakTime');
    const series = era5();
    const mwd = series.fields.mwd!.values;
    const directions = times.map((t) => mwd[series.time.indexOf(t)]!);
    const withDirections = {
      ...p,
      peakDirection: {
        values: directions,
        dimensions: ['peak'],
        attributes: { units: 'degree', longName: 'direction' },
      },
    } as unknown as VisuPayload;
    const peaks = values(p, 'peakValue');
    const threshold = [...peaks].sort((a, b) => a - b)[Math.floor(peaks.length / 2)]!;
    const option = peakRoseOption(withDirections, { threshold });
    const counts = seriesOf(option)[0]!.data as number[];
    expect(counts).toHaveLength(16);
    expect(counts.reduce((s, c) => s + c, 0)).toBe(peaks.filter((v) => v >= threshold).length);
    // brute force: sector k covers [k·22.5 − 11.25, k·22.5 + 11.25)
    const sectorOf = (d: number) => Math.floor(((((d + 11.25) % 360) + 360) % 360) / 22.5);
    const expected = new Array<number>(16).fill(0);
    directions.forEach((d, i) => {
      if (peaks[i]! >= threshold) expected[sectorOf(d)]!++;
    });
    expect(counts).toEqual(expected);
    expect(() => peakRoseOption(withDirections, { sectors: 3 })).toThrow('Invalid steps amount');
    expect(() => peakRoseOption(p)).toThrow('Invalid argument type, array expected');
    expect(render(option, 280, 280)).toContain('<svg');
  });

  it('tables: one per law, "-" where the engine has no value, the fit parameters of the spec in order', () => {
    const p = payload('EXT');
    const [table, gumbel] = returnPeriodTable(p);
    expect(table!.law).toBe('GEV');
    expect(table!.rows[0]).toEqual({ returnPeriod: '1', value: '-', lower: '-', upper: '-' });
    expect(table!.rows[6]!.value).toBe(matrixOf(p, 'returnValues')[0]![6]!.toFixed(2));
    expect(gumbel!.law).toBe('Gumbel');
    expect(gumbel!.rows[6]!.value).toBe(values(p, 'returnValue')[6]!.toFixed(2));
    expect(gumbel!.error).toBe('');
    expect(gumbel!.rows[6]!.upper).toBe(matrixOf(p, 'returnValuesUpper')[1]![6]!.toFixed(2));
    const rows = fitParameterRows(p);
    expect(rows.map((r) => r.name)).toEqual([
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
    ]);
    // issue 35: a person reads labels with units, never the payload's names
    expect(rows.map((r) => r.label)).toEqual([
      'Law',
      'Joint law',
      'Sample length (years)',
      'Block size',
      'Threshold (m)',
      'Storm rate λ (per year)',
      'Shape ξ (dimensionless)',
      'Scale σ (m)',
      'Location μ (m)',
      'Storm separation (h)',
    ]);
    expect(rows.find((r) => r.name === 'threshold')!.value).toBe('-');
    expect(rows.find((r) => r.name === 'blockSize')!.value).toBe('1 year');
    // every law's parameters side by side
    const side = fitParameterTable(p);
    expect(side.header).toEqual(['Parameter', 'GEV', 'Gumbel']);
    const scale = (p.kwargs.lawFitParameters as { scaleParameter: number }[])[1]!.scaleParameter;
    expect(side.rows.find((r) => r.name === 'scaleParameter')!.values[1]).toBe(scale.toFixed(3));
    expect(side.rows[0]!.values).toEqual(['GEV', 'Gumbel']);
  });

  it('a law whose fit failed: "-" and its reason in its table; the other laws drawn and tabulated', () => {
    const p = visuPayloadOf(
      rowOf(era5(), 'EXT', { field: 'swh' }, { extreme: { laws: ['gev', 'gpd', 'gumbel'] } }),
      fieldsOf(era5()),
    );
    const tables = returnPeriodTable(p);
    expect(tables.map((t) => t.law)).toEqual(['GEV', 'GPD', 'Gumbel']);
    expect(tables[1]!.error).toMatch(/does not apply to annual-maxima/);
    expect(tables[1]!.rows.every((r) => r.value === '-' && r.lower === '-' && r.upper === '-')).toBe(true);
    expect(tables[2]!.rows[6]!.value).not.toBe('-');
    expect(fitParameterTable(p).rows.find((r) => r.name === 'scaleParameter')!.values[1]).toBe('-');
    const names = seriesOf(extremeOption(p)).map((x) => x.name);
    expect(names).toContain('Gumbel');
    expect(names).not.toContain('GPD');
  });

  it('a payload stored with one law still draws and tabulates that law', () => {
    const row = era5Row('EXT');
    const result = { ...(row.payload.result as Record<string, unknown>), laws: undefined };
    const p = visuPayloadOf({ ...row, payload: { ...row.payload, result } }, fieldsOf(era5()));
    // the primary law of these 11 maxima is Gumbel (issue 21's likelihood-ratio test)
    expect(p.law!.values).toEqual(['gumbel']);
    expect(returnPeriodTable(p).map((t) => t.law)).toEqual(['Gumbel']);
    expect(seriesOf(extremeOption(p))[2]!.name).toBe('Gumbel');
  });

  it('EXT_month draws the chosen month; a month that failed is not drawn', () => {
    const p = payload('EXT_month');
    const errors = p.kwargs.monthErrors as string[];
    const ok = errors.findIndex((e) => e === '') + 1;
    const option = extremeOption(p, { month: ok });
    expect(seriesOf(option)[2]!.data.length).toBeGreaterThan(0);
    // peaks over threshold: GPD, exponential, Weibull 2p and 3p, each with its table for the month
    const laws = returnPeriodTable(p, ok);
    expect(laws.map((t) => t.law)).toEqual(['GPD', 'Exponential', 'Weibull 2p', 'Weibull 3p']);
    const cube = p.returnValues!.values as number[][][];
    expect(laws[1]!.rows.map((r) => r.value)).toEqual(
      cube[ok - 1]![1]!.map((v) => (v === MISSING_VALUE ? '-' : v.toFixed(2))),
    );
    const failed = errors.findIndex((e) => e !== '') + 1;
    if (failed > 0) expect(() => extremeOption(p, { month: failed })).toThrow('Invalid graph data');
    expect(() => extremeOption(p, { month: 13 })).toThrow('Invalid range value');
  });

  it('NOCYC that did not succeed gives its title and info text instead of a chart', () => {
    const failed = visuPayloadOf(rowOf(era5(), 'NOCYC', { field: 'swh' }), fieldsOf(era5()));
    expect(notSucceeded(failed)).toMatchObject({
      title: expect.stringContaining('did not succeed') as string,
    });
    expect(notSucceeded(payload('NOCYC'))).toBeNull();
    expect(() => chartOption(failed)).toThrow('Invalid graph data');
  });

  it('CUREXT: return values with bounds by depth, "-" for T = 1', () => {
    const series = era5WithLevels();
    const p = visuPayloadOf(
      rowOf(series, 'CUREXT', { variable: 'current_speed' }, { extreme: { interval: 'delta' } }),
      fieldsOf(series),
    );
    const table = extremeTable(p);
    expect(table.header[0]).toBe('Depth');
    expect(table.rows.map((r) => r.label)).toEqual(['0 m', '10 m', '30 m']);
    expect(table.rows[0]!.cells[0]).toBe('-');
    const v = (p.returnValue!.values as number[][])[1]![6]!;
    expect(table.rows[1]!.cells[6]).toMatch(new RegExp(`^${v.toFixed(2)} \\[`));
    // every law of the method: the Gumbel table of the same levels
    expect(table.laws).toEqual(['gev', 'gumbel']);
    // the primary law of 11 maxima is Gumbel (issue 21): the GEV table differs from it
    expect(p.kwargs.law).toBe('gumbel');
    const gev = extremeTable(p, 'gev');
    const g = (p.returnValues!.values as number[][][])[1]![0]![6]!;
    expect(g).not.toBe(v);
    expect(gev.rows[1]!.cells[6]).toMatch(new RegExp(`^${g.toFixed(2)} \\[`));
    expect(() => extremeTable(p, 'gpd')).toThrow('Invalid range value');
  });

  it('EXT_direction: one row per sector with its storms, then every direction; a refused sector says why', () => {
    const row = rowOf(era5(), 'EXT_direction', { field: 'swh', partner: 'mwd' });
    const stored = row.payload.result as {
      sector: number | null;
      events: number;
      poissonLambda: number;
      analysis: { returnValues: { value: number; lower: number; upper: number }[] } | null;
      error: string | null;
    }[];
    const p = visuPayloadOf(row, fieldsOf(era5()));
    expect(viewOf(p.kwargs.statId)).toBe('extremeTable');
    // the stored analyses' method with the sectors' rule: the registry's text
    expect(p.kwargs.method).toBe(statisticOf('EXT_direction').method);
    expect(p.sector!.values).toEqual(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW', 'All']);
    expect(p.events!.values).toEqual(stored.map((s) => s.events));
    expect(p.poissonLambda!.values).toEqual(stored.map((s) => s.poissonLambda));
    const table = extremeTable(p);
    expect(table.header[0]).toBe('Sector');
    expect(table.rows.map((r) => r.label)).toEqual(
      ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW', 'All'].map((s, i) => `${s} (${stored[i]!.events} storms)`),
    );
    stored.forEach((s, i) => {
      expect(table.rows[i]!.error).toBe(s.error ?? '');
      // the 100-year value with its bounds where the sector was fitted
      const rv = s.analysis?.returnValues.at(-1);
      if (rv)
        expect(table.rows[i]!.cells.at(-1)).toBe(
          `${rv.value.toFixed(2)} [${rv.lower.toFixed(2)}–${rv.upper.toFixed(2)}]`,
        );
    });
  });
});

describe('environmental contours', () => {
  it('one closed line per return period over the occurrence cells; Tp on x, Hs on y', () => {
    const p = payload('ENVC');
    const option = contourOption(p);
    const [cells, ...rest] = seriesOf(option);
    const lines = rest.filter((s) => s.type === 'line');
    expect(lines.map((l) => l.name)).toEqual(['1-year contour', '10-year contour', '100-year contour']);
    const hs = matrixOf(p, 'contourHs');
    const tp = matrixOf(p, 'contourTp');
    lines.forEach((line, i) => {
      const data = line.data as [number, number][];
      expect(data.slice(0, -1)).toEqual(tp[i]!.map((t, j) => [t, hs[i]![j]]));
      expect(data.at(-1)).toEqual(data[0]); // closed
    });
    // the faint cells: one per occupied (Tp, Hs) cell, every sea state counted once
    const counts = matrixOf(p, 'counts');
    const drawn = cells!.data as number[][];
    expect(drawn).toHaveLength(counts.flat().filter((c) => c > 0).length);
    expect(drawn.reduce((s, c) => s + c[4]!, 0)).toBe(p.kwargs.pairs);
    const [t0, h0, t1, h1, c] = drawn[0]!;
    const i = values(p, 'tpEdges').indexOf(t0!);
    const j = values(p, 'hsEdges').indexOf(h0!);
    expect([t1, h1, c]).toEqual([values(p, 'tpEdges')[i + 1], values(p, 'hsEdges')[j + 1], counts[i]![j]]);
    expect((option.xAxis as { name: string }).name).toMatch(/period/i);
    expect((option.yAxis as { name: string }).name).toMatch(/height/i);
    expect(
      seriesOf(contourOption(p, { density: false })).some((s) => s.name === 'Sea states (occurrence)'),
    ).toBe(false);
    expect(chartOption(p)).toBeTruthy();
    expect(render(option, 560, 420)).toContain('<svg');
  });

  it('the 90 % band of each contour (issue 31): a ring from the outer edge round the inner one, behind its line', () => {
    const p = payload('ENVC');
    // ERA5 spans 11 calendar years: a band of 200 year-block resamples
    expect(p.kwargs.band).toEqual({ ci: 0.9, resamples: 200, seed: 1, years: 11, used: 200 });
    expect(p.kwargs.bandNote).toBeNull();
    const bands = seriesOf(contourOption(p)).filter((s) => s.type === 'custom' && s.name === '90 % band');
    expect(bands).toHaveLength(3);
    const lowerHs = matrixOf(p, 'bandLowerHs');
    const lowerTp = matrixOf(p, 'bandLowerTp');
    const upperHs = matrixOf(p, 'bandUpperHs');
    const upperTp = matrixOf(p, 'bandUpperTp');
    const hs = matrixOf(p, 'contourHs');
    bands.forEach((band, i) => {
      const ring = band.data as [number, number][];
      const outer = upperTp[i]!.map((t, j) => [t, upperHs[i]![j]]);
      const inner = lowerTp[i]!.map((t, j) => [t, lowerHs[i]![j]]);
      expect(ring).toEqual([...outer, outer[0], inner[0], ...inner.slice().reverse()]);
      const colorOf = (s: unknown) => (s as { color?: string }).color;
      expect(colorOf(band)).toBe(
        colorOf(seriesOf(contourOption(p)).find((s) => s.name === `${[1, 10, 100][i]}-year contour`)),
      );
      // the band surrounds its contour: the outer edge reaches above its highest Hs, the inner stays below
      expect(Math.max(...upperHs[i]!)).toBeGreaterThan(Math.max(...hs[i]!));
      expect(Math.max(...lowerHs[i]!)).toBeLessThan(Math.max(...hs[i]!));
    });
    // the legend keeps to the sea states and the contours (the view's switch and caption speak of the band)
    expect((contourOption(p).legend as { data: string[] }).data).toEqual([
      'Sea states (occurrence)',
      '1-year contour',
      '10-year contour',
      '100-year contour',
    ]);
    expect(seriesOf(contourOption(p, { band: false })).some((s) => s.name === '90 % band')).toBe(false);
    // without the band's arrays (a result stored before issue 31): no band series, the note says why
    const old = structuredClone(p);
    old.kwargs.band = null;
    delete old.bandLowerHs;
    expect(
      seriesOf(contourOption(old)).some((s) => s.type === 'custom' && s.name !== 'Sea states (occurrence)'),
    ).toBe(false);
  });

  it('contour maxima: the largest Hs of each contour with its Tp; longer return periods reach higher', () => {
    const p = payload('ENVC');
    const maxima = contourMaxima(p);
    const hs = matrixOf(p, 'contourHs');
    const tp = matrixOf(p, 'contourTp');
    maxima.forEach((m, i) => {
      const top = hs[i]!.indexOf(Math.max(...hs[i]!));
      expect(m.hsMax).toBe(hs[i]![top]!.toFixed(2));
      expect(m.tpAtHsMax).toBe(tp[i]![top]!.toFixed(2));
    });
    expect(maxima.map((m) => m.returnPeriod)).toEqual(['1', '10', '100']);
    const tops = maxima.map((m) => Number(m.hsMax));
    expect(tops[0]).toBeLessThan(tops[1]!);
    expect(tops[1]).toBeLessThan(tops[2]!);
  });

  it("the contour view's consistency table: each contour's largest Hs beside the extremes' Hs (issue 21)", () => {
    const p = payload('ENVC');
    const ext = payload('EXT');
    const { rows, law, interval } = contourExtremeComparison(p, ext);
    expect(rows.map((r) => r.returnPeriod)).toEqual(['1', '10', '100']);
    // the extremes' primary law (Gumbel on these 11 maxima) and interval kind
    expect(law).toBe('Gumbel');
    expect(interval).toBe('profile');
    const T = values(ext, 'returnPeriod');
    rows.forEach((row, i) => {
      expect(row.contourHs).toBe(values(p, 'contourMaxHs')[i]!.toFixed(2));
      const k = T.indexOf(Number(row.returnPeriod));
      const v = values(ext, 'returnValue')[k]!;
      expect(row.extremeHs).toBe(v === -999 ? '-' : v.toFixed(2));
      expect(row.outside).toBe(String(values(p, 'outside')[i]));
    });
    // the 100-year row: the contour's Hs, the extremes' value and interval, side by side
    const r100 = rows[2]!;
    const k100 = T.indexOf(100);
    expect(r100.interval).toBe(
      `${values(ext, 'returnValueLower')[k100]!.toFixed(2)}–${values(ext, 'returnValueUpper')[k100]!.toFixed(2)}`,
    );
    // without the extremes: the contour's side only
    const alone = contourExtremeComparison(p, undefined);
    expect(alone.rows.every((r) => r.extremeHs === '-' && r.contourHs !== '-')).toBe(true);
    expect(payloadWarnings(p)).toEqual(p.kwargs.warnings);
    expect(payloadWarnings(ext).some((w) => w.includes('only 11 annual maxima'))).toBe(true);
    // a month of the monthly analysis: its own warnings (fewer than 20 storms), none for a refused month
    const monthly = payload('EXT_month');
    const errors = monthly.kwargs.monthErrors as string[];
    const fitted = errors.findIndex((e) => e === '') + 1;
    expect(fitted).toBeGreaterThan(0);
    expect(payloadWarnings(monthly, fitted).some((w) => /only \d+ storm peaks/.test(w))).toBe(true);
    const refused = errors.findIndex((e) => e !== '') + 1;
    expect(payloadWarnings(monthly, refused)).toEqual([]);
    // each fitted month is drawn under its own primary law (the test may choose differently per month)
    const parameters = monthly.kwargs.monthFitParameters as ({ law: string } | null)[];
    errors.forEach((e, i) => {
      if (e === '') expect(extremeSlice(monthly, i + 1).law).toBe(parameters[i]!.law);
    });
  });

  it('refuses contours whose Hs and Tp differ in length, and a payload without contours', () => {
    const p = payload('ENVC');
    const short = {
      ...p,
      contourTp: { ...p.contourTp!, values: matrixOf(p, 'contourTp').map((r) => r.slice(1)) },
    } as unknown as VisuPayload;
    expect(() => contourOption(short)).toThrow('Invalid values amount, same x and y amount expected');
    const none = { ...p, contourHs: undefined } as unknown as VisuPayload;
    expect(() => contourOption(none)).toThrow('Invalid argument type, array expected');
    expect(viewOf('ENVC__swh__pp1d')).toBe('contours');
  });
});
