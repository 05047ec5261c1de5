import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useChangelog } from '../../api/queries';
import { useFirstVisitDialog } from '../../app/first-visit';
import { lastSeenVersion, markVersionSeen, releaseDate } from './notes';
import { ReleaseNotes } from './ReleaseNotes';

/**
 * Opens by itself when the current version has a changelog section and this browser last saw another
 * version (spec 000 §2.2). Closing it, by Ok or by the changelog link, records the version as seen.
 */
export function ReleaseNotesDialog() {
  const { data, isPending } = useChangelog();
  const [seen, setSeen] = useState(lastSeenVersion);
  const release = data?.releases.find((entry) => entry.version === data.currentVersion);
  const shown = !!data && !!release && seen !== data.currentVersion;
  // while the changelog loads, whether the notes will show is not known yet: tutorials wait for it too
  useFirstVisitDialog('release-notes', shown || isPending);
  if (!data || !release || !shown) return null;

  const close = () => {
    markVersionSeen(data.currentVersion);
    setSeen(data.currentVersion);
  };
  const date = releaseDate(release.date);

  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth aria-labelledby="release-notes-title">
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
        <Button component={RouterLink} to="/changelog" onClick={close}>
          See the full changelog
        </Button>
        <Button variant="contained" onClick={close}>
          Ok
        </Button>
      </DialogActions>
    </Dialog>
  );
}
