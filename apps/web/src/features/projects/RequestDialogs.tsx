import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { projectMessages } from '@metocean/contracts';
import { useMe } from '../../api/queries';
import { ContactDialog } from '../contact/ContactDialog';

/**
 * 'Ask for download of stats' (spec 000 §6, spec 002 other modals): offers without statistics download get
 * the Standard Access upgrade notice and a way to contact the team.
 */
export function AskDownloadDialog({ onClose }: { onClose: () => void }) {
  const user = useMe();
  const [contacting, setContacting] = useState(false);
  return (
    <>
      <Dialog
        open={!contacting}
        onClose={onClose}
        maxWidth={false}
        slotProps={{ paper: { sx: { width: 500 } } }}
      >
        <DialogTitle>Download statistics</DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 1.5 }}>
            {projectMessages.downloadNeedsUpgrade}
          </Alert>
          <DialogContentText>
            Charts and images stay available with your offer. Tell us what you need and we will propose the
            plan that includes statistics download.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button variant="contained" onClick={() => setContacting(true)}>
            Contact us
          </Button>
        </DialogActions>
      </Dialog>
      <ContactDialog open={contacting} onClose={onClose} user={user} />
    </>
  );
}
