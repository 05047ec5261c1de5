import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { MetoceanMapProps } from './types';

const MetoceanMap = lazy(() => import('./MetoceanMap'));

/** The map, fetched on first use: Leaflet and its CSS stay out of the first page's bundle. */
export function LazyMap(props: MetoceanMapProps) {
  return (
    <Suspense
      fallback={
        <Box
          data-testid="map-loading"
          sx={{
            height: props.height ?? 480,
            display: 'grid',
            placeItems: 'center',
            bgcolor: '#cfe0ee',
          }}
        >
          <CircularProgress size={28} />
        </Box>
      }
    >
      <MetoceanMap {...props} />
    </Suspense>
  );
}
