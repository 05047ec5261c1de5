// Server state of satellite comparisons (spec 002 §7): the project's comparisons (polled while one is in
// flight), the launch (created, then computed: spec 002 §4) and a finished comparison's visualisation data.
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  paths,
  satelliteComparison,
  satelliteComparisonName,
  satelliteVisuData,
  type SatelliteComparison,
} from '@metocean/contracts';
import { apiRequest } from '../../api/client';
import { projectKeys } from '../projects/queries';

/** How often an in-flight comparison is polled (spec 002 §4 "polled until FINISHED"; interval not given). */
export const SATELLITE_POLL_MS = 4000;

export const satelliteKeys = {
  list: (project: number) => ['satellite', 'list', project] as const,
  visu: (id: number, computedAt: string | null) => ['satellite', 'visu', id, computedAt] as const,
};

/**
 * The comparisons of a project, newest first; polled while one is RUNNING. When one finishes, the
 * project is read again: its point now has satellite validation (spec 002 §3).
 */
export function useSatelliteComparisons(projectId: number) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: satelliteKeys.list(projectId),
    queryFn: ({ signal }) =>
      apiRequest(`${paths.satelliteComparisons}?project=${projectId}`, {
        schema: z.array(satelliteComparison),
        signal,
        forbidden: 'throw',
      }),
    refetchInterval: (q) => (q.state.data?.some((c) => c.status === 'RUNNING') ? SATELLITE_POLL_MS : false),
  });
  const finished = query.data?.filter((c) => c.status === 'FINISHED').length;
  const seen = useRef(finished);
  useEffect(() => {
    if (finished !== undefined && seen.current !== undefined && finished !== seen.current)
      void client.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    seen.current = finished;
  }, [finished, client, projectId]);
  return query;
}

/**
 * Launch: POST (name from the project and the point, project, point, user), then PUT …/compute/. A
 * comparison of the point created but never computed (`pending`) is computed instead of created again.
 */
export function useLaunchSatellite(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      projectName: string;
      point: { id: number; name: string };
      user: number;
      pending: SatelliteComparison | undefined;
    }) => {
      const created =
        input.pending ??
        (await apiRequest(paths.satelliteComparisons, {
          method: 'POST',
          body: {
            name: satelliteComparisonName(input.projectName, input.point.name),
            project: projectId,
            point: input.point.id,
            user: input.user,
          },
          schema: satelliteComparison,
          forbidden: 'throw',
        }));
      return apiRequest(paths.satelliteComparisonCompute(created.id), {
        method: 'PUT',
        schema: satelliteComparison,
        forbidden: 'throw',
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: satelliteKeys.list(projectId) }),
  });
}

/** A finished comparison's scatter data and metrics per variable. */
export function useSatelliteVisu(comparison: SatelliteComparison | null) {
  return useQuery({
    queryKey: satelliteKeys.visu(comparison?.id ?? 0, comparison?.computedAt ?? null),
    queryFn: ({ signal }) =>
      apiRequest(paths.satelliteComparisonVisuData(comparison!.id), {
        schema: satelliteVisuData,
        signal,
        forbidden: 'throw',
      }),
    enabled: comparison !== null && comparison.status === 'FINISHED',
    staleTime: Infinity,
    retry: false,
  });
}
