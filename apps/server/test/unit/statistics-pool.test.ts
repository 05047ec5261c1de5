// The statistics pool when its thread dies outside a job (issue 29): the jobs asked of the lane fail with the
// reason instead of waiting for ever, the lane gets a new thread, and a thread that cannot start at all is not
// restarted in a tight loop. The thread file here is a real worker that fails to load its first N starts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createStatisticsPool,
  RESTARTS_AT_ONCE,
  STATISTICS_YOUNG_GENERATION_MB,
  type StatisticsPool,
} from '../../src/jobs/pool';
import type { PoolJob } from '../../src/jobs/pool';

/** A worker that fails to load its first `failures` starts, then echoes its job; it counts its starts. */
function flakyWorker(failures: number): { file: string; starts: () => number; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'pool-'));
  const file = path.join(dir, 'worker.mjs');
  writeFileSync(path.join(dir, 'failures.txt'), String(failures));
  writeFileSync(
    file,
    `import { readFileSync, writeFileSync } from 'node:fs';
const here = (name) => new URL('./' + name, import.meta.url);
let n = 0;
try { n = Number(readFileSync(here('starts.txt'), 'utf8')); } catch {}
writeFileSync(here('starts.txt'), String(n + 1));
if (n < Number(readFileSync(here('failures.txt'), 'utf8'))) throw new Error('cannot load, start ' + (n + 1));
export default (job) => ({ echoed: job });
`,
  );
  const starts = () => {
    try {
      return Number(readFileSync(path.join(dir, 'starts.txt'), 'utf8'));
    } catch {
      return 0;
    }
  };
  return { file, starts, dir };
}

const job = { kind: 'echo' } as unknown as PoolJob;
const errors: unknown[] = [];
const log = { error: (fields: unknown) => void errors.push(fields) };

describe('the statistics pool', () => {
  let pool: StatisticsPool | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await pool?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    errors.length = 0;
  });

  it("refuses the job of a thread that fails to load, and the lane's next thread answers", async () => {
    const worker = flakyWorker(1);
    dir = worker.dir;
    pool = await createStatisticsPool(1, { log, file: worker.file });
    // asked while the first thread fails to load: refused with the reason, not left waiting
    await expect(pool.run(job, 0)).rejects.toThrow(/cannot load, start 1/);
    // the lane's next thread loads and answers
    await vi.waitFor(async () => expect(await pool!.run(job, 0)).toEqual({ echoed: job }), {
      timeout: 10_000,
      interval: 20,
    });
  });

  it('pauses a lane whose thread cannot start, and says why to the jobs asked meanwhile', async () => {
    const worker = flakyWorker(1_000);
    dir = worker.dir;
    pool = await createStatisticsPool(1, { log, file: worker.file });
    // every job asked meanwhile is refused (never left waiting): with the load error while the lane restarts
    // its thread, then, once it died RESTARTS_AT_ONCE times in a row, with why the lane is paused
    const reasons: string[] = [];
    await vi.waitFor(
      async () => {
        const reason = await pool!.run(job, 0).then(
          () => 'answered',
          (error: Error) => error.message,
        );
        reasons.push(reason);
        expect(reason).toMatch(/^the statistics thread cannot start/);
      },
      { timeout: 15_000, interval: 20 },
    );
    expect(reasons.every((reason) => /cannot load/.test(reason))).toBe(true);
    expect(reasons.at(-1)).toBe(
      `the statistics thread cannot start (${RESTARTS_AT_ONCE} times in a row): cannot load, start ${worker.starts()}`,
    );
    // no tight loop: within the pause no thread is started again
    const starts = worker.starts();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(worker.starts()).toBe(starts);
  });

  it("runs its threads with a larger young generation than Node's default (fewer scavenges per point)", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pool-'));
    const file = path.join(dir, 'limits.mjs');
    // the limits the thread itself runs under, as Node reports them inside it
    writeFileSync(
      file,
      `import { resourceLimits } from 'node:worker_threads';\nexport default () => resourceLimits;\n`,
    );
    pool = await createStatisticsPool(1, { log, file });
    const limits = (await pool.run(job, 0)) as { maxYoungGenerationSizeMb: number };
    expect(limits.maxYoungGenerationSizeMb).toBe(STATISTICS_YOUNG_GENERATION_MB);
    // larger than Node's default, as a thread started without limits reports it (48 MB on Node 20)
    const plain = new Worker(file);
    const defaults = await new Promise<{ maxYoungGenerationSizeMb: number }>((resolve, reject) => {
      plain.once('error', reject);
      plain.once('online', () => resolve(plain.resourceLimits as { maxYoungGenerationSizeMb: number }));
    });
    await plain.terminate();
    expect(limits.maxYoungGenerationSizeMb).toBeGreaterThan(defaults.maxYoungGenerationSizeMb);
  });
});
