import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { maintenanceReloadMs } from '../api/appStatus';
import { useAppStatus } from '../api/hooks';
import { Logo } from '../components/Logo';

// The dialog (MUI Dialog, Modal, transitions) is fetched the first time it is needed: the first page stays
// small (issue 34: < 200 kB gzipped).
const UpdateRequired = lazy(() => import('./UpdateRequired'));

/** HTTP 426 (spec 000 §8): a persistent dialog asking to refresh when this client is outdated. */
export function UpdateRequiredDialog() {
  const status = useAppStatus();
  if (!status.updateRequired) return null;
  return (
    <Suspense fallback={null}>
      <UpdateRequired />
    </Suspense>
  );
}

/** HTTP 426 'maintenance': the page says so and reloads itself after a short delay. */
export function MaintenanceScreen() {
  return (
    <Box
      role="status"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        textAlign: 'center',
        px: 2,
      }}
    >
      <Logo tone="light" size={40} />
      <Typography variant="h2" component="h1">
        A maintenance is in progress
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 480 }}>
        Metocean Studio is being updated; this takes up to 10 minutes. The page will reload by itself in{' '}
        {Math.round(maintenanceReloadMs / 1000)} seconds.
      </Typography>
      <CircularProgress size={24} />
    </Box>
  );
}
