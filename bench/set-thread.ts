// The 40-year standard set where a worker computes it: in a worker thread made as the server's statistics
// threads are (jobs/pool.ts: their young generation, STATISTICS_YOUNG_GENERATION_MB), where run.ts's main
// thread has Node's default. The target of issue 34 is this figure: the configuration a point is computed in.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { STATISTICS_YOUNG_GENERATION_MB } from '../apps/server/src/jobs/pool';

export interface TimedSet {
  ms: number;
  cpuMs: number;
}

/** The first run and `runs` steady runs of the set in a statistics thread (the worker bundled as the server's are). */
export async function setInStatisticsThread(runs: number): Promise<{ first: TimedSet; steady: TimedSet[] }> {
  // a worker thread cannot load TypeScript: bundled with esbuild, its dependencies left to node_modules
  const cache = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'bench-set-'));
  try {
    const outfile = path.join(dir, 'set-thread-worker.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./set-thread-worker.ts', import.meta.url))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      plugins: [
        {
          name: 'externalise-dependencies',
          setup(builder) {
            // the workspace's packages are bundled from source (their entry points are TypeScript)
            builder.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@metocean/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    const worker = new Worker(outfile, {
      workerData: { runs },
      resourceLimits: { maxYoungGenerationSizeMb: STATISTICS_YOUNG_GENERATION_MB },
    });
    return await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the set's thread ended (${code}) before it answered`)));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
