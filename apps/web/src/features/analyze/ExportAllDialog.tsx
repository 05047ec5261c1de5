// 'Export all time series' (spec 002 chart views; issue 21): every chosen variable of the chosen points
// at full resolution in one file (EFT), in the format chosen, with the download's progress; a refusal
// says why (nothing chosen, NetCDF for several points, no download right, or the server's reason).
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { downloadExport, fileNameOf, type ExportKind } from './api';

export interface ExportField {
  /** The field name of the record ('hs', 'wind_speed_10m'). */
  name: string;
  label: string;
}

const FORMATS: { kind: ExportKind; label: string }[] = [
  { kind: 'EXCEL', label: 'Excel (.xlsx)' },
  { kind: 'MATLAB', label: 'Matlab (.mat)' },
  { kind: 'NETCDF', label: 'NetCDF (.nc)' },
];

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

type Point = { id: number; name: string };

export function ExportAllDialog({
  projectId,
  point,
  points,
  fields,
  onClose,
}: {
  projectId: number;
  /** The point selected in the menu: chosen at first, its variables listed. */
  point: Point;
  /** Every computed point of the project. */
  points: Point[];
  fields: ExportField[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(fields.map((f) => f.name)));
  const [chosenPoints, setChosenPoints] = useState<ReadonlySet<number>>(() => new Set([point.id]));
  const [kind, setKind] = useState<ExportKind>('EXCEL');
  const [progress, setProgress] = useState<{ received: number; total?: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null && !done;
  const toggle = (name: string) =>
    setChosen((set) => {
      const next = new Set(set);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const togglePoint = (id: number) =>
    setChosenPoints((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const picked = points.filter((p) => chosenPoints.has(p.id));
  const severalNetcdf = picked.length > 1 && kind === 'NETCDF';
  const blocked = chosen.size === 0 || picked.length === 0 || severalNetcdf;
  const start = () => {
    const [first, ...rest] = picked;
    if (!first) return;
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setDone(false);
    setProgress({ received: 0 });
    const every = chosen.size === fields.length;
    downloadExport(
      {
        projectId,
        pointId: first.id,
        points: rest.map((p) => p.id),
        statId: 'EFT',
        kind,
        fileName: fileNameOf(picked.map((p) => p.name).join('_'), 'all_time_series'),
        fields: every ? undefined : fields.filter((f) => chosen.has(f.name)).map((f) => f.name),
      },
      (received, total) => setProgress({ received, total }),
      controller.signal,
    )
      .then(() => setDone(true))
      .catch((caught: unknown) => {
        setProgress(null);
        if (controller.signal.aborted) return;
        setError(`The export could not be made: ${errorMessage(caught)}`);
      });
  };
  const close = () => {
    abort.current?.abort();
    onClose();
  };
  return (
    <Dialog
      open
      onClose={close}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'export-all' } as object }}
    >
      <DialogTitle>Export all time series</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            The full record of each variable at its native time step (no downsampling, no gap filling), in one
            file; times in UTC.
          </Typography>
          {points.length > 1 && (
            <FormGroup data-testid="export-all-points">
              <Typography variant="subtitle2">Points</Typography>
              {points.map((p) => (
                <FormControlLabel
                  key={p.id}
                  control={
                    <Checkbox
                      size="small"
                      checked={chosenPoints.has(p.id)}
                      onChange={() => togglePoint(p.id)}
                      disabled={busy}
                    />
                  }
                  label={p.name}
                />
              ))}
            </FormGroup>
          )}
          <FormGroup data-testid="export-all-variables">
            <Typography variant="subtitle2">Variables</Typography>
            {fields.map((f) => (
              <FormControlLabel
                key={f.name}
                control={
                  <Checkbox
                    size="small"
                    checked={chosen.has(f.name)}
                    onChange={() => toggle(f.name)}
                    disabled={busy}
                  />
                }
                label={f.label}
              />
            ))}
          </FormGroup>
          <TextField
            select
            size="small"
            label="Format"
            value={kind}
            onChange={(e) => setKind(e.target.value as ExportKind)}
            disabled={busy}
            sx={{ width: 220 }}
          >
            {FORMATS.map((f) => (
              <MenuItem key={f.kind} value={f.kind}>
                {f.label}
              </MenuItem>
            ))}
          </TextField>
          {chosen.size === 0 && <Alert severity="info">Choose at least one variable to export.</Alert>}
          {picked.length === 0 && <Alert severity="info">Choose at least one point to export.</Alert>}
          {severalNetcdf && (
            <Alert severity="info">
              A NetCDF file holds one point (a CF time series of one station): choose Excel or Matlab for
              several points, or export them one at a time.
            </Alert>
          )}
          {progress && (
            <Stack spacing={0.5} data-testid="export-progress">
              <LinearProgress
                variant={progress.total ? 'determinate' : done ? 'determinate' : 'indeterminate'}
                value={progress.total ? (100 * progress.received) / progress.total : done ? 100 : undefined}
              />
              <Typography variant="body2">
                {done
                  ? `Downloaded: ${megabytes(progress.received)}`
                  : progress.received === 0
                    ? 'Preparing the file from the full record…'
                    : `Receiving: ${megabytes(progress.received)}${progress.total ? ` of ${megabytes(progress.total)}` : ''}`}
              </Typography>
            </Stack>
          )}
          {error && (
            <Alert severity="error" data-testid="export-all-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{busy ? 'Cancel' : 'Close'}</Button>
        <Button variant="contained" onClick={start} disabled={busy || blocked}>
          Export
        </Button>
      </DialogActions>
    </Dialog>
  );
}
