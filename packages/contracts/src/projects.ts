import { z } from 'zod';
import { calibrationStamp } from './calibration';
import { entityId, idText, requiredIdText } from './ids';
import { limits } from './limits';
import { messages } from './messages';
import { bounds, geometry } from './zones';

// Statuses of projects and point tasks (spec 000 §4); compared case-insensitively, shown upper-case.
export const statuses = ['PENDING', 'RUNNING', 'FINISHED', 'FAILED', 'CANCELLED'] as const;
export const status = z.enum(statuses);
export type Status = z.infer<typeof status>;

/**
 * Letters, digits, "-" and "_", in words separated by single spaces (issue 30: "Cable lay 2025" is a
 * project name; the spec's slug rule refused it). Leading and trailing spaces are trimmed first.
 */
export const projectNamePattern = /^[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*$/;
export const projectName = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .min(limits.projectNameMin, messages.minLength(limits.projectNameMin))
  .max(limits.projectNameMax, messages.maxLength(limits.projectNameMax))
  .regex(projectNamePattern, messages.slugOnly);

export const pointName = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(limits.pointNameMax, messages.maxLength(limits.pointNameMax));

const latitude = z.number({ error: messages.notNumber });
const longitude = z.number({ error: messages.notNumber });

export const pointGeom = z.object({ type: z.literal('Point'), coordinates: z.tuple([longitude, latitude]) });

export const taskSummary = z.object({ id: z.number(), processType: z.string(), status });

/**
 * Where a point reads its hindcast (issue 30, ours): the dataset serving it, the node it snaps to and the
 * project's other points on that node, which read the very same series. Given by the project detail.
 */
export const pointDataNode = z
  .object({
    dataset: z
      .string()
      .describe('The dataset the point reads, "(synthetic)" when it is the synthetic demo set'),
    synthetic: z.boolean(),
    lat: z.number().describe('Latitude of the data node, degrees north'),
    lon: z.number().describe('Longitude of the data node, degrees east'),
    distanceKm: z.number().describe('Great-circle distance from the point to the node, km'),
    sharedWith: z
      .array(z.number())
      .describe("Ids of the project's other points reading the same node of the same dataset"),
  })
  .describe('The data node a point reads');
export type PointDataNode = z.infer<typeof pointDataNode>;

export const point = z.object({
  id: z.number(),
  project: z.number(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  geom: pointGeom,
  isComputed: z.boolean(),
  hasSatelliteValidation: z.boolean(),
  nbVersion: z.number(),
  tasksPoints: z.array(taskSummary),
  /** A calibrated variant (issue 33): the original point's id and the correction its series carries. */
  calibrationOf: z.number().nullable().optional(),
  calibration: calibrationStamp.nullable().optional(),
  /** In the project detail: where the point reads its data; null when no dataset of the zone serves it. */
  dataNode: pointDataNode.nullable().optional(),
});
export type Point = z.infer<typeof point>;

export const newPoint = z.object({ name: pointName.optional(), lat: latitude, lng: longitude });
export type NewPoint = z.infer<typeof newPoint>;

export const createPointRequest = z.object({
  project: entityId(),
  name: pointName.optional(),
  geom: pointGeom,
});
export const updatePointRequest = z.object({
  id: entityId(),
  project: entityId(),
  name: pointName,
  geom: pointGeom.optional(),
  lat: latitude.optional(),
  lng: longitude.optional(),
  nbVersion: entityId(),
});
export const bulkCreatePointsRequest = z.object({
  project: entityId(),
  points: z.array(newPoint).min(1).max(1000),
});

export const parsedPoints = z.object({
  points: z.array(z.object({ name: z.string(), lat: z.number(), lng: z.number() })),
  errors: z.array(z.object({ row: z.number().nullable(), message: z.string() })),
});
export type ParsedPoints = z.infer<typeof parsedPoints>;

export const computationSummary = z.object({
  id: z.number(),
  spentBy: z.number().nullable(),
  isDowntime: z.boolean(),
  credits: z.number(),
  status,
  reports: z.array(z.number()),
  createdAt: z.string(),
});

export const projectZone = z.object({
  id: z.number(),
  name: z.string(),
  isDemo: z.boolean(),
  geom: geometry,
  has2DStatistics: z.boolean(),
  bounds,
});

export const projectOfferInstance = z.object({
  id: z.number(),
  offer: z.string(),
  offerEnd: z.string(),
  isTrial: z.boolean(),
  isUnlimited: z.boolean(),
  canDownloadStats: z.boolean(),
  expired: z.boolean(),
  nbAuthPoints: z.number().nullable(),
  creditsPerPoint: z.number(),
});

/** One row of a computed point's overview popup: a variable at a level (spec 000 §2.8, spec 002 §9). */
export const overviewRow = z.object({
  /** The level label ('surface', '10 m', '-50 m'), or '' for a variable without levels. */
  layer: z.string(),
  variable: z.string(),
  longName: z.string(),
  units: z.string(),
  mean: z.number(),
  min: z.number(),
  max: z.number(),
  median: z.number(),
  std: z.number(),
  /** A direction: mean and std are the circular ones, no median (-999) (issue 21). */
  circular: z.boolean(),
});
export type OverviewRow = z.infer<typeof overviewRow>;

export const project = z.object({
  id: z.number(),
  name: z.string(),
  status,
  progress: z.number(),
  type: z.number(),
  zone: projectZone,
  collaborators: z.array(z.number()),
  computations: z.array(computationSummary),
  points: z.array(point),
  nbPoints: z.number(),
  isMcDashboard: z.boolean(),
  canBuildReport: z.boolean(),
  canRunDowntime: z.boolean(),
  offerInstance: projectOfferInstance,
  /** The creator's id. */
  user: z.number().nullable(),
  /** The caller may create, rename and delete (spec 000 §6: one project-level flag). */
  isManager: z.boolean(),
  canShare: z.boolean(),
  createdAt: z.string(),
  /** Per computed point id: the overview table of its map popup (spec 000 §2.8). */
  overviewStats: z.record(z.string(), z.array(overviewRow)),
});
export type Project = z.infer<typeof project>;

export const projectListItem = project
  .omit({ points: true, computations: true, overviewStats: true })
  .extend({
    points: z.array(z.object({ id: z.number(), lat: z.number(), lng: z.number(), isComputed: z.boolean() })),
  });
export type ProjectListItem = z.infer<typeof projectListItem>;

export const projectOrderings = ['-id', 'name'] as const;
export const projectListQuery = z.object({
  ordering: z.enum(projectOrderings).default('-id'),
  search: z.string().trim().max(100).optional(),
});

/** A trial offer needs neither name nor zone: the server generates the name and takes the first zone. */
export const createProjectRequest = z.object({
  name: projectName.optional(),
  offerInstance: entityId(),
  zone: entityId().optional(),
  collaborators: z.array(entityId()).max(500).default([]),
  isTrial: z.boolean().default(false),
  points: z.array(newPoint).max(1000).default([]),
});
export const createProjectResponse = z.object({ status: z.literal('success'), projectId: z.number() });

export const renameProjectRequest = z.object({ name: projectName });
export const updateCollaboratorsRequest = z.object({
  collaborators: z.array(entityId()).max(500),
});

export const statResult = z.object({ pointId: z.number(), statId: z.string(), code: z.string() });
export const visuDataQuery = z.object({
  stats_id: z.string().min(1).max(200),
  point: requiredIdText('point'),
});

/** Bounds of the weather-window and downtime settings a user may recompute with (get_visu_data). */
export const windowSettingsLimits = { maxDurations: 8, maxDurationHours: 24 * 31 } as const;

/** The operational limit of WW and WD, in the variable's units (> 0: they apply to magnitudes). */
export const windowLimit = z.coerce
  .number({ error: 'The limit must be a number' })
  .finite('The limit must be a number')
  .positive('The limit must be above 0');

/** Window or operation durations in hours, comma-separated ("6,12,24"), each > 0 and at most 31 days. */
export const windowDurations = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?( *, *\d+(\.\d+)?)*$/, 'Durations are hours separated by commas, e.g. 6,12,24')
  .transform((text) => text.split(',').map(Number))
  .pipe(
    z
      .array(
        z
          .number()
          .positive('Every duration must be above 0 hours')
          .max(
            windowSettingsLimits.maxDurationHours,
            `A duration is at most ${windowSettingsLimits.maxDurationHours} hours (31 days)`,
          ),
      )
      .min(1, 'Give at least one duration')
      .max(windowSettingsLimits.maxDurations, `At most ${windowSettingsLimits.maxDurations} durations`),
  );

export const task = z.object({
  id: z.number(),
  point: z.number(),
  status,
  processType: z.string(),
  progress: z.number(),
  error: z.string(),
  document: z.string().nullable(),
});
export type Task = z.infer<typeof task>;

/**
 * Process types a task may be computed with: 'ALL' (what a project compute uses) or one of the spec's
 * statistic codes (spec 000 §9), which labels the run button. A point is computed once, whole: every
 * process type runs every statistic its dataset supports (docs/decisions.md).
 */
export const statisticCodes = [
  'WW',
  'DR',
  'MEANCOLSTD',
  'APD',
  'WD',
  'EJPD',
  'TS',
  'EPD',
  'CTS',
  'EXT',
  'MAEXT',
  'MIEXT',
  'CUREXT',
  'HEIEXT',
  'NOCYC',
  'EFT',
] as const;
export const processTypes = ['ALL', ...statisticCodes] as const;
export const processType = z.enum(processTypes);
export type ProcessType = z.infer<typeof processType>;

export const taskListQuery = z.object({ project: idText() });
export const createTaskRequest = z.object({ point: entityId() });
/** PUT /api/tasks/{id}/compute/?id=<processType> (spec 000 §7). */
export const computeTaskQuery = z.object({ id: processType.default('ALL') });

export const projectMessages = {
  outsideZone: 'The point is outside the zone',
  latitudeOutside: (min: number, max: number, value: number) =>
    `Latitude is outside the zone: it must be between ${min} and ${max}, got ${value}`,
  longitudeOutside: (min: number, max: number, value: number) =>
    `Longitude is outside the zone: it must be between ${min} and ${max}, got ${value}`,
  pointsNotLoaded: 'The points could not be loaded: the file is empty or its points are outside the zone',
  insufficientCredits: (required: number, available: number) =>
    `This analysis needs ${required} credits and your account has ${available}. Contact us by e-mail to buy more.`,
  tooManyPoints: (allowed: number) =>
    `Your offer allows ${allowed} points per project: remove points or change offer.`,
  tooManyProjects: (allowed: number) => `Your offer allows ${allowed} projects.`,
  offerExpired: (offer: string) =>
    `The offer ${offer} has expired: its projects can be viewed but not changed.`,
  zoneNotInOffer: 'This zone is not part of the selected offer',
  trialNoDeletion: 'Points of a trial project cannot be deleted',
  trialOnePoint: 'A trial project has one point',
  nothingToCompute: 'Every point of this project is already computed',
  running: 'A computation is already running for this project',
  notDemoPack: "Only users of the 'Pack 10 Demo' offer can create the free demo project",
  taskStarted: 'This task has already been started: create a new task for the point',
  downloadNeedsUpgrade:
    'Downloading statistics is not part of your Standard Access offer. Contact us to upgrade your plan.',
  computationLost:
    'The computation of this point stopped (its worker was lost) and was not retried: compute it again.',
  fileTooLarge: (megabytes: number) => `The file is too large: the limit is ${megabytes} MB`,
} as const;
