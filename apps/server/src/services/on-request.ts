// A further view of a point's stored result computed on request (the contour band, the WD wait intervals):
// too costly for every point's standard set, it is computed once, when asked, in a statistics thread, and
// stored with the result; a second request, or one made while it runs, reads it. The caller must be able to
// see the project (404 otherwise); the answer is the result's visualisation payload. No credit: the point
// was paid for when computed.
import { eq } from 'drizzle-orm';
import { statIdParts, type VisuPayload } from '@metocean/contracts';
import { pointReading, type PointReading } from '../data/calibrated';
import { sourceForPoint } from '../data/registry';
import { encodePayload } from '../db/payload';
import { results } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { perDatabase, type Caller, type Services } from './context';
import { projectFor } from './project-access';
import { finishedResults, storedPayload } from './results';

/** A stored result as the view reads it (services/results.ts finishedResults). */
export type StoredRow = Awaited<ReturnType<typeof finishedResults>>[number];

/** A job of the statistics threads (jobs/pool.ts PoolJob, as services see it). */
type ThreadJob = Parameters<Awaited<ReturnType<NonNullable<Services['statisticsPool']>>>['run']>[0];

export interface ViewOnRequest<Answer = unknown> {
  /** The statistic the view is for, and the refusal of a request for another one. */
  statistic: string;
  wrongStatistic: string;
  /** Whether the stored result can give the view; the refusal's words otherwise ("These … were not computed"). */
  computed(result: unknown): boolean;
  notComputed: string;
  /** Whether the stored payload already holds the view, or a note saying why it cannot. */
  settled(payload: Record<string, unknown>): boolean;
  /** The statistics thread's job for the stored result, reading the record `at`. */
  job(row: StoredRow, at: PointReading): ThreadJob;
  /** The payload stored once the thread answered (the view, or a note saying why there is none). */
  stored(row: StoredRow, answer: Answer): Record<string, unknown>;
}

/** Computes the view in a statistics thread from the point's record and stores it with the result. */
async function computeAndStore<Answer>(
  view: ViewOnRequest<Answer>,
  services: Services,
  zoneId: number,
  row: StoredRow,
): Promise<void> {
  const source = await sourceForPoint(services.db, zoneId, row.lat, row.lng);
  if (!source) throw notFound();
  if (!services.statisticsPool) throw new Error('no statistics threads in this process');
  const pool = await services.statisticsPool();
  const job = view.job(row, pointReading(source, row));
  const answer = (await pool.run(job)) as Answer;
  await services.db
    .update(results)
    .set({ payload: encodePayload(JSON.stringify(view.stored(row, answer))) })
    .where(eq(results.id, row.id));
}

/** Views being computed, per result row: a second request while one runs waits for it. */
const computingIn = perDatabase(() => new Map<number, Promise<void>>());

export async function viewOnRequest<Answer>(
  view: ViewOnRequest<Answer>,
  services: Services,
  caller: Caller,
  projectId: number,
  pointId: number,
  statId: string,
): Promise<VisuPayload> {
  const access = await projectFor(services.db, caller, projectId);
  if (statIdParts(statId).id !== view.statistic)
    throw badRequest({ fieldErrors: { stats_id: [view.wrongStatistic] } });
  const [row] = await finishedResults(services.db, access.project.id, pointId, [statId]);
  if (!row) throw notFound();
  if (!view.computed(row.payload.result))
    throw badRequest({
      nonFieldErrors: [
        `${view.notComputed}: ${typeof row.payload.error === 'string' ? row.payload.error : 'no result stored'}`,
      ],
    });
  if (!view.settled(row.payload)) {
    const computing = computingIn(services.db);
    let running = computing.get(row.id);
    if (!running) {
      running = computeAndStore(view, services, access.zone.id, row).finally(() => computing.delete(row.id));
      computing.set(row.id, running);
    }
    await running;
  }
  return storedPayload(services, access, pointId, statId);
}
