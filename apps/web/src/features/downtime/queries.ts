// Server state of the AWD screens (spec 001 §7 "Downtimes"; the API of issue 22). The answers' shapes are
// the contracts' (packages/contracts downtimes.ts), the ones the server answers with.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  planning,
  planningResults,
  scanAnswer,
  type Planning,
  type PlanningSettings,
  type ScanAnswer,
} from '@metocean/contracts';
import { apiRequest } from '../../api/client';
import { downloadWithSession } from '../analyze/api';
import { isInProgress, type PlanningOrdering } from './rules';

export const downtimePaths = {
  list: '/api/downtimes/',
  detail: (id: number) => `/api/downtimes/${id}/`,
  compute: (id: number) => `/api/downtimes/${id}/compute/`,
  results: (id: number) => `/api/downtimes/${id}/results/`,
  intervals: (id: number) => `/api/downtimes/${id}/intervals/`,
  download: (id: number) => `/api/downtimes/${id}/download/`,
  scan: (projectId: number) => `/api/projects/${projectId}/scan_planning_file/`,
};

export const downtimeKeys = {
  all: ['downtimes'] as const,
  list: (projectId: number, ordering: PlanningOrdering) =>
    ['downtimes', 'list', projectId, ordering] as const,
  results: (id: number) => ['downtimes', 'results', id] as const,
  detail: (id: number) => ['downtimes', 'detail', id] as const,
};

const planningList = z.array(planning);

/** The project's plannings; polled every 3 s while one is pending or running (the interval is ours). */
export function usePlannings(projectId: number, ordering: PlanningOrdering) {
  return useQuery({
    queryKey: downtimeKeys.list(projectId, ordering),
    queryFn: ({ signal }) =>
      apiRequest(
        `${downtimePaths.list}?${new URLSearchParams({ project: String(projectId), ordering }).toString()}`,
        {
          schema: planningList,
          signal,
          forbidden: 'throw',
        },
      ),
    refetchInterval: (query) => (isInProgress(query.state.data ?? []) ? 3000 : false),
  });
}

/**
 * The plan's trips of one planning, for the Gantt of its results page: only GET of one planning carries them
 * (the list leaves them out), and a planning's plan does not change once created.
 */
export function usePlanningTrips(id: number) {
  return useQuery({
    queryKey: downtimeKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(downtimePaths.detail(id), { schema: planning, signal, forbidden: 'throw' }),
    select: (p) => p.trips ?? [],
    staleTime: Infinity,
  });
}

export function usePlanningResults(id: number | null) {
  return useQuery({
    queryKey: downtimeKeys.results(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(downtimePaths.results(id!), { schema: planningResults, signal, forbidden: 'throw' }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/**
 * POST intervals (issue 31, session 31): a breakdown's intervals computed once and stored; the answer (the
 * whole results) replaces the cached results.
 */
export function usePlanningIntervals(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (breakdown: 'BIWEEKLY' | 'WEEKLY') =>
      apiRequest(`${downtimePaths.intervals(id)}?${new URLSearchParams({ breakdown }).toString()}`, {
        method: 'POST',
        schema: planningResults,
        forbidden: 'throw',
      }),
    onSuccess: (results) => client.setQueryData(downtimeKeys.results(id), results),
  });
}

export function useDeletePlanning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(downtimePaths.detail(id), { method: 'DELETE', forbidden: 'throw' }),
    onSettled: () => client.invalidateQueries({ queryKey: downtimeKeys.all }),
  });
}

export async function scanPlanningFile(projectId: number, file: File): Promise<ScanAnswer> {
  const body = new FormData();
  body.set('file', file);
  return apiRequest(downtimePaths.scan(projectId), {
    method: 'POST',
    body,
    schema: scanAnswer,
    forbidden: 'throw',
  });
}

export interface CreatePlanningRequest {
  projectId: number;
  file: File;
  settings: PlanningSettings;
}

export async function createPlanning(request: CreatePlanningRequest) {
  const body = new FormData();
  body.set('file', request.file);
  body.set('project', String(request.projectId));
  body.set('settings', JSON.stringify(request.settings));
  return apiRequest(downtimePaths.list, { method: 'POST', body, schema: planning, forbidden: 'throw' });
}

export const computePlanning = (id: number) =>
  apiRequest(downtimePaths.compute(id), { method: 'POST', forbidden: 'throw' });

export const deletePlanning = (id: number) =>
  apiRequest(downtimePaths.detail(id), { method: 'DELETE', forbidden: 'throw' });

/** Downloads the planning's zip. */
export const downloadPlanning = (item: Pick<Planning, 'id' | 'name'>): Promise<void> =>
  downloadWithSession(downtimePaths.download(item.id), `${item.name}.zip`);
