// kill -9 of the all-in-one process while a planning, a contractors run, a satellite comparison and a report
// render run, then a restart with the default settings (issue 29, finding 8 and its proof): every job found
// in flight after the restart — its worker gone, its pg-boss job still "active" — ends FINISHED or FAILED
// (COMPLETE or ERROR for the contractors run) within 60 s of the restarted process answering, through the one
// heartbeat and reconcile rule; no computation is charged twice and no half-written PDF is left. Before the
// fix these stayed RUNNING until pg-boss's expiry (15–30 min). The server is a real child process.
// Each job is in flight at the kill, without a test-only knob: the report (a Design report of two computed
// points, waves and wind, drawn in two passes) is launched first, and once its thread draws the three others
// are launched together (launched with the report, they had all ended before it); the contractors run waits
// behind the planning in the one simulation thread; the kill comes once both run. All four are asserted
// RUNNING just before it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type {
  ContractorBoat,
  ContractorJob,
  ContractorOperation,
  Offer,
  Planning,
  Project,
  Report,
  SatelliteComparison,
} from '@metocean/contracts';
import { planningTemplate } from '@metocean/hindcast';
import { call, freePort, killNine, signIn, startChildServer, type ChildServer } from '../child-server';
import { eventually, freshStore } from '../harness';

// a copy of the suite's seeded demo (and on the PostgreSQL run a database of this file's own): the first
// start finds it seeded
const store = await freshStore();
const { dataDir } = store;
const servers: ChildServer[] = [];
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await store.drop();
});

async function project(
  port: number,
  token: string,
  offerName: string | null,
  zone: string,
  name: string,
  points: { name: string; lat: number; lng: number }[],
): Promise<Project> {
  const offers = (await call<Offer[]>(port, 'GET', '/api/offers/', token)).body;
  const offer = offers.find((o) =>
    offerName ? o.name === offerName : o.zones.some((z) => z.name === zone),
  )!;
  const created = await call<{ projectId: number }>(port, 'POST', '/api/projects/', token, {
    name,
    offerInstance: offer.id,
    zone: offer.zones.find((z) => z.name === zone)!.id,
    points,
  });
  expect(created.status).toBe(201);
  return (await call<Project>(port, 'GET', `/api/projects/${created.body.projectId}/`, token)).body;
}

interface Launched {
  planning: number;
  contractors: number;
  comparison: number;
  report: number;
}

/** The four jobs' statuses as the API shows them (and the report's progress). */
async function statuses(port: number, token: string, ids: Launched) {
  const planning = (await call<Planning>(port, 'GET', `/api/downtimes/${ids.planning}/`, token)).body;
  const run = (await call<ContractorJob>(port, 'GET', `/api/contractors/jobs/${ids.contractors}/`, token))
    .body;
  const comparison = (
    await call<SatelliteComparison>(port, 'GET', `/api/satellite_comparisons/${ids.comparison}/`, token)
  ).body;
  const report = (await call<Report>(port, 'GET', `/api/reports/${ids.report}/`, token)).body;
  return {
    planning: planning.status,
    contractors: run.status,
    comparison: comparison.status,
    report: report.status,
    reportProgress: report.progress,
  };
}

/** What each project was charged: its computations and their credits. */
async function charges(port: number, token: string, projectIds: number[]) {
  const all = [];
  for (const id of projectIds) {
    const project = (await call<Project>(port, 'GET', `/api/projects/${id}/`, token)).body;
    all.push(...project.computations.map((c) => ({ project: id, id: c.id, credits: c.credits })));
  }
  return all;
}

const inFlight = (status: string) => status === 'PENDING' || status === 'RUNNING';

describe('kill -9 while a planning, a contractors run, a satellite comparison and a report render run', () => {
  it('ends every interrupted job FINISHED or FAILED within 60 s of the restart', async () => {
    const port = await freePort();
    const first = await startChildServer(port, { dataDir, databaseUrl: store.databaseUrl });
    servers.push(first);
    let token = await signIn(port);

    // two computed South China Sea points for the report (a Design report of the waves and the wind)
    const reported = await project(port, token, 'On Demand', 'South China Sea', 'Kill_report', [
      { name: 'ERA5 node', lat: 15.51, lng: 109.94 },
      { name: 'North node', lat: 15.76, lng: 109.94 },
    ]);
    expect((await call(port, 'PUT', `/api/projects/${reported.id}/compute/`, token)).status).toBe(200);
    await eventually(
      async () => (await call<Project>(port, 'GET', `/api/projects/${reported.id}/`, token)).body.status,
      (status) => status === 'FINISHED',
      { timeoutMs: 300_000, intervalMs: 1000 },
      'the report project computed',
    );
    const draft = (
      await call<Report>(port, 'POST', '/api/reports/', token, { projectId: reported.id, name: 'Killed' })
    ).body;
    // a planning of the AWD template on two South China Sea points
    const awd = await project(port, token, 'On Demand', 'South China Sea', 'Kill_awd', [
      { name: 'SITE', lat: 15.51, lng: 109.94 },
      { name: 'QUAY', lat: 15.6, lng: 109.9 },
    ]);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await planningTemplate())]), 'plan.xlsx');
    form.set('project', String(awd.id));
    form.set(
      'settings',
      JSON.stringify({
        outputDir: 'Killed',
        percentiles: [50, 90],
        envCoords: 'Planning!B2:I5',
        tasksCoords: 'Planning!B8:L16',
        locationAliases: { SITE: 'SITE', PORT: 'QUAY' },
        formats: ['TOTAL_DURATION', 'DOWNTIME_DURATION'],
      }),
    );
    const created = await fetch(`http://127.0.0.1:${port}/api/downtimes/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const planning = (await created.json()) as Planning;

    // a contractors run of one boat on two North Sea points
    const mc = await project(port, token, 'Marine Contractors Dashboard', 'Southern North Sea', 'Kill_mc', [
      { name: 'Hornsea', lat: 53.324, lng: 1.32 },
      { name: 'Hornsea W', lat: 53.3, lng: 1.2 },
    ]);
    const boat = (
      await call<ContractorBoat>(port, 'POST', '/api/contractors/boats/', token, { name: 'Kill boat' })
    ).body;
    const operation = (
      await call<ContractorOperation>(port, 'POST', '/api/contractors/operations/', token, {
        boat: boat.id,
        name: 'Lift',
        duration: 6,
      })
    ).body;
    expect(
      (
        await call(port, 'POST', '/api/contractors/constraints/', token, {
          operation: operation.id,
          varName: 'hs',
          condition: 'LESS',
          limit: 2,
          unit: 'm',
        })
      ).status,
    ).toBe(201);
    const job = (
      await call<ContractorJob>(port, 'GET', `/api/contractors/jobs/?latest&project_id=${mc.id}`, token)
    ).body;

    // a satellite comparison of a Bay of Biscay point
    const biscay = await project(port, token, null, 'Bay of Biscay', 'Kill_sat', [
      { name: 'Shelf edge', lat: 45.5, lng: -5.5 },
    ]);
    const comparison = (
      await call<SatelliteComparison>(port, 'POST', '/api/satellite_comparisons/', token, {
        name: 'Killed comparison',
        project: biscay.id,
        point: biscay.points[0]!.id,
      })
    ).body;

    const ids: Launched = {
      planning: planning.id,
      contractors: job.id,
      comparison: comparison.id,
      report: draft.id,
    };
    // the report first, the longest: once its thread draws, the three others are launched together, and
    // the process is killed as soon as they all run (launched with the report, they had ended before it did)
    const generate = await call(port, 'PUT', `/api/reports/${draft.id}/generate/`, token, {
      name: 'Killed',
      reportType: 'design',
      points: reported.points.map((p) => p.id),
      // enough pages to be drawing when the others start; few enough to be drawn again within the minute
      parts: ['waves', 'wind'],
    });
    expect(generate.status).toBe(200);
    await eventually(
      () => statuses(port, token, ids),
      (s) => s.report !== 'RUNNING' || s.reportProgress > 0,
      { timeoutMs: 180_000, intervalMs: 50 },
      'the report drawn',
    );
    const launches = await Promise.all([
      call(port, 'POST', `/api/downtimes/${planning.id}/compute/`, token),
      call(port, 'PUT', `/api/contractors/jobs/${job.id}/`, token, {
        project: mc.id,
        parameters: {
          operations: [operation.id],
          points: mc.points.map((p) => p.id),
          percentiles: [50],
          outputFormat: 'DURATION',
        },
        step: 'RUN',
      }),
      call(port, 'PUT', `/api/satellite_comparisons/${comparison.id}/compute/`, token),
    ]);
    expect(launches.map((l) => l.status)).toEqual([200, 200, 200]);
    // what the projects were charged, read before the wait: these jobs charge no computation, and the kill
    // must follow the statuses read as closely as it can (the planning can end within the few requests this
    // takes: it did once, in CI, after the engine got faster)
    const projectIds = [awd.id, mc.id, biscay.id, reported.id];
    const charged = await charges(port, token, projectIds);
    const beforeKill = await eventually(
      () => statuses(port, token, ids),
      (s) =>
        (s.planning === 'RUNNING' && s.contractors === 'RUNNING') ||
        !inFlight(s.planning) ||
        !inFlight(s.contractors) ||
        !inFlight(s.report),
      { timeoutMs: 120_000, intervalMs: 50 },
      'the planning and the contractors run RUNNING',
    );
    await killNine(first);
    // every job was in flight just before the kill (none had ended before it)
    expect(beforeKill).toMatchObject({
      planning: 'RUNNING',
      contractors: 'RUNNING',
      comparison: 'RUNNING',
      report: 'RUNNING',
    });

    const second = await startChildServer(port, { dataDir, databaseUrl: store.databaseUrl });
    servers.push(second);
    // the minute runs from the restarted process answering (its start-up — tsx, migrations — is not the
    // reconciler's: it took up to 95 s on the loaded 2-core machine)
    const restarted = Date.now();
    token = await signIn(port);
    // what the kill interrupted: the four jobs, RUNNING just before it. At the first read after the restart
    // each is still in flight (its pg-boss job active, no worker of it alive) or already ended: the
    // restarted workers pick a retried job up at once, and a short planning may finish before that read.
    const interrupted: (keyof Launched)[] = ['planning', 'contractors', 'comparison', 'report'];
    const ended = await eventually(
      () => statuses(port, token, ids),
      (s) => interrupted.every((k) => !inFlight(s[k])),
      { timeoutMs: 60_000 - (Date.now() - restarted), intervalMs: 500 },
      'the end of every interrupted job',
    );
    expect(Date.now() - restarted).toBeLessThan(60_000);
    expect(['FINISHED', 'FAILED']).toContain(ended.planning);
    expect(['COMPLETE', 'ERROR']).toContain(ended.contractors);
    expect(['FINISHED', 'FAILED']).toContain(ended.comparison);
    expect(['FINISHED', 'FAILED']).toContain(ended.report);
    // no computation charged again by a retry
    expect(await charges(port, token, projectIds)).toEqual(charged);
    // no half-written PDF: no partial file; a finished report's file is whole (poppler reads every page)
    const reportsDir = path.join(dataDir, 'files', 'reports');
    const files = existsSync(reportsDir) ? readdirSync(reportsDir) : [];
    expect(files.filter((f) => f.endsWith('.partial'))).toEqual([]);
    const mine = files.filter((f) => f.startsWith(`report-${draft.id}-`));
    if (ended.report === 'FINISHED') {
      expect(mine).toHaveLength(1);
      const info = execFileSync('pdfinfo', [path.join(reportsDir, mine[0]!)], { encoding: 'utf8' });
      expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThan(10);
    } else expect(mine).toEqual([]);
    // the reconciler took back what the kill interrupted (not pg-boss's expiry, 30 min away)
    expect(second.log()).toContain('interrupted job taken back');
  }, 900_000);
});
