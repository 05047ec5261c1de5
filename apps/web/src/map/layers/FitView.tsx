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

/** Fits the view to the zone (or points) with the spec's margin whenever the zone changes. */
export function FitView({ zone, points }: { zone: MapZone | null | undefined; points: MapPoint[] }) {
  const map = useMap();
  const zoneId = zone?.id;
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    const key = zone ? `zone-${zone.id}` : points.length > 0 ? 'points' : 'world';
    if (fitted.current === key) return;
    fitted.current = key;
    if (zone) {
      map.fitBounds(zoneLatLngBounds(zone).pad(mapDefaults.fitMargin));
    } else if (points.length > 0) {
      const bounds = L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
      map.fitBounds(bounds.pad(mapDefaults.fitMargin), { maxZoom: 8 });
    }
    // Points only matter when there is no zone, and only once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, zoneId]);
  return null;
}
