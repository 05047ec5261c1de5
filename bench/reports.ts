// Report generation (issue 25): a project of 5 points on the synthetic hindcast of the North and Celtic Seas
// is computed, then a 5-point Operability report and a 5-point Design report are generated through the API
// (every part the points hold, monthly distributions included), timed from PUT generate to FINISHED, with
// the delay of the API's event loop meanwhile (the PDF is drawn in the report thread: the p99 and max delay
// are what an HTTP call waited at worst). Target: under 10 s each on this machine. Then the largest report
// the API accepts (issue 29): a 500-point Design report of the waves (copies of the first point, its stored
// results copied: test/clone-points.ts), its time, CPU and the peak RSS it added to the process (the report
// thread included; sampled every 100 ms), beside its targets. Figures only; nothing here is a test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import type { Offer, Project, Report, TokenPair } from '@metocean/contracts';
import { loadConfig } from '../apps/server/src/config';
import { SYNTHETIC_RESOLUTION_DEG } from '../apps/server/src/data/sources';
import { startRuntime } from '../apps/server/src/runtime';
import { clonePoints } from '../apps/server/test/clone-points';
import { record } from './figures';

const PASSWORD = 'Bench-Harbour-2024';
const ZONE = 'North and Celtic Seas';
const POINTS = 5;
/** Target of the 5-point reports (issue 25), from PUT generate to FINISHED. */
const REPORT_TARGET_S = 10;
/** The most points a report may have (REPORT_POINTS_MAX). */
const LARGEST = 500;
/**
 * Targets of the 500-point report: its time (two passes over 500 points' pages), and the RSS it may add:
 * flat in points, of the order of a 5-point report's (the 50-point report took +1.65 GB before issue 29).
 */
const LARGEST_TARGET_S = 600;
const LARGEST_TARGET_MB = 400;

export async function reportsBench(): Promise<void> {
  console.log(`\nReports: ${POINTS}-point Operability and Design PDFs (synthetic ${ZONE}, every part)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'metocean-bench-reports-'));
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'silent' });
  const runtime = await startRuntime(config, {
    role: 'all',
    seed: 'always',
    logger: pino({ level: 'silent' }),
    serveWeb: false,
  });
  try {
    const url = await runtime.app!.listen({ port: 0, host: '127.0.0.1' });
    const signIn = async () => {
      const login = await fetch(`${url}/api-auth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'manager', password: PASSWORD }),
      });
      return ((await login.json()) as TokenPair).accessToken;
    };
    let accessToken = await signIn();
    const send = (method: string, route: string, body?: unknown) =>
      fetch(`${url}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
      // a kept-alive connection the server closed while the bench was busy (copying 495 points) is reset on
      // its next use, before the request is read: sent again once on a new one
      const sent = () =>
        send(method, route, body).catch((error: unknown) => {
          if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
          return send(method, route, body);
        });
      let answer = await sent();
      // the 500-point report outlasts an access token: signed in again
      if (answer.status === 401) {
        accessToken = await signIn();
        answer = await sent();
      }
      const text = await answer.text();
      if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    };
    const offers = await call<Offer[]>('GET', '/api/offers/');
    const offer = offers.find((o) => !o.expired && o.isUnlimited && o.zones.some((z) => z.name === ZONE))!;
    const zone = offer.zones.find((z) => z.name === ZONE)!;
    const { projectId } = await call<{ projectId: number }>('POST', '/api/projects/', {
      name: 'Bench_reports',
      offerInstance: offer.id,
      zone: zone.id,
      points: Array.from({ length: POINTS }, (_, i) => ({
        name: `P${i + 1}`,
        lat: 56,
        lng: 1.5 + SYNTHETIC_RESOLUTION_DEG * i,
      })),
    });
    await call('PUT', `/api/projects/${projectId}/compute/`);
    let project: Project;
    for (;;) {
      project = await call<Project>('GET', `/api/projects/${projectId}/`);
      if (!['PENDING', 'RUNNING'].includes(project.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (project.status !== 'FINISHED') throw new Error(`compute ended ${project.status}`);
    const points = project.points.map((p) => p.id);
    const generate = async (
      reportType: 'operability' | 'design',
      ids: number[],
      name: string,
      parts?: string[],
    ) => {
      const draft = await call<Report>('POST', '/api/reports/', { projectId, name });
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = performance.now();
      await call('PUT', `/api/reports/${draft.id}/generate/`, {
        name,
        reportType,
        points: ids,
        monthly: true,
        ...(parts ? { parts } : {}),
      });
      let report: Report;
      for (;;) {
        report = await call<Report>('GET', `/api/reports/${draft.id}/`);
        if (report.status !== 'RUNNING') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      delay.disable();
      if (report.status !== 'FINISHED') throw new Error(`${reportType}: ${report.status} ${report.error}`);
      const pdf = await fetch(`${url}/api/reports/${draft.id}/download/`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const bytes = (await pdf.arrayBuffer()).byteLength;
      return { seconds, bytes, delay };
    };
    for (const reportType of ['operability', 'design'] as const) {
      const { seconds, bytes, delay } = await generate(reportType, points, `Bench_${reportType}`);
      const ms = (ns: number) => (ns / 1e6).toFixed(0);
      console.log(
        `${`${POINTS}-point ${reportType} report`.padEnd(58)} ${seconds.toFixed(1).padStart(7)} s  ${(bytes / 1024).toFixed(0)} kB  (target < ${REPORT_TARGET_S} s)  event-loop delay p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`,
      );
      // in the run's table too, beside its target: an unmet or regressing figure shows at the end
      record({
        id: `reports.${POINTS}.${reportType}`,
        label: `${POINTS}-point ${reportType} report: time to FINISHED`,
        value: seconds * 1000,
        unit: 'ms',
        target: REPORT_TARGET_S * 1000,
      });
    }
    // the largest report: 500 points (the first one and its copies), RSS sampled while it is drawn
    const copies = await clonePoints(runtime.services.db, points[0]!, LARGEST - points.length, 'Bench copy');
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const cpu = process.cpuUsage();
    let largest: Awaited<ReturnType<typeof generate>>;
    try {
      largest = await generate('design', [...points, ...copies], 'Bench_500', ['waves']);
    } finally {
      clearInterval(sampler);
    }
    const used = process.cpuUsage(cpu);
    const addedMb = (peak - before) / 2 ** 20;
    console.log(
      `${`${LARGEST}-point design report (waves)`.padEnd(58)} ${largest.seconds.toFixed(1).padStart(7)} s  ${(largest.bytes / 1024).toFixed(0)} kB  (target < ${LARGEST_TARGET_S} s)  CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, peak RSS +${addedMb.toFixed(0)} MB (target < ${LARGEST_TARGET_MB} MB)`,
    );
    record({
      id: 'reports.500.time',
      label: `${LARGEST}-point design report (waves): time to FINISHED`,
      value: largest.seconds * 1000,
      unit: 'ms',
      target: LARGEST_TARGET_S * 1000,
    });
    record({
      id: 'reports.500.rss',
      label: `${LARGEST}-point design report (waves): peak RSS added`,
      value: addedMb,
      unit: 'MB',
      target: LARGEST_TARGET_MB,
    });
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
