// /account/alpha-tables (issue 32): the customer's own alpha tables on its settings. Managers add, change
// and delete them (rows TPOP in hours, columns a limit of Hs in m or wind speed in m/s, α in (0, 1], a
// name and a source line); everyone of the customer reads them, as they choose one for a planning or a
// contractors run. The built-in DNV-OS-H101 (2011) Table 4-1 is shown read-only with its provenance.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alphaParameterLabels, type AlphaTableInput, type CompanyAlphaTable } from '@metocean/contracts';
import { OS_H101_2011_T4_1, OS_H101_NOTE, type AlphaTable } from '@metocean/core';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/queries';
import { SectionLoader } from '../../components/Loader';
import { useAlphaTables, useAlphaWrites } from './queries';
import { gridText, tableFromForm } from './table-text';

const UNITS = { hs: 'm', wind_speed: 'm/s' } as const;

function Grid({
  table,
  openLast = false,
}: {
  table: Pick<AlphaTable, 'tpopHours' | 'limits' | 'values' | 'parameter'>;
  /** The last column reads "≥" (α is clamped beyond it). */
  openLast?: boolean;
}) {
  const unit = UNITS[table.parameter];
  const last = table.limits.length - 1;
  return (
    <Table size="small" aria-label="alpha by TPOP and limit" sx={{ width: 'auto' }}>
      <TableHead>
        <TableRow>
          <TableCell>TPOP ≤ (h)</TableCell>
          {table.limits.map((l, c) => (
            <TableCell key={l} align="right">
              {table.parameter === 'hs' ? 'Hs' : 'Wind'} {openLast && c === last ? '≥ ' : ''}
              {l} {unit}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {table.tpopHours.map((h, r) => (
          <TableRow key={h}>
            <TableCell>{h}</TableCell>
            {table.values[r]!.map((v, c) => (
              <TableCell key={c} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {v.toFixed(2)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

interface FormState {
  name: string;
  source: string;
  parameter: AlphaTableInput['parameter'];
  grid: string;
}

function TableDialog({
  initial,
  onClose,
  onSave,
}: {
  initial: FormState;
  onClose: () => void;
  onSave: (table: AlphaTableInput) => Promise<unknown>;
}) {
  const [form, setForm] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const read = tableFromForm(form);
    if ('problems' in read) return setProblem(read.problems);
    setBusy(true);
    try {
      await onSave(read.table);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Company alpha table</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            size="small"
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
          <TextField
            label="Source (standard, edition, table, or your procedure)"
            size="small"
            value={form.source}
            onChange={(e) => setForm({ ...form, source: e.target.value })}
          />
          <TextField
            select
            size="small"
            label="Limit of"
            value={form.parameter}
            onChange={(e) => setForm({ ...form, parameter: e.target.value as FormState['parameter'] })}
          >
            {(Object.keys(alphaParameterLabels) as FormState['parameter'][]).map((p) => (
              <MenuItem key={p} value={p}>
                {alphaParameterLabels[p]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Table: first line tpop_hours then the limits; one line per TPOP bound (h) with its α"
            multiline
            minRows={6}
            value={form.grid}
            onChange={(e) => setForm({ ...form, grid: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'alpha-grid', style: { fontFamily: 'monospace' } } }}
          />
          <Typography variant="caption" color="text.secondary">
            A TPOP takes the first row at or above it; α is linear between the limit columns and clamped to
            the first and last. Values in (0, 1]; rows and columns increasing.
          </Typography>
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const blank = (): FormState => ({
  name: '',
  source: '',
  parameter: 'hs',
  grid: gridText(OS_H101_2011_T4_1),
});

const formOf = (t: CompanyAlphaTable): FormState => ({
  name: t.name,
  source: t.source,
  parameter: t.parameter,
  grid: gridText(t),
});

export function AlphaTablesPage() {
  const me = useMe();
  const manager = me.isStaff || me.isSuperuser;
  const tables = useAlphaTables();
  const writes = useAlphaWrites();
  const [editing, setEditing] = useState<{ id: number | null; form: FormState } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Stack spacing={2} sx={{ p: 3, maxWidth: 1000 }}>
      <Typography variant="h1">Alpha factor tables</Typography>
      <Typography variant="body2" color="text.secondary">
        Under DNV rules a weather-restricted operation works to α × its operational limit, α read by the
        operation&apos;s reference period TPOP and the limit. A planning or a contractors run chooses none,
        the built-in table below, or one of your company&apos;s tables.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h3" gutterBottom>
          {OS_H101_2011_T4_1.name} (built in)
        </Typography>
        <Typography variant="body2" gutterBottom>
          Source: {OS_H101_2011_T4_1.source}.
        </Typography>
        <Alert severity="info" sx={{ mb: 1 }}>
          {OS_H101_NOTE}
        </Alert>
        <Grid table={OS_H101_2011_T4_1} openLast />
      </Paper>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h2">Your company&apos;s tables</Typography>
        {manager && (
          <Button variant="contained" onClick={() => setEditing({ id: null, form: blank() })}>
            New table
          </Button>
        )}
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {tables.isPending ? (
        <SectionLoader />
      ) : tables.error ? (
        <Alert severity="error">{errorMessage(tables.error)}</Alert>
      ) : tables.data.length === 0 ? (
        <Alert severity="info">
          {manager
            ? 'No company table yet: add one with New table (it starts from the built-in values to edit).'
            : 'No company table yet: a manager of your company can add one here.'}
        </Alert>
      ) : (
        tables.data.map((t) => (
          <Paper key={t.id} variant="outlined" sx={{ p: 2 }} data-testid="alpha-table">
            <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
              <Typography variant="h3">{t.name}</Typography>
              {manager && (
                <Stack direction="row" spacing={1}>
                  <Button size="small" onClick={() => setEditing({ id: t.id, form: formOf(t) })}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => {
                      setFailure(null);
                      writes.remove(t.id).catch((error: unknown) => setFailure(errorMessage(error)));
                    }}
                  >
                    Delete
                  </Button>
                </Stack>
              )}
            </Stack>
            <Typography variant="body2" gutterBottom>
              Source: {t.source} · {alphaParameterLabels[t.parameter]} · results already computed keep the
              table they used
            </Typography>
            <Grid table={t} />
          </Paper>
        ))
      )}
      {editing && (
        <TableDialog
          initial={editing.form}
          onClose={() => setEditing(null)}
          onSave={(table) => (editing.id === null ? writes.create(table) : writes.update(editing.id, table))}
        />
      )}
    </Stack>
  );
}
