import { describe as suite, expect, test } from 'vitest';
import {
  alongTrackMatchups,
  compareAlongTrack,
  haversineKm,
  MATCHUP_DEFAULTS,
  seededRandom,
  type ModelSteps,
  type TrackSamples,
} from '../src';

// Reference: a brute-force, literal reading of the matchup rule of docs/decisions.md ("satellite"): for every
// model step, every sample is scanned; a sample belongs to the step when its value is valid, it lies within the
// radius, and that step is the nearest of ALL steps to it (the earlier on a tie) and within the half window.
// No bisection, no map: O(steps × samples).
function bruteForce(
  model: ModelSteps,
  track: TrackSamples,
  o: { lat: number; lon: number; radiusKm: number; halfWindowMs: number; minSamples: number },
) {
  const rows: {
    time: number;
    model: number;
    measure: number;
    samples: number;
    spread: number;
    km: number;
  }[] = [];
  for (let k = 0; k < model.time.length; k++) {
    const mine: { v: number; km: number }[] = [];
    for (let s = 0; s < track.time.length; s++) {
      const v = track.values[s]!;
      if (!Number.isFinite(v) || v === -999) continue;
      const km = haversineKm(o.lat, o.lon, track.lat[s]!, track.lon[s]!);
      if (km > o.radiusKm) continue;
      let best = -1;
      for (let j = 0; j < model.time.length; j++)
        if (
          best < 0 ||
          Math.abs(track.time[s]! - model.time[j]!) < Math.abs(track.time[s]! - model.time[best]!)
        )
          best = j;
      if (best === k && Math.abs(track.time[s]! - model.time[k]!) <= o.halfWindowMs) mine.push({ v, km });
    }
    const m = model.values[k]!;
    if (mine.length < o.minSamples || !Number.isFinite(m) || m === -999) continue;
    const mean = mine.reduce((a, x) => a + x.v, 0) / mine.length;
    rows.push({
      time: model.time[k]!,
      model: m,
      measure: mean,
      samples: mine.length,
      spread: Math.sqrt(mine.reduce((a, x) => a + (x.v - mean) ** 2, 0) / mine.length),
      km: mine.reduce((a, x) => a + x.km, 0) / mine.length,
    });
  }
  return rows;
}

const HOUR = 3_600_000;

/** A random record and passes around (45 N, 5 W): some samples outside the radius, on half-hour ties, NaN. */
function scenario(seed: number) {
  const random = seededRandom(seed);
  const steps = 200;
  const time: number[] = [];
  let t = Date.UTC(2000, 0, 1);
  for (let i = 0; i < steps; i++) {
    time.push(t);
    t += random() < 0.1 ? 3 * HOUR : HOUR; // a few gaps in the record
  }
  const values = time.map(() => (random() < 0.05 ? (random() < 0.5 ? NaN : -999) : 4 * random()));
  const track: { time: number[]; lat: number[]; lon: number[]; values: number[] } = {
    time: [],
    lat: [],
    lon: [],
    values: [],
  };
  for (let pass = 0; pass < 60; pass++) {
    const start = time[0]! - 2 * HOUR + random() * (time.at(-1)! - time[0]! + 4 * HOUR);
    // a pass every 1 s over ~100 km of latitude, 0.5° either side of the point
    const lon = -5 + (random() - 0.5) * 1.2;
    const onTie = random() < 0.2;
    const t0 = onTie ? time[Math.floor(random() * (steps - 1))]! + HOUR / 2 - 10_000 : start;
    for (let s = 0; s < 20; s++) {
      track.time.push(t0 + s * 1000);
      track.lat.push(44.5 + s * 0.05);
      track.lon.push(lon);
      track.values.push(random() < 0.05 ? NaN : 4 * random());
    }
  }
  return { model: { time, values }, track };
}

suite('alongTrackMatchups(model, track, options)', () => {
  test('haversineKm: one degree of latitude is R·π/180 = 111.195 km (IUGG R1 6371.0088 km)', () => {
    expect(haversineKm(45, -5, 46, -5)).toBeCloseTo((6371.0088 * Math.PI) / 180, 9);
    expect(haversineKm(0, 179.5, 0, -179.5)).toBeCloseTo((6371.0088 * Math.PI) / 180, 9);
  });

  for (const seed of [1, 7, 42, 2024, 99991]) {
    for (const options of [
      { radiusKm: 50, halfWindowMs: 30 * 60_000, minSamples: 3 },
      { radiusKm: 25, halfWindowMs: 90 * 60_000, minSamples: 1 },
      { radiusKm: 80, halfWindowMs: 0, minSamples: 1 },
    ]) {
      test(`equals the brute-force rule (seed ${seed}, ${options.radiusKm} km, ±${options.halfWindowMs / 60_000} min, ≥ ${options.minSamples})`, () => {
        const { model, track } = scenario(seed);
        const o = { lat: 45, lon: -5, ...options };
        const fast = alongTrackMatchups(Object.freeze(model), Object.freeze(track), o);
        const slow = bruteForce(model, track, o);
        expect(fast.time).toEqual(slow.map((r) => r.time));
        expect(fast.model).toEqual(slow.map((r) => r.model));
        expect(fast.samples).toEqual(slow.map((r) => r.samples));
        fast.measure.forEach((v, i) => expect(v).toBeCloseTo(slow[i]!.measure, 12));
        fast.spread.forEach((v, i) => expect(v).toBeCloseTo(slow[i]!.spread, 9));
        fast.distanceKm.forEach((v, i) => expect(v).toBeCloseTo(slow[i]!.km, 9));
        expect(fast.counts.matchups).toBe(slow.length);
        if (seed === 1 && options.minSamples === 3) expect(slow.length).toBeGreaterThan(10);
      });
    }
  }

  test('a sample exactly half-way between two steps goes to the earlier one', () => {
    const model = { time: [0, HOUR], values: [1, 2] };
    const track = { time: [HOUR / 2], lat: [45], lon: [-5], values: [1.5] };
    const m = alongTrackMatchups(model, track, { lat: 45, lon: -5, minSamples: 1 });
    expect(m.time).toEqual([0]);
    expect(m.counts).toEqual({
      inRadius: 1,
      outsideRecord: 0,
      tooFewSamples: 0,
      missingModel: 0,
      matchups: 1,
    });
  });

  test('counts samples outside the record, steps with too few samples and a missing model value', () => {
    const model = { time: [0, HOUR, 2 * HOUR], values: [1, -999, 3] };
    const track = {
      time: [-2 * HOUR, 0, 1000, HOUR, HOUR + 1000, HOUR + 2000, 2 * HOUR + 5, 5 * HOUR],
      lat: [45, 45, 45, 45, 45, 45, 45, 45],
      lon: [-5, -5, -5, -5, -5, -5, -5, -5],
      values: [1, 1, 1, 2, 2, 2, 3, 9],
    };
    const m = alongTrackMatchups(model, track, { lat: 45, lon: -5, minSamples: 2 });
    expect(m.counts).toEqual({
      inRadius: 8,
      outsideRecord: 2,
      tooFewSamples: 1,
      missingModel: 1,
      matchups: 1,
    });
    expect(m).toMatchObject({ time: [0], model: [1], measure: [1], samples: [2], spread: [0] });
  });

  test('empty inputs give no matchups; bad arguments throw naming the function', () => {
    const empty = { time: [], lat: [], lon: [], values: [] };
    expect(alongTrackMatchups({ time: [], values: [] }, empty, { lat: 0, lon: 0 }).counts.matchups).toBe(0);
    expect(() => alongTrackMatchups({ time: [1, 1], values: [1, 2] }, empty, { lat: 0, lon: 0 })).toThrow(
      /alongTrackMatchups: model times must be strictly increasing/,
    );
    expect(() =>
      alongTrackMatchups({ time: [], values: [] }, empty, { lat: 0, lon: 0, radiusKm: 0 }),
    ).toThrow(/radiusKm/);
    expect(() =>
      alongTrackMatchups({ time: [], values: [] }, empty, { lat: 0, lon: 0, minSamples: 0.5 }),
    ).toThrow(/minSamples/);
    expect(MATCHUP_DEFAULTS).toEqual({ radiusKm: 50, halfWindowMs: 1_800_000, minSamples: 3 });
  });

  test('compareAlongTrack: a measure 10 % above the model gives bias −0.1·mean(o)/1.1 and corr 1', () => {
    const time = Array.from({ length: 48 }, (_, i) => i * HOUR);
    const values = time.map((_, i) => 1 + (i % 7) * 0.5);
    const track = { time: [] as number[], lat: [] as number[], lon: [] as number[], values: [] as number[] };
    for (let i = 0; i < time.length; i += 3)
      for (let s = 0; s < 5; s++) {
        track.time.push(time[i]! + s * 1000);
        track.lat.push(45 + s * 0.01);
        track.lon.push(-5);
        track.values.push(values[i]! * 1.1);
      }
    const variable = { name: 'hs', units: 'm', longName: 'significant wave height', directional: false };
    const result = compareAlongTrack(
      { time, values },
      track,
      variable,
      { model: 'M', measure: 'S' },
      {
        lat: 45,
        lon: -5,
      },
    );
    const o = result.matchups.measure;
    const meanO = o.reduce((a, v) => a + v, 0) / o.length;
    expect(result.matchups.counts.matchups).toBe(16);
    expect(result.metrics.bias).toBeCloseTo(-meanO / 11, 12);
    expect(result.metrics.corr).toBeCloseTo(1, 12);
    expect(result.scatter.nbTimeSteps).toBe(16);
    expect(result.scatter.linregress.slope).toBeCloseTo(1.1, 12);
  });
});
