// Satellite comparisons (spec 002 "Satellite comparison", §3, §4, §7, §8, §9): the hindcast at a project's
// point against along-track altimetry, computed by a job and read back as per-variable scatter data.
import { z } from 'zod';
import { scatterData } from './buoys';
import { entityId, idText } from './ids';

/** Spec 002 §9: a satellite comparison can take up to 20 minutes. */
export const SATELLITE_COMPARISON_MAX_MINUTES = 20;

/** The matchup rule (docs/decisions.md, "satellite"): samples within this radius of the point, km… */
export const SATELLITE_RADIUS_KM = 50;
/** …attached to the nearest hourly model step within ± this many minutes… */
export const SATELLITE_HALF_WINDOW_MINUTES = 30;
/** …and averaged, a step needing at least this many samples. */
export const SATELLITE_MIN_SAMPLES = 3;

/** PENDING once created, RUNNING once computing (spec 002 §3: RUNNING, FINISHED), FAILED with a message. */
export const satelliteStatuses = ['PENDING', 'RUNNING', 'FINISHED', 'FAILED'] as const;
export const satelliteStatus = z.enum(satelliteStatuses);
export type SatelliteStatus = z.infer<typeof satelliteStatus>;

/** The variables compared: significant wave height and 10 m wind speed (spec 002 §9 short names). */
export const SATELLITE_VARIABLES = [
  { name: 'hs', field: 'hs', units: 'm', longName: 'significant wave height' },
  { name: 'magw', field: 'wind_speed_10m', units: 'm/s', longName: 'wind speed at 10 m' },
] as const;

const metric = z.number().nullable();

const matchupCounts = z.object({
  /** Altimeter samples with a value within the radius. */
  inRadius: z.number(),
  /** Of those, the ones no model step lies within the time window of. */
  outsideRecord: z.number(),
  /** Steps with samples, but fewer than the minimum. */
  tooFewSamples: z.number(),
  /** Steps with enough samples but no model value. */
  missingModel: z.number(),
  matchups: z.number(),
});

/** The summary of one variable, the comparison's `stats` (spec 002 §3). */
export const satelliteStat = z.object({
  units: z.string(),
  longName: z.string(),
  counts: matchupCounts,
  metrics: z.record(z.string(), metric),
});

export const satelliteComparison = z.object({
  id: z.number(),
  name: z.string(),
  project: z.number(),
  point: z.number(),
  /** Who launched it (the e-mail goes to them); null once that user is deleted. */
  user: z.number().nullable(),
  status: satelliteStatus,
  /** Why it failed; empty otherwise. */
  errorMessage: z.string(),
  /** By variable name, once FINISHED; null before. */
  stats: z.record(z.string(), satelliteStat).nullable(),
  /** True when the altimetry was drawn from the hindcast (no real L3 file for the zone); null before. */
  synthetic: z.boolean().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  computedAt: z.string().nullable(),
});
export type SatelliteComparison = z.infer<typeof satelliteComparison>;

export const satelliteListQuery = z.object({
  project: idText().optional(),
  point: idText().optional(),
});

/** POST /api/satellite_comparisons/ (spec 002 §7: name from project and point, project, point, user). */
export const createSatelliteComparison = z.object({
  name: z.string().trim().min(1, 'name is required').max(200, 'name is at most 200 characters'),
  project: entityId(),
  point: entityId(),
  /** The caller's own id (the spec's payload carries it); the comparison is always the caller's. */
  user: entityId().optional(),
});
export type CreateSatelliteComparison = z.infer<typeof createSatelliteComparison>;

/** The name the web gives a comparison: from the project and the point (spec 002 §7). */
export const satelliteComparisonName = (project: string, point: string) => `${project} - ${point}`;

/** A file named for a comparison (the download zip, the chart PNG): its name, safe on every file system. */
export function satelliteFileName(name: string, extension: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'satellite_comparison';
  return `${safe}.${extension}`;
}

/** GET /api/satellite_comparisons/{id}/get_visu_data/: per variable, the scatter data and metrics. */
export const satelliteVisuData = z.object({
  comparison: z.object({ id: z.number(), name: z.string(), computedAt: z.string().nullable() }),
  point: z.object({ id: z.number(), name: z.string(), lat: z.number(), lng: z.number() }),
  node: z.object({ lat: z.number(), lon: z.number(), distanceKm: z.number() }),
  dataset: z.object({ name: z.string(), notes: z.string(), synthetic: z.boolean() }),
  altimetry: z.object({
    synthetic: z.boolean(),
    source: z.string(),
    missions: z.array(z.string()),
    radiusKm: z.number(),
    halfWindowMinutes: z.number(),
    minSamples: z.number(),
  }),
  variables: z.array(
    z.object({
      name: z.string(),
      units: z.string(),
      longName: z.string(),
      directional: z.boolean(),
      counts: matchupCounts,
      period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
      metrics: z.record(z.string(), metric),
      scatter: scatterData,
    }),
  ),
});
export type SatelliteVisuData = z.infer<typeof satelliteVisuData>;

export const satelliteMessages = {
  /** Spec 002 §8. */
  launchFailed: (project: string, point: string, user: string) =>
    `Satellite comparison could not be launched: please contact support, giving the project “${project}”, the point “${point}” and the user “${user}”.`,
  expired: "The project's offer has expired: satellite comparisons are not allowed",
  managersOnly: 'Only the managers of the project may launch a satellite comparison',
  wrongPoint: 'This point does not belong to the project',
  wrongUser: 'A satellite comparison is launched for yourself only',
  running: 'A satellite comparison of this point is already running',
  notFinished: 'The satellite comparison is not finished yet',
  alreadyFinished: 'This satellite comparison is already computed: launch a new one to compute it again',
  noModelData: 'No hindcast covers this point',
  workerLost: 'The satellite comparison stopped (its worker was lost) and was not retried: launch it again.',
  noMatchup: (km: number) =>
    `No altimeter pass was found within ${km} km of the point during the hindcast's period`,
} as const;
