import { useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import { GeoJSON, Pane } from 'react-leaflet';
import { loadCoastline, type Land } from '../coastline';

const landStyle: L.PathOptions = { color: '#8a9aa8', weight: 0.8, fillColor: '#eef0ea', fillOpacity: 1 };

/** The offline Natural Earth land under every base layer, so the map works with no tile service. */
export function Coastline() {
  const [land, setLand] = useState<Land | null>(null);
  const renderer = useMemo(() => L.canvas({ pane: 'coastline' }), []);
  useEffect(() => {
    let alive = true;
    loadCoastline()
      .then((data) => alive && setLand(data))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return (
    <Pane name="coastline" style={{ zIndex: 150 }}>
      {land && (
        <GeoJSON
          data={land}
          style={landStyle}
          interactive={false}
          pane="coastline"
          // Leaflet hands GeoJSON options to each polygon: one canvas draws the whole coastline quickly.
          {...({ renderer } as object)}
        />
      )}
    </Pane>
  );
}
