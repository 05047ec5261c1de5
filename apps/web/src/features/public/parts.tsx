// Pieces shared by the public pages: the page band, a section title, and the call to action at the bottom.
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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

// The example charts (their payloads, the chart titles and the thumbnails' code, ~130 kB gz) load when the
// strip comes near the window (below the fold on every public page): a visitor's first page is the text
// and the calls to action (issue 34).
const Strip = lazy(async () => ({ default: (await import('./ExampleStrip')).ExampleStrip }));

/** A few example charts, each opening the example statistics page at its card; loaded near the window. */
export function ExampleStrip({ ids, columns = 3 }: { ids: readonly string[]; columns?: number }) {
  const room = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = room.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const grid = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: `repeat(${columns}, 1fr)` },
    alignContent: 'start',
  } as const;
  // the strip's room, kept until it is near and while it loads: a card per chart, at the thumbnails'
  // aspect (640 × 430) with the title's line
  const placeholder = (
    <Box ref={room} sx={grid} aria-busy="true" data-testid="example-strip">
      {ids.map((id) => (
        <Box key={id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, aspectRatio: '640 / 470' }} />
      ))}
    </Box>
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Strip ids={ids} grid={grid} />
    </Suspense>
  );
}
