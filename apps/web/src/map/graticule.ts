// The lat/lng graticule (spec 002 §9): line interval and label digits by zoom.

export interface GraticuleStep {
  intervalDegrees: number;
  digits: number;
}

/** Intervals by zoom: 0-2: 45°; 3-4: 15°; 5-6: 5°; 7-8: 1°; 9-10: 0.5°; 11-20: 0.1°; otherwise 20°. */
export function graticuleStep(zoom: number): GraticuleStep {
  const z = Math.floor(zoom);
  if (z >= 0 && z <= 2) return { intervalDegrees: 45, digits: 0 };
  if (z >= 3 && z <= 4) return { intervalDegrees: 15, digits: 0 };
  if (z >= 5 && z <= 6) return { intervalDegrees: 5, digits: 0 };
  if (z >= 7 && z <= 8) return { intervalDegrees: 1, digits: 0 };
  if (z >= 9 && z <= 10) return { intervalDegrees: 0.5, digits: 1 };
  if (z >= 11 && z <= 20) return { intervalDegrees: 0.1, digits: 1 };
  return { intervalDegrees: 20, digits: 0 };
}

/**
 * The graticule values between `min` and `max` on multiples of the interval, clamped to ±limit
 * (latitude lines stop at the poles). Computed on integer multiples so 0.1 steps do not drift.
 */
export function graticuleValues(min: number, max: number, interval: number, limit: number): number[] {
  const low = Math.max(min, -limit);
  const high = Math.min(max, limit);
  const first = Math.ceil(low / interval - 1e-9);
  const last = Math.floor(high / interval + 1e-9);
  const values: number[] = [];
  // A safety cap: a wide view at a high zoom never draws thousands of lines.
  for (let i = first; i <= last && values.length < 400; i++) values.push(Number((i * interval).toFixed(6)));
  return values;
}

/** A graticule label: 15°N, 0.5°W, 0°. */
export function graticuleLabel(value: number, axis: 'lat' | 'lng', digits: number): string {
  const text = Math.abs(value).toFixed(digits);
  if (value === 0) return `${text}°`;
  const hemisphere = axis === 'lat' ? (value > 0 ? 'N' : 'S') : value > 0 ? 'E' : 'W';
  return `${text}°${hemisphere}`;
}
