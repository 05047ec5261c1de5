// POST /api/projects/{id}/wd_intervals/ (issue 31, session 30) and ww_intervals/ (issue 34, session 31): the
// intervals of a point's WD wait percentiles and WW window probabilities, computed on request in a
// statistics thread, stored with the result, answered as the visualisation payload; on the real ERA5 record
// the demo ingests (South China Sea node, 11 years).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  quantile,
  statisticOf,
  waitPercentileIntervals,
  windowProbabilityIntervals,
  WAIT_INTERVALS_ON_REQUEST,
  WINDOW_INTERVALS_ON_REQUEST,
  type WindowRowWithInterval,
} from '@metocean/core';
import { visuPayload, type VisuPayload } from '@metocean/contracts';
import type { PoolJob } from '../../src/jobs/pool';
import { analysedSeries } from '../../src/data/sources';
import { WAIT_INTERVALS_AT_STORED, WINDOW_INTERVALS_AT_STORED } from '../../src/services/results';
import type { IntervalsJob } from '../../src/services/intervals';
import { startTestServer, type Actor, type TestServer } from '../harness';
import { computeProject, createEra5Project } from '../project-fixture';

let server: TestServer;
let manager: Actor;
let standard: Actor;
let projectId = 0;
let pointId = 0;
let statId = '';
let wwStatId = '';
/** WD interval jobs the statistics threads were given. */
let intervalJobs = 0;
/** WW interval jobs the statistics threads were given. */
let windowJobs = 0;
/** The interval jobs, to read the record the thread read (the reference is computed from it). */
const jobs: IntervalsJob[] = [];

const intervals = (who: Actor, id = statId, point = pointId) =>
  who.post<VisuPayload>(
    `/api/projects/${projectId}/wd_intervals/?point=${point}&stats_id=${encodeURIComponent(id)}`,
  );
const visu = (query = '', id = statId) =>
  manager.get<VisuPayload>(
    `/api/projects/${projectId}/get_visu_data/?point=${pointId}&stats_id=${encodeURIComponent(id)}${query}`,
  );
const windowIntervals = (who: Actor, id = wwStatId, point = pointId) =>
  who.post<VisuPayload>(
    `/api/projects/${projectId}/ww_intervals/?point=${point}&stats_id=${encodeURIComponent(id)}`,
  );

beforeAll(async () => {
  server = await startTestServer();
  // count the interval jobs reaching the statistics threads
  const services = server.runtime.services;
  const threads = services.statisticsPool!;
  services.statisticsPool = async () => {
    const pool = await threads();
    return {
      run: (job: object) => {
        const asked = job as PoolJob & { kind?: string };
        if (asked.kind === 'intervals') {
          const intervalsJob = asked as IntervalsJob;
          if (intervalsJob.statistic === 'WD') intervalJobs++;
          else windowJobs++;
          jobs.push(intervalsJob);
        }
        return pool.run(job);
      },
    };
  };
  manager = await server.as('manager');
  standard = await server.as('standard');
  projectId = await createEra5Project(manager, 'WD_intervals_ERA5');
  const project = await computeProject(manager, projectId);
  pointId = project.points[0]!.id;
  const stats = (await manager.get<{ statId: string; code: string }[]>(`/api/projects/${projectId}/stats/`))
    .body;
  statId = stats.find((s) => s.statId === 'WD__swh')?.statId ?? stats.find((s) => s.code === 'WD')!.statId;
  wwStatId = stats.find((s) => s.statId === 'WW__swh')?.statId ?? stats.find((s) => s.code === 'WW')!.statId;
}, 200_000);
afterAll(() => server.stop());

describe('the WD wait intervals on request', () => {
  it('the standard set stored no intervals: the payload says they are on request', async () => {
    const before = await visu();
    expect(before.status).toBe(200);
    expect(before.body.kwargs.intervalsNote).toBe(WAIT_INTERVALS_ON_REQUEST);
    expect(before.body.kwargs.intervals).toBeUndefined();
    expect(before.body.waitPercentileLower).toBeUndefined();
    expect(intervalJobs).toBe(0);
  });

  it('computes them in a statistics thread, stores them, and a second call reads them without recomputing', async () => {
    const first = await intervals(manager);
    expect(first.status).toBe(200);
    expect(visuPayload.safeParse(first.body).success).toBe(true);
    expect(intervalJobs).toBe(1);
    expect(first.body.kwargs.intervalsNote).toBeUndefined();
    expect(first.body.kwargs.intervalCi).toBe(0.9);
    // the stored limit (the median) and durations: the job carries the stored result's durations
    const job = jobs.find((j) => j.statistic === 'WD')!;
    expect(job.durationsHours).toEqual([6, 12, 24, 48]);
    expect(job.below).toBeUndefined();
    // reference: waitPercentileIntervals on the same record (tested against the brute-force bootstrap of
    // its definition in packages/core/test/windows.test.ts), read here from the node the thread read
    const { pointSeries } = await import('../../src/jobs/statistics-worker');
    const { series } = await pointSeries(job.source, job.lat, job.lon);
    const analysed = analysedSeries(series);
    const values = analysed.fields[job.target.field!]!.values;
    const years = first.body.intervalYears as { values: number[][] };
    // 11 years of ERA5: every month rests on 10 or 11 years
    for (const row of years.values) for (const y of row) expect(y).toBeGreaterThanOrEqual(10);
    const lower = (first.body.waitPercentileLower as { values: number[][][] }).values;
    const upper = (first.body.waitPercentileUpper as { values: number[][][] }).values;
    const percentiles = (first.body.percentile as { values: number[] }).values;
    const below = quantile(values, 0.5);
    const reference = waitPercentileIntervals(analysed.time, values, {
      below,
      durationHours: 24,
      stepMs: analysed.stepMs,
    });
    let compared = 0;
    for (const band of reference.filter((b) => b.month > 0)) {
      percentiles.forEach((p, q) => {
        const i = band.intervals[String(p)];
        const lo = lower[2]![band.month - 1]![q]!;
        const hi = upper[2]![band.month - 1]![q]!;
        if (!i) return;
        expect(Math.abs(lo - i[0])).toBeLessThanOrEqual(0.05 + 1e-9);
        if (i[1] !== null) expect(Math.abs(hi - i[1])).toBeLessThanOrEqual(0.05 + 1e-9);
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(12);
    // stored with the result: get_visu_data (the Analyze view, the exports) now carries them
    const after = await visu();
    expect(after.body.waitPercentileUpper).toEqual(first.body.waitPercentileUpper);
    expect(after.body.kwargs.intervals).toEqual(first.body.kwargs.intervals);
    // a second call answers the stored intervals: no new job
    const second = await intervals(manager);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(intervalJobs).toBe(1);
    // a user's limit, recomputed on the API thread: no intervals, and the note says they are for the stored limit
    const mine = await visu('&below=1.5');
    expect(mine.status).toBe(200);
    expect(mine.body.waitPercentileLower).toBeUndefined();
    expect(mine.body.kwargs.intervalsNote).toBe(WAIT_INTERVALS_AT_STORED);
    expect(intervalJobs).toBe(1);
  }, 180_000);

  it('only for those who may see the results: another customer gets 404; other statistics are refused', async () => {
    expect((await intervals(standard)).status).toBe(404);
    expect((await intervals(manager, statId, pointId + 1000)).status).toBe(404);
    const notWd = await intervals(manager, 'TS__swh');
    expect(notWd.status).toBe(400);
    expect(JSON.stringify(notWd.body)).toMatch(/weather downtime \(WD\) only/);
    expect(
      (
        await server.anonymous.post(
          `/api/projects/${projectId}/wd_intervals/?point=${pointId}&stats_id=${statId}`,
        )
      ).status,
    ).toBe(401);
    expect(intervalJobs).toBe(1);
  });

  it('is documented in the OpenAPI document', async () => {
    const answer = await server.request<{ paths: Record<string, Record<string, unknown>> }>(
      'GET',
      '/api/docs/json',
    );
    expect(answer.body.paths['/api/projects/{id}/wd_intervals/']?.post).toBeTruthy();
    expect(answer.body.paths['/api/projects/{id}/ww_intervals/']?.post).toBeTruthy();
  });
});

describe('the WW probability intervals on request (issue 34, session 31)', () => {
  it('the standard set stored no intervals: the payload says they are on request', async () => {
    const before = await visu('', wwStatId);
    expect(before.status).toBe(200);
    expect(before.body.kwargs.intervalsNote).toBe(WINDOW_INTERVALS_ON_REQUEST);
    expect(before.body.kwargs.intervals).toBeUndefined();
    expect(before.body.probabilityLower).toBeUndefined();
    expect(before.body.probability).toBeDefined();
    expect(windowJobs).toBe(0);
  });

  it('computes them in a statistics thread, the values the standard set gave with them, stores them; a second call reads them', async () => {
    const before = await visu('', wwStatId);
    const first = await windowIntervals(manager);
    expect(first.status).toBe(200);
    expect(visuPayload.safeParse(first.body).success).toBe(true);
    expect(windowJobs).toBe(1);
    expect(first.body.kwargs.intervalsNote).toBeUndefined();
    expect(first.body.kwargs.intervalCi).toBe(0.9);
    // the probabilities themselves are the stored ones: only the intervals were added
    expect(first.body.probability).toEqual(before.body.probability);
    const job = jobs.find((j) => j.statistic === 'WW')!;
    expect(job.durationsHours).toEqual([6, 12, 24, 48]);
    expect(job.below).toBeUndefined();
    // reference: the WW statistic with its intervals (what the standard set computed before issue 34's
    // session 31) and windowProbabilityIntervals (tested against the brute-force bootstrap of its definition
    // in packages/core/test/windows.test.ts), on the record the thread read
    const { pointSeries } = await import('../../src/jobs/statistics-worker');
    const { series } = await pointSeries(job.source, job.lat, job.lon);
    const analysed = analysedSeries(series);
    const target = job.target;
    const values = analysed.fields[target.field!]!.values;
    const withIntervals = statisticOf('WW').compute(analysed, target, {
      durationsHours: [6, 12, 24, 48],
      probabilityIntervals: true,
    }) as WindowRowWithInterval[];
    const bands = windowProbabilityIntervals(analysed.time, values, {
      below: quantile(values, 0.5),
      durationsHours: [6, 12, 24, 48],
      stepMs: analysed.stepMs,
    });
    const lower = (first.body.probabilityLower as { values: number[][] }).values;
    const upper = (first.body.probabilityUpper as { values: number[][] }).values;
    const years = (first.body.intervalYears as { values: number[][] }).values;
    let compared = 0;
    [6, 12, 24, 48].forEach((d, k) => {
      for (let m = 1; m <= 12; m++) {
        const row = withIntervals.find((r) => r.durationHours === d && r.month === m)!;
        const band = bands.find((b) => b.durationHours === d && b.month === m)!;
        // identical to the statistic's own (exact), and to the core function's to its 0.01 % rounding
        expect([lower[k]![m - 1], upper[k]![m - 1]]).toEqual(row.probabilityInterval);
        expect(years[k]![m - 1]).toBe(row.intervalYears);
        expect(Math.abs(lower[k]![m - 1]! - band.interval![0])).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.abs(upper[k]![m - 1]! - band.interval![1])).toBeLessThanOrEqual(0.005 + 1e-9);
        compared++;
      }
    });
    expect(compared).toBe(48);
    // stored with the result: get_visu_data (the Analyze view, the exports) now carries them
    const after = await visu('', wwStatId);
    expect(after.body.probabilityUpper).toEqual(first.body.probabilityUpper);
    expect(after.body.kwargs.intervals).toEqual(first.body.kwargs.intervals);
    // a second call answers the stored intervals: no new job
    const second = await windowIntervals(manager);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(windowJobs).toBe(1);
    // a user's limit, recomputed on the API thread: no intervals, and the note says they are for the stored limit
    const mine = await visu('&below=1.5', wwStatId);
    expect(mine.status).toBe(200);
    expect(mine.body.probabilityLower).toBeUndefined();
    expect(mine.body.kwargs.intervalsNote).toBe(WINDOW_INTERVALS_AT_STORED);
    expect(windowJobs).toBe(1);
  }, 180_000);

  it('only for those who may see the results: another customer gets 404; other statistics are refused', async () => {
    expect((await windowIntervals(standard)).status).toBe(404);
    expect((await windowIntervals(manager, wwStatId, pointId + 1000)).status).toBe(404);
    // WD's intervals have their own route
    const notWw = await windowIntervals(manager, statId);
    expect(notWw.status).toBe(400);
    expect(JSON.stringify(notWw.body)).toMatch(/weather windows \(WW\) only/);
    expect(
      (
        await server.anonymous.post(
          `/api/projects/${projectId}/ww_intervals/?point=${pointId}&stats_id=${wwStatId}`,
        )
      ).status,
    ).toBe(401);
    expect(windowJobs).toBe(1);
  });
});
