// Server state of the Report tab (spec 000 §7 Reports and comments): the project's reports, polled while
// one is generating; create-and-generate, cancel, clean, delete, download; a report's comments.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  APP_VERSION,
  comment,
  contentType,
  limits,
  paths,
  report,
  REPORT_CONTENT_TYPE_ID,
  type GenerateReportRequest,
  type Report,
} from '@metocean/contracts';
import { ApiError, apiRequest, needsRenewal, renewTokens } from '../../api/client';
import { useMe } from '../../api/queries';
import { session } from '../../api/session';
import { saveBlob } from '../analyze/api';

export const reportKeys = {
  list: (projectId: number) => ['reports', projectId] as const,
  comments: (reportId: number) => ['reports', 'comments', reportId] as const,
};

/** How often the list is read again while a report is generating. */
const POLL_MS = 1500;

export function useReports(projectId: number) {
  return useQuery({
    queryKey: reportKeys.list(projectId),
    queryFn: ({ signal }) =>
      apiRequest(`${paths.reports}?project=${projectId}`, {
        schema: z.array(report),
        signal,
        forbidden: 'throw',
      }),
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'RUNNING') ? POLL_MS : false),
  });
}

export function useGenerateReport(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (options: GenerateReportRequest) => {
      const draft = await apiRequest(paths.reports, {
        method: 'POST',
        body: { projectId, name: options.name },
        schema: report,
        forbidden: 'throw',
      });
      return apiRequest(paths.reportGenerate(draft.id), {
        method: 'PUT',
        body: options,
        schema: report,
        forbidden: 'throw',
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.list(projectId) }),
  });
}

export function useReportAction(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'clean' | 'delete' }) =>
      action === 'delete'
        ? apiRequest(paths.report(id), { method: 'DELETE', forbidden: 'throw' })
        : apiRequest(action === 'cancel' ? paths.reportCancel(id) : paths.reportClean(id), {
            method: 'PUT',
            schema: report,
            forbidden: 'throw',
          }).then(() => undefined),
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.list(projectId) }),
  });
}

export function useComments(reportId: number) {
  return useQuery({
    queryKey: reportKeys.comments(reportId),
    queryFn: ({ signal }) =>
      apiRequest(`${paths.comments}?objectId=${reportId}`, {
        schema: z.array(comment),
        signal,
        forbidden: 'throw',
      }),
  });
}

/** The content types comments may target (GET /api/content_types/), read once per session. */
function useContentTypes() {
  return useQuery({
    queryKey: ['contentTypes'],
    queryFn: ({ signal }) => apiRequest(paths.contentTypes, { schema: z.array(contentType), signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Adds a comment as spec 000 §3 and §7 describe it: message, objectId, the author's user id and the report
 * content type (the one GET /api/content_types/ names for reports, else the spec's fallback 18).
 */
export function useAddComment(reportId: number) {
  const client = useQueryClient();
  const user = useMe();
  const types = useContentTypes();
  const reportType =
    types.data?.find((t) => t.appLabel === 'reports' && t.model === 'report')?.id ?? REPORT_CONTENT_TYPE_ID;
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest(paths.comments, {
        method: 'POST',
        body: { message, objectId: reportId, user: user.id, contentType: reportType },
        schema: comment,
        forbidden: 'throw',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.comments(reportId) }),
  });
}

/** Downloads the PDF with the session's token. */
export async function downloadReport(item: Report): Promise<void> {
  if (needsRenewal()) await renewTokens();
  const headers = new Headers({ [limits.versionHeader]: APP_VERSION });
  const access = session.accessToken();
  if (access) headers.set('Authorization', `Bearer ${access}`);
  const response = await fetch(paths.reportDownload(item.id), { headers });
  if (!response.ok) throw new ApiError(response.status, (await response.json().catch(() => ({}))) as object);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(await response.blob(), name ?? `${item.name}.pdf`);
}
