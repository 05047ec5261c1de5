// The UTC calendar of a time axis: the year and month of every step and the runs of steps in one month of
// one year, which the monthly and annual statistics group by. A kernel: shared.ts keeps it once per axis.

export interface Calendar {
  /** Calendar year of each time (UTC). */
  year: Int32Array;
  /** Calendar month of each time, 1-12 (UTC). */
  month: Uint8Array;
  /** First step of each run of steps in one month of one year, then the step count (runs + 1 entries). */
  runStart: Int32Array;
}

/** The months' English abbreviations, January first: the one list of every table, chart, export and PDF. */
export const MONTH_ABBREVIATIONS: readonly string[] = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** The months' full English names, January first (sentences: notes, flags, refusals). */
export const MONTH_NAMES: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const DAY_MS = 86_400_000;

/** Year and month of a day count since 1970-01-01 (H. Hinnant, "chrono-compatible date algorithms"). */
function civilFromDays(days: number): { year: number; month: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month };
}

/**
 * The calendar of a time axis, computed afresh: one date conversion per day, not per step (calendarOf
 * returns a copy of the one the statistics of a point share).
 */
export function computeCalendar(time: Float64Array): Calendar {
  const n = time.length;
  const year = new Int32Array(n);
  const month = new Uint8Array(n);
  const runStart: number[] = [];
  let cachedDay = NaN;
  let cached = { year: NaN, month: NaN };
  for (let i = 0; i < n; i++) {
    const day = Math.floor(time[i]! / DAY_MS);
    if (day !== cachedDay) {
      cachedDay = day;
      const previous = cached;
      cached = civilFromDays(day);
      if (cached.month !== previous.month || cached.year !== previous.year) runStart.push(i);
    }
    year[i] = cached.year;
    month[i] = cached.month;
  }
  runStart.push(n);
  return { year, month, runStart: Int32Array.from(runStart) };
}
