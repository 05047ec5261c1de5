import { CircleMarker, Polyline } from 'react-leaflet';
import type { Measure } from '../controls/useMeasure';

const measureColour = '#d55e00';

/** The measured paths: a dashed line through the clicked vertices, each vertex a dot. */
export function MeasurePaths({ measures }: { measures: Measure[] }) {
  return (
    <>
      {measures.map((measure) => (
        <Polyline
          key={`measure-${measure.id}`}
          positions={measure.path.map((p) => [p.lat, p.lng] as [number, number])}
          interactive={false}
          pathOptions={{ color: measureColour, weight: 2.5, dashArray: '6 4' }}
        />
      ))}
      {measures.flatMap((measure) =>
        measure.path.map((p, index) => (
          <CircleMarker
            key={`mv-${measure.id}-${index}`}
            center={[p.lat, p.lng]}
            radius={3}
            interactive={false}
            pathOptions={{ color: measureColour, fillColor: measureColour, fillOpacity: 1 }}
          />
        )),
      )}
    </>
  );
}
