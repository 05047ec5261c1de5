// Calibration in the Analyze tab (issue 33), loaded on demand: for the selected point, a manager's Calibrate
// button (the dialog), and when the point has calibrated variants, the toggle original | calibrated | both.
// Original and calibrated select the one point whose statistics the menu displays; both shows the standard
// statistics of the two side by side with their differences (calibrated − original), and the correction.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Project } from '@metocean/contracts';
import { CalibrateDialog } from './CalibrateDialog';
import { CalibrationHeader, comparedVariant, seriesMode, type SeriesMode } from './CalibrationHeader';
import { CalibrationResult } from './CalibrationResult';
import {
  STANDARD_STATISTICS,
  calibrationPanelView,
  differenceRows,
  formatStatistic,
  type DifferenceRow,
} from './rules';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

export default function CalibrationPanel({
  project,
  selectedPointId,
  onSelectPoint,
}: {
  project: Project;
  selectedPointId: number | undefined;
  onSelectPoint: (id: number) => void;
}) {
  const [both, setBoth] = useState(false);
  const [variantId, setVariantId] = useState<number | null>(null);
  const [calibrating, setCalibrating] = useState(false);
  const view = calibrationPanelView(project, selectedPointId);
  if (!view) return null;
  const { original, family } = view;
  const variant = comparedVariant(view, variantId);
  const mode = seriesMode(view, both);
  const chooseMode = (next: SeriesMode) => {
    if (!family || !variant) return;
    setBoth(next === 'both');
    if (next === 'original') onSelectPoint(family.original.id);
    if (next === 'calibrated') onSelectPoint(variant.id);
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="calibration-panel">
      <CalibrationHeader
        view={view}
        mode={mode}
        variant={variant}
        actions={{
          chooseMode,
          chooseVariant: (id) => {
            setVariantId(id);
            if (mode === 'calibrated') onSelectPoint(id);
          },
          calibrate: () => setCalibrating(true),
        }}
      />
      {mode === 'calibrated' && variant?.calibration && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="calibration-stamp">
          Calibrated series: {variant.calibration.text}.
        </Typography>
      )}
      {mode === 'both' && family && variant?.calibration && (
        <Stack spacing={1.5} sx={{ mt: 1.5 }}>
          <Differences
            rows={differenceRows(
              project.overviewStats[String(family.original.id)] ?? [],
              project.overviewStats[String(variant.id)] ?? [],
              variant.calibration.variable,
            )}
            originalName={family.original.name}
            variantName={variant.name}
          />
          <CalibrationResult stamp={variant.calibration} />
        </Stack>
      )}
      {calibrating && (
        <CalibrateDialog
          projectId={project.id}
          zoneId={project.zone.id}
          point={original}
          overview={project.overviewStats[String(original.id)] ?? []}
          onClose={() => setCalibrating(false)}
        />
      )}
    </Paper>
  );
}

function Differences({
  rows,
  originalName,
  variantName,
}: {
  rows: DifferenceRow[];
  originalName: string;
  variantName: string;
}) {
  const [all, setAll] = useState(false);
  if (rows.length === 0)
    return <Alert severity="info">The two points have no computed statistics in common yet.</Alert>;
  // the other variables are the same record read twice: listed on demand, not by default
  const shown = all ? rows : rows.filter((r) => r.corrected);
  const others = rows.length - rows.filter((r) => r.corrected).length;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        sx={{ width: 'auto', minWidth: 720, '& td, & th': { px: 1, py: 0.25, fontSize: 12 } }}
        data-testid="calibration-differences"
      >
        <TableHead>
          <TableRow>
            <TableCell>Variable</TableCell>
            <TableCell>Series</TableCell>
            {STANDARD_STATISTICS.map((s) => (
              <TableCell key={s} align="right">
                {s}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.flatMap((row) =>
            (
              [
                ['original', originalName, row.original, false],
                ['calibrated', variantName, row.calibrated, false],
                ['calibrated − original', '', row.difference, true],
              ] as const
            ).map(([kind, name, values, signed]) => (
              <TableRow
                key={`${row.layer}-${row.variable}-${kind}`}
                sx={signed ? { '& td': { fontWeight: row.corrected ? 600 : undefined } } : undefined}
                data-testid={signed ? `difference-${row.variable}` : undefined}
              >
                <TableCell>
                  {kind === 'original'
                    ? `${row.label}${row.layer ? ` ${row.layer}` : ''} (${row.units})${row.corrected ? ' · corrected' : ''}${row.circular ? ' · circular' : ''}`
                    : ''}
                </TableCell>
                <TableCell title={name}>{kind}</TableCell>
                {STANDARD_STATISTICS.map((s) => (
                  <TableCell key={s} align="right" sx={num}>
                    {formatStatistic(values[s], signed)}
                  </TableCell>
                ))}
              </TableRow>
            )),
          )}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary">
          Whole record, every hour with data, at two decimals in each variable’s units.
          {others > 0 && !all
            ? ` The ${others} other variables are the original hindcast in both points: their differences are 0.`
            : ''}
        </Typography>
        {others > 0 && (
          <Button size="small" onClick={() => setAll((v) => !v)}>
            {all ? 'Only the corrected variable' : `Show all ${rows.length} variables`}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
