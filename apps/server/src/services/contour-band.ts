// The band of a point's environmental contours on request (issue 34 follow-up of issue 31 §3): computed once
// in a statistics thread from the point's record, stored with the ENVC result (a second request, the Analyze
// view and the Design report read it), answered as the result's visualisation payload. No credit: the point
// was paid for when computed, and the band is a further view of its stored contours.
import type { VisuPayload } from '@metocean/contracts';
import { CONTOUR_BAND_ON_REQUEST, type StatisticTarget } from '@metocean/core';
import type { PointReading } from '../data/calibrated';
import type { Caller, Services } from './context';
import { viewOnRequest, type ViewOnRequest } from './on-request';

/** The job a statistics thread runs for the band (jobs/contour-band.ts). */
export interface ContourBandJob extends PointReading {
  kind: 'contour-band';
  /** The stored ENVC's target: the wave height and its period. */
  target: StatisticTarget;
}

/** The contours refitted (their points only) and their band, or the note saying why there is none. */
export interface ContourBandAnswer {
  contours: { returnPeriod: number; points: { hs: number; tp: number }[] }[];
  band: unknown;
  bandNote: string | null;
}

/** The band's note when the stored contours are not those of the record as it is now fitted. */
export const CONTOUR_BAND_STALE =
  'no band: the stored contours differ from those fitted to the record now (computed by an earlier version); recompute the point to get a band';

/** Whether a stored ENVC result already has its band, or the note saying why it cannot have one. */
export function bandSettled(result: Record<string, unknown>): boolean {
  if (result.band !== null && typeof result.band === 'object') return true;
  return typeof result.bandNote === 'string' && result.bandNote !== CONTOUR_BAND_ON_REQUEST;
}

type StoredContour = { returnPeriod?: unknown; points?: { hs?: unknown; tp?: unknown }[] };

/** The refitted contours are the stored ones (to 1e-9 relative: the same fit, serialised through JSON). */
export function sameContours(stored: unknown, refitted: ContourBandAnswer['contours']): boolean {
  if (!Array.isArray(stored) || stored.length !== refitted.length) return false;
  const close = (a: unknown, b: number) =>
    typeof a === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  return (stored as StoredContour[]).every((c, i) => {
    const r = refitted[i]!;
    return (
      c.returnPeriod === r.returnPeriod &&
      Array.isArray(c.points) &&
      c.points.length === r.points.length &&
      c.points.every((p, k) => close(p.hs, r.points[k]!.hs) && close(p.tp, r.points[k]!.tp))
    );
  });
}

/**
 * POST /api/projects/{id}/contour_band/: the band of the stored ENVC result `statId` of a point of the
 * project (the caller must be able to see the project: 404 otherwise), computed once and stored.
 */
export function contourBand(
  services: Services,
  caller: Caller,
  projectId: number,
  pointId: number,
  statId: string,
): Promise<VisuPayload> {
  return viewOnRequest(bandView, services, caller, projectId, pointId, statId);
}

const bandView: ViewOnRequest<ContourBandAnswer> = {
  statistic: 'ENVC',
  wrongStatistic: 'A band is computed for environmental contours (ENVC) only',
  computed: (result) => result !== null && typeof result === 'object',
  notComputed: 'These contours were not computed',
  settled: (payload) => bandSettled(payload.result as Record<string, unknown>),
  job: (row, at): ContourBandJob => ({
    kind: 'contour-band',
    ...at,
    target: row.payload.target as StatisticTarget,
  }),
  stored(row, answer) {
    const result = row.payload.result as Record<string, unknown>;
    const fresh = sameContours(result.contours, answer.contours);
    return {
      ...row.payload,
      result: {
        ...result,
        band: fresh ? answer.band : null,
        bandNote: fresh ? answer.bandNote : CONTOUR_BAND_STALE,
      },
    };
  },
};
