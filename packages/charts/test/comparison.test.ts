import { describe, expect, it } from 'vitest';
import { scatterData } from '@metocean/core';
import { comparisonScatterOption, errorRange, occurrenceText, regressionText } from '../src';

// Pairs lying on measure = 2·model + 1 exactly: scipy.stats.linregress gives slope 2, intercept 1, r² 1.
const model = [1, 2, 3, 4, 2];
const measure = model.map((x) => 2 * x + 1);
const data = scatterData(
  model,
  measure,
  { name: 'hs', units: 'm', longName: 'Hs', directional: false },
  { model: 'hindcast', measure: 'buoy' },
);

interface Series {
  type: string;
  data: number[][];
  symbolSize?: (v: number[]) => number;
  tooltip?: { formatter: (p: unknown) => string };
}

describe('comparison scatter', () => {
  it('draws model on x, measure on y, sized by occurrence, with the bias and regression lines', () => {
    const option = comparisonScatterOption(data, 'NDBC 44007 / point');
    const [points, bias, regression] = option.series as Series[];
    expect(points!.data.map((v) => [v[0], v[1]])).toEqual(
      data.series.hs_model!.values.map((x, i) => [x, data.series.hs_measure!.values[i]]),
    );
    // the fullest cell (model 2, twice) has the largest radius, 20: diameter 40
    expect(Math.max(...points!.data.map((v) => points!.symbolSize!(v)))).toBe(40);
    const top = bias!.data[1]![0]!;
    expect(bias!.data).toEqual([
      [0, 0],
      [top, top],
    ]);
    expect(regression!.data[0]![1]).toBeCloseTo(1, 12);
    expect(regression!.data[1]![1]).toBeCloseTo(2 * top + 1, 12);
    expect(regression!.tooltip!.formatter({})).toBe('r2 = 1.00, a = 2.000, b = 1.00');
    const hover = points!.tooltip!.formatter({ value: points!.data[0] });
    expect(hover).toContain('occurrence: 20.00 %');
    const range = errorRange(data.error.values, data.occurrence, data.cell).toFixed(2);
    expect(option.visualMap).toMatchObject({ dimension: 5, text: [range, `-${range}`] });
    // the bar's name is a title of its own, not a second line of the end text drawn over the value
    expect((option.title as { text: string }[]).map((t) => t.text)).toContain('error (m)');
  });

  it('spans the colour bar over the |error| of 95 % of the pairs, the cells beyond clamped to its ends', () => {
    // 96 % of the pairs within 0.3, 4 % at 5: the bar spans ±0.3, not ±5
    expect(errorRange([0.1, -0.3, 5], [50, 46, 4], 0.1)).toBe(0.3);
    expect(errorRange([0.01], [100], 0.1)).toBe(0.1);
  });

  it('shows small occurrences with the digits they need, r² and slope at 2 and 3 digits', () => {
    expect(occurrenceText(12.3456)).toBe('12.35 %');
    expect(occurrenceText(0.0004)).toBe('0.0004 %');
    expect(regressionText({ slope: 0.98765, intercept: 0.1234, r2: 0.91234 })).toBe(
      'r2 = 0.91, a = 0.988, b = 0.12',
    );
  });
});
