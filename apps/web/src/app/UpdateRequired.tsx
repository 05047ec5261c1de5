import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { messages } from '@metocean/contracts';

/** The dialog of an outdated client (HTTP 426, spec 000 §8), shown by UpdateRequiredDialog. */
export default function UpdateRequired() {
  return (
    <Dialog open aria-labelledby="update-required-title">
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
