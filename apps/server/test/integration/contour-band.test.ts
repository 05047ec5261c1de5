// POST /api/projects/{id}/contour_band/ (issue 34 follow-up of issue 31 §3): the band of a point's stored
// environmental contours, computed on request in a statistics thread, stored with the result, answered as
// the visualisation payload; on the real ERA5 record the demo ingests (South China Sea node, 11 years).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTOUR_BAND_ON_REQUEST, CONTOUR_BAND_RESAMPLES } from '@metocean/core';
import { visuPayload, type VisuPayload } from '@metocean/contracts';
import type { PoolJob } from '../../src/jobs/pool';
import { startTestServer, type Actor, type TestServer } from '../harness';
import { computeProject, createEra5Project } from '../project-fixture';

let server: TestServer;
let manager: Actor;
let standard: Actor;
let projectId = 0;
let pointId = 0;
let statId = '';
/** Band jobs the statistics threads were given. */
let bandJobs = 0;

const band = (who: Actor, id = statId, point = pointId) =>
  who.post<VisuPayload>(
    `/api/projects/${projectId}/contour_band/?point=${point}&stats_id=${encodeURIComponent(id)}`,
  );
const visu = (id = statId) =>
  manager.get<VisuPayload>(
    `/api/projects/${projectId}/get_visu_data/?point=${pointId}&stats_id=${encodeURIComponent(id)}`,
  );

beforeAll(async () => {
  server = await startTestServer();
  // count the band jobs reaching the statistics threads
  const services = server.runtime.services;
  const threads = services.statisticsPool!;
  services.statisticsPool = async () => {
    const pool = await threads();
    return {
      run: (job: object) => {
        if ((job as PoolJob & { kind?: string }).kind === 'contour-band') bandJobs++;
        return pool.run(job);
      },
    };
  };
  manager = await server.as('manager');
  standard = await server.as('standard');
  projectId = await createEra5Project(manager, 'Band_ERA5');
  const project = await computeProject(manager, projectId);
  pointId = project.points[0]!.id;
  const stats = (await manager.get<{ statId: string; code: string }[]>(`/api/projects/${projectId}/stats/`))
    .body;
  statId = stats.find((s) => s.code === 'ENVC')!.statId;
}, 200_000);
afterAll(() => server.stop());

describe('the contour band on request', () => {
  it('the standard set stored no band: the payload says it is on request', async () => {
    const before = await visu();
    expect(before.status).toBe(200);
    expect(before.body.kwargs.band).toBeNull();
    expect(before.body.kwargs.bandNote).toBe(CONTOUR_BAND_ON_REQUEST);
    expect(before.body.bandLowerHs).toBeUndefined();
  });

  it('computes the band in a statistics thread, stores it, and a second call reads it without recomputing', async () => {
    const first = await band(manager);
    expect(first.status).toBe(200);
    expect(visuPayload.safeParse(first.body).success).toBe(true);
    expect(bandJobs).toBe(1);
    // the band of the record's 11 calendar years (its values: the brute-force test of
    // packages/core/test/contour-band.test.ts), a ring round each contour
    const kwargsBand = first.body.kwargs.band as { years: number; resamples: number; used: number };
    expect(kwargsBand).toMatchObject({ ci: 0.9, resamples: CONTOUR_BAND_RESAMPLES, seed: 1, years: 11 });
    expect(kwargsBand.used).toBeGreaterThanOrEqual(0.95 * kwargsBand.resamples);
    expect(first.body.kwargs.bandNote).toBeNull();
    const matrix = (name: string) => (first.body[name] as { values: number[][] }).values;
    expect(matrix('bandUpperHs')).toHaveLength(3);
    matrix('contourHs').forEach((hs, i) => {
      expect(Math.max(...matrix('bandUpperHs')[i]!)).toBeGreaterThan(Math.max(...hs));
      expect(Math.max(...matrix('bandLowerHs')[i]!)).toBeLessThan(Math.max(...hs));
    });
    // stored with the result: get_visu_data (the Analyze view, the report) now carries it
    const after = await visu();
    expect(after.body.kwargs.band).toEqual(first.body.kwargs.band);
    expect(after.body.bandUpperHs).toEqual(first.body.bandUpperHs);
    // a second call answers the stored band: no new job
    const second = await band(manager);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(bandJobs).toBe(1);
  }, 120_000);

  it('only for those who may see the results: another customer gets 404; other statistics are refused', async () => {
    const other = await band(standard);
    expect(other.status).toBe(404);
    expect((await band(manager, statId, pointId + 1000)).status).toBe(404);
    const notContours = await band(manager, 'TS__swh');
    expect(notContours.status).toBe(400);
    expect(JSON.stringify(notContours.body)).toMatch(/environmental contours \(ENVC\) only/);
    expect(
      (
        await server.anonymous.post(
          `/api/projects/${projectId}/contour_band/?point=${pointId}&stats_id=${statId}`,
        )
      ).status,
    ).toBe(401);
  });

  it('is documented in the OpenAPI document', async () => {
    const answer = await server.request<{ paths: Record<string, Record<string, unknown>> }>(
      'GET',
      '/api/docs/json',
    );
    expect(answer.body.paths['/api/projects/{id}/contour_band/']?.post).toBeTruthy();
  });
});
