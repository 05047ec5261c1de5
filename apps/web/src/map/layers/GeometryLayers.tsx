import L from 'leaflet';
import { GeoJSON, Pane } from 'react-leaflet';
import type { ProjectGeometry } from '@metocean/contracts';
import { drawableFeatures, featureLabel, layerPathStyle } from '../geometries';
import { textContent } from '../text-content';

/** The uploaded geometries, each layer in its colour and drawn by its type (markers, lines, areas). */
export function GeometryLayers({ geometries }: { geometries: ProjectGeometry[] }) {
  return (
    <Pane name="geometries" style={{ zIndex: 410 }}>
      {geometries.flatMap((geometry) =>
        geometry.layers.map((layer) => (
          <GeoJSON
            // GeoJSON data and style are read once: a new colour or type mounts a new layer.
            key={`${geometry.id}-${layer.id}-${layer.type}-${layer.color}`}
            data={drawableFeatures(layer) as GeoJSON.FeatureCollection}
            pane="geometries"
            style={() => layerPathStyle(layer)}
            pointToLayer={(_feature, latlng) =>
              L.circleMarker(latlng, {
                pane: 'geometries',
                radius: 5,
                color: '#ffffff',
                weight: 1.5,
                fillColor: layer.color,
                fillOpacity: 1,
              })
            }
            onEachFeature={(feature, leafletLayer) => {
              const label = featureLabel(feature.properties as Record<string, unknown> | null);
              // File names and feature labels come from the uploaded file: text, never markup.
              leafletLayer.bindTooltip(textContent(label ? `${label} · ${geometry.name}` : geometry.name), {
                sticky: true,
              });
            }}
          />
        )),
      )}
    </Pane>
  );
}
