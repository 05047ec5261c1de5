// 'Export all time series' (spec 002 chart views; issue 21): every chosen variable of the selected point
// at full resolution in one file (EFT), in the format chosen, with the download's progress; a refusal
// says why (no variable chosen, no download right, or the server's reason).
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

export function ExportAllDialog({
  projectId,
  point,
  fields,
  onClose,
}: {
  projectId: number;
  point: { id: number; name: string };
  fields: ExportField[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(fields.map((f) => f.name)));
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
  const start = () => {
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setDone(false);
    setProgress({ received: 0 });
    const every = chosen.size === fields.length;
    downloadExport(
      {
        projectId,
        pointId: point.id,
        statId: 'EFT',
        kind,
        fileName: fileNameOf(point.name, 'all_time_series'),
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
      <DialogTitle>Export all time series — {point.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            The full record of each variable at its native time step (no downsampling, no gap filling), in one
            file; times in UTC.
          </Typography>
          <FormGroup>
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
        <Button variant="contained" onClick={start} disabled={busy || chosen.size === 0}>
          Export
        </Button>
      </DialogActions>
    </Dialog>
  );
}
