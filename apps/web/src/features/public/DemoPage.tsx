// /demo (spec 000 §2.1 public pages, §1 trial and demo, §2.3 free demo): what the free offers give, how to
// start, and the request for another demo location (POST /api/demos/, signed in; the team replies within
// 48 hours).
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../api/queries';
import { demoFacts } from './content';
import { Band, CallToAction, ExampleStrip, SectionTitle } from './parts';
import { useSessionState } from './PublicLayout';

const DemoLocationDialog = lazy(() =>
  import('../projects/ProjectDialogs').then((m) => ({ default: m.DemoLocationDialog })),
);

const offers = [
  {
    name: demoFacts.trialOffer,
    who: 'Every new account',
    what: [
      `One project in the ${demoFacts.zone} demo zone, with one point whose statistics are computed at no cost.`,
      'Every chart of the Analyze tab on that point: distributions, roses, weather windows, extremes.',
      'Access for 30 days.',
    ],
  },
  {
    name: demoFacts.demoPack,
    who: 'Teams we set up for an evaluation',
    what: [
      `A free demo project with one computed point in the ${demoFacts.zone}, created in one click from the home page.`,
      'Ten points in the North and Celtic Seas, PDF reports and the advanced weather downtime tool.',
      'The demo zone stays free: its points spend no credits.',
    ],
  },
];

const startSteps = [
  { title: 'Create an account', text: 'Your name, a username, your e-mail and a password.' },
  { title: 'Activate it', text: 'Follow the link of the e-mail we send you; it stays valid for 7 days.' },
  {
    title: 'Compute your demo point',
    text: `Sign in and create your project in the ${demoFacts.zone}: its point is computed free.`,
  },
  {
    title: 'Ask for your location',
    text: `Send us the longitude and latitude you need; the team replies within ${demoFacts.replyHours} hours.`,
  },
];

function LocationRequest() {
  const state = useSessionState();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} data-testid="demo-request">
      <Typography variant="h3" component="h3" gutterBottom>
        Another location
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The demo computes a point in the {demoFacts.zone}. If your site is elsewhere, tell us where: we reply
        within {demoFacts.replyHours} hours.
      </Typography>
      {state === 'signedIn' && user.data ? (
        <Button variant="contained" onClick={() => setOpen(true)}>
          Ask for another demo location
        </Button>
      ) : state === 'signedIn' ? null : (
        <>
          <Alert severity="info" sx={{ mb: 1.5 }}>
            Create an account or sign in first: the request is sent with your e-mail so we can answer.
          </Alert>
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/registration" variant="contained">
              Create an account
            </Button>
            <Button component={RouterLink} to="/login" variant="outlined">
              Sign in
            </Button>
          </Stack>
        </>
      )}
      {open && user.data && (
        <Suspense fallback={null}>
          <DemoLocationDialog email={user.data.email} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Paper>
  );
}

export function DemoPage() {
  return (
    <>
      <Band label="Free demo">
        <Typography variant="h1" gutterBottom>
          Try Metocean Studio free
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 780 }}>
          The {demoFacts.zone}, from Galicia to Brittany, is the demo zone: its points are computed free, on
          the same hindcast and with the same statistics as any paid study. Start there, then ask for the
          location you need.
        </Typography>
      </Band>
      <Band tone="paper" label="The free offers">
        <SectionTitle title="What the free offers give" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {offers.map((offer) => (
            <Paper key={offer.name} variant="outlined" sx={{ p: 2.5 }}>
              <Typography variant="overline" color="text.secondary">
                {offer.who}
              </Typography>
              <Typography variant="h3" component="h3" gutterBottom>
                {offer.name}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {offer.what.map((line) => (
                  <Typography component="li" variant="body2" key={line} sx={{ mb: 0.5 }}>
                    {line}
                  </Typography>
                ))}
              </Box>
            </Paper>
          ))}
        </Box>
      </Band>
      <Band label="How to start">
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1.4fr 1fr' } }}>
          <Box>
            <SectionTitle title="How to start" />
            <Stack component="ol" spacing={1.5} sx={{ m: 0, pl: 2.5 }}>
              {startSteps.map((step) => (
                <li key={step.title}>
                  <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {step.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {step.text}
                  </Typography>
                </li>
              ))}
            </Stack>
          </Box>
          <LocationRequest />
        </Box>
      </Band>
      <Band tone="paper" label="What a demo point shows">
        <SectionTitle
          title="What a demo point shows"
          intro="The charts of a computed point, here on a real ERA5 record: open them in the example statistics."
        />
        <ExampleStrip ids={['EPD', 'WW', 'EXT']} />
      </Band>
      <CallToAction />
    </>
  );
}
