// The figure every benchmark prints: the median of its runs (the upper middle one of an even count).
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
