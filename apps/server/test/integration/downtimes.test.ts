// AWD plannings over HTTP (spec 001 §2.3, §4–§7; issue 22): scan the template and a broken plan, create,
// compute through the simulate-planning job, read the results, download the zip and read it back with
// independent readers (openpyxl for .xlsx, scipy.io.loadmat for .mat, ncdump for .nc), permissions and expiry. The numbers
// themselves are the engine's, checked against a brute-force simulator in packages/core.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downtimeMessages, type PlanningResults, type ScanAnswer } from '@metocean/contracts';
import { planningTemplate } from '@metocean/hindcast';
import { plannings, projects, reports, users } from '../../src/db/schema';
import { simulatePlanningJob } from '../../src/jobs/simulate-planning';
import { seedDemo } from '../../src/seed/demo';
import { reportsDir } from '../../src/services/reports';
import { ncdumpValues } from '../export-readers';
import type { Actor, TestServer } from '../harness';
import { addCollaborator, startServerWithProject, whileOfferEnded } from '../project-fixture';
import { assertHonestDigits } from '../honest-digits';

const REPO = path.resolve(__dirname, '../../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'downtimes-it-'));
let server: TestServer;
let manager: Actor;
let member: Actor;
let standard: Actor;
let projectId = 0;
let template: Buffer;

interface Planning {
  id: number;
  status: string;
  progress: number;
  name: string;
  errorMessage: string;
  hasJsonResults: boolean;
  queuedAt: string | null;
  points: { name: string }[];
}

const xlsx = (content: Buffer, fileName = 'plan.xlsx') => ({ content, fileName });
const settings = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    outputDir: 'Template run',
    percentiles: [50, 90],
    envCoords: 'Planning!B2:I5',
    tasksCoords: 'Planning!B8:L16',
    locationAliases: {},
    formats: ['TOTAL_DURATION', 'DOWNTIME_DURATION'],
    ...extra,
  });

async function brokenPlan(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Plan');
  sheet.addRow(['Environment #', 'Hs', 'Hs (m)']);
  sheet.addRow(['none', 1, 2]);
  sheet.addRow([]);
  sheet.addRow(['trip_id', 'task_id', 'activity_id', 'min_hours', 'continuous', 'environment', 'comment']);
  sheet.addRow(['K', 'T', 'A', 3, 'no', 'E1', 'x']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The simulate-planning jobs ever queued for a planning (pg-boss keeps finished ones for a while). */
async function simulationJobs(planningId: number): Promise<number> {
  const { rows } = await server.runtime.services.database.executeSql(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'simulate-planning' AND data->>'planningId' = $1`,
    [String(planningId)],
  );
  return Number((rows[0] as { n: number }).n);
}

beforeAll(async () => {
  ({ server, manager, member, standard, projectId } = await startServerWithProject({
    offer: 'On Demand',
    zone: 'South China Sea',
    name: 'Awd_project',
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

describe('the OpenAPI document', () => {
  it('lists the spec 001 §7 downtime paths', async () => {
    const answer = await server.request<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(answer.status).toBe(200);
    for (const route of [
      '/api/projects/{id}/scan_planning_file/',
      '/api/downtimes/',
      '/api/downtimes/{id}/',
      '/api/downtimes/{id}/compute/',
      '/api/downtimes/{id}/results/',
      '/api/downtimes/{id}/download/',
    ])
      expect(Object.keys(answer.body.paths)).toContain(route);
  });
});

describe('scan_planning_file', () => {
  it('detects the template tables and matches aliases to points by name', async () => {
    const answer = await manager.upload<ScanAnswer>(`/api/projects/${projectId}/scan_planning_file/`, {
      file: xlsx(template, 'My plan.xlsx'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      fileName: 'My plan.xlsx',
      outputDir: 'My plan',
      envCoords: 'Planning!B2:I5',
      tasksCoords: 'Planning!B8:L16',
      percentiles: [50, 60, 70, 80, 90, 99],
      locationAliases: { PORT: null, SITE: 'SITE' },
      planning: { errors: [], warnings: [] },
    });
    expect(answer.body.points.map((p) => p.name)).toEqual(['SITE', 'QUAY']);
  });

  it("gives the plan's trips › tasks › activities for the Gantt, as the Tasks table reads row by row", async () => {
    const answer = await manager.upload<ScanAnswer>(`/api/projects/${projectId}/scan_planning_file/`, {
      file: xlsx(template),
    });
    // the literal reading: the template's Tasks rows (Planning!B9:L16) grouped by contiguous trip, then task
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Planning')!;
    const expected: ScanAnswer['trips'] = [];
    for (let r = 9; r <= 16; r++) {
      const cell = (c: string) => sheet.getCell(`${c}${r}`).value;
      const text = (c: string) => sheet.getCell(`${c}${r}`).text;
      const [trip, task] = [text('C'), text('D')];
      if (expected.at(-1)?.id !== trip) expected.push({ id: trip, tasks: [] });
      const tasks = expected.at(-1)!.tasks;
      if (tasks.at(-1)?.id !== task) tasks.push({ id: task, activities: [] });
      tasks.at(-1)!.activities.push({
        id: text('E'),
        minimumDuration: Number(cell('F')),
        inputContingencyTime: Number(cell('G') ?? 0),
        nbWindows: Number(cell('H') ?? 1),
        continuous: cell('J') === 'yes',
        environment: text('K'),
        locationAlias: text('L') === '' ? null : text('L'),
      });
    }
    expect(expected.map((t) => t.tasks.length)).toEqual([3, 3]);
    expect(answer.body.trips).toEqual(expected);
  });

  it('lists each error and warning with its cell', async () => {
    const answer = await manager.upload<ScanAnswer>(`/api/projects/${projectId}/scan_planning_file/`, {
      file: xlsx(await brokenPlan()),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.planning.errors).toEqual([
      { kind: 'error', text: '"Hs (m)" and "Hs" are two columns for one parameter', cell: 'Plan!C1' },
      {
        kind: 'error',
        text: 'the environment id "none" means no limit and must not be defined in the table',
        cell: 'Plan!A2',
      },
      { kind: 'error', text: 'environment "E1" is not defined in the Environments table', cell: 'Plan!F5' },
    ]);
    expect(answer.body.planning.warnings).toEqual([
      { kind: 'warning', text: 'column "comment" is not a Tasks column and is ignored', cell: 'Plan!G4' },
    ]);
  });

  it('refuses what is not an xlsx, regular users and other customers', async () => {
    const notXlsx = await manager.upload(`/api/projects/${projectId}/scan_planning_file/`, {
      file: { content: 'a,b\n1,2\n', fileName: 'plan.csv' },
    });
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body).toEqual({ fieldErrors: { file: [downtimeMessages.notXlsx] } });
    const fake = await manager.upload(`/api/projects/${projectId}/scan_planning_file/`, {
      file: { content: 'not a zip', fileName: 'plan.xlsx' },
    });
    expect(fake.status).toBe(400);
    const path_ = `/api/projects/${projectId}/scan_planning_file/`;
    // a member who does not collaborate on the project does not see it
    expect((await member.upload(path_, { file: xlsx(template) })).status).toBe(404);
    expect((await standard.upload(path_, { file: xlsx(template) })).status).toBe(404);
  });
});

async function windyPlan(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Plan');
  sheet.addRow(['Environment #', 'Wave Hs (m)', 'Wind speed (m/s)']);
  sheet.addRow(['TRANSIT', 2.5, 10]);
  sheet.addRow(['LAY', 1.5, null]);
  sheet.addRow([]);
  sheet.addRow(['trip_id', 'task_id', 'activity_id', 'min_hours', 'continuous', 'environment', 'location']);
  sheet.addRow(['K', 'T', 'A', 2, 'no', 'TRANSIT', 'Port_approach']);
  sheet.addRow(['K', 'T', 'B', 2, 'no', 'LAY', 'Port_approach']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('a planning that cannot run on its points (issue 30: fail before launch, never after)', () => {
  const windy = () => ({ outputDir: 'Windy', envCoords: 'Plan!A1', tasksCoords: 'Plan!A5' });

  it('the scan gives each point its dataset and fields, and each environment what it limits', async () => {
    const answer = await manager.upload<ScanAnswer>(`/api/projects/${projectId}/scan_planning_file/`, {
      file: xlsx(await windyPlan(), 'windy.xlsx'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.environmentNeeds).toEqual({ TRANSIT: ['hs', 'wind_speed'], LAY: ['hs'] });
    // SITE lies on the ERA5 South China Sea record: Hs, Tp and mean direction, no wind
    const site = answer.body.points.find((p) => p.name === 'SITE')!;
    expect(site.dataset).toMatch(/ERA5/);
    expect(site.synthetic).toBe(false);
    expect([...site.fields].sort()).toEqual(['dir', 'hs', 'tp']);
  });

  it('a renamed Tasks column: the scan names it and where, and keeps both ranges', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Planning');
    sheet.addRow(['Environment #', 'Wave Hs (m)']);
    sheet.addRow(['LAY', 1.5]);
    sheet.addRow([]);
    sheet.addRow(['trip_id', 'task_id', 'activity_id', 'hours', 'continuous', 'environment']);
    sheet.addRow(['K', 'T', 'A', 2, 'no', 'LAY']);
    const answer = await manager.upload<ScanAnswer>(`/api/projects/${projectId}/scan_planning_file/`, {
      file: xlsx(Buffer.from(await workbook.xlsx.writeBuffer()), 'renamed.xlsx'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.planning.errors).toEqual([
      {
        kind: 'error',
        text: 'Tasks table at Planning!A4: column min_hours missing (found: hours)',
        cell: 'Planning!A4',
      },
    ]);
    expect(answer.body).toMatchObject({ envCoords: 'Planning!A1:B2', tasksCoords: 'Planning!A4:F5' });
  });

  it('is refused at create, per environment and point in words, and no job is queued', async () => {
    const refused = await manager.upload<{ nonFieldErrors: string[] }>('/api/downtimes/', {
      file: xlsx(await windyPlan(), 'windy.xlsx'),
      project: String(projectId),
      settings: settings({ ...windy(), locationAliases: { Port_approach: 'SITE' } }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.nonFieldErrors).toHaveLength(1);
    expect(refused.body.nonFieldErrors[0]).toMatch(
      /^Environment "TRANSIT": SITE, on ERA5 South China Sea \(point 15\.51 N 109\.94 E\), has no wind speed; it has Hs, Tp, mean direction\. Remove the limit or choose a point on a dataset with wind\.$/,
    );
    const stored = await server.runtime.services.db
      .select()
      .from(plannings)
      .where(eq(plannings.name, 'Windy'));
    expect(stored).toHaveLength(0);
  });

  it('a planning stored before the check still fails with the simulator naming what is missing', async () => {
    // a row as an older release created it (or whose point has since moved onto a wave-only dataset)
    const db = server.runtime.services.db;
    const [user] = await db.select().from(users).where(eq(users.username, manager.username));
    const [row] = await db
      .insert(plannings)
      .values({
        projectId,
        userId: user!.id,
        name: 'Windy',
        fileName: 'windy.xlsx',
        document: (await windyPlan()).toString('base64'),
        settings: JSON.parse(settings({ ...windy(), locationAliases: { Port_approach: 'SITE' } })) as object,
        points: [{ name: 'SITE', lat: 15.51, lng: 109.94 }],
      })
      .returning();
    const id = row!.id;
    // two launches at once queue one job; the other answers 409
    const launches = await Promise.all([
      manager.post(`/api/downtimes/${id}/compute/`),
      manager.post(`/api/downtimes/${id}/compute/`),
    ]);
    expect(launches.map((l) => l.status).sort((a, b) => a - b)).toEqual([200, 409]);
    expect(launches.find((l) => l.status === 200)!.body.queuedAt).toEqual(expect.any(String));
    expect(launches.find((l) => l.status === 409)!.body).toEqual({
      nonFieldErrors: ['The planning is already queued or running'],
    });
    expect(await simulationJobs(id)).toBe(1);
    const failed = await manager.until<Planning>(
      `/api/downtimes/${id}/`,
      (p) => p.status === 'FINISHED' || p.status === 'FAILED',
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(failed).toMatchObject({
      status: 'FAILED',
      hasJsonResults: false,
      errorMessage: 'environment "TRANSIT" limits wind speed, which the data of point "SITE" lack',
    });
    expect((await manager.get(`/api/downtimes/${id}/results/`)).status).toBe(404);
    expect((await manager.fetch(`/api/downtimes/${id}/download/`)).status).toBe(409);
    // queued or running: neither launched again nor deleted (the states set here: the simulation, kept
    // as a plan and run in its thread, ends before a request could be sure to find it queued)
    for (const state of [
      { status: 'PENDING', queuedAt: new Date() },
      { status: 'RUNNING', queuedAt: new Date() },
    ]) {
      await db.update(plannings).set(state).where(eq(plannings.id, id));
      expect((await manager.post(`/api/downtimes/${id}/compute/`)).status).toBe(409);
      expect((await manager.delete(`/api/downtimes/${id}/`)).status).toBe(409);
    }
    await db.update(plannings).set({ status: 'FAILED' }).where(eq(plannings.id, id));
    // a failed planning may be launched again: one more job
    expect((await manager.post(`/api/downtimes/${id}/compute/`)).status).toBe(200);
    expect(await simulationJobs(id)).toBe(2);
    await manager.until<Planning>(`/api/downtimes/${id}/`, (p) => p.status === 'FAILED', {
      timeoutMs: 60_000,
      intervalMs: 500,
    });
    expect((await manager.delete(`/api/downtimes/${id}/`)).status).toBe(204);
  }, 90_000);
});

describe('a planning created and never launched', () => {
  it('is PENDING and may be deleted (the Abort of the settings-errors modal)', async () => {
    const created = await manager.upload<Planning>('/api/downtimes/', {
      file: xlsx(template),
      project: String(projectId),
      settings: settings({ outputDir: 'Aborted', locationAliases: { SITE: 'SITE', PORT: 'QUAY' } }),
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('PENDING');
    // the dashboard tells it from a launched PENDING one by its launch time, and offers Delete
    expect(created.body.queuedAt).toBeNull();
    expect(await simulationJobs(created.body.id)).toBe(0);
    expect((await manager.delete(`/api/downtimes/${created.body.id}/`)).status).toBe(204);
    expect((await manager.get(`/api/downtimes/${created.body.id}/`)).status).toBe(404);
  });
});

describe('a planning from upload to download', () => {
  let planning: Planning;

  it('is refused with bad settings, a broken plan or an unmapped alias', async () => {
    const bad = await manager.upload('/api/downtimes/', {
      file: xlsx(template),
      project: String(projectId),
      settings: settings({ percentiles: [50, 150] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ fieldErrors: { percentiles: [downtimeMessages.percentiles] } });
    const coords = await manager.upload('/api/downtimes/', {
      file: xlsx(template),
      project: String(projectId),
      settings: settings({ envCoords: 'B' }),
    });
    expect(coords.body).toEqual({ fieldErrors: { envCoords: [downtimeMessages.coordinates] } });
    const broken = await manager.upload('/api/downtimes/', {
      file: xlsx(await brokenPlan()),
      project: String(projectId),
      settings: settings({ envCoords: 'Plan!A1', tasksCoords: 'Plan!A4' }),
    });
    expect(broken.status).toBe(400);
    expect((broken.body as { nonFieldErrors: string[] }).nonFieldErrors[0]).toBe(
      'Plan!C1: "Hs (m)" and "Hs" are two columns for one parameter',
    );
    const unmapped = await manager.upload('/api/downtimes/', {
      file: xlsx(template),
      project: String(projectId),
      settings: settings(),
    });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body).toEqual({
      fieldErrors: { locationAliases: ['location "PORT" is not mapped to a point of the project'] },
    });
  });

  it('is created PENDING, computed by the job, and its results follow the layout', async () => {
    const created = await manager.upload<Planning>('/api/downtimes/', {
      file: xlsx(template, 'template.xlsx'),
      project: String(projectId),
      settings: settings({ locationAliases: { SITE: 'SITE', PORT: 'QUAY' } }),
    });
    expect(created.status).toBe(201);
    planning = created.body;
    expect(planning).toMatchObject({ status: 'PENDING', name: 'Template run', hasJsonResults: false });
    expect(planning.points.map((p) => p.name)).toEqual(['SITE', 'QUAY']);
    const mails = server.mailCount();
    expect((await manager.post(`/api/downtimes/${planning.id}/compute/`)).status).toBe(200);
    const done = await manager.until<Planning>(
      `/api/downtimes/${planning.id}/`,
      (p) => p.status === 'FINISHED' || p.status === 'FAILED',
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    expect(done.errorMessage).toBe('');
    expect(done).toMatchObject({ status: 'FINISHED', progress: 100, hasJsonResults: true });
    const results = (await manager.get<PlanningResults>(`/api/downtimes/${planning.id}/results/`)).body;
    expect(results.trips).toEqual(['TRIP1', 'TRIP2']);
    // the planning read back carries its plan's trips for the Gantt, in the scan's shape
    const trips = (done as Planning & { trips?: ScanAnswer['trips'] }).trips;
    expect(trips?.map((t) => t.id)).toEqual(results.trips);
    expect(trips?.[1]?.tasks.map((t) => t.id)).toEqual(['Load', 'Install', 'Transit']);
    expect(results.MONTHLY.periods).toHaveLength(12);
    expect(results.BIWEEKLY.periods[1]).toBe('Jan 16-end');
    const p50 = results.MONTHLY.distribsOfAllDurations.wholeSequenceScenarios.P50!;
    const nominal = 7 + 4 + 10 + 7 + 12 + 3 + 3 + 12 + 7;
    for (const month of results.MONTHLY.periods) expect(p50[month]!).toBeGreaterThanOrEqual(nominal);
    const trip1 = results.MONTHLY.distribsOfAllDelay.tripsScenarios.TRIP1!.Jan!.P90;
    expect(typeof trip1).toBe('number');
    // issue 31: the 90 % year-block intervals sit beside the percentiles, with the years they rest on
    expect(results.intervals).toMatchObject({ ci: 0.9, resamples: 1000, seed: 1 });
    const years = results.MONTHLY.intervalYears!.Jan!;
    const janP50 = results.MONTHLY.distribsOfAllDurations.wholeSequenceIntervals!.P50!.Jan!;
    if (years >= 5) {
      expect(janP50[0]).toBeLessThanOrEqual(p50.Jan!);
      expect(janP50[1]).toBeGreaterThanOrEqual(p50.Jan!);
    } else {
      expect(janP50).toBeNull();
      expect(results.MONTHLY.intervalNotes!.Jan).toMatch(/fewer than 5 years/);
    }
    expect(results.MONTHLY.distribsOfAllDelay.tripsIntervals!.TRIP1!.Jan).toHaveProperty('P90');
    // the e-mail announcing the results (to the manager who created the planning)
    const deadline = Date.now() + 15_000;
    while (server.mailCount() <= mails && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(server.mailCount()).toBeGreaterThan(mails);
  }, 150_000);

  it('is run again from the start when its job is retried after a worker died mid-run', async () => {
    // A worker killed mid-run leaves the planning RUNNING; pg-boss delivers the expired job again. The
    // retry must simulate it anew, not take RUNNING for a run in progress and leave it stuck.
    const db = server.runtime.services.db;
    await db
      .update(plannings)
      .set({ status: 'RUNNING', progress: 10, results: null })
      .where(eq(plannings.id, planning.id));
    await simulatePlanningJob(server.runtime.services, planning.id);
    const again = (await manager.get<Planning>(`/api/downtimes/${planning.id}/`)).body;
    expect(again).toMatchObject({ status: 'FINISHED', progress: 100, hasJsonResults: true });
  }, 60_000);

  it('downloads a zip of the selected Excel outputs, results.mat and the audit stamp', async () => {
    const response = await manager.fetch(`/api/downtimes/${planning.id}/download/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Template_run.zip"');
    const zipBytes = Buffer.from(await response.arrayBuffer());
    // issue 30: no float noise in the workbooks and texts of the zip
    await assertHonestDigits('planning.zip', zipBytes);
    const zip = await JSZip.loadAsync(zipBytes);
    expect(Object.keys(zip.files).sort()).toEqual([
      'Template_run_DOWNTIME_DURATION.xlsx',
      'Template_run_TOTAL_DURATION.xlsx',
      'results.json',
      'results.mat',
      'results.nc',
      'stamp.json',
    ]);
    const results = (await manager.get<PlanningResults>(`/api/downtimes/${planning.id}/results/`)).body;
    const workbook = path.join(dir, 'total.xlsx');
    writeFileSync(workbook, await zip.file('Template_run_TOTAL_DURATION.xlsx')!.async('nodebuffer'));
    const rows = JSON.parse(
      execFileSync(
        '/usr/bin/python3',
        [
          '-c',
          `import json, openpyxl, sys
ws = openpyxl.load_workbook(sys.argv[1], read_only=True)['MONTHLY']
print(json.dumps([list(r) for r in ws.iter_rows(min_row=3, max_row=3, values_only=True)]))`,
          workbook,
        ],
        { encoding: 'utf8' },
      ),
    ) as (string | number)[][];
    const p50 = results.MONTHLY.distribsOfAllDurations.wholeSequenceScenarios.P50!;
    // the workbook at its stated precision, 0.1 h (issue 30: no float noise); results.mat keeps full precision
    expect(rows[0]).toEqual([
      'P50',
      ...results.MONTHLY.periods.map((p) => (p50[p] === null ? null : Number(p50[p]!.toFixed(1)))),
    ]);
    const mat = path.join(dir, 'results.mat');
    writeFileSync(mat, await zip.file('results.mat')!.async('nodebuffer'));
    const read = JSON.parse(
      execFileSync('/usr/bin/python3', [path.join(REPO, 'scripts/reference/read_mat.py'), mat], {
        encoding: 'utf8',
      }),
    ) as {
      variables: {
        MONTHLY: { distribsOfAllDelay: { wholeSequence: { shape: number[]; values: number[][] } } };
      };
    };
    const whole = read.variables.MONTHLY.distribsOfAllDelay.wholeSequence;
    expect(whole.shape).toEqual([2, 12]);
    const delay = results.MONTHLY.distribsOfAllDelay.wholeSequenceScenarios;
    expect(whole.values[0]).toEqual(results.MONTHLY.periods.map((p) => delay.P50![p]));
    expect(whole.values[1]).toEqual(results.MONTHLY.periods.map((p) => delay.P90![p]));
    const nc = path.join(dir, 'results.nc');
    writeFileSync(nc, await zip.file('results.nc')!.async('nodebuffer'));
    // ncdump (netCDF-C) prints percentile × period row by row: the second row is P90
    expect(ncdumpValues(nc, 'MONTHLY_distribsOfAllDelay').slice(12, 24)).toEqual(
      results.MONTHLY.periods.map((p) => delay.P90![p]),
    );
    expect(ncdumpValues(nc, 'trip_id')).toEqual(['TRIP1', 'TRIP2']);
    const stamp = JSON.parse(await zip.file('stamp.json')!.async('string')) as Record<string, unknown>;
    expect(stamp).toMatchObject({ rulesVersion: 'awd-1', censored: results.censored });
    expect((stamp.points as { name: string }[]).map((p) => p.name)).toEqual(['SITE', 'QUAY']);
  });

  it('is listed with ordering; regular users may not delete; an expired offer refuses uploads and runs', async () => {
    const list = await manager.get<Planning[]>(`/api/downtimes/?project=${projectId}&ordering=name`);
    expect(list.status).toBe(200);
    expect(list.body.map((p) => p.id)).toEqual([planning.id]);
    expect((await standard.get(`/api/downtimes/${planning.id}/`)).status).toBe(404);
    expect((await member.delete(`/api/downtimes/${planning.id}/`)).status).toBe(404);

    // a regular user collaborating on the project consults: list and results, no upload, run or delete
    await addCollaborator(server, projectId, 'member');
    expect(
      (await member.get<Planning[]>(`/api/downtimes/?project=${projectId}`)).body.map((p) => p.id),
    ).toEqual([planning.id]);
    expect((await member.get(`/api/downtimes/${planning.id}/results/`)).status).toBe(200);
    expect(
      (await member.upload(`/api/projects/${projectId}/scan_planning_file/`, { file: xlsx(template) }))
        .status,
    ).toBe(403);
    expect((await member.post(`/api/downtimes/${planning.id}/compute/`)).status).toBe(403);
    expect((await member.delete(`/api/downtimes/${planning.id}/`)).status).toBe(403);

    await whileOfferEnded(server, projectId, async () => {
      const scan = await manager.upload(`/api/projects/${projectId}/scan_planning_file/`, {
        file: xlsx(template),
      });
      expect(scan.status).toBe(400);
      expect(scan.body).toEqual({ nonFieldErrors: [downtimeMessages.offerExpired] });
      const create = await manager.upload('/api/downtimes/', {
        file: xlsx(template),
        project: String(projectId),
        settings: settings({ locationAliases: { SITE: 'SITE', PORT: 'QUAY' } }),
      });
      expect(create.status).toBe(400);
      expect(create.body).toEqual({ nonFieldErrors: [downtimeMessages.offerExpired] });
      const run = await manager.post(`/api/downtimes/${planning.id}/compute/`);
      expect(run.status).toBe(400);
      expect(run.body).toEqual({ nonFieldErrors: [downtimeMessages.offerExpired] });
      expect((await manager.delete(`/api/downtimes/${planning.id}/`)).status).toBe(400);
      // existing results stay viewable
      expect((await manager.get(`/api/downtimes/${planning.id}/results/`)).status).toBe(200);
    });
    expect((await manager.delete(`/api/downtimes/${planning.id}/`)).status).toBe(204);
    expect((await manager.get(`/api/downtimes/${planning.id}/`)).status).toBe(404);
  });
});

describe("the demo's project under an offer that has ended", () => {
  it('shows its computed planning read-only, refuses uploads and runs, and survives a reseed', async () => {
    const renewed = await server.as('renewed');
    const list = await renewed.get<{ id: number; name: string }[]>('/api/projects/');
    const project = list.body.find((p) => p.name === 'Cable_lay_2025')!;
    const detail = await renewed.get<{ offerInstance: { expired: boolean }; canRunDowntime: boolean }>(
      `/api/projects/${project.id}/`,
    );
    expect(detail.body).toMatchObject({ offerInstance: { expired: true }, canRunDowntime: true });
    const plannings = await renewed.get<Planning[]>(`/api/downtimes/?project=${project.id}`);
    expect(plannings.body).toHaveLength(1);
    const seeded = plannings.body[0]!;
    expect(seeded).toMatchObject({ name: 'Cable lay campaign', status: 'FINISHED', hasJsonResults: true });
    expect(seeded.points.map((p) => p.name)).toEqual(['Offshore_site', 'Port_approach']);
    const results = await renewed.get<PlanningResults>(`/api/downtimes/${seeded.id}/results/`);
    expect(results.status).toBe(200);
    expect(results.body.trips).toEqual(['TRIP1', 'TRIP2']);
    expect((await renewed.fetch(`/api/downtimes/${seeded.id}/download/`)).status).toBe(200);

    const expired = { nonFieldErrors: [downtimeMessages.offerExpired] };
    const scan = await renewed.upload(`/api/projects/${project.id}/scan_planning_file/`, {
      file: xlsx(template),
    });
    expect([scan.status, scan.body]).toEqual([400, expired]);
    const create = await renewed.upload('/api/downtimes/', {
      file: xlsx(template),
      project: String(project.id),
      settings: settings({ locationAliases: { SITE: 'Offshore_site', PORT: 'Port_approach' } }),
    });
    expect([create.status, create.body]).toEqual([400, expired]);
    const run = await renewed.post(`/api/downtimes/${seeded.id}/compute/`);
    expect([run.status, run.body]).toEqual([400, expired]);
    const remove = await renewed.delete(`/api/downtimes/${seeded.id}/`);
    expect([remove.status, remove.body]).toEqual([400, expired]);

    // `npm run seed` again: the project is made again from scratch, not doubled, and the PDFs of its old
    // reports leave the disk with their rows (regression: the cascade left them behind)
    const { services } = server.runtime;
    const pdf = `reseed-${Date.now()}.pdf`;
    const [report] = await services.db
      .insert(reports)
      .values({ projectId: project.id, name: 'Old report', status: 'FINISHED', fileName: pdf })
      .returning();
    expect(report).toBeDefined();
    mkdirSync(reportsDir(services), { recursive: true });
    writeFileSync(path.join(reportsDir(services), pdf), '%PDF-1.4');
    const again = await seedDemo(services.db, 'Reseed-Passw0rd-1', { dataDir: services.config.dataDir });
    expect(again.plannings).toHaveLength(1);
    expect(existsSync(path.join(reportsDir(services), pdf))).toBe(false);
    const projectsNow = await services.db.select().from(projects).where(eq(projects.name, 'Cable_lay_2025'));
    expect(projectsNow).toHaveLength(1);
  }, 60_000);
});
