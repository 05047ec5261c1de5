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

const hexRgb = (color: string): [number, number, number] | null => {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color.trim());
  return match ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)] : null;
};

/**
 * The colour of a value on a colour bar: linear in RGB between the stops around it, clamped to the first and
 * last stop (the tiles' rule, packages/hindcast colorAt). Stops are '#rrggbb'; null when there are none.
 */
export function colourAt(stops: readonly ColourStop[], value: number): string | null {
  const sorted = [...stops].sort((a, b) => a.value - b.value);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return null;
  if (value <= first.value) return first.color;
  if (value >= last.value) return last.color;
  const k = sorted.findIndex((stop) => stop.value >= value);
  const a = sorted[k - 1]!;
  const b = sorted[k]!;
  const [ra, rb] = [hexRgb(a.color), hexRgb(b.color)];
  if (!ra || !rb) return a.color;
  const f = (value - a.value) / (b.value - a.value);
  const mix = ra.map((c, i) => Math.round(c + f * (rb[i]! - c)));
  return `#${mix.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A layer's swatch in the legend panel: the middle of its colour bar (its middle stop when the bar has no
 * range, as the tiles paint a constant field).
 */
export function swatchColour(props: {
  colorStops: readonly ColourStop[];
  min: number;
  max: number;
}): string | null {
  if (!(props.max > props.min))
    return props.colorStops[Math.floor(props.colorStops.length / 2)]?.color ?? null;
  return colourAt(props.colorStops, (props.min + props.max) / 2);
}
