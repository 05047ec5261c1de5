// The dashboard's modals (spec 001 §2.2, §6, §8): points list, error log, delete confirmation, the
// waiting modal of an upload and the expired-offer notice.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Planning } from '@metocean/contracts';
import { DASHBOARD_TEXTS } from './rules';

export function PointsDialog({ planning, onClose }: { planning: Planning; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Points of {planning.name}</DialogTitle>
      <DialogContent dividers>
        {/* Spec 001 §9: the points list scrolls at 200 px. */}
        <List dense sx={{ maxHeight: 200, overflowY: 'auto' }} data-testid="planning-points">
          {planning.points.map((p) => (
            <ListItem key={p.name}>
              <ListItemText
                primary={p.name}
                // a calibrated variant (issue 33) says which series the planning reads
                secondary={`${p.lat.toFixed(4)}°, ${p.lng.toFixed(4)}°${p.calibration ? ` · calibrated: ${p.calibration}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export function ErrorLogDialog({ planning, onClose }: { planning: Planning; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Error log · {planning.name}</DialogTitle>
      <DialogContent dividers>
        {/* Plain text: React escapes it, no HTML from the server is rendered. */}
        <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13, m: 0 }}>
          {planning.errorMessage}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export function DeleteDialog({
  planning,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  planning: Planning;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Delete planning</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2">
          Delete “{planning.name}” and its results? This cannot be undone.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function WaitingDialog({ text }: { text: string }) {
  return (
    <Dialog open maxWidth="xs" fullWidth aria-busy>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 1 }}>
          <CircularProgress size={28} />
          <Typography variant="body2">{text}</Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

export function OfferExpiredDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{DASHBOARD_TEXTS.offerExpired}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2">
          The offer of this project has expired: new plannings cannot be uploaded or run. Existing results
          stay viewable. Contact us to renew the offer.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
