// The render-stat2d job (queue.ts): a zone's 2D statistics maps, one node per call in the statistics pool
// (spec 000 §6 'buy maps and 2D statistics'). Who may see and buy them is services/stat2ds.ts.
import { eq } from 'drizzle-orm';
import { stat2dLayers, zones } from '../db/schema';
import { datasetsOfZones } from '../data/registry';
import { openSource } from '../data/sources';
import { pruneRenders, renderZone, type Stat2dNodeJob } from '../data/stat2d';
import type { Services } from '../services/context';
import type { StatisticsPool } from './pool';

/**
 * The render job: computes the zone's maps from the first gridded dataset of the zone (a registered
 * regular-grid record before the zone's synthetic hindcast; point records cannot make a map), then swaps the
 * layer rows in one transaction and removes the older renders. A zone already rendered is left alone.
 */
export async function renderStat2d(services: Services, pool: StatisticsPool, zoneId: number): Promise<void> {
  const [zone] = await services.db.select().from(zones).where(eq(zones.id, zoneId)).limit(1);
  if (!zone?.has2DStatistics) return;
  const [existing] = await services.db
    .select({ id: stat2dLayers.id })
    .from(stat2dLayers)
    .where(eq(stat2dLayers.zoneId, zoneId))
    .limit(1);
  if (existing) return;
  let dataset: Awaited<ReturnType<typeof datasetsOfZones>>[number] | undefined;
  for (const candidate of await datasetsOfZones(services.db, [zoneId]))
    if ((await openSource(candidate.meta.source)).info.grid.type === 'regular') {
      dataset = candidate;
      break;
    }
  if (!dataset) throw new Error(`zone ${zone.name} has no gridded dataset to draw its maps from`);
  const outcome = await renderZone(
    services.config.dataDir,
    zone,
    {
      id: dataset.id,
      name: dataset.name,
      source: dataset.meta.source,
      synthetic: dataset.meta.synthetic,
      notes: dataset.notes,
      dateBegin: dataset.meta.dateBegin,
      dateEnd: dataset.meta.dateEnd,
    },
    (job: Stat2dNodeJob) => pool.run(job) as Promise<number[]>,
  );
  try {
    await services.db.transaction(async (tx) => {
      await tx.delete(stat2dLayers).where(eq(stat2dLayers.zoneId, zoneId));
      await tx.insert(stat2dLayers).values(
        outcome.layers.map((layer) => ({
          zoneId,
          group: layer.spec.group,
          field: layer.key,
          name: layer.spec.name,
          units: layer.units,
          tilesPath: layer.relativePath,
          propertyFile: `${layer.relativePath}/properties.json`,
          datasetId: dataset.id,
        })),
      );
    });
  } catch (error) {
    // No layer of the zone existed (checked above, one render per zone at a time): nothing to keep.
    await pruneRenders(services.config.dataDir, zoneId, undefined);
    throw error;
  }
  await pruneRenders(services.config.dataDir, zoneId, outcome.renderId);
  services.log.info(
    { zone: zone.name, layers: outcome.layers.length, nodes: outcome.nodes, seconds: outcome.seconds },
    'stat2d maps rendered',
  );
}
