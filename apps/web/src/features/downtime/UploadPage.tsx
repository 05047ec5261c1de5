// Upload and settings `/downtime/{id}/upload` (spec 001 §2.3, §5): the settings form prefilled from the
// scan, the planning preview and its Gantt, then create → (issues modal) → compute → success modal.
// Without upload data (a reload, a typed URL) the page goes back to the dashboard (spec 001 §2.1).
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PlanningIssue, Project, ScanAnswer } from '@metocean/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../api/client';
import { AlphaChoice } from '../alpha/AlphaChoice';
import { WaitingDialog } from './DashboardDialogs';
import { DowntimeFrame, DowntimeHeader } from './frame';
import { PlanningGantt } from './PlanningGantt';
import { uploadGaps } from './data-check';
import { computePlanning, createPlanning, deletePlanning, downtimeKeys } from './queries';
import { DASHBOARD_TEXTS, addPercentile, validCoords } from './rules';
import { IssueList, LaunchedDialog, SettingsErrorsDialog } from './UploadDialogs';
import { defaultSettings, settingsPayload, type SettingsForm } from './settings';
import { uploadStore, type PendingUpload } from './uploadStore';

function PercentileChips({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange: (list: number[]) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const commit = () => {
    if (!text.trim()) return;
    const next = addPercentile(value, text);
    if (typeof next === 'string') setLocal(next);
    else {
      onChange(next);
      setText('');
      setLocal(null);
    }
  };
  const message = local ?? error;
  return (
    <Box>
      <FormLabel sx={{ fontSize: 13 }}>Percentiles</FormLabel>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, alignItems: 'center', mt: 0.5 }}>
        {value.map((p) => (
          <Chip
            key={p}
            size="small"
            label={`P${p}`}
            onDelete={() => onChange(value.filter((q) => q !== p))}
          />
        ))}
        <TextField
          size="small"
          placeholder="Add, e.g. 95"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              commit();
            }
          }}
          onBlur={commit}
          error={Boolean(message)}
          slotProps={{ htmlInput: { 'aria-label': 'Add a percentile', inputMode: 'numeric' } }}
          sx={{ width: 130 }}
        />
      </Stack>
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}

function Preview({ scan }: { scan: ScanAnswer }) {
  const issues: PlanningIssue[] = [...scan.planning.errors, ...scan.planning.warnings];
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        Planning preview
      </Typography>
      {issues.length > 0 && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            The scan of {scan.fileName} found:
          </Typography>
          <IssueList issues={issues} />
        </Box>
      )}
      {scan.trips.length > 0 ? (
        <PlanningGantt trips={scan.trips} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {DASHBOARD_TEXTS.noPreview}
        </Typography>
      )}
    </Paper>
  );
}

/** The plan's errors of a refused create (HTTP 400 nonFieldErrors, each "Sheet!B4: text"), as issues. */
function planningErrors(caught: unknown): PlanningIssue[] | null {
  if (!(caught instanceof ApiError) || caught.status !== 400) return null;
  const list = caught.body.nonFieldErrors ?? [];
  if (list.length === 0) return null;
  return list.map((text) => ({ kind: 'error' as const, text, cell: null }));
}

type Phase =
  | { step: 'form' }
  | { step: 'uploading' }
  | {
      step: 'issues';
      /** null when the server refused to create it (errors): Abort then has nothing to delete. */
      planningId: number | null;
      name: string;
      errors: PlanningIssue[];
      warnings: PlanningIssue[];
    }
  | { step: 'launched'; name: string };

function UploadForm({ project, upload }: { project: Project; upload: PendingUpload }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { scan, file } = upload;
  const dashboard = `/downtime/${project.id}`;
  // A file whose scan found errors cannot be launched: the settings-errors modal opens at once (spec 001
  // §4 "file picked, parse; if parsing returns errors … the settings-errors modal shows them").
  const [phase, setPhase] = useState<Phase>(() =>
    scan.planning.errors.length > 0
      ? {
          step: 'issues',
          planningId: null,
          name: scan.fileName,
          errors: scan.planning.errors,
          warnings: scan.planning.warnings,
        }
      : { step: 'form' },
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { control, register, handleSubmit, formState } = useForm<SettingsForm>({
    defaultValues: defaultSettings(scan),
  });
  const aliases = Object.keys(scan.locationAliases);
  // fail before launch (issue 30): the environments against the chosen points' data, as the aliases change
  const gaps = uploadGaps(scan, useWatch({ control, name: 'locationAliases' }));

  const back = () => {
    uploadStore.clear();
    void client.invalidateQueries({ queryKey: downtimeKeys.all });
    void navigate(dashboard);
  };

  const launch = async (planningId: number, name: string) => {
    await computePlanning(planningId);
    setPhase({ step: 'launched', name });
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setPhase({ step: 'uploading' });
    try {
      const created = await createPlanning({
        projectId: project.id,
        file,
        settings: settingsPayload(values),
      });
      // The create call refuses a plan with errors (HTTP 400); a created planning can only carry the
      // scan's warnings.
      const warnings = scan.planning.warnings;
      if (warnings.length > 0) {
        setPhase({ step: 'issues', planningId: created.id, name: created.name, errors: [], warnings });
        return;
      }
      await launch(created.id, created.name);
    } catch (caught) {
      const refused = planningErrors(caught);
      if (refused) {
        setPhase({ step: 'issues', planningId: null, name: values.outputDir, errors: refused, warnings: [] });
        return;
      }
      setFailure(errorMessage(caught));
      setPhase({ step: 'form' });
    }
  });

  /** Abort ends the upload: the new planning, if one was created, is deleted; back to the dashboard. */
  const abort = (planningId: number | null) => {
    if (planningId === null) {
      back();
      return;
    }
    setBusy(true);
    deletePlanning(planningId)
      .then(back)
      .catch((caught: unknown) => setFailure(errorMessage(caught)))
      .finally(() => setBusy(false));
  };

  const launchAnyway = (planningId: number, name: string) => {
    setBusy(true);
    launch(planningId, name)
      .catch((caught: unknown) => setFailure(errorMessage(caught)))
      .finally(() => setBusy(false));
  };

  return (
    <>
      <DowntimeHeader
        project={project}
        title="Planning settings"
        trail={[{ to: dashboard, label: 'Advanced Weather Downtime' }]}
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', lg: '400px 1fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Paper
          variant="outlined"
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          sx={{ p: 2 }}
        >
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              File: <b>{scan.fileName}</b>
            </Typography>
            <TextField
              size="small"
              label="Output name"
              {...register('outputDir', { validate: (v) => (v.trim() ? true : 'This field is required.') })}
              error={Boolean(formState.errors.outputDir)}
              helperText={formState.errors.outputDir?.message}
            />
            <Controller
              control={control}
              name="percentiles"
              rules={{ validate: (list) => (list.length > 0 ? true : DASHBOARD_TEXTS.percentiles) }}
              render={({ field, fieldState }) => (
                <PercentileChips
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            {(['envCoords', 'tasksCoords'] as const).map((name) => (
              <TextField
                key={name}
                size="small"
                label={
                  name === 'envCoords'
                    ? 'Environments table (e.g. Sheet!B3:E6)'
                    : 'Tasks table (e.g. Sheet!B10:L40)'
                }
                {...register(name, {
                  validate: (v) => (validCoords(v) ? true : DASHBOARD_TEXTS.coordinates),
                })}
                error={Boolean(formState.errors[name])}
                helperText={formState.errors[name]?.message}
              />
            ))}
            {aliases.length > 0 && (
              <Stack spacing={1}>
                <FormLabel sx={{ fontSize: 13 }}>Location aliases</FormLabel>
                {aliases.map((alias) => (
                  <Controller
                    key={alias}
                    control={control}
                    name={`locationAliases.${alias}`}
                    rules={{ validate: (v) => (v ? true : `Choose the point of “${alias}”.`) }}
                    render={({ field, fieldState }) => (
                      <TextField
                        select
                        size="small"
                        label={alias}
                        value={field.value}
                        onChange={field.onChange}
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message}
                        sx={{ '& .MuiSelect-select': { whiteSpace: 'normal' } }}
                      >
                        {scan.points.map((p) => (
                          <MenuItem key={p.name} value={p.name}>
                            <Box>
                              <Typography variant="body2">{p.name}</Typography>
                              <Typography variant="caption" color="text.secondary" component="div">
                                {p.dataset ?? 'no dataset serves it'}
                                {p.sharedWith.length > 0 && ` · same data node as ${p.sharedWith.join(', ')}`}
                              </Typography>
                            </Box>
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                ))}
              </Stack>
            )}
            <Controller
              control={control}
              name="alpha"
              render={({ field }) => (
                <AlphaChoice
                  value={field.value}
                  onChange={field.onChange}
                  tpopLabel="each activity's min_hours"
                />
              )}
            />
            <Controller
              control={control}
              name="formats"
              rules={{
                validate: (list) => (list.some((f) => f.selected) ? true : 'Choose at least one output.'),
              }}
              render={({ field, fieldState }) => (
                <Box>
                  <FormLabel sx={{ fontSize: 13 }}>Excel outputs</FormLabel>
                  <FormGroup>
                    {field.value.map((f, i) => (
                      <FormControlLabel
                        key={f.value}
                        label={<Typography variant="body2">{f.value}</Typography>}
                        control={
                          <Checkbox
                            size="small"
                            checked={f.selected}
                            onChange={(event) =>
                              field.onChange(
                                field.value.map((g, j) =>
                                  j === i ? { ...g, selected: event.target.checked } : g,
                                ),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
                </Box>
              )}
            />
            {gaps.length > 0 && (
              <Alert severity="error" data-testid="data-gaps">
                <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                  The plan cannot run on these points:
                </Typography>
                {gaps.map((g) => (
                  <Typography key={`${g.environment}|${g.point}`} variant="body2" sx={{ mb: 0.5 }}>
                    {g.text}
                  </Typography>
                ))}
              </Alert>
            )}
            {failure && phase.step === 'form' && <Alert severity="error">{failure}</Alert>}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={back}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={gaps.length > 0}>
                Launch
              </Button>
            </Stack>
          </Stack>
        </Paper>
        <Preview scan={scan} />
      </Box>
      {phase.step === 'uploading' && <WaitingDialog text="Uploading your planning…" />}
      {phase.step === 'issues' && (
        <SettingsErrorsDialog
          errors={phase.errors}
          warnings={phase.warnings}
          busy={busy}
          failure={failure}
          onAbort={() => abort(phase.planningId)}
          onFixSettings={
            phase.planningId === null
              ? () => {
                  setFailure(null);
                  setPhase({ step: 'form' });
                }
              : undefined
          }
          onLaunchAnyway={() => phase.planningId !== null && launchAnyway(phase.planningId, phase.name)}
        />
      )}
      {phase.step === 'launched' && <LaunchedDialog name={phase.name} onClose={back} />}
    </>
  );
}

export function UploadPage() {
  return (
    <DowntimeFrame>
      {(project) => {
        const upload = uploadStore.get(project.id);
        if (!upload) return <Navigate to={`/downtime/${project.id}`} replace />;
        return <UploadForm project={project} upload={upload} />;
      }}
    </DowntimeFrame>
  );
}
