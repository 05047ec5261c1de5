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
