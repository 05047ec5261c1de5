import { useMemo, useState } from 'react';
import L from 'leaflet';
import { Marker, Pane, useMap, useMapEvents } from 'react-leaflet';
import { gazetteer } from '../gazetteer';
import { labelBox, labelsWithoutOverlap, placesToLabel } from '../place-labels';
import { textContent } from '../text-content';

/**
 * Place names from the offline gazetteer over the coastline (issue 30: after an import the sea must be
 * recognisable with no tile service): seas in italic blue, harbours and cities as a dot and a name; a name
 * that would print over another is left out.
 */
export function PlaceLabels() {
  const map = useMap();
  const [view, setView] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  useMapEvents({ moveend: () => setView({ bounds: map.getBounds(), zoom: map.getZoom() }) });
  const shown = useMemo(() => {
    const inView = placesToLabel(
      gazetteer,
      {
        south: view.bounds.getSouth(),
        west: view.bounds.getWest(),
        north: view.bounds.getNorth(),
        east: view.bounds.getEast(),
      },
      view.zoom,
    );
    const boxes = inView.map((place) => labelBox(place, map.latLngToContainerPoint([place.lat, place.lng])));
    return labelsWithoutOverlap(boxes).flatMap((index) => inView[index] ?? []);
  }, [map, view]);
  return (
    <Pane name="place-labels" style={{ zIndex: 380, pointerEvents: 'none' }}>
      {shown.map((place) => (
        <Marker
          key={`${place.name}|${place.lat}|${place.lng}`}
          position={[place.lat, place.lng]}
          interactive={false}
          keyboard={false}
          pane="place-labels"
          icon={L.divIcon({
            className: `place-label place-${place.kind === 'sea' ? 'sea' : 'town'}`,
            html: textContent(place.name),
            iconSize: undefined,
          })}
        />
      ))}
    </Pane>
  );
}
