// Server state of the Analyze tab: the project's stored statistics, their visualisation payloads and the
// export downloads (spec 002 §3, §7).
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  APP_VERSION,
  EXPORT_EXTENSIONS,
  limits,
  paths,
  statResult,
  visuPayload,
  type VisuPayload,
} from '@metocean/contracts';
import { ApiError, apiRequest, needsRenewal, renewTokens } from '../../api/client';
import { session } from '../../api/session';
import { parseStat, type StatEntry } from './selection';

export const analyzeKeys = {
  stats: (projectId: number) => ['analyze', 'stats', projectId] as const,
  visu: (projectId: number, pointId: number, statId: string) =>
    ['analyze', 'visu', projectId, pointId, statId] as const,
};

const statList = z.array(statResult);

export function useStats(projectId: number) {
  return useQuery({
    queryKey: analyzeKeys.stats(projectId),
    queryFn: async ({ signal }) =>
      (await apiRequest(paths.projectStats(projectId), { schema: statList, signal })).map(parseStat),
    retry: false,
  });
}

export function visuPath(projectId: number, pointId: number, statId: string): string {
  const query = new URLSearchParams({ point: String(pointId), stats_id: statId });
  return `${paths.projectVisuData(projectId)}?${query.toString()}`;
}

/** The payloads of several statistics; stored results never change, so they are cached for the session. */
export function useVisuPayloads(projectId: number, entries: StatEntry[]) {
  return useQueries({
    queries: entries.map((entry) => ({
      queryKey: analyzeKeys.visu(projectId, entry.pointId, entry.statId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest(visuPath(projectId, entry.pointId, entry.statId), {
          schema: visuPayload,
          signal,
          forbidden: 'throw',
        }),
      staleTime: Infinity,
      retry: false,
    })),
  });
}

/**
 * The band of a point's environmental contours, computed on request (POST contour_band: about a second of
 * the server's CPU per wave height, once; stored after that): the answered payload replaces the cached one,
 * so every view of the statistic draws the band.
 */
export function useContourBand(projectId: number, entry: StatEntry) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const query = new URLSearchParams({ point: String(entry.pointId), stats_id: entry.statId });
      return apiRequest(`${paths.projectContourBand(projectId)}?${query.toString()}`, {
        method: 'POST',
        schema: visuPayload,
        forbidden: 'throw',
      });
    },
    onSuccess: (payload) =>
      client.setQueryData(analyzeKeys.visu(projectId, entry.pointId, entry.statId), payload),
  });
}

/**
 * POST wd_intervals (issue 31) or ww_intervals (issue 34) by the entry's statistic: the WD wait intervals or
 * the WW probability intervals computed once and stored; the answer replaces the cached payload.
 */
export function useIntervalsOnRequest(projectId: number, entry: StatEntry) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const query = new URLSearchParams({ point: String(entry.pointId), stats_id: entry.statId });
      const path = entry.id === 'WW' ? paths.projectWwIntervals : paths.projectWdIntervals;
      return apiRequest(`${path(projectId)}?${query.toString()}`, {
        method: 'POST',
        schema: visuPayload,
        forbidden: 'throw',
      });
    },
    onSuccess: (payload) =>
      client.setQueryData(analyzeKeys.visu(projectId, entry.pointId, entry.statId), payload),
  });
}

/**
 * A zoomed window of a TS or CTS statistic refined from the point's full record (get_visu_data with start,
 * end and pixels); nothing is asked for without a window.
 */
export function useRefinedWindow(
  projectId: number,
  entry: StatEntry,
  window: [number, number] | undefined,
  pixels: number,
) {
  return useQuery({
    queryKey: [...analyzeKeys.visu(projectId, entry.pointId, entry.statId), window, pixels] as const,
    queryFn: ({ signal }) => {
      const [start, end] = window!;
      const query = `&start=${Math.floor(start)}&end=${Math.ceil(end)}&pixels=${pixels}`;
      return apiRequest(visuPath(projectId, entry.pointId, entry.statId) + query, {
        schema: visuPayload,
        signal,
        forbidden: 'throw',
      });
    },
    enabled: window !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}

/** A user's limit and durations for WW or WD (get_visu_data below and durations). */
export interface WindowQuery {
  /** The limit in the variable's units; the stored run's median when absent. */
  below?: number;
  durationsHours: number[];
}

/** get_visu_data's query of a WW or WD recomputed with the user's settings. */
export function windowQueryString(settings: WindowQuery): string {
  const query = new URLSearchParams({ durations: settings.durationsHours.join(',') });
  if (settings.below !== undefined) query.set('below', String(settings.below));
  return query.toString();
}

/**
 * WW or WD recomputed by the server from the point's full record with the user's limit and durations;
 * nothing is asked for while the settings are the stored run's (undefined).
 */
export function useRecomputedWindows(projectId: number, entry: StatEntry, settings: WindowQuery | undefined) {
  return useQuery({
    queryKey: [...analyzeKeys.visu(projectId, entry.pointId, entry.statId), settings] as const,
    // the settings travel with their payload: while new ones load, the chart and its exports keep the last
    queryFn: async ({ signal }) => ({
      settings: settings!,
      payload: await apiRequest(
        `${visuPath(projectId, entry.pointId, entry.statId)}&${windowQueryString(settings!)}`,
        { schema: visuPayload, signal, forbidden: 'throw' },
      ),
    }),
    enabled: settings !== undefined,
    staleTime: Infinity,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export type ExportKind = keyof typeof EXPORT_EXTENSIONS;

export interface ExportRequest {
  projectId: number;
  pointId: number;
  statId: string;
  kind: ExportKind;
  fileName: string;
  /** Zero-based month (0 = January), spec 002 §3. */
  month?: number;
  levelIndex?: number;
  /** Class lists keyed by dimension name: indices to keep. */
  classes?: Record<string, number[]>;
  /** WW / WD recomputed with the user's limit and durations. */
  windows?: WindowQuery;
  /** EFT: the fields to export (every field when absent). */
  fields?: string[];
  /** EFT: more points in the same file. */
  points?: number[];
}

/** Query string of GET /api/projects/{id}/export/ (packages/contracts exportQuery). */
export function exportPath(request: ExportRequest): string {
  const query = new URLSearchParams({
    point: String(request.pointId),
    stat_id: request.statId,
    export_kind: request.kind,
    file_name: request.fileName,
  });
  if (request.month !== undefined) query.set('month', String(request.month));
  if (request.levelIndex !== undefined) query.set('export_level_idx', String(request.levelIndex));
  for (const [name, indices] of Object.entries(request.classes ?? {}))
    if (indices.length > 0) query.set(name, indices.join(','));
  if (request.fields) query.set('fields', request.fields.join(','));
  if (request.points && request.points.length > 0) query.set('points', request.points.join(','));
  if (request.windows) {
    query.set('durations', request.windows.durationsHours.join(','));
    if (request.windows.below !== undefined) query.set('below', String(request.windows.below));
  }
  return `${paths.projectExport(request.projectId)}?${query.toString()}`;
}

/** Saves a blob under a file name (a temporary link, as the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a file with the session's token (apiRequest reads JSON only), saved under the server's name. */
export async function downloadWithSession(path: string, fallbackName: string): Promise<void> {
  if (needsRenewal()) await renewTokens();
  const headers = new Headers({ [limits.versionHeader]: APP_VERSION });
  const access = session.accessToken();
  if (access) headers.set('Authorization', `Bearer ${access}`);
  const response = await fetch(path, { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as object;
    throw new ApiError(response.status, body);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(await response.blob(), name ?? fallbackName);
}

/**
 * Downloads an export and saves it under the server's file name. With `onProgress`, the body is read
 * chunk by chunk and the bytes received so far reported (the total when the server states it: a
 * streamed workbook has no length until it is complete); `signal` cancels the download.
 */
export async function downloadExport(
  request: ExportRequest,
  onProgress?: (received: number, total: number | undefined) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (needsRenewal()) await renewTokens();
  const headers = new Headers({ [limits.versionHeader]: APP_VERSION });
  const access = session.accessToken();
  if (access) headers.set('Authorization', `Bearer ${access}`);
  const response = await fetch(exportPath(request), { headers, signal });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as object;
    throw new ApiError(response.status, body);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  let blob: Blob;
  if (onProgress && response.body) {
    const length = Number(response.headers.get('content-length'));
    const total = Number.isFinite(length) && length > 0 ? length : undefined;
    const reader = response.body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    onProgress(0, total);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received, total);
    }
    blob = new Blob(chunks, { type });
  } else blob = await response.blob();
  saveBlob(blob, name ?? `${request.fileName}.${EXPORT_EXTENSIONS[request.kind]}`);
}

/** A file name part from a point or statistic name. */
export const safeName = (text: string): string =>
  text.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');

/** Download file names carry the point (spec 002: the PNG name contains the point). */
export function fileNameOf(pointName: string, statId: string): string {
  return `${safeName(pointName) || 'point'}_${safeName(statId)}`;
}

export type { VisuPayload };
