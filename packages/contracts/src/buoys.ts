// Measuring buoys (spec 002 §3 Buoy, §7 GET /api/buoys/ and /api/buoys/{id}/get_visu_data/).
import { z } from 'zod';
import { idText, requiredIdText } from './ids';

const point = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });

/** A buoy with the spec's fields; `from`/`to` repeat dateBegin/dateEnd as the spec lists both. */
export const buoy = z.object({
  id: z.number(),
  /** The provider's station id, e.g. NDBC '44007'. */
  code: z.string(),
  name: z.string(),
  /** The operating centre (spec: 'centre (provider)'). */
  centre: z.string(),
  provider: z.string(),
  /** The position as GeoJSON text, as the spec's `geom`; `geometry` is the same object parsed. */
  geom: z.string(),
  geometry: point,
  /** What it measures: catalogue variables (hs, tz, …). */
  sensors: z.array(z.string()),
  dateBegin: z.string().nullable(),
  dateEnd: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** The observed series one may ask get_visu_data for (`runs=hs,tz`), with units. */
  runs: z.array(z.object({ id: z.string(), longName: z.string(), units: z.string() })),
  type: z.string(),
  notes: z.string(),
  licence: z.string(),
});
export type Buoy = z.infer<typeof buoy>;

export const buoyListQuery = z.object({ zone: idText().optional() });
export const buoyVisuQuery = z.object({
  /** Comma-joined observed series (spec 002 §7); all of them when absent. */
  runs: z.string().optional(),
  /** Optional period, ISO dates (inclusive). */
  from: z.string().datetime({ offset: true }).or(z.string().date()).optional(),
  to: z.string().datetime({ offset: true }).or(z.string().date()).optional(),
});

/** A buoy is compared with the points of a project within this distance (docs/decisions.md, validation). */
export const BUOY_NEAR_KM = 100;

export const buoyComparisonQuery = z.object({
  project: requiredIdText('project'),
  point: requiredIdText('point'),
  /** Comma-joined variables (hs,tz); every variable both the buoy and the model hold when absent. */
  runs: z.string().optional(),
});

/** A metric is null where it is undefined (no pairs, or a constant series). */
const metric = z.number().nullable();

/** Scatter data (spec 002 §3): cell centres of the two series keyed by varNames, radii, error, linregress. */
export const scatterData = z.object({
  varNames: z.tuple([z.string(), z.string()]),
  series: z.record(
    z.string(),
    z.object({
      values: z.array(z.number()),
      run: z.string(),
      attributes: z.object({ units: z.string(), longName: z.string() }),
    }),
  ),
  radii: z.array(z.number()),
  occurrence: z.array(z.number()),
  error: z.object({ values: z.array(z.number()), units: z.string() }),
  linregress: z.object({ slope: metric, intercept: metric, r2: metric }),
  nbTimeSteps: z.number(),
  cell: z.number(),
});
export type ScatterData = z.infer<typeof scatterData>;

/** The metrics of spec 002 §9 (scalar or directional ones, by variable). */
export const COMPARISON_METRICS = [
  'bias',
  'pbias',
  'rmse',
  'nrmse',
  'corr',
  'SI',
  'std_ratio',
  'dir_bias',
  'dir_rmse',
  'dir_corr',
] as const;

/** One buoy against the hindcast at a point's node: per variable, its pairs, metrics and scatter data. */
export const buoyComparison = z.object({
  buoy,
  point: z.object({ id: z.number(), name: z.string(), lat: z.number(), lng: z.number() }),
  /** Point to buoy, km. */
  distanceKm: z.number(),
  /** The hindcast node read for the point and the dataset it belongs to. */
  node: z.object({ lat: z.number(), lon: z.number(), distanceKm: z.number() }),
  dataset: z.object({ name: z.string(), notes: z.string(), synthetic: z.boolean() }),
  variables: z.array(
    z.object({
      name: z.string(),
      units: z.string(),
      longName: z.string(),
      directional: z.boolean(),
      counts: z.object({
        /** Hours both hold a value: the pairs. */
        common: z.number(),
        /** Timestamps on both time axes, a value missing or not. */
        timestamps: z.number(),
        missingModel: z.number(),
        missingMeasure: z.number(),
        paired: z.number(),
      }),
      period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
      metrics: z.record(z.string(), metric),
      scatter: scatterData,
    }),
  ),
});
export type BuoyComparison = z.infer<typeof buoyComparison>;

export const buoyMessages = {
  tooFar: (km: number) =>
    `This buoy is ${Math.round(km)} km from the point: buoys are compared with points within ${BUOY_NEAR_KM} km`,
  notInZone: "This buoy is outside the project's zone",
  expired: "The project's offer has expired: comparisons are not allowed",
  noModelData: 'No hindcast covers this point',
  unknownRuns: (runs: string[], available: string[]) =>
    `Unknown series ${runs.map((r) => `"${r}"`).join(', ')}: this buoy measures ${available.join(', ')}`,
  badPeriod: 'The period is empty: "from" must be before "to"',
  nothingToCompare: 'The buoy and the hindcast have no variable in common',
} as const;
