import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { Pane, useMap, useMapEvents } from 'react-leaflet';
import { bboxParam, type ZoneNodes } from '@metocean/contracts';

/** Grid nodes: real records' nodes dark and a little larger, the synthetic hindcast's light. */
const nodeStyles = {
  real: { radius: 3.5, color: '#7a2e00', fillColor: '#d55e00' },
  synthetic: { radius: 1.8, color: '#13315c', fillColor: '#13315c' },
} as const;
export const nodeStyleOf = (synthetic: boolean) => (synthetic ? nodeStyles.synthetic : nodeStyles.real);

/** The map's view as a `bbox` parameter, set when shown and 300 ms after the last move (Grids overlay). */
export function ViewBox({ onChange }: { onChange: (bbox: string) => void }) {
  const map = useMap();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const boxOf = () => {
    const bounds = map.getBounds();
    return bboxParam({
      west: bounds.getWest(),
      south: bounds.getSouth(),
      east: bounds.getEast(),
      north: bounds.getNorth(),
    });
  };
  useEffect(() => {
    onChange(boxOf());
    return () => clearTimeout(timer.current);
    // Once when the overlay is switched on; moves are followed below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  useMapEvents({
    moveend: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => onChange(boxOf()), 300);
    },
  });
  return null;
}

/**
 * The Grids overlay: every node the view holds (or every N-th), small non-interactive circles on one canvas,
 * so thousands draw at once and clicks still reach the map (to add a point on a node).
 */
function NodeCircles({ data }: { data: ZoneNodes | undefined }) {
  const map = useMap();
  const renderer = useMemo(() => L.canvas({ pane: 'grid-nodes', padding: 0.2 }), []);
  useEffect(() => {
    if (!data) return;
    const group = L.layerGroup();
    for (const dataset of data.datasets) {
      const style = nodeStyleOf(dataset.synthetic);
      for (const [lat, lon] of dataset.nodes)
        L.circleMarker([lat, lon], {
          renderer,
          pane: 'grid-nodes',
          interactive: false,
          radius: style.radius,
          weight: 0.6,
          color: style.color,
          opacity: 0.7,
          fillColor: style.fillColor,
          fillOpacity: 0.55,
        }).addTo(group);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, data, renderer]);
  // After the nodes (effects are cleaned up in order): the overlay switched off leaves no empty canvas.
  useEffect(
    () => () => {
      renderer.remove();
    },
    [renderer],
  );
  return null;
}

/** The Grids overlay's pane, between the 2D maps and the geometries, with the nodes while it is on. */
export function GridNodes({ shown, data }: { shown: boolean; data: ZoneNodes | undefined }) {
  return (
    <Pane name="grid-nodes" style={{ zIndex: 380, pointerEvents: 'none' }}>
      {shown && <NodeCircles data={data} />}
    </Pane>
  );
}
