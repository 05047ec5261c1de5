import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import type { CurrentUser } from '@metocean/contracts';
import { Logo } from '../components/Logo';
import { impersonationRed, navy } from './theme';
import { UserMenu } from './UserMenu';

/** Height of the top bar (spec 000 §9). */
export const topBarHeight = 80;

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/people', label: 'My Team', end: false },
  { to: '/help/faq', label: 'FAQ', end: false },
  { to: '/help/statistics', label: 'Statistics', end: false },
  { to: '/help/advanced_weather_downtime/', label: 'AWD guide', end: false },
] as const;

const navButtonSx = {
  color: 'rgba(255,255,255,.82)',
  px: 1.5,
  minWidth: 0,
  height: 36,
  fontSize: 14,
  '&:hover': { color: '#fff', bgcolor: 'rgba(255,255,255,.08)' },
  '&.active': { color: '#fff', bgcolor: 'rgba(255,255,255,.14)' },
} as const;

// The contact form (react-hook-form, zod resolver, Dialog) is fetched when first opened (issue 34).
const ContactDialog = lazy(() =>
  import('../features/contact/ContactDialog').then((m) => ({ default: m.ContactDialog })),
);

export function TopBar({ user }: { user: CurrentUser }) {
  const [contactOpen, setContactOpen] = useState(false);
  // mounted from the first opening on, so that closing keeps its transition and the form its state
  const [contactMounted, setContactMounted] = useState(false);
  return (
    <AppBar position="static" elevation={0} sx={{ bgcolor: user.impersonator ? impersonationRed : navy }}>
      <Toolbar sx={{ height: topBarHeight, minHeight: topBarHeight, gap: 3, px: { xs: 2, md: 3 } }}>
        <Box component={RouterLink} to="/" aria-label="Home" sx={{ display: 'flex', textDecoration: 'none' }}>
          <Logo />
        </Box>
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, flex: 1 }}>
          {links.map((link) => (
            <Button key={link.to} component={NavLink} to={link.to} end={link.end} sx={navButtonSx}>
              {link.label}
            </Button>
          ))}
          <Button
            sx={navButtonSx}
            onClick={() => {
              setContactMounted(true);
              setContactOpen(true);
            }}
          >
            Contact us
          </Button>
        </Box>
        <Button component={NavLink} to="/changelog" sx={navButtonSx}>
          What's new
        </Button>
        <UserMenu user={user} />
      </Toolbar>
      {contactMounted && (
        <Suspense fallback={null}>
          <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} user={user} />
        </Suspense>
      )}
    </AppBar>
  );
}
