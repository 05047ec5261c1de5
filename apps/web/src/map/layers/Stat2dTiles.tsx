import L from 'leaflet';
import { Pane, TileLayer } from 'react-leaflet';
import type { Stat2dLayer } from '@metocean/contracts';

/** The shown 2D statistics layers: signed slippy tiles, only where the layer has data. */
export function Stat2dTiles({ layers }: { layers: Stat2dLayer[] }) {
  return (
    <Pane name="stat2d" style={{ zIndex: 350 }}>
      {layers.map((layer) => (
        <TileLayer
          key={layer.id}
          pane="stat2d"
          url={layer.tilesPath}
          opacity={0.8}
          noWrap
          minNativeZoom={layer.minZoom}
          maxNativeZoom={layer.maxNativeZoom}
          bounds={L.latLngBounds(
            [layer.bounds.south, layer.bounds.west],
            [layer.bounds.north, layer.bounds.east],
          )}
        />
      ))}
    </Pane>
  );
}
