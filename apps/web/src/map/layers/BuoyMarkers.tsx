import L from 'leaflet';
import { Marker, Tooltip } from 'react-leaflet';
import type { Buoy } from '@metocean/contracts';

/** The buoys' yellow (Okabe-Ito), shared with the legend's swatch. */
export const buoyColour = '#f0e442';

/** Measuring buoys: square markers, their station, provider and sensors in the tooltip. */
export function BuoyMarkers({ buoys, onClick }: { buoys: Buoy[]; onClick?: (buoy: Buoy) => void }) {
  return (
    <>
      {buoys.map((buoy) => (
        <Marker
          key={buoy.id}
          eventHandlers={onClick ? { click: () => onClick(buoy) } : {}}
          position={[buoy.latitude, buoy.longitude]}
          icon={L.divIcon({
            className: 'buoy-marker',
            html: `<span style="display:block;width:10px;height:10px;transform:rotate(45deg);background:${buoyColour};border:1.5px solid #13315c"></span>`,
            iconSize: [13, 13],
            iconAnchor: [6.5, 6.5],
          })}
        >
          <Tooltip direction="top" offset={[0, -6]}>
            Buoy {buoy.code} · {buoy.name} ({buoy.provider})
            {buoy.sensors.length > 0 ? ` · ${buoy.sensors.join(', ')}` : ''}
          </Tooltip>
        </Marker>
      ))}
    </>
  );
}
