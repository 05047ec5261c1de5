import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ChangelogResponse } from '@metocean/contracts';
import { releaseDate } from './notes';
import { ReleaseNotes } from './ReleaseNotes';

/** The release notes dialog ReleaseNotesDialog opens: Ok and the changelog link both close it. */
export default function ReleaseNotesView({
  release,
  onClose,
}: {
  release: ChangelogResponse['releases'][number];
  onClose: () => void;
}) {
  const date = releaseDate(release.date);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="release-notes-title">
      <DialogTitle id="release-notes-title">What's new in version {release.version}</DialogTitle>
      <DialogContent dividers>
        {date && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            Released {date}
          </Typography>
        )}
        <ReleaseNotes notes={release.notes} />
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to="/changelog" onClick={onClose}>
          See the full changelog
        </Button>
        <Button variant="contained" onClick={onClose}>
          Ok
        </Button>
      </DialogActions>
    </Dialog>
  );
}
