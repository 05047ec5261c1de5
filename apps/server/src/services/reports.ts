// Reports and their comments (spec 000 §4 report lifecycle, §6, §7 Reports and comments): create a draft,
// generate with options (the render-report job writes the PDF), poll, cancel, clean, delete, download.
// Every call goes through the project access policy: a report is seen by whoever sees its project.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  paths,
  REPORT_CONTENT_TYPE_ID,
  reportMessages,
  type Comment,
  type GenerateReportRequest,
  type Report,
  type ReportPart,
  type ReportType,
  type Status,
} from '@metocean/contracts';
import { computations, points, reportComments, reports, users } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { Db } from '../db/client';
import type { Caller, Services } from './context';
import type { Tx } from './credits';
import { projectFor, type ProjectAccess } from './project-access';
import { projectMessages } from '@metocean/contracts';

type ReportRow = typeof reports.$inferSelect;
type UserRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName'>;

/** Where the PDFs live: DATA_DIR/files/reports. */
export function reportsDir(services: Pick<Services, 'config'>): string {
  return reportsDirOf(services.config.dataDir);
}

function reportsDirOf(dataDir: string): string {
  return path.join(dataDir, 'files', 'reports');
}

function present(row: ReportRow, user: UserRow | null, access: ProjectAccess): Report {
  return {
    id: row.id,
    user: user ? { id: user.id, firstName: user.firstName, lastName: user.lastName } : null,
    name: row.name,
    computation: row.computationId,
    status: row.status as Status,
    taskId: row.jobId,
    document: row.status === 'FINISHED' && row.fileName ? paths.reportDownload(row.id) : null,
    generatedAt: row.generatedAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    monthly: row.monthly,
    reportType: (row.reportType as ReportType | null) ?? null,
    parts: row.parts as ReportPart[],
    points: row.points,
    project: row.projectId,
    detailedDists: row.detailedDists,
    tabulated: row.tabulated,
    progress: row.progress,
    error: row.error,
    canDelete: access.canEdit && !access.expired,
  };
}

/** Reports are built only for offers with report generation, and not once the offer has expired (§4, §6). */
function requireReporting(access: ProjectAccess): void {
  if (!access.instance.canReport) throw forbidden(reportMessages.cannotReport);
  if (access.expired) throw badRequest({ nonFieldErrors: [projectMessages.offerExpired(access.offerName)] });
}

async function userOf(services: Services, userId: number | null): Promise<UserRow | null> {
  if (userId === null) return null;
  const [user] = await services.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}

/** The report and its project's access, if the caller may see the project (404 otherwise). */
async function reportFor(
  services: Services,
  caller: Caller,
  reportId: number,
): Promise<{ row: ReportRow; access: ProjectAccess }> {
  const [row] = await services.db.select().from(reports).where(eq(reports.id, reportId)).limit(1);
  if (!row) throw notFound();
  return { row, access: await projectFor(services.db, caller, row.projectId) };
}

async function presentOne(services: Services, row: ReportRow, access: ProjectAccess): Promise<Report> {
  return present(row, await userOf(services, row.userId), access);
}

/** The reports of a project, the latest started first (the first is the current one, spec 000 §4). */
export async function listReports(services: Services, caller: Caller, projectId: number): Promise<Report[]> {
  const access = await projectFor(services.db, caller, projectId);
  const rows = await services.db
    .select({ report: reports, user: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.userId))
    .where(eq(reports.projectId, projectId))
    .orderBy(desc(reports.startedAt), desc(reports.id));
  // never-started drafts (startedAt null) sort first in PostgreSQL's DESC: put them after the started ones
  const started = rows.filter((r) => r.report.startedAt !== null);
  const drafts = rows.filter((r) => r.report.startedAt === null);
  return [...started, ...drafts].map((r) => present(r.report, r.user?.id ? r.user : null, access));
}

export async function getReport(services: Services, caller: Caller, reportId: number): Promise<Report> {
  const { row, access } = await reportFor(services, caller, reportId);
  return presentOne(services, row, access);
}

export async function createReport(
  services: Services,
  caller: Caller,
  body: { projectId: number; name: string },
): Promise<Report> {
  const access = await projectFor(services.db, caller, body.projectId);
  requireReporting(access);
  const [row] = await services.db
    .insert(reports)
    .values({ projectId: body.projectId, userId: caller.id, name: body.name })
    .returning();
  if (!row) throw new Error('report insert returned nothing');
  return presentOne(services, row, access);
}

/**
 * Starts the generation with its options: the points must be computed points of the project. The row
 * is RUNNING with a new job token before the job is enqueued (after the update, never inside a
 * transaction: ARCHITECTURE.md); a job whose token is not the report's any more does nothing.
 */
export async function generateReport(
  services: Services,
  caller: Caller,
  reportId: number,
  options: GenerateReportRequest,
): Promise<Report> {
  const { row, access } = await reportFor(services, caller, reportId);
  requireReporting(access);
  if (row.status === 'RUNNING') throw badRequest({ nonFieldErrors: [reportMessages.running] });
  const pointIds = [...new Set(options.points)];
  const pointRows = await services.db
    .select()
    .from(points)
    .where(and(eq(points.projectId, row.projectId), inArray(points.id, pointIds)));
  if (pointRows.length !== pointIds.length)
    throw badRequest({ fieldErrors: { points: [reportMessages.unknownPoint] } });
  const uncomputed = pointRows.find((p) => !p.isComputed);
  if (uncomputed)
    throw badRequest({ fieldErrors: { points: [reportMessages.notComputed(uncomputed.name)] } });
  const [computation] = await services.db
    .select({ id: computations.id })
    .from(computations)
    .where(and(eq(computations.projectId, row.projectId), eq(computations.isDowntime, false)))
    .orderBy(desc(computations.id))
    .limit(1);
  const token = randomUUID();
  await removeFile(services, row);
  const [updated] = await services.db
    .update(reports)
    .set({
      name: options.name,
      reportType: options.reportType,
      points: pointIds,
      parts: [...new Set(options.parts ?? [])],
      monthly: options.monthly,
      detailedDists: options.detailedDists,
      tabulated: options.tabulated,
      status: 'RUNNING',
      progress: 0,
      error: '',
      jobId: token,
      fileName: null,
      computationId: computation?.id ?? null,
      userId: caller.id,
      startedAt: new Date(),
      generatedAt: null,
      // the heartbeat of an earlier generation is not this one's (reconcile.ts)
      heartbeatAt: null,
    })
    .where(and(eq(reports.id, reportId), eq(reports.status, row.status)))
    .returning();
  if (!updated) throw badRequest({ nonFieldErrors: [reportMessages.running] });
  await services.queue.send('render-report', { reportId, token });
  return presentOne(services, updated, access);
}

/** Stops a running generation: the job sees the status at its next section and stops. */
export async function cancelReport(services: Services, caller: Caller, reportId: number): Promise<Report> {
  const { access } = await reportFor(services, caller, reportId);
  requireReporting(access);
  const [updated] = await services.db
    .update(reports)
    .set({ status: 'CANCELLED', jobId: null })
    .where(and(eq(reports.id, reportId), eq(reports.status, 'RUNNING')))
    .returning();
  if (!updated) throw badRequest({ nonFieldErrors: [reportMessages.notRunning] });
  return presentOne(services, updated, access);
}

/** Back to a draft: the document and the generation state go, the name and options stay. */
export async function cleanReport(services: Services, caller: Caller, reportId: number): Promise<Report> {
  const { row, access } = await reportFor(services, caller, reportId);
  requireReporting(access);
  if (row.status === 'RUNNING') throw badRequest({ nonFieldErrors: [reportMessages.running] });
  await removeFile(services, row);
  const [updated] = await services.db
    .update(reports)
    .set({ status: 'PENDING', progress: 0, error: '', fileName: null, jobId: null, generatedAt: null })
    .where(eq(reports.id, reportId))
    .returning();
  if (!updated) throw notFound();
  return presentOne(services, updated, access);
}

/** Managers delete reports (spec 000 §6), not once the offer has expired (§4). */
export async function deleteReport(services: Services, caller: Caller, reportId: number): Promise<void> {
  const { row, access } = await reportFor(services, caller, reportId);
  if (!access.canEdit) throw forbidden(reportMessages.managersOnly);
  if (access.expired) throw badRequest({ nonFieldErrors: [projectMessages.offerExpired(access.offerName)] });
  await services.db.delete(reports).where(eq(reports.id, reportId));
  await removeFile(services, row);
}

async function removeFile(services: Services, row: ReportRow): Promise<void> {
  if (row.fileName) await removeReportFiles(services.config.dataDir, [row.fileName]);
}

/**
 * The PDF file names of these projects' reports, read before the projects are deleted: their report rows go
 * with them by cascade, and the files must go too (project delete, the demo re-seed).
 */
export async function reportFilesOf(db: Db | Tx, projectIds: readonly number[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .select({ fileName: reports.fileName })
    .from(reports)
    .where(inArray(reports.projectId, [...projectIds]));
  return rows.flatMap((row) => (row.fileName ? [row.fileName] : []));
}

/** Removes report PDFs from the data folder; a file already gone is no error. */
export async function removeReportFiles(dataDir: string, fileNames: readonly string[]): Promise<void> {
  await Promise.all(fileNames.map((name) => rm(path.join(reportsDirOf(dataDir), name), { force: true })));
}

/**
 * Deletes a project's reports' PDFs with it: `remove` deletes the project (its report rows go by cascade),
 * then the files the rows named are removed. A generation still running removes its own file once it finds
 * its row gone (render-report.ts).
 */
export async function withReportFilesRemoved(
  services: Services,
  projectId: number,
  remove: () => Promise<void>,
): Promise<void> {
  const files = await reportFilesOf(services.db, [projectId]);
  await remove();
  await removeReportFiles(services.config.dataDir, files);
}

/** The finished PDF: its path on disk and a download name made of the report's name. */
export async function reportDocument(
  services: Services,
  caller: Caller,
  reportId: number,
): Promise<{ filePath: string; downloadName: string }> {
  const { row } = await reportFor(services, caller, reportId);
  if (row.status !== 'FINISHED' || !row.fileName) throw notFound();
  const safe = row.name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'report';
  return { filePath: path.join(reportsDir(services), row.fileName), downloadName: `${safe}.pdf` };
}

function presentComment(row: typeof reportComments.$inferSelect, user: UserRow | null): Comment {
  return {
    id: row.id,
    message: row.message,
    user: user ? { id: user.id, firstName: user.firstName, lastName: user.lastName } : null,
    reportId: row.reportId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listComments(services: Services, caller: Caller, reportId: number): Promise<Comment[]> {
  await reportFor(services, caller, reportId);
  const rows = await services.db
    .select({
      comment: reportComments,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(reportComments)
    .leftJoin(users, eq(users.id, reportComments.userId))
    .where(eq(reportComments.reportId, reportId))
    .orderBy(asc(reportComments.id));
  return rows.map((r) => presentComment(r.comment, r.user?.id ? r.user : null));
}

/** Any user of a non-expired project may comment (spec 000 §6); the author recorded is the caller. */
export async function addComment(
  services: Services,
  caller: Caller,
  body: { message: string; objectId: number; contentType?: number; user?: number },
): Promise<Comment> {
  if (body.contentType !== undefined && body.contentType !== REPORT_CONTENT_TYPE_ID)
    throw badRequest({ fieldErrors: { contentType: ['Comments are on reports only.'] } });
  if (body.user !== undefined && body.user !== caller.id) throw forbidden();
  const { access } = await reportFor(services, caller, body.objectId);
  if (access.expired) throw badRequest({ nonFieldErrors: [projectMessages.offerExpired(access.offerName)] });
  const [row] = await services.db
    .insert(reportComments)
    .values({ reportId: body.objectId, userId: caller.id, message: body.message })
    .returning();
  if (!row) throw new Error('comment insert returned nothing');
  return presentComment(row, await userOf(services, caller.id));
}
