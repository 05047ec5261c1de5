// Plannings under hostile or heavy input (issue 29 findings 2, 3 and 7): every plan number bounded at its
// cell when the file is read, plan reading and simulation in a thread under resourceLimits (a thread that
// breaks its limit fails the planning with a message, and nothing is retried into the same end), the plan
// kept once at creation (no read path opens the workbook again), and /api/health answered within 250 ms
// while a dense scan and a planning run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downtimeMessages, type ScanAnswer } from '@metocean/contracts';
import { PLAN_BOUNDS } from '@metocean/core';
import { PLAN_WORKBOOK_LIMITS } from '@metocean/hindcast';
import { plannings } from '../../src/db/schema';
import { interruptedMessage, simulatePlanningJob } from '../../src/jobs/simulate-planning';
import { startTestServer, type Actor, type TestServer } from '../harness';
import { createProject } from '../project-fixture';

let server: TestServer;
let manager: Actor;
let member: Actor;
let projectId = 0;

interface Planning {
  id: number;
  status: string;
  errorMessage: string;
  hasJsonResults: boolean;
  trips?: { id: string; tasks: { activities: { nbWindows: number }[] }[] }[];
}

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  member = await server.as('member');
  projectId = await createProject(manager, {
    offer: 'On Demand',
    zone: 'South China Sea',
    name: 'Limits',
    points: [{ name: 'SITE', lat: 15.51, lng: 109.94 }],
  });
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

const TASK_HEADER = [
  'trip_id',
  'task_id',
  'activity_id',
  'min_hours',
  'nb_windows',
  'continuous',
  'environment',
];

/**
 * A plan on sheet "Plan": Environments at A1 (one environment "calm", Hs ≤ 3 m), Tasks at A4 (header),
 * its rows from A5; `dense` adds a sheet "Data" of that many rows of 20 numbers.
 */
async function planWorkbook(tasks: (string | number)[][], dense = 0): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Plan');
  sheet.addRow(['Environment #', 'Wave Hs (m)']);
  sheet.addRow(['calm', 3]);
  sheet.addRow([]);
  sheet.addRow(TASK_HEADER);
  for (const row of tasks) sheet.addRow(row);
  if (dense > 0) {
    const data = workbook.addWorksheet('Data');
    for (let r = 0; r < dense; r++) data.addRow(Array.from({ length: 20 }, (_, c) => r * 20 + c + 0.5));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The plan of planWorkbook (one task row) and a sheet "Data" of `rows` × 20 numbers, written by openpyxl. */
function openpyxlDense(rows: number): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dense-plan-')), 'dense.xlsx');
  execFileSync('/usr/bin/python3', [
    '-c',
    `
import sys, openpyxl
wb = openpyxl.Workbook()
plan = wb.active
plan.title = 'Plan'
for row in [['Environment #', 'Wave Hs (m)'], ['calm', 3], [], ${JSON.stringify(TASK_HEADER)}, ['K1', 'T', 'A', 4, 2, 'no', 'calm']]:
    plan.append(row)
data = wb.create_sheet('Data')
for r in range(int(sys.argv[2])):
    data.append([r * 20 + c + 0.5 for c in range(20)])
wb.save(sys.argv[1])
`,
    file,
    String(rows),
  ]);
  return readFileSync(file);
}

const settings = (outputDir: string) =>
  JSON.stringify({
    outputDir,
    percentiles: [50, 90],
    envCoords: 'Plan!A1',
    tasksCoords: 'Plan!A4',
    locationAliases: {},
    formats: ['TOTAL_DURATION', 'DOWNTIME_DURATION'],
  });

const create = async (name: string, content: Buffer) =>
  manager.upload<Planning>('/api/downtimes/', {
    project: String(projectId),
    settings: settings(name),
    file: { content, fileName: `${name}.xlsx` },
  });

const finished = (id: number) =>
  manager.until<Planning>(`/api/downtimes/${id}/`, (p) => p.status === 'FINISHED' || p.status === 'FAILED', {
    timeoutMs: 120_000,
    intervalMs: 250,
  });

describe('plan numbers bounded at their cell (finding 2)', () => {
  it('refuses nb_windows 1e9 or 1e15 and min_hours 1e308 at creation and at scan, naming the cell', async () => {
    for (const [cell, row, message] of [
      [
        'Plan!E5',
        ['K1', 'T', 'A', 4, 1e9, 'no', 'calm'],
        'nb_windows must be at most 1,000, got "1000000000"',
      ],
      [
        'Plan!E5',
        ['K1', 'T', 'A', 4, 1e15, 'no', 'calm'],
        'nb_windows must be at most 1,000, got "1000000000000000"',
      ],
      [
        'Plan!D5',
        ['K1', 'T', 'A', 1e308, 1, 'no', 'calm'],
        'min_hours must be at most 32,766 h, got "1e+308"',
      ],
    ] as const) {
      const content = await planWorkbook([[...row]]);
      const created = await create('Bomb', content);
      expect(created.status).toBe(400);
      expect(created.body).toEqual({ nonFieldErrors: [`${cell}: ${message}`] });
      const scanned = await manager.upload<ScanAnswer>(`/api/projects/${projectId}/scan_planning_file/`, {
        file: { content, fileName: 'bomb.xlsx' },
      });
      expect(scanned.status).toBe(200);
      expect(scanned.body.planning.errors).toEqual([{ kind: 'error', text: message, cell }]);
    }
    // nothing was created
    const list = await manager.get<Planning[]>(`/api/downtimes/?project=${projectId}`);
    expect(list.body).toEqual([]);
  });

  it('refuses a plan of more copies than the bound, at the row that passes it', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => [
      'K1',
      'T',
      `A${i}`,
      1,
      PLAN_BOUNDS.maxCopiesPerActivity,
      'no',
      'calm',
    ]);
    const created = await create('Copies', await planWorkbook(rows));
    expect(created.status).toBe(400);
    // rows 5–9 make 5,000 copies; row 10 (A10, its nb_windows in E10) passes the bound
    expect(created.body).toEqual({
      nonFieldErrors: [
        'Plan!E10: the plan expands to more than 5,000 activities (nb_windows copies) from this row',
      ],
    });
  });

  it('fails a planning whose trip is longer than the record, naming the trip, without simulating it', async () => {
    // 32,766 h × 1,000 copies: far beyond any record
    const created = await create(
      'Long trip',
      await planWorkbook([['K1', 'T', 'A', 32766, 1000, 'no', 'calm']]),
    );
    expect(created.status).toBe(201);
    expect((await manager.post(`/api/downtimes/${created.body.id}/compute/`)).status).toBe(200);
    const done = await finished(created.body.id);
    expect(done.status).toBe('FAILED');
    expect(done.errorMessage).toMatch(
      /^Plan!A5: trip "K1" lasts 32,766,000 h without any weather wait, not shorter than the common record of the planning's points \([\d,]+ h\): no start could finish it$/,
    );
  });
});

describe('the planning thread (finding 2)', () => {
  it('fails a planning whose thread breaks its memory limit, with a message, and does not retry it', async () => {
    const created = await create('Starved', await planWorkbook([['K1', 'T', 'A', 4, 2, 'no', 'calm']]));
    expect(created.status).toBe(201);
    const config = server.runtime.services.config;
    const given = config.planningMemoryMb;
    // a heap below what the thread needs to read a record and simulate: it ends, not the process. 2 MB, not
    // more: the thread's modules alone hold about 8 MB of old space, and a simulation's arrays live outside
    // the V8 heap (measured with v8.getHeapSpaceStatistics in the thread, session 41), so a limit near 8 MB
    // passed or failed with how lean the thread's imports were
    config.planningMemoryMb = 2;
    try {
      expect((await manager.post(`/api/downtimes/${created.body.id}/compute/`)).status).toBe(200);
      const done = await finished(created.body.id);
      expect(done).toMatchObject({
        status: 'FAILED',
        hasJsonResults: false,
        errorMessage:
          'the simulation needed more than the 2 MB of memory a planning may take, and was stopped',
      });
    } finally {
      config.planningMemoryMb = given;
    }
    // the process serves on, and the planning is not run again: one job, one attempt
    expect((await server.request('GET', '/api/health')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const [row] = await server.runtime.services.db
      .select()
      .from(plannings)
      .where(eq(plannings.id, created.body.id));
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1 });
    // with its memory back, the same planning finishes when launched again
    expect((await manager.post(`/api/downtimes/${created.body.id}/compute/`)).status).toBe(200);
    expect(await finished(created.body.id)).toMatchObject({ status: 'FINISHED', hasJsonResults: true });
  }, 180_000);

  it('fails, without running it, a planning whose simulation was already interrupted twice with its process', async () => {
    const created = await create('Interrupted', await planWorkbook([['K1', 'T', 'A', 4, 2, 'no', 'calm']]));
    expect(created.status).toBe(201);
    const { db } = server.runtime.services;
    // as two processes that died during its simulation leave it: RUNNING, two attempts
    await db
      .update(plannings)
      .set({ status: 'RUNNING', attempts: 2, startedAt: new Date(), queuedAt: new Date() })
      .where(eq(plannings.id, created.body.id));
    await simulatePlanningJob(server.runtime.services, created.body.id);
    const [row] = await db.select().from(plannings).where(eq(plannings.id, created.body.id));
    expect(row).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      errorMessage: interruptedMessage(2),
      results: null,
    });
    // launched again by a manager, it starts from a clean count and finishes
    expect((await manager.post(`/api/downtimes/${created.body.id}/compute/`)).status).toBe(200);
    expect(await finished(created.body.id)).toMatchObject({ status: 'FINISHED' });
  }, 180_000);
});

describe('the plan kept at creation (finding 3)', () => {
  it('answers GET and simulates from the stored plan: the workbook is never opened again', async () => {
    const rows = [
      ['K1', 'T1', 'A', 6, 3, 'no', 'calm'],
      ['K1', 'T2', 'B', 2, '', 'yes', 'none'],
      ['K2', 'T1', 'C', 5, '', 'no', 'calm'],
    ];
    const created = await create('Kept', await planWorkbook(rows));
    expect(created.status).toBe(201);
    const { db } = server.runtime.services;
    // the stored workbook replaced by bytes no reader could open: only the kept plan can answer
    await db
      .update(plannings)
      .set({ document: Buffer.from('not a workbook any more').toString('base64') })
      .where(eq(plannings.id, created.body.id));
    const read = await member.get<Planning>(`/api/downtimes/${created.body.id}/`);
    expect(read.status).toBe(404); // a member who is not a collaborator sees nothing
    const got = await manager.get<Planning>(`/api/downtimes/${created.body.id}/`);
    expect(got.status).toBe(200);
    expect(got.body.trips).toEqual([
      {
        id: 'K1',
        tasks: [
          {
            id: 'T1',
            activities: [
              {
                id: 'A',
                minimumDuration: 6,
                inputContingencyTime: 0,
                nbWindows: 3,
                environment: 'calm',
                locationAlias: null,
                continuous: false,
              },
            ],
          },
          {
            id: 'T2',
            activities: [
              {
                id: 'B',
                minimumDuration: 2,
                inputContingencyTime: 0,
                nbWindows: 1,
                environment: 'none',
                locationAlias: null,
                continuous: true,
              },
            ],
          },
        ],
      },
      {
        id: 'K2',
        tasks: [
          {
            id: 'T1',
            activities: [
              {
                id: 'C',
                minimumDuration: 5,
                inputContingencyTime: 0,
                nbWindows: 1,
                environment: 'calm',
                locationAlias: null,
                continuous: false,
              },
            ],
          },
        ],
      },
    ]);
    expect((await manager.post(`/api/downtimes/${created.body.id}/compute/`)).status).toBe(200);
    expect(await finished(created.body.id)).toMatchObject({ status: 'FINISHED', hasJsonResults: true });
  }, 180_000);
});

describe('the event loop stays free (finding 7)', () => {
  /**
   * Runs `work` while GET /api/health is asked every 20 ms; answers how many were asked, the 95th
   * percentile of their times and the slowest.
   */
  async function healthDuring(work: () => Promise<void>): Promise<Times> {
    let running = true;
    const times: number[] = [];
    const poll = (async () => {
      while (running) {
        const started = performance.now();
        const answer = await server.request('GET', '/api/health');
        expect(answer.status).toBe(200);
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      await work();
    } finally {
      running = false;
      await poll;
    }
    const sorted = [...times].sort((x, y) => x - y);
    return {
      asked: sorted.length,
      p95: sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? 0,
      slowest: sorted.at(-1) ?? 0,
    };
  }

  type Times = { asked: number; p95: number; slowest: number };
  /**
   * Held: what the work adds to the answers stays within 250 ms at the 95th percentile, and within a second
   * at worst, over what the same server answers idle just before. (The test server shares its process with
   * the test, and these machines their two cores with every other test: idle answers already wait for the
   * CPU at times. Before issue 29 the scan and the simulation held the event loop their whole length.)
   */
  const held = (times: Times, idle: Times) => {
    expect(times.asked).toBeGreaterThan(3);
    expect(times.p95).toBeLessThan(idle.p95 + 250);
    expect(times.slowest).toBeLessThan(idle.slowest + 1000);
  };

  it('keeps /api/health answering within 250 ms of idle (95th percentile) while a dense plan is scanned and a heavy planning simulates', async () => {
    // a sheet of 4,900 × 20 numbers beside the plan: within the cell limit, seconds of XML to parse
    const denseRows = Math.floor((PLAN_WORKBOOK_LIMITS.maxCells - 500) / 20);
    // written by openpyxl in another process: the test's own garbage (it shares the server's heap) must not
    // pause the event loop it measures
    const dense = openpyxlDense(denseRows);
    // the threads started first (from source, their worker is bundled then; a build has it ready)
    const small = await planWorkbook([['K1', 'T', 'A', 4, 2, 'no', 'calm']]);
    const warm = await manager.upload(`/api/projects/${projectId}/scan_planning_file/`, {
      file: { content: small, fileName: 'small.xlsx' },
    });
    expect(warm.status).toBe(200);
    // and the server's answers are quick before anything runs
    const idle = await healthDuring(() => new Promise((resolve) => setTimeout(resolve, 2000)));
    expect(idle.asked).toBeGreaterThan(3);
    let scanned: ScanAnswer | undefined;
    const scan = await healthDuring(async () => {
      const answer = await manager.upload<ScanAnswer>(`/api/projects/${projectId}/scan_planning_file/`, {
        file: { content: dense, fileName: 'dense.xlsx' },
      });
      expect(answer.status).toBe(200);
      scanned = answer.body;
    });
    expect(scanned?.planning.errors).toEqual([]);
    held(scan, idle);

    // 5 trips of 200 one-hour copies: 1,000 chains placed from each of the record's 96,432 starts, seconds
    // of simulation that held the event loop before it ran in its thread
    const rows = Array.from({ length: 5 }, (_, i) => [`K${i}`, 'T', 'A', 1, 200, 'no', 'calm']);
    const created = await create('Heavy', await planWorkbook(rows));
    expect(created.status).toBe(201);
    const simulation = await healthDuring(async () => {
      expect((await manager.post(`/api/downtimes/${created.body.id}/compute/`)).status).toBe(200);
      const done = await finished(created.body.id);
      expect(done).toMatchObject({ status: 'FINISHED', hasJsonResults: true });
    });
    held(simulation, idle);
  }, 300_000);
});

describe('a refused workbook (finding 1, through the planning thread)', () => {
  it('answers 400 on the file field for a file that is not an .xlsx', async () => {
    const answer = await manager.upload(`/api/projects/${projectId}/scan_planning_file/`, {
      file: { content: Buffer.from('not a zip'), fileName: 'fake.xlsx' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      fieldErrors: {
        file: [`${downtimeMessages.notXlsx} (the file is not an .xlsx workbook (it is not a zip archive))`],
      },
    });
  });
});
