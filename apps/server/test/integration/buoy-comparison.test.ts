import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUOY_NEAR_KM,
  buoyMessages,
  type Buoy,
  type BuoyComparison,
  type Offer,
  type Project,
} from '@metocean/contracts';
import { greatCircleKm, syntheticHindcast } from '@metocean/hindcast';
import { offerInstances } from '../../src/db/schema';
import { startTestServer, type Actor, type TestServer } from '../harness';

// GET /api/buoys/{id}/comparison/ (docs/decisions.md, "validation"): NDBC 44007 (the real record shipped with
// the demo) against the hindcast at a point of a Gulf of Maine project. The metrics are recomputed here from
// the shared files and the generator, by the textbook formulas, independently of packages/core.

let server: TestServer;
let manager: Actor;
let trial: Actor;
let buoyId: number;
let project: Project;
const DATA = fileURLToPath(new URL('../../../../../shared/data/ndbc-ecbenchmark/', import.meta.url));

/** Every data row `YYYY-MM-DD-HH; hs; tz` of A.txt then Ar.txt (NDBC 44007). */
function ndbcRows(): Map<number, { hs: number; tz: number }> {
  const rows = new Map<number, { hs: number; tz: number }>();
  for (const file of ['A.txt', 'Ar.txt'])
    for (const line of readFileSync(DATA + file, 'utf8')
      .split(/\r?\n/)
      .slice(1)) {
      if (line.trim() === '') continue;
      const [time, hs, tz] = line.split(';').map((cell) => cell.trim());
      const [y, m, d, h] = time!.split('-').map(Number);
      rows.set(Date.UTC(y!, m! - 1, d, h), { hs: Number(hs), tz: Number(tz) });
    }
  return rows;
}

const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
const std = (x: number[]) => {
  const c = mean(x);
  return Math.sqrt(mean(x.map((v) => (v - c) ** 2)));
};

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  trial = await server.as('trial');
  const buoys = (await manager.get<Buoy[]>('/api/buoys/')).body;
  buoyId = buoys.find((b) => b.code === '44007')!.id;
  const offer = (await manager.get<Offer[]>('/api/offers/')).body.find((o) =>
    o.zones.some((z) => z.name === 'Gulf of Maine'),
  )!;
  const created = await manager.post<{ projectId: number }>('/api/projects/', {
    name: 'Maine_validation',
    offerInstance: offer.id,
    zone: offer.zones.find((z) => z.name === 'Gulf of Maine')!.id,
    // 8 km east of the buoy (43.5 N, 70.1 W), and one on the far side of the zone
    points: [
      { name: 'Near 44007', lat: 43.45, lng: -70.02 },
      { name: 'Far east', lat: 42, lng: -66.5 },
    ],
  });
  expect(created.status).toBe(201);
  project = (await manager.get<Project>(`/api/projects/${created.body.projectId}/`)).body;
});
afterAll(() => server.stop());

const url = (query: string) => `/api/buoys/${buoyId}/comparison/?${query}`;

describe('GET /api/buoys/{id}/comparison/', () => {
  it('compares hs and tz on the common hours, with metrics equal to an independent computation', async () => {
    const point = project.points[0]!;
    const answer = await manager.get<BuoyComparison>(url(`project=${project.id}&point=${point.id}`));
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.buoy.code).toBe('44007');
    expect(body.point).toMatchObject({ id: point.id, name: 'Near 44007' });
    expect(body.distanceKm).toBeCloseTo(greatCircleKm(43.45, -70.02, 43.5, -70.1), 9);
    // the Gulf of Maine is served by the synthetic demo hindcast only: the answer says so
    expect(body.dataset.synthetic).toBe(true);
    expect(body.variables.map((v) => v.name)).toEqual(['hs', 'tz']);

    const model = syntheticHindcast(body.node.lat, body.node.lon, { cyclonic: false }).series;
    const rows = ndbcRows();
    const times = [...rows.keys()].sort((a, b) => a - b);
    const gridHours = (times.at(-1)! - times[0]!) / 3_600_000 + 1;
    for (const variable of body.variables) {
      const name = variable.name as 'hs' | 'tz';
      const m: number[] = [];
      const o: number[] = [];
      const values = model.fields[name]!.values;
      for (let i = 0; i < model.time.length; i++) {
        const row = rows.get(model.time[i]!);
        if (row && Number.isFinite(values[i]!)) {
          m.push(values[i]!);
          o.push(row[name]);
        }
      }
      // the synthetic record (1985-2024) spans the buoy's: every hour of the buoy's grid is a shared
      // timestamp, the absent hours are the missing measures, every row of the files is a pair, and
      // `common` counts the hours both hold: the pairs (issue 30)
      expect(variable.counts).toEqual({
        common: rows.size,
        timestamps: gridHours,
        missingModel: 0,
        missingMeasure: gridHours - rows.size,
        paired: rows.size,
      });
      expect(m).toHaveLength(rows.size);
      expect(variable.period).toEqual({ from: '1996-01-01T00:00:00.000Z', to: '2017-10-02T05:00:00.000Z' });
      const d = m.map((v, k) => v - o[k]!);
      const mm = mean(m);
      const om = mean(o);
      const rmse = Math.sqrt(mean(d.map((v) => v * v)));
      const cov = mean(m.map((v, k) => (v - mm) * (o[k]! - om)));
      const expected = {
        bias: mean(d),
        pbias: (100 * d.reduce((s, v) => s + v, 0)) / o.reduce((s, v) => s + v, 0),
        rmse,
        nrmse: rmse / om,
        corr: cov / (std(m) * std(o)),
        SI: Math.sqrt(mean(d.map((v) => (v - (mm - om)) ** 2))) / om,
        std_ratio: std(m) / std(o),
      };
      expect(Object.keys(variable.metrics)).toEqual(Object.keys(expected));
      // the buoy's store keeps 4-decimal observations in float32: 1e-5 relative
      for (const [key, want] of Object.entries(expected))
        expect(Math.abs(variable.metrics[key]! - want), `${name} ${key}`).toBeLessThanOrEqual(
          1e-5 * Math.abs(want) + 1e-7,
        );
      const scatter = variable.scatter;
      expect(scatter.varNames).toEqual([`${name}_model`, `${name}_measure`]);
      expect(scatter.series[`${name}_measure`]!.run).toBe('NDBC 44007 Portland, Maine');
      const nonZero = m.filter((v, k) => v !== 0 && o[k] !== 0).length;
      expect(scatter.nbTimeSteps).toBe(nonZero);
      expect(scatter.occurrence.reduce((s, v) => s + v, 0)).toBeCloseTo(100, 9);
      expect(Math.max(...scatter.radii)).toBe(20);
      // linregress measure on model: slope = cov / var(model)
      expect(scatter.linregress.slope!).toBeCloseTo(cov / std(m) ** 2, 4);
    }
  });

  it('downloads a zip of the pairs and metrics, named for the project, point and buoy (issue 30)', async () => {
    const point = project.points[0]!;
    const query = `project=${project.id}&point=${point.id}`;
    const answer = (await manager.get<BuoyComparison>(url(query))).body;
    const response = await manager.fetch(`/api/buoys/${buoyId}/comparison/download/?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`filename="${project.name}_-_Near_44007_-_NDBC_44007_.*\\.zip"`),
    );
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    expect(Object.keys(zip.files)).toEqual(['README.txt', 'pairs.csv', 'metrics.csv']);
    const readme = await zip.file('README.txt')!.async('string');
    expect(readme).toContain(`project "${project.name}", point "Near 44007"`);
    const [head, ...rows] = (await zip.file('metrics.csv')!.async('string')).trim().split('\n');
    const columns = head!.split(',');
    expect(columns.slice(-3)).toEqual(['slope', 'intercept', 'r2']);
    for (const variable of answer.variables) {
      const row = rows.find((r) => r.startsWith(`${variable.name},`))!.split(',');
      expect(Number(row[columns.indexOf('pairs')])).toBe(variable.counts.common);
      expect(Number(row[columns.indexOf('bias')])).toBe(variable.metrics.bias);
      expect(Number(row[columns.indexOf('slope')])).toBe(variable.scatter.linregress.slope);
    }
    // one row per pair: the pairs of the answer, each with both values
    const pairs = (await zip.file('pairs.csv')!.async('string')).trim().split('\n').slice(1);
    for (const variable of answer.variables)
      expect(pairs.filter((line) => line.startsWith(`${variable.name},`))).toHaveLength(
        variable.counts.common,
      );
    expect(pairs.every((line) => line.split(',').every((cell) => cell !== ''))).toBe(true);
    // two comparisons of a 22-year hourly record: seconds alone, a minute on a loaded machine
  }, 120_000);

  it('answers the asked variables only and refuses unknown ones', async () => {
    const point = project.points[0]!;
    const tz = await manager.get<BuoyComparison>(url(`project=${project.id}&point=${point.id}&runs=tz`));
    expect(tz.body.variables.map((v) => v.name)).toEqual(['tz']);
    const unknown = await manager.get(url(`project=${project.id}&point=${point.id}&runs=hs,dp`));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ fieldErrors: { runs: [buoyMessages.unknownRuns(['dp'], ['hs', 'tz'])] } });
  });

  it(`refuses a point farther than ${BUOY_NEAR_KM} km, and a buoy outside the project's zone`, async () => {
    const far = project.points[1]!;
    const answer = await manager.get(url(`project=${project.id}&point=${far.id}`));
    expect(answer.status).toBe(400);
    const km = greatCircleKm(far.lat, far.lng, 43.5, -70.1);
    expect(answer.body).toEqual({ nonFieldErrors: [buoyMessages.tooFar(km)] });
    const mexico = (await manager.get<Buoy[]>('/api/buoys/')).body.find((b) => b.code === '42001')!;
    const outside = await manager.get(
      `/api/buoys/${mexico.id}/comparison/?project=${project.id}&point=${project.points[0]!.id}`,
    );
    expect(outside.body).toEqual({ nonFieldErrors: [buoyMessages.notInZone] });
  });

  it('is scoped to the caller: 404 for another customer’s project, point or buoy; 400 without a point', async () => {
    const point = project.points[0]!;
    expect((await server.anonymous.get(url(`project=${project.id}&point=${point.id}`))).status).toBe(401);
    expect((await trial.get(url(`project=${project.id}&point=${point.id}`))).status).toBe(404);
    expect((await manager.get(url(`project=${project.id}&point=999999`))).status).toBe(404);
    expect(
      (await manager.get(`/api/buoys/999999/comparison/?project=${project.id}&point=${point.id}`)).status,
    ).toBe(404);
    const missing = await manager.get(url(`project=${project.id}`));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fieldErrors: { point: ['point is required'] } });
  });

  it('is not allowed once the offer has expired', async () => {
    const db = server.runtime.services.db;
    const [instance] = await db
      .select()
      .from(offerInstances)
      .where(eq(offerInstances.id, project.offerInstance.id));
    await db
      .update(offerInstances)
      .set({ offerEnd: new Date(Date.now() - 1000) })
      .where(eq(offerInstances.id, project.offerInstance.id));
    try {
      const answer = await manager.get(url(`project=${project.id}&point=${project.points[0]!.id}`));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ nonFieldErrors: [buoyMessages.expired] });
    } finally {
      await db
        .update(offerInstances)
        .set({ offerEnd: instance!.offerEnd })
        .where(eq(offerInstances.id, project.offerInstance.id));
    }
  });
});
