import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CurrentUser } from '@metocean/contracts';
import { errorMessage } from '../api/client';
import { useStopImpersonation } from '../features/admin/impersonation';

/** The strip above the (then red) top bar shown while a superuser acts as another user (spec 000 §2.2), with its own way out. */
export function ImpersonationBar({ user }: { user: CurrentUser }) {
  const stop = useStopImpersonation();
  if (!user.impersonator) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return (
    <Box
      role="status"
      data-testid="impersonation-bar"
      sx={{
        bgcolor: '#8e1b1b',
        color: '#fff',
        px: 3,
        py: 0.75,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 500, flex: 1 }}>
        Impersonation: you ({user.impersonator.username}) are acting as {name} ({user.username}).
      </Typography>
      {stop.error && (
        <Alert severity="error" sx={{ py: 0 }}>
          {errorMessage(stop.error)}
        </Alert>
      )}
      <Button
        variant="outlined"
        color="inherit"
        loading={stop.isPending}
        onClick={() => stop.mutate()}
        sx={{ borderColor: 'rgba(255,255,255,.7)' }}
      >
        Stop impersonation
      </Button>
    </Box>
  );
}
