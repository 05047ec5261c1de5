import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { messages } from '@metocean/contracts';
import { maintenanceReloadMs, useAppStatus } from '../api/appStatus';
import { Logo } from '../components/Logo';

/** HTTP 426 (spec 000 §8): a persistent dialog asking to refresh when this client is outdated. */
export function UpdateRequiredDialog() {
  const status = useAppStatus();
  return (
    <Dialog open={status.updateRequired} aria-labelledby="update-required-title">
      <DialogTitle id="update-required-title">Update required</DialogTitle>
      <DialogContent>
        <DialogContentText>{messages.updateRequired}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" href={window.location.href} onClick={() => window.location.reload()}>
          Refresh
        </Button>
      </DialogActions>
    </Dialog>
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
