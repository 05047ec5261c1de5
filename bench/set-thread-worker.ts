// The worker of set-thread.ts: the 40-year standard set in this thread, its first run then its steady state
// (after 3, as run.ts times it in the main thread), each run's wall and CPU time posted back.
import { parentPort, workerData } from 'node:worker_threads';
import { copySeries, standardSet, synthetic } from './standard-set';

/** Wall and CPU ms of one set on fresh copies of the series (CPU: the process's, the collector's threads included). */
function timedSet(series: ReturnType<typeof synthetic>): { ms: number; cpuMs: number } {
  const input = copySeries(series);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  standardSet(input);
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000 };
}

const { runs } = workerData as { runs: number };
const series = synthetic();
const first = timedSet(series);
for (let i = 0; i < 2; i++) timedSet(series);
const steady = Array.from({ length: runs }, () => timedSet(series));
parentPort!.postMessage({ first, steady });
