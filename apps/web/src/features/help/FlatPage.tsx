import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import DOMPurify from 'dompurify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '../../api/client';
import { useFlatPage } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { SectionLoader } from '../../components/Loader';

/** A help page written on the server as HTML, shown sanitised (`/help/:url`). */
export function FlatPage() {
  const { url = '' } = useParams();
  const { data, error, isPending } = useFlatPage(url);
  const html = useMemo(() => (data ? DOMPurify.sanitize(data.content) : ''), [data]);

  if (isPending) return <SectionLoader />;
  // spec 002 'Help, FAQ, examples': a help request answered with an error status shows an empty state with a
  // title and a subtitle (a missing page says so; any other error says what the server answered)
  if (error instanceof ApiError && error.status >= 400) {
    const missing = error.status === 404;
    return (
      <EmptyState
        kind="pageNotFound"
        title={missing ? undefined : 'This help page cannot be shown'}
        hint={missing ? undefined : errorMessage(error)}
        action={
          <Button component={RouterLink} to="/" variant="contained">
            Go to home
          </Button>
        }
      />
    );
  }
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;

  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h1">{data.title}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box
          className="flatpage"
          sx={{
            typography: 'body2',
            lineHeight: 1.6,
            '& h2': { typography: 'h3', mt: 2.5, mb: 1 },
            '& h3': { typography: 'h4', mt: 2, mb: 0.5 },
            '& h2:first-of-type, & h3:first-of-type': { mt: 0 },
            '& a': { color: 'primary.main' },
            '& table': { borderCollapse: 'collapse', my: 1 },
            '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
            '& img': { maxWidth: '100%' },
          }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </Paper>
    </Stack>
  );
}
