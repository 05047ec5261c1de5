// Histograms (EPD), joint tables (EJPD) and roses (DR). Bins are left-closed [e_k, e_k+1) and start at 0
// unless a start is given; rose sector k covers [k·w - w/2, k·w + w/2) clockwise from north.
import { DEFAULT_PERCENTILES } from './descriptive';
import { checkedOnce, memoizedOver } from './memo';
import { NO_RANK, lowerBoundOfRanks, type Ranks } from './order';
import { sharedCalendar, sharedMoments, sharedQuantiles, sharedRanks, sharedSorted } from './shared';

/** start + k·width rounded to 12 significant digits, so 3 × 0.1 is the edge 0.3 a reader expects. */
function edgeAt(start: number, width: number, k: number): number {
  return Number((start + k * width).toPrecision(12));
}

/** Regular edges from `start` with step `width`, the last one strictly above `max`. */
export function regularEdges(start: number, width: number, max: number): number[] {
  if (!(width > 0)) throw new RangeError(`regularEdges: width must be positive, got ${width}`);
  const edges = [edgeAt(start, width, 0)];
  for (let k = 1; edges[edges.length - 1]! <= max || edges.length < 2; k++)
    edges.push(edgeAt(start, width, k));
  return edges;
}

/** Index of the left-closed bin of x among edges (regular or not); -1 outside. */
export function binIndex(edges: readonly number[], x: number, regularWidth?: number): number {
  const last = edges.length - 1;
  if (!(x >= edges[0]!) || !(x < edges[last]!)) return -1;
  if (regularWidth !== undefined) return regularBin(edges, 1 / regularWidth, x);
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x >= edges[mid]!) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Index of the first value ≥ x in ascending `sorted` (its length when none). */
function lowerBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Left-closed bin of x among regular edges of step 1 / `inverse`: the product's guess corrected by the edges
 * themselves, so the stored edges decide (0.3 / 0.1 = 2.999…). The caller checks that x lies inside them.
 */
function regularBin(edges: ArrayLike<number>, inverse: number, x: number): number {
  const last = edges.length - 2;
  let k = Math.floor((x - edges[0]!) * inverse);
  if (k > last) k = last;
  else if (k < 0) k = 0;
  while (k > 0 && x < edges[k]!) k--;
  while (k < last && x >= edges[k + 1]!) k++;
  return k;
}

export interface EmpiricalDistribution {
  edges: number[];
  counts: number[];
  /** Share of values per bin, %. */
  frequencyPercent: number[];
  /** Histogram density per unit of the variable (integrates to 1). */
  density: number[];
  /** P(X < e) at each edge, %. */
  nonExceedancePercent: number[];
  /** P(X ≥ e) at each edge, %. */
  exceedancePercent: number[];
  /** Percentile (0-100) -> value, type 7. */
  quantiles: Record<string, number>;
  count: number;
}

/** EPD: histogram with the chosen bin width, exceedance curves and the quantile table. */
export function empiricalDistribution(
  values: ArrayLike<number>,
  options: { binWidth: number; start?: number; percentiles?: readonly number[] },
): EmpiricalDistribution {
  return checkedOnce(() => epd(values, options));
}

function epd(
  values: ArrayLike<number>,
  options: { binWidth: number; start?: number; percentiles?: readonly number[] },
): EmpiricalDistribution {
  // valid values, moments and quantiles shared with describe and the other statistics of the field
  const { count: n, min, max } = sharedMoments(values);
  const percentiles = options.percentiles ?? DEFAULT_PERCENTILES;
  const atPercentiles = sharedQuantiles(
    values,
    percentiles.map((p) => p / 100),
  );
  const quantiles = Object.fromEntries(percentiles.map((p, i) => [String(p), atPercentiles[i]!]));
  const width = options.binWidth;
  if (!(width > 0)) throw new RangeError(`empiricalDistribution: binWidth must be positive, got ${width}`);
  if (n === 0) {
    return {
      edges: [],
      counts: [],
      frequencyPercent: [],
      density: [],
      nonExceedancePercent: [],
      exceedancePercent: [],
      quantiles,
      count: 0,
    };
  }
  const start = options.start ?? Math.min(0, Math.floor(min / width) * width);
  if (min < start) throw new RangeError(`empiricalDistribution: values below the start ${start}`);
  const edges = regularEdges(start, width, max);
  // bin k holds the sorted values from the first ≥ e_k to the first ≥ e_k+1: no pass over the values (a
  // hindcast column's are found among its distinct values, without writing them out)
  const ranks = sharedRanks(values);
  const sorted = ranks ? undefined : sharedSorted(values);
  const firstAtOrAbove = edges.map((e) => (ranks ? lowerBoundOfRanks(ranks, e) : lowerBound(sorted!, e)));
  const counts = edges.slice(1).map((_, k) => firstAtOrAbove[k + 1]! - firstAtOrAbove[k]!);
  const nonExceedancePercent = [0];
  let below = 0;
  for (const c of counts) {
    below += c;
    nonExceedancePercent.push((100 * below) / n);
  }
  return {
    edges,
    counts,
    frequencyPercent: counts.map((c) => (100 * c) / n),
    density: counts.map((c) => c / (n * width)),
    nonExceedancePercent,
    exceedancePercent: nonExceedancePercent.map((p) => 100 - p),
    quantiles,
    count: n,
  };
}

export interface JointTable {
  xEdges: number[];
  yEdges: number[];
  /** counts[i][j]: values with x in bin i and y in bin j. */
  counts: number[][];
  perMille: number[][];
  /** Sums over y per x bin, and over x per y bin. */
  xMarginal: number[];
  yMarginal: number[];
  count: number;
}

export interface JointOptions {
  dx: number;
  dy: number;
  x0?: number;
  y0?: number;
  /**
   * y is a direction (degrees from north): its bins are the sectors of width dy centred on north, like the
   * rose's, bin j covering [j·dy − dy/2, j·dy + dy/2) after wrapping to a turn; dy must divide 360.
   */
  yDirection?: boolean;
  /**
   * The time axis of a magnitude × direction table: its counts are then the sums of the calendar months'
   * counted in one pass with the rose of the same pair (sharedMonthlyPairs), when the grids allow.
   */
  time?: Float64Array;
}

/** EJPD: joint occurrence table of two variables over the pairs where both exist. */
export function jointTable(x: ArrayLike<number>, y: ArrayLike<number>, options: JointOptions): JointTable {
  if (x.length !== y.length) throw new RangeError('jointTable: x and y differ in length');
  const { dx, dy } = options;
  if (!(dx > 0) || !(dy > 0))
    throw new RangeError(`jointTable: dx and dy must be positive, got ${dx}, ${dy}`);
  const sectors = options.yDirection ? Math.round(360 / dy) : 0;
  if (options.yDirection && Math.abs(sectors * dy - 360) > 1e-9)
    throw new RangeError(`jointTable: a direction bin width must divide 360, got ${dy}`);
  if (options.time && options.time.length !== x.length)
    throw new RangeError('jointTable: time and x differ in length');
  return checkedOnce(() => {
    // the cells over each field's own range (shared moments), counted in one pass that also finds the pairs'
    // range; the table is then cut to the edges the pairs' range gives (a prefix of the same edges)
    const xm = sharedMoments(x);
    const ym = options.yDirection ? null : sharedMoments(y);
    if (xm.count === 0 || (ym && ym.count === 0)) return emptyJoint();
    if (!Number.isFinite(xm.max - xm.min) || (ym && !Number.isFinite(ym.max - ym.min)))
      throw new RangeError('jointTable: infinite values');
    // first edge: the one asked for when every value lies above it, else the one the values give
    const firstEdge = (min: number, width: number, asked: number | undefined): number =>
      asked !== undefined && min >= asked ? asked : Math.min(0, Math.floor(min / width) * width);
    const x0 = firstEdge(xm.min, dx, options.x0);
    const y0 = ym ? firstEdge(ym.min, dy, options.y0) : 0;
    const xAll = regularEdges(x0, dx, xm.max);
    const yAll = ym
      ? regularEdges(y0, dy, ym.max)
      : Array.from({ length: sectors + 1 }, (_, j) => edgeAt(-dy / 2, dy, j));
    if (options.time && !ym && options.x0 === undefined && xm.min >= 0) {
      // x0 is 0: the calendar months' counts of the pair (shared with its rose), summed
      const monthly = sharedMonthlyPairs(options.time, x, y, dx, sectors);
      if (monthly.count === 0) return emptyJoint();
      const flat = summedOverMonths(monthly.flat, monthly.nx * sectors);
      const nx = regularEdges(0, dx, monthly.xMax).length - 1;
      return tableOf(xAll.slice(0, nx + 1), yAll, { flat, stride: sectors, count: monthly.count });
    }
    const pairs = countPairs(x, y, xAll, yAll, sectors);
    if (pairs.count === 0) return emptyJoint();
    const px0 = options.x0 ?? Math.min(0, Math.floor(pairs.xMin / dx) * dx);
    const py0 = ym ? (options.y0 ?? Math.min(0, Math.floor(pairs.yMin / dy) * dy)) : 0;
    if (pairs.xMin < px0 || (ym && pairs.yMin < py0))
      throw new RangeError('jointTable: values below the first edge');
    // the pairs' own first edges differ from the fields' (negative values only): count again on them
    if (px0 !== x0 || py0 !== y0) {
      const xEdges = regularEdges(px0, dx, pairs.xMax);
      const yEdges = ym ? regularEdges(py0, dy, pairs.yMax) : yAll;
      return tableOf(xEdges, yEdges, countPairs(x, y, xEdges, yEdges, sectors));
    }
    const nx = regularEdges(x0, dx, pairs.xMax).length - 1;
    const ny = ym ? regularEdges(y0, dy, pairs.yMax).length - 1 : sectors;
    return tableOf(xAll.slice(0, nx + 1), yAll.slice(0, ny + 1), pairs);
  });
}

const emptyJoint = (): JointTable => ({
  xEdges: [],
  yEdges: [],
  counts: [],
  perMille: [],
  xMarginal: [],
  yMarginal: [],
  count: 0,
});

interface PairCounts {
  /** Counts per cell, row-major over the edges counted on (`stride` cells per row). */
  flat: Int32Array;
  stride: number;
  count: number;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** The bin of each distinct value of a ranked column on regular edges (regularBin, once per value). */
function binsOf(ranks: Ranks, edges: ArrayLike<number>, inverse: number): Int32Array {
  return Int32Array.from(ranks.distinct, (v) => regularBin(edges, inverse, v));
}

/** Counts of the pairs (both values present) per cell of the edges, and the pairs' range, in one pass. */
function countPairs(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  xEdges: readonly number[],
  yEdges: readonly number[],
  sectors: number,
): PairCounts {
  const nx = xEdges.length - 1;
  const ny = yEdges.length - 1;
  const xe = Float64Array.from(xEdges);
  const ye = Float64Array.from(yEdges);
  const ix = 1 / (xe[1]! - xe[0]!);
  const iy = 1 / (ye[1]! - ye[0]!);
  const flat = new Int32Array(nx * ny);
  let xMax = -Infinity;
  let yMax = -Infinity;
  let xMin = Infinity;
  let yMin = Infinity;
  let count = 0;
  const width = 360 / (sectors || 1);
  const half = width / 2;
  const xr = sharedRanks(x);
  const yr = sectors ? undefined : sharedRanks(y);
  if (xr && (sectors || yr)) {
    // a hindcast column: each distinct value's bin once, the steps read it by rank (the same counts, and
    // the same bounds: the values compared in the same order)
    const xBin = binsOf(xr, xe, ix);
    const yBin = yr ? binsOf(yr, ye, iy) : null;
    for (let i = 0; i < x.length; i++) {
      const rx = xr.rankOf[xr.code[i]!]!;
      if (rx === NO_RANK) continue;
      let j: number;
      let b: number;
      if (yBin) {
        const ry = yr!.rankOf[yr!.code[i]!]!;
        if (ry === NO_RANK) continue;
        b = yr!.distinct[ry]!;
        j = yBin[ry]!;
      } else {
        b = y[i]!;
        if (b !== b) continue;
        j = sectorOf(b, sectors, width, half);
      }
      const a = xr.distinct[rx]!;
      count++;
      xMax = a > xMax ? a : xMax;
      xMin = a < xMin ? a : xMin;
      yMax = b > yMax ? b : yMax;
      yMin = b < yMin ? b : yMin;
      flat[xBin[rx]! * ny + j]!++;
    }
    return { flat, stride: ny, count, xMin, xMax, yMin, yMax };
  }
  for (let i = 0; i < x.length; i++) {
    const a = x[i]!;
    const b = y[i]!;
    if (!(a === a && b === b)) continue; // NaN
    count++;
    // selects rather than branches: V8 keeps these in registers
    xMax = a > xMax ? a : xMax;
    xMin = a < xMin ? a : xMin;
    yMax = b > yMax ? b : yMax;
    yMin = b < yMin ? b : yMin;
    const j = sectors ? sectorOf(b, sectors, width, half) : regularBin(ye, iy, b);
    flat[regularBin(xe, ix, a) * ny + j]!++;
  }
  return { flat, stride: ny, count, xMin, xMax, yMin, yMax };
}

/** The joint table of the first cells of the counts (the edges given are a prefix of those counted on). */
function tableOf(
  xEdges: number[],
  yEdges: number[],
  { flat, stride, count }: Pick<PairCounts, 'flat' | 'stride' | 'count'>,
): JointTable {
  const nx = xEdges.length - 1;
  const ny = yEdges.length - 1;
  const counts = Array.from({ length: nx }, (_, i) => Array.from(flat.subarray(i * stride, i * stride + ny)));
  return {
    xEdges,
    yEdges,
    counts,
    perMille: counts.map((row) => row.map((c) => (1000 * c) / count)),
    xMarginal: counts.map((row) => row.reduce((s, c) => s + c, 0)),
    yMarginal: yEdges.slice(1).map((_, j) => counts.reduce((s, row) => s + row[j]!, 0)),
    count,
  };
}

export interface Rose {
  /** Sector centres, degrees from north. */
  sectors: number[];
  /** Lower edges of the magnitude classes; the last class is open above. */
  edges: number[];
  /** percent[k][c]: share of the pairs in sector k and class c, %. */
  percent: number[][];
  count: number;
}

/** Sector of a direction (degrees, any turn) among `sectors` centred on north. */
export function sectorIndex(direction: number, sectors: number): number {
  const width = 360 / sectors;
  let shifted = direction + width / 2;
  if (!(shifted >= 0 && shifted < 360)) shifted = ((shifted % 360) + 360) % 360;
  const k = Math.floor(shifted / width);
  return k < sectors ? k : sectors - 1;
}

/** sectorIndex for a pass over many directions: the width and its half computed once by the caller. */
function sectorOf(direction: number, sectors: number, width: number, half: number): number {
  const shifted = direction + half;
  const k = shifted >= 0 && shifted < 360 ? Math.floor(shifted / width) : sectorIndex(direction, sectors);
  return k < sectors ? k : sectors - 1;
}

/** Counts of magnitude × direction pairs per calendar month, on a grid of the magnitude from 0. */
interface MonthlyPairs {
  /** flat[(g·nx + i)·sectors + k]: pairs of month g + 1 with the magnitude in bin i and the direction in sector k. */
  flat: Int32Array;
  nx: number;
  count: number;
  /** Largest magnitude of the pairs. */
  xMax: number;
}

/**
 * One pass over the calendar's runs (a month of one year each) counting the pairs with both values: EJPD's
 * cells and the rose's classes are sums of these (DR, DR_month and EJPD of a pair share the pass). The
 * magnitude is finite and ≥ 0 (the callers check its shared moments), so every value lies on the grid.
 */
function monthlyPairCounts(
  time: Float64Array,
  x: ArrayLike<number>,
  direction: ArrayLike<number>,
  dx: number,
  sectors: number,
): MonthlyPairs {
  const { month, runStart } = sharedCalendar(time);
  const edges = Float64Array.from(regularEdges(0, dx, sharedMoments(x).max));
  const nx = edges.length - 1;
  const inverse = 1 / dx;
  const flat = new Int32Array(12 * nx * sectors);
  const xr = sharedRanks(x);
  // the passes in functions of their own: compiled while running inside this one, they left the code after
  // them without type feedback, and each call deoptimised there (--trace-deopt)
  if (xr) {
    // a hindcast column: each distinct magnitude's bin once, read by rank (the same counts)
    pairsByRank(month, runStart, xr, binsOf(xr, edges, inverse), direction, flat, nx, sectors);
  } else pairsByValue(month, runStart, x, edges, inverse, direction, flat, nx, sectors);
  return { flat, nx, count: pairTotals[0]!, xMax: pairTotals[1]! };
}

/** The pairs counted and the largest magnitude of the last pass (pairsByRank, pairsByValue). */
const pairTotals = new Float64Array(2);

function pairsByRank(
  month: Uint8Array,
  runStart: Int32Array,
  { code, rankOf, distinct }: Ranks,
  xBin: Int32Array,
  direction: ArrayLike<number>,
  flat: Int32Array,
  nx: number,
  sectors: number,
): void {
  const width = 360 / sectors;
  const half = width / 2;
  let count = 0;
  let xMax = -Infinity;
  for (let r = 0; r + 1 < runStart.length; r++) {
    const from = runStart[r]!;
    const to = runStart[r + 1]!;
    const base = (month[from]! - 1) * nx;
    for (let i = from; i < to; i++) {
      const rx = rankOf[code[i]!]!;
      const b = direction[i]!;
      if (rx === NO_RANK || b !== b) continue;
      count++;
      const a = distinct[rx]!;
      xMax = a > xMax ? a : xMax;
      flat[(base + xBin[rx]!) * sectors + sectorOf(b, sectors, width, half)]!++;
    }
  }
  pairTotals[0] = count;
  pairTotals[1] = xMax;
}

function pairsByValue(
  month: Uint8Array,
  runStart: Int32Array,
  x: ArrayLike<number>,
  edges: Float64Array,
  inverse: number,
  direction: ArrayLike<number>,
  flat: Int32Array,
  nx: number,
  sectors: number,
): void {
  const width = 360 / sectors;
  const half = width / 2;
  let count = 0;
  let xMax = -Infinity;
  for (let r = 0; r + 1 < runStart.length; r++) {
    const from = runStart[r]!;
    const to = runStart[r + 1]!;
    const base = (month[from]! - 1) * nx;
    for (let i = from; i < to; i++) {
      const a = x[i]!;
      const b = direction[i]!;
      if (!(a === a && b === b)) continue; // NaN
      count++;
      xMax = a > xMax ? a : xMax;
      flat[(base + regularBin(edges, inverse, a)) * sectors + sectorOf(b, sectors, width, half)]!++;
    }
  }
  pairTotals[0] = count;
  pairTotals[1] = xMax;
}

function sharedMonthlyPairs(
  time: Float64Array,
  x: ArrayLike<number>,
  direction: ArrayLike<number>,
  dx: number,
  sectors: number,
): MonthlyPairs {
  // the callers (jointTable, sharedMonthlyCounts) have checked that the three lengths agree
  return memoizedOver(x, [direction, time], `monthlyPairs:${dx}:${sectors}`, () =>
    monthlyPairCounts(time, x, direction, dx, sectors),
  );
}

/** The magnitude grid the roses count on when their class edges lie on it: EJPD's default bin width. */
const ROSE_GRID = 0.5;

/** The arguments every rose pass needs, with the error naming the one that is wrong. */
function checkRose(
  direction: ArrayLike<number>,
  magnitude: ArrayLike<number>,
  sectors: number,
  edges: readonly number[],
): void {
  if (!(Number.isInteger(sectors) && sectors > 0)) {
    throw new RangeError(`rose: sectors must be a positive integer, got ${sectors}`);
  }
  if (direction.length !== magnitude.length)
    throw new RangeError('rose: direction and magnitude differ in length');
  if (edges.length === 0) throw new RangeError('rose: edges must not be empty');
  for (let c = 0; c < edges.length; c++) {
    if (!Number.isFinite(edges[c]!) || (c > 0 && !(edges[c]! > edges[c - 1]!)))
      throw new RangeError(`rose: class edges must be finite and increasing, got ${edges.join(', ')}`);
  }
}

/** Sum over the 12 calendar months of counts laid out month after month, `size` cells each. */
function summedOverMonths(counts: Int32Array, size: number): Int32Array {
  const sum = new Int32Array(size);
  for (let g = 0; g < 12; g++) for (let j = 0; j < size; j++) sum[j]! += counts[g * size + j]!;
  return sum;
}

/** Counts per (month, sector, class) in one pass; month[i] is 1-12 (null: one group for every step). */
function roseCounts(
  direction: ArrayLike<number>,
  magnitude: ArrayLike<number>,
  month: Uint8Array | null,
  groups: number,
  sectors: number,
  edges: readonly number[],
): { counts: Int32Array; totals: Float64Array } {
  checkRose(direction, magnitude, sectors, edges);
  const lower = Float64Array.from(edges);
  const classes = edges.length;
  // integer cells: consecutive hours often fall in the same cell, and an integer increment is the shortest
  // chain through memory from one to the next
  const counts = new Int32Array(groups * sectors * classes);
  const first = lower[0]!;
  const width = 360 / sectors;
  const half = width / 2;
  for (let i = 0; i < direction.length; i++) {
    const d = direction[i]!;
    const m = magnitude[i]!;
    // NaN, infinite magnitudes and magnitudes below the first class are left out
    if (!(d === d && m >= first && m < Infinity)) continue;
    const g = month === null ? 0 : month[i]! - 1;
    let c = classes - 1;
    while (m < lower[c]!) c--;
    counts[(g * sectors + sectorOf(d, sectors, width, half)) * classes + c]!++;
  }
  const totals = new Float64Array(groups);
  const size = sectors * classes;
  for (let g = 0; g < groups; g++) for (let j = 0; j < size; j++) totals[g]! += counts[g * size + j]!;
  return { counts, totals };
}

function roseOf(
  counts: Int32Array,
  total: number,
  g: number,
  sectors: number,
  edges: readonly number[],
): Rose {
  const classes = edges.length;
  return {
    sectors: Array.from({ length: sectors }, (_, k) => (k * 360) / sectors),
    edges: [...edges],
    percent: Array.from({ length: sectors }, (_, k) =>
      Array.from({ length: classes }, (_, c) => {
        const count = counts[(g * sectors + k) * classes + c]!;
        return total ? (100 * count) / total : 0;
      }),
    ),
    count: total,
  };
}

/**
 * Counts per (calendar month, sector, class) of a magnitude and its direction, shared by the field's annual and
 * monthly roses (one pass for both; memo.ts).
 */
function sharedMonthlyCounts(
  time: Float64Array,
  direction: ArrayLike<number>,
  magnitude: ArrayLike<number>,
  sectors: number,
  edges: readonly number[],
  caller: string,
): { counts: Int32Array; totals: Float64Array } {
  if (time.length !== direction.length)
    throw new RangeError(`${caller}: time and direction differ in length`);
  checkRose(direction, magnitude, sectors, edges);
  const m = sharedMoments(magnitude);
  const onGrid =
    m.count > 0 &&
    m.min >= 0 &&
    Number.isFinite(m.max) &&
    edges.every((e, c) => e >= 0 && Number.isInteger(e / ROSE_GRID) && (c === 0 || e > edges[c - 1]!));
  if (!onGrid)
    return memoizedOver(magnitude, [direction, time], `roseCounts:${sectors}:${edges.join(',')}`, () =>
      roseCounts(direction, magnitude, sharedCalendar(time).month, 12, sectors, edges),
    );
  // every class edge is a grid edge: a class is the sum of the grid bins from its edge to the next
  const pairs = sharedMonthlyPairs(time, magnitude, direction, ROSE_GRID, sectors);
  const classes = edges.length;
  const counts = new Int32Array(12 * sectors * classes);
  const totals = new Float64Array(12);
  for (let i = 0; i < pairs.nx; i++) {
    let c = classes - 1;
    while (c >= 0 && i * ROSE_GRID < edges[c]!) c--;
    if (c < 0) continue; // below the first class
    for (let g = 0; g < 12; g++) {
      for (let k = 0; k < sectors; k++) {
        const n = pairs.flat[(g * pairs.nx + i) * sectors + k]!;
        counts[(g * sectors + k) * classes + c]! += n;
        totals[g]! += n;
      }
    }
  }
  return { counts, totals };
}

/**
 * DR: direction sectors × magnitude classes, in % of the pairs with both values and magnitude ≥ edges[0].
 * With `time`, the counts are the sums of the monthly roses' (computed once for both).
 */
export function rose(
  direction: ArrayLike<number>,
  magnitude: ArrayLike<number>,
  options: { sectors: number; edges: readonly number[]; time?: Float64Array },
): Rose {
  const { sectors, edges, time } = options;
  if (!time) {
    const { counts, totals } = roseCounts(direction, magnitude, null, 1, sectors, edges);
    return roseOf(counts, totals[0]!, 0, sectors, edges);
  }
  return checkedOnce(() => {
    const monthly = sharedMonthlyCounts(time, direction, magnitude, sectors, edges, 'rose');
    const counts = summedOverMonths(monthly.counts, sectors * edges.length);
    return roseOf(
      counts,
      monthly.totals.reduce((sum, t) => sum + t, 0),
      0,
      sectors,
      edges,
    );
  });
}

/** DR per calendar month (1-12), in one pass over the series. */
export function monthlyRoses(
  time: Float64Array,
  direction: ArrayLike<number>,
  magnitude: ArrayLike<number>,
  options: { sectors: number; edges: readonly number[] },
): (Rose & { month: number })[] {
  const { sectors, edges } = options;
  return checkedOnce(() => {
    const { counts, totals } = sharedMonthlyCounts(
      time,
      direction,
      magnitude,
      sectors,
      edges,
      'monthlyRoses',
    );
    return Array.from({ length: 12 }, (_, g) => ({
      month: g + 1,
      ...roseOf(counts, totals[g]!, g, sectors, edges),
    }));
  });
}
