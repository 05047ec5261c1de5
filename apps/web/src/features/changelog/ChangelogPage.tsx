import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { useChangelog } from '../../api/queries';
import { SectionLoader } from '../../components/Loader';
import { releaseDate } from './notes';
import { ReleaseNotes } from './ReleaseNotes';

export function ChangelogPage() {
  const { data, error, isPending } = useChangelog();
  return (
    <Stack spacing={2} sx={{ maxWidth: 860, mx: 'auto' }}>
      <Typography variant="h1">Changelog</Typography>
      {isPending && <SectionLoader />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data && (
        <Paper variant="outlined">
          {data.releases.map((release, index) => {
            const date = releaseDate(release.date);
            return (
              <div key={release.version}>
                {index > 0 && <Divider />}
                <Stack
                  component="section"
                  spacing={1}
                  sx={{ p: 2.5 }}
                  aria-label={`Version ${release.version}`}
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="h3" component="h2">
                      Version {release.version}
                    </Typography>
                    {release.version === data.currentVersion && (
                      <Chip label="Current" size="small" color="primary" variant="outlined" />
                    )}
                    {date && (
                      <Typography variant="body2" color="text.secondary">
                        {date}
                      </Typography>
                    )}
                  </Stack>
                  <ReleaseNotes notes={release.notes} />
                </Stack>
              </div>
            );
          })}
        </Paper>
      )}
    </Stack>
  );
}
