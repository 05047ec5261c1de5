// Runs in the report thread (report-thread.ts): one report's PDF, drawn from its loaded data (ECharts SSR SVG,
// pdfkit), off the event loop that serves HTTP. Each section's progress goes back over the job's port; once
// the stop flag is raised (the report was cancelled, deleted or regenerated) it ends at the next section.
import type { MessagePort } from 'node:worker_threads';
import type { ReportData } from '../reports/data';
import { renderReport } from '../reports/render';

export interface ReportRenderJob {
  data: ReportData;
  /** Receives each progress (a number, 0–100) as the sections are drawn, then null once the drawing ends. */
  progress: MessagePort;
  /** Raised (non-zero) by the job's side when the report is not this generation's any more. */
  stop: Int32Array;
}

class Stopped extends Error {}

/** The PDF's bytes, or null when stopped. */
export default async function run(job: ReportRenderJob): Promise<Uint8Array | null> {
  const checkpoint = (progress: number): Promise<void> => {
    if (Atomics.load(job.stop, 0) !== 0) return Promise.reject(new Stopped());
    job.progress.postMessage(progress);
    return Promise.resolve();
  };
  try {
    return await renderReport(job.data, checkpoint);
  } catch (error) {
    if (error instanceof Stopped) return null;
    throw error;
  } finally {
    job.progress.postMessage(null);
  }
}
