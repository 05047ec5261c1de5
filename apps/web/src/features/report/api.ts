// Server state of the Report tab (spec 000 §7 Reports and comments): the project's reports, polled while
// one is generating; create-and-generate, cancel, delete, download; a report's comments.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  APP_VERSION,
  comment,
  limits,
  paths,
  report,
  type GenerateReportRequest,
  type Report,
} from '@metocean/contracts';
import { ApiError, apiRequest, needsRenewal, renewTokens } from '../../api/client';
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
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'delete' }) =>
      action === 'cancel'
        ? apiRequest(paths.reportCancel(id), { method: 'PUT', schema: report, forbidden: 'throw' }).then(
            () => undefined,
          )
        : apiRequest(paths.report(id), { method: 'DELETE', forbidden: 'throw' }),
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

export function useAddComment(reportId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest(paths.comments, {
        method: 'POST',
        body: { message, objectId: reportId },
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
