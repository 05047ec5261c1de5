// /front (spec 000 §2.1 public pages): what Metocean Studio does and for whom, how a study goes, a few
// charts computed by the product, and the ways in (sign up, sign in, the demo, the examples).
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { navy } from '../../app/theme';
import { audience, steps } from './content';
import { Band, CallToAction, ExampleStrip, PAGE_WIDTH, SectionTitle } from './parts';
import { useSessionState } from './PublicLayout';

export function FrontPage() {
  const signedIn = useSessionState() === 'signedIn';
  return (
    <>
      <Box
        component="section"
        aria-label="Metocean Studio"
        sx={{
          background: `linear-gradient(180deg, ${navy} 0%, #13315c 100%)`,
          color: '#fff',
          px: { xs: 2, md: 4 },
          py: { xs: 5, md: 7 },
        }}
      >
        <Box sx={{ maxWidth: PAGE_WIDTH, mx: 'auto' }}>
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' }, maxWidth: 780, lineHeight: 1.2 }}
          >
            Ocean and weather statistics for offshore work, from decades of hourly hindcast
          </Typography>
          <Typography sx={{ mt: 2, maxWidth: 720, fontSize: '1.05rem', color: 'rgba(255,255,255,.85)' }}>
            Place points in a project, compute the statistics of wind, waves and currents at each of them,
            read the charts and tables, export them, generate PDF reports and simulate your operation plans
            against the weather.
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1.5 }}>
            {signedIn ? (
              <Button component={RouterLink} to="/" variant="contained" size="large">
                Open my projects
              </Button>
            ) : (
              <Button component={RouterLink} to="/registration" variant="contained" size="large">
                Create an account
              </Button>
            )}
            <Button
              component={RouterLink}
              to="/demo"
              size="large"
              variant="outlined"
              sx={{ color: '#fff', borderColor: 'rgba(255,255,255,.5)' }}
            >
              Try the free demo
            </Button>
            <Button component={RouterLink} to="/help/statistics" size="large" sx={{ color: '#fff' }}>
              See example statistics
            </Button>
          </Stack>
        </Box>
      </Box>

      <Band label="Who it is for">
        <SectionTitle title="Who it is for" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {audience.map((item) => (
            <Paper key={item.title} variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h3" component="h3" gutterBottom>
                {item.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {item.text}
              </Typography>
            </Paper>
          ))}
        </Box>
      </Band>

      <Band tone="paper" label="How a study goes">
        <SectionTitle
          title="How a study goes"
          intro="Four steps from a location to a signed-off figure. Every result carries its units, its method and the dataset and period it comes from."
        />
        <Box
          component="ol"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' },
            listStyle: 'none',
            p: 0,
            m: 0,
          }}
        >
          {steps.map((step, index) => (
            <Box component="li" key={step.title}>
              <Typography
                variant="overline"
                sx={{ color: 'primary.main', fontWeight: 700, fontSize: 12 }}
                component="div"
              >
                Step {index + 1}
              </Typography>
              <Typography variant="h4" component="h3" gutterBottom>
                {step.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {step.text}
              </Typography>
            </Box>
          ))}
        </Box>
        <Button component={RouterLink} to="/features" sx={{ mt: 2.5 }}>
          Every feature in detail
        </Button>
      </Band>

      <Band label="Computed by the product">
        <SectionTitle
          title="Computed by the product"
          intro="These charts come from a real ERA5 record of 11 years of hourly waves, run through the same engine as your points."
        />
        <ExampleStrip ids={['EPD', 'DR', 'EXT']} />
        <Button component={RouterLink} to="/help/statistics" sx={{ mt: 2 }}>
          All the example statistics
        </Button>
      </Band>

      <CallToAction />
    </>
  );
}
