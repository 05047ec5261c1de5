// Memo of data derived from an input array (the calendar of a time axis, the valid values of a field),
// shared by the statistics of one point instead of being recomputed by each. Keyed on the array object
// (WeakMap: entries die with the arrays) and checked against a 64-bit fingerprint of the array's bytes on
// every use, so an array changed in place is recomputed, never served stale. Plain arrays are not memoized.
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

/** Two 32-bit multiplicative hashes of the array's bytes (one pass over them as 32-bit words). */
function fingerprint(a: Typed): [number, number] {
  const words = new Int32Array(a.buffer, a.byteOffset, a.byteLength >> 2);
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0x01000193 | 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    h1 = Math.imul(h1 ^ w, 0x9e3779b1);
    h2 = Math.imul(h2 + w, 0x85ebca77) ^ (h2 >>> 15);
  }
  return [h1 ^ (h1 >>> 16), h2];
}

/** Entry of a typed array, emptied when its content changed since the last use; undefined for plain arrays. */
function entryOf(a: ArrayLike<number>): Entry | undefined {
  if (!isTyped(a)) return undefined;
  const [hash, hash2] = fingerprint(a);
  let entry = cache.get(a);
  if (!entry || entry.hash !== hash || entry.hash2 !== hash2 || entry.length !== a.length) {
    entry = { hash, hash2, length: a.length, derived: new Map() };
    cache.set(a, entry);
  }
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

/** Like `memoized`, for data derived from two arrays (a field and its time axis): keyed on `a`, with the
 * fingerprint of `b` in the key. */
export function memoized2<T>(a: ArrayLike<number>, b: ArrayLike<number>, key: string, compute: () => T): T {
  const other = entryOf(b);
  if (!other) return compute();
  return memoized(a, `${key}:${other.hash}:${other.hash2}:${other.length}`, compute);
}
