import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { mapDefaults } from '../config';
import { geometryVertices } from '../geo';
import type { MapPoint, MapZone } from '../types';

function zoneLatLngBounds(zone: MapZone): L.LatLngBounds {
  const vertices = geometryVertices(zone.geom);
  if (vertices.length === 0) {
    const { northEast, southWest } = zone.bounds;
    return L.latLngBounds([southWest.lat, southWest.lon], [northEast.lat, northEast.lon]);
  }
  return L.latLngBounds(vertices.map(([lng, lat]) => [lat, lng] as [number, number]));
}

/** How close a fit to points may zoom: one point alone still shows its surroundings. */
const POINTS_MAX_ZOOM = 9;

/**
 * Fits the view once per project to its points, or to its zone when it has none (issue 23: the Query and
 * Analyze maps opened on the world with the points off-screen). A map laid out in a tab that is not
 * visible yet has no size, and Leaflet then fits to nothing: the fit waits until the container has one.
 * An import asks for a new fit (`fitRequest`): its points may lie anywhere in the zone.
 */
export function FitView({
  zone,
  points,
  fitRequest = 0,
}: {
  zone: MapZone | null | undefined;
  points: MapPoint[];
  /** Bumped by the page to fit the points again, e.g. after an import (issue 30). */
  fitRequest?: number;
}) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  const hasPoints = points.length > 0;
  const key = hasPoints ? `points-${zone?.id ?? ''}-${fitRequest}` : zone ? `zone-${zone.id}` : null;
  const latest = useRef({ zone, points });
  useEffect(() => {
    latest.current = { zone, points };
  });
  // Run when the key changes: points added later by the user do not move the view.
  useEffect(() => {
    if (key === null || fitted.current === key) return;
    const fit = (): boolean => {
      map.invalidateSize();
      const size = map.getSize();
      if (size.x === 0 || size.y === 0) return false;
      const { zone: z, points: p } = latest.current;
      if (p.length > 0) {
        const bounds = L.latLngBounds(p.map((point) => [point.lat, point.lng] as [number, number]));
        map.fitBounds(bounds.pad(mapDefaults.fitMargin), { maxZoom: POINTS_MAX_ZOOM });
      } else if (z) {
        map.fitBounds(zoneLatLngBounds(z).pad(mapDefaults.fitMargin));
      }
      fitted.current = key;
      return true;
    };
    if (fit()) return;
    const observer = new ResizeObserver(() => {
      if (fit()) observer.disconnect();
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, key]);
  return null;
}
