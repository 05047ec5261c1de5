// TS / CTS display series and the MEANCOLSTD profile.
import { moments } from './descriptive';
import { levelsOf } from './series';
import type { Series } from './series';

export interface DownsampledSeries {
  time: Float64Array;
  values: Float64Array;
}

/**
 * Min/max-preserving downsampling to a pixel budget: the series is cut into `pixels` buckets of equal
 * step count; each bucket keeps its minimum and its maximum (in time order) and, when it holds missing
 * values, one NaN so the drawn line breaks at gaps. Every extreme of the full series survives; at most
 * 3 points per bucket. Series already within 2 points per pixel are returned as they are.
 */
export function minMaxDownsample(
  time: Float64Array,
  values: ArrayLike<number>,
  pixels: number,
): DownsampledSeries {
  if (!(Number.isInteger(pixels) && pixels > 0))
    throw new RangeError(`minMaxDownsample: pixels must be a positive integer, got ${pixels}`);
  if (time.length !== values.length)
    throw new RangeError('minMaxDownsample: time and values differ in length');
  const n = time.length;
  if (n <= 2 * pixels) return { time: Float64Array.from(time), values: Float64Array.from(values) };
  const outTime: number[] = [];
  const outValues: number[] = [];
  for (let b = 0; b < pixels; b++) {
    const from = Math.floor((b * n) / pixels);
    const to = Math.floor(((b + 1) * n) / pixels);
    let iMin = -1;
    let iMax = -1;
    let iGap = -1;
    for (let i = from; i < to; i++) {
      const v = values[i]!;
      if (Number.isNaN(v)) {
        if (iGap < 0) iGap = i;
        continue;
      }
      if (iMin < 0 || v < values[iMin]!) iMin = i;
      if (iMax < 0 || v > values[iMax]!) iMax = i;
    }
    const keep = [...new Set([iMin, iMax, iGap])].filter((i) => i >= 0).sort((a, c) => a - c);
    for (const i of keep) {
      outTime.push(time[i]!);
      outValues.push(values[i]!);
    }
  }
  return { time: Float64Array.from(outTime), values: Float64Array.from(outValues) };
}

/** CTS: two variables downsampled over the same buckets, for the left and right axes. */
export function concomitantDownsample(
  time: Float64Array,
  left: ArrayLike<number>,
  right: ArrayLike<number>,
  pixels: number,
): { left: DownsampledSeries; right: DownsampledSeries } {
  return { left: minMaxDownsample(time, left, pixels), right: minMaxDownsample(time, right, pixels) };
}

export interface ProfileRow {
  level: number;
  field: string;
  count: number;
  mean: number;
  std: number;
}

/** MEANCOLSTD: mean ± std of a variable per level (depth or altitude), ordered by level. */
export function meanProfile(series: Series, variable: string): ProfileRow[] {
  return levelsOf(series, variable).map(({ name, field }) => {
    const m = moments(field.values);
    return { level: field.level!, field: name, count: m.count, mean: m.mean, std: m.std };
  });
}
