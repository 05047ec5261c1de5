import { Link as RouterLink, Navigate } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMe } from '../../api/queries';
import { FullPageLoader } from '../../components/Loader';
import { switchingUser, useStopImpersonation } from './impersonation';

/** Where an impersonation starts: who you now are, and the way back to the admin page. */
export function HijackPage() {
  const user = useMe();
  const stop = useStopImpersonation();
  if (!user.impersonator) return switchingUser() ? <FullPageLoader /> : <Navigate to="/" replace />;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', p: 3 }}>
      <Typography variant="h1" gutterBottom>
        You are now {name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Everything you do is done as {user.username} ({user.email}) and recorded under your own name,
        {` ${user.impersonator.username}`}.
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to="/" variant="contained">
          Continue as {user.username}
        </Button>
        <Button variant="outlined" loading={stop.isPending} onClick={() => stop.mutate()}>
          Back to admin
        </Button>
      </Stack>
    </Paper>
  );
}
