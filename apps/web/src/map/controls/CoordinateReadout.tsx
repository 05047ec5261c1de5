import { useEffect, useState } from 'react';
import type L from 'leaflet';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { mapDefaults } from '../config';
import { formatDegrees, formatDegreesMinutes, type LatLng } from '../geo';

/**
 * The cursor's latitude and longitude in decimal degrees (and degrees-minutes when not compact). It follows
 * the map's own mouse events, so a move redraws the readout alone, not the whole map.
 */
export function CoordinateReadout({ map, compact }: { map: L.Map | null; compact: boolean }) {
  const [cursor, setCursor] = useState<LatLng | null>(null);
  useEffect(() => {
    if (!map) return;
    const move = (event: L.LeafletMouseEvent) => setCursor({ lat: event.latlng.lat, lng: event.latlng.lng });
    const out = () => setCursor(null);
    map.on('mousemove', move);
    map.on('mouseout', out);
    return () => {
      map.off('mousemove', move);
      map.off('mouseout', out);
    };
  }, [map]);
  return (
    <Paper
      elevation={1}
      data-testid="map-readout"
      sx={{
        position: 'absolute',
        left: 10,
        bottom: 10,
        zIndex: 1000,
        px: 1,
        py: 0.25,
        fontSize: 12,
        fontVariantNumeric: 'tabular-nums',
        bgcolor: 'rgba(255,255,255,.88)',
        display: compact && !cursor ? 'none' : undefined,
      }}
    >
      {cursor ? (
        <>
          Lat {formatDegrees(cursor.lat, mapDefaults.readoutDigits)} · Lng{' '}
          {formatDegrees(cursor.lng, mapDefaults.readoutDigits)}
          {!compact && (
            <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
              {formatDegreesMinutes(cursor.lat, 'lat')} {formatDegreesMinutes(cursor.lng, 'lng')}
            </Box>
          )}
        </>
      ) : (
        'Move over the map to read coordinates'
      )}
    </Paper>
  );
}
