// /features (spec 000 §2.1 public pages): every area of the product, what it computes and shows, with a
// jump list and links to the examples and the demo.
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { featureSections } from './content';
import { Band, CallToAction, ExampleStrip } from './parts';

const examplesOf: Record<string, string[]> = {
  statistics: ['EJPD', 'WW', 'TS'],
  extremes: ['EXT', 'ENVC'],
};

export function FeaturesPage() {
  return (
    <>
      <Band label="Features">
        <Typography variant="h1" gutterBottom>
          Features
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 760 }}>
          Metocean Studio turns decades of hourly hindcast data into the figures an offshore study needs, at
          your own locations. Your offer decides which tools are open to your team.
        </Typography>
        <Stack
          component="nav"
          aria-label="Feature list"
          direction="row"
          sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}
        >
          {featureSections.map((section) => (
            <Button key={section.id} size="small" variant="outlined" href={`#${section.id}`}>
              {section.title}
            </Button>
          ))}
        </Stack>
      </Band>
      <Band tone="paper" label="Feature details">
        <Stack spacing={2}>
          {featureSections.map((section) => (
            <Paper
              key={section.id}
              id={section.id}
              variant="outlined"
              component="article"
              sx={{ p: 2.5, scrollMarginTop: 16 }}
            >
              <Box
                sx={{
                  display: 'grid',
                  gap: 3,
                  gridTemplateColumns: { xs: '1fr', md: examplesOf[section.id] ? '1fr 1.3fr' : '1fr' },
                }}
              >
                <Box>
                  <Typography variant="h2" component="h2" gutterBottom>
                    {section.title}
                  </Typography>
                  <Typography variant="body1" sx={{ mb: 1 }}>
                    {section.summary}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary' }}>
                    {section.points.map((point) => (
                      <Typography component="li" variant="body2" key={point} sx={{ mb: 0.5 }}>
                        {point}
                      </Typography>
                    ))}
                  </Box>
                  {examplesOf[section.id] && (
                    <Link component={RouterLink} to="/help/statistics" variant="body2">
                      See these statistics on a real record
                    </Link>
                  )}
                </Box>
                {examplesOf[section.id] && (
                  <ExampleStrip ids={examplesOf[section.id]!.slice(0, 2)} columns={2} />
                )}
              </Box>
            </Paper>
          ))}
        </Stack>
      </Band>
      <CallToAction />
    </>
  );
}
