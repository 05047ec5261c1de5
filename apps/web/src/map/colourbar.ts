// The colour bar of a 2D statistics layer (spec 002 'Map screens': 'Show Colorbar'), from its property file.
// Pure, so the gradient equals the tiles' colour map stop for stop.

export interface ColourStop {
  value: number;
  color: string;
}

/** Where a value sits along the bar, in percent, clamped to the bar. */
export function barPercent(value: number, min: number, max: number): number {
  if (!(max > min)) return 0;
  return Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100));
}

/** A CSS linear gradient through the stops at their positions over [min, max]. */
export function gradientCss(stops: readonly ColourStop[], min: number, max: number): string {
  if (stops.length === 0) return 'transparent';
  const parts = stops.map((stop) => `${stop.color} ${barPercent(stop.value, min, max).toFixed(2)}%`);
  return `linear-gradient(to right, ${parts.join(', ')})`;
}

/** Tick labels with no more decimals than the step between ticks needs. */
export function tickLabels(ticks: readonly number[]): string[] {
  const step = ticks.length > 1 ? Math.abs((ticks[1] ?? 0) - (ticks[0] ?? 0)) : 1;
  const digits = step >= 1 || step === 0 ? 0 : Math.min(4, Math.ceil(-Math.log10(step)));
  return ticks.map((tick) => tick.toFixed(digits));
}

/** The property file's source line, always starting 'Source:'. */
export function sourceLine(source: string): string {
  return /^source:/i.test(source.trim()) ? source.trim() : `Source: ${source.trim()}`;
}
