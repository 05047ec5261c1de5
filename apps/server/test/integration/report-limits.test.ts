// Reports bounded (issue 29, finding 6): the report thread runs under resourceLimits and is sent the report's
// header only; it asks for one point's stored results at a time and streams its pages to the partial file.
// So a report's memory is flat in its number of points — a 20-point report is drawn in the same small heap
// as a 5-point one (before, a 50-point report took +1.65 GB of RSS; 20 points, ~660 MB, four times the
// thread's limit) — and a report that breaks its thread's limit ends FAILED with a message, leaves no file,
// and the process keeps serving. (Until session 40 it drew 40 points: twice the work for the same proof.)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@metocean/contracts';
import { reports } from '../../src/db/schema';
import { createReportThread, type ReportThread } from '../../src/jobs/report-thread';
import { runReportJob } from '../../src/jobs/render-report';
import { clonePoints } from '../clone-points';
import { startTestServer, type Actor, type TestServer } from '../harness';
import { computeProject, createEra5Project } from '../project-fixture';

/**
 * The heap the flat reports are drawn in: enough for the thread's libraries (pdfkit, ECharts, the fonts)
 * and one point's data and pages. The old pipeline's 50-point report needed +1.65 GB.
 */
const FLAT_MB = 160;
/** A heap no report fits in: the thread breaks it while it draws. */
const TINY_MB = 24;

let server: TestServer;
let manager: Actor;
let projectId = 0;
let pointIds: number[] = [];
const threads: ReportThread[] = [];

beforeAll(async () => {
  process.env.STAT2D_MAX_NODES = '8';
  server = await startTestServer();
  manager = await server.as('manager');
  projectId = await createEra5Project(manager, 'Report_limits');
  const project = await computeProject(manager, projectId);
  const original = project.points[0]!.id;
  pointIds = [original, ...(await clonePoints(server.runtime.services.db, original, 19, 'Copy'))];
}, 300_000);

afterAll(async () => {
  delete process.env.STAT2D_MAX_NODES;
  for (const thread of threads) await thread.close();
  await server.stop();
});

/** The report files of a report on disk, whole or partial. */
function filesOf(reportId: number): string[] {
  const dir = path.join(server.dataDir, 'files', 'reports');
  return (existsSync(dir) ? readdirSync(dir) : []).filter((f) => f.startsWith(`report-${reportId}-`));
}

/**
 * A report of these points drawn by a thread of `memoryMb`, through the job the queue runs (the row is made
 * RUNNING with a token as generate does, without enqueueing it for the process's own thread).
 */
async function drawn(thread: ReportThread, points: number[], reportType: 'operability' | 'design') {
  const draft = await manager.post<Report>('/api/reports/', { projectId, name: `Limits_${points.length}` });
  expect(draft.status).toBe(201);
  const token = randomUUID();
  await server.runtime.services.db
    .update(reports)
    .set({
      status: 'RUNNING',
      jobId: token,
      points,
      reportType,
      parts: ['waves'],
      monthly: true,
      startedAt: new Date(),
    })
    .where(eq(reports.id, draft.body.id));
  const { services } = server.runtime;
  await runReportJob(services, thread, await services.statisticsPool!(), draft.body.id, token);
  return (await manager.get<Report>(`/api/reports/${draft.body.id}/`)).body;
}

async function pages(reportId: number): Promise<number> {
  const response = await manager.fetch(`/api/reports/${reportId}/download/`);
  expect(response.status).toBe(200);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-limits-')), 'report.pdf');
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
}

describe('a report is bounded in memory', () => {
  it('draws a 5-point and a 20-point report in the same heap', async () => {
    const thread = createReportThread({ memoryMb: FLAT_MB });
    threads.push(thread);
    const five = await drawn(thread, pointIds.slice(0, 5), 'operability');
    expect(five.error).toBe('');
    expect(five.status).toBe('FINISHED');
    const twenty = await drawn(thread, pointIds, 'operability');
    expect(twenty.error).toBe('');
    expect(twenty.status).toBe('FINISHED');
    // four times the points, about four times the pages: the work grew, the heap it was drawn in did not
    const few = await pages(five.id);
    const many = await pages(twenty.id);
    expect(many).toBeGreaterThan(3 * few);
  }, 900_000);

  it('fails a report whose thread breaks its limit, with a message and no file; the process serves on', async () => {
    const thread = createReportThread({ memoryMb: TINY_MB });
    threads.push(thread);
    const report = await drawn(thread, pointIds.slice(0, 5), 'design');
    expect(report.status).toBe('FAILED');
    expect(report.error).toMatch(
      /needed more than the 24 MB of memory a report may take \(REPORT_MEMORY_MB\)/,
    );
    expect(filesOf(report.id)).toEqual([]);
    const health = await manager.fetch('/api/health');
    expect(health.status).toBe(200);
    // the process's own report thread still draws (the generate route, the queue)
    const draft = await manager.post<Report>('/api/reports/', { projectId, name: 'After' });
    const started = await manager.put<Report>(`/api/reports/${draft.body.id}/generate/`, {
      name: 'After',
      reportType: 'design',
      points: [pointIds[0]],
      parts: ['waves'],
    });
    expect(started.status).toBe(200);
    const after = await manager.until<Report>(
      `/api/reports/${draft.body.id}/`,
      (r) => r.status !== 'RUNNING',
      { timeoutMs: 300_000 },
    );
    expect(after.error).toBe('');
    expect(after.status).toBe('FINISHED');
  }, 600_000);

  it("fails a report whose thread dies while it starts (the pool's error event), and serves on", async () => {
    // 1 MB: the thread breaks its limit before it is ready, outside any job: piscina reports that as the
    // pool's 'error' event (which, unheard, ends the process), not to the report waiting for the thread
    const thread = createReportThread({ memoryMb: 1 });
    threads.push(thread);
    const report = await drawn(thread, pointIds.slice(0, 1), 'design');
    expect(report.status).toBe('FAILED');
    expect(report.error).toMatch(/needed more than the 1 MB of memory a report may take/);
    expect(filesOf(report.id)).toEqual([]);
    expect((await manager.fetch('/api/health')).status).toBe(200);
    // the next report on that thread starts a new pool (and fails the same way, not waiting for ever)
    const again = await drawn(thread, pointIds.slice(0, 1), 'design');
    expect(again.status).toBe('FAILED');
  }, 300_000);
});
