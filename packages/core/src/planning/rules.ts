// Workability of an hour for an environment (issue 22 rule 3; docs/methods/awd.md): magnitudes pass when
// value ≤ limit, directions when inside their sector, working hours when the whole hour lies inside
// [start, end) on the local wall clock (daylight saving followed). A missing value fails the hour.
import { HOUR_MS } from '../series';
import {
  planFieldName,
  type Comparison,
  type Environment,
  type PlanParameter,
  type Sector,
  type WorkingHours,
} from './types';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
const DAY_MS = 86_400_000;

/** Thrown for a plan that cannot run on its data (a missing parameter, an unknown zone). */
export class PlanningError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanningError';
  }
}

/** Inside the sector from → to clockwise, both ends inclusive; the value is taken modulo 360. */
export function inSector(value: number, sector: Sector): boolean {
  const v = ((value % 360) + 360) % 360;
  const { from, to } = sector;
  if (to - from >= 360) return true;
  const a = ((from % 360) + 360) % 360;
  const b = ((to % 360) + 360) % 360;
  return a <= b ? v >= a && v <= b : v >= a || v <= b;
}

const FIXED_OFFSET = /^(?:utc|gmt)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i;

/** Offset in minutes of a fixed "UTC±hh:mm" zone, or null when the text is not one. */
export function fixedOffsetMinutes(zone: string): number | null {
  const text = zone.trim();
  if (/^(utc|gmt|z)$/i.test(text)) return 0;
  const m = FIXED_OFFSET.exec(text);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = m[3] === undefined ? 0 : Number(m[3]);
  if (hours > 14 || minutes > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/** A function from UTC epoch ms to the zone's offset in minutes; throws PlanningError for an unknown zone. */
export function zoneOffset(zone: string): (epochMs: number) => number {
  const fixed = fixedOffsetMinutes(zone);
  if (fixed !== null) return () => fixed;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone.trim(),
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw new PlanningError(`unknown time zone "${zone}" (an IANA name such as Europe/London, or UTC±hh:mm)`);
  }
  return (epochMs) => {
    const parts: Record<string, number> = {};
    for (const p of format.formatToParts(new Date(epochMs)))
      if (p.type !== 'literal') parts[p.type] = Number(p.value);
    const local = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
    return Math.round((local - Math.floor(epochMs / 1000) * 1000) / MINUTE_MS);
  };
}

/** The wall-clock arc test: positions measured forward from the window's start. */
function hourInside(a: number, b: number, w: WorkingHours): boolean {
  const length = (w.endMinutes - w.startMinutes + DAY_MINUTES) % DAY_MINUTES;
  if (length === 0) return true; // start = end: all day
  const ra = (((a - w.startMinutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  const rb = (((b - w.startMinutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return ra < length && rb < length && rb >= ra;
}

/**
 * Working-hour mask of hourly UTC times: 1 where the whole hour [T, T + 1 h) lies inside [start, end) of
 * the local wall clock. Tested at the hour's first and last minute, the wall clock between them staying in
 * the window (a daylight-saving jump inside the hour is seen). The zone's offset is read once per UTC day,
 * and per hour only on the days where it changes.
 */
export function workingHourMask(time: Float64Array, w: WorkingHours): Uint8Array {
  const n = time.length;
  const mask = new Uint8Array(n);
  if (w.startMinutes === w.endMinutes) return mask.fill(1);
  const offset = zoneOffset(w.timeZone);
  // offsets at UTC day starts, probed a week apart: where two probes agree the days between are taken as
  // steady (zones change their offset at most twice a year, months apart); where they differ, every day
  const dayOffsets = new Map<number, number>();
  const atDay = (d: number) => {
    let o = dayOffsets.get(d);
    if (o === undefined) dayOffsets.set(d, (o = offset(d * DAY_MS)));
    return o;
  };
  let day = NaN;
  let dayOffset = 0;
  let steady = true;
  for (let i = 0; i < n; i++) {
    const t = time[i]!;
    const d = Math.floor(t / DAY_MS);
    if (d !== day) {
      day = d;
      // a steady week's days take its first day's offset: one reading of the zone per week, not per day
      // (the zone's rules are read through Intl, some microseconds a reading: 40 years of days cost 80 ms)
      const weekStart = d - (((d % 7) + 7) % 7);
      dayOffset = atDay(weekStart);
      steady = dayOffset === atDay(weekStart + 7);
      if (!steady) {
        dayOffset = atDay(d);
        steady = dayOffset === atDay(d + 1);
      }
    }
    const last = t + HOUR_MS - MINUTE_MS;
    const offA = steady ? dayOffset : offset(t);
    const offB = steady ? dayOffset : offset(last);
    const a = Math.floor(t / MINUTE_MS) + offA;
    const b = Math.floor(last / MINUTE_MS) + offB;
    mask[i] = hourInside(a, b, w) ? 1 : 0;
  }
  return mask;
}

const PASSES: Record<Comparison, (value: number, limit: number) => boolean> = {
  LESS: (v, l) => v < l,
  LESS_EQUAL: (v, l) => v <= l,
  GREATER: (v, l) => v > l,
  GREATER_EQUAL: (v, l) => v >= l,
};

const hourMasks = new WeakMap<Float64Array, Map<string, Uint8Array>>();

/** workingHourMask kept per time axis and window (several environments and locations share one). */
function sharedHourMask(time: Float64Array, w: WorkingHours): Uint8Array {
  let byWindow = hourMasks.get(time);
  if (!byWindow) hourMasks.set(time, (byWindow = new Map<string, Uint8Array>()));
  const key = `${w.startMinutes}-${w.endMinutes}-${w.timeZone}`;
  let mask = byWindow.get(key);
  if (!mask) byWindow.set(key, (mask = workingHourMask(time, w)));
  return mask;
}

/** The series of one location, by parameter (catalogue names; a current level as "current_speed@10"). */
export type LocationFields = Readonly<Record<string, ArrayLike<number> | undefined>>;

export function fieldKey(parameter: PlanParameter, environment: Environment): string {
  if (
    (parameter === 'current_speed' || parameter === 'current_dir') &&
    environment.currentDepth !== undefined
  )
    return `${parameter}@${environment.currentDepth}`;
  return parameter;
}

/**
 * 1 where every constrained parameter of the environment passes in that hour (and the working hours when
 * given); `weather: false` applies the working hours alone. Throws PlanningError naming the parameter and
 * the point when the point's data lack a constrained parameter.
 */
export function workableMask(
  time: Float64Array,
  fields: LocationFields,
  environment: Environment | null,
  pointName: string,
  options: { weather: boolean } = { weather: true },
): Uint8Array {
  const n = time.length;
  const mask = environment?.workingHours
    ? sharedHourMask(time, environment.workingHours).slice()
    : new Uint8Array(n).fill(1);
  if (!environment || !options.weather) return mask;
  const column = (parameter: PlanParameter): ArrayLike<number> => {
    const key = fieldKey(parameter, environment);
    const values = fields[key];
    if (!values) {
      throw new PlanningError(
        `environment "${environment.name}" limits ${planFieldName(key)}, which the data of point "${pointName}" lack`,
      );
    }
    if (values.length !== n)
      throw new PlanningError(`point "${pointName}": ${planFieldName(key)} and time differ in length`);
    return values;
  };
  for (const [parameter, limit] of Object.entries(environment.maxima) as [PlanParameter, number][]) {
    const values = column(parameter);
    // NaN ≤ limit is false: a missing value fails the hour
    for (let i = 0; i < n; i++) if (!(values[i]! <= limit)) mask[i] = 0;
  }
  for (const { field, comparison, limit } of environment.conditions ?? []) {
    const values = fields[field];
    if (!values)
      throw new PlanningError(
        `${environment.name} limits ${planFieldName(field)}, which the data of point "${pointName}" lack`,
      );
    if (values.length !== n)
      throw new PlanningError(`point "${pointName}": ${planFieldName(field)} and time differ in length`);
    const passes = PASSES[comparison];
    // NaN fails every comparison: a missing value fails the hour
    for (let i = 0; i < n; i++) if (!passes(values[i]!, limit)) mask[i] = 0;
  }
  for (const [parameter, sector] of Object.entries(environment.sectors) as [PlanParameter, Sector][]) {
    const values = column(parameter);
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      if (v !== v || !inSector(v, sector)) mask[i] = 0;
    }
  }
  return mask;
}
