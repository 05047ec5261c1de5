// Memo of data derived from an input array (the calendar of a time axis, the valid values of a field),
// shared by the statistics of one point instead of being recomputed by each. Keyed on the array object
// (WeakMap: entries die with the arrays) and checked against a 64-bit fingerprint of the array's bytes on
// every top-level call (`checkedOnce`) or, outside one, every use, so an array changed in place is recomputed,
// never served stale. Plain arrays are not memoized.
// Memoized values are internal: callers get copies of anything they could mutate.

type Typed = Float32Array | Float64Array | Int32Array | Uint8Array;

interface Entry {
  hash: number;
  hash2: number;
  length: number;
  derived: Map<string, unknown>;
}

const cache = new WeakMap<object, Entry>();

function isTyped(a: ArrayLike<number>): a is Typed {
  return ArrayBuffer.isView(a) && (a.byteLength & 3) === 0;
}

/**
 * Two 32-bit hashes of the array's bytes, one pass over them as 32-bit words in four independent lanes
 * (no dependency chain between consecutive words, so the pass runs near memory speed).
 */
function fingerprint(a: Typed): [number, number] {
  const words = new Int32Array(a.buffer, a.byteOffset, a.byteLength >> 2);
  const n = words.length;
  let h0 = 0x811c9dc5 | 0;
  let h1 = 0x01000193 | 0;
  let h2 = 0x27d4eb2f | 0;
  let h3 = 0x165667b1 | 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    h0 = Math.imul(h0 ^ words[i]!, 0x9e3779b1);
    h1 = Math.imul(h1 ^ words[i + 1]!, 0x85ebca77);
    h2 = Math.imul(h2 ^ words[i + 2]!, 0xc2b2ae3d);
    h3 = Math.imul(h3 ^ words[i + 3]!, 0x27d4eb2f);
  }
  for (; i < n; i++) h0 = Math.imul(h0 ^ words[i]!, 0x9e3779b1);
  const mix = (h: number): number => Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ (h >>> 13);
  return [mix(h0) ^ Math.imul(mix(h2), 0x297a2d39), mix(h1) ^ Math.imul(mix(h3), 0x1b873593)];
}

/** Nesting depth of `checkedOnce` calls, and the entries already checked in the outermost one. */
let depth = 0;
const checked = new Map<object, Entry>();

/**
 * Runs `f` (the body of a public statistic) with each array's fingerprint checked once: inside one synchronous
 * top-level call nothing can change an input array in place between two lookups, so the later lookups of the
 * same array (a quantile after the valid values, the describe of each field inside overview) reuse the first
 * check. Between top-level calls every lookup checks again.
 */
export function checkedOnce<T>(f: () => T): T {
  depth++;
  try {
    return f();
  } finally {
    if (--depth === 0) checked.clear();
  }
}

/** Arrays their owner promises never to change in place (markUnchanging), with their entries. */
const unchanging = new WeakMap<object, Entry>();
let unchangingIds = 0;

/**
 * Declares the arrays of a series unchanging from now on: their memo entries are never checked again (no
 * fingerprint pass at each top-level call). For an owner that keeps a series for many calls and never
 * writes to it (a worker thread's node record, read once and used by every batch of its points). Each
 * gets an id of its own in place of a fingerprint, so keys built from several arrays stay distinct.
 */
export function markUnchanging(arrays: readonly ArrayLike<number>[]): void {
  for (const a of arrays) {
    if (!isTyped(a) || unchanging.has(a)) continue;
    unchanging.set(a, { hash: ++unchangingIds, hash2: -1, length: a.length, derived: new Map() });
  }
}

/** Entry of a typed array, emptied when its content changed since the last use; undefined for plain arrays. */
function entryOf(a: ArrayLike<number>): Entry | undefined {
  if (!isTyped(a)) return undefined;
  const trusted = unchanging.get(a);
  if (trusted) return trusted;
  if (depth > 0) {
    const known = checked.get(a);
    if (known) return known;
  }
  const [hash, hash2] = fingerprint(a);
  let entry = cache.get(a);
  if (!entry || entry.hash !== hash || entry.hash2 !== hash2 || entry.length !== a.length) {
    entry = { hash, hash2, length: a.length, derived: new Map() };
    cache.set(a, entry);
  }
  if (depth > 0) checked.set(a, entry);
  return entry;
}

/** `compute()` once per array content and key (typed arrays); plain arrays compute every time. */
export function memoized<T>(a: ArrayLike<number>, key: string, compute: () => T): T {
  const entry = entryOf(a);
  if (!entry) return compute();
  if (entry.derived.has(key)) return entry.derived.get(key) as T;
  const value = compute();
  entry.derived.set(key, value);
  return value;
}

/** What `memoized` holds for the array's current content and key, without computing it; undefined when none. */
export function memoizedIfMade<T>(a: ArrayLike<number>, key: string): T | undefined {
  return entryOf(a)?.derived.get(key) as T | undefined;
}

/**
 * Like `memoized`, for data derived from several arrays (a field, its time axis, its direction): keyed on
 * `a`, with the fingerprints of the `others` in the key. Plain arrays among them compute every time.
 */
export function memoizedOver<T>(
  a: ArrayLike<number>,
  others: readonly ArrayLike<number>[],
  key: string,
  compute: () => T,
): T {
  let full = key;
  for (const b of others) {
    const other = entryOf(b);
    if (!other) return compute();
    full += `:${other.hash}:${other.hash2}:${other.length}`;
  }
  return memoized(a, full, compute);
}

/**
 * Deep copy of a memoized result made of plain objects, arrays and numbers (NaN kept, unlike JSON). Loops,
 * not callbacks: V8 holds a closure's optimised code weakly, and callbacks made per call were compiled again
 * after every collection (once per 40-year set).
 */
export function copyOf<T>(value: T): T {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const v of value as unknown[]) out.push(copyOf(v));
    return out as T;
  }
  if (ArrayBuffer.isView(value)) return (value as unknown as Float64Array).slice() as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) {
      const copy = copyOf((value as Record<string, unknown>)[k]);
      // an own "__proto__" (a key from data, as Object.fromEntries makes it) stays a key, not the prototype
      if (k === '__proto__')
        Object.defineProperty(out, k, { value: copy, enumerable: true, writable: true, configurable: true });
      else out[k] = copy;
    }
    return out as T;
  }
  return value;
}
