import type L from 'leaflet';
import { GeoJSON } from 'react-leaflet';
import type { MapZone } from '../types';

/** The work zone's outline and fill; the legend draws its swatch in the same colour. */
export const zoneColour = '#0a6ebd';
const zoneStyle: L.PathOptions = { color: zoneColour, weight: 2, fillColor: zoneColour, fillOpacity: 0.08 };
const otherZoneStyle: L.PathOptions = {
  color: '#13315c',
  weight: 1.5,
  dashArray: '6 4',
  fillOpacity: 0.04,
};

/** The 'Area' overlay: the other zones dashed (the new-project flow's matching zones), the work zone solid. */
export function ZoneOutlines({
  zone,
  otherZones,
}: {
  zone: MapZone | null | undefined;
  otherZones: MapZone[];
}) {
  return (
    <>
      {otherZones.map((other) => (
        <GeoJSON key={`other-${other.id}`} data={other.geom} style={otherZoneStyle} interactive={false} />
      ))}
      {zone && <GeoJSON key={`zone-${zone.id}`} data={zone.geom} style={zoneStyle} interactive={false} />}
    </>
  );
}
