import { useEffect, useState, type ReactNode } from 'react';
import type L from 'leaflet';
import Paper from '@mui/material/Paper';

/**
 * The popup of a new point (its name form), drawn by React over the map at the clicked position rather than
 * inside a Leaflet popup: Leaflet's own popup swallowed pointer clicks on its buttons.
 */
export function DraftPopup({
  map,
  draft,
  onClose,
}: {
  map: L.Map;
  draft: { lat: number; lng: number; content: ReactNode };
  onClose?: () => void;
}) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const redraw = () => setTick((tick) => tick + 1);
    map.on('move zoom resize', redraw);
    return () => {
      map.off('move zoom resize', redraw);
    };
  }, [map]);
  const at = map.latLngToContainerPoint([draft.lat, draft.lng]);
  return (
    <Paper
      elevation={4}
      role="dialog"
      aria-label="New point"
      onKeyDown={(event) => event.key === 'Escape' && onClose?.()}
      sx={{
        position: 'absolute',
        zIndex: 1100,
        left: at.x,
        top: at.y,
        // Above the point, centred on it, with a small tip (spec 000 §9 popup offsets, x -5).
        transform: 'translate(calc(-50% - 5px), calc(-100% - 14px))',
        p: 1.5,
        '&::after': {
          content: '""',
          position: 'absolute',
          left: 'calc(50% + 5px)',
          bottom: -8,
          transform: 'translateX(-50%)',
          borderLeft: '8px solid transparent',
          borderRight: '8px solid transparent',
          borderTop: '8px solid #fff',
        },
      }}
    >
      {draft.content}
    </Paper>
  );
}
