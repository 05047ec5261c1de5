// /examples and /help/statistics (spec 002 'Help, FAQ, examples'): example statistics on the real ERA5
// record with what each chart shows, detail popups with the chart and its method, a back button and a
// link between the two pages. Each card shows its chart as a thumbnail, drawn as it scrolls into view;
// ECharts loads with the first chart drawn.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { payloadWarnings, statisticTitle } from '@metocean/charts';
import { EXAMPLES, markdownBlocks, type ExampleText } from './content';
import { companionOf, payloadOf, payloads } from './payloads';
import { Thumbnail } from './Thumbnail';
import { useCurrentUser } from '../../api/queries';

const ExampleChart = lazy(() => import('./ExampleChart'));
// the location request form is the home page's and the Query tab's, fetched when opened
const DemoLocationDialog = lazy(() =>
  import('../projects/ProjectDialogs').then((m) => ({ default: m.DemoLocationDialog })),
);

function Method({ text }: { text: string }) {
  return (
    <Stack spacing={1} data-testid="example-method">
      {markdownBlocks(text).map((block, i) => (
        <Typography key={i} variant={block.heading ? 'subtitle1' : 'body2'} component="p">
          {block.runs.map((run, j) =>
            run.bold ? <strong key={j}>{run.text}</strong> : <span key={j}>{run.text}</span>,
          )}
        </Typography>
      ))}
    </Stack>
  );
}

function Detail({ example, onClose }: { example: ExampleText; onClose: () => void }) {
  const payload = payloadOf(example.id)!;
  const companion = companionOf(example);
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 900, maxWidth: '96vw' } } }}
    >
      <DialogTitle>{statisticTitle(example.id)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2">{example.read}</Typography>
          {payloadWarnings(payload).length > 0 && (
            <Alert severity="warning" data-testid="example-warnings">
              {payloadWarnings(payload).map((w) => (
                <Typography key={w} variant="body2">
                  {w}
                </Typography>
              ))}
            </Alert>
          )}
          <Suspense fallback={<CircularProgress />}>
            <ExampleChart payload={payload} companion={companion} />
          </Suspense>
          <Method text={example.method} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The example statistics, which are also the statistics help (spec 000 /examples, 002 /help/statistics): one
 * page at /help/statistics, /examples leading to it (issue 35). A chart's help link opens it at `#CODE`.
 */
export function ExamplesPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState<ExampleText | null>(null);
  const [asking, setAsking] = useState(false);
  const user = useCurrentUser().data;
  // /help/statistics#EXT: the help link of a chart scrolls to its statistic
  useEffect(() => {
    const code = location.hash.slice(1);
    if (code) document.getElementById(`example-${code}`)?.scrollIntoView();
  }, [location.hash]);
  const first = payloads[0]?.kwargs;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(-1)}>
          Back
        </Button>
        <Typography variant="h1" sx={{ flex: 1 }}>
          Example statistics
        </Typography>
        <Link component={RouterLink} to="/help/faq">
          FAQ
        </Link>
      </Stack>
      <Typography color="text.secondary">
        Every chart below was computed by the product on a real record: {first?.dataset}, hourly significant
        wave height, peak period and mean wave direction from 2000 to 2010. Open a chart for its details and
        the method behind it.
      </Typography>
      {/* spec 000 /examples 'also a demo validation form': a signed-in user asks for these statistics at
          a location of their own (POST /api/demos/, as from home and the Query tab) */}
      {user && (
        <Alert
          severity="info"
          icon={false}
          action={
            <Button color="inherit" onClick={() => setAsking(true)}>
              Ask for a demo location
            </Button>
          }
        >
          Want these statistics at your own site? Tell us where: the team prepares a demo point and replies
          within 48 hours.
        </Alert>
      )}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}
        data-testid="examples"
      >
        {EXAMPLES.map((example) => (
          <Card
            key={example.id}
            variant="outlined"
            id={`example-${example.code}`}
            sx={{ display: 'flex', flexDirection: 'column' }}
          >
            <CardActionArea
              onClick={() => setOpen(example)}
              aria-label={`Open the chart of ${statisticTitle(example.id)}`}
            >
              <Thumbnail payload={payloadOf(example.id)!} companion={companionOf(example)} />
            </CardActionArea>
            <CardContent sx={{ flex: 1 }}>
              <Typography variant="overline" color="text.secondary">
                {example.code}
              </Typography>
              <Typography variant="h3" gutterBottom>
                {statisticTitle(example.id)}
              </Typography>
              <Typography variant="body2">{example.read}</Typography>
            </CardContent>
            <CardActions>
              <Button onClick={() => setOpen(example)}>Details</Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {open && <Detail example={open} onClose={() => setOpen(null)} />}
      {asking && user && (
        <Suspense fallback={null}>
          <DemoLocationDialog
            email={user.email}
            title="Ask for a demo location"
            intro="Tell us where you would like these statistics computed; the team prepares a demo point there and replies within 48 hours."
            onClose={() => setAsking(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
