import fc from 'fast-check';
import { describe as suite, expect, test } from 'vitest';
import {
  expandCopies,
  inSector,
  planningStatistics,
  preparePlan,
  simulatePlan,
  workingHourMask,
  zoneOffset,
  type Environment,
  type PlanCopy,
  type SimulationInput,
} from '../src';
import { era5 } from './data';

// Reference: a brute-force simulator written from the literal rules of issue 22 (docs/methods/awd.md),
// hour by hour: an hour is workable when every limit passes (value ≤ limit, direction inside its sector,
// the whole hour inside the local working hours); a chain starts at the first s ≥ ready where every member
// has each hour of [s + offset, s + offset + d) workable; the working-hour part of a wait is the same search
// with the working hours alone. It is O(n·wait·d) per start; the engine uses next-window tables. Integer
// hours, so the two must agree exactly.
const H = 3_600_000;

// the wall-clock rule itself is pinned by the daylight-saving cases below; here it is read once per environment
const hoursMasks = new WeakMap<Environment, Uint8Array>();
function hoursMaskOf(env: Environment, time: Float64Array): Uint8Array {
  let mask = hoursMasks.get(env);
  if (!mask) hoursMasks.set(env, (mask = workingHourMask(time, env.workingHours!)));
  return mask;
}

function bruteHourOk(
  env: Environment | null,
  fields: Readonly<Record<string, ArrayLike<number> | undefined>>,
  time: Float64Array,
  i: number,
  weather: boolean,
): boolean {
  if (!env) return true;
  if (env.workingHours && !hoursMaskOf(env, time)[i]) return false;
  if (!weather) return true;
  for (const [p, limit] of Object.entries(env.maxima)) if (!(fields[p]![i]! <= limit)) return false;
  for (const [p, sector] of Object.entries(env.sectors)) {
    const v = fields[p]![i]!;
    if (Number.isNaN(v) || !inSector(v, sector)) return false;
  }
  return true;
}

interface BruteStart {
  censored: boolean;
  duration: number;
  delay: number;
  tripDuration: number[];
  tripDelay: number[];
}

function bruteSimulate(input: SimulationInput): BruteStart[] {
  const { time, copies, environments, locations } = input;
  const n = time.length;
  const envOf = (name: string | null) => (name === null ? null : environments.find((e) => e.name === name)!);
  const loc = (alias: string | null) => locations[alias === null ? 0 : input.aliases[alias]!]!;
  const ok = (c: PlanCopy, i: number, weather: boolean) =>
    i < n && bruteHourOk(envOf(c.environment), loc(c.location).fields, time, i, weather);
  // chains: a non-continuous copy (the first always) and the continuous ones after it
  const chains: number[][] = [];
  copies.forEach((c, k) => {
    if (k === 0 || !c.continuous) chains.push([k]);
    else chains[chains.length - 1]!.push(k);
  });
  const fits = (chain: number[], s: number, weather: boolean) => {
    let at = s;
    for (const k of chain) {
      const c = copies[k]!;
      for (let h = at; h < at + c.durationHours; h++) if (!ok(c, h, weather)) return false;
      at += c.durationHours;
    }
    return true;
  };
  const first = (chain: number[], ready: number, weather: boolean) => {
    for (let s = ready; s < n; s++) if (fits(chain, s, weather)) return s;
    return -1;
  };
  const trips = [...new Set(copies.map((c) => c.tripId))];
  return Array.from({ length: n }, (_, t) => {
    let ready = t;
    let delay = 0;
    const copyEnd: number[] = [];
    const tripDelay = trips.map(() => 0);
    for (const chain of chains) {
      const s = first(chain, ready, true);
      if (s < 0) return { censored: true, duration: -1, delay: -1, tripDuration: [], tripDelay: [] };
      const hoursOnly = first(chain, ready, false);
      delay += s - hoursOnly;
      tripDelay[trips.indexOf(copies[chain[0]!]!.tripId)]! += s - hoursOnly;
      let at = s;
      for (const k of chain) copyEnd[k] = at += copies[k]!.durationHours;
      ready = at;
    }
    let previous = t;
    const tripDuration = trips.map((trip) => {
      let last = -1;
      copies.forEach((c, k) => {
        if (c.tripId === trip) last = k;
      });
      const d = copyEnd[last]! - previous;
      previous = copyEnd[last]!;
      return d;
    });
    return { censored: false, duration: ready - t, delay, tripDuration, tripDelay };
  });
}

function agree(input: SimulationInput): void {
  const fast = simulatePlan(input);
  const brute = bruteSimulate(input);
  for (let t = 0; t < input.time.length; t++) {
    const b = brute[t]!;
    expect({ t, censored: fast.censored[t] === 1 }).toEqual({ t, censored: b.censored });
    if (b.censored) continue;
    expect({ t, d: fast.duration[t], w: fast.delay[t] }).toEqual({ t, d: b.duration, w: b.delay });
    expect(fast.tripDuration.map((a) => a[t])).toEqual(b.tripDuration);
    expect(fast.tripDelay.map((a) => a[t])).toEqual(b.tripDelay);
  }
}

const START = Date.UTC(2021, 2, 20);
const hours = (n: number, from = START) => Float64Array.from({ length: n }, (_, i) => from + i * H);

const copy = (
  tripId: string,
  durationHours: number,
  environment: string | null,
  continuous = false,
  location: string | null = null,
): PlanCopy => ({
  tripId,
  taskId: 't',
  activityId: 'a',
  repetition: 1,
  durationHours,
  continuous,
  environment,
  location,
});

const env = (name: string, extra: Partial<Environment> = {}): Environment => ({
  name,
  maxima: {},
  sectors: {},
  cell: 'S!A1',
  ...extra,
});

suite('simulatePlan agrees with the brute-force simulator', () => {
  test('seeded random plans on random series (fast-check)', () => {
    const arbitraryPlan = fc.record({
      n: fc.integer({ min: 30, max: 160 }),
      seedValues: fc.array(fc.double({ min: 0, max: 4, noNaN: true }), { minLength: 160, maxLength: 160 }),
      seedDirs: fc.array(fc.double({ min: 0, max: 359.9, noNaN: true }), { minLength: 160, maxLength: 160 }),
      missing: fc.array(fc.integer({ min: 0, max: 159 }), { maxLength: 4 }),
      limitA: fc.double({ min: 0.5, max: 3.5, noNaN: true }),
      sector: fc.tuple(fc.integer({ min: 0, max: 359 }), fc.integer({ min: 0, max: 359 })),
      startHour: fc.integer({ min: 0, max: 23 }),
      endHour: fc.integer({ min: 0, max: 23 }),
      copies: fc.array(
        fc.record({
          trip: fc.integer({ min: 0, max: 2 }),
          d: fc.integer({ min: 1, max: 6 }),
          env: fc.constantFrom('A', 'B', 'C', null),
          continuous: fc.boolean(),
          loc: fc.constantFrom(null, 'second'),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    });
    fc.assert(
      fc.property(arbitraryPlan, (p) => {
        const time = hours(p.n);
        const hs = Float64Array.from(p.seedValues.slice(0, p.n));
        for (const m of p.missing) if (m < p.n) hs[m] = NaN;
        const dir = Float64Array.from(p.seedDirs.slice(0, p.n));
        const hs2 = Float64Array.from(hs, (v, i) => (Number.isNaN(v) ? v : (v + i * 0.37) % 4));
        // trips made contiguous by sorting the copies by trip
        const copies = [...p.copies]
          .sort((a, b) => a.trip - b.trip)
          .map((c) => copy(`trip${c.trip}`, c.d, c.env, c.continuous, c.loc));
        agree({
          time,
          locations: [
            { name: 'P1', fields: { hs, dir } },
            { name: 'P2', fields: { hs: hs2, dir } },
          ],
          aliases: { second: 1 },
          environments: [
            env('A', { maxima: { hs: p.limitA } }),
            env('B', { sectors: { dir: { from: p.sector[0], to: p.sector[1] } }, maxima: { hs: 3 } }),
            env('C', {
              maxima: { hs: p.limitA + 0.5 },
              workingHours: {
                startMinutes: p.startHour * 60,
                endMinutes: p.endHour * 60,
                timeZone: 'Europe/London',
              },
            }),
          ],
          copies,
        });
      }),
      { numRuns: 120, seed: 22, verbose: 1 },
    );
  }, 60_000);

  test('the real ERA5 series (South China Sea, 2000), two locations and working hours', () => {
    const s = era5();
    const n = 1500;
    const time = s.time.subarray(0, n);
    const hs = s.fields.swh!.values.subarray(0, n);
    const tp = s.fields.pp1d!.values.subarray(0, n);
    const dir = s.fields.mwd!.values.subarray(0, n);
    const later = s.fields.swh!.values.subarray(24 * 200, 24 * 200 + n);
    const copies = [
      copy('T1', 6, 'calm'),
      copy('T1', 4, 'swell', true),
      copy('T2', 12, 'day', false, 'B'),
      copy('T2', 3, null, true),
      copy('T3', 8, 'calm', false),
    ];
    agree({
      time,
      locations: [
        { name: 'A', fields: { hs, tp, dir } },
        { name: 'B', fields: { hs: later, tp, dir } },
      ],
      aliases: { B: 1 },
      environments: [
        env('calm', { maxima: { hs: 1.5 } }),
        env('swell', { maxima: { hs: 2, tp: 9 }, sectors: { dir: { from: 0, to: 120 } } }),
        env('day', {
          maxima: { hs: 1.8 },
          workingHours: { startMinutes: 7 * 60, endMinutes: 19 * 60, timeZone: 'Asia/Ho_Chi_Minh' },
        }),
      ],
      copies,
    });
  }, 60_000);
});

suite('simulatePlan properties', () => {
  const s = era5();
  const n = 24 * 365;
  const time = s.time.subarray(0, n);
  const input: SimulationInput = {
    time,
    locations: [
      {
        name: 'ERA5',
        fields: { hs: s.fields.swh!.values.subarray(0, n), tp: s.fields.pp1d!.values.subarray(0, n) },
      },
    ],
    aliases: {},
    environments: [
      env('E1', { maxima: { hs: 1.2 } }),
      env('E2', {
        maxima: { hs: 2, tp: 10 },
        workingHours: { startMinutes: 6 * 60, endMinutes: 18 * 60, timeZone: 'UTC+07:00' },
      }),
    ],
    copies: expandCopies([
      {
        tripId: 'X',
        taskId: '1',
        activityId: 'a',
        minHours: 10,
        contingencyPercent: 20,
        durationHours: 12,
        nbWindows: 2,
        continuous: false,
        environment: 'E1',
        location: null,
        cell: '',
      },
      {
        tripId: 'X',
        taskId: '1',
        activityId: 'b',
        minHours: 4,
        contingencyPercent: 0,
        durationHours: 4,
        nbWindows: 1,
        continuous: true,
        environment: 'E2',
        location: null,
        cell: '',
      },
      {
        tripId: 'Y',
        taskId: '2',
        activityId: 'c',
        minHours: 24,
        contingencyPercent: 0,
        durationHours: 24,
        nbWindows: 1,
        continuous: false,
        environment: 'E1',
        location: null,
        cell: '',
      },
    ]),
  };
  const sim = simulatePlan(input);

  test('waits ≥ 0, D = nominal + all waiting, weather delay ≤ waiting, trips add up to D and W', () => {
    expect(sim.nominalHours).toBe(12 + 12 + 4 + 24);
    let checked = 0;
    for (let t = 0; t < n; t++) {
      if (sim.censored[t]) continue;
      checked++;
      expect(sim.delay[t]).toBeGreaterThanOrEqual(0);
      expect(sim.waiting[t]).toBeGreaterThanOrEqual(sim.delay[t]!);
      expect(sim.duration[t]).toBe(sim.nominalHours + sim.waiting[t]!);
      expect(sim.tripDuration[0]![t]! + sim.tripDuration[1]![t]!).toBe(sim.duration[t]);
      expect(sim.tripDelay[0]![t]! + sim.tripDelay[1]![t]!).toBe(sim.delay[t]);
    }
    expect(checked).toBeGreaterThan(n * 0.5);
  });

  test('censored starts are the last ones only, and counted', () => {
    const firstCensored = sim.censored.indexOf(1);
    expect(firstCensored).toBeGreaterThan(0);
    for (let t = firstCensored; t < n; t++) expect(sim.censored[t]).toBe(1);
    expect(sim.censoredCount).toBe(n - firstCensored);
  });

  test('a plan with no limits has zero delay and D = nominal', () => {
    const free = simulatePlan({ ...input, copies: input.copies.map((c) => ({ ...c, environment: null })) });
    for (let t = 0; t + free.nominalHours <= n; t++) {
      expect(free.delay[t]).toBe(0);
      expect(free.duration[t]).toBe(free.nominalHours);
    }
    expect(free.censoredCount).toBe(free.nominalHours - 1);
  });

  test('a continuous chain looks ahead: it waits for room for every member, never pauses', () => {
    // hours 0-9 calm, 10-11 rough, 12-40 calm: A (6 h) then continuous B (6 h) cannot start before 12
    const values = Float64Array.from({ length: 40 }, (_, i) => (i === 10 || i === 11 ? 5 : 0.5));
    const chain = simulatePlan({
      time: hours(40),
      locations: [{ name: 'P', fields: { hs: values } }],
      aliases: {},
      environments: [env('calm', { maxima: { hs: 1 } })],
      copies: [copy('T', 6, 'calm'), copy('T', 6, 'calm', true)],
    });
    expect(chain.delay[0]).toBe(12);
    expect(chain.duration[0]).toBe(24);
    const split = simulatePlan({
      time: hours(40),
      locations: [{ name: 'P', fields: { hs: values } }],
      aliases: {},
      environments: [env('calm', { maxima: { hs: 1 } })],
      copies: [copy('T', 6, 'calm'), copy('T', 6, 'calm', false)],
    });
    // not continuous: A at 0-6, B waits for 12
    expect(split.delay[0]).toBe(6);
    expect(split.duration[0]).toBe(18);
  });

  test('statistics: per-period percentiles match the literal numpy type-7 definition on the simulated values', () => {
    const results = planningStatistics(sim, [50, 90]);
    // numpy.percentile(x, p) (linear): sorted x, h = (n − 1)·p/100, x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋])
    const numpyPercentile = (x: number[], p: number) => {
      const s = [...x].sort((a, b) => a - b);
      const h = ((s.length - 1) * p) / 100;
      const lo = Math.floor(h);
      return lo + 1 < s.length ? s[lo]! + (h - lo) * (s[lo + 1]! - s[lo]!) : s[lo]!;
    };
    const feb: number[] = [];
    const febDur: number[] = [];
    const febTrip: number[] = [];
    for (let t = 0; t < n; t++)
      if (!sim.censored[t] && new Date(time[t]!).getUTCMonth() === 1) {
        feb.push(sim.delay[t]!);
        febDur.push(sim.duration[t]!);
        febTrip.push(sim.tripDelay[1]![t]!);
      }
    const m = results.MONTHLY;
    expect(m.distribsOfAllDelay.wholeSequenceScenarios.P90!.Feb).toBeCloseTo(numpyPercentile(feb, 90), 9);
    expect(m.distribsOfAllDurations.wholeSequenceScenarios.P50!.Feb).toBeCloseTo(
      numpyPercentile(febDur, 50),
      9,
    );
    expect(m.distribsOfAllDelay.tripsScenarios.Y!.Feb!.P90).toBeCloseTo(numpyPercentile(febTrip, 90), 9);
    expect(m.distribsOfDowntimePercent.wholeSequenceScenarios.P90!.Feb).toBeCloseTo(
      (100 * numpyPercentile(feb, 90)) / numpyPercentile(febDur, 90),
      9,
    );
    const zero = feb.filter((w) => w === 0).length;
    // one year: the ratio of that year is every percentile of it
    expect(m.pooledNoDowntimeRatio.wholeSequence.Feb).toBeCloseTo((100 * zero) / feb.length, 9);
    expect(m.distribsOfNoDowntimeRatio.wholeSequenceScenarios.P90!.Feb).toBeCloseTo(
      (100 * zero) / feb.length,
      9,
    );
    expect(m.starts.Feb).toBe(feb.length);
    expect(results.censored).toBe(sim.censoredCount);
    expect(results.WEEKLY.periods).toHaveLength(48);
    expect(results.WEEKLY.periods.slice(0, 4)).toEqual(['Jan 1-7', 'Jan 8-14', 'Jan 15-21', 'Jan 22-end']);
    expect(results.BIWEEKLY.periods.slice(2, 4)).toEqual(['Feb 1-15', 'Feb 16-end']);
  });
});

suite('working hours follow daylight saving (Europe/London)', () => {
  const window = { startMinutes: 8 * 60, endMinutes: 17 * 60, timeZone: 'Europe/London' };
  const utcHoursWorkable = (day: number, month: number) => {
    const mask = workingHourMask(hours(24, Date.UTC(2021, month, day)), window);
    return [...mask].flatMap((v, h) => (v ? [h] : []));
  };
  test('GMT before 28 March 2021 and BST after: 08:00-17:00 local is 08-16 UTC, then 07-15 UTC', () => {
    expect(utcHoursWorkable(27, 2)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
    // the clocks go forward at 01:00 UTC on 28 March 2021
    expect(utcHoursWorkable(28, 2)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15]);
  });
  test('back to GMT at 01:00 UTC on 31 October 2021', () => {
    expect(utcHoursWorkable(30, 9)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(utcHoursWorkable(31, 9)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
  });
  test('a night shift 22:00-02:00 wraps midnight; the spring-forward night has one hour less', () => {
    const night = { startMinutes: 22 * 60, endMinutes: 2 * 60, timeZone: 'Europe/London' };
    const mask = workingHourMask(hours(48, Date.UTC(2021, 2, 27)), night);
    const on = [...mask].flatMap((v, h) => (v ? [h] : []));
    // 27 Mar (GMT): 00-02 and 22-24 local = UTC hours 0, 1, 22, 23; 28 Mar 00:00-01:00 GMT = hour 24, and
    // 01:00 UTC is already 02:00 BST; 22:00-24:00 BST = 21-23 UTC (hours 45, 46), 00:00 BST on 29 Mar = 47
    expect(on).toEqual([0, 1, 22, 23, 24, 45, 46, 47]);
  });
  test('equals the literal rule at every hour of 6 years in zones with and without daylight saving', () => {
    // the definition read literally: the zone's offset at the hour's first and at its last minute (no day
    // or week shortcut), both wall-clock minutes inside [start, end), the second not before the first
    const DAY = 24 * 60;
    // the zone's offsets at every hour's first and last minute, read once per zone for both windows (the
    // reading is the slow part: two Intl calls an hour)
    const literal = (
      minutes: { a: Float64Array; b: Float64Array },
      w: { startMinutes: number; endMinutes: number },
    ) => {
      const length = (w.endMinutes - w.startMinutes + DAY) % DAY;
      return Uint8Array.from(minutes.a, (a, i) => {
        if (length === 0) return 1;
        const b = minutes.b[i]!;
        const ra = (((a - w.startMinutes) % DAY) + DAY) % DAY;
        const rb = (((b - w.startMinutes) % DAY) + DAY) % DAY;
        return ra < length && rb < length && rb >= ra ? 1 : 0;
      });
    };
    const time = hours(6 * 8760, Date.UTC(2018, 11, 29, 13));
    for (const timeZone of ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
      const offset = zoneOffset(timeZone);
      const wallClock = (t: number) => Math.floor(t / 60_000) + offset(t);
      const minutes = { a: time.map(wallClock), b: time.map((t) => wallClock(t + 59 * 60_000)) };
      for (const [start, end] of [
        [8 * 60, 17 * 60],
        [22 * 60, 2 * 60 + 30],
      ] as const) {
        const w = { startMinutes: start, endMinutes: end, timeZone };
        expect(workingHourMask(time, w)).toEqual(literal(minutes, w));
      }
    }
  });
  test('fixed offsets and all-day windows', () => {
    const mask = workingHourMask(hours(24, Date.UTC(2021, 0, 1)), {
      startMinutes: 9 * 60 + 30,
      endMinutes: 12 * 60,
      timeZone: 'UTC+05:30',
    });
    // 09:30-12:00 IST = 04:00-06:30 UTC: whole hours 04 and 05
    expect([...mask].flatMap((v, h) => (v ? [h] : []))).toEqual([4, 5]);
    expect([...workingHourMask(hours(5), { startMinutes: 0, endMinutes: 0, timeZone: 'UTC' })]).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });
});

test('preparePlan refuses a missing parameter naming it and the point', () => {
  expect(() =>
    preparePlan({
      time: hours(5),
      locations: [{ name: 'North', fields: { hs: new Float64Array(5) } }],
      aliases: {},
      environments: [env('E', { maxima: { wind_speed: 10 } })],
      copies: [copy('T', 2, 'E')],
    }),
  ).toThrow('environment "E" limits wind speed, which the data of point "North" lack');
});
