// The modals of the upload flow (spec 001 §2.3, §8): settings errors and warnings (errors → Abort only;
// warnings → Abort or "Launch anyway") and the launch success with its e-mail notice.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlanningIssue } from '@metocean/contracts';

export function IssueList({ issues }: { issues: readonly PlanningIssue[] }) {
  return (
    <List dense disablePadding sx={{ maxHeight: 320, overflowY: 'auto' }} data-testid="planning-issues">
      {issues.map((issue, index) => (
        <ListItem key={index} disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Chip
            size="small"
            color={issue.kind === 'error' ? 'error' : 'warning'}
            label={issue.kind === 'error' ? 'Error' : 'Warning'}
            sx={{ mt: 0.25, minWidth: 72 }}
          />
          <ListItemText primary={issue.text} secondary={issue.cell ?? undefined} />
        </ListItem>
      ))}
    </List>
  );
}

export function SettingsErrorsDialog({
  errors,
  warnings,
  busy,
  failure,
  onAbort,
  onLaunchAnyway,
  onFixSettings,
}: {
  errors: readonly PlanningIssue[];
  warnings: readonly PlanningIssue[];
  busy: boolean;
  failure: string | null;
  onAbort: () => void;
  onLaunchAnyway: () => void;
  /** Back to the settings form (its table ranges and aliases) when nothing was created yet. */
  onFixSettings?: (() => void) | undefined;
}) {
  const blocking = errors.length > 0;
  return (
    <Dialog open maxWidth="sm" fullWidth>
      <DialogTitle>{blocking ? 'The planning has errors' : 'The planning has warnings'}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {blocking
            ? onFixSettings
              ? 'Fix these in the settings (table ranges, location aliases), or in the file and upload it again. The planning cannot be launched as it is.'
              : 'Fix these in the file or the settings, then upload again. The planning cannot be launched.'
            : 'The planning can run, but check these first.'}
        </Typography>
        <IssueList issues={[...errors, ...warnings]} />
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onAbort} disabled={busy} color="inherit">
          Abort
        </Button>
        {onFixSettings && (
          <Button variant="contained" onClick={onFixSettings} disabled={busy}>
            Fix the settings
          </Button>
        )}
        {!blocking && (
          <Button variant="contained" onClick={onLaunchAnyway} disabled={busy}>
            Launch anyway
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export function LaunchedDialog({ name, onClose }: { name: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Planning launched</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1}>
          <Typography variant="body2">
            “{name}” is being simulated. This takes from a few seconds to about 20 minutes.
          </Typography>
          <Alert severity="info">An e-mail will be sent to you when the results are ready.</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Back to the plannings
        </Button>
      </DialogActions>
    </Dialog>
  );
}
