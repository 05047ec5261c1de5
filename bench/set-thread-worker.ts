// The worker of set-thread.ts: the 40-year standard set in this thread, its first run then its steady state
// (after 3, as run.ts times it in the main thread), each run's wall and CPU time posted back.
import { parentPort, workerData } from 'node:worker_threads';
import { synthetic, timedSet } from './standard-set';

const { runs } = workerData as { runs: number };
const series = synthetic();
const first = timedSet(series);
for (let i = 0; i < 2; i++) timedSet(series);
const steady = Array.from({ length: runs }, () => timedSet(series));
parentPort!.postMessage({ first, steady });
