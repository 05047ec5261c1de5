// The satellite-comparison job (spec 002 "Satellite comparison"; docs/decisions.md, "satellite"): finds the
// dataset of the point, has a statistics thread read the along-track altimetry near the point's model node
// (the zone's L3 files, else synthetic tracks flagged as such) and the node's hourly record and match them
// for Hs and the 10 m wind speed (satellite-collocate.ts), stores the per-variable metrics, scatter data
// and matchups, flags the point as validated and e-mails the user. Any error fails the comparison with its
// message (and the e-mail says so).
import { and, eq } from 'drizzle-orm';
import {
  SATELLITE_HALF_WINDOW_MINUTES,
  SATELLITE_MIN_SAMPLES,
  SATELLITE_RADIUS_KM,
  satelliteMessages,
  type SatelliteComparison,
  type SatelliteVisuData,
} from '@metocean/contracts';
import { altimetryFolder, altimetrySource } from '../data/altimetry';
import { pointReading } from '../data/calibrated';
import { points, projects, satelliteComparisons, users } from '../db/schema';
import { satelliteDoneMail } from '../mail/templates';
import type { Services } from '../services/context';
import type { StatisticsPool } from './pool';
import type { SatelliteCollocation, SatelliteCollocationJob } from './satellite-collocate';

/** A refusal the user can act on: logged as information, not as a fault. */
class SatelliteError extends Error {}

export async function satelliteComparisonJob(
  services: Services,
  pool: StatisticsPool,
  comparisonId: number,
): Promise<void> {
  const db = services.db;
  const [row] = await db
    .select({ comparison: satelliteComparisons, zoneId: projects.zoneId, point: points })
    .from(satelliteComparisons)
    .innerJoin(projects, eq(projects.id, satelliteComparisons.projectId))
    .innerJoin(points, eq(points.id, satelliteComparisons.pointId))
    .where(eq(satelliteComparisons.id, comparisonId));
  // deleted meanwhile, or not launched: nothing to do. One found RUNNING with a start was left so by a worker
  // that died: pg-boss retries its expired job here and the comparison starts again.
  if (!row || row.comparison.status !== 'RUNNING') return;
  const { comparison, point } = row;
  await db
    .update(satelliteComparisons)
    .set({ startedAt: new Date() })
    .where(eq(satelliteComparisons.id, comparisonId));
  let failure: string | null = null;
  let stats: SatelliteComparison['stats'] = null;
  try {
    // the dataset is found here (database); reading and matching run in a statistics thread
    const source = await altimetrySource(db, row.zoneId, point.lat, point.lng);
    const job: SatelliteCollocationJob = {
      kind: 'satellite-collocation',
      ...pointReading(source, point),
      folder: altimetryFolder(services.config.dataDir, row.zoneId),
    };
    const found = (await pool.run(job)) as SatelliteCollocation;
    const { variables, matchups, synthetic } = found;
    if (variables.length === 0) throw new SatelliteError(satelliteMessages.noMatchup(SATELLITE_RADIUS_KM));
    const visu: SatelliteVisuData = {
      comparison: { id: comparison.id, name: comparison.name, computedAt: new Date().toISOString() },
      point: { id: point.id, name: point.name, lat: point.lat, lng: point.lng },
      node: found.node,
      dataset: found.dataset,
      altimetry: {
        synthetic,
        source: found.source,
        missions: found.missions,
        radiusKm: SATELLITE_RADIUS_KM,
        halfWindowMinutes: SATELLITE_HALF_WINDOW_MINUTES,
        minSamples: SATELLITE_MIN_SAMPLES,
      },
      variables,
    };
    stats = Object.fromEntries(
      variables.map((v) => [
        v.name,
        { units: v.units, longName: v.longName, counts: v.counts, metrics: v.metrics },
      ]),
    );
    await db
      .update(satelliteComparisons)
      .set({
        status: 'FINISHED',
        stats,
        visu,
        matchups,
        synthetic,
        computedAt: new Date(visu.comparison.computedAt!),
      })
      .where(eq(satelliteComparisons.id, comparisonId));
    await db.update(points).set({ hasSatelliteValidation: true }).where(eq(points.id, point.id));
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    if (!(error instanceof SatelliteError))
      services.log.error({ err: error, comparisonId }, 'satellite comparison failed');
    await db
      .update(satelliteComparisons)
      .set({ status: 'FAILED', errorMessage: failure, computedAt: new Date() })
      .where(eq(satelliteComparisons.id, comparisonId));
  }
  if (comparison.userId !== null) {
    const [user] = await db.select().from(users).where(eq(users.id, comparison.userId));
    if (user?.email)
      await services.queue.send(
        'send-email',
        satelliteDoneMail(
          user.email,
          user.firstName || user.username,
          comparison.name,
          failure,
          stats,
          `${services.config.publicUrl}/data-validation/${comparison.projectId}`,
        ),
      );
  }
}

/**
 * The dead-letter handler: a comparison whose job expired after its last retry (its worker died) would stay
 * RUNNING and keep the point from a new launch; it fails with a message instead.
 */
export async function failLostSatellite(services: Services, comparisonId: number): Promise<void> {
  await services.db
    .update(satelliteComparisons)
    .set({ status: 'FAILED', errorMessage: satelliteMessages.workerLost, computedAt: new Date() })
    .where(and(eq(satelliteComparisons.id, comparisonId), eq(satelliteComparisons.status, 'RUNNING')));
}
