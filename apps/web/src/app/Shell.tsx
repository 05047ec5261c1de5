import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { errorMessage, logout } from '../api/client';
import { useCurrentUser } from '../api/queries';
import { useAccessToken, useSessionRestoring } from '../api/hooks';
import { FullPageLoader } from '../components/Loader';
import { ReleaseNotesDialog } from '../features/changelog/ReleaseNotesDialog';
import { Footer } from './Footer';
import { ImpersonationBar } from './ImpersonationBar';
import { MaintenanceBanner } from './MaintenanceBanner';
import { SessionKeeper } from './SessionKeeper';
import { TopBar } from './TopBar';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /** Pages shown without the footer (spec 000 §2.1: /changelog, /new_project). */
  noFooter?: boolean;
}

const plansPath = '/plans';

/**
 * The signed-in frame (spec 000 §2.2): sends signed-out visitors to login, shows a loader until the session
 * and the user are known, sends an expired account to its plans, and lays out the bars, banner, page and footer.
 */
export function Shell() {
  const accessToken = useAccessToken();
  const restoring = useSessionRestoring();
  const location = useLocation();
  const matches = useMatches();
  const { data: user, error, refetch } = useCurrentUser();

  if (restoring) return <FullPageLoader />;
  if (!accessToken) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (error && !user) {
    return (
      <Box sx={{ maxWidth: 520, mx: 'auto', mt: 12 }}>
        <Alert
          severity="error"
          action={
            <>
              <Button color="inherit" onClick={() => void refetch()}>
                Retry
              </Button>
              <Button color="inherit" onClick={() => void logout()}>
                Log out
              </Button>
            </>
          }
        >
          {errorMessage(error)}
        </Alert>
      </Box>
    );
  }
  if (!user) return <FullPageLoader />;

  if (user.accounts[0]?.subscriptionExpired && location.pathname !== plansPath) {
    return <Navigate to={plansPath} replace />;
  }

  const noFooter = matches.some((match) => (match.handle as RouteHandle | undefined)?.noFooter);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SessionKeeper />
      <ImpersonationBar user={user} />
      <TopBar user={user} />
      <MaintenanceBanner />
      <Box component="main" sx={{ flex: 1, px: { xs: 2, md: 4 }, py: 3 }}>
        <Outlet />
      </Box>
      {!noFooter && <Footer />}
      <ReleaseNotesDialog />
    </Box>
  );
}
