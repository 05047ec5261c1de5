// The Calibrate dialog (issue 33): a manager chooses the measurements (a buoy near the point, a finished
// satellite comparison of the point, or an uploaded CSV), the variable, the law (linear, power, quantile
// mapping; optionally per calendar month), fits it to read its parameters and its skill in and out of sample
// (refusals and warnings in words), then creates the calibrated variant and may compute it at once.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CALIBRATION_CSV_MAX_BYTES,
  CALIBRATION_METHODS,
  type CalibratePointRequest,
  type OverviewRow,
  type Point,
} from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { useBuoys } from '../../map/queries';
import { useRunPoint } from '../projects/queries';
import { useSatelliteComparisons } from '../satellite/queries';
import { CalibrationResult } from './CalibrationResult';
import { useCreateCalibration, usePreviewCalibration } from './queries';
import { calibratableVariables, sourceChoices } from './rules';

const METHOD_LABELS: Record<(typeof CALIBRATION_METHODS)[number], string> = {
  linear: 'Linear: o = a + b·m',
  power: 'Power: o = a·m^b (usual for Hs against altimetry)',
  quantile: 'Empirical quantile mapping',
};

interface Upload {
  name: string;
  text: string;
}

export function CalibrateDialog({
  projectId,
  zoneId,
  point,
  overview,
  onClose,
}: {
  projectId: number;
  zoneId: number;
  point: Point;
  /** The point's overview rows: its variables with units. */
  overview: OverviewRow[];
  onClose: () => void;
}) {
  const buoys = useBuoys(zoneId);
  const comparisons = useSatelliteComparisons(projectId);
  const choices = useMemo(
    () => sourceChoices(point, buoys.data ?? [], comparisons.data ?? []),
    [point, buoys.data, comparisons.data],
  );
  const [sourceIndex, setSourceIndex] = useState(0);
  const source = choices[Math.min(sourceIndex, choices.length - 1)];
  const variables = calibratableVariables(overview, source);
  const [variable, setVariable] = useState('');
  const chosenVariable = variables.some((v) => v.variable === variable)
    ? variable
    : (variables[0]?.variable ?? '');
  const [method, setMethod] = useState<(typeof CALIBRATION_METHODS)[number]>('linear');
  const [perMonth, setPerMonth] = useState(false);
  const [windowHours, setWindowHours] = useState('0');
  const [upload, setUpload] = useState<Upload | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [obsVariable, setObsVariable] = useState('');
  const preview = usePreviewCalibration();
  const create = useCreateCalibration();
  const run = useRunPoint();

  const window = Number(windowHours);
  const windowError = !(windowHours.trim() !== '' && window >= 0 && window <= 24)
    ? 'Between 0 and 24 hours'
    : null;
  const request: CalibratePointRequest | null = (() => {
    if (!source || chosenVariable === '' || windowError) return null;
    const base = { variable: chosenVariable, method, perMonth, windowHours: window };
    switch (source.kind) {
      case 'buoy':
        return { ...base, source: { buoy: source.buoy.id, run: chosenVariable } };
      case 'satellite':
        return { ...base, windowHours: 0, source: { satellite: source.comparison.id } };
      case 'upload':
        return upload
          ? {
              ...base,
              source: {
                csv: upload.text,
                fileName: upload.name,
                ...(obsVariable.trim() ? { obsVariable: obsVariable.trim() } : {}),
              },
            }
          : null;
    }
  })();
  const requestKey = JSON.stringify(request);
  const previewed =
    preview.data &&
    preview.variables?.pointId === point.id &&
    JSON.stringify(preview.variables.request) === requestKey;
  const changed = () => {
    preview.reset();
    create.reset();
  };

  const readFile = (file: File | undefined) => {
    changed();
    setUploadError(null);
    if (!file) return;
    if (file.size > CALIBRATION_CSV_MAX_BYTES) {
      setUpload(null);
      setUploadError(
        `The file is ${(file.size / 1_048_576).toFixed(1)} MB: a measurement CSV is at most ${CALIBRATION_CSV_MAX_BYTES / 1_048_576} MB`,
      );
      return;
    }
    file
      .text()
      .then((text) => setUpload({ name: file.name, text }))
      .catch(() => setUploadError('The file could not be read'));
  };

  const created = create.data;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="calibrate-title">
      <DialogTitle id="calibrate-title">Calibrate {point.name} against measurements</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            The correction is fitted on the pairs of the hindcast at this point and the measurements, judged
            out of sample (leave one year out), and applied to the whole record in a new point, the calibrated
            variant: the original point stays as it is. Directions are not corrected by these laws. Fitting is
            free; computing the variant costs the credits of one point.
          </Typography>
          <Stack direction="row" spacing={2}>
            <TextField
              select
              size="small"
              label="Measurements"
              value={Math.min(sourceIndex, choices.length - 1)}
              onChange={(e) => {
                changed();
                setSourceIndex(Number(e.target.value));
              }}
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { 'data-testid': 'calibration-source' } }}
            >
              {choices.map((c, i) => (
                <MenuItem key={i} value={i}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Variable"
              value={chosenVariable}
              onChange={(e) => {
                changed();
                setVariable(e.target.value);
              }}
              sx={{ flex: 1 }}
              disabled={variables.length === 0}
              slotProps={{ htmlInput: { 'data-testid': 'calibration-variable' } }}
            >
              {variables.map((v) => (
                <MenuItem key={v.variable} value={v.variable}>
                  {v.longName || v.variable} ({v.units})
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {(buoys.isPending || comparisons.isPending) && (
            <Typography variant="caption" color="text.secondary">
              Looking for the buoys and satellite comparisons of this point…
            </Typography>
          )}
          {source && variables.length === 0 && (
            <Alert severity="info" sx={{ py: 0 }}>
              These measurements hold no variable of this point that a law can correct.
            </Alert>
          )}
          {source?.kind === 'upload' && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button variant="outlined" component="label" size="small">
                Choose a CSV…
                <input
                  hidden
                  type="file"
                  accept=".csv,.txt,text/csv"
                  data-testid="calibration-file"
                  onChange={(e) => readFile(e.target.files?.[0])}
                />
              </Button>
              <Typography variant="body2" sx={{ flex: 1 }}>
                {upload
                  ? upload.name
                  : 'A point CSV as the series reader takes it: a time column, one column per variable.'}
              </Typography>
              <TextField
                size="small"
                label="Column (optional)"
                value={obsVariable}
                onChange={(e) => {
                  changed();
                  setObsVariable(e.target.value);
                }}
                helperText="By default the variable's name"
              />
            </Stack>
          )}
          {uploadError && <Alert severity="error">{uploadError}</Alert>}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextField
              select
              size="small"
              label="Law"
              value={method}
              onChange={(e) => {
                changed();
                setMethod(e.target.value as typeof method);
              }}
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { 'data-testid': 'calibration-method' } }}
            >
              {CALIBRATION_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {METHOD_LABELS[m]}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Checkbox
                  checked={perMonth}
                  onChange={(e) => {
                    changed();
                    setPerMonth(e.target.checked);
                  }}
                />
              }
              label="One law per calendar month"
            />
            {source?.kind !== 'satellite' && (
              <TextField
                size="small"
                label="Pairing window (h)"
                value={windowHours}
                onChange={(e) => {
                  changed();
                  setWindowHours(e.target.value);
                }}
                error={windowError !== null}
                helperText={windowError ?? '0: exact times only'}
                sx={{ width: 160 }}
              />
            )}
          </Stack>
          {preview.isError && (
            <Alert severity="error" data-testid="calibration-refusal">
              {errorMessage(preview.error)}
            </Alert>
          )}
          {previewed && preview.data && <CalibrationResult stamp={preview.data} />}
          {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
          {created && (
            <Alert severity="success" data-testid="calibration-created">
              Created the calibrated variant “{created.name}”. Compute it to read its statistics in Analyze
              beside the original’s.
              {run.isError && ` ${errorMessage(run.error)}`}
              {run.isSuccess && ' Its computation has started.'}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {!created && (
          <Button
            onClick={() => request && preview.mutate({ pointId: point.id, request })}
            disabled={request === null || preview.isPending}
            startIcon={preview.isPending ? <CircularProgress size={16} /> : undefined}
          >
            Fit
          </Button>
        )}
        {!created && (
          <Button
            variant="contained"
            onClick={() => request && create.mutate({ pointId: point.id, request })}
            disabled={!previewed || create.isPending}
          >
            Create calibrated variant
          </Button>
        )}
        {created && (
          <Button
            variant="contained"
            onClick={() => run.mutate(created.id)}
            disabled={run.isPending || run.isSuccess}
          >
            Compute the variant
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
