// One unit per table (issue 30 "One unit per table, honest digits"): a table or chart axis of durations is
// read in hours, or in days when its largest value passes spec 001 §9's 220 h, never both in one column.
// The shared formatter of the AWD and contractors tables, screens and workbooks: a table that gains columns
// (intervals) passes all its values through tableDurationUnit and formats each with formatDurationIn.

export type DurationUnit = 'h' | 'd';

/** Spec 001 §9: durations above 220 hours read in days. */
export const DAYS_ABOVE_HOURS = 220;
const HOURS_PER_DAY = 24;

/** Decimals a duration is written with: whole hours (the simulation's step is one hour), days to 0.1 d. */
export const DURATION_DIGITS: Readonly<Record<DurationUnit, number>> = { h: 0, d: 1 };

export const DURATION_UNIT_NAMES: Readonly<Record<DurationUnit, string>> = { h: 'hours', d: 'days' };

/** The unit of a whole table of durations in hours: days when any value passes 220 h, else hours. */
export function tableDurationUnit(hours: Iterable<number | null | undefined>): DurationUnit {
  for (const v of hours)
    if (v !== null && v !== undefined && Number.isFinite(v) && v > DAYS_ABOVE_HOURS) return 'd';
  return 'h';
}

/** A duration in hours expressed in the unit, rounded to the unit's decimals (no float noise). */
export function durationIn(hours: number, unit: DurationUnit): number {
  const v = unit === 'd' ? hours / HOURS_PER_DAY : hours;
  return roundTo(v, DURATION_DIGITS[unit]);
}

/** "139" (h), "9.6" (d): the number only, the unit being in the header; "–" for a missing value. */
export function formatDurationIn(hours: number | null | undefined, unit: DurationUnit): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '–';
  return durationIn(hours, unit).toFixed(DURATION_DIGITS[unit]);
}

/**
 * A number rounded to `digits` decimals as the nearest double of its decimal text: 960.3000000000002 → 960.3,
 * 0.4166666666666667 → 0.42 at 2 digits. Written to a workbook it reads back as the decimal a person typed.
 */
export function roundTo(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  return Number(value.toFixed(digits));
}
