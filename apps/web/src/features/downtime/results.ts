// The data sets of a planning's results and how they read (issue 22 results layout; spec 001 §9 labels).
export const RESULT_DATASETS = {
  distribsOfAllDurations: { label: 'Estimated Duration', unit: 'h' },
  distribsOfAllDelay: { label: 'Estimated Downtime', unit: 'h' },
  distribsOfDowntimePercent: { label: 'Downtime (% of duration)', unit: '%' },
  distribsOfNoDowntimeRatio: { label: 'Weather Window (no-downtime ratio)', unit: '%' },
} as const;
export type ResultDataset = keyof typeof RESULT_DATASETS;
