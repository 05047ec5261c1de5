// The synthetic demo hindcast: 40 years of hourly metocean conditions (1985–2024) for any position,
// deterministic from the position, with the structure real hindcasts have. Calibration against the real
// ERA5 South China Sea and NORA3 southern North Sea records: docs/hindcast.md. Every dataset made from it
// carries SYNTHETIC_NOTICE.
import { seededRandom } from '@metocean/core';
import type { Field, Series } from '@metocean/core';
import { VARIABLES, SYNTHETIC_NOTICE, fieldName, nodeCoordinates } from './model';
import type { DatasetInfo, DatasetKind, RegularGrid, VariableInfo } from './model';
import { nearestNode, normalizeLongitude } from './nearest';
import type { NearestNode } from './nearest';
import { CONSTITUENTS } from './tides';
import type { TidalComponent } from './tides';
import type { ZarrDataset } from './zarr';

const HOUR_MS = 3_600_000;
const YEAR_H = 8765.82;
const RAD = Math.PI / 180;
const G = 9.81;

export const SYNTHETIC_START = Date.UTC(1985, 0, 1);
export const SYNTHETIC_END = Date.UTC(2025, 0, 1); // exclusive
export const WIND_HEIGHTS = [10, 50, 100];
export const DEPTHS = [0, 10, 30, 50];
/** Wind shear exponent of the power law U(z) = U10 (z/10)^α, fitted on NORA3 100 m / 10 m means. */
export const WIND_SHEAR_EXPONENT = 0.1;

/** Climate knots by |latitude| (degrees), interpolated linearly; calibrated in docs/hindcast.md. */
const KNOTS = [0, 15.5, 35, 53.3, 65, 90];
const CLIMATE = {
  /** Weibull scale of the background 10 m wind (m/s). */
  windScale: [6.2, 6.5, 7.4, 8.2, 8.8, 6.5],
  /** Relative seasonal amplitude of the wind (winter maximum). */
  season: [0.1, 0.4, 0.2, 0.3, 0.3, 0.2],
  /** Factor f of the wind-sea equilibrium (1: Pierson–Moskowitz / JONSWAP as published). */
  fetch: [0.8, 0.88, 0.8, 0.62, 0.8, 0.6],
  /** Effective fetch (km) of the JONSWAP fetch-limited growth. */
  fetchKm: [400, 400, 300, 180, 400, 300],
  /** Mean swell height (m). */
  swell: [0.9, 0.8, 0.9, 0.55, 1.3, 0.5],
  /** Mean swell peak period (s). */
  swellTp: [10, 8.6, 10, 9.5, 11, 10],
  /** Storms per year. */
  storms: [2, 4, 8, 8, 12, 8],
};
const WIND_SHAPE = 2.3;

/** The generator's climate parameters at a latitude (interpolated between the knots). */
export function syntheticClimate(lat: number): Record<keyof typeof CLIMATE, number> {
  const keys = Object.keys(CLIMATE) as (keyof typeof CLIMATE)[];
  return Object.fromEntries(keys.map((k) => [k, climate(lat, k)])) as Record<keyof typeof CLIMATE, number>;
}

function climate(lat: number, key: keyof typeof CLIMATE): number {
  const x = Math.min(90, Math.abs(lat));
  const ys = CLIMATE[key];
  let k = 0;
  while (k < KNOTS.length - 2 && x > KNOTS[k + 1]!) k++;
  const t = (x - KNOTS[k]!) / (KNOTS[k + 1]! - KNOTS[k]!);
  return ys[k]! + t * (ys[k + 1]! - ys[k]!);
}

/** 32-bit seed from a position rounded to 1e-4° (FNV-1a over the text). */
export function positionSeed(lat: number, lon: number): number {
  const text = `${lat.toFixed(4)},${normalizeLongitude(lon).toFixed(4)}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Tropical-cyclone basins (5–35° of latitude): North Atlantic and Gulf of Mexico, eastern and western
 * North Pacific, North Indian, South Indian, South Pacific. */
export function isCyclonicPosition(lat: number, lon: number): boolean {
  const a = Math.abs(lat);
  if (a < 5 || a > 35) return false;
  const x = normalizeLongitude(lon);
  if (lat > 0) return (x > -100 && x < -15) || (x <= -100 && lat < 30) || x > 100 || (x > 50 && x < 100);
  return (x > 30 && x < 135) || x >= 135 || x < -140;
}

/** Prevailing wind direction (coming from, degrees) by latitude band and season. */
function prevailingWind(lat: number, lon: number, winter: boolean): number {
  const a = Math.abs(lat);
  const x = normalizeLongitude(lon);
  // Asian-Australian monsoon: north-east in the northern winter, south-west in the summer
  if (lat > 0 && lat < 30 && x > 40 && x < 150) return winter ? 40 : 220;
  if (a < 30) return lat >= 0 ? 60 : 120; // trade winds
  if (a < 62) return lat >= 0 ? 245 : 290; // westerlies
  return 90; // polar easterlies
}

export interface StormEvent {
  /** Hour index of the peak. */
  peak: number;
  /** Hours from start to peak and from peak to end. */
  riseHours: number;
  decayHours: number;
  /** Wind speed added at the peak (m/s). */
  peakWind: number;
  hurricane: boolean;
}

export interface SyntheticResult {
  series: Series;
  storms: StormEvent[];
  tide: TidalComponent[];
  cyclonic: boolean;
  notice: typeof SYNTHETIC_NOTICE;
}

export interface SyntheticOptions {
  /** Tropical cyclones: default from isCyclonicPosition; the zone's isCyclonic flag may decide. */
  cyclonic?: boolean;
  /** Default 1985-01-01 and 2025-01-01 (exclusive). */
  startMs?: number;
  endMs?: number;
}

/** Variables of the synthetic hindcast, with their levels. */
export function syntheticVariables(): VariableInfo[] {
  const plain = [
    'hs',
    'tp',
    'tz',
    'dp',
    'dir',
    'hs_swell',
    'tp_swell',
    'dir_swell',
    'water_level',
    'tide',
    'surge',
    'energy_flux',
    'hurricane',
  ];
  const v = (name: string, levels?: number[], levelType?: 'depth' | 'altitude'): VariableInfo =>
    levels ? { ...VARIABLES[name]!, levels, levelType } : { ...VARIABLES[name]! };
  return [
    ...plain.map((name) => v(name)),
    v('wind_speed', WIND_HEIGHTS, 'altitude'),
    v('wind_dir', WIND_HEIGHTS, 'altitude'),
    v('current_speed', DEPTHS, 'depth'),
    v('current_dir', DEPTHS, 'depth'),
    v('temperature', DEPTHS, 'depth'),
    v('salinity', DEPTHS, 'depth'),
  ];
}

/** Angle in [0, 360) (floor instead of %: V8's float modulo is a C call). */
function wrap360(x: number): number {
  return x - 360 * Math.floor(x / 360);
}

/** Smooth storm profile: sin² rise to the peak, exponential-like decay (3 e-folds over decayHours). */
function stormShape(dt: number, rise: number, decay: number): number {
  if (dt < -rise || dt > decay) return 0;
  if (dt <= 0) return Math.sin((Math.PI / 2) * (1 + dt / rise)) ** 2;
  return (Math.exp((-3 * dt) / decay) - Math.exp(-3)) / (1 - Math.exp(-3));
}

/**
 * Unit-variance noise for the AR(1) innovations: an Irwin–Hall sum of four uniforms, the four bytes of
 * one 32-bit draw (mean 510/256, variance (256² − 1)/(3·256²)). Each AR(1) process here averages 20 to
 * 1,000 innovations, so its values are Gaussian to a close approximation, at a tenth of the cost of
 * Box–Muller with four draws.
 */
function noiseSource(random: () => number): () => number {
  const scale = 1 / (256 * Math.sqrt((256 * 256 - 1) / (3 * 256 * 256)));
  return () => {
    const x = (random() * 4294967296) >>> 0;
    return ((x & 255) + ((x >>> 8) & 255) + ((x >>> 16) & 255) + (x >>> 24) - 510) * scale;
  };
}

/** AR(1) process x_i = φ x_{i−1} + √(1−φ²) ε_i with unit variance, started in its stationary law. */
function ar1(n: number, phi: number, noise: () => number): Float64Array {
  const out = new Float64Array(n);
  const innovation = Math.sqrt(1 - phi * phi);
  let x = noise();
  for (let i = 0; i < n; i++) {
    x = phi * x + innovation * noise();
    out[i] = x;
  }
  return out;
}

/** cos of the phase of the year at every hour (0 at mid-January north, mid-July south) and of the
 * phase 7 months later (warmest month), by an exact rotation recurrence. */
function seasonalCycles(
  startMs: number,
  n: number,
  north: boolean,
): { windy: Float64Array; warm: Float64Array } {
  const w = (2 * Math.PI) / YEAR_H;
  const phase0 = (w * (startMs - Date.UTC(1970, 0, 15))) / HOUR_MS + (north ? 0 : Math.PI);
  const windy = new Float64Array(n);
  const warm = new Float64Array(n);
  const lag = (7 * 2 * Math.PI) / 12;
  const cl = Math.cos(lag);
  const sl = Math.sin(lag);
  let re = Math.cos(phase0);
  let im = Math.sin(phase0);
  const cw = Math.cos(w);
  const sw = Math.sin(w);
  for (let i = 0; i < n; i++) {
    windy[i] = re;
    warm[i] = re * cl + im * sl;
    const r = re * cw - im * sw;
    im = re * sw + im * cw;
    re = r;
  }
  return { windy, warm };
}

/** Storms (Poisson, winter-weighted) and, in cyclonic basins, hurricanes in their season. */
function stormEvents(
  n: number,
  lat: number,
  cyclonic: boolean,
  windy: Float64Array,
  random: () => number,
  noise: () => number,
): StormEvent[] {
  const storms: StormEvent[] = [];
  // thinning: candidates at 1.6 × the mean rate, accepted with probability (1 + 0.6 cos phase)/1.6
  const rate = climate(lat, 'storms') / YEAR_H;
  for (let t = 0; ;) {
    t += -Math.log(1 - random()) / (rate * 1.6);
    if (t >= n) break;
    const i = Math.floor(t);
    if (random() < (1 + 0.6 * windy[i]!) / 1.6) {
      const rise = 12 + 24 * random();
      const peakWind = Math.min(16, 2 + 4 * -Math.log(1 - random()));
      storms.push({
        peak: i,
        riseHours: rise,
        decayHours: rise * (1.5 + random()),
        peakWind,
        hurricane: false,
      });
    }
  }
  if (!cyclonic) return storms;
  // ~0.35 tropical cyclones a year pass close enough, around mid-September (north) / mid-February (south)
  const seasonPeakDay = lat >= 0 ? 255 : 45;
  for (let year = 0; year * YEAR_H < n; year++) {
    let count = 0;
    for (let u = random(); u > Math.exp(-0.35); u *= random()) count++;
    for (let j = 0; j < count; j++) {
      const i = Math.floor(year * YEAR_H + (seasonPeakDay + 40 * noise()) * 24);
      if (i >= 0 && i < n)
        storms.push({
          peak: i,
          riseHours: 18,
          decayHours: 24,
          peakWind: 20 + 25 * random(),
          hurricane: true,
        });
    }
  }
  return storms.sort((a, b) => a.peak - b.peak);
}

/** Wind added by the storms at every hour, and the hurricane flag (1 while a hurricane adds > 20 % of its peak). */
function stormForcing(
  n: number,
  storms: readonly StormEvent[],
): { wind: Float64Array; hurricane: Float32Array } {
  const wind = new Float64Array(n);
  const hurricane = new Float32Array(n);
  for (const s of storms) {
    const from = Math.max(0, Math.floor(s.peak - s.riseHours));
    const to = Math.min(n - 1, Math.ceil(s.peak + s.decayHours));
    for (let i = from; i <= to; i++) {
      const add = s.peakWind * stormShape(i - s.peak, s.riseHours, s.decayHours);
      wind[i]! += add;
      if (s.hurricane && add > 0.2 * s.peakWind) hurricane[i] = 1;
    }
  }
  return { wind, hurricane };
}

/**
 * 10 m wind: with x, y independent unit Gaussian AR(1) processes, (x² + y²)/2 is exponential at every
 * step, so c·((x² + y²)/2)^(1/k) is exactly Weibull(c, k) (k = 2.3, NORA3); its lag-24 h correlation
 * ≈ φ⁴⁸ = 0.45 as in NORA3. The seasonal cycle scales it, storms add to it. Directions: the prevailing
 * direction of the season plus a slow AR(1) anomaly of 45° standard deviation.
 */
function windFields(
  n: number,
  scale: number,
  seasonAmp: number,
  windy: Float64Array,
  storm: Float64Array,
  winterDir: number,
  summerDir: number,
  noise: () => number,
): { speed: Float64Array; dir: Float64Array } {
  const x = ar1(n, 0.9835, noise);
  const y = ar1(n, 0.9835, noise);
  const anomaly = ar1(n, 0.98, noise);
  const speed = new Float64Array(n);
  const dir = new Float64Array(n);
  const inverseShape = 1 / WIND_SHAPE;
  for (let i = 0; i < n; i++) {
    const exponential = 0.5 * (x[i]! * x[i]! + y[i]! * y[i]!) + 1e-300;
    speed[i] =
      scale * (1 + seasonAmp * windy[i]!) * Math.exp(Math.log(exponential) * inverseShape) + storm[i]!;
    dir[i] = wrap360((windy[i]! > 0 ? winterDir : summerDir) + 45 * anomaly[i]!);
  }
  return { speed, dir };
}

interface WaveFields {
  hs: Float32Array;
  tp: Float32Array;
  tz: Float32Array;
  dp: Float32Array;
  dir: Float32Array;
  hsSwell: Float32Array;
  tpSwell: Float32Array;
  dirSwell: Float32Array;
  flux: Float32Array;
}

/**
 * Waves. Wind sea relaxes towards its equilibrium f·min(Pierson–Moskowitz 0.0214·U², JONSWAP fetch law
 * 0.0016·U·√(F/g), 15 m) (DNV-RP-C205 §3.5; Hasselmann et al. 1973) with time constants 3 h (growth)
 * and 9 h (decay); Tp from a steepness 2πHs/(gTp²) of 1/36–1/28; swell from a slow lognormal AR(1);
 * combined in energy (Hs² adds, Tz from m0/m2 with Tz/Tp = 0.778, JONSWAP γ = 3.3, DNV-RP-C205
 * §3.5.5.4), mean direction energy-weighted, Tp and dp those of the dominant system.
 */
function waveFields(
  n: number,
  lat: number,
  u10: Float64Array,
  windDir: Float64Array,
  windy: Float64Array,
  swellDir0: number,
  noise: () => number,
): WaveFields {
  const fetch = climate(lat, 'fetch');
  const fetchLimit = 0.0016 * Math.sqrt((climate(lat, 'fetchKm') * 1000) / G);
  const swellMean = climate(lat, 'swell');
  const swellTp = climate(lat, 'swellTp');
  const seasonAmp = climate(lat, 'season');
  const zs = ar1(n, 0.992, noise);
  const zt = ar1(n, 0.95, noise);
  const zst = ar1(n, 0.99, noise);
  const zd = ar1(n, 0.99, noise);
  const out: WaveFields = {
    hs: new Float32Array(n),
    tp: new Float32Array(n),
    tz: new Float32Array(n),
    dp: new Float32Array(n),
    dir: new Float32Array(n),
    hsSwell: new Float32Array(n),
    tpSwell: new Float32Array(n),
    dirSwell: new Float32Array(n),
    flux: new Float32Array(n),
  };
  let sea = 0.5;
  for (let i = 0; i < n; i++) {
    const u = u10[i]!;
    const equilibrium = fetch * Math.min(0.0214 * u * u, fetchLimit * u, 15);
    sea += (equilibrium - sea) / (equilibrium > sea ? 3 : 9);
    const swell = swellMean * Math.exp(0.45 * zs[i]! - 0.1) * (1 + 0.25 * seasonAmp * windy[i]!);
    const h = Math.sqrt(sea * sea + swell * swell);
    const steepness = 1 / (32 + 4 * Math.tanh(zt[i]!));
    const tpSea = Math.max(1.5, Math.sqrt((2 * Math.PI * Math.max(sea, 0.05)) / (G * steepness)));
    const tpSw = swellTp + 1.2 * zst[i]!;
    const dirSw = wrap360(swellDir0 + 20 * zd[i]!);
    const m0s = sea * sea;
    const m0w = swell * swell;
    const tzs = 0.778 * tpSea;
    const tzw = 0.778 * tpSw;
    const seaDir = wrap360(windDir[i]! + 10 * zt[i]!);
    const x = m0s * Math.cos(seaDir * RAD) + m0w * Math.cos(dirSw * RAD);
    const y = m0s * Math.sin(seaDir * RAD) + m0w * Math.sin(dirSw * RAD);
    const tp = sea >= swell ? tpSea : tpSw;
    out.hs[i] = h;
    out.hsSwell[i] = swell;
    out.tpSwell[i] = tpSw;
    out.dirSwell[i] = dirSw;
    out.tp[i] = tp;
    out.dp[i] = sea >= swell ? seaDir : dirSw;
    out.tz[i] = Math.sqrt((m0s + m0w) / (m0s / (tzs * tzs) + m0w / (tzw * tzw)));
    out.dir[i] = wrap360(Math.atan2(y, x) / RAD);
    // P = ρg²Hs²Te/(64π) with Te ≈ 0.9 Tp (γ = 3.3), ρ = 1025 kg/m³, in kW/m
    out.flux[i] = (1025 * G * G * h * h * 0.9 * tp) / (64 * Math.PI) / 1000;
  }
  return out;
}

/** Tidal elevation cos θ and the tidal current (along the major axis, leading by 90°; across, a quarter)
 * from one rotating phasor per constituent: an exact rotation recurrence, drift ~1e-11 over 40 years. */
function tidalFields(
  startMs: number,
  n: number,
  tide: readonly TidalComponent[],
  currentPerMetre: number,
): { level: Float64Array; along: Float64Array; across: Float64Array } {
  const level = new Float64Array(n);
  const along = new Float64Array(n);
  const across = new Float64Array(n);
  for (const c of tide) {
    const w = c.speed * RAD;
    const theta0 = (w * startMs) / HOUR_MS - c.phase * RAD;
    let re = Math.cos(theta0);
    let im = Math.sin(theta0);
    const cw = Math.cos(w);
    const sw = Math.sin(w);
    const amp = c.amplitude * currentPerMetre;
    for (let i = 0; i < n; i++) {
      level[i]! += c.amplitude * re;
      along[i]! -= amp * im;
      across[i]! += 0.25 * amp * re;
      const r = re * cw - im * sw;
      im = re * sw + im * cw;
      re = r;
    }
  }
  return { level, along, across };
}

/** Wind surge: relaxes (6 h) towards 0.0012·(U² − E[U²]) m (a quadratic wind-stress set-up). */
function surgeField(u10: Float64Array, meanU2: number): Float64Array {
  const out = new Float64Array(u10.length);
  let s = 0;
  for (let i = 0; i < u10.length; i++) {
    s += (0.0012 * (u10[i]! * u10[i]! - meanU2) - s) / 6;
    out[i] = s;
  }
  return out;
}

interface ProfileInputs {
  along: Float64Array;
  across: Float64Array;
  axisDir: number;
  driftEast: Float64Array;
  driftNorth: Float64Array;
  warm: Float64Array;
  tNoise: Float64Array;
  meanTemp: number;
  tempAmp: number;
  meanSal: number;
}

/** Current (tidal 1/7-power profile over 120 m + wind drift e-folding over 15 m + 0.03 m/s residual),
 * temperature and salinity (seasonal cycle damped with depth, mean decreasing towards 4 °C) at a depth. */
function levelFields(
  depth: number,
  p: ProfileInputs,
): Record<'speed' | 'dir' | 'temperature' | 'salinity', Float32Array> {
  const n = p.along.length;
  const tidal = Math.pow(Math.max(0.05, 1 - depth / 120), 1 / 7);
  const drift = 0.025 * Math.exp(-depth / 15);
  const cosA = Math.cos(p.axisDir * RAD);
  const sinA = Math.sin(p.axisDir * RAD);
  const tempMean = p.meanTemp - 0.3 * (p.meanTemp - 4) * (1 - Math.exp(-depth / 50));
  const tempSeason = p.tempAmp * Math.exp(-depth / 40);
  const tempNoise = 0.4 * Math.exp(-depth / 30);
  const salMean = p.meanSal + 0.3 * (1 - Math.exp(-depth / 50));
  const salSeason = 0.15 * Math.exp(-depth / 30);
  const out = {
    speed: new Float32Array(n),
    dir: new Float32Array(n),
    temperature: new Float32Array(n),
    salinity: new Float32Array(n),
  };
  for (let i = 0; i < n; i++) {
    const a = p.along[i]! * tidal;
    const c = p.across[i]! * tidal;
    const east = a * sinA + c * cosA + drift * p.driftEast[i]! + 0.03;
    const northward = a * cosA - c * sinA + drift * p.driftNorth[i]!;
    out.speed[i] = Math.sqrt(east * east + northward * northward);
    out.dir[i] = wrap360(Math.atan2(east, northward) / RAD);
    out.temperature[i] = tempMean + tempSeason * p.warm[i]! + tempNoise * p.tNoise[i]!;
    out.salinity[i] = salMean - salSeason * p.warm[i]! + 0.05 * p.tNoise[i]!;
  }
  return out;
}

/**
 * Decimals a variable is stored with, in its units, as hindcast files store them: ERA5 and NORA3 give
 * heights, periods and speeds to 0.01 (the default) and directions to 0.1° (every variable in degrees);
 * currents and water levels come to the millimetre. The generator computes in double precision; what it
 * hands out is rounded.
 */
const STORED_DECIMALS: Readonly<Record<string, number>> = {
  current_speed: 3,
  water_level: 3,
  tide: 3,
  surge: 3,
  hurricane: 0,
};
const DIRECTION_DECIMALS = 1;

/** 1.5·2⁵²: adding then subtracting it rounds a double below 2⁵¹ in magnitude to an integer (ties to even, no −0). */
const ROUNDER = 6_755_399_441_055_744;

/** x rounded to an integer (three times faster than Math.round, which the generator's 12 M values feel). */
const nearestInteger = (x: number): number => x + ROUNDER - ROUNDER;

/**
 * The values rounded to `decimals` as float32; a direction that rounds up to 360° is 0°. The integer times
 * 10^-decimals is the float32 nearest the decimal, as the division would give: a decimal lies at least
 * 2^-25 / 10^decimals (relative) from any float32 rounding boundary, far more than the product's error.
 * A float32 array (the generator's own, read by nothing after) is rounded in place: a copy of each of a
 * node's 35 fields made 49 MB of fresh memory per node, which the kernel zeroes page by page; float64
 * arrays (computed in double precision) get a float32 array of their own.
 */
function stored(values: Float32Array | Float64Array, decimals: number, direction: boolean): Float32Array {
  const k = 10 ** decimals;
  const unit = 1 / k;
  // a loop of its own per input type: one loop reading both kinds of array (the generator hands out both)
  // has polymorphic loads; split, the rounding takes 0.6–0.8 of its time (~60 against 70–100 ms a node)
  let out: Float32Array;
  if (values instanceof Float32Array) {
    out = values;
    roundInPlace(out, k, unit);
  } else {
    out = new Float32Array(values.length);
    roundFloat64(values, out, k, unit);
  }
  if (direction) for (let i = 0; i < out.length; i++) if (out[i]! >= 360) out[i] = out[i]! - 360;
  return out;
}

function roundInPlace(values: Float32Array, k: number, unit: number): void {
  for (let i = 0; i < values.length; i++) values[i] = nearestInteger(values[i]! * k) * unit;
}

function roundFloat64(values: Float64Array, out: Float32Array, k: number, unit: number): void {
  for (let i = 0; i < values.length; i++) out[i] = nearestInteger(values[i]! * k) * unit;
}

/**
 * 40 years of hourly synthetic conditions at (lat, lon). Same position → same values, bit for bit.
 * Wind: Weibull background with a seasonal cycle, storms (Poisson, winter-weighted, sin² rise, faster
 * decay), hurricanes in cyclonic basins (flagged in `hurricane`). Waves coupled to the wind, swell,
 * tides from M2, S2, N2, K1, O1 plus wind surge, tidal + wind-driven currents, temperature and salinity
 * profiles. Model and calibration: docs/hindcast.md.
 */
export function syntheticHindcast(lat: number, lon: number, options: SyntheticOptions = {}): SyntheticResult {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90) {
    throw new RangeError(`syntheticHindcast: position (${lat}, ${lon}) is not a valid latitude/longitude`);
  }
  const startMs = options.startMs ?? SYNTHETIC_START;
  const endMs = options.endMs ?? SYNTHETIC_END;
  const n = Math.max(0, Math.floor((endMs - startMs) / HOUR_MS));
  const random = seededRandom(positionSeed(lat, lon));
  const noise = noiseSource(random);
  const cyclonic = options.cyclonic ?? isCyclonicPosition(lat, lon);
  const north = lat >= 0;
  const time = new Float64Array(n);
  for (let i = 0; i < n; i++) time[i] = startMs + i * HOUR_MS;
  const { windy, warm } = seasonalCycles(startMs, n, north);

  const storms = stormEvents(n, lat, cyclonic, windy, random, noise);
  const forcing = stormForcing(n, storms);
  const scale = climate(lat, 'windScale');
  const wind = windFields(
    n,
    scale,
    climate(lat, 'season'),
    windy,
    forcing.wind,
    prevailingWind(lat, lon, true),
    prevailingWind(lat, lon, false),
    noise,
  );
  const swellDir0 = (prevailingWind(lat, lon, true) + 30 * noise() + 360) % 360;
  const waves = waveFields(n, lat, wind.speed, wind.dir, windy, swellDir0, noise);

  const m2 = 0.2 + 1.2 * random();
  const diurnal = 0.05 + 0.3 * random();
  const tide: TidalComponent[] = [
    { ...CONSTITUENTS.M2, amplitude: m2, phase: 360 * random() },
    { ...CONSTITUENTS.S2, amplitude: m2 * (0.3 + 0.15 * random()), phase: 360 * random() },
    { ...CONSTITUENTS.N2, amplitude: m2 * (0.15 + 0.07 * random()), phase: 360 * random() },
    { ...CONSTITUENTS.K1, amplitude: diurnal, phase: 360 * random() },
    { ...CONSTITUENTS.O1, amplitude: diurnal * (0.6 + 0.2 * random()), phase: 360 * random() },
  ];
  const tidal = tidalFields(startMs, n, tide, 0.3 + 0.4 * random());
  const surge = surgeField(wind.speed, scale * scale * 0.9518); // E[U²] = c²Γ(1 + 2/2.3)

  const fields: Record<string, Field> = {};
  const put = (name: string, values: Float32Array | Float64Array, level?: number): void => {
    const v = VARIABLES[name]!;
    const field: Field = {
      values:
        v.units === 'degree'
          ? stored(values, DIRECTION_DECIMALS, true)
          : stored(values, STORED_DECIMALS[name] ?? 2, false),
      units: v.units,
      longName: v.longName,
    };
    if (level !== undefined) {
      field.variable = name;
      field.level = level;
      field.levelType = name.startsWith('wind') ? 'altitude' : 'depth';
    }
    fields[fieldName(name, level)] = field;
  };
  put('hs', waves.hs);
  put('tp', waves.tp);
  put('tz', waves.tz);
  put('dp', waves.dp);
  put('dir', waves.dir);
  put('hs_swell', waves.hsSwell);
  put('tp_swell', waves.tpSwell);
  put('dir_swell', waves.dirSwell);
  for (const height of WIND_HEIGHTS) {
    const factor = (height / 10) ** WIND_SHEAR_EXPONENT;
    const veer = 0.05 * (height - 10); // slight veer with height, degrees
    const speed = new Float32Array(n);
    const direction = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      speed[i] = wind.speed[i]! * factor;
      direction[i] = wrap360(wind.dir[i]! + veer);
    }
    put('wind_speed', speed, height);
    put('wind_dir', direction, height);
  }
  const deflection = north ? 20 : -20; // Ekman: surface drift right of the wind in the north
  const driftEast = new Float64Array(n);
  const driftNorth = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const to = (wind.dir[i]! + 180 + deflection) * RAD;
    driftEast[i] = wind.speed[i]! * Math.sin(to);
    driftNorth[i] = wind.speed[i]! * Math.cos(to);
  }
  const profile: ProfileInputs = {
    along: tidal.along,
    across: tidal.across,
    axisDir: 360 * random(),
    driftEast,
    driftNorth,
    warm,
    tNoise: ar1(n, 0.995, noise),
    meanTemp: 2 + 26 * Math.cos(lat * RAD) ** 2,
    tempAmp: Math.min(6, 0.5 + 0.12 * Math.abs(lat)),
    meanSal: 34.5 + 0.5 * (2 * random() - 1),
  };
  for (const depth of DEPTHS) {
    const level = levelFields(depth, profile);
    put('current_speed', level.speed, depth);
    put('current_dir', level.dir, depth);
    put('temperature', level.temperature, depth);
    put('salinity', level.salinity, depth);
  }
  // the total level is the sum of the stored tide and surge (in mm, so that it stays exact)
  const total = new Float64Array(n);
  for (let i = 0; i < n; i++)
    total[i] = (nearestInteger(tidal.level[i]! * 1000) + nearestInteger(surge[i]! * 1000)) / 1000;
  put('water_level', total);
  put('tide', tidal.level);
  put('surge', surge);
  put('energy_flux', waves.flux);
  put('hurricane', forcing.hurricane);
  return { series: { time, stepMs: HOUR_MS, fields }, storms, tide, cyclonic, notice: SYNTHETIC_NOTICE };
}

export interface SyntheticDatasetOptions {
  name?: string;
  kind?: DatasetKind;
  /** Grid step in degrees (default 0.25°): points are snapped to its nodes. */
  resolutionDeg?: number;
  /** Bounds of the zone served (default: the world). */
  bounds?: { south: number; west: number; north: number; east: number };
  cyclonic?: boolean;
}

/** The synthetic hindcast as a dataset: same reading interface as a Zarr store, generated on demand. */
export interface SyntheticDataset {
  readonly info: DatasetInfo;
  nearest(lat: number, lon: number): NearestNode;
  readNode(index: number): Promise<Series>;
  readPoint(lat: number, lon: number): Promise<{ node: NearestNode; series: Series }>;
  /** The whole generator output of a node (storms, tidal constituents). */
  generate(index: number): SyntheticResult;
}

export function syntheticDataset(options: SyntheticDatasetOptions = {}): SyntheticDataset {
  const step = options.resolutionDeg ?? 0.25;
  const b = options.bounds ?? { south: -80, west: -180, north: 85, east: 180 };
  const grid: RegularGrid = {
    type: 'regular',
    lat: { start: b.south, step, count: Math.floor((b.north - b.south) / step + 1e-9) + 1 },
    lon: {
      start: b.west,
      step,
      count: Math.floor((b.east - b.west) / step + 1e-9) + (b.east - b.west >= 360 ? 0 : 1),
    },
  };
  const info: DatasetInfo = {
    name: options.name ?? 'Synthetic demo hindcast',
    kind: options.kind ?? 'global',
    private: false,
    grid,
    variables: syntheticVariables(),
    spatialResolution: { value: step, units: 'degree' },
    timeStep: { value: 1, units: 'hour' },
    period: { start: SYNTHETIC_START, end: SYNTHETIC_END - HOUR_MS },
    origin: 'Metocean Studio synthetic generator (packages/hindcast), calibrated on ERA5 and NORA3',
    notes: `${SYNTHETIC_NOTICE}; deterministic from the node position; tides M2, S2, N2, K1, O1 + wind surge; hurricanes flagged in the "hurricane" variable`,
    provenance: { source: 'generated', licence: 'CC0 (generated data)' },
    synthetic: true,
  };
  const generate = (index: number): SyntheticResult => {
    const c = nodeCoordinates(grid, index);
    return syntheticHindcast(
      c.lat,
      c.lon,
      options.cyclonic === undefined ? {} : { cyclonic: options.cyclonic },
    );
  };
  const nearest = (lat: number, lon: number): NearestNode =>
    nearestNode(grid, lat, lon, { label: info.name });
  return {
    info,
    nearest,
    generate,
    readNode: (index) => Promise.resolve(generate(index).series),
    readPoint: (lat, lon) => {
      const node = nearest(lat, lon);
      return Promise.resolve({ node, series: generate(node.index).series });
    },
  };
}

/** What the worker reads a point from: a Zarr store of real data or the synthetic demo hindcast. */
export type HindcastDataset = ZarrDataset | SyntheticDataset;
