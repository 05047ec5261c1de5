import { CircleMarker, Tooltip } from 'react-leaflet';
import { pointColours } from '../config';
import type { MapPoint } from '../types';

function pointColour(point: MapPoint): string {
  return point.selected ? pointColours.selected : pointColours[point.state];
}

/** The project's points coloured by state, the selected ones larger; a click selects, not adds. */
export function PointMarkers({
  points,
  onPointClick,
}: {
  points: MapPoint[];
  onPointClick?: (id: MapPoint['id']) => void;
}) {
  return (
    <>
      {points.map((point) => (
        <CircleMarker
          key={point.id}
          center={[point.lat, point.lng]}
          radius={point.selected ? 9 : 7}
          bubblingMouseEvents={false}
          pathOptions={{
            color: '#ffffff',
            weight: 2,
            fillColor: pointColour(point),
            fillOpacity: 1,
            dashArray: point.state === 'new' ? '3 2' : undefined,
          }}
          eventHandlers={{ click: () => onPointClick?.(point.id) }}
        >
          <Tooltip direction="top" offset={[0, -8]}>
            {point.name}
          </Tooltip>
        </CircleMarker>
      ))}
    </>
  );
}

/** The point being named, drawn as a new point under its popup. */
export function DraftMarker({ lat, lng }: { lat: number; lng: number }) {
  return (
    <CircleMarker
      center={[lat, lng]}
      radius={7}
      interactive={false}
      pathOptions={{
        color: '#ffffff',
        weight: 2,
        fillColor: pointColours.new,
        fillOpacity: 1,
        dashArray: '3 2',
      }}
    />
  );
}
