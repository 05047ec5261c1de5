// /api/satellite_comparisons/ (spec 002 "Satellite comparison", §7; docs/decisions.md, "satellite"): a manager
// creates and computes the comparison of a Bay of Biscay point (synthetic altimetry drawn from the synthetic
// hindcast), the job stores the matchups and metrics, flags the point and e-mails the user; the zip's
// matchups are checked against the raw samples by the literal rule and its metrics by the textbook formulas,
// written here independently of packages/core. Then the refusals, and a comparison that fails.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  satelliteMessages,
  type Offer,
  type Project,
  type SatelliteComparison,
  type SatelliteVisuData,
  type CurrentUser,
} from '@metocean/contracts';
import { greatCircleKm } from '@metocean/hindcast';
import { altimetryNear } from '../../src/data/altimetry';
import { offerInstances, projects, satelliteComparisons, users } from '../../src/db/schema';
import { failLostSatellite } from '../../src/jobs/satellite-comparison';
import { startTestServer, type Actor, type TestServer } from '../harness';
import { assertHonestDigits } from '../honest-digits';

let server: TestServer;
let manager: Actor;
let member: Actor;
let trial: Actor;
let managerEmail = '';
let biscay: Project;
let maine: Project;
let zoneIds: Record<string, number> = {};

const list = '/api/satellite_comparisons/';
const one = (id: number, tail = '') => `/api/satellite_comparisons/${id}/${tail}`;
const FINISHED_WAIT = { timeoutMs: 240_000, intervalMs: 500 };

async function project(name: string, zone: string, points: { name: string; lat: number; lng: number }[]) {
  const offer = (await manager.get<Offer[]>('/api/offers/')).body.find((o) =>
    o.zones.some((z) => z.name === zone),
  )!;
  const db = server.runtime.services.db;
  const [mel] = await db.select().from(users).where(eq(users.username, 'member'));
  const created = await manager.post<{ projectId: number }>('/api/projects/', {
    name,
    offerInstance: offer.id,
    zone: offer.zones.find((z) => z.name === zone)!.id,
    collaborators: [mel!.id],
    points,
  });
  expect(created.status).toBe(201);
  zoneIds = { ...zoneIds, [zone]: offer.zones.find((z) => z.name === zone)!.id };
  return (await manager.get<Project>(`/api/projects/${created.body.projectId}/`)).body;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  member = await server.as('member');
  trial = await server.as('trial');
  managerEmail = (await manager.get<CurrentUser>('/api/users/current/')).body.email;
  biscay = await project('Biscay_satellite', 'Bay of Biscay', [
    { name: 'Shelf edge', lat: 45.5, lng: -5.5 },
    { name: 'Second', lat: 45, lng: -4 },
  ]);
  maine = await project('Maine_satellite', 'Gulf of Maine', [{ name: 'Casco', lat: 43.45, lng: -69.85 }]);
}, 120_000);
afterAll(() => server.stop());

const parseCsv = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split(','));

describe('a satellite comparison from launch to download', () => {
  let comparison: SatelliteComparison;

  it('is created PENDING by a manager, computed, FINISHED with stats, and e-mailed', async () => {
    const point = biscay.points[0]!;
    const me = (await manager.get<CurrentUser>('/api/users/current/')).body;
    const created = await manager.post<SatelliteComparison>(list, {
      name: 'Biscay_satellite - Shelf edge',
      project: biscay.id,
      point: point.id,
      user: me.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'PENDING',
      point: point.id,
      project: biscay.id,
      user: me.id,
    });
    expect(created.body.stats).toBeNull();
    // a second launch on the same point while one is in flight is refused
    const twice = await manager.post(list, { name: 'again', project: biscay.id, point: point.id });
    expect([twice.status, twice.body]).toEqual([409, { nonFieldErrors: [satelliteMessages.running] }]);
    // the result is not there before it is computed
    expect((await manager.get(one(created.body.id, 'get_visu_data/'))).status).toBe(409);
    const mails = server.mailCount();
    const started = await manager.put<SatelliteComparison>(one(created.body.id, 'compute/'));
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('RUNNING');
    comparison = await manager.until<SatelliteComparison>(
      one(created.body.id),
      (c) => c.status === 'FINISHED' || c.status === 'FAILED',
      FINISHED_WAIT,
    );
    expect(comparison.errorMessage).toBe('');
    expect(comparison.status).toBe('FINISHED');
    expect(comparison.synthetic).toBe(true);
    expect(Object.keys(comparison.stats!)).toEqual(['hs', 'magw']);
    expect(comparison.stats!.hs!.counts.matchups).toBeGreaterThan(100);
    const mail = await server.waitForMail(managerEmail, mails);
    expect(mail).toContain('Your satellite comparison Biscay_satellite - Shelf edge is ready');
    expect(mail).toContain(`/data-validation/${biscay.id}`);
    expect(mail).toMatch(/hs: \d+ matchups, bias -?\d+\.\d{3} m/);
    // the point is flagged (spec 002 §3 hasSatelliteValidation), the other not
    const after = (await manager.get<Project>(`/api/projects/${biscay.id}/`)).body;
    expect(after.points.map((p) => p.hasSatelliteValidation)).toEqual([true, false]);
    // a finished comparison is not computed twice
    expect((await manager.put(one(comparison.id, 'compute/'))).status).toBe(409);
  }, 300_000);

  it('serves the scatter data per variable, with the altimetry flagged synthetic', async () => {
    const visu = await manager.get<SatelliteVisuData>(one(comparison.id, 'get_visu_data/'));
    expect(visu.status).toBe(200);
    const body = visu.body;
    expect(body.altimetry).toMatchObject({
      synthetic: true,
      radiusKm: 50,
      halfWindowMinutes: 30,
      minSamples: 3,
    });
    expect(body.dataset.synthetic).toBe(true);
    expect(body.variables.map((v) => v.name)).toEqual(['hs', 'magw']);
    const hs = body.variables[0]!;
    expect(hs.scatter.varNames).toEqual(['hs_model', 'hs_measure']);
    expect(hs.scatter.series.hs_measure!.run).toBe('synthetic altimetry');
    expect(hs.counts.matchups).toBe(comparison.stats!.hs!.counts.matchups);
  });

  it('downloads a zip whose matchups follow the rule on the raw samples and whose metrics are textbook', async () => {
    const response = await manager.fetch(one(comparison.id, 'download/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="Biscay_satellite_-_Shelf_edge.zip"',
    );
    const zipBytes = Buffer.from(await response.arrayBuffer());
    // issue 30: matchups and metrics without float noise (float32 values as their shortest decimal)
    await assertHonestDigits('satellite.zip', zipBytes);
    const zip = await JSZip.loadAsync(zipBytes);
    expect(Object.keys(zip.files)).toEqual(['README.txt', 'matchups.csv', 'metrics.csv']);
    const readme = await zip.file('README.txt')!.async('string');
    expect(readme).toContain('synthetic altimetry: yes');
    expect(readme).toContain('SYNTHETIC');
    expect(readme).toContain('Provenance: model ');

    const [head, ...rows] = parseCsv(await zip.file('matchups.csv')!.async('string'));
    expect(head).toEqual([
      'variable',
      'units',
      'time',
      'model',
      'measure',
      'samples',
      'measure_std',
      'distance_km',
    ]);
    const hsRows = rows.filter((r) => r[0] === 'hs');
    expect(hsRows).toHaveLength(comparison.stats!.hs!.counts.matchups);

    // the raw samples, read again; each checked matchup is the mean of the samples within 50 km of the node
    // and within ±30 min of its hour, found here by scanning every sample
    const point = biscay.points[0]!;
    const { track, model } = await altimetryNear(
      server.runtime.services.db,
      server.dataDir,
      zoneIds['Bay of Biscay']!,
      point.lat,
      point.lng,
      50,
    );
    for (const row of hsRows.filter((_, k) => k % 50 === 0)) {
      const t = Date.parse(row[2]!);
      expect(t % 3_600_000).toBe(0);
      const mine: number[] = [];
      for (let s = 0; s < track.time.length; s++)
        if (
          Math.abs(track.time[s]! - t) <= 1_800_000 &&
          Number.isFinite(track.hs[s]!) &&
          greatCircleKm(model.node.lat, model.node.lon, track.lat[s]!, track.lon[s]!) <= 50
        )
          mine.push(track.hs[s]!);
      expect(Number(row[5])).toBe(mine.length);
      expect(mine.length).toBeGreaterThanOrEqual(3);
      // a mean is written to 6 significant digits (issue 30: no float noise), the model's float32 value
      // as its shortest decimal, which reads back as the same float32
      const sampleMean = mine.reduce((a, v) => a + v, 0) / mine.length;
      expect(Math.abs(Number(row[4]) - sampleMean)).toBeLessThanOrEqual(5e-6 * Math.abs(sampleMean));
      const i = model.series.time.indexOf(t);
      expect(Math.fround(Number(row[3]))).toBe(model.series.fields.hs!.values[i]!);
      expect(Number(row[7])).toBeLessThanOrEqual(50);
    }

    // metrics by their definitions on the zip's own matchups (spec 002 §9 names)
    const m = hsRows.map((r) => Number(r[3]));
    const o = hsRows.map((r) => Number(r[4]));
    const mean = (x: number[]) => x.reduce((a, v) => a + v, 0) / x.length;
    const [mm, mo] = [mean(m), mean(o)];
    const bias = mean(m.map((v, i) => v - o[i]!));
    const rmse = Math.sqrt(mean(m.map((v, i) => (v - o[i]!) ** 2)));
    const cov = mean(m.map((v, i) => (v - mm) * (o[i]! - mo)));
    const corr = cov / Math.sqrt(mean(m.map((v) => (v - mm) ** 2)) * mean(o.map((v) => (v - mo) ** 2)));
    const [metricsHead, ...metricRows] = parseCsv(await zip.file('metrics.csv')!.async('string'));
    const hsMetrics = metricRows.find((r) => r[0] === 'hs')!;
    const at = (name: string) => Number(hsMetrics[metricsHead!.indexOf(name)]);
    // metrics.csv at 6 significant digits; recomputed here from the written (rounded) matchups
    expect(at('bias')).toBeCloseTo(bias, 5);
    expect(at('rmse')).toBeCloseTo(rmse, 5);
    expect(at('corr')).toBeCloseTo(corr, 5);
    expect(comparison.stats!.hs!.metrics.bias).toBeCloseTo(bias, 5);
    // issue 30: slope, intercept and r² of the measure on the model, by their least-squares definition
    // over the matchups where both values are non-zero (the scatter's line; core's linearRegression is
    // tested against scipy's linregress to 1e-10): to 0.005, since matchups.csv may round its values
    const both = m.map((v, i) => [v, o[i]!] as const).filter(([x, y]) => x !== 0 && y !== 0);
    const [xs, ys] = [both.map(([x]) => x), both.map(([, y]) => y)];
    const [xm, ym] = [mean(xs), mean(ys)];
    const sxy = xs.reduce((a, x, i) => a + (x - xm) * (ys[i]! - ym), 0);
    const sxx = xs.reduce((a, x) => a + (x - xm) ** 2, 0);
    const syy = ys.reduce((a, y) => a + (y - ym) ** 2, 0);
    expect(at('slope')).toBeCloseTo(sxy / sxx, 2);
    expect(at('intercept')).toBeCloseTo(ym - (sxy / sxx) * xm, 2);
    expect(at('r2')).toBeCloseTo((sxy * sxy) / (sxx * syy), 2);
    expect(at('r2')).toBeGreaterThan(0);
    expect(metricRows.map((r) => r[0])).toEqual(['hs', 'magw']);
  }, 120_000);
});

describe('a validated point that moves', () => {
  it('loses its satellite validation: the comparison held for the old position', async () => {
    const before = (await manager.get<Project>(`/api/projects/${biscay.id}/`)).body.points[0]!;
    expect(before.hasSatelliteValidation).toBe(true);
    const renamed = await manager.put<Project['points'][number]>(`/api/points/${before.id}/`, {
      id: before.id,
      project: biscay.id,
      name: before.name,
      nbVersion: before.nbVersion,
    });
    expect(renamed.body.hasSatelliteValidation).toBe(true);
    const moved = await manager.put<Project['points'][number]>(`/api/points/${before.id}/`, {
      id: before.id,
      project: biscay.id,
      name: before.name,
      lat: before.lat + 0.1,
      lng: before.lng,
      nbVersion: renamed.body.nbVersion,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.hasSatelliteValidation).toBe(false);
  });
});

describe('who may launch and read satellite comparisons', () => {
  it('refuses anonymous callers, members, other customers, strangers to the project and wrong payloads', async () => {
    const point = biscay.points[1]!;
    const body = { name: 'x', project: biscay.id, point: point.id };
    expect((await server.anonymous.post(list, body)).status).toBe(401);
    const byMember = await member.post(list, body);
    expect([byMember.status, byMember.body]).toEqual([403, { detail: satelliteMessages.managersOnly }]);
    expect((await trial.post(list, body)).status).toBe(404);
    const foreign = await manager.post(list, { ...body, point: maine.points[0]!.id });
    expect([foreign.status, foreign.body]).toEqual([
      400,
      { fieldErrors: { point: [satelliteMessages.wrongPoint] } },
    ]);
    const someoneElse = await manager.post(list, { ...body, user: 999_999 });
    expect(someoneElse.status).toBe(400);
    expect(someoneElse.body).toEqual({ fieldErrors: { user: [satelliteMessages.wrongUser] } });
    const noName = await manager.post(list, { ...body, name: '  ' });
    expect(noName.status).toBe(400);

    // the comparison of the first test: the member reads it, another customer does not even see it
    const [first] = (await manager.get<SatelliteComparison[]>(`${list}?project=${biscay.id}`)).body;
    expect((await member.get(one(first!.id))).status).toBe(200);
    expect((await member.put(one(first!.id, 'compute/'))).status).toBe(403);
    expect((await trial.get(one(first!.id))).status).toBe(404);
    expect((await trial.get(one(first!.id, 'download/'))).status).toBe(404);
    expect((await trial.get<SatelliteComparison[]>(list)).body.some((c) => c.id === first!.id)).toBe(false);
    expect((await trial.get(`${list}?project=${biscay.id}`)).status).toBe(404);
    expect((await manager.get<SatelliteComparison[]>(`${list}?point=${point.id}`)).body).toEqual([]);
  });

  it('refuses a launch once the offer has expired, with a clear message', async () => {
    const db = server.runtime.services.db;
    const [row] = await db.select().from(projects).where(eq(projects.id, biscay.id));
    const [instance] = await db
      .select()
      .from(offerInstances)
      .where(eq(offerInstances.id, row!.offerInstanceId));
    await db
      .update(offerInstances)
      .set({ offerEnd: new Date(Date.now() - 86_400_000) })
      .where(eq(offerInstances.id, instance!.id));
    try {
      const refused = await manager.post(list, {
        name: 'late',
        project: biscay.id,
        point: biscay.points[1]!.id,
      });
      expect([refused.status, refused.body]).toEqual([400, { nonFieldErrors: [satelliteMessages.expired] }]);
      // what was computed stays readable
      const [first] = (await manager.get<SatelliteComparison[]>(`${list}?project=${biscay.id}`)).body;
      expect((await manager.get(one(first!.id, 'get_visu_data/'))).status).toBe(200);
    } finally {
      await db
        .update(offerInstances)
        .set({ offerEnd: instance!.offerEnd })
        .where(eq(offerInstances.id, instance!.id));
    }
  });
});

describe('a comparison that fails', () => {
  it('is FAILED with the reason, the user is told by e-mail, and it can be launched again', async () => {
    const folder = path.join(server.dataDir, 'altimetry', String(zoneIds['Gulf of Maine']!));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'broken.nc'), 'this is not a NetCDF file');
    const point = maine.points[0]!;
    const created = await manager.post<SatelliteComparison>(list, {
      name: 'Maine_satellite - Casco',
      project: maine.id,
      point: point.id,
    });
    expect(created.status).toBe(201);
    const mails = server.mailCount();
    expect((await manager.put(one(created.body.id, 'compute/'))).status).toBe(200);
    const failed = await manager.until<SatelliteComparison>(
      one(created.body.id),
      (c) => c.status === 'FAILED' || c.status === 'FINISHED',
      FINISHED_WAIT,
    );
    expect(failed.status).toBe('FAILED');
    expect(failed.errorMessage).toContain('broken.nc');
    const mail = await server.waitForMail(managerEmail, mails);
    expect(mail).toContain('Your satellite comparison Maine_satellite - Casco has failed');
    expect(mail).toContain('could not be computed');
    expect((await manager.get(one(created.body.id, 'download/'))).status).toBe(409);
    const project = (await manager.get<Project>(`/api/projects/${maine.id}/`)).body;
    expect(project.points[0]!.hasSatelliteValidation).toBe(false);

    // the file removed, the same comparison is computed again and finishes
    rmSync(folder, { recursive: true, force: true });
    expect((await manager.put(one(created.body.id, 'compute/'))).status).toBe(200);
    const again = await manager.until<SatelliteComparison>(
      one(created.body.id),
      (c) => c.status === 'FAILED' || c.status === 'FINISHED',
      FINISHED_WAIT,
    );
    expect([again.status, again.errorMessage]).toEqual(['FINISHED', '']);
  }, 480_000);
});

describe('a comparison whose worker was lost', () => {
  it('is failed by the dead-letter handler, so that the point may be launched again', async () => {
    const point = biscay.points[1]!;
    const created = await manager.post<SatelliteComparison>(list, {
      name: 'lost',
      project: biscay.id,
      point: point.id,
    });
    expect(created.status).toBe(201);
    // as if the compute route had run and the worker died: RUNNING, no job to finish it
    const db = server.runtime.services.db;
    await db
      .update(satelliteComparisons)
      .set({ status: 'RUNNING' })
      .where(eq(satelliteComparisons.id, created.body.id));
    await failLostSatellite(server.runtime.services, created.body.id);
    const lost = (await manager.get<SatelliteComparison>(one(created.body.id))).body;
    expect([lost.status, lost.errorMessage]).toEqual(['FAILED', satelliteMessages.workerLost]);
    // a finished or failed comparison is left as it is
    await failLostSatellite(server.runtime.services, created.body.id);
    const again = await manager.post(list, { name: 'lost again', project: biscay.id, point: point.id });
    expect(again.status).toBe(201);
  });
});
