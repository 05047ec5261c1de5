// The alpha factors of a planning's results (issue 32): which table the limits were factored with (its
// source and, for the built-in DNV-OS-H101 (2011) Table 4-1, its calibration note), every limit factored,
// and the planning with and without α side by side for the breakdown and result shown.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PlanningResults } from '@metocean/contracts';
import { formatAlpha, formatLimit } from '@metocean/core';
import { formatDuration, formatPercent } from './rules';
import { RESULT_DATASETS, type ResultDataset } from './results';

type Breakdown = 'MONTHLY' | 'BIWEEKLY' | 'WEEKLY';
const num = { fontVariantNumeric: 'tabular-nums' } as const;

/** Which table (or none) the planning's limits were factored with, and each factored limit. */
export function AlphaSummaryPanel({ results }: { results: PlanningResults }) {
  const alpha = results.alpha;
  if (!alpha)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="alpha-summary">
        Alpha factors: none (the raw operational limits of the plan).
      </Typography>
    );
  const unit = alpha.parameter === 'hs' ? 'm' : 'm/s';
  const label = alpha.parameter === 'hs' ? 'Hs' : 'Wind speed';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="alpha-summary">
      <Typography variant="subtitle2">Alpha factors: {alpha.name}</Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Source: {alpha.source}. Each limit below ran as α × limit over the activity&apos;s whole window
        (min_hours plus contingency).
      </Typography>
      {alpha.note && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {alpha.note}
        </Alert>
      )}
      {alpha.factored.length === 0 ? (
        <Alert severity="warning">
          No environment of the plan limits this parameter: nothing was factored.
        </Alert>
      ) : (
        <Table size="small" aria-label="factored limits" sx={{ width: 'auto' }}>
          <TableHead>
            <TableRow>
              <TableCell>Trip › task › activity</TableCell>
              <TableCell>Row</TableCell>
              <TableCell>Environment</TableCell>
              <TableCell align="right">TPOP (h)</TableCell>
              <TableCell align="right">Table row ≤ (h)</TableCell>
              <TableCell align="right">
                {label} limit ({unit})
              </TableCell>
              <TableCell align="right">α</TableCell>
              <TableCell align="right">α × limit ({unit})</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {alpha.factored.map((f) => (
              <TableRow key={`${f.cell}-${f.limit}`}>
                <TableCell>
                  {f.tripId} › {f.taskId} › {f.activityId}
                </TableCell>
                <TableCell>{f.cell}</TableCell>
                <TableCell>{f.environment}</TableCell>
                <TableCell align="right" sx={num}>
                  {f.tpopHours}
                </TableCell>
                <TableCell align="right" sx={num}>
                  {f.rowHours}
                </TableCell>
                <TableCell align="right" sx={num}>
                  {formatLimit(f.limit)}
                </TableCell>
                <TableCell align="right" sx={num}>
                  {formatAlpha(f.alpha)}
                </TableCell>
                <TableCell align="right" sx={num}>
                  {formatLimit(f.effectiveLimit)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/** The planning with and without α, period by period, at one percentile of the result shown. */
export function AlphaSideBySide({
  results,
  breakdown,
  dataset,
}: {
  results: PlanningResults;
  breakdown: Breakdown;
  dataset: ResultDataset;
}) {
  const [open, setOpen] = useState(false);
  const raw = results.withoutAlpha;
  const data = results[breakdown];
  const [percentile, setPercentile] = useState<number>(
    data.percentiles.includes(50) ? 50 : (data.percentiles[0] ?? 50),
  );
  if (!raw || !results.alpha) return null;
  const meta = RESULT_DATASETS[dataset];
  const format = meta.unit === 'h' ? formatDuration : formatPercent;
  const key = `P${percentile}`;
  const withAlpha = data[dataset].wholeSequenceScenarios[key] ?? {};
  const without = raw[breakdown][dataset].wholeSequenceScenarios[key] ?? {};
  return (
    <Paper variant="outlined" sx={{ p: 1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', px: 1 }}>
        <FormControlLabel
          control={<Switch checked={open} onChange={(e) => setOpen(e.target.checked)} />}
          label="With and without α side by side"
        />
        {open && (
          <TextField
            select
            size="small"
            label="Percentile"
            value={percentile}
            onChange={(event) => setPercentile(Number(event.target.value))}
            sx={{ width: 140 }}
          >
            {data.percentiles.map((p) => (
              <MenuItem key={p} value={p}>
                P{p}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {open && (
        <TableContainer sx={{ maxHeight: 420 }}>
          <Table
            size="small"
            stickyHeader
            aria-label="with and without alpha"
            data-testid="alpha-side-by-side"
          >
            <TableHead>
              <TableRow>
                <TableCell>Period</TableCell>
                <TableCell align="right">
                  {meta.label} P{percentile}, raw limits
                </TableCell>
                <TableCell align="right">
                  {meta.label} P{percentile}, with α ({results.alpha.name})
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.periods.map((period) => (
                <TableRow key={period} hover>
                  <TableCell>{period}</TableCell>
                  <TableCell align="right" sx={num}>
                    {format(without[period])}
                  </TableCell>
                  <TableCell align="right" sx={num}>
                    {format(withAlpha[period])}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
            Censored starts: {raw.censored.toLocaleString('en')} raw, {results.censored.toLocaleString('en')}{' '}
            with α (of {results.totalStarts.toLocaleString('en')}).
          </Typography>
        </TableContainer>
      )}
    </Paper>
  );
}
