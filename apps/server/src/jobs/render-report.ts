// The render-report job: loads the report's header, has the report thread draw the PDF (off this event
// loop) into DATA_DIR/files/reports, answering the thread's asks for one point's stored results at a time
// (and its persistence tables, computed by the statistics threads beside the drawing), marks it FINISHED.
// Between sections it records progress and stops when the report was cancelled, deleted or regenerated
// (the job's token is not the report's any more). Errors fail the report with their message (a thread that
// broke REPORT_MEMORY_MB included). The PDF is streamed to a partial file and renamed when
// whole: a worker killed mid-write leaves no half-written report under the final name (issue 29).
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { pointReading } from '../data/calibrated';
import { reports } from '../db/schema';
import { loadPointResults, loadReportHeader, validationsOf, type ComparisonMemo } from '../reports/data';
import type { Services } from '../services/context';
import { reportsDir } from '../services/reports';
import type { PersistenceJob } from '../reports/persistence';
import type { StatisticsPool } from './pool';
import type { ReportThread } from './report-thread';

class Stopped extends Error {}

/** The file of a generation's PDF, and the one it is written to before it is whole. */
export const reportFile = (reportId: number, token: string) => `report-${reportId}-${token}.pdf`;
export const partialReportFile = (reportId: number, token: string) =>
  `${reportFile(reportId, token)}.partial`;

export async function runReportJob(
  services: Services,
  thread: ReportThread,
  pool: Pick<StatisticsPool, 'run'>,
  reportId: number,
  token: string,
): Promise<void> {
  const mine = and(eq(reports.id, reportId), eq(reports.jobId, token), eq(reports.status, 'RUNNING'));
  const [row] = await services.db.select().from(reports).where(mine).limit(1);
  if (!row) return;
  const checkpoint = async (progress: number) => {
    const [still] = await services.db
      .update(reports)
      .set({ progress })
      .where(mine)
      .returning({ id: reports.id });
    if (!still) throw new Stopped();
  };
  const fileName = reportFile(reportId, token);
  const file = path.join(reportsDir(services), fileName);
  const partial = path.join(reportsDir(services), partialReportFile(reportId, token));
  try {
    // each buoy comparison is made once for the summary and both drawing passes
    const comparisons: ComparisonMemo = new Map();
    const header = await loadReportHeader(services.db, row, services.config.dataDir, comparisons);
    const summaryOf = (pointId: number) => {
      const summary = header.points.find((p) => p.point.id === pointId);
      if (!summary) throw new Error(`point ${pointId} is not in the report`);
      return summary;
    };
    const pointRow = (pointId: number) => summaryOf(pointId).point;
    await mkdir(reportsDir(services), { recursive: true });
    await thread.render(
      header,
      partial,
      {
        results: async (pointId) => loadPointResults(services.db, pointRow(pointId).id),
        validations: async (pointId) =>
          validationsOf(services.db, header.access, pointRow(pointId), comparisons),
        persistence: async (pointId, field) => {
          const { source, point } = summaryOf(pointId);
          if (!source) throw new Error(`point ${pointId} has no dataset to read its persistence tables from`);
          const job: PersistenceJob = { kind: 'persistence', ...pointReading(source, point), field };
          return pool.run(job);
        },
      },
      checkpoint,
    );
    await rename(partial, file);
    const [finished] = await services.db
      .update(reports)
      .set({ status: 'FINISHED', progress: 100, fileName, generatedAt: new Date() })
      .where(mine)
      .returning({ id: reports.id });
    if (!finished) await rm(file, { force: true });
  } catch (error) {
    await rm(partial, { force: true });
    await rm(file, { force: true });
    if (error instanceof Stopped) return;
    services.log.error({ err: error, reportId }, 'report generation failed');
    await services.db
      .update(reports)
      .set({ status: 'FAILED', error: error instanceof Error ? error.message : String(error) })
      .where(mine);
  }
}
