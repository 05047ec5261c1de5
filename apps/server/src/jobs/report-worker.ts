// Runs in the report thread (report-thread.ts): one report's PDF (ECharts SSR SVG, pdfkit), off the event
// loop that serves HTTP, under the thread's resourceLimits. It receives the report's header only; each
// point's stored results (or buoy comparisons) are asked for over the job's port when the drawing gets to
// them and let go after (issue 29), and the pages are streamed to the partial file as they end. Each
// section's progress goes back over the same port; once the stop flag is raised (the report was cancelled,
// deleted or regenerated) it ends at the next section.
import type { MessagePort } from 'node:worker_threads';
import { reportData, type PointSummary, type ReportHeader } from '../reports/data';
import { renderReport } from '../reports/render';

export interface ReportRenderJob {
  header: ReportHeader;
  /** The file the PDF is written to (the job's side renames it once whole, or removes it). */
  file: string;
  /** Carries the thread's messages (ThreadMessage) and the job side's answers (ReaderAnswer). */
  port: MessagePort;
  /** Raised (non-zero) by the job's side when the report is not this generation's any more. */
  stop: Int32Array;
}

/**
 * From the thread: a progress (0–100), a point's data wanted (its persistence tables: of `field`), or the
 * end (after its last progress).
 */
export type ThreadMessage =
  | { kind: 'progress'; value: number }
  | { kind: 'read'; id: number; what: 'results' | 'validations'; pointId: number }
  | { kind: 'read'; id: number; what: 'persistence'; pointId: number; field: string }
  | { kind: 'end' };

/** To the thread: the data asked for under `id`, or why it could not be read. */
export type ReaderAnswer = { id: number; value: unknown } | { id: number; error: string };

class Stopped extends Error {}

/** True when the PDF is whole in `file`, false when stopped. */
export default async function run(job: ReportRenderJob): Promise<boolean> {
  const { port } = job;
  let next = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  port.on('message', (answer: ReaderAnswer) => {
    const pending = waiting.get(answer.id);
    if (!pending) return;
    waiting.delete(answer.id);
    if ('error' in answer) pending.reject(new Error(answer.error));
    else pending.resolve(answer.value);
  });
  const read = <T>(
    what: 'results' | 'validations' | 'persistence',
    point: PointSummary,
    field = '',
  ): Promise<T> => {
    if (Atomics.load(job.stop, 0) !== 0) return Promise.reject(new Stopped());
    const id = next++;
    const answer = new Promise<T>((resolve, reject) =>
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject }),
    );
    const pointId = point.point.id;
    const message: ThreadMessage =
      what === 'persistence'
        ? { kind: 'read', id, what, pointId, field }
        : { kind: 'read', id, what, pointId };
    port.postMessage(message);
    return answer;
  };
  const checkpoint = (value: number): Promise<void> => {
    if (Atomics.load(job.stop, 0) !== 0) return Promise.reject(new Stopped());
    const message: ThreadMessage = { kind: 'progress', value };
    port.postMessage(message);
    return Promise.resolve();
  };
  const data = reportData(job.header, {
    results: (point) => read('results', point),
    validations: (point) => read('validations', point),
    persistence: (point, field) => read('persistence', point, field),
  });
  try {
    await renderReport(data, checkpoint, job.file);
    return true;
  } catch (error) {
    if (error instanceof Stopped) return false;
    throw error;
  } finally {
    const end: ThreadMessage = { kind: 'end' };
    port.postMessage(end);
    port.close();
  }
}
