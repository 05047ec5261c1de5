// The marine contractors wizard over HTTP (spec 001 §3, §5–§8): boats, operations and constraints with
// their rules, customer scoping and dependents; the project's wizard job, its launch through the
// contractors-run job and its results, checked against a literal hour-by-hour simulation written here on
// the same NORA3 series the job reads; permissions and an expired offer.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractorMessages,
  contractorPercentileConventions,
  paths,
  projectMessages,
  type ContractorBoat,
  type ContractorConstraint,
  type ContractorJob,
  type ContractorOperation,
  type ContractorResults,
} from '@metocean/contracts';
import { planningFields } from '@metocean/hindcast';
import { sourceForPoint } from '../../src/data/registry';
import { readPointSeries } from '../../src/data/sources';
import { points, projects } from '../../src/db/schema';
import type { Actor, TestServer } from '../harness';
import { addCollaborator, startServerWithProject, whileOfferEnded } from '../project-fixture';
import { expectIntervalCells } from '../contractors-xlsx';
import { assertHonestDigits } from '../honest-digits';

let server: TestServer;
let manager: Actor;
let member: Actor;
let standard: Actor;
let projectId = 0;
const OFFER = 'Marine Contractors Dashboard';
const SITE = { name: 'Hornsea', lat: 53.324, lng: 1.32 };
const KNOT = 1852 / 3600;

beforeAll(async () => {
  ({ server, manager, member, standard, projectId } = await startServerWithProject({
    offer: OFFER,
    zone: 'Southern North Sea',
    name: 'Mc_project',
    points: [SITE],
  }));
}, 120_000);
afterAll(async () => {
  await server.stop();
});

describe('the OpenAPI document', () => {
  it('lists the spec 001 §7 contractor paths', async () => {
    const answer = await server.request<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    for (const route of [
      '/api/contractors/boats/',
      '/api/contractors/boats/{id}/',
      '/api/contractors/operations/',
      '/api/contractors/operations/{id}/',
      '/api/contractors/constraints/',
      '/api/contractors/constraints/{id}/',
      '/api/contractors/variables/',
      '/api/contractors/jobs/',
      '/api/contractors/jobs/{id}/',
      '/api/contractors/jobs/{id}/results/',
      '/api/contractors/jobs/{id}/download/',
      '/api/customer/settings/{id}/',
    ])
      expect(Object.keys(answer.body.paths)).toContain(route);
  });
});

describe('variables', () => {
  it('are the eight of spec 001 §3 with their units', async () => {
    const answer = await member.get<{ name: string; longName: string; units: string[] }[]>(
      '/api/contractors/variables/',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.map((v) => v.name)).toEqual([
      'wlev',
      'theta',
      'mag',
      'magw',
      'thetaw',
      'hs',
      'tp',
      'dp',
    ]);
    expect(answer.body.find((v) => v.name === 'magw')).toEqual({
      name: 'magw',
      longName: 'Wind speed',
      units: ['m/s', 'kn'],
    });
    expect(answer.body.find((v) => v.name === 'hs')!.units).toEqual(['m']);
  });
});

let boat: ContractorBoat;
let transit: ContractorOperation;
let lift: ContractorOperation;

describe('boats, operations and constraints', () => {
  it('boats: name rules, managers only, scoped to the customer', async () => {
    const created = await manager.post<ContractorBoat>('/api/contractors/boats/', {
      name: ' Walk-to-work vessel ',
    });
    expect(created.status).toBe(201);
    boat = created.body;
    expect(boat).toMatchObject({ name: 'Walk-to-work vessel', operations: [] });
    const again = await manager.post('/api/contractors/boats/', { name: 'Walk-to-work vessel' });
    expect([again.status, again.body]).toEqual([
      400,
      { fieldErrors: { name: [contractorMessages.boatNameTaken] } },
    ]);
    const blank = await manager.post('/api/contractors/boats/', { name: '  ' });
    expect([blank.status, blank.body]).toEqual([400, { fieldErrors: { name: [contractorMessages.blank] } }]);
    const long = await manager.post('/api/contractors/boats/', { name: 'x'.repeat(101) });
    expect(long.body).toEqual({ fieldErrors: { name: [contractorMessages.boatNameTooLong] } });
    expect((await member.post('/api/contractors/boats/', { name: 'Tug' })).status).toBe(403);
    // the member reads the customer's boats; another customer sees none of them and cannot touch them
    expect((await member.get<ContractorBoat[]>('/api/contractors/boats/')).body.map((b) => b.id)).toEqual([
      boat.id,
    ]);
    expect((await standard.get<ContractorBoat[]>('/api/contractors/boats/')).body).toEqual([]);
    expect((await standard.put(`/api/contractors/boats/${boat.id}/`, { name: 'Mine' })).status).toBe(404);
    const renamed = await manager.put<ContractorBoat>(`/api/contractors/boats/${boat.id}/`, {
      name: 'CTV Aurora',
    });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'CTV Aurora']);
  });

  it('operations: duration is whole hours in (0, 32767), names unique on a boat', async () => {
    const post = (body: Record<string, unknown>) =>
      manager.post<ContractorOperation>('/api/contractors/operations/', { boat: boat.id, ...body });
    for (const duration of [0, 32767, 2.5])
      expect((await post({ name: 'Transit', duration })).body).toEqual({
        fieldErrors: { duration: [contractorMessages.duration] },
      });
    transit = (await post({ name: 'Transit', duration: 4 })).body;
    expect(transit).toMatchObject({ name: 'Transit', duration: 4, boat: boat.id, constraints: [] });
    expect((await post({ name: 'Transit', duration: 5 })).body).toEqual({
      fieldErrors: { name: [contractorMessages.operationNameTaken] },
    });
    lift = (await post({ name: 'Personnel transfer', duration: 8 })).body;
    const changed = await manager.put<ContractorOperation>(`/api/contractors/operations/${lift.id}/`, {
      duration: 10,
    });
    expect(changed.body).toMatchObject({ name: 'Personnel transfer', duration: 10 });
    lift = changed.body;
  });

  it('constraints: variable, condition, limit > 0 and a unit of the variable, each failure with its code', async () => {
    const post = (body: Record<string, unknown>) =>
      manager.post<ContractorConstraint>('/api/contractors/constraints/', {
        operation: transit.id,
        varName: 'hs',
        condition: 'LESS',
        limit: 2,
        unit: 'm',
        ...body,
      });
    expect((await post({ unit: 's' })).body).toEqual({
      fieldErrors: { unit: [contractorMessages.invalidUnit] },
      code: 'INVALID_UNIT',
    });
    expect((await post({ unit: '' })).body).toMatchObject({ code: 'NO_UNIT' });
    expect((await post({ limit: 0 })).body).toMatchObject({ code: 'BAD_LIMIT' });
    expect((await post({ condition: 'ABOUT' })).body).toMatchObject({ code: 'INVALID_CONDITION' });
    expect((await post({ varName: 'swell' })).body).toMatchObject({ code: 'INVALID_VARIABLE_UNIT' });
    const hs = await post({});
    expect(hs.status).toBe(201);
    expect(hs.body).toMatchObject({
      operation: transit.id,
      varName: 'hs',
      condition: 'LESS',
      limit: 2,
      unit: 'm',
    });
    const wind = await post({
      operation: lift.id,
      varName: 'magw',
      condition: 'LESS_EQUAL',
      limit: 22,
      unit: 'kn',
    });
    expect(wind.status).toBe(201);
    const liftHs = await post({ operation: lift.id, limit: 1.5, condition: 'LESS_EQUAL' });
    const changed = await manager.put<ContractorConstraint>(
      `/api/contractors/constraints/${liftHs.body.id}/`,
      {
        limit: 1.25,
      },
    );
    expect(changed.body).toMatchObject({ limit: 1.25, unit: 'm', condition: 'LESS_EQUAL' });
    expect((await member.put(`/api/contractors/constraints/${liftHs.body.id}/`, { limit: 3 })).status).toBe(
      403,
    );
  });

  it('items with dependents cannot be deleted', async () => {
    const boatDelete = await manager.delete(`/api/contractors/boats/${boat.id}/`);
    expect([boatDelete.status, boatDelete.body]).toEqual([
      400,
      { nonFieldErrors: [contractorMessages.boatHasOperations] },
    ]);
    const operationDelete = await manager.delete(`/api/contractors/operations/${transit.id}/`);
    expect([operationDelete.status, operationDelete.body]).toEqual([
      400,
      { nonFieldErrors: [contractorMessages.operationHasConstraints] },
    ]);
    // an empty boat goes
    const spare = await manager.post<ContractorBoat>('/api/contractors/boats/', { name: 'Spare' });
    expect((await manager.delete(`/api/contractors/boats/${spare.body.id}/`)).status).toBe(204);
    const boats = (await manager.get<ContractorBoat[]>('/api/contractors/boats/')).body;
    expect(boats.map((b) => b.name)).toEqual(['CTV Aurora']);
    expect(boats[0]!.operations.map((o) => [o.name, o.constraints.length])).toEqual([
      ['Transit', 1],
      ['Personnel transfer', 2],
    ]);
  });
});

describe("the customer's percentile set", () => {
  it('is the default list until a manager replaces it; its rules give the spec codes; own customer only', async () => {
    const me = (await manager.get<{ customerId: number }>(paths.usersCurrent)).body;
    const path = `/api/customer/settings/${me.customerId}/`;
    expect((await member.get(path)).body).toEqual({
      customer: me.customerId,
      percentiles: [50, 60, 70, 80, 90, 99],
    });
    const put = (percentiles: unknown[]) => manager.put(path, { customer: me.customerId, percentiles });
    expect((await put([50, 95, 60])).body).toEqual({ customer: me.customerId, percentiles: [50, 60, 95] });
    expect((await member.get(path)).body).toMatchObject({ percentiles: [50, 60, 95] });
    expect((await put([0])).body).toEqual({ fieldErrors: { 'percentiles.0': ['MIN_PERCENTILE'] } });
    expect((await put([100])).body).toEqual({ fieldErrors: { 'percentiles.0': ['MAX_PERCENTILE'] } });
    expect((await put([2.5])).body).toEqual({ fieldErrors: { 'percentiles.0': ['INVALID_PERCENTILE'] } });
    expect((await put([50, 50])).body).toEqual({ fieldErrors: { percentiles: ['NON_UNIQUE_PERCENTILE'] } });
    expect((await put([])).body).toEqual({ fieldErrors: { percentiles: ['EMPTY_PERCENTILE'] } });
    expect((await member.put(path, { customer: me.customerId, percentiles: [50] })).status).toBe(403);
    expect((await standard.get(path)).status).toBe(404);
    expect((await put([50, 60, 70, 80, 90, 99])).status).toBe(200);
  });
});

// ---- the literal reference ----

function type7(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const x = [...values].sort((a, b) => a - b);
  const h = (x.length - 1) * (p / 100);
  const lo = Math.floor(h);
  return lo + 1 < x.length ? x[lo]! + (h - lo) * (x[lo + 1]! - x[lo]!) : x[lo]!;
}

/** From every start: each operation at the first s ≥ ready whose [s, s + d) hours all pass; null when it does not fit. */
function literalRuns(n: number, ops: { d: number; ok: (i: number) => boolean }[]) {
  const runs: ({ total: number; each: number[] } | null)[] = [];
  for (let t = 0; t < n; t++) {
    let ready = t;
    const each: number[] = [];
    for (const op of ops) {
      let s = ready;
      while (s + op.d <= n) {
        let h = s;
        while (h < s + op.d && op.ok(h)) h++;
        if (h === s + op.d) break;
        s = h + 1;
      }
      if (s + op.d > n) break;
      each.push(s + op.d - ready);
      ready = s + op.d;
    }
    runs.push(each.length === ops.length ? { total: ready - t, each } : null);
  }
  return runs;
}

describe('the wizard job', () => {
  let job: ContractorJob;
  /** The project's one point, SITE. */
  const sitePoint = async () => {
    const [point] = await server.runtime.services.db
      .select()
      .from(points)
      .where(eq(points.projectId, projectId));
    return point!;
  };

  it('is created at the operations step the first time the project asks, then the same job', async () => {
    const first = await member.get<ContractorJob>(`/api/contractors/jobs/?latest&project_id=${projectId}`);
    expect(first.status).toBe(404); // not a collaborator: the project is not revealed
    const answer = await manager.get<ContractorJob>(`/api/contractors/jobs/?latest&project_id=${projectId}`);
    expect(answer.status).toBe(200);
    job = answer.body;
    expect(job).toMatchObject({
      project: projectId,
      status: 'IDLE',
      step: 'OPERATIONS',
      taskInfo: { progress: 0 },
      hasResults: false,
      parameters: {
        operations: [],
        points: [],
        percentiles: [50, 60, 70, 80, 90, 99],
        outputFormat: 'DURATION',
      },
    });
    expect(
      (await manager.get<ContractorJob>(`/api/contractors/jobs/?latest&project_id=${projectId}`)).body.id,
    ).toBe(job.id);
    expect((await standard.get(`/api/contractors/jobs/${job.id}/`)).status).toBe(404);
  });

  it('saves steps; a launch needs constraints on every operation, points and a format', async () => {
    const point = await sitePoint();
    const parameters = {
      operations: [transit.id, lift.id],
      points: [point.id],
      percentiles: [50, 90],
      outputFormat: 'DURATION',
    };
    const saved = await manager.put<ContractorJob>(`/api/contractors/jobs/${job.id}/`, {
      project: projectId,
      parameters,
      step: 'LOCATIONS',
    });
    expect(saved.body).toMatchObject({ step: 'LOCATIONS', status: 'IDLE', parameters });
    const bare = await manager.post<ContractorOperation>('/api/contractors/operations/', {
      boat: boat.id,
      name: 'Bare',
      duration: 2,
    });
    const launch = (p: Record<string, unknown>) =>
      manager.put(`/api/contractors/jobs/${job.id}/`, {
        project: projectId,
        parameters: { ...parameters, ...p },
        step: 'RUN',
      });
    expect((await launch({ operations: [transit.id, bare.body.id] })).body).toEqual({
      nonFieldErrors: [contractorMessages.operationWithoutConstraint],
    });
    expect((await launch({ points: [] })).body).toEqual({
      fieldErrors: { points: [contractorMessages.noPoint] },
    });
    expect((await launch({ outputFormat: null })).body).toEqual({
      fieldErrors: { outputFormat: [contractorMessages.noFormat] },
    });
    expect((await launch({ percentiles: [50, 50] })).status).toBe(400);
    expect((await manager.delete(`/api/contractors/operations/${bare.body.id}/`)).status).toBe(204);
  });

  it('runs the boat sequence from every start; DURATION percentiles match the literal simulation', async () => {
    const point = await sitePoint();
    const parameters = {
      operations: [transit.id, lift.id],
      points: [point.id],
      percentiles: [50, 90],
      outputFormat: 'DURATION',
    };
    const launches = await Promise.all([
      manager.put<ContractorJob>(`/api/contractors/jobs/${job.id}/`, {
        project: projectId,
        parameters,
        step: 'RUN',
      }),
      manager.put<ContractorJob>(`/api/contractors/jobs/${job.id}/`, {
        project: projectId,
        parameters,
        step: 'RUN',
      }),
    ]);
    expect(launches.map((l) => l.status).sort((a, b) => a - b)).toEqual([200, 409]);
    expect(launches.find((l) => l.status === 409)!.body).toEqual({
      nonFieldErrors: [contractorMessages.jobInFlight],
    });
    const done = await manager.until<ContractorJob>(
      `/api/contractors/jobs/${job.id}/`,
      (j) => j.status === 'COMPLETE' || j.status === 'ERROR',
      { timeoutMs: 60_000, intervalMs: 300 },
    );
    expect(done).toMatchObject({
      status: 'COMPLETE',
      step: 'STATISTICS',
      taskInfo: { progress: 100 },
      hasResults: true,
    });
    const results = (await manager.get<ContractorResults>(`/api/contractors/jobs/${job.id}/results/`)).body;
    expect(results).toMatchObject({ dataFormat: 'DURATION', unit: 'days', percentiles: [50, 90] });
    expect(results.boats.map((b) => b.name)).toEqual(['CTV Aurora']);
    const cell = results.dataByPoints[String(point.id)]![String(boat.id)]!;

    // the reference: the same series, the constraints read literally (22 kn = 22·1852/3600 m/s)
    const db = server.runtime.services.db;
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
    const source = (await sourceForPoint(db, project!.zoneId, SITE.lat, SITE.lng))!;
    const series = (await readPointSeries(source, SITE.lat, SITE.lng)).series;
    const fields = planningFields(series.fields);
    const hs = fields.hs!;
    const wind = fields.wind_speed!;
    const n = series.time.length;
    const runs = literalRuns(n, [
      { d: 4, ok: (i) => hs[i]! < 2 },
      { d: 10, ok: (i) => hs[i]! <= 1.25 && wind[i]! <= 22 * KNOT },
    ]);
    const months = results.periods;
    expect(months).toHaveLength(12);
    expect(cell.censored).toBe(runs.filter((r) => r === null).length);
    let compared = 0;
    months.forEach((m, k) => {
      const starts = runs.filter((r, t) => r !== null && new Date(series.time[t]!).getUTCMonth() === k) as {
        total: number;
        each: number[];
      }[];
      expect(cell.starts[m]).toBe(starts.length);
      for (const p of [50, 90]) {
        const whole = type7(
          starts.map((r) => r.total),
          p,
        );
        expect(cell.sequence[`P${p}`]![m]).toBeCloseTo(whole === null ? NaN : whole / 24, 9);
        [transit, lift].forEach((o, j) => {
          const one = type7(
            starts.map((r) => r.each[j]!),
            p,
          );
          expect(cell.operations[String(o.id)]![`P${p}`]![m]).toBeCloseTo(one! / 24, 9);
        });
        compared++;
      }
    });
    expect(compared).toBe(24);
    // issue 31: beside each percentile its year-block interval, with the years it rests on (the years
    // with an uncensored start in the month); core/test/contractors-intervals.test.ts holds the brute force
    expect(results.intervals).toMatchObject({ ci: 0.9, resamples: 1000, seed: 1 });
    months.forEach((m, k) => {
      const years = new Set(
        runs.flatMap((r, t) => {
          const d = new Date(series.time[t]!);
          return r !== null && d.getUTCMonth() === k ? [d.getUTCFullYear()] : [];
        }),
      );
      expect(cell.intervals!.years[m]).toBe(years.size);
      for (const p of [50, 90]) {
        const value = cell.sequence[`P${p}`]![m]!;
        const band = cell.intervals!.sequence[`P${p}`]![m];
        if (years.size < 5) {
          expect(band).toBeNull();
          expect(cell.intervals!.notes[m]).toMatch(/fewer than 5 years/);
          continue;
        }
        expect(band![0]).toBeLessThanOrEqual(value);
        expect(band![1]).toBeGreaterThanOrEqual(value);
        for (const o of [transit, lift])
          expect(cell.intervals!.operations[String(o.id)]![`P${p}`]![m]).not.toBeNull();
      }
    });
    // the export: one sheet per point and boat, the same numbers
    const download = await manager.fetch(`/api/contractors/jobs/${job.id}/download/`);
    expect(download.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    const bytes = Buffer.from(await download.arrayBuffer());
    // issue 30: no float noise (a 10 h transit was 0.4166666666666667 days)
    await assertHonestDigits('contractors.xlsx', bytes);
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Hornsea - CTV Aurora')!;
    // issue 35: the convention of Pp is written above the table
    expect(sheet.getRow(3).getCell(1).text).toBe(contractorPercentileConventions.DURATION);
    // issue 31: the interval settings are named in the header lines
    expect(sheet.getRow(4).getCell(1).text).toMatch(
      /^Intervals: under each percentile, the lower and upper bounds of its 90 % year-block interval \(1,000 resamples\), seed 1; year-block bootstrap/,
    );
    // one unit per sheet (issue 30): days when a value (or an interval's bound) passes 220 h, else hours;
    // rounded to 0.1 d or 1 h
    const bandTables = [cell.intervals!.sequence, ...Object.values(cell.intervals!.operations)];
    const allHours = [
      ...[cell.sequence, ...Object.values(cell.operations)].flatMap((t) =>
        Object.values(t).flatMap((row) => Object.values(row)),
      ),
      ...bandTables.flatMap((t) =>
        Object.values(t).flatMap((row) => Object.values(row).flatMap((b) => b ?? [])),
      ),
    ].map((d) => (d === null ? 0 : d * 24));
    const unit = Math.max(...allHours) > 220 ? 'd' : 'h';
    expect(sheet.getRow(5).values).toEqual([
      undefined,
      'Item',
      'Percentile',
      ...months.map((m) => `${m} (${unit})`),
    ]);
    expect(sheet.getRow(6).getCell(2).value).toBe('P50');
    const jan = cell.sequence.P50!.Jan!;
    expect(sheet.getRow(6).getCell(3).value).toBe(
      unit === 'd' ? Number(jan.toFixed(1)) : Number((jan * 24).toFixed(0)),
    );
    // issue 31: under each percentile its interval's lower and upper rows; every bound is the API's, in the
    // sheet's unit at its stated precision (1 h or 0.1 d), blank where the API has none
    expect([7, 8].map((r) => sheet.getRow(r).getCell(2).text)).toEqual(['P50 90 % lower', 'P50 90 % upper']);
    expect(sheet.getRow(12).getCell(1).text).toBe('Transit (4 h; hs < 2 m)');
    // Hornsea's NORA3 record is one year: every month has the note and no bound (alpha.test.ts reads the
    // numbers back on eleven years of ERA5)
    const bounds = expectIntervalCells(sheet, results, cell, [
      ['Whole sequence', cell.intervals!.sequence],
      [transit.name, cell.intervals!.operations[String(transit.id)]!],
      [lift.name, cell.intervals!.operations[String(lift.id)]!],
    ]);
    expect(bounds).toBe(
      [cell.intervals!.sequence, ...Object.values(cell.intervals!.operations)].flatMap((t) =>
        Object.values(t).flatMap((row) => Object.values(row).filter((b) => b !== null)),
      ).length * 2,
    );
    // issue 32: a run without alpha factors says so, in row 2 and below the table
    expect(sheet.getRow(2).getCell(1).text).toMatch(/; alpha factors: none$/);
    const alphaRows: string[][] = [];
    sheet.eachRow((row) => {
      if (row.getCell(1).text.startsWith('Alpha')) alphaRows.push([row.getCell(1).text, row.getCell(3).text]);
    });
    expect(alphaRows).toEqual([['Alpha factors', 'none (the raw limits of the constraints)']]);
    // not trivial: the P90 of some month waits for weather beyond the 14 working hours
    expect(Math.max(...months.map((m) => cell.sequence.P90![m]!))).toBeGreaterThan(14 / 24);
  });

  it('gives the doable operations their results and marks the others not doable at this point (issue 30)', async () => {
    const jackUp = (
      await manager.post<ContractorOperation>('/api/contractors/operations/', {
        boat: boat.id,
        name: 'Jack-up',
        duration: 3,
      })
    ).body;
    const level = (
      await manager.post<ContractorConstraint>('/api/contractors/constraints/', {
        operation: jackUp.id,
        varName: 'wlev',
        condition: 'LESS',
        limit: 1,
        unit: 'm',
      })
    ).body;
    const point = await sitePoint();
    const run = async (operations: number[]) => {
      const launched = await manager.put(`/api/contractors/jobs/${job.id}/`, {
        project: projectId,
        parameters: { operations, points: [point.id], percentiles: [50], outputFormat: 'WEATHER_WINDOW' },
        step: 'RUN',
      });
      expect(launched.status).toBe(200);
      const done = await manager.until<ContractorJob>(
        `/api/contractors/jobs/${job.id}/`,
        (j) => j.status === 'COMPLETE' || j.status === 'ERROR',
        { timeoutMs: 60_000, intervalMs: 300 },
      );
      expect(done).toMatchObject({ status: 'COMPLETE', errorMessage: '', hasResults: true });
      return (await manager.get<ContractorResults>(`/api/contractors/jobs/${job.id}/results/`)).body;
    };
    // Hornsea reads NORA3 (waves and wind, no water level): the jack-up cannot run there, the transit can
    const mixed = await run([transit.id, jackUp.id]);
    const cell = mixed.dataByPoints[String(point.id)]![String(boat.id)]!;
    expect(cell.notDoable).toEqual({ [String(jackUp.id)]: 'not doable at this point: no water level' });
    expect(Object.keys(cell.operations)).toEqual([String(transit.id)]);
    // the reference: the doable operation run alone gives the same numbers
    const alone = (await run([transit.id])).dataByPoints[String(point.id)]![String(boat.id)]!;
    expect(alone.notDoable).toEqual({});
    expect(cell.sequence).toEqual(alone.sequence);
    expect(cell.operations[String(transit.id)]).toEqual(alone.operations[String(transit.id)]);
    for (const v of Object.values(cell.sequence.P50!)) expect(v === null || (v >= 0 && v <= 100)).toBe(true);
    // the workbook says it per operation, and names the sequence without it
    await run([transit.id, jackUp.id]);
    const download = await manager.fetch(`/api/contractors/jobs/${job.id}/download/`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.getWorksheet('Hornsea - CTV Aurora')!;
    const texts: string[][] = [];
    sheet.eachRow((row) => texts.push([row.getCell(1).text, row.getCell(3).text]));
    expect(texts).toContainEqual(['Whole sequence without Jack-up', expect.any(String)]);
    expect(texts).toContainEqual(['Jack-up (3 h; wlev < 1 m)', 'not doable at this point: no water level']);
    expect((await manager.delete(`/api/contractors/constraints/${level.id}/`)).status).toBe(204);
    expect((await manager.delete(`/api/contractors/operations/${jackUp.id}/`)).status).toBe(204);
  });

  it('regular users consult; an expired offer refuses runs and keeps the results readable', async () => {
    await addCollaborator(server, projectId, 'member');
    expect((await member.get(`/api/contractors/jobs/${job.id}/results/`)).status).toBe(200);
    const current = (await manager.get<ContractorJob>(`/api/contractors/jobs/${job.id}/`)).body;
    const body = { project: projectId, parameters: current.parameters, step: 'RUN' };
    expect((await member.put(`/api/contractors/jobs/${job.id}/`, body)).status).toBe(403);
    await whileOfferEnded(server, projectId, async () => {
      const run = await manager.put(`/api/contractors/jobs/${job.id}/`, body);
      expect([run.status, run.body]).toEqual([
        400,
        { nonFieldErrors: [projectMessages.offerExpired(OFFER)] },
      ]);
      expect((await manager.get(`/api/contractors/jobs/${job.id}/results/`)).status).toBe(200);
    });
  });
});
