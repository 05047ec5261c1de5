// The data validation page of a project (spec 002 /data-validation/{id}, "Data validation page"): a sidebar
// with the numerical simulations overview (dataset cards, datasource summary and environmental conditions
// tabs) and the data validation section (the map with the project's points and its zone's buoys, the
// parameters text and a four-step tutorial). A buoy opens the buoy comparison; a point with satellite
// validation opens the satellite comparison's result, any other point its launch modal (with the buoys near it).
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Fade from '@mui/material/Fade';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MobileStepper from '@mui/material/MobileStepper';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { format } from '@metocean/charts';
import { BUOY_NEAR_KM, satelliteMessages, type Buoy, type Project, type Zone } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { SectionLoader } from '../../components/Loader';
import { NumericTable } from '../../components/NumericTable';
import { pointStateOf } from '../../map/config';
import { distanceKm, formatKm } from '../../map/geo';
import { LazyMap } from '../../map/LazyMap';
import { useBuoys } from '../../map/queries';
import { humanDate } from '../projects/dataset-text';
import { useProject } from '../projects/queries';
import { ShareProjectButton } from '../team/ShareProjectButton';
import { formatTimeStep } from '../projects/rules';
import { useSatelliteComparisons } from '../satellite/queries';
import { pointModal } from '../satellite/rules';
import { SatelliteLaunchDialog } from '../satellite/SatelliteLaunchDialog';
import { SatelliteResultDialog } from '../satellite/SatelliteResultDialog';
import { BuoyComparisonDialog, type ComparisonTarget } from './BuoyComparisonDialog';
import { useZoneDetail } from './queries';
import { KIND_NAMES, parametersText, tutorialSteps } from './texts';

type Mode = 'overview' | 'validation';

/** Spec 002: the dataset cards are revealed after 800 ms. */
const CARDS_DELAY_MS = 800;

function DatasetCards({ zone }: { zone: Zone }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), CARDS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2 }}>
      {zone.datasets.map((dataset, i) => (
        <Fade key={dataset.id} in={shown} timeout={500} style={{ transitionDelay: `${i * 100}ms` }}>
          <Card variant="outlined" data-testid="dataset-card">
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="h4" sx={{ flex: 1 }}>
                  {dataset.name}
                </Typography>
                {dataset.synthetic && <Chip size="small" color="warning" label="Synthetic" />}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {dataset.origin}
              </Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {dataset.dimensions.map((d) => KIND_NAMES[d.kind] ?? d.kind).join(', ')}
              </Typography>
            </CardContent>
          </Card>
        </Fade>
      ))}
    </Box>
  );
}

function Overview({ project, zone }: { project: Project; zone: Zone }) {
  const [tab, setTab] = useState<'summary' | 'conditions'>('summary');
  const summary = zone.datasets.flatMap((dataset) =>
    dataset.dimensions.map((d) => [
      dataset.name,
      KIND_NAMES[d.kind] ?? d.kind,
      d.variables.join(', '),
      `${humanDate(d.dateBegin)} – ${humanDate(d.dateEnd)}`,
      `${d.spatialResolution} ${d.spatialResolutionUnits}`,
      formatTimeStep(d.timeStep),
    ]),
  );
  const conditions = project.points.flatMap((point) =>
    (project.overviewStats[String(point.id)] ?? []).map((row) => [
      point.name,
      `${row.variable}${row.layer ? ` (${row.layer})` : ''} [${row.units}]`,
      format(row.mean),
      format(row.min),
      format(row.max),
      row.circular ? '-' : format(row.median),
      format(row.std),
    ]),
  );
  return (
    <Stack spacing={2}>
      <Typography variant="h2">Numerical simulations</Typography>
      <Typography variant="body2">
        The hindcast datasets serving the zone {zone.name}, and the conditions computed at the project’s
        points.
      </Typography>
      <DatasetCards zone={zone} />
      <Tabs value={tab} onChange={(_, value: typeof tab) => setTab(value)}>
        <Tab value="summary" label="Datasource summary" />
        <Tab value="conditions" label="Environmental conditions" />
      </Tabs>
      {tab === 'summary' ? (
        <NumericTable
          testId="datasource-summary"
          head={['Dataset', 'Kind', 'Variables', 'Period', 'Resolution', 'Time step']}
          rows={summary}
          textColumns={4}
        />
      ) : conditions.length === 0 ? (
        <Alert severity="info">
          No point of this project is computed yet: compute them from the workzone.
        </Alert>
      ) : (
        <NumericTable
          testId="environmental-conditions"
          head={['Point', 'Variable', 'mean', 'min', 'max', 'median', 'std']}
          rows={conditions}
          textColumns={2}
        />
      )}
    </Stack>
  );
}

function Tutorial() {
  const [step, setStep] = useState(0);
  const current = tutorialSteps[step]!;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="validation-tutorial">
      <Typography variant="overline">
        Step {step + 1} of {tutorialSteps.length}
      </Typography>
      <Typography variant="h4">{current.title}</Typography>
      <Typography variant="body2" sx={{ mt: 0.5, minHeight: 72 }}>
        {current.text}
      </Typography>
      <MobileStepper
        variant="dots"
        steps={tutorialSteps.length}
        position="static"
        activeStep={step}
        sx={{ px: 0, bgcolor: 'transparent' }}
        backButton={
          <Button size="small" onClick={() => setStep(step - 1)} disabled={step === 0}>
            Previous
          </Button>
        }
        nextButton={
          <Button size="small" onClick={() => setStep(step + 1)} disabled={step === tutorialSteps.length - 1}>
            Next
          </Button>
        }
      />
    </Paper>
  );
}

/** The buoys within BUOY_NEAR_KM of a point, nearest first. */
function buoysNear(point: { lat: number; lng: number }, buoys: Buoy[]) {
  return buoys
    .map((buoy) => ({ buoy, km: distanceKm(point, { lat: buoy.latitude, lng: buoy.longitude }) }))
    .filter((b) => b.km <= BUOY_NEAR_KM)
    .sort((a, b) => a.km - b.km);
}

function Validation({
  project,
  zone,
  expired,
  onCompare,
}: {
  project: Project;
  zone: Zone;
  expired: boolean;
  onCompare: (target: ComparisonTarget) => void;
}) {
  const buoys = useBuoys(zone.id);
  const list = useMemo(() => buoys.data ?? [], [buoys.data]);
  const [notice, setNotice] = useState<string | null>(null);
  const [pointId, setPointId] = useState<number | null>(null);
  const point = project.points.find((p) => p.id === pointId);
  const satellite = useSatelliteComparisons(project.id);
  const modal = point ? pointModal(point, satellite.data) : null;
  const points = project.points.map((p) => ({
    id: p.id,
    name: p.name,
    lat: p.lat,
    lng: p.lng,
    state: pointStateOf(p),
  }));

  const openBuoy = (buoy: Buoy) => {
    const nearest = project.points
      .map((p) => ({ p, km: distanceKm(p, { lat: buoy.latitude, lng: buoy.longitude }) }))
      .sort((a, b) => a.km - b.km)[0];
    if (!nearest || nearest.km > BUOY_NEAR_KM) {
      setNotice(`No point of this project lies within ${BUOY_NEAR_KM} km of ${buoy.name}.`);
      return;
    }
    setNotice(null);
    onCompare({ buoy: buoy.id, project: project.id, point: nearest.p.id });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h2">Data validation</Typography>
      {notice && (
        <Alert severity="info" onClose={() => setNotice(null)} data-testid="validation-notice">
          {notice}
        </Alert>
      )}
      {buoys.error && <Alert severity="error">{errorMessage(buoys.error)}</Alert>}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 340px' }, gap: 2 }}>
        <LazyMap
          zone={{ id: zone.id, name: zone.name, bounds: zone.bounds, geom: zone.geom }}
          points={points}
          buoys={list}
          overlaysOn={['buoys']}
          onBuoyClick={openBuoy}
          onPointClick={(id) => setPointId(Number(id))}
          height={520}
        />
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h4" gutterBottom>
              Parameters
            </Typography>
            <Typography variant="body2">{parametersText}</Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {list.length === 0
                ? 'No measuring buoy lies in this zone.'
                : `Buoys in this zone: ${list.map((b) => b.name).join(', ')}.`}{' '}
              <Link component={RouterLink} to="/help/validation">
                Help on validation
              </Link>
              {' · '}
              <Link component={RouterLink} to="/help/satellite_comparison">
                Help on satellite comparison
              </Link>
            </Typography>
          </Paper>
          <Tutorial />
        </Stack>
      </Box>
      {modal?.kind === 'result' ? (
        <SatelliteResultDialog
          key={modal.comparison.id}
          comparison={modal.comparison}
          onClose={() => setPointId(null)}
        />
      ) : (
        <SatelliteLaunchDialog
          key={point?.id ?? 'closed'}
          target={point ? { project: { id: project.id, name: project.name }, point } : null}
          latest={modal?.latest}
          listLoading={satellite.isPending}
          notAllowed={
            expired
              ? 'Your offer has expired: comparison is not allowed.'
              : project.isManager
                ? null
                : satelliteMessages.managersOnly
          }
          onClose={() => setPointId(null)}
        >
          <Typography variant="h4" gutterBottom>
            Buoys near this point
          </Typography>
          {point && buoysNear(point, list).length === 0 ? (
            <Typography variant="body2">
              No measuring buoy lies within {BUOY_NEAR_KM} km of this point.
            </Typography>
          ) : (
            <List dense disablePadding>
              {point &&
                buoysNear(point, list).map(({ buoy, km }) => (
                  <ListItemButton
                    key={buoy.id}
                    onClick={() => {
                      setPointId(null);
                      onCompare({ buoy: buoy.id, project: project.id, point: point.id });
                    }}
                  >
                    <ListItemText primary={`Compare with ${buoy.name}`} secondary={`${formatKm(km)} away`} />
                  </ListItemButton>
                ))}
            </List>
          )}
        </SatelliteLaunchDialog>
      )}
    </Stack>
  );
}

export function ValidationPage() {
  const id = Number(useParams().id);
  const project = useProject(id);
  const zone = useZoneDetail(project.data?.zone.id);
  const [mode, setMode] = useState<Mode>('overview');
  const [target, setTarget] = useState<ComparisonTarget | null>(null);

  if (project.isPending || (project.data && zone.isPending)) return <SectionLoader />;
  if (project.error || zone.error)
    return <Alert severity="error">{errorMessage(project.error ?? zone.error)}</Alert>;
  const data = project.data;
  const expired = data.offerInstance.expired;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flex: 1 }} data-testid="validation-title">
          {data.name}: data validation
        </Typography>
        {expired && <Chip color="warning" label="Offer expired: comparison not allowed" />}
        <Link component={RouterLink} to={`/project/${data.id}`} underline="hover">
          workzone
        </Link>
        <ShareProjectButton project={data} />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '220px 1fr' }, gap: 3 }}>
        <Paper
          variant="outlined"
          component="nav"
          aria-label="Data validation sections"
          sx={{ alignSelf: 'start' }}
        >
          <List dense subheader={<ListSubheader>Numerical simulations</ListSubheader>}>
            <ListItemButton selected={mode === 'overview'} onClick={() => setMode('overview')}>
              <ListItemText primary="Overview" />
            </ListItemButton>
          </List>
          <List dense subheader={<ListSubheader>Data validation</ListSubheader>}>
            <ListItemButton selected={mode === 'validation'} onClick={() => setMode('validation')}>
              <ListItemText primary="Comparisons" secondary="buoys and satellites" />
            </ListItemButton>
          </List>
        </Paper>
        {mode === 'overview' ? (
          <Overview project={data} zone={zone.data!} />
        ) : (
          <Validation project={data} zone={zone.data!} expired={expired} onCompare={setTarget} />
        )}
      </Box>
      {/* keyed by its target: a new comparison starts on its first tab (spec 002: cleared on close) */}
      <BuoyComparisonDialog
        key={target ? `${target.buoy}-${target.point}` : 'closed'}
        target={target}
        expired={expired}
        projectName={data.name}
        onClose={() => setTarget(null)}
      />
    </Stack>
  );
}
