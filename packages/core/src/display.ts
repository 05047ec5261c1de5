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
  const kept = new Int32Array(3 * pixels);
  const k = keptSteps(values, pixels, kept);
  const outTime = new Float64Array(k);
  const outValues = likeColumn(values, k);
  for (let j = 0; j < k; j++) {
    outTime[j] = time[kept[j]!]!;
    outValues[j] = values[kept[j]!]!;
  }
  return { time: outTime, values: outValues };
}

/** The steps each bucket keeps, written to `kept`; returns their number (the caller copies them out). */
function keptSteps(values: ArrayLike<number>, pixels: number, kept: Int32Array): number {
  const n = values.length;
  let k = 0;
  for (let b = 0; b < pixels; b++) {
    const from = Math.floor((b * n) / pixels);
    const to = Math.floor(((b + 1) * n) / pixels);
    // the first valid value opens the minimum and the maximum; a bucket without one keeps its first gap
    let i = from;
    while (i < to && values[i]! !== values[i]!) i++;
    if (i === to) {
      kept[k++] = from;
      continue;
    }
    const opening = i;
    let iMin = i;
    let iMax = i;
    let min = values[i]!;
    let max = min;
    let valid = 1;
    for (i++; i < to; i++) {
      const v = values[i]!;
      if (v < min) {
        min = v;
        iMin = i;
      } else if (v > max) {
        max = v;
        iMax = i;
      }
      // counted rather than tested for a gap: a branch on NaN here makes the loop twice as slow in V8
      valid += v === v ? 1 : 0;
    }
    // the first gap: before the opening value, else searched again only when the bucket has one
    let iGap = opening > from ? from : -1;
    if (iGap < 0 && valid < to - opening) {
      iGap = opening + 1;
      while (values[iGap]! === values[iGap]!) iGap++;
    }
    // the kept steps in time order, each once (the minimum may also be the maximum)
    const first = iMin < iMax ? iMin : iMax;
    const second = iMin < iMax ? iMax : iMin;
    if (iGap >= 0 && iGap < first) kept[k++] = iGap;
    kept[k++] = first;
    if (iGap > first && iGap < second) kept[k++] = iGap;
    if (second !== first) kept[k++] = second;
    if (iGap > second) kept[k++] = iGap;
  }
  return k;
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
