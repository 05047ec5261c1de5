// The data sets of a planning's results and how they read (issue 22 results layout; spec 001 §9 labels).
export const RESULT_DATASETS = {
  distribsOfAllDurations: { label: 'Estimated Duration', unit: 'h' },
  distribsOfAllDelay: { label: 'Estimated Downtime', unit: 'h' },
  distribsOfDowntimePercent: { label: 'Downtime (% of duration)', unit: '%' },
  distribsOfNoDowntimeRatio: { label: 'Weather Window (no-downtime ratio)', unit: '%' },
} as const;
export type ResultDataset = keyof typeof RESULT_DATASETS;

/** "Record used: 2000-01-01 to 2010-12-31 UTC, 11 years of hourly hindcast": the length a planning ran on. */
export function recordText(period: { start: string; end: string }): string {
  const years = (Date.parse(period.end) - Date.parse(period.start) + 3_600_000) / (365.25 * 86_400_000);
  return `Record used: ${period.start.slice(0, 10)} to ${period.end.slice(0, 10)} UTC, ${years.toFixed(1)} years of hourly hindcast.`;
}

/** What the whiskers of a breakdown rest on, as the charts of packages/charts take it (issue 31). */
export interface IntervalSummary {
  ci: number;
  years: Record<string, number>;
  notes: Record<string, string>;
}

/** The interval context of one breakdown; null when the results predate intervals (no `intervals`). */
export function intervalSummary(
  results: { intervals?: { ci: number } },
  breakdown: { intervalYears?: Record<string, number>; intervalNotes?: Record<string, string> },
): IntervalSummary | null {
  if (!results.intervals || !breakdown.intervalYears) return null;
  return { ci: results.intervals.ci, years: breakdown.intervalYears, notes: breakdown.intervalNotes ?? {} };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Whether a breakdown's intervals wait to be asked for (issue 31, session 31: the planning computes the monthly
 * ones; the bi-weekly and weekly ones are computed on request, and say so in `intervalsNote`).
 */
export function intervalsOnRequest(breakdown: { intervalsNote?: string }): boolean {
  return breakdown.intervalsNote?.startsWith('intervals on request') ?? false;
}

/** The line under a chart whose breakdown has no intervals: on request, switched off, or why none. */
export function noIntervalsCaption(breakdown: { intervalsNote?: string; intervalYears?: unknown }): string {
  if (intervalsOnRequest(breakdown))
    return 'The 90 % intervals of this breakdown are available on request: switch "Intervals" on to compute them (a few seconds on a 40-year record).';
  if (breakdown.intervalYears) return 'Intervals switched off: switch "Intervals" on to draw the whiskers.';
  if (breakdown.intervalsNote)
    return `No whiskers: ${breakdown.intervalsNote.replace(/^no intervals: /, '')}.`;
  return intervalCaption(null, []);
}

/**
 * The sentence under a chart with whiskers: what they are and the years they rest on, the periods without
 * one and why, or why the whole chart has none.
 */
export function intervalCaption(
  summary: IntervalSummary | null,
  periods: readonly string[],
  resamples?: number,
): string {
  if (!summary)
    return 'No intervals: these results were computed before intervals existed; launch the planning again to get them.';
  const without = periods.filter((p) => summary.notes[p]);
  const withYears = periods.filter((p) => !summary.notes[p]).map((p) => summary.years[p] ?? 0);
  if (withYears.length === 0) {
    const note = summary.notes[without[0]!] ?? '';
    return `${capitalise(note)}: no whiskers.`;
  }
  const low = Math.min(...withYears);
  const high = Math.max(...withYears);
  const years = low === high ? `${low} years` : `${low}–${high} years`;
  const drawn = resamples ? `, ${resamples.toLocaleString('en')} resamples` : '';
  const head = `Whiskers: the ${Math.round(summary.ci * 100)} % interval of each value (year-block bootstrap${drawn}), on ${years} of data per period.`;
  if (without.length === 0) return head;
  return `${head} ${without.join(', ')}: ${summary.notes[without[0]!]}.`;
}
