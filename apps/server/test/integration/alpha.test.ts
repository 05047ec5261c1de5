// Alpha factors over HTTP (issue 32): the company alpha tables of the customer's settings (managers
// change them, everyone of the customer reads them, other customers never see them), and a planning run
// with DNV-OS-H101 (2011) Table 4-1 through the API giving the numbers of `metocean planning --alpha` on
// the same record (the demo's South China Sea dataset is the ERA5 file of ../shared/data), with the raw
// planning kept beside it for the side by side; a contractors run with α giving the numbers of
// `metocean operation --alpha`, its xlsx naming the table and each factored limit. The factors themselves
// are checked in packages/core.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  alphaMessages,
  contractorParameters,
  contractorPercentileConventions,
  type CompanyAlphaTable,
  type ContractorJob,
  type ContractorResults,
  type PlanningResults,
} from '@metocean/contracts';
import { planningTemplate } from '@metocean/hindcast';
import { OUTPUT_DECIMALS, roundTable, runOperationCli } from '../../../cli/src/operation';
import { runPlanningCli } from '../../../cli/src/planning';
import { contractorJobs, points, projects } from '../../src/db/schema';
import type { Actor, TestServer } from '../harness';
import { expectIntervalCells } from '../contractors-xlsx';
import { assertHonestDigits } from '../honest-digits';
import { startServerWithProject } from '../project-fixture';

const REPO = path.resolve(__dirname, '../../../..');
const ERA5 = path.resolve(REPO, '../shared/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv');
let server: TestServer;
let manager: Actor;
let member: Actor;
let standard: Actor;
let projectId = 0;
let template: Buffer;

const companyTable = {
  name: 'Company Hs table',
  source: 'Procedure MO-12 rev. 3',
  parameter: 'hs',
  tpopHours: [12, 48],
  limits: [1, 3],
  values: [
    [0.7, 0.8],
    [0.6, 0.7],
  ],
};

const settings = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    outputDir: 'Alpha run',
    percentiles: [50, 90],
    envCoords: 'Planning!B2:I5',
    tasksCoords: 'Planning!B8:L16',
    locationAliases: { SITE: 'SITE', PORT: 'QUAY' },
    formats: ['TOTAL_DURATION'],
    ...extra,
  });

beforeAll(async () => {
  ({ server, manager, member, standard, projectId } = await startServerWithProject({
    offer: 'On Demand',
    zone: 'South China Sea',
    name: 'Alpha_project',
    points: [
      { name: 'SITE', lat: 15.51, lng: 109.94 },
      { name: 'QUAY', lat: 15.6, lng: 109.9 },
    ],
  }));
  template = await planningTemplate();
}, 120_000);
afterAll(async () => {
  await server.stop();
});

describe('company alpha tables', () => {
  it('managers add, change and delete them; members read; other customers never see them', async () => {
    const created = await manager.post<CompanyAlphaTable>('/api/customer/alpha-tables/', companyTable);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...companyTable, choice: `user-${created.body.id}` });
    expect(
      (await member.get<CompanyAlphaTable[]>('/api/customer/alpha-tables/')).body.map((t) => t.name),
    ).toEqual(['Company Hs table']);
    expect((await member.post('/api/customer/alpha-tables/', { ...companyTable, name: 'Mine' })).status).toBe(
      403,
    );
    expect((await standard.get<CompanyAlphaTable[]>('/api/customer/alpha-tables/')).body).toEqual([]);
    expect((await standard.put(`/api/customer/alpha-tables/${created.body.id}/`, companyTable)).status).toBe(
      404,
    );
    expect((await standard.delete(`/api/customer/alpha-tables/${created.body.id}/`)).status).toBe(404);

    const twice = await manager.post('/api/customer/alpha-tables/', companyTable);
    expect(twice.body).toEqual({ fieldErrors: { name: [alphaMessages.nameTaken] } });
    const bad = await manager.post('/api/customer/alpha-tables/', {
      ...companyTable,
      name: 'Bad',
      tpopHours: [48, 12],
      values: [
        [0.7, 1.2],
        [0.6, 0.7],
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      fieldErrors: {
        values: [
          'the TPOP rows must be positive hours in increasing order, each once',
          'α at TPOP 48 h, limit 3: 1.2 is not in (0, 1]',
        ],
      },
    });

    const changed = await manager.put<CompanyAlphaTable>(`/api/customer/alpha-tables/${created.body.id}/`, {
      ...companyTable,
      source: 'Procedure MO-12 rev. 4',
    });
    expect(changed.body.source).toBe('Procedure MO-12 rev. 4');
    expect((await manager.delete(`/api/customer/alpha-tables/${created.body.id}/`)).status).toBe(204);
    expect((await manager.get<CompanyAlphaTable[]>('/api/customer/alpha-tables/')).body).toEqual([]);
  });

  it("a planning may choose only the built-in table, none, or one of its customer's tables", async () => {
    const other = await standard.post<CompanyAlphaTable>('/api/customer/alpha-tables/', {
      ...companyTable,
      name: 'Theirs',
    });
    expect(other.status).toBe(201);
    const foreign = await manager.upload('/api/downtimes/', {
      file: { content: template, fileName: 'plan.xlsx' },
      project: String(projectId),
      settings: settings({ alpha: other.body.choice }),
    });
    expect(foreign.body).toEqual({ fieldErrors: { alpha: [alphaMessages.unknownTable] } });
    const unknown = await manager.upload('/api/downtimes/', {
      file: { content: template, fileName: 'plan.xlsx' },
      project: String(projectId),
      settings: settings({ alpha: 'st-n001' }),
    });
    expect(unknown.body).toEqual({ fieldErrors: { alpha: [alphaMessages.choice] } });
  });
});

describe('a planning with DNV-OS-H101 (2011) Table 4-1', () => {
  it('gives the numbers of `metocean planning --alpha`, says which table, and keeps the raw planning beside', async () => {
    const created = await manager.upload<{ id: number; alpha: string }>('/api/downtimes/', {
      file: { content: template, fileName: 'template.xlsx' },
      project: String(projectId),
      settings: settings({ alpha: 'os-h101-2011-t4-1' }),
    });
    expect(created.status).toBe(201);
    expect(created.body.alpha).toBe('os-h101-2011-t4-1');
    expect((await manager.post(`/api/downtimes/${created.body.id}/compute/`)).status).toBe(200);
    const done = await manager.until<{ status: string; errorMessage: string }>(
      `/api/downtimes/${created.body.id}/`,
      (p) => p.status === 'FINISHED' || p.status === 'FAILED',
      { timeoutMs: 180_000, intervalMs: 500 },
    );
    expect(done.errorMessage).toBe('');
    const results = (await manager.get<PlanningResults>(`/api/downtimes/${created.body.id}/results/`)).body;
    expect(results.alpha?.name).toBe('DNV-OS-H101 (2011) Table 4-1, base case');
    expect(results.alpha?.factored.map((f) => f.effectiveLimit)).toEqual([
      1.91875, 1.52, 1.0575, 1.91875, 1.52, 1.0575, 1.91875,
    ]);

    const io = { readText: (p: string) => readFileSync(p, 'utf8'), warn: () => undefined };
    const run = async (alpha: string[]) => {
      const answer = await runPlanningCli(
        [
          path.join(REPO, 'apps/web/public/help/advanced_weather_downtime/planning_template.xlsx'),
          '--point',
          `SITE=${ERA5}`,
          '--point',
          `QUAY=${ERA5}`,
          '--alias',
          'PORT=QUAY',
          '--percentiles',
          '50,90',
          ...alpha,
        ],
        io,
      );
      expect(answer.stderr).toBe('');
      return JSON.parse(answer.stdout) as PlanningResults;
    };
    const command = await run(['--alpha', 'os-h101-2011-t4-1']);
    expect(results.MONTHLY).toEqual(command.MONTHLY);
    // the run computes the monthly intervals; the weekly ones, asked for (issue 31), equal the command's
    expect(results.WEEKLY.intervalsNote).toMatch(/^intervals on request/);
    const weekly = await manager.post<PlanningResults>(
      `/api/downtimes/${created.body.id}/intervals/?breakdown=WEEKLY`,
    );
    expect(weekly.status).toBe(200);
    expect(weekly.body.WEEKLY).toEqual(command.WEEKLY);
    expect(results.alpha).toEqual(command.alpha);
    const plain = await run([]);
    // the raw side carries the statistics only: its intervals (issue 31) are not computed twice
    const statisticsOnly = (b: PlanningResults['MONTHLY']) => {
      const { intervalYears: _years, intervalNotes: _notes, ...rest } = b;
      const bare = (d: PlanningResults['MONTHLY']['distribsOfAllDelay']) => ({
        wholeSequenceScenarios: d.wholeSequenceScenarios,
        tripsScenarios: d.tripsScenarios,
      });
      return {
        ...rest,
        distribsOfAllDelay: bare(b.distribsOfAllDelay),
        distribsOfAllDurations: bare(b.distribsOfAllDurations),
        distribsOfDowntimePercent: bare(b.distribsOfDowntimePercent),
        distribsOfNoDowntimeRatio: bare(b.distribsOfNoDowntimeRatio),
      };
    };
    expect(results.withoutAlpha?.MONTHLY).toEqual(statisticsOnly(plain.MONTHLY));
    expect(results.withoutAlpha?.censored).toBe(plain.censored);
    // α·L < L: the factored planning waits at least as long, and longer somewhere
    const factoredP90 = results.MONTHLY.distribsOfAllDelay.wholeSequenceScenarios.P90!;
    const rawP90 = results.withoutAlpha!.MONTHLY.distribsOfAllDelay.wholeSequenceScenarios.P90!;
    for (const m of results.MONTHLY.periods) expect(factoredP90[m]!).toBeGreaterThanOrEqual(rawP90[m]!);
    expect(results.MONTHLY.periods.some((m) => factoredP90[m]! > rawP90[m]!)).toBe(true);
  }, 300_000);
});

describe('a contractors run with DNV-OS-H101 (2011) Table 4-1', () => {
  it('factors the Hs constraint at TPOP = the duration and gives the numbers of `metocean operation --alpha`', async () => {
    const boat = await manager.post<{ id: number }>('/api/contractors/boats/', { name: 'Alpha boat' });
    const operation = await manager.post<{ id: number }>('/api/contractors/operations/', {
      name: 'Lift',
      duration: 12,
      boat: boat.body.id,
    });
    expect(
      (
        await manager.post('/api/contractors/constraints/', {
          operation: operation.body.id,
          varName: 'hs',
          condition: 'LESS_EQUAL',
          limit: 2,
          unit: 'm',
        })
      ).status,
    ).toBe(201);
    // a marine contractors dashboard gets its wizard job with the project (services/projects.ts); the demo's
    // dashboard offer has no South China Sea zone, where the ERA5 reference file lies: this On Demand
    // project is given the same job row
    const db = server.runtime.services.db;
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
    await db
      .insert(contractorJobs)
      .values({ projectId, userId: project!.createdById, parameters: contractorParameters.parse({}) });
    const job = (await manager.get<ContractorJob>(`/api/contractors/jobs/?latest&project_id=${projectId}`))
      .body;
    const [site] = await server.runtime.services.db
      .select()
      .from(points)
      .where(eq(points.projectId, projectId));
    const parameters = {
      operations: [operation.body.id],
      points: [site!.id],
      percentiles: [50, 90],
      outputFormat: 'DURATION',
      alpha: 'os-h101-2011-t4-1',
    };
    const foreign = await manager.put(`/api/contractors/jobs/${job.id}/`, {
      project: projectId,
      parameters: { ...parameters, alpha: 'user-999999' },
      step: 'OUTPUTS',
    });
    expect(foreign.body).toEqual({ fieldErrors: { alpha: [alphaMessages.unknownTable] } });
    const launched = await manager.put(`/api/contractors/jobs/${job.id}/`, {
      project: projectId,
      parameters,
      step: 'RUN',
    });
    expect(launched.status).toBe(200);
    const done = await manager.until<ContractorJob>(
      `/api/contractors/jobs/${job.id}/`,
      (j) => j.status === 'COMPLETE' || j.status === 'ERROR',
      { timeoutMs: 120_000, intervalMs: 300 },
    );
    expect(done.errorMessage).toBe('');
    const results = (await manager.get<ContractorResults>(`/api/contractors/jobs/${job.id}/results/`)).body;
    // Table 4-1 row ≤ 12 h, 2 m: α 0.76 → 1.52 m
    expect(results.alpha?.factored).toEqual([
      expect.objectContaining({
        tripId: 'Alpha boat',
        activityId: 'Lift',
        alpha: 0.76,
        effectiveLimit: 1.52,
      }),
    ]);
    const io = { readText: (p: string) => readFileSync(p, 'utf8'), warn: () => undefined };
    const command = JSON.parse(
      (
        await runOperationCli(
          [
            ERA5,
            '--duration',
            '12',
            '--constraint',
            'hs<=2',
            '--percentiles',
            '50,90',
            '--alpha',
            'os-h101-2011-t4-1',
          ],
          io,
        )
      ).stdout,
    ) as { DURATION: ContractorResults['dataByPoints'][string][string]['sequence'] };
    const cell = results.dataByPoints[String(site!.id)]![String(boat.body.id)]!;
    expect(roundTable(cell.sequence, OUTPUT_DECIMALS.DURATION)).toEqual(command.DURATION);
    // the xlsx names the table (name, source, calibration note, each factored limit) like the AWD About
    // sheet; row 3 is the percentile convention
    const download = await manager.fetch(`/api/contractors/jobs/${job.id}/download/`);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    await assertHonestDigits('contractors-alpha.xlsx', bytes);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('SITE - Alpha boat')!;
    expect(sheet.getRow(2).getCell(1).text).toMatch(
      /; alpha factors: DNV-OS-H101 \(2011\) Table 4-1, base case \(below the table\)$/,
    );
    expect(sheet.getRow(3).getCell(1).text).toBe(contractorPercentileConventions.DURATION);
    // issue 31: row 4 names the intervals, row 5 is the header
    expect(sheet.getRow(4).getCell(1).text).toMatch(
      /^Intervals: .*90 % year-block interval \(1,000 resamples\), seed 1;/,
    );
    expect(sheet.getRow(5).getCell(1).text).toBe('Item');
    // eleven years of ERA5: every bound under its percentile is the API's, rounded to the sheet's precision
    const bounds = expectIntervalCells(sheet, results, cell, [
      ['Whole sequence', cell.intervals!.sequence],
      ['Lift', cell.intervals!.operations[String(operation.body.id)]!],
    ]);
    expect(bounds).toBe(2 * 2 * 2 * 12); // sequence and Lift × P50, P90 × lower, upper × 12 months
    const texts: [string, string][] = [];
    sheet.eachRow((row) => texts.push([row.getCell(1).text, row.getCell(3).text]));
    const alphaRows = texts.filter(([label]) => label.startsWith('Alpha'));
    expect(alphaRows).toEqual([
      ['Alpha factors', "DNV-OS-H101 (2011) Table 4-1, base case; TPOP = the operation's duration"],
      ['Alpha source', 'DNV-OS-H101 Marine Operations, General (October 2011), Sec. 4 Table 4-1, base case'],
      [
        'Alpha note',
        expect.stringMatching(/calibrated for the North Sea and the Norwegian Sea.*B705.*ST-N001/),
      ],
      // Table 4-1 (typed in from the standard): row TPOP ≤ 12 h, column 2 m → α 0.76
      ['Alpha factored limit', 'Lift: Hs ≤ 2 m × α 0.76 (TPOP 12 h, row ≤ 12 h) = 1.52 m'],
    ]);
    // below the table: after the Starts row
    const starts = texts.findIndex(([label]) => label === 'Starts');
    expect(starts).toBeGreaterThan(4);
    expect(texts.findIndex(([label]) => label === 'Alpha factors')).toBeGreaterThan(starts);
  }, 240_000);
});
