// Issue 31: the whiskers of the AWD charts. Each whisker is drawn by a custom series; its place is checked
// against ECharts' own bar layout (the outside reference: the bars' item layouts of the rendered chart) and
// its ends against ECharts' value-to-pixel conversion.
import * as echarts from 'echarts';
import { describe, expect, it } from 'vitest';
import type { EChartsOption } from 'echarts';
import {
  WHISKER_COLOUR,
  intervalLegend,
  planningComparisonBars,
  planningPercentileBars,
  planningTripStack,
} from '../src/planning';

const NOTE = 'no interval: fewer than 5 years of data in the period, too few to resample whole years';

interface Rendered {
  chart: echarts.ECharts;
  /** Each vertical whisker: x and its two y ends, from the SVG the chart renders. */
  whiskers: { x: number; y1: number; y2: number }[];
}

function render(option: EChartsOption): Rendered {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 900, height: 400 });
  chart.setOption({ ...option, animation: false });
  const svg = chart.renderToSVGString();
  const whiskers: Rendered['whiskers'] = [];
  for (const m of svg.matchAll(/<path d="M([\d.-]+) ([\d.-]+)L([\d.-]+) ([\d.-]+)"[^>]*stroke="([^"]+)"/g)) {
    const [x1, y1, x2, y2] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    if (m[5]!.toLowerCase() === WHISKER_COLOUR && Math.abs(x1 - x2) < 1e-6 && Math.abs(y1 - y2) > 1e-6)
      whiskers.push({ x: x1, y1: Math.min(y1, y2), y2: Math.max(y1, y2) });
  }
  return { chart, whiskers };
}

/** The centre x of bar `item` of series `series`, from ECharts' layout of the rendered bars. */
function barCentre(chart: echarts.ECharts, series: number, item: number): number {
  // getModel is ECharts' internal model API: the layout it drew the bars with
  const model = (
    chart as unknown as {
      getModel(): {
        getSeriesByIndex(i: number): {
          getData(): { getItemLayout(j: number): { x: number; width: number } };
        };
      };
    }
  ).getModel();
  const layout = model.getSeriesByIndex(series).getData().getItemLayout(item);
  return layout.x + layout.width / 2;
}

const yPixel = (chart: echarts.ECharts, value: number) => chart.convertToPixel({ yAxisIndex: 0 }, value);

describe('AWD chart whiskers (issue 31)', () => {
  const input = {
    title: 'Duration',
    unit: 'h',
    periods: ['Jan', 'Feb', 'Mar'],
    percentiles: [50, 75, 90],
    values: {
      P50: { Jan: 10, Feb: 12, Mar: 9 },
      P75: { Jan: 14, Feb: 15, Mar: null },
      P90: { Jan: 20, Feb: 22, Mar: 13 },
    },
    source: 'ERA5',
  };
  const intervals = {
    byPercentile: {
      P50: { Jan: [8, 12], Feb: [10, 14], Mar: null },
      P75: { Jan: [12, 17], Feb: [13, 18], Mar: [1, 2] },
      P90: { Jan: [17, 26], Feb: [19, 27], Mar: null },
    } as Record<string, Record<string, readonly [number, number] | null>>,
    context: { ci: 0.9, years: { Jan: 11, Feb: 11, Mar: 4 }, notes: { Mar: NOTE } },
  };

  it('puts one whisker on each bar with an interval, centred on it, from lower to upper', () => {
    const { chart, whiskers } = render(planningPercentileBars({ ...input, intervals }));
    // Jan and Feb: three each; Mar: none (under 5 years; P75's interval belongs to a missing value)
    expect(whiskers).toHaveLength(6);
    for (const [k, period] of ['Jan', 'Feb'].entries())
      input.percentiles.forEach((p, s) => {
        const centre = barCentre(chart, s, k);
        const whisker = whiskers.find((w) => Math.abs(w.x - centre) < 0.5);
        expect(whisker, `P${p} ${period}`).toBeDefined();
        const [lower, upper] = intervals.byPercentile[`P${p}`]![period]!;
        expect(whisker!.y2).toBeCloseTo(yPixel(chart, lower), 0);
        expect(whisker!.y1).toBeCloseTo(yPixel(chart, upper), 0);
      });
    chart.dispose();
  });

  it('names the whiskers "90 % interval, N years" in the legend and the tooltip, the note where none', () => {
    const option = planningPercentileBars({ ...input, intervals });
    const series = option.series as { name: string; type: string }[];
    expect(series.map((s) => s.name)).toEqual(['P50', 'P75', 'P90', '90 % interval, 11 years']);
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const jan = formatter([{ dataIndex: 0, seriesName: 'P50', seriesType: 'bar', marker: '' }]);
    expect(jan).toContain('P50: <b>10.0 h</b> [8.0–12.0]');
    expect(jan).toContain('90 % interval, 11 years');
    const mar = formatter([{ dataIndex: 2, seriesName: 'P50', seriesType: 'bar', marker: '' }]);
    expect(mar).toContain(NOTE);
    expect(mar).not.toContain('[');
  });

  it('draws no whisker and no legend entry when no period has 5 years', () => {
    const option = planningPercentileBars({
      ...input,
      intervals: {
        byPercentile: { P50: { Jan: null, Feb: null, Mar: null } },
        context: { ci: 0.9, years: { Jan: 3, Feb: 3, Mar: 3 }, notes: { Jan: NOTE, Feb: NOTE, Mar: NOTE } },
      },
    });
    expect((option.series as { type: string }[]).map((s) => s.type)).toEqual(['bar', 'bar', 'bar']);
  });

  it('states a span of years when the periods differ', () => {
    expect(intervalLegend(0.9, [10, 11, undefined, 11])).toBe('90 % interval, 10–11 years');
    expect(intervalLegend(0.8, [])).toBe('80 % interval');
  });

  it("stands each trip's whisker on the trips below it", () => {
    const { chart, whiskers } = render(
      planningTripStack({
        title: 'Trips',
        unit: 'h',
        periods: ['Jan'],
        trips: ['1', '2'],
        percentile: 90,
        values: { '1': { Jan: { P90: 4 } }, '2': { Jan: { P90: 6 } } },
        source: '',
        intervals: {
          byTrip: { '1': { Jan: { P90: [3, 5] } }, '2': { Jan: { P90: [5, 8] } } },
          context: { ci: 0.9, years: { Jan: 11 }, notes: {} },
        },
      }),
    );
    expect(whiskers).toHaveLength(2);
    const [first, second] = [...whiskers].sort((a, b) => a.x - b.x);
    // trip 1: 3–5 h from the axis; trip 2: its 5–8 h on top of trip 1's 4 h, i.e. 9–12 h
    expect(first!.y2).toBeCloseTo(yPixel(chart, 3), 0);
    expect(first!.y1).toBeCloseTo(yPixel(chart, 5), 0);
    expect(second!.y2).toBeCloseTo(yPixel(chart, 9), 0);
    expect(second!.y1).toBeCloseTo(yPixel(chart, 12), 0);
    chart.dispose();
  });

  it('puts the comparison whiskers on each planning bar and escapes the planning names in the tooltip', () => {
    const option = planningComparisonBars({
      title: 'Compare',
      unit: 'h',
      periods: ['Jan', 'Feb'],
      series: [
        { name: '<b>A</b>', values: [10, 12], intervals: [[8, 13], null] },
        {
          name: 'B',
          values: [11, 20],
          intervals: [
            [9, 12],
            [18, 23],
          ],
        },
      ],
      source: '',
      intervals: {
        ci: 0.9,
        contexts: [
          { ci: 0.9, years: { Jan: 11, Feb: 4 }, notes: { Feb: NOTE } },
          { ci: 0.9, years: { Jan: 11, Feb: 11 }, notes: {} },
        ],
      },
    });
    const { chart, whiskers } = render(option);
    expect(whiskers).toHaveLength(3);
    expect(whiskers.some((w) => Math.abs(w.x - barCentre(chart, 0, 0)) < 0.5)).toBe(true);
    expect(whiskers.some((w) => Math.abs(w.x - barCentre(chart, 1, 1)) < 0.5)).toBe(true);
    chart.dispose();
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const feb = formatter([{ dataIndex: 1, seriesName: 'B', marker: '' }]);
    expect(feb).toContain('&lt;b&gt;A&lt;/b&gt;: <b>12.0 h</b> <i>(' + NOTE + ')</i>');
    expect(feb).toContain('B: <b>20.0 h</b> [18.0–23.0, 11 years]');
    expect((option.series as { name: string }[]).at(-1)!.name).toBe('90 % interval, 11 years');
  });
});
