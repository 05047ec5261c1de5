// Load on a project's detail (issue 34): the built server on the embedded database (and on PostgreSQL when
// DATABASE_URL or TEST_POSTGRES_URL is set: a fresh database of its own, dropped after), a manager's project
// of 10 points, `autocannon` on GET /api/projects/:id/ from the loopback only, for a bounded time. Prints
// throughput, latency percentiles, errors and timeouts beside the target: p99 < 2 s at 100 connections on
// the embedded default (200 on PostgreSQL), no request over 10 s; and the machine's load average, since
// this 2-core machine is shared. Needs `npm run build`; BENCH_LOAD_SECONDS (default 30, at most 120)
// bounds each run.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiToken, startServer } from '../e2e/harness';
import { record } from './figures';

const root = fileURLToPath(new URL('..', import.meta.url));
const P99_TARGET_MS = 2000;
/** autocannon's own timeout: a request not answered in 10 s is counted as a timeout (an error). */
const TIMEOUT_S = 10;

/**
 * CPU seconds a process has used, every thread (the embedded database runs in the server's), from
 * /proc/<pid>/stat (utime + stime, in clock ticks of 1/100 s on Linux); null where there is no /proc.
 */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function projectOfTenPoints(url: string, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const offers = (await (await fetch(`${url}/api/offers/`, { headers })).json()) as {
    id: number;
    name: string;
    zones: { id: number; name: string }[];
  }[];
  const offer = offers.find((o) => o.name === 'On Demand');
  const zone = offer?.zones.find((z) => z.name === 'Southern North Sea');
  if (!offer || !zone) throw new Error('the demo has no On Demand offer on the Southern North Sea');
  const response = await fetch(`${url}/api/projects/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Load_bench',
      offerInstance: offer.id,
      zone: zone.id,
      points: Array.from({ length: 10 }, (_, i) => ({ lat: 52.5 + i / 10, lng: 2 + i / 20 })),
    }),
  });
  if (!response.ok) throw new Error(`project: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { projectId: number }).projectId;
}

async function hammer(
  label: string,
  url: string,
  token: string,
  connections: number,
  seconds: number,
  pid: number | undefined,
): Promise<{ result: autocannon.Result; cpuMsPerRequest: number | null }> {
  const cpuBefore = processCpuSeconds(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: TIMEOUT_S,
    headers: { authorization: `Bearer ${token}` },
  });
  const cpuAfter = processCpuSeconds(pid);
  const answered = result['2xx'] + result.non2xx;
  // the server's CPU per answer: what the machine's load does not change, unlike the latencies
  const cpuMsPerRequest =
    cpuBefore === null || cpuAfter === null || answered === 0
      ? null
      : ((cpuAfter - cpuBefore) * 1000) / answered;
  const l = result.latency;
  // autocannon's percentiles are of the answered requests only: a request that timed out is not in them, so
  // the target is met only with no timeout at all (each one waited 10 s)
  const met = l.p99 < P99_TARGET_MS && result.timeouts === 0 && result.errors === 0;
  console.log(
    `  ${label}: ${connections} connections, ${seconds} s: ${result.requests.average.toFixed(0)} req/s, ` +
      `${(result.throughput.average / 1024).toFixed(0)} kB/s; latency p50 ${l.p50} ms, p90 ${l.p90} ms, ` +
      `p99 ${l.p99} ms, max ${l.max} ms; ${result['2xx']} answered 2xx, ${result.non2xx} other, ` +
      `${result.errors} errors of which ${result.timeouts} over ${TIMEOUT_S} s (p99 target < ${P99_TARGET_MS} ms, none over ${TIMEOUT_S} s: ${met ? 'met' : 'NOT met'}); ` +
      `server CPU ${cpuMsPerRequest === null ? 'not measured' : `${cpuMsPerRequest.toFixed(2)} ms per answer`}; ` +
      `machine load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')} (1/5/15 min, 2 cores)`,
  );
  return { result, cpuMsPerRequest };
}

async function loadOn(
  database: 'embedded' | 'PostgreSQL',
  connections: number,
  seconds: number,
  databaseUrl = '',
) {
  const server = await startServer(database === 'PostgreSQL' ? { DATABASE_URL: databaseUrl } : {});
  try {
    const token = await apiToken(server.url, 'manager');
    const id = await projectOfTenPoints(server.url, token);
    const detail = `${server.url}/api/projects/${id}/`;
    const first = await fetch(detail, { headers: { authorization: `Bearer ${token}` } });
    if (!first.ok) throw new Error(`GET ${detail}: HTTP ${first.status}`);
    const size = (await first.text()).length;
    console.log(`  ${database}: GET /api/projects/${id}/ (${(size / 1024).toFixed(1)} kB of JSON)`);
    // a short warm-up (JIT, the pool's connections), not counted
    await autocannon({
      url: detail,
      connections: 10,
      duration: 2,
      headers: { authorization: `Bearer ${token}` },
    });
    const { result, cpuMsPerRequest } = await hammer(
      database,
      detail,
      token,
      connections,
      seconds,
      server.pid,
    );
    const key = database === 'embedded' ? 'embedded' : 'postgres';
    record({
      id: `load.${key}.p99`,
      label: `project detail, ${connections} connections (${database}): p99`,
      value: result.latency.p99,
      unit: 'ms',
      target: P99_TARGET_MS,
    });
    if (cpuMsPerRequest !== null)
      record({
        id: `load.${key}.cpuPerRequest`,
        label: `project detail (${database}): server CPU per answer`,
        value: cpuMsPerRequest,
        unit: 'ms',
        decimals: 2,
      });
    record({
      id: `load.${key}.timeouts`,
      label: `project detail, ${connections} connections (${database}): requests over ${TIMEOUT_S} s`,
      value: result.timeouts,
      unit: 'requests',
      target: 0,
    });
    record({
      id: `load.${key}.rps`,
      label: `project detail, ${connections} connections (${database}): throughput`,
      value: result.requests.average,
      unit: 'req/s',
    });
  } finally {
    await server.stop();
  }
}

export async function loadBench(): Promise<void> {
  console.log(
    '\nLoad: a project detail under concurrent requests (autocannon on the loopback, built server)',
  );
  if (!existsSync(`${root}apps/server/dist/main.js`)) {
    console.log('  skipped: run `npm run build` first');
    return;
  }
  const seconds = Math.min(120, Math.max(1, Number(process.env.BENCH_LOAD_SECONDS ?? 30)));
  await loadOn('embedded', 100, seconds);
  const base = process.env.DATABASE_URL || process.env.TEST_POSTGRES_URL;
  if (!base) {
    console.log('  PostgreSQL at 200 connections: skipped (set DATABASE_URL or TEST_POSTGRES_URL to run it)');
    return;
  }
  // a database of its own: the server migrates and seeds it, and nothing of it stays
  const name = `metocean_load_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    await loadOn('PostgreSQL', 200, seconds, url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
