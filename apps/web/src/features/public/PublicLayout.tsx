// The frame of the public pages (spec 000 §2.1 /front, /demo, /features, and the example statistics for a
// visitor who is not signed in): the navy bar with the product menu and the way in, the page, the footer.
import { Link as RouterLink, NavLink, Outlet } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { useAccessToken, useSessionRestoring } from '../../api/hooks';
import { Footer } from '../../app/Footer';
import { navy } from '../../app/theme';
import { topBarHeight } from '../../app/TopBar';
import { Logo } from '../../components/Logo';
import { PUBLIC_LINKS, sessionActions, type SessionState } from './links';

const navButtonSx = {
  color: 'rgba(255,255,255,.82)',
  px: 1.5,
  minWidth: 0,
  height: 36,
  fontSize: 14,
  '&:hover': { color: '#fff', bgcolor: 'rgba(255,255,255,.08)' },
  '&.active': { color: '#fff', bgcolor: 'rgba(255,255,255,.14)' },
} as const;

export function useSessionState(): SessionState {
  const token = useAccessToken();
  const restoring = useSessionRestoring();
  if (restoring) return 'restoring';
  return token ? 'signedIn' : 'signedOut';
}

/** `padded` pages (the example statistics) get the app's page margins; the public pages run full width. */
export function PublicLayout({ padded = false }: { padded?: boolean }) {
  const actions = sessionActions(useSessionState());
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" elevation={0} sx={{ bgcolor: navy }}>
        <Toolbar sx={{ height: topBarHeight, minHeight: topBarHeight, gap: 3, px: { xs: 2, md: 3 } }}>
          <Box
            component={RouterLink}
            to="/front"
            aria-label="Metocean Studio"
            sx={{ display: 'flex', textDecoration: 'none' }}
          >
            <Logo />
          </Box>
          <Box component="nav" aria-label="Product" sx={{ display: 'flex', gap: 0.5, flex: 1 }}>
            {PUBLIC_LINKS.map((link) => (
              <Button key={link.to} component={NavLink} to={link.to} sx={navButtonSx}>
                {link.label}
              </Button>
            ))}
          </Box>
          {actions.includes('open') && (
            <Button component={RouterLink} to="/" variant="contained" color="primary">
              Open my projects
            </Button>
          )}
          {actions.includes('signIn') && (
            <Button component={RouterLink} to="/login" sx={navButtonSx}>
              Sign in
            </Button>
          )}
          {actions.includes('register') && (
            <Button component={RouterLink} to="/registration" variant="contained" color="primary">
              Create an account
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, ...(padded ? { px: { xs: 2, md: 4 }, py: 3 } : {}) }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
