// Server state of the data validation page: the project's zone with its datasets, and a buoy comparison.
import { useQuery } from '@tanstack/react-query';
import { buoyComparison, paths, zone } from '@metocean/contracts';
import { apiRequest } from '../../api/client';

export const validationKeys = {
  zone: (id: number) => ['validation', 'zone', id] as const,
  comparison: (buoy: number, project: number, point: number) =>
    ['validation', 'comparison', buoy, project, point] as const,
};

/** The zone with its datasets (the overview's dataset cards and datasource summary). */
export function useZoneDetail(id: number | undefined) {
  return useQuery({
    queryKey: validationKeys.zone(id ?? 0),
    queryFn: ({ signal }) => apiRequest(paths.zone(id ?? 0), { schema: zone, signal, forbidden: 'throw' }),
    enabled: id !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** A buoy against the hindcast at a point of the project (GET /api/buoys/{id}/comparison/). */
export function useBuoyComparison(target: { buoy: number; project: number; point: number } | null) {
  return useQuery({
    queryKey: validationKeys.comparison(target?.buoy ?? 0, target?.project ?? 0, target?.point ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`${paths.buoyComparison(target!.buoy)}?project=${target!.project}&point=${target!.point}`, {
        schema: buoyComparison,
        signal,
        forbidden: 'throw',
      }),
    enabled: target !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
