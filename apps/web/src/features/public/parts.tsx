// Pieces shared by the public pages: the page band, a section title, and the call to action at the bottom.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { statisticTitle } from '@metocean/charts';
import { companionOf, payloadOf } from '../examples/payloads';
import { Thumbnail } from '../examples/Thumbnail';
import { navy } from '../../app/theme';
import { useSessionState } from './PublicLayout';

/** The width every public page's content keeps to. */
export const PAGE_WIDTH = 1120;

export function Band({
  children,
  tone = 'plain',
  label,
}: {
  children: ReactNode;
  tone?: 'plain' | 'paper' | 'dark';
  label?: string;
}) {
  const sx = {
    plain: {},
    paper: { bgcolor: 'background.paper', borderTop: 1, borderBottom: 1, borderColor: 'divider' },
    dark: { bgcolor: navy, color: '#fff' },
  }[tone];
  return (
    <Box component="section" aria-label={label} sx={{ ...sx, px: { xs: 2, md: 4 }, py: { xs: 4, md: 5 } }}>
      <Box sx={{ maxWidth: PAGE_WIDTH, mx: 'auto' }}>{children}</Box>
    </Box>
  );
}

export function SectionTitle({ title, intro }: { title: string; intro?: string }) {
  return (
    <Box sx={{ mb: 2.5 }}>
      <Typography variant="h2" component="h2">
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 760 }}>
          {intro}
        </Typography>
      )}
    </Box>
  );
}

/** Sign up and try the demo, or (signed in) go to one's projects. */
export function CallToAction() {
  const state = useSessionState();
  return (
    <Band tone="dark" label="Get started">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h2" component="h2" sx={{ color: '#fff' }}>
            Start with the demo zone, free
          </Typography>
          <Typography sx={{ color: 'rgba(255,255,255,.8)', mt: 0.5 }}>
            A new account computes a point in the Bay of Biscay at no cost. Ask us for another location at any
            time.
          </Typography>
        </Box>
        <Stack direction="row" spacing={1.5}>
          {state === 'signedIn' ? (
            <Button component={RouterLink} to="/" variant="contained" size="large">
              Open my projects
            </Button>
          ) : (
            <>
              <Button component={RouterLink} to="/registration" variant="contained" size="large">
                Create an account
              </Button>
              <Button
                component={RouterLink}
                to="/login"
                size="large"
                variant="outlined"
                sx={{ color: '#fff', borderColor: 'rgba(255,255,255,.5)' }}
              >
                Sign in
              </Button>
            </>
          )}
        </Stack>
      </Stack>
    </Band>
  );
}

/** A few example charts, each opening the example statistics page at its card. */
export function ExampleStrip({ ids, columns = 3 }: { ids: readonly string[]; columns?: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: `repeat(${columns}, 1fr)` },
        alignContent: 'start',
      }}
      data-testid="example-strip"
    >
      {ids.map((id) => {
        const payload = payloadOf(id);
        if (!payload) return null;
        return (
          <Box
            key={id}
            component={RouterLink}
            to="/help/statistics"
            aria-label={`Example: ${statisticTitle(id)}`}
            sx={{
              display: 'block',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'background.paper',
              color: 'inherit',
              textDecoration: 'none',
              '&:hover': { borderColor: 'primary.main' },
            }}
          >
            <Thumbnail payload={payload} companion={companionOf({ id })} />
            <Typography variant="subtitle2" sx={{ px: 1.5, py: 1 }}>
              {statisticTitle(id)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
