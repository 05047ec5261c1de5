import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Buoy,
  CalibrationStamp,
  Offer,
  PlanningPoint,
  PlanningResults,
  Point,
  Project,
  Report,
  SatelliteComparison,
  VisuPayload,
} from '@metocean/contracts';
import { planningTemplate, syntheticHindcast } from '@metocean/hindcast';
import { eq } from 'drizzle-orm';
import { readPointRecord } from '../../src/data/calibrated';
import { sourceForPoint } from '../../src/data/registry';
import { points } from '../../src/db/schema';
import { persistenceTables, type Persistence } from '../../src/reports/persistence';
import { startTestServer, type Actor, type TestServer } from '../harness';

// POST /api/points/{id}/calibrate/ (issue 33): the Gulf of Maine point near NDBC 44007 (the real record
// shipped with the demo) calibrated against the buoy. The law is checked against least squares recomputed
// here from the shared files and the generator; the variant's statistics against the original's, corrected.

let server: TestServer;
let manager: Actor;
let buoyId: number;
let project: Project;
const DATA = fileURLToPath(new URL('../../../../../shared/data/ndbc-ecbenchmark/', import.meta.url));

/** Hs of every data row `YYYY-MM-DD-HH; hs; tz` of A.txt then Ar.txt (NDBC 44007). */
function ndbcHs(): Map<number, number> {
  const rows = new Map<number, number>();
  for (const file of ['A.txt', 'Ar.txt'])
    for (const line of readFileSync(DATA + file, 'utf8')
      .split(/\r?\n/)
      .slice(1)) {
      if (line.trim() === '') continue;
      const [time, hs] = line.split(';').map((cell) => cell.trim());
      const [y, m, d, h] = time!.split('-').map(Number);
      rows.set(Date.UTC(y!, m! - 1, d, h), Number(hs));
    }
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  buoyId = (await manager.get<Buoy[]>('/api/buoys/')).body.find((b) => b.code === '44007')!.id;
  const offer = (await manager.get<Offer[]>('/api/offers/')).body.find((o) =>
    o.zones.some((z) => z.name === 'Gulf of Maine'),
  )!;
  const created = await manager.post<{ projectId: number }>('/api/projects/', {
    name: 'Maine_calibration',
    offerInstance: offer.id,
    zone: offer.zones.find((z) => z.name === 'Gulf of Maine')!.id,
    points: [
      { name: 'Near 44007', lat: 43.45, lng: -70.02 },
      { name: 'Far east', lat: 42, lng: -66.5 },
    ],
  });
  expect(created.status).toBe(201);
  project = (await manager.get<Project>(`/api/projects/${created.body.projectId}/`)).body;
  // the demo seeding (ERA5 and the buoys ingested) takes over a minute on the shared 2-core machine
}, 300_000);
afterAll(() => server.stop());

interface Planning {
  id: number;
  status: string;
  errorMessage: string;
  points: PlanningPoint[];
}

const calibrateUrl = (id: number) => `/api/points/${id}/calibrate/`;
const previewUrl = (id: number) => `/api/points/${id}/calibrate/preview/`;

/** Ordinary least squares of o on m: the linear law's reference. */
function leastSquares(m: number[], o: number[]): { a: number; b: number } {
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const mm = mean(m);
  const om = mean(o);
  const b = mean(m.map((v, k) => (v - mm) * (o[k]! - om))) / mean(m.map((v) => (v - mm) ** 2));
  return { a: om - b * mm, b };
}

/** A PDF report of the waves of `pointIds`, generated, downloaded and read back as text (pdftotext). */
async function reportText(
  name: string,
  reportType: 'design' | 'operability',
  pointIds: number[],
): Promise<string> {
  const draft = (await manager.post<Report>('/api/reports/', { projectId: project.id, name })).body;
  await manager.put(`/api/reports/${draft.id}/generate/`, {
    name: draft.name,
    reportType,
    parts: ['waves'],
    points: pointIds,
  });
  const report = await manager.until<Report>(
    `/api/reports/${draft.id}/`,
    (r) => r.status === 'FINISHED' || r.status === 'FAILED',
    { timeoutMs: 240_000, intervalMs: 1000 },
  );
  expect(report.error).toBe('');
  const dir = mkdtempSync(path.join(tmpdir(), 'calibration-pdf-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(
    file,
    Buffer.from(await (await manager.fetch(`/api/reports/${report.id}/download/`)).arrayBuffer()),
  );
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  rmSync(dir, { recursive: true, force: true });
  return text;
}

/** Computes a satellite comparison to its end (FINISHED) and reads its download's matchups.csv rows. */
async function computedMatchups(id: number): Promise<{ done: SatelliteComparison; rows: string[][] }> {
  expect((await manager.put(`/api/satellite_comparisons/${id}/compute/`)).status).toBe(200);
  const done = await manager.until<SatelliteComparison>(
    `/api/satellite_comparisons/${id}/`,
    (c) => c.status === 'FINISHED' || c.status === 'FAILED',
    { timeoutMs: 240_000, intervalMs: 500 },
  );
  expect(done.status).toBe('FINISHED');
  const zip = await JSZip.loadAsync(
    Buffer.from(await (await manager.fetch(`/api/satellite_comparisons/${done.id}/download/`)).arrayBuffer()),
  );
  const rows = (await zip.file('matchups.csv')!.async('string'))
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(','));
  return { done, rows };
}

describe('POST /api/points/{id}/calibrate/', () => {
  let variant: Point;

  it('fits the linear law on the buoy pairs (least squares recomputed here) and creates the variant', async () => {
    const original = project.points[0]!;
    const answer = await manager.post<Point>(calibrateUrl(original.id), {
      variable: 'hs',
      method: 'linear',
      source: { buoy: buoyId },
    });
    expect(answer.status).toBe(201);
    variant = answer.body;
    expect(variant.calibrationOf).toBe(original.id);
    expect(variant.name).toBe('Near 44007 · hs linear');
    expect([variant.lat, variant.lng]).toEqual([original.lat, original.lng]);
    const stamp = variant.calibration!;
    // independent: the generator's series at the node, the buoy's rows, ordinary least squares o on m
    const node = (
      await manager.get<{ node: { lat: number; lon: number } }>(
        `/api/buoys/${buoyId}/comparison/?project=${project.id}&point=${original.id}&runs=hs`,
      )
    ).body.node;
    const model = syntheticHindcast(node.lat, node.lon, { cyclonic: false }).series;
    const rows = ndbcHs();
    const m: number[] = [];
    const o: number[] = [];
    const hs = model.fields.hs!.values;
    for (let i = 0; i < model.time.length; i++) {
      const v = rows.get(model.time[i]!);
      if (v !== undefined && Number.isFinite(hs[i]!)) {
        m.push(hs[i]!);
        o.push(v);
      }
    }
    const { a, b } = leastSquares(m, o);
    expect(stamp.pairs).toBe(m.length);
    // the buoy's store keeps 4-decimal observations in float32: 1e-5 relative
    expect(stamp.parameters[0]!.a).toBeCloseTo(a, 4);
    expect(stamp.parameters[0]!.b).toBeCloseTo(b, 4);
    expect(stamp.source).toEqual({ kind: 'buoy', name: 'buoy 44007 (' + stamp.source.name.split('(')[1] });
    expect(stamp.outOfSample?.scheme).toBe('leave-one-year-out');
    expect(stamp.period).toEqual({ start: '1996-01-01T00:00:00.000Z', end: '2017-10-02T05:00:00.000Z' });
    expect(stamp.text).toMatch(
      /^hs corrected by linear \(a = .*, b = .*\) fitted on \d+ pairs with buoy 44007/,
    );
    // the original is untouched
    const again = (await manager.get<Point>(`/api/points/${original.id}/`)).body;
    expect(again.calibration ?? null).toBeNull();
    expect(again.calibrationOf ?? null).toBeNull();
  }, 180_000);

  it('refuses with the reason: a variant, a buoy too far, too few pairs in an upload', async () => {
    const original = project.points[0]!;
    const tooFar = await manager.post(calibrateUrl(project.points[1]!.id), {
      variable: 'hs',
      method: 'linear',
      source: { buoy: buoyId },
    });
    expect(tooFar.status).toBe(400);
    expect(JSON.stringify(tooFar.body)).toMatch(/not compared with this point/);
    const ofVariant = await manager.post(calibrateUrl(variant.id), {
      variable: 'hs',
      method: 'linear',
      source: { buoy: buoyId },
    });
    expect(ofVariant.status).toBe(400);
    expect(JSON.stringify(ofVariant.body)).toMatch(/calibrate its original point/);
    const lines = ['time,hs [m]'];
    for (let h = 0; h < 299; h++)
      lines.push(
        `${new Date(Date.UTC(2000, 0, 1) + h * 86_400_000).toISOString().slice(0, 19).replace('T', ' ')},1.5`,
      );
    const short = await manager.post(calibrateUrl(original.id), {
      variable: 'hs',
      method: 'quantile',
      source: { csv: lines.join('\n'), fileName: 'short.csv' },
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toMatch(/No correction: 299 pairs: a correction needs at least 300/);
  }, 180_000);

  it('computes the variant by the same engine on the corrected series', async () => {
    await manager.put(`/api/projects/${project.id}/compute/`);
    const done = await manager.until<Project>(
      `/api/projects/${project.id}/`,
      (p) => ['FINISHED', 'FAILED'].includes(p.status),
      { timeoutMs: 250_000, intervalMs: 1000 },
    );
    expect(done.status).toBe('FINISHED');
    const start = Date.UTC(2005, 0, 1);
    const end = Date.UTC(2005, 0, 11);
    const ts = (point: number) =>
      manager.get<VisuPayload>(
        `/api/projects/${project.id}/get_visu_data/?point=${point}&stats_id=TS__hs&start=${start}&end=${end}&pixels=1000`,
      );
    const before = (await ts(project.points[0]!.id)).body;
    const after = (await ts(variant.id)).body;
    const { a, b } = variant.calibration!.parameters[0]! as { a: number; b: number };
    expect(after.time!.values).toEqual(before.time!.values);
    const x = before.hs!.values as number[];
    const y = after.hs!.values as number[];
    expect(y.length).toBeGreaterThan(200);
    // the payload rounds to 4 decimals
    y.forEach((v, i) => expect(Math.abs(v - Math.max(0, a + b * x[i]!))).toBeLessThan(2e-4));
  }, 300_000);

  it('exports say which series they hold: the variant its correction (About items), the original its variants', async () => {
    const stats = (
      await manager.get<{ pointId: number; statId: string }[]>(`/api/projects/${project.id}/stats/`)
    ).body;
    const about = async (pointId: number) => {
      const statId = stats.find((s) => s.pointId === pointId && s.statId.startsWith('EJPD__hs__'))!.statId;
      const search = new URLSearchParams({ point: String(pointId), stat_id: statId, export_kind: 'EXCEL' });
      const response = await manager.fetch(`/api/projects/${project.id}/export/?${search.toString()}`);
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const items: Record<string, unknown> = {};
      workbook.getWorksheet('About')!.eachRow((row) => {
        const [item, value] = (row.values as unknown[]).slice(1);
        if (typeof item === 'string') items[item] = value;
      });
      return items;
    };
    const stamp = variant.calibration!;
    const { a, b } = stamp.parameters[0] as { a: number; b: number };
    const four = (v: number) => String(Number(v.toPrecision(4)));
    const ofVariant = await about(variant.id);
    expect(ofVariant).toMatchObject({
      series: 'calibrated: hs corrected against measurements; every other variable is the original hindcast',
      'calibration variable': 'hs (m)',
      'calibration parameters': `a = ${four(a)}, b = ${four(b)}`,
      'calibration source': stamp.source.name,
      'calibration pairs': stamp.pairs,
      'calibration period': '1996-01-01T00:00:00.000Z to 2017-10-02T05:00:00.000Z',
      'calibration pairing window (h)': 0,
    });
    expect(String(ofVariant['calibration method'])).toMatch(/^linear: /);
    expect(String(ofVariant['calibration skill out of sample'])).toMatch(
      /^leave-one-year-out, \d+ folds: n \d+, bias -?\d+\.\d{3} → -?\d+\.\d{3} m, RMSE/,
    );
    const ofOriginal = await about(project.points[0]!.id);
    expect(ofOriginal.series).toBe(
      'original hindcast, uncorrected (calibrated variants of this point: Near 44007 · hs linear)',
    );
    expect(ofOriginal['calibration parameters']).toBeUndefined();
  }, 180_000);

  it('a PDF report with the variant has the Calibrated series annex: each point says which series it holds', async () => {
    const text = await reportText('Calibrated', 'design', [project.points[0]!.id, variant.id]);
    const annex = text.slice(
      text.lastIndexOf('Annex: Calibrated series'),
      text.lastIndexOf('Annex: Methodology'),
    );
    expect(annex).toContain('Annex: Calibrated series');
    const stamp = variant.calibration!;
    const { a, b } = stamp.parameters[0] as { a: number; b: number };
    const four = (v: number) => String(Number(v.toPrecision(4)));
    // pdftotext breaks long lines anywhere between words: compare with the spaces squeezed
    const flat = annex.replace(/\s+/g, ' ');
    expect(flat).toContain(
      'series: original hindcast, uncorrected (calibrated variants of this point: Near 44007 · hs linear)',
    );
    expect(flat).toContain(`calibration parameters: a = ${four(a)}, b = ${four(b)}`);
    expect(flat).toContain(`calibration pairs: ${stamp.pairs}`);
    expect(flat).toContain(`calibration source: ${stamp.source.name}`);
    expect(flat).toContain('calibration period: 1996-01-01T00:00:00.000Z to 2017-10-02T05:00:00.000Z');
  }, 300_000);

  it("an Operability report draws the variant's persistence tables from its corrected series", async () => {
    const original = project.points[0]!;
    const text = await reportText('Calibrated operability', 'operability', [original.id, variant.id]);
    // each point's tables as every reader of a point gets its record (the variant's hs corrected), here
    const { db } = server.runtime.services;
    const tablesOf = async (id: number): Promise<Persistence> => {
      const [row] = await db.select().from(points).where(eq(points.id, id));
      const source = await sourceForPoint(db, project.zone.id, row!.lat, row!.lng);
      return persistenceTables(await readPointRecord(source!, row!), 'hs');
    };
    const january = (tables: Persistence) => ('tables' in tables ? tables.tables[0]!.rows[0]! : []);
    const [before, after] = [january(await tablesOf(original.id)), january(await tablesOf(variant.id))];
    expect(before[0]).toBe('Jan');
    // the correction moves the waits below 1.0 m, so the two rows tell the series apart
    expect(after).not.toEqual(before);
    const at = (cells: string[]) =>
      text.search(
        new RegExp(cells.map((c) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join(String.raw`\s+`)),
      );
    // the original's section comes first, then the variant's
    expect(at(before)).toBeGreaterThan(-1);
    expect(at(after)).toBeGreaterThan(at(before));
  }, 300_000);

  it('an AWD planning bound to the variant reads the corrected series and its stamp says so', async () => {
    const template = await planningTemplate();
    const run = async (site: string) => {
      const created = await manager.upload<Planning>('/api/downtimes/', {
        file: { content: template, fileName: 'template.xlsx' },
        project: String(project.id),
        settings: JSON.stringify({
          outputDir: `On ${site}`,
          percentiles: [50, 90],
          envCoords: 'Planning!B2:I5',
          tasksCoords: 'Planning!B8:L16',
          locationAliases: { SITE: site, PORT: 'Far east' },
          formats: ['TOTAL_DURATION'],
        }),
      });
      expect(created.status).toBe(201);
      expect((await manager.post(`/api/downtimes/${created.body.id}/compute/`)).status).toBe(200);
      const done = await manager.until<Planning>(
        `/api/downtimes/${created.body.id}/`,
        (p) => p.status === 'FINISHED' || p.status === 'FAILED',
        { timeoutMs: 240_000, intervalMs: 1000 },
      );
      expect(done.errorMessage).toBe('');
      const results = (await manager.get<PlanningResults>(`/api/downtimes/${done.id}/results/`)).body;
      const zip = await JSZip.loadAsync(
        Buffer.from(await (await manager.fetch(`/api/downtimes/${done.id}/download/`)).arrayBuffer()),
      );
      const stamp = JSON.parse(await zip.file('stamp.json')!.async('string')) as {
        points: { name: string; source: string }[];
      };
      return { done, results, stamp };
    };
    const corrected = await run(variant.name);
    const original = await run('Near 44007');
    // the planning stores the variant with its id and its correction in words
    expect(corrected.done.points.find((p) => p.name === variant.name)).toMatchObject({
      id: variant.id,
      calibration: variant.calibration!.text,
    });
    expect(corrected.stamp.points.find((p) => p.name === variant.name)!.source).toContain(
      `; calibrated variant: ${variant.calibration!.text}`,
    );
    expect(original.stamp.points.find((p) => p.name === 'Near 44007')!.source).toMatch(
      /; original hindcast$/,
    );
    // the same plan on the same node: only the corrected Hs differs, and so do the downtimes
    const p50 = (r: PlanningResults) => r.MONTHLY.distribsOfAllDurations.wholeSequenceScenarios.P50!;
    expect(p50(corrected.results)).not.toEqual(p50(original.results));
  }, 600_000);

  it('previews the same fit without creating anything', async () => {
    const original = project.points[0]!;
    const before = (await manager.get<Project>(`/api/projects/${project.id}/`)).body.points.length;
    const answer = await manager.post<CalibrationStamp>(previewUrl(original.id), {
      variable: 'hs',
      method: 'linear',
      source: { buoy: buoyId },
    });
    expect(answer.status).toBe(200);
    // the same pairs, the same law: the preview is what the variant above carries
    expect(answer.body.parameters).toEqual(variant.calibration!.parameters);
    expect(answer.body.outOfSample).toEqual(variant.calibration!.outOfSample);
    expect(answer.body.pairs).toBe(variant.calibration!.pairs);
    const after = (await manager.get<Project>(`/api/projects/${project.id}/`)).body.points.length;
    expect(after).toBe(before);
    // refusals are the create route's
    const ofVariant = await manager.post(previewUrl(variant.id), {
      variable: 'hs',
      method: 'linear',
      source: { buoy: buoyId },
    });
    expect(ofVariant.status).toBe(400);
    expect(JSON.stringify(ofVariant.body)).toMatch(/calibrate its original point/);
  }, 180_000);

  it("a satellite comparison of the variant compares its corrected series with the node's altimetry", async () => {
    /** A finished comparison of the point: its Hs matchups (time, model, measure) from matchups.csv. */
    const hsMatchups = async (pointId: number, name: string) => {
      const created = await manager.post<SatelliteComparison>('/api/satellite_comparisons/', {
        name,
        project: project.id,
        point: pointId,
      });
      expect(created.status).toBe(201);
      const { rows } = await computedMatchups(created.body.id);
      return rows
        .filter((r) => r[0] === 'hs')
        .map((r) => ({ time: r[1], model: Number(r[3]), measure: Number(r[4]) }));
    };
    const before = await hsMatchups(project.points[0]!.id, 'Maine sat original');
    const after = await hsMatchups(variant.id, 'Maine sat variant');
    expect(after.length).toBe(before.length);
    expect(after.length).toBeGreaterThan(20);
    const { a, b } = variant.calibration!.parameters[0] as { a: number; b: number };
    after.forEach((row, k) => {
      // the same altimetry, matched at the same times
      expect([row.time, row.measure]).toEqual([before[k]!.time, before[k]!.measure]);
      // the model's mean over a matchup's window, corrected: linear, so the mean of the corrected values is
      // the corrected mean where no value is cut at 0 (matchups.csv writes 6 significant digits)
      expect(row.model).toBeCloseTo(Math.max(0, a + b * before[k]!.model), 3);
    });
  }, 300_000);

  it("calibrates from a finished satellite comparison: its matchups are the pairs (least squares over the download's matchups.csv)", async () => {
    const original = project.points[0]!;
    const other = project.points[1]!;
    const created = await manager.post<SatelliteComparison>('/api/satellite_comparisons/', {
      name: 'Maine sat',
      project: project.id,
      point: original.id,
    });
    expect(created.status).toBe(201);
    // not finished yet: refused with the reason
    const early = await manager.post(previewUrl(original.id), {
      variable: 'hs',
      method: 'linear',
      source: { satellite: created.body.id },
    });
    expect(early.status).toBe(400);
    expect(JSON.stringify(early.body)).toMatch(/not finished/);
    const { done, rows: all } = await computedMatchups(created.body.id);
    const rows = all.filter((r) => r[0] === 'hs');
    const m = rows.map((r) => Number(r[3]));
    const o = rows.map((r) => Number(r[4]));
    const answer = await manager.post<CalibrationStamp>(previewUrl(original.id), {
      variable: 'hs',
      method: 'linear',
      // a window is the satellite matchup rule's, not the request's
      windowHours: 6,
      source: { satellite: done.id },
    });
    expect(answer.status).toBe(200);
    const stamp = answer.body;
    expect(stamp.pairs).toBe(done.stats!.hs!.counts.matchups);
    expect(stamp.windowHours).toBe(0);
    expect(stamp.source).toMatchObject({ kind: 'satellite', comparison: done.id });
    expect(stamp.source.name).toMatch(/^satellite comparison "Maine sat" \((synthetic )?altimetry.*\), hs$/);
    // matchups.csv writes the means at 6 significant digits: 1e-4 on a and b
    const { a, b } = leastSquares(m, o);
    expect(stamp.parameters[0]!.a).toBeCloseTo(a, 4);
    expect(stamp.parameters[0]!.b).toBeCloseTo(b, 4);
    // another point's comparison, and a variable the comparison does not hold, are refused
    const wrongPoint = await manager.post(previewUrl(other.id), {
      variable: 'hs',
      method: 'linear',
      source: { satellite: done.id },
    });
    expect(wrongPoint.status).toBe(400);
    expect(JSON.stringify(wrongPoint.body)).toMatch(/not one of this point/);
    const wrongVariable = await manager.post(previewUrl(original.id), {
      variable: 'tp',
      method: 'linear',
      source: { satellite: done.id },
    });
    expect(wrongVariable.status).toBe(400);
    expect(wrongVariable.body).toEqual({
      fieldErrors: {
        variable: ['The satellite comparison has no matchups of "tp" (it has hs, wind_speed_10m)'],
      },
    });
  }, 300_000);
});
