// The planning simulator (issue 22 rules 1, 5–10; docs/methods/awd.md): the plan's copies run one after
// another from every hourly start; a chain (a non-continuous copy and the continuous copies after it) is
// placed at the earliest time ≥ ready where every member has an uninterrupted workable window at its fixed
// offset. Placement reads, per (mask, duration), the next-window-start table of the weather-window code
// (windows.ts calmRunLengths + nextWindowStart), so a start costs O(chains) table look-ups.
import { HOUR_MS } from '../series';
import { calmRunLengths, nextWindowStart } from '../windows';
import { PlanningError, workableMask, type LocationFields } from './rules';
import type { Environment, PlanCopy } from './types';

export interface PlanLocation {
  name: string;
  fields: LocationFields;
}

export interface SimulationInput {
  /** Hourly UTC epoch ms, the common record of every location (commonRecord). */
  time: Float64Array;
  /** Locations in the planning's order: the first one serves empty location cells. */
  locations: readonly PlanLocation[];
  /** Location alias → index into `locations`. */
  aliases: Readonly<Record<string, number>>;
  environments: readonly Environment[];
  copies: readonly PlanCopy[];
}

/** Member of a chain: a copy at a fixed offset from the chain's start, on one workability mask. */
export interface ChainMember {
  copy: number;
  offsetHours: number;
  durationHours: number;
  /** Index into the simulation's masks (one per environment and location). */
  mask: number;
}

export interface Chain {
  members: ChainMember[];
  /** Sum of its members' durations. */
  lengthHours: number;
  /** Trip index of its head. */
  trip: number;
}

/** The plan resolved onto masks: what both the fast simulator and the brute force read. */
export interface PreparedPlan {
  n: number;
  /** Workability per (environment, location): every rule (`weather`) and the working hours alone (`hours`). */
  weather: Uint8Array[];
  hours: Uint8Array[];
  chains: Chain[];
  trips: string[];
  /** Per trip: the chain and the offset end (hours from the chain's start) of its last copy. */
  tripLast: { chain: number; endOffsetHours: number }[];
  nominalHours: number;
}

export function locationIndex(input: Pick<SimulationInput, 'aliases'>, alias: string | null): number {
  if (alias === null) return 0;
  const index = input.aliases[alias];
  if (index === undefined) throw new PlanningError(`unknown location alias "${alias}"`);
  return index;
}

/** Chains (rule 8), trips (rule 6) and the masks of every (environment, location) the copies use (rule 3). */
export function preparePlan(input: SimulationInput): PreparedPlan {
  const { time, locations, copies } = input;
  const n = time.length;
  for (let i = 1; i < n; i++)
    if (time[i]! - time[i - 1]! !== HOUR_MS)
      throw new PlanningError('the record must be hourly without gaps in time');
  if (locations.length === 0) throw new PlanningError('the planning has no point');
  const byName = new Map(input.environments.map((e) => [e.name, e]));
  const maskIndex = new Map<string, number>();
  const weather: Uint8Array[] = [];
  const hours: Uint8Array[] = [];
  const maskOf = (environment: string | null, location: number, factored?: PlanCopy['factored']): number => {
    const key = `${environment ?? ''}\u0000${location}\u0000${factored?.key ?? ''}`;
    let index = maskIndex.get(key);
    if (index === undefined) {
      // an alpha factor (alpha.ts) replaces the environment's limits for this copy
      const env = factored ? factored.environment : environment === null ? null : byName.get(environment);
      if (env === undefined) throw new PlanningError(`unknown environment "${environment}"`);
      const place = locations[location]!;
      weather.push(workableMask(time, place.fields, env, place.name));
      hours.push(workableMask(time, place.fields, env, place.name, { weather: false }));
      index = weather.length - 1;
      maskIndex.set(key, index);
    }
    return index;
  };
  const trips: string[] = [];
  const chains: Chain[] = [];
  const tripLast: { chain: number; endOffsetHours: number }[] = [];
  let nominalHours = 0;
  copies.forEach((copy, c) => {
    if (!(copy.durationHours > 0 && Number.isInteger(copy.durationHours)))
      throw new PlanningError(`copy ${c + 1}: duration must be a positive whole number of hours`);
    if (trips[trips.length - 1] !== copy.tripId) {
      if (trips.includes(copy.tripId)) throw new PlanningError(`trip "${copy.tripId}" is not contiguous`);
      trips.push(copy.tripId);
    }
    const trip = trips.length - 1;
    const mask = maskOf(copy.environment, locationIndex(input, copy.location), copy.factored);
    let chain = chains[chains.length - 1];
    if (!chain || !copy.continuous || c === 0) {
      chain = { members: [], lengthHours: 0, trip };
      chains.push(chain);
    }
    chain.members.push({ copy: c, offsetHours: chain.lengthHours, durationHours: copy.durationHours, mask });
    chain.lengthHours += copy.durationHours;
    nominalHours += copy.durationHours;
    tripLast[trip] = { chain: chains.length - 1, endOffsetHours: chain.lengthHours };
  });
  return { n, weather, hours, chains, trips, tripLast, nominalHours };
}

/** Per-start outcome; censored starts hold -1 everywhere. Hours, integers. */
export interface SimulationResult {
  n: number;
  time: Float64Array;
  trips: string[];
  nominalHours: number;
  censored: Uint8Array;
  censoredCount: number;
  /** D = end − t */
  duration: Int32Array;
  /** W = Σ weather parts of the waits */
  delay: Int32Array;
  /** every wait (working-hour and weather parts) */
  waiting: Int32Array;
  tripDuration: Int32Array[];
  tripDelay: Int32Array[];
}

/** Run-length and next-window-start tables of each mask and (mask, duration), built once per simulation. */
class Tables {
  private runs = new Map<number, Int32Array>();
  private nexts = new Map<string, Int32Array>();
  constructor(private readonly masks: Uint8Array[]) {}

  run(mask: number): Int32Array {
    let run = this.runs.get(mask);
    if (!run) {
      // blocked = 1 where not workable, so the calm runs below 0.5 are the workable runs
      const m = this.masks[mask]!;
      const blocked = new Uint8Array(m.length);
      for (let i = 0; i < m.length; i++) blocked[i] = 1 - m[i]!;
      this.runs.set(mask, (run = calmRunLengths(blocked, 0.5)));
    }
    return run;
  }

  next(mask: number, steps: number): Int32Array {
    const key = `${mask}:${steps}`;
    let next = this.nexts.get(key);
    if (!next) this.nexts.set(key, (next = nextWindowStart(this.run(mask), steps)));
    return next;
  }
}

/** Earliest s ≥ ready where every member fits (look-ahead over the whole chain), or -1. */
function placer(chain: Chain, masks: Uint8Array[], tables: Tables, n: number): (ready: number) => number {
  // a chain on masks that are all workable starts when it is ready, if it fits before the end
  if (chain.members.every((m) => masks[m.mask]!.indexOf(0) < 0))
    return (ready) => (ready + chain.lengthHours <= n ? ready : -1);
  const members = chain.members.map((m) => ({
    run: tables.run(m.mask),
    next: tables.next(m.mask, m.durationHours),
    offset: m.offsetHours,
    d: m.durationHours,
  }));
  return (ready) => {
    let s = ready;
    for (let j = 0; j < members.length;) {
      const { run, next, offset, d } = members[j]!;
      const at = s + offset;
      if (at >= n) return -1;
      if (run[at]! >= d) {
        j++;
        continue;
      }
      const found = next[at]!;
      if (found < 0) return -1;
      s = found - offset;
      j = 0;
    }
    return s;
  };
}

function placers(plan: PreparedPlan, masks: Uint8Array[]): ((ready: number) => number)[] {
  const tables = new Tables(masks);
  return plan.chains.map((chain) => placer(chain, masks, tables, plan.n));
}

/**
 * Simulates the plan from every hourly start (rule 9). Each chain keeps its last (ready → start): as t
 * grows, every chain's ready time never falls, and consecutive starts often meet the same ready time.
 */
export function simulatePlan(
  input: SimulationInput,
  prepared: PreparedPlan = preparePlan(input),
): SimulationResult {
  const plan = prepared;
  const { n, chains, trips, tripLast } = plan;
  const weatherPlace = placers(plan, plan.weather);
  const hoursPlace = placers(plan, plan.hours);
  const k = chains.length;
  // per chain, the ready time, start and weather wait of the last start that reached it: when a chain is
  // ready at the same time as for the previous start, it and every chain after it are placed as before
  const lastReady = new Float64Array(k).fill(-1);
  const chainStart = new Int32Array(k);
  const chainWeatherWait = new Int32Array(k);
  const chainLength = Int32Array.from(chains, (c) => c.lengthHours);
  const chainTrip = Int32Array.from(chains, (c) => c.trip);
  const censored = new Uint8Array(n);
  const duration = new Int32Array(n).fill(-1);
  const delay = new Int32Array(n).fill(-1);
  const waiting = new Int32Array(n).fill(-1);
  const tripDuration = trips.map(() => new Int32Array(n).fill(-1));
  const tripDelay = trips.map(() => new Int32Array(n).fill(-1));
  // the weather waits of chain c and the chains after it (whole plan; within c's trip): a start places
  // only the chains before the first one ready as for an earlier start, so only their sums are redone
  const suffixWeather = new Int32Array(k + 1);
  const tripSuffixWeather = new Int32Array(k + 1);
  const firstChain = new Int32Array(trips.length).fill(-1);
  for (let c = k - 1; c >= 0; c--) firstChain[chainTrip[c]!] = c;
  // the chains placed since the sums were last redone are those below `dirty`
  let dirty = 0;
  let censoredCount = 0;
  let suffixCensored = false;
  for (let t = 0; t < n; t++) {
    let ready = t;
    let ok = true;
    for (let c = 0; c < k; c++) {
      if (lastReady[c] === ready) {
        ok = !suffixCensored;
        break;
      }
      if (c >= dirty) dirty = c + 1;
      lastReady[c] = ready;
      const s = weatherPlace[c]!(ready);
      if (s < 0) {
        // later chains were not reached: forget them
        for (let later = c + 1; later < k; later++) lastReady[later] = -1;
        suffixCensored = true;
        ok = false;
        break;
      }
      const hours = hoursPlace[c]!(ready);
      chainStart[c] = s;
      // the working-hour part is (hours start − ready); the rest of the wait is weather
      chainWeatherWait[c] = s - hours;
      ready = s + chainLength[c]!;
      if (c === k - 1) suffixCensored = false;
    }
    if (!ok) {
      censored[t] = 1;
      censoredCount++;
      continue;
    }
    const end = chainStart[k - 1]! + chainLength[k - 1]!;
    for (let c = dirty - 1; c >= 0; c--) {
      const w = chainWeatherWait[c]!;
      suffixWeather[c] = w + suffixWeather[c + 1]!;
      tripSuffixWeather[c] =
        w + (c + 1 < k && chainTrip[c + 1] === chainTrip[c] ? tripSuffixWeather[c + 1]! : 0);
    }
    dirty = 0;
    duration[t] = end - t;
    delay[t] = suffixWeather[0]!;
    waiting[t] = end - t - plan.nominalHours;
    let previousEnd = t;
    for (let p = 0; p < trips.length; p++) {
      const last = tripLast[p]!;
      const tripEnd = chainStart[last.chain]! + last.endOffsetHours;
      tripDuration[p]![t] = tripEnd - previousEnd;
      const first = firstChain[p]!;
      tripDelay[p]![t] = first < 0 ? 0 : tripSuffixWeather[first]!;
      previousEnd = tripEnd;
    }
  }
  return {
    n,
    time: input.time,
    trips,
    nominalHours: plan.nominalHours,
    censored,
    censoredCount,
    duration,
    delay,
    waiting,
    tripDuration,
    tripDelay,
  };
}

/**
 * The common part of several hourly records (rule 1): the times every location covers, each location's
 * fields cut to it. Each record must be on the whole-hour UTC grid.
 */
export function commonRecord(
  records: readonly { name: string; time: Float64Array; fields: Record<string, ArrayLike<number>> }[],
): { time: Float64Array; locations: PlanLocation[] } {
  if (records.length === 0) throw new PlanningError('the planning has no point');
  let from = -Infinity;
  let to = Infinity;
  for (const r of records) {
    if (r.time.length === 0) throw new PlanningError(`point "${r.name}" has no data`);
    for (let i = 1; i < r.time.length; i++)
      if (r.time[i]! - r.time[i - 1]! !== HOUR_MS)
        throw new PlanningError(`point "${r.name}": the record is not hourly (step ${i})`);
    if (r.time[0]! % HOUR_MS !== 0)
      throw new PlanningError(`point "${r.name}": times are not on whole UTC hours`);
    from = Math.max(from, r.time[0]!);
    to = Math.min(to, r.time[r.time.length - 1]!);
  }
  if (!(to >= from)) throw new PlanningError('the points have no common period of data');
  const n = (to - from) / HOUR_MS + 1;
  const time = new Float64Array(n);
  for (let i = 0; i < n; i++) time[i] = from + i * HOUR_MS;
  const locations = records.map((r) => {
    const offset = (from - r.time[0]!) / HOUR_MS;
    const fields: Record<string, ArrayLike<number>> = {};
    for (const [key, values] of Object.entries(r.fields))
      fields[key] = ArrayBuffer.isView(values)
        ? (values as Float64Array).subarray(offset, offset + n)
        : Array.from({ length: n }, (_, i) => values[offset + i]!);
    return { name: r.name, fields };
  });
  return { time, locations };
}
