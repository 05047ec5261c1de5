// Reports and their comments (spec 000 §2.9, §3 Report and Report comment, §4 report lifecycle, §7 Reports
// and comments). A report is created as a draft, generated with its options by the render-report job,
// polled until it leaves RUNNING, cancelled, cleaned, deleted and downloaded as PDF.
import { z } from 'zod';
import { entityId, idMessage, MAX_ID } from './ids';
import { messages } from './messages';
import { status } from './projects';

export const REPORT_TYPES = ['operability', 'design'] as const;
export const reportType = z.enum(REPORT_TYPES, {
  error: `reportType must be one of ${REPORT_TYPES.join(', ')}`,
});
export type ReportType = z.infer<typeof reportType>;

/** Category labels of the left panel (spec 000 §2.9) and their codes in the default report name. */
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  operability: 'Operability',
  design: 'Design',
};
export const REPORT_TYPE_CODES: Record<ReportType, string> = { operability: 'OPE', design: 'DES' };

/**
 * The parts of a report: one per physical family a dataset may hold. A part is about the fields of that
 * family at a point (waves: Hs with Tp and direction; wind; currents; water levels).
 */
export const REPORT_PARTS = ['waves', 'wind', 'currents', 'waterLevels'] as const;
export const reportPart = z.enum(REPORT_PARTS, { error: `parts must be among ${REPORT_PARTS.join(', ')}` });
export type ReportPart = z.infer<typeof reportPart>;
export const REPORT_PART_LABELS: Record<ReportPart, string> = {
  waves: 'Waves',
  wind: 'Wind',
  currents: 'Currents',
  waterLevels: 'Water levels',
};
export const REPORT_PART_CODES: Record<ReportPart, string> = {
  waves: 'WAV',
  wind: 'WND',
  currents: 'CUR',
  waterLevels: 'WL',
};

export const REPORT_NAME_MAX = 120;
/** Points in one report (spec 000 §7 accepts 500; the render's memory stays flat in their number, issue 29). */
export const REPORT_POINTS_MAX = 500;
export const COMMENT_MAX = 2000;
/** Spec 000 §9: the report content type id (its fallback, 18). */
export const REPORT_CONTENT_TYPE_ID = 18;

export const reportMessages = {
  cannotReport: 'Your offer does not include PDF report generation.',
  notComputed: (name: string) => `Point ${name} has no computed statistics: compute it before reporting.`,
  unknownPoint: 'Every point must belong to the project.',
  running: 'This report is being generated: cancel it first.',
  notRunning: 'This report is not being generated.',
  notReady: 'This report has no document yet: generate it first.',
  managersOnly: 'Only a manager can delete a report.',
  noPoints: 'Select at least one point.',
  workerLost: 'The report stopped (its worker was lost) and was not retried: generate it again.',
} as const;

const requiredText = (max: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));

export const reportName = requiredText(REPORT_NAME_MAX);

/** POST /api/reports/: a draft report of a project. */
export const createReportRequest = z.object({
  projectId: z
    .number({ error: 'projectId must be the id of a project' })
    .int()
    .positive()
    .max(MAX_ID, `projectId ${idMessage}`),
  name: reportName,
});

/** PUT /api/reports/{id}/generate/. */
export const generateReportRequest = z.object({
  name: reportName,
  reportType,
  points: z.array(entityId()).min(1, reportMessages.noPoints).max(REPORT_POINTS_MAX),
  /** Absent or empty: every part the points' datasets hold. */
  parts: z.array(reportPart).max(REPORT_PARTS.length).optional(),
  /** Include the monthly distributions (the 'advanced' option). */
  monthly: z.boolean().default(false),
  detailedDists: z.boolean().default(false),
  tabulated: z.boolean().default(false),
});
export type GenerateReportRequest = z.infer<typeof generateReportRequest>;

export const reportListQuery = z.object({
  project: z.coerce
    .number({ error: 'project must be the id of a project' })
    .int()
    .positive()
    .max(MAX_ID, `project ${idMessage}`),
});

export const reportUser = z.object({ id: z.number(), firstName: z.string(), lastName: z.string() });

export const report = z.object({
  id: z.number(),
  user: reportUser.nullable(),
  name: z.string(),
  /** The computation whose results the report reads (the project's latest finished one). */
  computation: z.number().nullable(),
  status,
  taskId: z.string().nullable(),
  /** The download path once FINISHED. */
  document: z.string().nullable(),
  generatedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  monthly: z.boolean(),
  reportType: reportType.nullable(),
  parts: z.array(reportPart),
  points: z.array(z.number()),
  project: z.number(),
  detailedDists: z.boolean(),
  tabulated: z.boolean(),
  /** Ours: progress in percent while RUNNING, and the reason of a FAILED generation. */
  progress: z.number(),
  error: z.string(),
  /** Ours: whether the caller may delete it (managers of a non-expired project). */
  canDelete: z.boolean(),
});
export type Report = z.infer<typeof report>;

export const comment = z.object({
  id: z.number(),
  message: z.string(),
  user: reportUser.nullable(),
  reportId: z.number(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof comment>;

/** POST /api/comments/: the user is the caller (a `user` sent along must be the caller's id). */
export const createCommentRequest = z.object({
  message: requiredText(COMMENT_MAX),
  objectId: z
    .number({ error: 'objectId must be the id of a report' })
    .int()
    .positive()
    .max(MAX_ID, `objectId ${idMessage}`),
  contentType: entityId().optional(),
  user: entityId().optional(),
});

export const commentListQuery = z.object({
  objectId: z.coerce
    .number({ error: 'objectId must be the id of a report' })
    .int()
    .positive()
    .max(MAX_ID, `objectId ${idMessage}`),
});

export const contentType = z.object({ id: z.number(), appLabel: z.string(), model: z.string() });

/** The default report name: project name plus the codes of the category, the points and the parts. */
export function defaultReportName(
  projectName: string,
  type: ReportType,
  pointNames: readonly string[],
  parts: readonly ReportPart[],
): string {
  const pointCode = pointNames.length === 1 ? pointNames[0]!.replace(/\s+/g, '') : `${pointNames.length}P`;
  const partCode =
    parts.length === 0 || parts.length === REPORT_PARTS.length
      ? 'ALL'
      : parts.map((p) => REPORT_PART_CODES[p]).join('-');
  return `${projectName}_${REPORT_TYPE_CODES[type]}_${pointCode}_${partCode}`.slice(0, REPORT_NAME_MAX);
}
