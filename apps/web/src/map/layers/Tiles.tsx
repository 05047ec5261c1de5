import { useRef } from 'react';
import { TileLayer } from 'react-leaflet';
import type { TileLayerConfig } from '../config';

/** Configured tiles; after repeated failures with nothing loaded, hands back to the offline coastline. */
export function Tiles({
  layer,
  onUnreachable,
}: {
  layer: TileLayerConfig | undefined;
  onUnreachable: () => void;
}) {
  const counts = useRef({ loaded: 0, failed: 0 });
  if (!layer) return null;
  return (
    <TileLayer
      key={layer.name}
      url={layer.url}
      attribution={layer.attribution}
      noWrap
      eventHandlers={{
        tileload: () => {
          counts.current.loaded += 1;
        },
        tileerror: () => {
          counts.current.failed += 1;
          if (counts.current.failed >= 3 && counts.current.loaded === 0) onUnreachable();
        },
      }}
    />
  );
}
