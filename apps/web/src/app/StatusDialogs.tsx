import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import Alert from '@mui/material/Alert';
import { messages } from '@metocean/contracts';
import { useAppStatus } from '../api/appStatus';

/**
 * HTTP 426 (spec 000 §8): a persistent dialog asking to refresh when this client is outdated; during a
 * maintenance the page reloads by itself after a short delay, which a notice announces.
 */
export function StatusDialogs() {
  const status = useAppStatus();
  return (
    <>
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
      <Snackbar open={status.maintenanceReload} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert severity="info" variant="filled">
          A maintenance is in progress. The page will reload shortly.
        </Alert>
      </Snackbar>
    </>
  );
}
