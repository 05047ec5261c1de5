// Measuring buoys (spec 002 §3 Buoy, §7 GET /api/buoys/ and /api/buoys/{id}/get_visu_data/).
import { z } from 'zod';
import { idText } from './ids';

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

export const buoyMessages = {
  unknownRuns: (runs: string[], available: string[]) =>
    `Unknown series ${runs.map((r) => `"${r}"`).join(', ')}: this buoy measures ${available.join(', ')}`,
  badPeriod: 'The period is empty: "from" must be before "to"',
} as const;
