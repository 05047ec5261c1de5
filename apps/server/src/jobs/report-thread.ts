// The thread that draws report PDFs (report-worker.ts): ECharts SSR and pdfkit hold the CPU for seconds per
// report, so they run here and the event loop keeps serving HTTP. Started with the first report (the worker
// is bundled then when running from source), one report at a time, idle threads end after a minute.
import { rmSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';
import Piscina from 'piscina';
import type { ReportData } from '../reports/data';
import { WORKER_EXEC_ARGV, workerFile } from './pool';
import type { ReportRenderJob } from './report-worker';

export interface ReportThread {
  /**
   * Draws the report's PDF in the thread. `progress` is called with each section's progress, one call at a
   * time; when it throws, the drawing stops at its next section and render rejects with that error.
   */
  render(data: ReportData, progress: (progress: number) => Promise<void>): Promise<Uint8Array>;
  close(): Promise<void>;
}

export function createReportThread(): ReportThread {
  let started: Promise<{ pool: Piscina; bundleDir?: string }> | undefined;
  const start = () =>
    (started ??= workerFile('report-worker').then(
      ({ file, bundleDir }) => ({
        pool: new Piscina({
          filename: file,
          minThreads: 0,
          maxThreads: 1,
          idleTimeout: 60_000,
          execArgv: WORKER_EXEC_ARGV,
        }),
        ...(bundleDir ? { bundleDir } : {}),
      }),
      (error: unknown) => {
        // the next report tries again (a failed bundle is not kept)
        started = undefined;
        throw error;
      },
    ));
  return {
    async render(data, progress) {
      const { pool } = await start();
      const stop = new Int32Array(new SharedArrayBuffer(4));
      const { port1, port2 } = new MessageChannel();
      let failure: Error | undefined;
      let chain = Promise.resolve();
      // the worker's last message (null) comes after its last progress: every progress is in then
      let ended: () => void = () => {};
      const end = new Promise<void>((resolve) => (ended = resolve));
      port1.on('message', (value: number | null) => {
        if (value === null) return ended();
        chain = chain.then(async () => {
          if (failure !== undefined) return;
          try {
            await progress(value);
          } catch (error) {
            failure = error instanceof Error ? error : new Error(String(error));
            Atomics.store(stop, 0, 1);
          }
        });
      });
      try {
        const job: ReportRenderJob = { data, progress: port2, stop };
        const pdf = (await pool.run(job, { transferList: [port2] })) as Uint8Array | null;
        await end;
        await chain;
        if (failure !== undefined) throw failure;
        if (!pdf) throw new Error('the report thread stopped with no reason given');
        return pdf;
      } finally {
        port1.close();
      }
    },
    async close() {
      const running = await started?.catch(() => undefined);
      if (!running) return;
      const { pool, bundleDir } = running;
      await pool.destroy();
      if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
    },
  };
}
