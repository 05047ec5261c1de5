// A correction as an engineer reads it (issue 33): the law in words, its parameters (one row, or one per
// calendar month), the skill before and after in and out of sample, and the warnings. Used by the dialog's
// preview and by the Analyze panel for a variant's stamp.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CalibrationStamp } from '@metocean/contracts';
import { MONTH_NAMES } from '@metocean/core';
import { formatParameter, formatSkill } from './rules';

const dense = { width: 'auto', '& td, & th': { px: 1, py: 0.25, fontSize: 12 } } as const;
const num = { fontVariantNumeric: 'tabular-nums' } as const;

export function CalibrationResult({ stamp }: { stamp: CalibrationStamp }) {
  const keys = [...new Set(stamp.parameters.flatMap((p) => Object.keys(p)))];
  const u = stamp.units ? ` (${stamp.units})` : '';
  const skillRows: { label: string; judged: CalibrationStamp['inSample'] }[] = [
    { label: 'In sample', judged: stamp.inSample },
  ];
  if (stamp.outOfSample)
    skillRows.push({
      label: `Out of sample (${stamp.outOfSample.scheme}, ${stamp.outOfSample.folds} folds)`,
      judged: stamp.outOfSample,
    });
  return (
    <Stack spacing={1.5} data-testid="calibration-result">
      <Typography variant="body2">
        {stamp.variable}
        {u} corrected by the {stamp.method} law{stamp.perMonth ? ' per calendar month' : ''}, fitted on{' '}
        {stamp.pairs.toLocaleString('en-GB')} pairs with {stamp.source.name},{' '}
        {stamp.period.start.slice(0, 10)} to {stamp.period.end.slice(0, 10)}
        {stamp.windowHours > 0 ? ` (pairing window ±${stamp.windowHours} h)` : ' (exact times)'}.{' '}
        {stamp.description.replace(/\.?$/, '.')}
        {stamp.lowerBound !== null ? ` Corrected values are bounded below by ${stamp.lowerBound}.` : ''}
      </Typography>
      {stamp.warnings.length > 0 && (
        <Alert severity="warning" data-testid="calibration-warnings" sx={{ py: 0 }}>
          {stamp.warnings.map((w) => (
            <Typography key={w} variant="body2">
              {w}
            </Typography>
          ))}
        </Alert>
      )}
      <Box>
        <Typography variant="subtitle2">Parameters</Typography>
        <Table size="small" sx={dense} data-testid="calibration-parameters">
          <TableHead>
            <TableRow>
              {stamp.perMonth && <TableCell>Month</TableCell>}
              {keys.map((k) => (
                <TableCell key={k} align="right">
                  {k}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {stamp.parameters.map((p, i) => (
              <TableRow key={i}>
                {stamp.perMonth && <TableCell>{MONTH_NAMES[i] ?? i + 1}</TableCell>}
                {keys.map((k) => (
                  <TableCell key={k} align="right" sx={num}>
                    {p[k] === undefined ? '–' : formatParameter(p[k])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box>
        <Typography variant="subtitle2">
          Skill against the measurements: bias, RMSE and P99 error{u}, scatter index without unit
        </Typography>
        <Table size="small" sx={dense} data-testid="calibration-skill">
          <TableHead>
            <TableRow>
              <TableCell>Pairs judged</TableCell>
              <TableCell />
              <TableCell align="right">n</TableCell>
              <TableCell align="right">bias</TableCell>
              <TableCell align="right">RMSE</TableCell>
              <TableCell align="right">SI</TableCell>
              <TableCell align="right">P99 error</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {skillRows.flatMap(({ label, judged }) =>
              (['before', 'after'] as const).map((when) => {
                const s = judged[when];
                return (
                  <TableRow key={`${label}-${when}`}>
                    <TableCell>{when === 'before' ? label : ''}</TableCell>
                    <TableCell>{when === 'before' ? 'uncorrected' : 'corrected'}</TableCell>
                    <TableCell align="right" sx={num}>
                      {s.n.toLocaleString('en-GB')}
                    </TableCell>
                    {[s.bias, s.rmse, s.si, s.p99Error].map((v, k) => (
                      <TableCell key={k} align="right" sx={num}>
                        {formatSkill(v)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              }),
            )}
          </TableBody>
        </Table>
        {!stamp.outOfSample && (
          <Typography variant="caption" color="text.secondary">
            No out-of-sample judgement: the pairs could not be split into folds that each carry a fit.
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
