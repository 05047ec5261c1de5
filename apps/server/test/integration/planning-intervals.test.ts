// POST /api/downtimes/{id}/intervals/?breakdown= (issue 31 "Cost", session 31): a planning's run computes the
// monthly intervals only; the bi-weekly and weekly ones are computed on request (the plan simulated again in
// the simulation thread), stored with the results when the statistics are unchanged, read by a second
// request, and equal to what the run computed before for the same plan (planningIntervals of the same
// simulation, computed here with the core's functions on the same records).
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commonRecord,
  DEFAULT_INTERVALS,
  expandCopies,
  planningIntervals,
  PLANNING_INTERVALS_ON_REQUEST,
  PLANNING_INTERVALS_STALE,
  simulatePlan,
} from '@metocean/core';
import type { PlanningResults } from '@metocean/contracts';
import { planningTemplate } from '@metocean/hindcast';
import { plannings, projects } from '../../src/db/schema';
import { readPlanningRecord } from '../../src/jobs/planning-worker';
import { simulationJob } from '../../src/services/planning-simulation';
import { WRONG_BREAKDOWN } from '../../src/services/planning-intervals';
import type { Actor, TestServer } from '../harness';
import { startServerWithProject } from '../project-fixture';

let server: TestServer;
let manager: Actor;
let member: Actor;
let standard: Actor;
let projectId = 0;
let planningId = 0;

const intervals = (who: Actor, breakdown?: string, id = planningId) =>
  who.post<PlanningResults>(
    `/api/downtimes/${id}/intervals/${breakdown === undefined ? '' : `?breakdown=${breakdown}`}`,
  );

beforeAll(async () => {
  ({ server, manager, member, standard, projectId } = await startServerWithProject({
    offer: 'On Demand',
    zone: 'South China Sea',
    name: 'Awd_intervals',
    points: [
      { name: 'SITE', lat: 15.51, lng: 109.94 },
      { name: 'QUAY', lat: 15.6, lng: 109.9 },
    ],
  }));
  const created = await manager.upload<{ id: number }>('/api/downtimes/', {
    file: { content: await planningTemplate(), fileName: 'template.xlsx' },
    project: String(projectId),
    settings: JSON.stringify({
      outputDir: 'Intervals run',
      percentiles: [50, 90],
      envCoords: 'Planning!B2:I5',
      tasksCoords: 'Planning!B8:L16',
      locationAliases: { SITE: 'SITE', PORT: 'QUAY' },
      formats: ['TOTAL_DURATION'],
    }),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  planningId = created.body.id;
  await manager.post(`/api/downtimes/${planningId}/compute/`);
  const done = await manager.until<{ status: string }>(
    `/api/downtimes/${planningId}/`,
    (p) => p.status === 'FINISHED' || p.status === 'FAILED',
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  if (done.status !== 'FINISHED') throw new Error(`the planning ended ${done.status}`);
}, 200_000);
afterAll(() => server.stop());

/** planningIntervals of the planning's plan simulated here on the same records (no alpha table chosen). */
async function reference() {
  const services = server.runtime.services;
  const [row] = await services.db
    .select({ planning: plannings, zoneId: projects.zoneId, customerId: projects.customerId })
    .from(plannings)
    .innerJoin(projects, eq(projects.id, plannings.projectId))
    .where(eq(plannings.id, planningId));
  const { job } = await simulationJob(services, row!.planning, row!);
  expect(job.alpha ?? null).toBeNull();
  const records = [];
  for (const point of job.points) {
    const { time, location } = await readPlanningRecord(point);
    records.push({ ...location, time });
  }
  const { time, locations } = commonRecord(records);
  const sim = simulatePlan({
    time,
    locations,
    aliases: job.aliases,
    environments: job.plan.environments,
    copies: expandCopies(job.plan.activities),
  });
  return planningIntervals(sim, job.percentiles, DEFAULT_INTERVALS);
}

describe('the intervals of a planning on request', () => {
  it('the run computed the monthly intervals; bi-weekly and weekly say they are on request', async () => {
    const results = (await manager.get<PlanningResults>(`/api/downtimes/${planningId}/results/`)).body;
    expect(results.intervals).toMatchObject({ ci: 0.9, resamples: 1000, seed: 1 });
    expect(results.MONTHLY.intervalYears).toBeDefined();
    expect(results.MONTHLY.intervalsNote).toBeUndefined();
    for (const b of ['BIWEEKLY', 'WEEKLY'] as const) {
      expect(results[b].intervalsNote).toBe(PLANNING_INTERVALS_ON_REQUEST);
      expect(results[b].intervalYears).toBeUndefined();
      expect(results[b].distribsOfAllDurations.wholeSequenceIntervals).toBeUndefined();
    }
  });

  it('is listed in the OpenAPI document', async () => {
    const answer = await server.request<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(Object.keys(answer.body.paths)).toContain('/api/downtimes/{id}/intervals/');
  });

  it('404 for whoever may not see the planning, 400 for another breakdown', async () => {
    expect((await intervals(standard, 'WEEKLY')).status).toBe(404);
    expect((await intervals(member, 'WEEKLY')).status).toBe(404);
    expect((await intervals(manager, 'WEEKLY', 2_000_000)).status).toBe(404);
    for (const bad of ['MONTHLY', 'DAILY', undefined]) {
      const answer = await intervals(manager, bad);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ fieldErrors: { breakdown: [WRONG_BREAKDOWN] } });
    }
  });

  it('computes the weekly intervals, equal to those the run computed for every breakdown before', async () => {
    const answer = await intervals(manager, 'WEEKLY');
    expect(answer.status).toBe(200);
    const weekly = answer.body.WEEKLY;
    expect(weekly.intervalsNote).toBeUndefined();
    const want = (await reference()).WEEKLY;
    expect(weekly.intervalYears).toEqual(want.intervalYears);
    expect(weekly.intervalNotes).toEqual(want.intervalNotes);
    for (const d of [
      'distribsOfAllDelay',
      'distribsOfAllDurations',
      'distribsOfDowntimePercent',
      'distribsOfNoDowntimeRatio',
    ] as const) {
      expect(weekly[d].wholeSequenceIntervals).toEqual(want[d].wholeSequenceIntervals);
      expect(weekly[d].tripsIntervals).toEqual(want[d].tripsIntervals);
    }
    // stored: the results read them; bi-weekly is still on request
    const stored = (await manager.get<PlanningResults>(`/api/downtimes/${planningId}/results/`)).body;
    expect(stored.WEEKLY).toEqual(weekly);
    expect(stored.BIWEEKLY.intervalsNote).toBe(PLANNING_INTERVALS_ON_REQUEST);
  }, 120_000);

  it('a second request reads the stored intervals without computing them again', async () => {
    // a mark in the stored interval: a computation would replace it, a read answers it
    await server.runtime.services.db
      .update(plannings)
      .set({
        results: sql`jsonb_set(${plannings.results}, '{WEEKLY,distribsOfAllDelay,wholeSequenceIntervals,P50,Jan 1-7}', '[-1, -2]'::jsonb)`,
      })
      .where(eq(plannings.id, planningId));
    const again = await intervals(manager, 'WEEKLY');
    expect(again.status).toBe(200);
    expect(again.body.WEEKLY.distribsOfAllDelay.wholeSequenceIntervals!.P50!['Jan 1-7']).toEqual([-1, -2]);
  });

  it('two requests at once both answer the bi-weekly intervals; the weekly ones stored before stay', async () => {
    const [a, b] = await Promise.all([intervals(manager, 'BIWEEKLY'), intervals(manager, 'BIWEEKLY')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.BIWEEKLY).toEqual(b.body.BIWEEKLY);
    expect(a.body.BIWEEKLY.intervalYears).toEqual((await reference()).BIWEEKLY.intervalYears);
    // the weekly breakdown stored before is untouched by the bi-weekly one stored after it
    expect(a.body.WEEKLY.distribsOfAllDelay.wholeSequenceIntervals!.P50!['Jan 1-7']).toEqual([-1, -2]);
  }, 120_000);

  it('stores a note, not intervals, when the statistics simulated again differ from the stored ones', async () => {
    const db = server.runtime.services.db;
    // the weekly breakdown as a run of an earlier version left it: other statistics, intervals on request
    const [row] = await db.select().from(plannings).where(eq(plannings.id, planningId));
    const results = row!.results as PlanningResults;
    const { intervalYears: _y, intervalNotes: _n, ...bare } = results.WEEKLY;
    const strip = <D extends object>(d: D) =>
      Object.fromEntries(
        Object.entries(d).filter(([k]) => k !== 'wholeSequenceIntervals' && k !== 'tripsIntervals'),
      );
    const earlier = {
      ...bare,
      distribsOfAllDelay: strip(bare.distribsOfAllDelay),
      distribsOfAllDurations: strip(bare.distribsOfAllDurations),
      distribsOfDowntimePercent: strip(bare.distribsOfDowntimePercent),
      distribsOfNoDowntimeRatio: strip(bare.distribsOfNoDowntimeRatio),
      starts: { ...bare.starts, 'Jan 1-7': (bare.starts['Jan 1-7'] ?? 0) + 1 },
      intervalsNote: PLANNING_INTERVALS_ON_REQUEST,
    };
    await db
      .update(plannings)
      .set({ results: { ...results, WEEKLY: earlier } })
      .where(eq(plannings.id, planningId));
    const answer = await intervals(manager, 'WEEKLY');
    expect(answer.status).toBe(200);
    expect(answer.body.WEEKLY.intervalsNote).toBe(PLANNING_INTERVALS_STALE);
    expect(answer.body.WEEKLY.intervalYears).toBeUndefined();
    expect(answer.body.WEEKLY.starts).toEqual(earlier.starts);
    // and the download says which breakdowns have intervals
    const zip = await JSZip.loadAsync(
      Buffer.from(await (await manager.fetch(`/api/downtimes/${planningId}/download/`)).arrayBuffer()),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await zip.file('Intervals_run_TOTAL_DURATION.xlsx')!.async('nodebuffer')) as unknown as ArrayBuffer,
    );
    const column = (sheet: string) =>
      workbook
        .getWorksheet(sheet)!
        .getColumn(1)
        .values.map((v) => (typeof v === 'string' ? v : ''));
    expect(column('BIWEEKLY')).toContain('P50 lower 90 %');
    expect(column('WEEKLY')).not.toContain('P50 lower 90 %');
    expect(column('WEEKLY').join('\n')).toContain(PLANNING_INTERVALS_STALE);
  }, 120_000);
});
