import { useState } from 'react';
import L from 'leaflet';
import { Marker, Pane, Polyline, useMap, useMapEvents } from 'react-leaflet';
import { textContent } from '../text-content';
import { graticuleLabel, graticuleStep, graticuleValues } from '../graticule';

/** Parallels and meridians at a step that follows the zoom, labelled along the west and south edges. */
export function Graticule() {
  const map = useMap();
  const [view, setView] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  useMapEvents({ moveend: () => setView({ bounds: map.getBounds(), zoom: map.getZoom() }) });
  const { intervalDegrees, digits } = graticuleStep(view.zoom);
  const south = view.bounds.getSouth();
  const north = view.bounds.getNorth();
  const west = Math.max(view.bounds.getWest(), -180);
  const east = Math.min(view.bounds.getEast(), 180);
  const lats = graticuleValues(south, north, intervalDegrees, 90);
  const lngs = graticuleValues(west, east, intervalDegrees, 180);
  const style: L.PathOptions = { color: '#55606e', weight: 0.6, opacity: 0.55 };
  const labelIcon = (text: string, className: string) =>
    L.divIcon({ className: `graticule-label ${className}`, html: textContent(text), iconSize: undefined });
  return (
    <Pane name="graticule" style={{ zIndex: 420, pointerEvents: 'none' }}>
      {lats.map((lat) => (
        <Polyline
          key={`lat${lat}`}
          positions={[
            [lat, west],
            [lat, east],
          ]}
          // a creation option: in pathOptions it is not applied, and a meridian through a marker took its click
          interactive={false}
          pathOptions={style}
        />
      ))}
      {lngs.map((lng) => (
        <Polyline
          key={`lng${lng}`}
          positions={[
            [Math.max(south, -90), lng],
            [Math.min(north, 90), lng],
          ]}
          // a creation option: in pathOptions it is not applied, and a meridian through a marker took its click
          interactive={false}
          pathOptions={style}
        />
      ))}
      {lats.map((lat) => (
        <Marker
          key={`latl${lat}`}
          position={[lat, west]}
          interactive={false}
          icon={labelIcon(graticuleLabel(lat, 'lat', digits), 'graticule-lat')}
        />
      ))}
      {lngs.map((lng) => (
        <Marker
          key={`lngl${lng}`}
          position={[south, lng]}
          interactive={false}
          icon={labelIcon(graticuleLabel(lng, 'lng', digits), 'graticule-lng')}
        />
      ))}
    </Pane>
  );
}
