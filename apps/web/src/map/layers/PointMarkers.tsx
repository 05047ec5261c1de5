import type L from 'leaflet';
import { Fragment } from 'react';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { pointColours } from '../config';
import type { MapPoint } from '../types';

function pointColour(point: MapPoint): string {
  return point.selected ? pointColours.selected : pointColours[point.state];
}

/** The ring around a point that shares its data node with others (issue 30), in the selection's colour. */
const sameNodeRing: L.PathOptions = {
  color: pointColours.selected,
  weight: 2,
  fill: false,
  dashArray: '4 3',
};

/**
 * The project's points coloured by state, the selected ones larger; a click selects, not adds. A point that
 * reads the same data node as others is ringed, and its tooltip names them.
 */
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
        <Fragment key={point.id}>
          {point.sameNode && (
            <CircleMarker
              center={[point.lat, point.lng]}
              radius={(point.selected ? 9 : 7) + 5}
              interactive={false}
              pathOptions={sameNodeRing}
              className="same-node-ring"
            />
          )}
          <CircleMarker
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
              <b>{point.name}</b>
              {point.sameNode && (
                <>
                  <br />
                  {point.sameNode}
                </>
              )}
            </Tooltip>
          </CircleMarker>
        </Fragment>
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
