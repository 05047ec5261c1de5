// Tidal constituents and harmonic analysis. Angular speeds are Doodson/Schureman's (Schureman 1958,
// "Manual of harmonic analysis and prediction of tides", Table 2), in degrees per mean solar hour.
// Phases here are plain phases relative to 1970-01-01 00:00 UTC (no astronomical arguments, no nodal
// corrections): enough for synthetic levels and for checking that analysis recovers what was put in.

export interface Constituent {
  name: string;
  /** Angular speed, degrees per hour. */
  speed: number;
}

export const CONSTITUENTS = {
  M2: { name: 'M2', speed: 28.9841042 },
  S2: { name: 'S2', speed: 30.0 },
  N2: { name: 'N2', speed: 28.4397295 },
  K1: { name: 'K1', speed: 15.0410686 },
  O1: { name: 'O1', speed: 13.9430356 },
} satisfies Record<string, Constituent>;

export interface TidalComponent extends Constituent {
  /** Amplitude in the units of the series. */
  amplitude: number;
  /** Phase lag g in degrees: component = amplitude·cos(speed·t − g), t in hours since 1970-01-01 UTC. */
  phase: number;
}

const RAD = Math.PI / 180;
const HOUR_MS = 3_600_000;

/** Σ amplitude·cos(speed·t − phase) at each time (UTC epoch ms). */
export function tidalPrediction(time: Float64Array, components: readonly TidalComponent[]): Float64Array {
  const out = new Float64Array(time.length);
  for (const c of components) {
    const w = c.speed * RAD;
    const g = c.phase * RAD;
    for (let i = 0; i < time.length; i++) out[i]! += c.amplitude * Math.cos((w * time[i]!) / HOUR_MS - g);
  }
  return out;
}

/** Solves the symmetric system A x = b in place (Gaussian elimination with partial pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    const p = a[col]![col]!;
    if (Math.abs(p) < 1e-12)
      throw new RangeError('harmonicAnalysis: constituents not separable over this record');
    for (let r = col + 1; r < n; r++) {
      const f = a[r]![col]! / p;
      for (let c = col; c < n; c++) a[r]![c]! -= f * a[col]![c]!;
      b[r]! -= f * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let c = r + 1; c < n; c++) s -= a[r]![c]! * x[c]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}

/**
 * Harmonic analysis by least squares: fits mean + Σ (aᵢ cos ωᵢt + bᵢ sin ωᵢt) over the finite values,
 * amplitude = √(a² + b²), phase = atan2(b, a) (Foreman 1977, "Manual for tidal heights analysis and
 * prediction", §2, without nodal corrections). Constituents need a record longer than their synodic
 * period (S2–M2: 14.8 days; N2–M2: 27.6 days) to be separated.
 */
export function harmonicAnalysis(
  time: Float64Array,
  values: ArrayLike<number>,
  constituents: readonly Constituent[],
): { mean: number; components: TidalComponent[] } {
  const m = 1 + 2 * constituents.length;
  const ata = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  const atb = new Array<number>(m).fill(0);
  const row = new Array<number>(m).fill(0);
  const speeds = constituents.map((c) => c.speed * RAD);
  let count = 0;
  for (let i = 0; i < time.length; i++) {
    const y = values[i]!;
    if (Number.isNaN(y)) continue;
    count++;
    const h = time[i]! / HOUR_MS;
    row[0] = 1;
    for (let k = 0; k < speeds.length; k++) {
      row[1 + 2 * k] = Math.cos(speeds[k]! * h);
      row[2 + 2 * k] = Math.sin(speeds[k]! * h);
    }
    for (let r = 0; r < m; r++) {
      atb[r]! += row[r]! * y;
      for (let c = r; c < m; c++) ata[r]![c]! += row[r]! * row[c]!;
    }
  }
  if (count < m) throw new RangeError(`harmonicAnalysis: ${count} finite values for ${m} unknowns`);
  for (let r = 0; r < m; r++) for (let c = 0; c < r; c++) ata[r]![c] = ata[c]![r]!;
  const x = solve(ata, atb);
  return {
    mean: x[0]!,
    components: constituents.map((c, k) => {
      const a = x[1 + 2 * k]!;
      const b = x[2 + 2 * k]!;
      return { ...c, amplitude: Math.hypot(a, b), phase: (((Math.atan2(b, a) / RAD) % 360) + 360) % 360 };
    }),
  };
}
