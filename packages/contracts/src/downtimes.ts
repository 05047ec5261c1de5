// Advanced Weather Downtime (AWD) plannings: statuses, settings, scan answers, results layout (spec 001 §3,
// §4, §5, §7, §9; issue 22).
import { z } from 'zod';
import { alphaChoice, alphaSummary } from './alpha';

export const planningStatuses = ['PENDING', 'RUNNING', 'FINISHED', 'FAILED'] as const;
export const planningStatus = z.enum(planningStatuses);
export type PlanningStatus = z.infer<typeof planningStatus>;

/** Status labels shown by the dashboard (spec 001 §4). */
export const planningStatusLabels: Record<PlanningStatus, string> = {
  FINISHED: 'Ready',
  RUNNING: 'Loading',
  PENDING: 'Pending',
  FAILED: 'Failed',
};

/** The Excel outputs a planning can produce (spec 001 §5). */
export const planningFormats = [
  'TOTAL_DURATION',
  'DOWNTIME_DURATION',
  'DOWNTIME_PERCENT',
  'NO_DOWNTIME_RATIO',
] as const;
export const planningFormat = z.enum(planningFormats);
export type PlanningFormat = z.infer<typeof planningFormat>;

export const breakdowns = ['MONTHLY', 'BIWEEKLY', 'WEEKLY'] as const;
export type Breakdown = (typeof breakdowns)[number];

export const DEFAULT_PLANNING_PERCENTILES: readonly number[] = [50, 60, 70, 80, 90, 99];

export const downtimeMessages = {
  percentiles: 'Please enter a series of integers between 1 and 99, separated by commas.',
  coordinates: 'Please check if the coordinates are correct.',
  offerExpired: 'AWD offer expired',
  notXlsx: 'The planning must be an .xlsx file following the template.',
  required: 'This field is required.',
  workerLost: 'The planning stopped (its worker was lost) and was not retried: compute it again.',
} as const;

/** "B3", "B3:E6", "Sheet!B3:E6" or "'My sheet'!B3" (spec 001 §5: at least 2 characters, valid coordinates). */
export const RANGE_PATTERN =
  /^(?:(?:'(?:[^']|'')+'|[^!'[\]*?/\\:]+)!)?\$?[A-Za-z]{1,3}\$?[1-9]\d{0,6}(?::\$?[A-Za-z]{1,3}\$?[1-9]\d{0,6})?$/;
export const rangeCoords = z
  .string({ error: downtimeMessages.coordinates })
  .trim()
  .regex(RANGE_PATTERN, downtimeMessages.coordinates);

/** Unique integers 1–99 (spec 001 §5, §9). */
export const planningPercentiles = z
  .array(
    z
      .number()
      .int(downtimeMessages.percentiles)
      .min(1, downtimeMessages.percentiles)
      .max(99, downtimeMessages.percentiles),
    {
      error: downtimeMessages.percentiles,
    },
  )
  .min(1, downtimeMessages.percentiles)
  .refine((list) => new Set(list).size === list.length, downtimeMessages.percentiles);

/** "50, 60,70" → [50, 60, 70], or null when it is not a series of integers. */
export function parsePercentileList(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p))) return null;
  const list = parts.map(Number);
  return planningPercentiles.safeParse(list).success ? list : null;
}

export const planningSettings = z.object({
  outputDir: z.string({ error: downtimeMessages.required }).trim().min(1, downtimeMessages.required).max(100),
  percentiles: planningPercentiles,
  envCoords: rangeCoords,
  tasksCoords: rangeCoords,
  /** alias → point name of the project. */
  locationAliases: z.record(z.string().trim().min(1).max(100), z.string().trim().min(1)).default({}),
  formats: z
    .array(planningFormat)
    .min(1)
    .default([...planningFormats]),
  /**
   * Alpha factors (issue 32): "none" (the raw limits), "os-h101-2011-t4-1" (DNV-OS-H101 (2011) Table 4-1)
   * or a company table "user-<id>". Absent in plannings made before: none.
   */
  alpha: alphaChoice.default('none'),
});
export type PlanningSettings = z.infer<typeof planningSettings>;

export const planningIssueKinds = ['error', 'warning'] as const;
export const planningIssue = z.object({
  kind: z.enum(planningIssueKinds),
  text: z.string(),
  /** "Sheet!B4", or null when the issue is about the whole workbook. */
  cell: z.string().nullable(),
});
export type PlanningIssue = z.infer<typeof planningIssue>;

export const planningPoint = z.object({
  name: z.string(),
  lng: z.number(),
  lat: z.number(),
  /** The project's point (issue 33; absent in plannings made before): a calibrated variant is read corrected. */
  id: z.number().optional(),
  /** A calibrated variant's stamp in words (the series the planning reads); null for an original point. */
  calibration: z.string().nullable().optional(),
});
export type PlanningPoint = z.infer<typeof planningPoint>;

/**
 * The plan as the Gantt draws it (spec 001 §3 "Gantt task"): trips › tasks › activities in table order, each
 * activity with its Tasks-table values (environment "none" for no limit; locationAlias null when empty).
 */
export const planActivity = z.object({
  id: z.string(),
  minimumDuration: z.number(),
  /** contingency_time in percent, 0 when empty. */
  inputContingencyTime: z.number(),
  nbWindows: z.number(),
  environment: z.string(),
  locationAlias: z.string().nullable(),
  continuous: z.boolean(),
});
export const planTrip = z.object({
  id: z.string(),
  tasks: z.array(z.object({ id: z.string(), activities: z.array(planActivity) })),
});
export type PlanTripView = z.infer<typeof planTrip>;

/**
 * A project point as the upload step sees it (issue 30): where it reads its data (null when no dataset of
 * the zone serves it), the catalogue field keys there ("wind_speed", "current_speed@10") and its data node.
 */
export const scanPoint = planningPoint.extend({
  dataset: z.string().nullable(),
  synthetic: z.boolean(),
  fields: z.array(z.string()),
  node: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  /** The other points that read the same node of the same dataset (the server's one rule, issue 30). */
  sharedWith: z.array(z.string()),
});
export type ScanPoint = z.infer<typeof scanPoint>;

export const scanAnswer = z.object({
  fileName: z.string(),
  outputDir: z.string(),
  envCoords: z.string().nullable(),
  tasksCoords: z.string().nullable(),
  points: z.array(scanPoint),
  /** Per environment, the field keys it limits: the upload step checks them against each point's fields. */
  environmentNeeds: z.record(z.string(), z.array(z.string())),
  percentiles: z.array(z.number()),
  /** Aliases found in the location column, each mapped to a point when its name matches one. */
  locationAliases: z.record(z.string(), z.string().nullable()),
  formats: z.array(z.object({ value: planningFormat, selected: z.boolean() })),
  planning: z.object({ errors: z.array(planningIssue), warnings: z.array(planningIssue) }),
  /** The plan's trips for the Gantt preview; empty when the tables could not be read. */
  trips: z.array(planTrip),
});
export type ScanAnswer = z.infer<typeof scanAnswer>;

const percentileValues = z.record(z.string(), z.number().nullable());

/** results[breakdown][dataset].wholeSequenceScenarios["P50"][period] and tripsScenarios[trip][period]["P50"]. */
/** [lower, upper] of a year-block bootstrap interval, or null (fewer than 5 years, or no value). */
const interval = z.tuple([z.number(), z.number()]).nullable();
const percentileIntervals = z.record(z.string(), interval);

export const planningDistribution = z.object({
  wholeSequenceScenarios: z.record(z.string(), percentileValues),
  tripsScenarios: z.record(z.string(), z.record(z.string(), percentileValues)),
  /** Beside the percentiles, same keys (issue 31): wholeSequenceIntervals["P50"]["Jan"] = [lower, upper]. */
  wholeSequenceIntervals: z.record(z.string(), percentileIntervals).optional(),
  /** tripsIntervals[trip]["Jan"]["P50"] = [lower, upper]. */
  tripsIntervals: z.record(z.string(), z.record(z.string(), percentileIntervals)).optional(),
});
export type PlanningDistribution = z.infer<typeof planningDistribution>;

export const planningBreakdownResults = z.object({
  /** hours */
  distribsOfAllDelay: planningDistribution,
  /** hours */
  distribsOfAllDurations: planningDistribution,
  /** percent: 100·delay_Pp / duration_Pp */
  distribsOfDowntimePercent: planningDistribution,
  /** percent, the value reached or exceeded in p % of the years */
  distribsOfNoDowntimeRatio: planningDistribution,
  /** percent over all years pooled: whole sequence per period, and per trip per period */
  pooledNoDowntimeRatio: z.object({
    wholeSequence: percentileValues,
    trips: z.record(z.string(), percentileValues),
  }),
  /** uncensored starts per period */
  starts: z.record(z.string(), z.number()),
  periods: z.array(z.string()),
  percentiles: z.array(z.number()),
  /** The number of years each period's intervals rest on (issue 31). */
  intervalYears: z.record(z.string(), z.number()).optional(),
  /** Why a period has no interval (fewer than 5 years). */
  intervalNotes: z.record(z.string(), z.string()).optional(),
  /**
   * Why the breakdown has no intervals (issue 31, session 31): "intervals on request: …" until they are asked
   * for (POST /api/downtimes/{id}/intervals/?breakdown=), or "no intervals: …" when they could not be stored.
   */
  intervalsNote: z.string().optional(),
});
export type PlanningBreakdownResults = z.infer<typeof planningBreakdownResults>;

/** The result data sets whose percentiles have a convention to state. */
export type PlanningDistributionName =
  'distribsOfAllDelay' | 'distribsOfAllDurations' | 'distribsOfDowntimePercent' | 'distribsOfNoDowntimeRatio';

/**
 * What `Pp` means in each result (docs/methods/awd.md rules 25–26), printed where the table is — screen,
 * files, reports — because the weather window's P50 above its P99 surprises a reader not told that it is
 * an exceedance percentile over the years (issue 35).
 */
export const planningPercentileConventions: Record<PlanningDistributionName, string> = {
  distribsOfAllDelay:
    'Pp is the downtime not exceeded at p % of the hourly starts of the period, all years pooled: P99 is the longest.',
  distribsOfAllDurations:
    'Pp is the duration not exceeded at p % of the hourly starts of the period, all years pooled: P99 is the longest.',
  distribsOfDowntimePercent:
    'Pp is 100 × downtime Pp / duration Pp, both over the hourly starts of all years pooled.',
  distribsOfNoDowntimeRatio:
    'Pp is an exceedance percentile over the years: the no-downtime ratio reached or exceeded in p % of the years, so P50 ≥ P99.',
};

/** GET /api/downtimes/{id}/results/ (the results layout of issue 22). */
export const planningResults = z.object({
  MONTHLY: planningBreakdownResults,
  BIWEEKLY: planningBreakdownResults,
  WEEKLY: planningBreakdownResults,
  /** Starts whose plan cannot finish before the record ends: left out of every statistic. */
  censored: z.number(),
  /** Every hourly start considered. */
  totalStarts: z.number(),
  trips: z.array(z.string()),
  /** First and last hour of the common record, ISO UTC. */
  period: z.object({ start: z.string(), end: z.string() }),
  rulesVersion: z.string(),
  /** How the intervals were drawn (issue 31): coverage, resamples, seed and the method in one line. */
  intervals: z
    .object({ ci: z.number(), resamples: z.number(), seed: z.number(), method: z.string() })
    .optional(),
  /** The alpha table the limits were factored with and each factored limit; null or absent: none. */
  alpha: alphaSummary.nullable().optional(),
  /** With α: the same planning on the raw limits, for the side-by-side view (no trips' view needed twice). */
  withoutAlpha: z
    .object({
      MONTHLY: planningBreakdownResults,
      BIWEEKLY: planningBreakdownResults,
      WEEKLY: planningBreakdownResults,
      censored: z.number(),
      totalStarts: z.number(),
    })
    .optional(),
});
export type PlanningResults = z.infer<typeof planningResults>;

/** A planning as the API answers it (spec 001 §3): no file bytes, no results (GET …/results/ has them). */
export const planning = z.object({
  id: z.number(),
  user: z.number().nullable(),
  project: z.number(),
  name: z.string(),
  fileName: z.string(),
  status: planningStatus,
  progress: z.number(),
  /** The failure's message; '' unless FAILED. */
  errorMessage: z.string(),
  points: z.array(planningPoint),
  hasJsonResults: z.boolean(),
  percentiles: z.array(z.number()),
  formats: z.array(planningFormat),
  locationAliases: z.array(z.object({ alias: z.string(), point: z.string() })),
  envCoords: z.string(),
  tasksCoords: z.string(),
  /** The settings' alpha choice ("none" for plannings made before issue 32). */
  alpha: z.string(),
  createdAt: z.string(),
  /** When it was launched (PUT compute); null for a planning created but never launched. */
  queuedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  computedAt: z.string().nullable(),
  /** On GET of one planning: the plan's trips for the Gantt. */
  trips: z.array(planTrip).optional(),
});
export type Planning = z.infer<typeof planning>;
