// TS / CTS display series and the MEANCOLSTD profile.
import { checkedOnce, memoizedOver } from './memo';
import { levelsOf } from './series';
import { sharedMoments } from './shared';
import type { Series } from './series';

export interface DownsampledSeries {
  time: Float64Array;
  /** The kept values, float32 when the column is (stored at its own precision). */
  values: Float64Array | Float32Array;
}

/** An empty array of the column's precision: float32 for a float32 column, else float64. */
const likeColumn = (values: ArrayLike<number>, length: number): Float64Array | Float32Array =>
  values instanceof Float32Array ? new Float32Array(length) : new Float64Array(length);

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
  if (time.length <= 2 * pixels) {
    const copy = likeColumn(values, values.length);
    for (let i = 0; i < values.length; i++) copy[i] = values[i]!;
    return { time: Float64Array.from(time), values: copy };
  }
  // shared by TS and CTS of the same field (memo.ts); the caller gets copies
  const kept = checkedOnce(() =>
    memoizedOver(values, [time], `minMax:${pixels}`, () => bucketExtremes(time, values, pixels)),
  );
  return { time: kept.time.slice(), values: kept.values.slice() };
}

function bucketExtremes(time: Float64Array, values: ArrayLike<number>, pixels: number): DownsampledSeries {
  const n = time.length;
  const outTime = new Float64Array(3 * pixels);
  const outValues = likeColumn(values, 3 * pixels);
  let k = 0;
  const keep = (i: number): void => {
    outTime[k] = time[i]!;
    outValues[k++] = values[i]!;
  };
  for (let b = 0; b < pixels; b++) {
    const from = Math.floor((b * n) / pixels);
    const to = Math.floor(((b + 1) * n) / pixels);
    let iMin = -1;
    let iMax = -1;
    let iGap = -1;
    let min = Infinity;
    let max = -Infinity;
    for (let i = from; i < to; i++) {
      const v = values[i]!;
      if (v !== v) {
        if (iGap < 0) iGap = i;
        continue;
      }
      if (v < min || iMin < 0) {
        min = v;
        iMin = i;
      }
      if (v > max || iMax < 0) {
        max = v;
        iMax = i;
      }
    }
    // the kept steps in time order, each once (the minimum may also be the maximum)
    const first = iMin < iMax ? iMin : iMax;
    const second = iMin < iMax ? iMax : iMin;
    if (iGap >= 0 && (first < 0 || iGap < first)) keep(iGap);
    if (first >= 0) keep(first);
    if (iGap >= 0 && first >= 0 && iGap > first && iGap < second) keep(iGap);
    if (second >= 0 && second !== first) keep(second);
    if (iGap >= 0 && second >= 0 && iGap > second) keep(iGap);
  }
  return { time: outTime.slice(0, k), values: outValues.slice(0, k) };
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
    // the level's moments as its EPD computed them (memo.ts)
    const m = checkedOnce(() => sharedMoments(field.values));
    return { level: field.level!, field: name, count: m.count, mean: m.mean, std: m.std };
  });
}
