// The Analyze tab (spec 000 §2.8): side menu with the four collapsible groups and their selection rules,
// 'Display Statistics' and 'clear selection', the trial and Standard Access banners, the map of computed
// points with their overview popups, the stats modal (loaded on demand with ECharts) and its failures.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { messages, SUPPORT_MAIL, type OverviewRow, type Project } from '@metocean/contracts';
import { statisticTitle } from '@metocean/charts';
import { errorMessage } from '../../api/client';
import { track, useMe } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { LazyMap } from '../../map/LazyMap';
import type { MapPoint } from '../../map/types';
import { CalibrationPlaceholder } from '../calibration/CalibrationHeader';
import { calibrationPanelView } from '../calibration/rules';
import { ContactDialog } from '../contact/ContactDialog';
import { useUserSettings } from '../profile/settings';
import { useProjectContext } from '../projects/ProjectPage';
import { AskDownloadDialog } from '../projects/RequestDialogs';
import { analyzeDisplaySteps, useTour } from '../projects/tours';
import { useStats } from './api';
import { ExportAllDialog, type ExportField } from './ExportAllDialog';
import {
  chooseField,
  choosePoint,
  chooseType,
  chooseVariable,
  fieldChoices,
  resolve,
  typeChoices,
  variableChoices,
  WATER_HEIGHTS,
  type Selection,
} from './selection';

const StatsModal = lazy(() => import('./StatsModal'));
// issue 33: calibration (the dialog and the original | calibrated | both comparison), loaded on demand
const loadCalibrationPanel = () => import('../calibration/CalibrationPanel');
const CalibrationPanel = lazy(loadCalibrationPanel);

/** Spec 002 §8: the stats load failure per status; the common error otherwise. */
export function loadFailureMessage(status: number): string {
  if (status === 404) return 'These statistics are not available for this point.';
  if (status === 500) return 'The statistics could not be loaded because of a server error.';
  return messages.generic;
}

function Group({
  title,
  open,
  onToggle,
  children,
  testId,
}: {
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box data-testid={testId}>
      <ListItemButton onClick={onToggle} sx={{ bgcolor: 'action.hover' }}>
        <ListItemText primary={title} slotProps={{ primary: { variant: 'subtitle2' } }} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open}>
        <List dense disablePadding sx={{ maxHeight: 250, overflowY: 'auto' }}>
          {children}
        </List>
      </Collapse>
    </Box>
  );
}

function Item({
  label,
  secondary,
  selected,
  onClick,
}: {
  label: string;
  secondary?: string;
  selected: boolean;
  onClick: () => void;
}) {
  return (
    <ListItemButton selected={selected} onClick={onClick} sx={{ pl: 3 }}>
      <ListItemText primary={label} secondary={secondary} />
    </ListItemButton>
  );
}

/** The overview popup of a computed point: layer, variable with units, mean, min, max, median, std. */
export function OverviewTable({ rows }: { rows: OverviewRow[] }) {
  return (
    <Box data-testid="overview-popup" sx={{ maxHeight: 260, overflowY: 'auto' }}>
      <Table size="small" sx={{ '& td, & th': { px: 0.75, py: 0.25, fontSize: 12 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Layer</TableCell>
            <TableCell>Variable</TableCell>
            {['mean', 'min', 'max', 'median', 'std'].map((h) => (
              <TableCell key={h} align="right">
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={i}>
              <TableCell>{row.layer}</TableCell>
              <TableCell>
                {row.longName || row.variable} ({row.units}){row.circular ? ' · circular' : ''}
              </TableCell>
              {[row.mean, row.min, row.max, row.median, row.std].map((v, j) => (
                <TableCell key={j} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {Number.isFinite(v) && v !== -999 ? v.toFixed(2) : '-'}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary">
        Whole record, every hour with data.
        {rows.some((r) => r.circular)
          ? ' Directions (circular): circular mean and standard deviation, no median.'
          : ''}
      </Typography>
    </Box>
  );
}

function variableLabel(project: Project, pointId: number | undefined, variable: string): string {
  if (variable === WATER_HEIGHTS) return 'Water heights';
  const row = (project.overviewStats[String(pointId)] ?? []).find((r) => r.variable === variable);
  return row ? `${row.longName || variable} (${row.units})` : variable;
}

export function AnalyzeTab() {
  const { project } = useProjectContext();
  const user = useMe();
  const [settings] = useUserSettings();
  const stats = useStats(project.id);
  const entries = useMemo(() => stats.data ?? [], [stats.data]);
  const [selection, setSelection] = useState<Selection>({});
  const [open, setOpen] = useState({ points: true, fields: true, types: true, variables: true });
  const [displayed, setDisplayed] = useState<Selection | null>(null);
  const [noVariable, setNoVariable] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [upgrade, setUpgrade] = useState(false);
  const [contacting, setContacting] = useState(false);
  // The panel shows above the menu once a point is chosen: asked for with the tab where it may show, so it
  // does not arrive after the user's first click and push the menu down under the pointer.
  const mayCalibrate = project.isManager || project.points.some((p) => p.calibrationOf != null);
  useEffect(() => {
    if (mayCalibrate) void loadCalibrationPanel();
  }, [mayCalibrate]);
  const [popup, setPopup] = useState<number | null>(null);
  const [exportingAll, setExportingAll] = useState(false);
  const [row, height] = useFillHeight();
  const computed = project.points.filter((p) => p.isComputed);
  const canDownload = project.offerInstance.canDownloadStats;
  const resolved = resolve(entries, selection);
  const rights = useMemo(() => ({ canDownload, onNeedUpgrade: () => setUpgrade(true) }), [canDownload]);
  const onFailure = useCallback((status: number) => {
    setDisplayed(null);
    setFailure(loadFailureMessage(status));
  }, []);
  const toggle = (group: keyof typeof open) => setOpen((o) => ({ ...o, [group]: !o[group] }));
  // the project analyze display tour (spec 000 §4 Tutorials), offered once statistics exist
  const tour = useTour('analyzeDisplay', analyzeDisplaySteps, computed.length > 0 && entries.length > 0);

  if (stats.isPending) return <CircularProgress />;
  if (stats.isError) return <Alert severity="error">{errorMessage(stats.error)}</Alert>;
  if (computed.length === 0 || entries.length === 0)
    return (
      <Paper variant="outlined">
        <EmptyState
          kind="noMatch"
          title="No statistics yet"
          hint="Compute a point in the Query tab, then come back to read its statistics."
        />
      </Paper>
    );

  const display = () => {
    if (resolved.length === 0) {
      setNoVariable(true);
      return;
    }
    track({
      category: 'click',
      action: 'displayStatistics',
      label: [selection.type, selection.variable, selection.partner].filter(Boolean).join(' '),
    });
    setDisplayed(selection);
  };
  const exportAll = () => {
    if (!canDownload) {
      setUpgrade(true);
      return;
    }
    setExportingAll(true);
  };
  const selectedPoint = computed.find((p) => p.id === selection.pointId);
  const calibration = calibrationPanelView(project, selection.pointId);
  // the point's variables: one time series (TS) is stored per field of its record
  const exportFields: ExportField[] = entries
    .filter((e) => e.pointId === selectedPoint?.id && e.id === 'TS')
    .map((e) => ({
      name: e.field,
      label: `${variableLabel(project, e.pointId, e.variable)}${e.level === null ? '' : ` at ${e.level} m`}`,
    }));
  const mapPoints: MapPoint[] = project.points.map((p) => ({
    id: p.id,
    name: p.name,
    lat: p.lat,
    lng: p.lng,
    state: p.isComputed ? 'computed' : 'pending',
    selected: p.id === selection.pointId,
  }));
  const popupPoint = computed.find((p) => p.id === popup);
  const shownModal = displayed ? resolve(entries, displayed) : [];
  const modalPoint = computed.find((p) => p.id === displayed?.pointId);

  return (
    <Stack spacing={1.5}>
      {project.offerInstance.isTrial && (
        <Alert
          severity="info"
          data-testid="trial-banner"
          action={
            <Button color="inherit" size="small" onClick={() => setContacting(true)}>
              Contact us
            </Button>
          }
        >
          Demo mode: the statistics of one selected point. Contact us for a study of your own locations.
        </Alert>
      )}
      {!canDownload && !project.offerInstance.isTrial && (
        <Alert
          severity="warning"
          data-testid="standard-banner"
          action={
            <Button color="inherit" size="small" onClick={() => setContacting(true)}>
              Contact us
            </Button>
          }
        >
          Standard Access: charts and images only. Upgrade your offer to download the statistics (Excel,
          Matlab, NetCDF).
        </Alert>
      )}
      {calibration && (
        <Suspense fallback={<CalibrationPlaceholder view={calibration} />}>
          <CalibrationPanel
            project={project}
            selectedPointId={selection.pointId}
            // the same field and statistic on the other series: one click compares them
            onSelectPoint={(id) => setSelection((s) => ({ ...s, pointId: id }))}
          />
        </Suspense>
      )}
      <Stack ref={row} direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper
          variant="outlined"
          // as tall as the map at most: a long menu scrolls inside, its buttons stay at its bottom
          sx={{
            width: { xs: '100%', md: 300 },
            flex: 'none',
            maxHeight: { md: height },
            overflowY: { md: 'auto' },
          }}
          data-testid="analyze-menu"
        >
          <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }} data-tour="analyze-header">
            <Typography variant="h3" sx={{ flex: 1 }}>
              Statistics
            </Typography>
            {tour.helpButton}
          </Stack>
          <Group title="Points" open={open.points} onToggle={() => toggle('points')} testId="group-points">
            {computed.map((p) => (
              <Item
                key={p.id}
                label={p.name}
                secondary={`${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`}
                selected={selection.pointId === p.id}
                onClick={() => setSelection((s) => choosePoint(s, p.id))}
              />
            ))}
          </Group>
          <Group
            title="Dataset / field"
            open={open.fields}
            onToggle={() => toggle('fields')}
            testId="group-fields"
          >
            {selection.pointId === undefined && <Hint text="Choose a point" />}
            {fieldChoices(entries, selection).map((variable) => (
              <Item
                key={variable}
                label={variableLabel(project, selection.pointId, variable)}
                selected={selection.variable === variable}
                onClick={() => setSelection((s) => chooseField(s, variable))}
              />
            ))}
          </Group>
          <Group
            title="Statistic type"
            open={open.types}
            onToggle={() => toggle('types')}
            testId="group-types"
          >
            {selection.variable === undefined && <Hint text="Choose a field" />}
            {typeChoices(entries, selection).map((type) => (
              <Item
                key={type}
                label={statisticTitle(type)}
                selected={selection.type === type}
                onClick={() => setSelection((s) => chooseType(s, type, entries))}
              />
            ))}
          </Group>
          <Group
            title="Variable"
            open={open.variables}
            onToggle={() => toggle('variables')}
            testId="group-variables"
          >
            {selection.type === undefined && <Hint text="Choose a statistic type" />}
            {variableChoices(entries, selection).map((partner) => (
              <Item
                key={partner || 'self'}
                label={variableLabel(project, selection.pointId, partner || (selection.variable ?? ''))}
                selected={selection.partner === partner}
                onClick={() => setSelection((s) => chooseVariable(s, partner))}
              />
            ))}
          </Group>
          <Stack
            spacing={1}
            sx={{ p: 1.5, position: 'sticky', bottom: 0, zIndex: 1, bgcolor: 'background.paper' }}
          >
            {/* Display is enabled once a statistic resolves; a click on it before says which choice is missing. */}
            <Box onClick={() => resolved.length === 0 && selection.type !== undefined && setNoVariable(true)}>
              <Button
                variant="contained"
                fullWidth
                disabled={resolved.length === 0}
                onClick={display}
                data-tour="display-statistics"
              >
                Display Statistics
              </Button>
            </Box>
            <Button fullWidth onClick={() => setSelection({})} disabled={selection.pointId === undefined}>
              clear selection
            </Button>
            {selectedPoint && (
              <Button size="small" fullWidth onClick={exportAll}>
                Export all time series
              </Button>
            )}
            {exportingAll && selectedPoint && (
              <ExportAllDialog
                projectId={project.id}
                point={selectedPoint}
                points={computed.map((p) => ({ id: p.id, name: p.name }))}
                fields={exportFields}
                onClose={() => setExportingAll(false)}
              />
            )}
          </Stack>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }} data-testid="analyze-map">
          <LazyMap
            zone={project.zone}
            points={mapPoints}
            height={height}
            onPointClick={(id) => {
              const point = computed.find((p) => p.id === id);
              if (!point) return;
              setSelection((s) => (s.pointId === point.id ? s : choosePoint(s, point.id)));
              if (settings.showOverviewControl) setPopup(point.id);
            }}
            draft={
              popupPoint && settings.showOverviewControl
                ? {
                    lat: popupPoint.lat,
                    lng: popupPoint.lng,
                    content: (
                      <Box sx={{ width: 420 }}>
                        <Typography variant="subtitle2">{popupPoint.name}</Typography>
                        <OverviewTable rows={project.overviewStats[String(popupPoint.id)] ?? []} />
                      </Box>
                    ),
                  }
                : null
            }
            onDraftClose={() => setPopup(null)}
          />
        </Box>
      </Stack>
      <Dialog open={noVariable} onClose={() => setNoVariable(false)}>
        <DialogTitle>No variable selected</DialogTitle>
        <DialogContent>Please select a variable.</DialogContent>
        <DialogActions>
          <Button onClick={() => setNoVariable(false)}>Ok</Button>
        </DialogActions>
      </Dialog>
      {displayed && modalPoint && shownModal.length > 0 && (
        <Suspense fallback={null}>
          <StatsModal
            projectId={project.id}
            point={{ id: modalPoint.id, name: modalPoint.name }}
            levels={shownModal}
            entries={entries.filter((e) => e.pointId === modalPoint.id)}
            rights={rights}
            onClose={() => setDisplayed(null)}
            onFailure={onFailure}
          />
        </Suspense>
      )}
      <Snackbar open={failure !== null} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert severity="error" onClose={() => setFailure(null)} data-testid="stats-failure">
          {failure} If it persists,{' '}
          <Link href={`mailto:${SUPPORT_MAIL}?subject=Statistics`}>please contact us</Link>.
        </Alert>
      </Snackbar>
      {upgrade && <AskDownloadDialog onClose={() => setUpgrade(false)} />}
      <ContactDialog open={contacting} onClose={() => setContacting(false)} user={user} />
      {tour.element}
    </Stack>
  );
}

function Hint({ text }: { text: string }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 3, py: 1 }}>
      {text}
    </Typography>
  );
}

const MAP_MIN_HEIGHT = 480;
/** The margin left under the map, to the window's bottom. */
const MAP_GAP = 16;

/**
 * The height that fills the window below the menu and the map (480 px at least): the map's height, and
 * the menu's at most (issue 23: no empty area under the map, and the map in view beside a long menu).
 * Measured once their row is laid out, and on window resizes.
 */
function useFillHeight(): [(row: HTMLDivElement | null) => () => void, number] {
  const [height, setHeight] = useState(MAP_MIN_HEIGHT);
  const ref = useCallback((row: HTMLDivElement | null) => {
    if (!row) return () => {};
    const measure = () => {
      const top = row.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MAP_MIN_HEIGHT, Math.floor(window.innerHeight - top - MAP_GAP)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return [ref, height];
}
