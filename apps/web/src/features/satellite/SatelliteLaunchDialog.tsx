// The satellite comparison launch modal (spec 002 "Satellite comparison"): its title names the point; it
// explains the comparison, links the help page, says the result is e-mailed to the user (or, where comparison
// is not allowed, why not), and has Close and Launch. Launch is disabled while loading, while a comparison of
// the point runs (with a spinner) and when comparison is not allowed (an expired offer, a member). A failed
// launch asks to contact support with the project, point and user names (spec 002 §8).
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  SATELLITE_COMPARISON_MAX_MINUTES,
  SATELLITE_HALF_WINDOW_MINUTES,
  SATELLITE_RADIUS_KM,
  satelliteMessages,
  type SatelliteComparison,
} from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/queries';
import { useLaunchSatellite } from './queries';

export interface LaunchTarget {
  project: { id: number; name: string };
  point: { id: number; name: string };
}

export function SatelliteLaunchDialog({
  target,
  latest,
  listLoading,
  notAllowed,
  onClose,
  children,
}: {
  target: LaunchTarget | null;
  /** The point's latest comparison, if any. */
  latest: SatelliteComparison | undefined;
  listLoading: boolean;
  /** Why comparison is not allowed (expired offer, not a manager), or null. */
  notAllowed: string | null;
  onClose: () => void;
  /** Below the launch part: the buoys near the point. */
  children?: ReactNode;
}) {
  const me = useMe();
  const launch = useLaunchSatellite(target?.project.id ?? 0);
  const running = latest?.status === 'RUNNING' || launch.isPending;
  const userName = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.username;

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="satellite-launch"
    >
      <DialogTitle id="satellite-launch">Satellite comparison: {target?.point.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <Typography variant="body2">
            The comparison matches the hindcast at the node of this point with the significant wave height and
            wind speed measured along track by altimeter satellites (TOPEX/Poseidon, Jason, Envisat,
            SARAL/AltiKa, CryoSat-2, Sentinel-3…) passing within {SATELLITE_RADIUS_KM} km: the samples within
            ±{SATELLITE_HALF_WINDOW_MINUTES} min of an hourly model step are averaged into one measure. The
            result shows a scatter plot and the bias, errors and correlation of each variable.
          </Typography>
          <Typography variant="body2">
            <Link component={RouterLink} to="/help/satellite_comparison">
              Help on satellite comparison
            </Link>
          </Typography>
          {/* the duration and e-mail note is about a launch: where none is allowed, the refusal instead */}
          {notAllowed ? (
            <Alert severity="warning" data-testid="satellite-not-allowed">
              {notAllowed}
            </Alert>
          ) : (
            <Alert severity="info" data-testid="satellite-mail-note">
              It can take up to {SATELLITE_COMPARISON_MAX_MINUTES} minutes. The result is sent by e-mail to
              you ({me.email}); you may close this window meanwhile.
            </Alert>
          )}
          {running && (
            <Stack
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center' }}
              data-testid="satellite-running"
            >
              <CircularProgress size={20} />
              <Typography variant="body2">
                The satellite comparison of this point is running
                {latest?.startedAt ? ` since ${new Date(latest.startedAt).toLocaleTimeString('en-GB')}` : ''}…
              </Typography>
            </Stack>
          )}
          {!running && latest?.status === 'FAILED' && (
            <Alert severity="error" data-testid="satellite-failed">
              The last satellite comparison of this point failed: {latest.errorMessage || 'no reason given'}.
              You may launch it again.
            </Alert>
          )}
          {launch.error && target && (
            <Alert severity="error" data-testid="satellite-launch-error">
              {satelliteMessages.launchFailed(target.project.name, target.point.name, userName)} (
              {errorMessage(launch.error)})
            </Alert>
          )}
        </Stack>
        {children && (
          <>
            <Divider sx={{ my: 2 }} />
            {children}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          disabled={target === null || listLoading || running || notAllowed !== null}
          onClick={() => {
            if (target)
              launch.mutate({
                projectName: target.project.name,
                point: target.point,
                user: me.id,
                pending: latest?.status === 'PENDING' ? latest : undefined,
              });
          }}
        >
          Launch
        </Button>
      </DialogActions>
    </Dialog>
  );
}
