import { useRef, useState } from 'react';
import { importSummary, POINT_FILE_ACCEPT } from './import-summary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { z } from 'zod';
import {
  mapMessages,
  paths,
  projectMessages,
  type Point,
  type Project,
  type Task,
} from '@metocean/contracts';
import { apiRequest, errorMessage } from '../../api/client';
import { useMe, useOffers } from '../../api/queries';
import { LazyMap } from '../../map/LazyMap';
import { useBuoys, useStat2dMap } from '../../map/queries';
import { formatDegrees } from '../../map/geo';
import { pointStateOf } from '../../map/config';
import type { MapPoint } from '../../map/types';
import { PointNameForm } from './PointNameForm';
import { DeleteAllPointsDialog, PointEditDialog } from './PointDialogs';
import { useProjectContext } from './ProjectPage';
import {
  useBulkCreatePoints,
  useCancelProject,
  useCancelTask,
  useComputeProject,
  useCreatePoint,
  useDeletePoint,
  useGeometries,
  useParsePoints,
  useProjectTasks,
  useRunPoint,
} from './queries';
import { computeBlocker, defaultPointName, runLabel, taskDisplay } from './rules';
import { GeometryDialog } from './GeometryDialog';
import { BuyMapsDialog } from './BuyMapsDialog';
import { sameNodeText } from './data-nodes';
import { SameNodeNote } from './SameNodeNote';
import { AskDownloadDialog } from './RequestDialogs';
import { DemoLocationDialog } from './ProjectDialogs';
import { autoStartsOnQuery, queryTourFor } from './tour-rules';
import { computedPointSteps, createPointSteps, uncomputedPointSteps, useTour } from './tours';
import { trackClick } from '../../api/tracking';

/** Coordinates in the point list at a fixed number of decimals. */
const coordinateDigits = 4;

/** Downloads a finished task's result document under the point's name. */
async function downloadTask(task: Task, point: Point): Promise<void> {
  const document = await apiRequest(paths.taskDownload(task.id), { schema: z.unknown(), forbidden: 'throw' });
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }),
  );
  const link = Object.assign(window.document.createElement('a'), {
    href: url,
    download: `${point.name.replace(/[^A-Za-z0-9_-]+/g, '_')}-statistics.json`,
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A point's task state (spec 000 §4): running → progress % and 'running statistic'; finished → download with
 * a spinner while downloading; otherwise the run button labelled with the statistic, the error as tooltip.
 */
function TaskState({
  point,
  task,
  canRun,
  canDownload,
  onRun,
  onNeedUpgrade,
}: {
  point: Point;
  task: Task | undefined;
  canRun: boolean;
  canDownload: boolean;
  onRun: () => void;
  onNeedUpgrade: () => void;
}) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const status = taskDisplay(task, point.isComputed);
  if (status === 'running') {
    return (
      <Stack spacing={0.25} sx={{ width: 118, flexShrink: 0 }} data-testid="task-state">
        <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          running statistic · {Math.round(task?.progress ?? 0)}%
        </Typography>
        <LinearProgress
          variant="determinate"
          value={task?.progress ?? 0}
          aria-label={`Progress of ${point.name}`}
        />
      </Stack>
    );
  }
  if (status === 'finished') {
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid="task-state">
        <Typography variant="caption" color="success.main">
          FINISHED
        </Typography>
        {task && (
          <Tooltip title={downloadError ?? 'Download the statistics'}>
            <span>
              <IconButton
                size="small"
                aria-label={`Download the statistics of ${point.name}`}
                disabled={downloading}
                onClick={(event) => {
                  event.stopPropagation();
                  if (!canDownload) return onNeedUpgrade();
                  setDownloading(true);
                  setDownloadError(null);
                  downloadTask(task, point)
                    .catch((error: unknown) => setDownloadError(errorMessage(error)))
                    .finally(() => setDownloading(false));
                }}
              >
                {downloading ? (
                  <CircularProgress size={16} />
                ) : (
                  <DownloadIcon fontSize="small" color={downloadError ? 'error' : 'inherit'} />
                )}
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>
    );
  }
  const failed = status === 'failed' || status === 'cancelled';
  const label = runLabel(task?.processType);
  const tooltip = failed
    ? task?.error || (status === 'failed' ? 'The computation failed' : 'The computation was cancelled')
    : '';
  return (
    <Tooltip title={tooltip}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid="task-state">
        {failed && (
          <Typography variant="caption" color={status === 'failed' ? 'error' : 'warning.main'}>
            {status.toUpperCase()}
          </Typography>
        )}
        {canRun ? (
          <Button
            size="small"
            variant="text"
            startIcon={<PlayArrowIcon />}
            data-tour="run-point"
            onClick={(event) => {
              event.stopPropagation();
              onRun();
            }}
          >
            {label}
          </Button>
        ) : (
          !failed && (
            <Typography variant="caption" color="text.secondary">
              to compute
            </Typography>
          )
        )}
      </Stack>
    </Tooltip>
  );
}

/** The compute confirmation (spec 000 §4): the whole project, or one point when `point` is given. */
function ComputeDialog({
  project,
  point,
  onClose,
}: {
  project: Project;
  point?: Point;
  onClose: () => void;
}) {
  const user = useMe();
  const computeProject = useComputeProject();
  const runPoint = useRunPoint();
  const compute = point ? runPoint : computeProject;
  const toCompute = point ? 1 : project.points.filter((p) => !p.isComputed).length;
  const creditsNeeded = toCompute * project.offerInstance.creditsPerPoint;
  const creditsAvailable = user.accounts[0]?.credits ?? 0;
  const unlimited = project.offerInstance.isUnlimited;
  const blocker = computeBlocker({
    isUnlimited: unlimited,
    creditsNeeded,
    creditsAvailable,
    nbPoints: project.points.length,
    nbAuthPoints: project.offerInstance.nbAuthPoints,
  });
  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 500 } } }}>
      <DialogTitle>{point ? `Compute statistics of ${point.name}` : 'Compute statistics'}</DialogTitle>
      <DialogContent>
        {blocker === 'credits' ? (
          <Alert severity="error" title="Not enough credits">
            <strong>Not enough credits.</strong>{' '}
            {projectMessages.insufficientCredits(creditsNeeded, creditsAvailable)}
          </Alert>
        ) : blocker === 'points' ? (
          <Alert severity="error">
            {projectMessages.tooManyPoints(project.offerInstance.nbAuthPoints ?? 0)}
          </Alert>
        ) : (
          <Stack spacing={1}>
            <DialogContentText>
              Compute the statistics of {toCompute} point{toCompute === 1 ? '' : 's'}. Each analysis may last
              up to 10 minutes per point; a message is sent to <strong>{user.email}</strong> when it is done.
            </DialogContentText>
            <Box sx={{ display: 'grid', gridTemplateColumns: '200px 1fr', rowGap: 0.5, fontSize: 13 }}>
              <span>Credits</span>
              <span data-testid="compute-credits">
                {unlimited
                  ? 'unlimited plan: no credits charged'
                  : `${creditsNeeded} of ${creditsAvailable} available`}
              </span>
              <span>Point allowance</span>
              <span>
                {project.offerInstance.nbAuthPoints === null
                  ? 'unlimited'
                  : `${project.points.length} of ${project.offerInstance.nbAuthPoints} points`}
              </span>
            </Box>
          </Stack>
        )}
        {compute.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(compute.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {blocker === 'credits' && (
          <Button href="mailto:support@metocean.example.com?subject=Credits" sx={{ mr: 'auto' }}>
            Contact us
          </Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={blocker !== null || compute.isPending}
          onClick={() =>
            point
              ? runPoint.mutate(point.id, { onSuccess: onClose })
              : computeProject.mutate(project.id, { onSuccess: onClose })
          }
        >
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The one dialog open over the Query tab, if any. */
type QueryDialog =
  | { kind: 'compute'; point?: Point }
  | { kind: 'geometries' }
  | { kind: 'askDownload' }
  | { kind: 'askPoint' }
  | { kind: 'buyMaps' }
  | { kind: 'editPoint'; pointId: number }
  | { kind: 'deleteAll' };

/**
 * The Query tab (spec 000 §2.7): points, compute and cancel, the map with click-to-add inside the zone. Its one
 * form is the new point's name (PointNameForm); the rest is the selection, the popup and which dialog is open.
 */
export function QueryTab() {
  const { project } = useProjectContext();
  const user = useMe();
  const offers = useOffers();
  const createPoint = useCreatePoint(project.id);
  const deletePoint = useDeletePoint();
  const parse = useParsePoints();
  const bulk = useBulkCreatePoints(project.id);
  const cancel = useCancelProject();
  const cancelTask = useCancelTask();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [draft, setDraft] = useState<{ lat: number; lng: number } | null>(null);
  const [notice, setNotice] = useState<{ severity: 'warning' | 'error' | 'success'; text: string } | null>(
    null,
  );
  const [dialog, setDialog] = useState<QueryDialog | null>(null);
  const closeDialog = () => setDialog(null);
  const tasks = useProjectTasks(project.id, project.status.toUpperCase() === 'RUNNING');
  const geometries = useGeometries(project.id);
  const taskByPoint = new Map((tasks.data ?? []).map((t) => [t.point, t]));
  const stat2d = useStat2dMap(project.zone.id);
  const buoys = useBuoys(project.zone.id);
  const fileInput = useRef<HTMLInputElement>(null);

  const running = project.status.toUpperCase() === 'RUNNING';
  const expired = project.offerInstance.expired;
  const trial = project.offerInstance.isTrial;
  const editor = project.isManager && !expired;
  const canAdd = editor && !running && !(trial && project.points.length >= 1);
  const canDelete = editor && !trial && !running;
  const canEdit = editor && !running;
  const hasMaps = offers.data?.find((o) => o.id === project.offerInstance.id)?.hasMaps ?? false;
  const nothingToCompute = project.points.every((p) => p.isComputed);
  const names = project.points.map((p) => p.name);
  const editedPoint =
    dialog?.kind === 'editPoint' ? project.points.find((p) => p.id === dialog.pointId) : undefined;
  // The Query tab's tours (spec 000 §4 Tutorials): create a point on an empty non-demo project, get
  // statistics on an uncomputed point, view statistics on a computed one. The one that opens by itself is
  // chosen on arrival, so finishing one does not chain into the next; the help button shows the current one.
  const tourState = {
    points: project.points,
    canAdd,
    canRun: editor && !running,
    isDemo: project.zone.isDemo,
  };
  const currentTour = queryTourFor(tourState);
  const [arrivalTour, setArrivalTour] = useState(currentTour);
  // none on arrival (a point still computing): the first that applies later, e.g. once the point is computed
  if (arrivalTour === null && currentTour !== null) setArrivalTour(currentTour);
  const autoTour = autoStartsOnQuery(arrivalTour, tourState) ? arrivalTour : null;
  const tours = {
    createPoint: useTour('createPoint', createPointSteps, autoTour === 'createPoint'),
    uncomputedPoint: useTour('uncomputedPoint', uncomputedPointSteps, autoTour === 'uncomputedPoint'),
    computedPoint: useTour('computedPoint', computedPointSteps, autoTour === 'computedPoint'),
  };
  const tour = tours.createPoint;
  const firstUncomputed = tourState.canRun ? project.points.find((p) => !p.isComputed)?.id : undefined;
  const firstComputed = project.points.find((p) => p.isComputed)?.id;

  const mapPoints: MapPoint[] = project.points.map((p) => ({
    id: p.id,
    name: p.name,
    lat: p.lat,
    lng: p.lng,
    state: pointStateOf(p),
    selected: selected.has(p.id),
    sameNode: sameNodeText(p, project.points),
  }));

  // After an import the map fits every point again, once the project detail holds the imported ones.
  const [importedIds, setImportedIds] = useState<number[] | null>(null);
  const [fitRequest, setFitRequest] = useState(0);
  if (importedIds && importedIds.every((id) => project.points.some((p) => p.id === id))) {
    setImportedIds(null);
    setFitRequest((n) => n + 1);
  }

  const toggle = (id: number) =>
    setSelected((set) => (set.has(id) && set.size === 1 ? new Set() : new Set([id])));

  const importFile = (file: File) => {
    setNotice(null);
    parse.mutate(
      { file, projectId: project.id },
      {
        onSuccess: (parsed) => {
          if (parsed.points.length === 0) {
            setNotice({ severity: 'error', text: projectMessages.pointsNotLoaded });
            return;
          }
          bulk.mutate(parsed.points, {
            onSuccess: (created) => {
              setImportedIds(created.map((p) => p.id));
              setNotice({
                severity: parsed.errors.length > 0 ? 'warning' : 'success',
                text: importSummary(created.length, parsed.errors),
              });
            },
            onError: (error) => setNotice({ severity: 'error', text: errorMessage(error) }),
          });
        },
        onError: (error) => setNotice({ severity: 'error', text: errorMessage(error) }),
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'stretch' }}>
      <Paper
        variant="outlined"
        component="aside"
        aria-label="Points"
        sx={{
          width: 400,
          flexShrink: 0,
          display: 'flex',
          flexDirection: 'column',
          maxHeight: 'calc(100vh - 260px)',
          minHeight: 480,
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5 }} data-tour="points-header">
          <Typography variant="h3" sx={{ flex: 1 }}>
            Points ({project.points.length})
          </Typography>
          {currentTour && tours[currentTour].helpButton}
          {project.points.length > 0 && (
            <FormControlLabel
              label={<Typography variant="body2">select all</Typography>}
              control={
                <Checkbox
                  checked={selected.size === project.points.length}
                  indeterminate={selected.size > 0 && selected.size < project.points.length}
                  onChange={(event) =>
                    setSelected(event.target.checked ? new Set(project.points.map((p) => p.id)) : new Set())
                  }
                />
              }
            />
          )}
        </Stack>
        {project.points.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
            {canAdd
              ? 'No point yet: click inside the zone on the map to add one, or import them from a file (CSV, XLSX, GeoJSON, KML, KMZ or a zipped shapefile).'
              : 'This project has no point yet.'}
          </Typography>
        ) : (
          <List sx={{ overflow: 'auto', flex: 1 }} data-testid="point-list">
            {project.points.map((p) => (
              <ListItemButton
                key={p.id}
                selected={selected.has(p.id)}
                onClick={() => toggle(p.id)}
                data-testid="point-row"
                data-tour={
                  p.id === firstUncomputed
                    ? 'uncomputed-point'
                    : p.id === firstComputed
                      ? 'computed-point'
                      : undefined
                }
                sx={{ pr: 1 }}
              >
                <ListItemText
                  primary={p.name}
                  secondary={
                    <>
                      {formatDegrees(p.lat, coordinateDigits)}, {formatDegrees(p.lng, coordinateDigits)}
                      <SameNodeNote point={p} points={project.points} />
                    </>
                  }
                  slotProps={{ secondary: { sx: { fontVariantNumeric: 'tabular-nums' } } }}
                />
                <TaskState
                  point={p}
                  task={taskByPoint.get(p.id)}
                  canRun={editor && !running && !p.isComputed}
                  canDownload={project.offerInstance.canDownloadStats}
                  onRun={() => setDialog({ kind: 'compute', point: p })}
                  onNeedUpgrade={() => setDialog({ kind: 'askDownload' })}
                />
                {editor && taskDisplay(taskByPoint.get(p.id), p.isComputed) === 'running' && (
                  <Tooltip title="Cancel this point's computation">
                    <IconButton
                      aria-label={`Cancel the computation of ${p.name}`}
                      disabled={cancelTask.isPending}
                      onClick={(event) => {
                        event.stopPropagation();
                        const task = taskByPoint.get(p.id);
                        if (task)
                          cancelTask.mutate(task.id, {
                            onError: (error) => setNotice({ severity: 'error', text: errorMessage(error) }),
                          });
                      }}
                    >
                      <StopCircleOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                {canEdit && (
                  <IconButton
                    aria-label={`Edit ${p.name}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      setDialog({ kind: 'editPoint', pointId: p.id });
                    }}
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                )}
                {canDelete && !p.isComputed && (
                  <IconButton
                    aria-label={`Delete ${p.name}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      deletePoint.mutate(p.id, {
                        onError: (error) => setNotice({ severity: 'error', text: errorMessage(error) }),
                      });
                    }}
                  >
                    <DeleteOutlinedIcon fontSize="small" />
                  </IconButton>
                )}
              </ListItemButton>
            ))}
          </List>
        )}
        <Divider />
        <Stack spacing={1} sx={{ p: 2 }}>
          {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
          {expired && (
            <Alert severity="warning">{projectMessages.offerExpired(project.offerInstance.offer)}</Alert>
          )}
          {editor && !trial && (
            <>
              <input
                ref={fileInput}
                type="file"
                hidden
                accept={POINT_FILE_ACCEPT}
                aria-label="Points file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) importFile(file);
                  event.target.value = '';
                }}
              />
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={running || parse.isPending || bulk.isPending}
                onClick={() => fileInput.current?.click()}
              >
                import points from a file
              </Button>
            </>
          )}
          {canDelete && project.points.length > 0 && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteSweepOutlinedIcon />}
              onClick={() => setDialog({ kind: 'deleteAll' })}
            >
              delete all points
            </Button>
          )}
          {editor &&
            (running ? (
              <Button
                variant="contained"
                color="warning"
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(project.id, {
                    onError: (error) => setNotice({ severity: 'error', text: errorMessage(error) }),
                  })
                }
              >
                cancel compute statistics
              </Button>
            ) : (
              <Tooltip
                title={nothingToCompute && project.points.length > 0 ? projectMessages.nothingToCompute : ''}
              >
                <span>
                  <Button
                    fullWidth
                    variant="contained"
                    data-tour="compute"
                    disabled={project.points.length === 0 || nothingToCompute}
                    onClick={() => {
                      trackClick(
                        'computeStatistics',
                        String(project.points.filter((p) => !p.isComputed).length),
                      );
                      setDialog({ kind: 'compute' });
                    }}
                  >
                    compute statistics
                  </Button>
                </span>
              </Tooltip>
            ))}
          {(trial || project.zone.isDemo) && (
            <Button fullWidth onClick={() => setDialog({ kind: 'askPoint' })}>
              ask for a specific point
            </Button>
          )}
          {!hasMaps && stat2d.data?.status !== 'available' && stat2d.data?.status !== 'rendering' && (
            <Tooltip
              title={
                !project.zone.has2DStatistics
                  ? mapMessages.no2dStatistics
                  : !editor
                    ? mapMessages.onlyManagers
                    : ''
              }
            >
              <span>
                <Button
                  fullWidth
                  disabled={!project.zone.has2DStatistics || !editor || !stat2d.data}
                  onClick={() => setDialog({ kind: 'buyMaps' })}
                >
                  buy maps
                </Button>
              </span>
            </Tooltip>
          )}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        <LazyMap
          height="calc(100vh - 260px)"
          zone={project.zone}
          points={mapPoints}
          fitRequest={fitRequest}
          onPointClick={(id) => typeof id === 'number' && toggle(id)}
          onAddPoint={
            canAdd
              ? (position) => {
                  setNotice(null);
                  setDraft(position);
                  if (tour.step === 0) tour.go(1);
                }
              : undefined
          }
          onOutsideZone={(message) => setNotice({ severity: 'warning', text: message })}
          stat2d={stat2d.data ?? null}
          buoys={buoys.data ?? []}
          geometries={geometries.data ?? []}
          onManageGeometries={() => setDialog({ kind: 'geometries' })}
          draft={
            draft && {
              ...draft,
              content: (
                <PointNameForm
                  key={`${draft.lat},${draft.lng}`}
                  initial={defaultPointName(names)}
                  taken={names}
                  saving={createPoint.isPending}
                  error={createPoint.error ? errorMessage(createPoint.error) : null}
                  onSave={(name) =>
                    createPoint.mutate(
                      { name, ...draft },
                      {
                        onSuccess: () => {
                          setDraft(null);
                          if (tour.step !== null && tour.step < 2) tour.go(2);
                        },
                      },
                    )
                  }
                  onCancel={() => {
                    setDraft(null);
                    if (tour.step === 1) tour.go(0);
                  }}
                />
              ),
            }
          }
          onDraftClose={() => {
            setDraft(null);
            createPoint.reset();
            if (tour.step === 1) tour.go(0);
          }}
        />
      </Paper>
      {tours.createPoint.element}
      {tours.uncomputedPoint.element}
      {tours.computedPoint.element}
      {dialog?.kind === 'compute' && (
        <ComputeDialog project={project} point={dialog.point} onClose={closeDialog} />
      )}
      {dialog?.kind === 'askDownload' && <AskDownloadDialog onClose={closeDialog} />}
      {dialog?.kind === 'editPoint' && editedPoint && (
        <PointEditDialog
          point={editedPoint}
          otherNames={names.filter((_, i) => project.points[i]?.id !== editedPoint.id)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'deleteAll' && (
        <DeleteAllPointsDialog
          projectId={project.id}
          count={project.points.length}
          computed={project.points.filter((p) => p.isComputed).length}
          onClose={closeDialog}
          onDeleted={(deleted) => {
            setSelected(new Set());
            setNotice({ severity: 'success', text: `${deleted} point${deleted === 1 ? '' : 's'} deleted.` });
          }}
        />
      )}
      {dialog?.kind === 'askPoint' && (
        <DemoLocationDialog
          email={user.email}
          title="Ask for a specific point"
          intro={`Your ${trial ? 'trial' : 'demo'} project computes the points we prepared. Tell us where you need statistics; the team replies within 48 hours.`}
          initial={project.points.find((p) => selected.has(p.id))}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'geometries' && (
        <GeometryDialog projectId={project.id} editable={editor && !trial} onClose={closeDialog} />
      )}
      {dialog?.kind === 'buyMaps' && stat2d.data && (
        <BuyMapsDialog
          map={stat2d.data}
          onClose={closeDialog}
          onBought={(map) =>
            setNotice({
              severity: 'success',
              text: map.status === 'rendering' ? mapMessages.rendering : 'The maps are in the map layers.',
            })
          }
        />
      )}
    </Box>
  );
}
