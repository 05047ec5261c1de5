import { describe, expect, it } from 'vitest';
import { planningCumulative, planningPercentileBars, planningTripStack } from '../src/planning';

type Series = { name: string; data: (number | null)[]; stack?: string }[];

describe('AWD planning charts', () => {
  it('groups one bar per percentile per period, a missing value as a gap', () => {
    const option = planningPercentileBars({
      title: 'Duration',
      unit: 'h',
      periods: ['Jan', 'Feb'],
      percentiles: [50, 90],
      values: { P50: { Jan: 10, Feb: null }, P90: { Jan: 20, Feb: 31.5 } },
      source: 'ERA5',
    });
    const series = option.series as Series;
    expect(series.map((s) => s.name)).toEqual(['P50', 'P90']);
    expect(series[0]!.data).toEqual([10, null]);
    expect(series[1]!.data).toEqual([20, 31.5]);
  });

  it('stacks trips at one percentile', () => {
    const option = planningTripStack({
      title: 'Trips',
      unit: 'h',
      periods: ['Jan'],
      trips: ['1', '2'],
      percentile: 90,
      values: { '1': { Jan: { P50: 1, P90: 4 } }, '2': { Jan: { P90: 6 } } },
      source: '',
    });
    const series = option.series as Series;
    expect(series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['Trip 1', 'trips', [4]],
      ['Trip 2', 'trips', [6]],
    ]);
  });

  it('sums trips cumulatively and stops a line at a missing trip', () => {
    const option = planningCumulative({
      title: 'Cumulative',
      unit: 'h',
      series: [
        {
          name: 'A',
          trips: [
            { trip: '1', value: 2 },
            { trip: '2', value: 3.5 },
            { trip: '3', value: 1 },
          ],
        },
        {
          name: 'B',
          trips: [
            { trip: '1', value: 2 },
            { trip: '2', value: null },
            { trip: '3', value: 1 },
          ],
        },
      ],
    });
    const series = option.series as Series;
    expect(series[0]!.data).toEqual([2, 5.5, 6.5]);
    expect(series[1]!.data).toEqual([2, null, null]);
  });
});
