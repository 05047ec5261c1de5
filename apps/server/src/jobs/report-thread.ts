// The thread that draws report PDFs (report-worker.ts): ECharts SSR and pdfkit hold the CPU for seconds per
// report, so they run here and the event loop keeps serving HTTP. Started with the first report (the worker
// is bundled then when running from source), one report at a time, idle threads end after a minute.
// The thread runs under resourceLimits (REPORT_MEMORY_MB, issue 29): it is sent the report's header only
// and asks for one point's data at a time (answered here from the database; a point's persistence tables,
// asked a point ahead, by a statistics thread), so its memory does not grow with the report's points, and
// a report that breaks the limit ends its thread, not the process.
import { rmSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';
import Piscina from 'piscina';
import type { FastifyBaseLogger } from 'fastify';
import type { ReportHeader } from '../reports/data';
import { WORKER_EXEC_ARGV, workerFile } from './pool';
import type { ReaderAnswer, ReportRenderJob, ThreadMessage } from './report-worker';

/** A report that needed more memory than its thread is given, or whose thread died: it fails with this. */
export class ReportThreadRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportThreadRefusal';
  }
}

export interface ReportThread {
  /**
   * Draws the report's PDF in the thread into `file`; `reader` answers the thread's asks for a point's data.
   * `progress` is called with each section's progress, one call at a time; when it throws, the drawing
   * stops at its next section and render rejects with that error.
   */
  render(
    header: ReportHeader,
    file: string,
    reader: {
      results(pointId: number): Promise<unknown>;
      validations(pointId: number): Promise<unknown>;
      persistence(pointId: number, field: string): Promise<unknown>;
    },
    progress: (progress: number) => Promise<void>,
  ): Promise<void>;
  close(): Promise<void>;
}

interface Running {
  pool: Piscina;
  /** Rejects the reports waiting on this pool: called when its thread dies outside a job. */
  waiting: Set<(error: unknown) => void>;
}

/** A thread that broke its memory limit (Node ends it and says so with this code). */
function outOfMemory(error: unknown): boolean {
  return (
    error instanceof Error &&
    ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' || /memory limit/i.test(error.message))
  );
}

export function createReportThread(options: {
  /** The thread's heap (REPORT_MEMORY_MB). */
  memoryMb: number;
  log?: Pick<FastifyBaseLogger, 'error'>;
}): ReportThread {
  const { memoryMb } = options;
  let started: Promise<Running> | undefined;
  /** The worker file, bundled once when running from source (a pool that died is replaced, not its bundle). */
  let bundle: Promise<{ file: string; bundleDir?: string }> | undefined;
  const start = (): Promise<Running> => {
    bundle ??= workerFile('report-worker').catch((error: unknown) => {
      // the next report tries again (a failed bundle is not kept)
      bundle = undefined;
      throw error;
    });
    const current: Promise<Running> = (started ??= bundle.then(({ file }) => {
      const running: Running = {
        pool: new Piscina({
          filename: file,
          minThreads: 0,
          maxThreads: 1,
          idleTimeout: 60_000,
          execArgv: WORKER_EXEC_ARGV,
          resourceLimits: { maxOldGenerationSizeMb: memoryMb, stackSizeMb: 8 },
        }),
        waiting: new Set(),
      };
      // A thread that dies outside a job (breaking its limit while it starts) is reported here, not to the
      // report waiting for it, which would wait for ever: that report fails with the error, and the pool is
      // replaced at the next report. Unheard, the 'error' would end the process.
      running.pool.on('error', (error: unknown) => {
        options.log?.error({ err: error }, 'the report thread died outside a report');
        if (started === current) started = undefined;
        for (const reject of running.waiting) reject(error);
        running.waiting.clear();
        void running.pool.destroy().catch(() => undefined);
      });
      return running;
    }));
    current.catch(() => {
      if (started === current) started = undefined;
    });
    return current;
  };
  return {
    async render(header, file, reader, progress) {
      const running = await start();
      const stop = new Int32Array(new SharedArrayBuffer(4));
      const { port1, port2 } = new MessageChannel();
      let failure: Error | undefined;
      let chain = Promise.resolve();
      // the thread's last message ('end') comes after its last progress: every progress is in then
      let ended: () => void = () => {};
      const end = new Promise<void>((resolve) => (ended = resolve));
      const fail = (error: unknown) => {
        failure ??= error instanceof Error ? error : new Error(String(error));
        Atomics.store(stop, 0, 1);
      };
      port1.on('message', (message: ThreadMessage) => {
        if (message.kind === 'end') return ended();
        if (message.kind === 'read') {
          // a point's results at a time: the thread waits for them before it asks for the next (the
          // persistence tables, small strings, are asked a point ahead)
          const { id, pointId } = message;
          const read =
            message.what === 'persistence'
              ? reader.persistence(pointId, message.field)
              : reader[message.what](pointId);
          read.then(
            (value) => port1.postMessage({ id, value } satisfies ReaderAnswer),
            (error: unknown) => {
              fail(error);
              port1.postMessage({
                id,
                error: error instanceof Error ? error.message : String(error),
              } satisfies ReaderAnswer);
            },
          );
          return;
        }
        chain = chain.then(async () => {
          if (failure !== undefined) return;
          try {
            await progress(message.value);
          } catch (error) {
            fail(error);
          }
        });
      });
      let died: (error: unknown) => void = () => {};
      const death = new Promise<never>((_, reject) => (died = reject));
      running.waiting.add(died);
      try {
        const job: ReportRenderJob = { header, file, port: port2, stop };
        const task = running.pool.run(job, { transferList: [port2] }) as Promise<boolean>;
        // settled one way or the other: the race below answers whichever comes first
        task.catch(() => undefined);
        let whole: boolean;
        try {
          whole = await Promise.race([task, death]);
        } catch (error) {
          if (outOfMemory(error))
            throw new ReportThreadRefusal(
              `the report needed more than the ${memoryMb} MB of memory a report may take (REPORT_MEMORY_MB), and was stopped`,
            );
          if (error instanceof Error && /worker (exited|terminated)/i.test(error.message))
            throw new ReportThreadRefusal(`the report thread stopped: ${error.message}`);
          throw error;
        }
        // a thread that answered has sent its last message
        await end;
        await chain;
        if (failure !== undefined) throw failure;
        if (!whole) throw new Error('the report thread stopped with no reason given');
      } finally {
        running.waiting.delete(died);
        port1.close();
      }
    },
    async close() {
      const running = await started?.catch(() => undefined);
      started = undefined;
      if (running) {
        running.waiting.clear();
        await running.pool.destroy();
      }
      const made = await bundle?.catch(() => undefined);
      bundle = undefined;
      if (made?.bundleDir) rmSync(made.bundleDir, { recursive: true, force: true });
    },
  };
}
