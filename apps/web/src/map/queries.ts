// Server state of the map: its configured services and a zone's 2D statistics maps (spec 002 'Map screens').
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  buoy,
  mapConfig,
  paths,
  stat2dMap,
  stat2dProperties,
  zoneNodes,
  type Stat2dLayer,
} from '@metocean/contracts';
import { apiRequest } from '../api/client';
import { queryKeys } from '../api/queries';

export const mapKeys = {
  config: ['map', 'config'] as const,
  stat2d: (zone: number) => ['map', 'stat2d', zone] as const,
  properties: (url: string) => ['map', 'properties', url] as const,
  buoys: (zone: number) => ['map', 'buoys', zone] as const,
  nodes: (zone: number, bbox: string) => ['map', 'nodes', zone, bbox] as const,
};

const buoyList = z.array(buoy);

/** The measuring buoys inside a zone (spec 002 Buoys overlay). */
export function useBuoys(zone: number | undefined) {
  return useQuery({
    queryKey: mapKeys.buoys(zone ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`${paths.buoys}?zone=${zone ?? 0}`, { schema: buoyList, signal, forbidden: 'throw' }),
    enabled: zone !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The nodes of a zone's datasets in the map's view (the Grids overlay), asked only while the overlay is on;
 * the previous view's nodes stay drawn until the new ones arrive.
 */
export function useZoneNodes(zone: number | undefined, bbox: string | null) {
  return useQuery({
    queryKey: mapKeys.nodes(zone ?? 0, bbox ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`${paths.zoneNodes(zone ?? 0)}?bbox=${encodeURIComponent(bbox ?? '')}`, {
        schema: zoneNodes,
        signal,
        forbidden: 'throw',
      }),
    enabled: zone !== undefined && bbox !== null,
    // The previous view's nodes, but never another zone's.
    placeholderData: (previous, query) =>
      query?.queryKey[2] === (zone ?? 0) ? keepPreviousData(previous) : undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Tile services and geocoder, read once per session (they only change with the server's configuration). */
export function useMapConfig() {
  return useQuery({
    queryKey: mapKeys.config,
    queryFn: ({ signal }) => apiRequest(paths.mapConfig, { schema: mapConfig, signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** A zone's 2D statistics maps; polled every 10 s while bought maps are being rendered. */
export function useStat2dMap(zone: number | undefined) {
  return useQuery({
    queryKey: mapKeys.stat2d(zone ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`${paths.stat2ds}?zone=${zone ?? 0}`, { schema: stat2dMap, signal, forbidden: 'throw' }),
    enabled: zone !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'rendering' ? 10_000 : false),
    retry: false,
  });
}

export function useBuyMaps() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (zone: number) =>
      apiRequest(paths.stat2ds, { method: 'POST', body: { zone }, schema: stat2dMap, forbidden: 'throw' }),
    onSuccess: (map) => {
      client.setQueryData(mapKeys.stat2d(map.zone), map);
      // The purchase spends credits: the account's balance changes.
      return client.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}

/** The property files (colour bar, range, source) of the layers shown. Signed URLs: no session needed. */
export function useLayerProperties(layers: Stat2dLayer[]) {
  return useQueries({
    queries: layers.map((layer) => ({
      queryKey: mapKeys.properties(layer.propertyFile),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const response = await fetch(layer.propertyFile, { signal });
        if (!response.ok) throw new Error(`property file: HTTP ${response.status}`);
        return stat2dProperties.parse(await response.json());
      },
      staleTime: Infinity,
      retry: 1,
    })),
  });
}
