// The 40-year standard set where a worker computes it: in a worker thread made as the server's statistics
// threads are (jobs/pool.ts: their young generation, STATISTICS_YOUNG_GENERATION_MB, and their options),
// where run.ts's main thread has Node's default. The target of issue 34 is read on this figure: the
// configuration a point is computed in.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { STATISTICS_YOUNG_GENERATION_MB } from '../apps/server/src/jobs/pool';
import { bundleWorker, WORKER_EXEC_ARGV } from '../apps/server/src/jobs/worker-file';
import type { TimedSet } from './standard-set';

/** The first run and `runs` steady runs of the set in a statistics thread (its worker bundled as the server's are). */
export async function setInStatisticsThread(runs: number): Promise<{ first: TimedSet; steady: TimedSet[] }> {
  const entry = fileURLToPath(new URL('./set-thread-worker.ts', import.meta.url));
  const { file, bundleDir } = await bundleWorker(entry, 'bench-set-thread');
  try {
    const worker = new Worker(file, {
      workerData: { runs },
      execArgv: WORKER_EXEC_ARGV,
      resourceLimits: { maxYoungGenerationSizeMb: STATISTICS_YOUNG_GENERATION_MB },
    });
    return await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the set's thread ended (${code}) before it answered`)));
    });
  } finally {
    rmSync(bundleDir, { recursive: true, force: true });
  }
}
