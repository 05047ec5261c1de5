import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useController, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { fieldLabel, noMatchingZone, type Zone } from '@metocean/contracts';
import { ApiError, errorMessage } from '../../api/client';
import { applyServerErrors } from '../../api/forms';
import { useMe, useOffers } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { LazyMap } from '../../map/LazyMap';
import { newProjectSteps, useTour } from './tours';
import { boundsOf, formatDegrees } from '../../map/geo';
import type { MapPoint } from '../../map/types';
import { humanDate } from './dataset-text';
import { importSummary, POINT_FILE_ACCEPT } from './import-summary';
import { PointNameForm } from './PointNameForm';
import { ProjectNameField } from './ProjectDialogs';
import { ChangeOfferDialog } from './ChangeOfferDialog';
import { ZoneDataCards } from './ZoneDataCards';
import { regionalZoneNote } from './zone-data';
import { frenchDate } from '../plans/format';
import { useCreateProject, useMatchingZones, useParsePoints, useProjects, useZones } from './queries';
import {
  availableOffers,
  datasetTextParts,
  defaultOffer,
  defaultPointName,
  formatTimeStep,
  type DatasetKind,
} from './rules';
import { newProjectForm, type NewProjectFields, type NewProjectValues } from './form-rules';

/** Side bar width (spec 000 §9). */
const sideBarWidth = 400;

export const datasetMessages = {
  noDataset: 'No dataset available - There is no matching zone in your offer for this set of points',
  noPoint: 'Select at least one point on map to see dataset available for your selection.',
  alreadyUsed:
    'This dataset is already used in other projects. Please verify whether your selected location is already included to avoid duplication.',
} as const;

// The datasets the hindcast work will add to the zone payload; read loosely until the contract has them.
const datasetDimension = z.object({
  kind: z.string().optional(),
  variables: z.array(z.string()).optional(),
  spatialResolution: z.number().optional(),
  spatialResolutionUnits: z.string().optional(),
  timeStep: z.number().optional(),
  dateBegin: z.string().optional(),
  dateEnd: z.string().optional(),
  origin: z.string().optional(),
  notes: z.string().optional(),
});
const zoneDatasets = z.object({
  datasets: z
    .array(
      z.object({
        name: z.string(),
        isPrivate: z.boolean().optional(),
        notes: z.string().optional(),
        origin: z.string().optional(),
        dimensions: z.array(datasetDimension).optional(),
      }),
    )
    .optional(),
});

function SeparatedText({ text }: { text: string | undefined }) {
  if (!text) return <>—</>;
  const parts = datasetTextParts(text);
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 && (
            <Box component="span" sx={{ mx: 0.75, color: 'text.disabled' }}>
              |
            </Box>
          )}
          {part}
        </span>
      ))}
    </>
  );
}

function DatasetDialog({
  zone,
  hasPoints,
  onClose,
}: {
  zone: Zone | null;
  hasPoints: boolean;
  onClose: () => void;
}) {
  const datasets = zone ? (zoneDatasets.safeParse(zone).data?.datasets ?? []) : [];
  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 800 } } }}>
      <DialogTitle>Datasets{zone ? ` of ${zone.name}` : ''}</DialogTitle>
      <DialogContent dividers>
        {!hasPoints ? (
          <Alert severity="info">{datasetMessages.noPoint}</Alert>
        ) : !zone || datasets.length === 0 ? (
          <Alert severity="warning">{datasetMessages.noDataset}</Alert>
        ) : (
          <Stack spacing={2} data-testid="dataset-list">
            {datasets.map((dataset) => (
              <Box key={dataset.name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {dataset.name}
                  </Typography>
                  {dataset.isPrivate && <Chip size="small" label="Private" />}
                </Stack>
                {(dataset.dimensions ?? []).map((dimension, index) => (
                  <Box
                    key={index}
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: '160px 1fr',
                      rowGap: 0.25,
                      fontSize: 13,
                      mb: 1,
                    }}
                  >
                    <b>{dimension.kind ?? 'Data'}</b>
                    <span>{(dimension.variables ?? []).map((key) => fieldLabel(key)).join(', ')}</span>
                    <span>Spatial resolution</span>
                    <span>
                      {dimension.spatialResolution ?? '—'} {dimension.spatialResolutionUnits ?? ''}
                    </span>
                    <span>Time step</span>
                    <span>{dimension.timeStep ? formatTimeStep(dimension.timeStep) : '—'}</span>
                    <span>Period</span>
                    <span>
                      {humanDate(dimension.dateBegin)} – {humanDate(dimension.dateEnd)}
                    </span>
                  </Box>
                ))}
                {/* said once per dataset, not once per dimension */}
                <Box sx={{ display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: 0.25, fontSize: 13 }}>
                  <span>Origin</span>
                  <span>
                    <SeparatedText text={dataset.origin} />
                  </span>
                  <span>Notes</span>
                  <span>
                    <SeparatedText text={dataset.notes} />
                  </span>
                </Box>
              </Box>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ px: 2, py: 1.5 }}>
      <Typography variant="overline" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** /new_project (spec 000 §2.4): points on the map, offer, dataset, name, Create Project. */
/**
 * The new-project page. Managers create projects (spec 000 §6: the Create project button is theirs); a
 * member who reaches the address gets a clear page instead of a form the server would refuse.
 */
export function NewProjectPage() {
  const user = useMe();
  if (!user.isStaff)
    return (
      <EmptyState
        kind="managersOnly"
        action={
          <Button component={RouterLink} to="/" variant="contained">
            Go to home
          </Button>
        }
      />
    );
  return <NewProjectForm />;
}

function NewProjectForm() {
  const user = useMe();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const offers = useOffers();
  const projects = useProjects('-id', '');
  const usable = availableOffers(offers.data ?? []);
  const requestedOffer = Number(params.get('offerId'));
  // A zone chosen in the zone picker (/select_zone): the map shows it and only takes points inside it, and
  // it is the zone chosen among the matching ones while the user has not picked another.
  const requestedZone = Number(params.get('zone')) || null;
  const zoneList = useZones();
  const pinnedZone = zoneList.data?.find((z) => z.id === requestedZone) ?? null;
  // The form: points, name and the user's choices; dialogs, layers and the point popup are the page's.
  const takenNames = (projects.data ?? []).map((p) => p.name);
  const {
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    formState: { isValid, isSubmitting, errors },
  } = useForm<NewProjectFields, unknown, NewProjectValues>({
    resolver: zodResolver(newProjectForm(takenNames)),
    mode: 'onChange',
    defaultValues: { points: [], offer: null, kind: null, zone: null, name: '' },
  });
  const points = useFieldArray({ control, name: 'points' });
  const nameField = useController({ control, name: 'name' });
  const [offerChoice, kindChoice, zoneChoice] = useWatch({ control, name: ['offer', 'kind', 'zone'] });
  const [changingOffer, setChangingOffer] = useState(false);
  const offer =
    usable.find((o) => o.id === offerChoice) ??
    usable.find((o) => o.id === requestedOffer) ??
    defaultOffer(offers.data ?? []);

  const [draft, setDraft] = useState<{ lat: number; lng: number } | null>(null);
  const [notice, setNotice] = useState<{ text: string; severity: 'success' | 'warning' } | null>(null);
  const [showDatasetLayer, setShowDatasetLayer] = useState(true);
  const [showProjectLayers, setShowProjectLayers] = useState(false);
  const [datasetOpen, setDatasetOpen] = useState(false);
  // bumped by an import: the map fits every point again (issue 30)
  const [fitRequest, setFitRequest] = useState(0);
  const parse = useParsePoints();
  const create = useCreateProject();
  const fileInput = useRef<HTMLInputElement>(null);

  // The tutorial opens for users who have no project with computed points yet (spec 000 §2.4).
  const hasComputedPoints = (projects.data ?? []).some((p) => p.points.some((point) => point.isComputed));
  const tour = useTour('newProject', newProjectSteps, projects.isSuccess && !hasComputedPoints);

  const newPoints = useMemo(
    () => points.fields.map(({ name: n, lat, lng }) => ({ name: n, lat, lng })),
    [points.fields],
  );
  const pointNames = newPoints.map((p) => p.name);
  const bounds = useMemo(() => boundsOf(newPoints), [newPoints]);
  const matching = useMatchingZones(offer?.id, bounds, newPoints);
  const noZone =
    matching.error instanceof ApiError && matching.error.body.nonFieldErrors?.includes(noMatchingZone);
  const zones = bounds && !matching.error ? (matching.data ?? []) : [];
  const regional = zones.filter((zone) => !zone.isWorld);
  const world = zones.filter((zone) => zone.isWorld);
  const wantsRegional =
    kindChoice === 'regional' || (kindChoice === null && regional.some((z) => z.id === requestedZone));
  const kind = wantsRegional && regional.length > 0 ? 'regional' : world.length > 0 ? 'global' : 'regional';
  const candidates = kind === 'regional' ? regional : world;
  const zone =
    candidates.find((z) => z.id === zoneChoice) ??
    candidates.find((z) => z.id === requestedZone) ??
    candidates[0] ??
    null;
  const regionalNote = regionalZoneNote(regional, world);
  const usedBy = zone ? (projects.data ?? []).filter((p) => p.zone.id === zone.id) : [];

  // Spec 000 §5: at least one point and a valid name (the form), an offer and a matching zone.
  const canCreate = isValid && offer !== undefined && zone !== null;

  const mapPoints: MapPoint[] = [
    ...points.fields.map((p) => ({ id: p.id, name: p.name, lat: p.lat, lng: p.lng, state: 'new' as const })),
    ...(showProjectLayers
      ? (projects.data ?? []).flatMap((project) =>
          project.points.map((p) => ({
            id: `p${p.id}`,
            name: project.name,
            lat: p.lat,
            lng: p.lng,
            state: p.isComputed ? ('computed' as const) : ('pending' as const),
          })),
        )
      : []),
  ];

  /** Changing the points or the offer resets the matching zone to the first one (spec 000 §4). */
  const resetZone = () => setValue('zone', null);

  const addPoint = (pointName: string) => {
    if (!draft) return;
    points.append({ name: pointName, ...draft });
    setDraft(null);
    resetZone();
    if (tour.step === 1 || tour.step === 2) tour.go(3);
  };

  /** A point popup closed without saving: the tour goes on at the offer if points exist, else back. */
  const closeDraft = () => {
    setDraft(null);
    if (tour.step === 2) tour.go(points.fields.length > 0 ? 3 : 1);
  };

  const importFile = (file: File) => {
    setNotice(null);
    parse.mutate(
      { file },
      {
        onSuccess: (parsed) => {
          const names = new Set(getValues('points').map((p) => p.name.toLowerCase()));
          const fresh = parsed.points.filter((p) => !names.has(p.name.toLowerCase()));
          points.append(fresh);
          setFitRequest((n) => n + 1);
          const inList = parsed.points
            .filter((p) => names.has(p.name.toLowerCase()))
            .map((p) => ({ name: p.name, message: 'already in the list' }));
          setNotice({
            text: importSummary(fresh.length, parsed.errors, inList),
            severity: parsed.errors.length + inList.length > 0 ? 'warning' : 'success',
          });
        },
        onError: (error) => setNotice({ text: errorMessage(error), severity: 'warning' }),
      },
    );
  };

  const submit = async (form: NewProjectValues) => {
    if (!offer || !zone) return;
    try {
      const created = await create.mutateAsync({
        name: form.name,
        offerInstance: offer.id,
        zone: zone.id,
        collaborators: [user.id],
        isTrial: offer.isTrial,
        points: form.points,
      });
      // a contractors dashboard lands on its wizard; any other project on its Query tab
      void navigate(`/project/${created.projectId}`);
    } catch (error) {
      applyServerErrors(error, setError, ['name']);
    }
  };

  return (
    <Box
      sx={{
        display: 'flex',
        height: 'calc(100vh - 80px)',
        minHeight: 560,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        mx: { xs: -2, md: -4 },
        my: -3,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <LazyMap
          height="100%"
          points={mapPoints}
          fitRequest={fitRequest}
          zone={pinnedZone}
          onOutsideZone={(message) => setNotice({ text: message, severity: 'warning' })}
          otherZones={showDatasetLayer && zone && zone.id !== pinnedZone?.id ? [zone] : []}
          onAddPoint={(position) => {
            setNotice(null);
            setDraft(position);
            if (tour.step === 1) tour.go(2);
          }}
          draft={
            draft && {
              ...draft,
              content: (
                <PointNameForm
                  key={`${draft.lat},${draft.lng}`}
                  initial={defaultPointName(pointNames)}
                  taken={pointNames}
                  onSave={addPoint}
                  onCancel={closeDraft}
                />
              ),
            }
          }
          onDraftClose={closeDraft}
        />
      </Box>
      <Box
        component="aside"
        aria-label="New project"
        sx={{ width: sideBarWidth, flexShrink: 0, borderLeft: 1, borderColor: 'divider', overflowY: 'auto' }}
      >
        <form noValidate onSubmit={handleSubmit(submit)}>
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 2 }}>
            <Typography variant="h2" sx={{ flex: 1 }}>
              New project
            </Typography>
            {tour.helpButton}
          </Box>
          <Section title="1. Point Selection">
            {points.fields.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Click the map to add a point, or import a file of points.
              </Typography>
            ) : (
              <List dense sx={{ maxHeight: 250, overflow: 'auto' }} aria-label="Points">
                {points.fields.map((p, index) => (
                  <ListItem
                    key={p.id}
                    disableGutters
                    secondaryAction={
                      <IconButton
                        edge="end"
                        aria-label={`Remove ${p.name}`}
                        onClick={() => {
                          points.remove(index);
                          resetZone();
                        }}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    }
                  >
                    <ListItemText
                      primary={p.name}
                      secondary={`${formatDegrees(p.lat)}, ${formatDegrees(p.lng)}`}
                      slotProps={{ secondary: { sx: { fontVariantNumeric: 'tabular-nums' } } }}
                    />
                  </ListItem>
                ))}
              </List>
            )}
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
              startIcon={<UploadFileIcon />}
              onClick={() => fileInput.current?.click()}
              disabled={parse.isPending}
              sx={{ mt: 0.5 }}
            >
              Import points from a file
            </Button>
            {notice && (
              <Alert severity={notice.severity} sx={{ mt: 1 }}>
                {notice.text}
              </Alert>
            )}
          </Section>
          <Divider />
          <Section title="2. Offer Selection">
            {offer ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', pt: 0.5 }}>
                <Box sx={{ flex: 1, minWidth: 0 }} data-testid="chosen-offer">
                  <Typography variant="subtitle2">{offer.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    End Offer: {frenchDate(offer.offerEnd)}
                  </Typography>
                </Box>
                {usable.length > 1 && (
                  <Button size="small" variant="outlined" onClick={() => setChangingOffer(true)}>
                    Change Offer
                  </Button>
                )}
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                No offer
              </Typography>
            )}
          </Section>
          <Divider />
          <Section title="3. Dataset Selection">
            <ToggleButtonGroup
              exclusive
              size="small"
              value={kind}
              onChange={(_event, value: DatasetKind | null) => {
                if (value) {
                  setValue('kind', value);
                  resetZone();
                }
              }}
              sx={{ mb: 1 }}
            >
              <ToggleButton value="global" disabled={world.length === 0}>
                Global Data
              </ToggleButton>
              <ToggleButton value="regional" disabled={regional.length === 0}>
                High-Resolution
              </ToggleButton>
            </ToggleButtonGroup>
            {kind === 'global' && regionalNote && (
              <Alert severity="info" sx={{ mb: 1 }} data-testid="regional-note">
                {regionalNote}
              </Alert>
            )}
            {points.fields.length === 0 ? (
              <Alert severity="info">{datasetMessages.noPoint}</Alert>
            ) : noZone ? (
              <Alert severity="warning">{datasetMessages.noDataset}</Alert>
            ) : matching.error ? (
              <Alert severity="error">{errorMessage(matching.error)}</Alert>
            ) : (
              <RadioGroup
                value={zone?.id ?? ''}
                onChange={(event) => {
                  const id = Number(event.target.value);
                  setValue('zone', id);
                  if (regional.some((z) => z.id === id)) setValue('kind', 'regional');
                }}
              >
                {[...regional, ...world].map((z) => (
                  <FormControlLabel
                    key={z.id}
                    value={z.id}
                    control={<Radio size="small" />}
                    label={
                      <span>
                        {z.name}{' '}
                        <Typography component="span" variant="caption" color="text.secondary">
                          {z.isWorld ? 'Global Data' : 'High-Resolution'}
                          {z.isDemo ? ' · demo zone (free)' : ''}
                        </Typography>
                      </span>
                    }
                  />
                ))}
              </RadioGroup>
            )}
            {zone && newPoints.length > 0 && <ZoneDataCards zone={zone} points={newPoints} />}
            <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={showDatasetLayer}
                    onChange={(e) => setShowDatasetLayer(e.target.checked)}
                  />
                }
                label={<Typography variant="body2">Dataset layer</Typography>}
              />
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={showProjectLayers}
                    onChange={(e) => setShowProjectLayers(e.target.checked)}
                  />
                }
                label={<Typography variant="body2">Project layers</Typography>}
              />
              <Button size="small" onClick={() => setDatasetOpen(true)}>
                Dataset details
              </Button>
            </Stack>
            {usedBy.length > 0 && (
              <Alert
                severity="warning"
                sx={{ mt: 1 }}
                action={
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => void navigate(`/?search=${encodeURIComponent(zone?.name ?? '')}`)}
                  >
                    View Projects
                  </Button>
                }
              >
                {datasetMessages.alreadyUsed}
              </Alert>
            )}
          </Section>
          <Divider />
          <Section title="4. Project name">
            <Box sx={{ pt: 1 }}>
              <ProjectNameField
                value={nameField.field.value}
                onChange={nameField.field.onChange}
                error={nameField.fieldState.error?.message ?? null}
              />
            </Box>
            {errors.root?.server && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {errors.root.server.message}
              </Alert>
            )}
            <Button
              type="submit"
              variant="contained"
              fullWidth
              size="medium"
              sx={{ mt: 1 }}
              disabled={!canCreate || isSubmitting}
            >
              Create Project
            </Button>
          </Section>
        </form>
      </Box>
      {tour.element}
      {changingOffer && (
        <ChangeOfferDialog
          offers={offers.data ?? []}
          current={offer?.id}
          onSave={(offerId) => {
            setValue('offer', offerId);
            resetZone();
          }}
          onClose={() => setChangingOffer(false)}
        />
      )}
      {datasetOpen && (
        <DatasetDialog
          zone={zone}
          hasPoints={points.fields.length > 0}
          onClose={() => setDatasetOpen(false)}
        />
      )}
    </Box>
  );
}
