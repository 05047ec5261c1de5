// GET /api/projects/{id}/get_visu_data/: the stored statistics of a computed point as the visualisation
// payload of spec 002 §3, on the real ERA5 record the demo ingests (South China Sea node).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { empiricalDistribution, weatherDowntimes, weatherWindows } from '@metocean/core';
import { parseCsvSeries } from '@metocean/hindcast';
import { visuPayload, type VisuPayload } from '@metocean/contracts';
import { startTestServer, type Actor, type TestServer } from '../harness';
import { computeProject, createEra5Project } from '../project-fixture';

let server: TestServer;
let manager: Actor;
let standard: Actor;

let projectId = 0;
let pointId = 0;
let stats: { pointId: number; statId: string; code: string }[] = [];
const visu = (statId: string, who = manager, point = pointId) =>
  who.get<VisuPayload>(
    `/api/projects/${projectId}/get_visu_data/?point=${point}&stats_id=${encodeURIComponent(statId)}`,
  );

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  standard = await server.as('standard');
  projectId = await createEra5Project(manager, 'Visu_ERA5');
  const project = await computeProject(manager, projectId);
  pointId = project.points[0]!.id;
  stats = (await manager.get<typeof stats>(`/api/projects/${projectId}/stats/`)).body;
}, 200_000);
afterAll(() => server.stop());

describe('get_visu_data', () => {
  it('answers every stored statistic as named arrays and kwargs naming the dataset, node and method', async () => {
    // ERA5 has hs, tp and dp: every statistic of the registry over them
    expect(stats.length).toBeGreaterThan(20);
    for (const stat of stats) {
      const answer = await visu(stat.statId);
      expect(answer.status).toBe(200);
      expect(visuPayload.safeParse(answer.body).success).toBe(true);
      const { kwargs } = answer.body;
      expect(kwargs).toMatchObject({ statId: stat.statId, code: stat.code });
      expect(kwargs.dataset).toMatch(/ERA5/);
      expect(kwargs.node?.distanceKm).toBeLessThan(10);
      expect(kwargs.notice).toBeUndefined();
      if (!kwargs.error) expect(kwargs.method.length).toBeGreaterThan(10);
    }
  });

  it('serves every law of an extreme estimate and the environmental contours of Hs with Tp', async () => {
    const ext = (await visu('EXT__hs')).body;
    expect(ext.law?.values).toEqual(['gev', 'gumbel']);
    expect(ext.returnValues?.dimensions).toEqual(['law', 'returnPeriod']);
    const monthly = (await visu('EXT_month__hs')).body;
    expect(monthly.law?.values).toEqual(['gpd', 'exponential', 'weibull2', 'weibull3']);
    expect(stats.find((s) => s.statId === 'ENVC__hs__tp')?.code).toBe('ENVC');
    const contours = (await visu('ENVC__hs__tp')).body;
    expect(contours.kwargs.error).toBeUndefined();
    expect(contours.returnPeriod?.values).toEqual([1, 10, 100]);
    expect(contours.contourHs?.attributes.units).toBe('m');
    expect(contours.contourTp?.attributes.units).toBe('s');
  });

  it('gives the histogram of the shipped ERA5 CSV, with the units of the point', async () => {
    const answer = (await visu('EPD__hs')).body;
    const csv = fileURLToPath(
      new URL('../../assets/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv', import.meta.url),
    );
    // Outside reference: the CSV as shipped, read by the CSV reader and binned by the engine; the API read
    // the Zarr store ingested from it (float32): bins of 0.5 m hold the same counts since 2-decimal values
    // never round across a multiple of 0.5 in float32.
    const series = parseCsvSeries([readFileSync(csv, 'utf8')]);
    const reference = empiricalDistribution(series.fields.swh!.values, { binWidth: 0.5 });
    expect(answer.counts?.values).toEqual(reference.counts);
    expect(answer.edges?.attributes.units).toBe('m');
    expect(answer.kwargs.xLabel).toMatch(/\(m\)$/);
    expect(answer.kwargs.method).toContain('percentiles: Hyndman–Fan type 7');
  });

  it('states time in milliseconds since 1970 and missing values as -999', async () => {
    const ts = (await visu('TS__hs')).body;
    expect(ts.time?.attributes.units).toBe('milliseconds since 1970-01-01 00:00:00');
    const times = ts.time!.values as number[];
    expect(new Date(times[0]!).getUTCFullYear()).toBe(2000);
    const ext = (await visu('EXT__hs')).body;
    // T = 1 year has no finite annual-maxima return value
    expect((ext.returnValue!.values as number[])[0]).toBe(-999);
  });

  it('refines a zoomed time series window from the full record to the pixels', async () => {
    const start = Date.UTC(2005, 5, 1);
    const end = Date.UTC(2005, 5, 11);
    const answer = await manager.get<VisuPayload>(
      `/api/projects/${projectId}/get_visu_data/?point=${pointId}&stats_id=TS__hs&start=${start}&end=${end}&pixels=50`,
    );
    expect(answer.status).toBe(200);
    const times = answer.body.time!.values as number[];
    const values = answer.body.hs!.values as number[];
    // 241 hours in 50 buckets: at most 3 points per bucket, every one inside the window
    expect(times.length).toBeLessThanOrEqual(150);
    expect(times.every((t) => t >= start && t <= end)).toBe(true);
    // the window's maximum and minimum survive (reference: the shipped CSV over the same hours)
    const csv = fileURLToPath(
      new URL('../../assets/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv', import.meta.url),
    );
    const series = parseCsvSeries([readFileSync(csv, 'utf8')]);
    const inWindow = Array.from(series.fields.swh!.values).filter(
      (_, i) => series.time[i]! >= start && series.time[i]! <= end,
    );
    // float32 storage in the Zarr store: within 1e-6 m of the CSV's 2-decimal values
    expect(Math.max(...values)).toBeCloseTo(Math.max(...inWindow), 5);
    expect(Math.min(...values)).toBeCloseTo(Math.min(...inWindow), 5);
    const backwards = await manager.get(
      `/api/projects/${projectId}/get_visu_data/?point=${pointId}&stats_id=TS__hs&start=${end}&end=${start}`,
    );
    expect(backwards.status).toBe(400);
  });

  it('gives the direction at each storm peak for the peak rose, read from the record', async () => {
    const ext = (await visu('EXT__hs')).body;
    const times = ext.peakTime!.values as number[];
    const directions = ext.peakDirection!.values as number[];
    expect(directions).toHaveLength(times.length);
    expect(ext.kwargs.peakDirectionField).toBe('dir');
    // reference: mwd of the shipped CSV at the same hours (float32 in the store: within 1e-4 degree)
    const csv = fileURLToPath(
      new URL('../../assets/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv', import.meta.url),
    );
    const series = parseCsvSeries([readFileSync(csv, 'utf8')]);
    times.forEach((t, k) => {
      const i = series.time.indexOf(t);
      expect(directions[k]).toBeCloseTo(series.fields.mwd!.values[i]!, 3);
    });
  });

  it('answers 404 for a statistic not stored, and for a project of another customer', async () => {
    expect((await visu('EXT__nothing')).status).toBe(404);
    expect((await visu('OVERVIEW')).status).toBe(404);
    expect((await visu('EPD__hs', standard)).status).toBe(404);
  });

  describe("weather windows and downtime recomputed with the user's limit and durations", () => {
    const shipped = () => {
      const csv = fileURLToPath(
        new URL('../../assets/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv', import.meta.url),
      );
      return parseCsvSeries([readFileSync(csv, 'utf8')]);
    };
    const withSettings = (statId: string, query: string) =>
      manager.get<VisuPayload & { fieldErrors?: Record<string, string[]>; detail?: string }>(
        `/api/projects/${projectId}/get_visu_data/?point=${pointId}&stats_id=${statId}&${query}`,
      );

    it('WW: the probabilities of the limit and durations asked for, not the stored median run', async () => {
      const answer = await withSettings('WW__hs', 'below=1.5&durations=24,6');
      expect(answer.status).toBe(200);
      expect(answer.body.duration?.values).toEqual([6, 24]);
      expect(answer.body.kwargs.limit).toBe(1.5);
      expect(answer.body.kwargs.limitLabel).toMatch(/< 1\.5 m$/);
      // Reference: the engine on the shipped CSV (the API read the float32 Zarr store ingested from it;
      // 2-decimal values compare with 1.5 alike in float32 and float64)
      const s = shipped();
      const rows = weatherWindows(s.time, s.fields.swh!.values, { below: 1.5, durationsHours: [6, 24] });
      const expected = [6, 24].map((d) => rows.filter((r) => r.durationHours === d && r.month > 0));
      const got = answer.body.probability!.values as number[][];
      expected.forEach((months, k) =>
        months.forEach((r, m) => expect(got[k]![m]).toBeCloseTo(r.probability, 9)),
      );
      const stored = (await visu('WW__hs')).body;
      expect(stored.kwargs.limitLabel).toMatch(/\(median\)$/);
      expect(stored.probability!.values).not.toEqual(got);
    });

    it('WD: one operation duration at the limit asked for', async () => {
      const answer = await withSettings('WD__hs', 'below=2&durations=12');
      expect(answer.status).toBe(200);
      expect(answer.body.duration?.values).toEqual([12]);
      // durations alone keep the median limit, and say so
      const median = await withSettings('WD__hs', 'durations=12');
      expect(median.body.kwargs.limitLabel).toMatch(/\(median\)$/);
      const s = shipped();
      const [rows] = weatherDowntimes(s.time, s.fields.swh!.values, { below: 2, durationsHours: [12] });
      expect(answer.body.meanWaitAnnual!.values[0]).toBeCloseTo(rows![0]!.meanWaitHours, 9);
      expect(answer.body.censoredAnnual!.values[0]).toBe(rows![0]!.censored);
    });

    it('refuses a bad limit or durations with a message naming the field, and other statistics', async () => {
      const negative = await withSettings('WW__hs', 'below=-1');
      expect(negative.status).toBe(400);
      expect(negative.body.fieldErrors?.below?.[0]).toMatch(/above 0/);
      const words = await withSettings('WW__hs', 'durations=six');
      expect(words.status).toBe(400);
      expect(words.body.fieldErrors?.durations?.[0]).toMatch(/hours separated by commas/);
      const many = await withSettings('WD__hs', 'durations=1,2,3,4,5,6,7,8,9');
      expect(many.body.fieldErrors?.durations?.[0]).toMatch(/At most 8 durations/);
      // ERA5 is hourly: 1.5 h would silently be a 2-hour window
      const uneven = await withSettings('WW__hs', 'durations=1.5');
      expect(uneven.status).toBe(400);
      expect(uneven.body.fieldErrors?.durations?.[0]).toMatch(/not a whole number of the record's 1 h/);
      const other = await withSettings('EPD__hs', 'below=2');
      expect(other.status).toBe(400);
      expect(other.body.detail).toMatch(/weather windows \(WW\) and weather downtime \(WD\) only/);
    });

    it('exports the recomputed windows, not the stored run', async () => {
      const response = await manager.fetch(
        `/api/projects/${projectId}/export/?point=${pointId}&stat_id=WW__hs&export_kind=EXCEL&below=1.5&durations=6`,
      );
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const cells: string[] = [];
      workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((c) => cells.push(c.text))));
      expect(cells.some((c) => /< 1\.5 m$/.test(c))).toBe(true);
      expect(cells.some((c) => /\(median\)$/.test(c))).toBe(false);
    });
  });
});
