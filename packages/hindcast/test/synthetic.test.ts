import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { calendarOf, quantile } from '@metocean/core';
import {
  CONSTITUENTS,
  harmonicAnalysis,
  parseCsvSeries,
  SYNTHETIC_NOTICE,
  syntheticClimate,
  syntheticDataset,
  syntheticHindcast,
  tidalPrediction,
} from '../src/index';
import type { NumericArray } from '@metocean/core';

const DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const ERA5 = [15.509, 109.939] as const; // file header of the ERA5 South China Sea record
const NORA3 = [53.3249, 1.3358] as const; // NORA3 wave point, southern North Sea

function mean(v: NumericArray): number {
  let s = 0;
  for (const x of v) s += x;
  return s / v.length;
}

/** Element-wise identity (vitest's deep equality is slow on 350,640 values). */
function identical(a: NumericArray, b: NumericArray): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

function maxOf(v: ArrayLike<number>): number {
  let m = -Infinity;
  for (let i = 0; i < v.length; i++) if (v[i]! > m) m = v[i]!;
  return m;
}

function minOf(v: ArrayLike<number>): number {
  let m = Infinity;
  for (let i = 0; i < v.length; i++) if (v[i]! < m) m = v[i]!;
  return m;
}

function correlation(a: NumericArray, b: NumericArray): number {
  const ma = mean(a);
  const mb = mean(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

/** Mean of the values whose month (1–12) is in `months`. */
function seasonalMean(time: Float64Array, v: NumericArray, months: number[]): number {
  const { month } = calendarOf(time);
  let s = 0;
  let c = 0;
  for (let i = 0; i < v.length; i++) {
    if (months.includes(month[i]!)) {
      s += v[i]!;
      c++;
    }
  }
  return s / c;
}

const era5 = parseCsvSeries(
  readFileSync(`${DATA}era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv`, 'utf8'),
);
const nora3 = parseCsvSeries(
  readFileSync(`${DATA}nora3-northsea/NORA3_wind_wave_lon1.32_lat53.324_20000101_20001231.csv`, 'utf8'),
);
const scs = syntheticHindcast(...ERA5);
const northSea = syntheticHindcast(...NORA3);

describe('synthetic demo hindcast', { timeout: 20_000 }, () => {
  it('is deterministic from the position and differs between positions', () => {
    const again = syntheticHindcast(...ERA5);
    for (const name of ['hs', 'tp', 'water_level', 'current_speed_50m', 'temperature_30m', 'hurricane']) {
      expect(identical(again.series.fields[name]!.values, scs.series.fields[name]!.values), name).toBe(true);
    }
    expect(again.storms).toEqual(scs.storms);
    const other = syntheticHindcast(ERA5[0] + 0.25, ERA5[1]);
    expect(identical(other.series.fields.hs!.values, scs.series.fields.hs!.values)).toBe(false);
  });

  it('covers 1985–2024 hourly with every declared field, all finite', () => {
    const { time, stepMs, fields } = scs.series;
    expect(time.length).toBe(350_640);
    expect(time[0]).toBe(Date.UTC(1985, 0, 1));
    expect(time[time.length - 1]).toBe(Date.UTC(2024, 11, 31, 23));
    expect(stepMs).toBe(3_600_000);
    expect(Object.keys(fields).length).toBe(35);
    for (const [name, field] of Object.entries(fields)) {
      let bad = 0;
      for (const x of field.values) if (!Number.isFinite(x)) bad++;
      expect(bad, name).toBe(0);
    }
    for (const name of ['dir', 'dp', 'wind_dir_10m', 'current_dir_0m']) {
      const v = fields[name]!.values;
      expect(minOf(v)).toBeGreaterThanOrEqual(0);
      expect(maxOf(v)).toBeLessThan(360);
    }
  });

  // Calibration against the real records (docs/hindcast.md): means and 90th percentiles within 10 %.
  it('matches the ERA5 South China Sea Hs and Tp marginals and monsoon season', () => {
    const hs = scs.series.fields.hs!.values;
    const hsRef = era5.fields.swh!.values;
    expect(Math.abs(mean(hs) / mean(hsRef) - 1)).toBeLessThan(0.1);
    expect(Math.abs(quantile(hs, 0.9) / quantile(hsRef, 0.9) - 1)).toBeLessThan(0.1);
    const tp = scs.series.fields.tp!.values;
    const tpRef = era5.fields.pp1d!.values;
    expect(Math.abs(mean(tp) / mean(tpRef) - 1)).toBeLessThan(0.1);
    expect(Math.abs(quantile(tp, 0.9) / quantile(tpRef, 0.9) - 1)).toBeLessThan(0.1);
    // winter (DJF) over summer (JJA) mean Hs: ERA5 ≈ 1.9; declared: within 25 %
    const ratio = (t: Float64Array, v: NumericArray): number =>
      seasonalMean(t, v, [12, 1, 2]) / seasonalMean(t, v, [6, 7, 8]);
    const ref = ratio(era5.time, hsRef);
    expect(Math.abs(ratio(scs.series.time, hs) / ref - 1)).toBeLessThan(0.25);
  });

  it('matches the NORA3 southern North Sea wind and Hs marginals, and its wind–wave coupling', () => {
    const u = northSea.series.fields.wind_speed_10m!.values;
    const uRef = nora3.fields.wind_speed_10m!.values;
    expect(Math.abs(mean(u) / mean(uRef) - 1)).toBeLessThan(0.1);
    expect(Math.abs(quantile(u, 0.9) / quantile(uRef, 0.9) - 1)).toBeLessThan(0.1);
    const hs = northSea.series.fields.hs!.values;
    const hsRef = nora3.fields.hs!.values;
    expect(Math.abs(mean(hs) / mean(hsRef) - 1)).toBeLessThan(0.1);
    expect(Math.abs(quantile(hs, 0.9) / quantile(hsRef, 0.9) - 1)).toBeLessThan(0.1);
    // Hs–U10 correlation: NORA3 ≈ 0.8; declared: within 0.15
    expect(Math.abs(correlation(hs, u) - correlation(hsRef, uRef))).toBeLessThan(0.15);
    // wind 100 m / 10 m: NORA3 mean ratio within 3 %
    const ratio = mean(northSea.series.fields.wind_speed_100m!.values) / mean(u);
    expect(Math.abs(ratio / (mean(nora3.fields.wind_speed_100m!.values) / mean(uRef)) - 1)).toBeLessThan(
      0.03,
    );
  });

  it('keeps wind seas below the breaking steepness and around 1/32', () => {
    const { hs, tp, hs_swell: swell } = northSea.series.fields;
    const steepness: number[] = [];
    for (let i = 0; i < hs!.values.length; i++) {
      if (swell!.values[i]! < 0.5 * hs!.values[i]!) {
        steepness.push((2 * Math.PI * hs!.values[i]!) / (9.81 * tp!.values[i]! ** 2));
      }
    }
    expect(steepness.length).toBeGreaterThan(10_000);
    // 1/15: steepness limit of DNV-RP-C205 §3.5.5; the sea's own Hs is below the total, so below 1/24
    expect(maxOf(steepness)).toBeLessThan(1 / 15);
    const median = quantile(Float64Array.from(steepness), 0.5);
    expect(median).toBeGreaterThan(1 / 40);
    expect(median).toBeLessThan(1 / 20);
  });

  it('has storms at the declared rate, mostly in winter, that raise the wind', () => {
    const rate = syntheticClimate(NORA3[0]).storms;
    const storms = northSea.storms.filter((s) => !s.hurricane);
    const expected = 40 * rate;
    // Poisson count: within 3.5 standard deviations
    expect(Math.abs(storms.length - expected)).toBeLessThan(3.5 * Math.sqrt(expected));
    const { month } = calendarOf(northSea.series.time);
    const winter = storms.filter((s) => [10, 11, 12, 1, 2, 3].includes(month[s.peak]!)).length;
    // declared acceptance (1 + 0.6 cos) puts 1/2 + 0.6/π ≈ 69 % of storms in Oct–Mar
    expect(winter / storms.length).toBeGreaterThan(0.6);
    const u = northSea.series.fields.wind_speed_10m!.values;
    const background = mean(u);
    const atPeak = storms.reduce((a, s) => a + u[s.peak]!, 0) / storms.length;
    const added = storms.reduce((a, s) => a + s.peakWind, 0) / storms.length;
    expect(atPeak - background).toBeGreaterThan(0.7 * added);
    // rise then decay: the wind a day before and a day and a half after the peak is lower
    const around = (dt: number): number =>
      storms.reduce((a, s) => a + (u[s.peak + dt] ?? background), 0) / storms.length;
    expect(around(-24)).toBeLessThan(atPeak - 2);
    expect(around(36)).toBeLessThan(atPeak - 2);
  });

  it('flags hurricanes in cyclonic basins only, with hurricane-force wind and high seas', () => {
    const gulf = syntheticHindcast(25.9, -89.7);
    expect(gulf.cyclonic).toBe(true);
    const flag = gulf.series.fields.hurricane!.values;
    const u = gulf.series.fields.wind_speed_10m!.values;
    const hs = gulf.series.fields.hs!.values;
    let hours = 0;
    let windIn = 0;
    for (let i = 0; i < flag.length; i++) {
      if (flag[i] === 1) {
        hours++;
        windIn += u[i]!;
      }
    }
    const events = gulf.storms.filter((s) => s.hurricane).length;
    expect(events).toBeGreaterThan(5); // 0.35 a year declared: 14 expected in 40 years
    expect(events).toBeLessThan(30);
    expect(windIn / hours).toBeGreaterThan(20);
    const maxIn = maxOf(hs.filter((_, i) => flag[i] === 1));
    const maxOut = maxOf(hs.filter((_, i) => flag[i] === 0));
    expect(maxIn).toBeGreaterThan(maxOut);
    expect(northSea.cyclonic).toBe(false);
    expect(maxOf(northSea.series.fields.hurricane!.values)).toBe(0);
    const off = syntheticHindcast(25.9, -89.7, { cyclonic: false, endMs: Date.UTC(1990, 0, 1) });
    expect(off.storms.some((s) => s.hurricane)).toBe(false);
  });

  // Harmonic analysis by least squares on the five constituent frequencies (Foreman 1977).
  it('reproduces its tidal constituents by harmonic analysis of the tide and of the total water level', () => {
    const year = 8766;
    const time = northSea.series.time.subarray(0, year);
    const constituents = Object.values(CONSTITUENTS);
    const byName = new Map(northSea.tide.map((c) => [c.name, c]));
    // pure tide (stored in float32): amplitudes within 1 mm, phases within 0.1°
    const tide = harmonicAnalysis(time, northSea.series.fields.tide!.values.subarray(0, year), constituents);
    for (const c of tide.components) {
      const truth = byName.get(c.name)!;
      expect(Math.abs(c.amplitude - truth.amplitude), c.name).toBeLessThan(1e-3);
      expect(Math.abs(((c.phase - truth.phase + 540) % 360) - 180), c.name).toBeLessThan(0.1);
    }
    // tide + surge over one year: amplitudes within 3 cm, phases within 5° for constituents ≥ 10 cm
    const total = harmonicAnalysis(
      time,
      northSea.series.fields.water_level!.values.subarray(0, year),
      constituents,
    );
    for (const c of total.components) {
      const truth = byName.get(c.name)!;
      expect(Math.abs(c.amplitude - truth.amplitude), c.name).toBeLessThan(0.03);
      if (truth.amplitude >= 0.1) {
        expect(Math.abs(((c.phase - truth.phase + 540) % 360) - 180), c.name).toBeLessThan(5);
      }
    }
    // and the analysis itself on an exact prediction: 1e-9 m
    const exact = harmonicAnalysis(time, tidalPrediction(time, northSea.tide), constituents);
    for (const c of exact.components)
      expect(Math.abs(c.amplitude - byName.get(c.name)!.amplitude)).toBeLessThan(1e-9);
  });

  it('serves any point as a dataset snapped to its grid node, carrying the synthetic notice', async () => {
    const dataset = syntheticDataset({
      bounds: { south: 40, west: -10, north: 60, east: 10 },
      resolutionDeg: 0.5,
    });
    expect(dataset.info.synthetic).toBe(true);
    expect(dataset.info.notes).toContain(SYNTHETIC_NOTICE);
    expect(SYNTHETIC_NOTICE).toBe('synthetic demo data — not for engineering use');
    const { node, series } = await dataset.readPoint(53.32, 1.34);
    expect(node).toMatchObject({ lat: 53.5, lon: 1.5 });
    expect(identical(series.fields.hs!.values, syntheticHindcast(53.5, 1.5).series.fields.hs!.values)).toBe(
      true,
    );
  });
});
