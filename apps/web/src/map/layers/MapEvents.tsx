import { useEffect } from 'react';
import type L from 'leaflet';
import { useMap, useMapEvents } from 'react-leaflet';
import type { LatLng } from '../geo';

/** The map's clicks, as positions (adding a point or a measure vertex). */
export function MapEvents({ onClick }: { onClick: (position: LatLng) => void }) {
  useMapEvents({ click: (event) => onClick({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

/** Hands the Leaflet map out of its container, for the controls drawn over it. */
export function MapHandle({ onReady }: { onReady: (map: L.Map) => void }) {
  const map = useMap();
  useEffect(() => onReady(map), [map, onReady]);
  return null;
}
