// Calibration in the Analyze tab (issue 33), loaded on demand: for the selected point, a manager's Calibrate
// button (the dialog), and when the point has calibrated variants, the toggle original | calibrated | both.
// Original and calibrated select the one point whose statistics the menu displays; both shows the standard
// statistics of the two side by side with their differences (calibrated − original), and the correction.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Point, Project } from '@metocean/contracts';
import { CalibrateDialog } from './CalibrateDialog';
import { CalibrationResult } from './CalibrationResult';
import {
  STANDARD_STATISTICS,
  calibrationFamily,
  differenceRows,
  formatStatistic,
  type DifferenceRow,
} from './rules';

type Mode = 'original' | 'calibrated' | 'both';

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
  const selected = project.points.find((p) => p.id === selectedPointId);
  if (!selected) return null;
  const family = calibrationFamily(project.points, selected.id);
  const original = family?.original ?? selected;
  const canCalibrate =
    project.isManager &&
    !project.offerInstance.expired &&
    !project.offerInstance.isTrial &&
    original.isComputed;
  if (!family && !canCalibrate) return null;
  const variant: Point | undefined = family
    ? selected.calibrationOf != null
      ? selected
      : (family.variants.find((v) => v.id === variantId) ?? family.variants[0])
    : undefined;
  const mode: Mode = both ? 'both' : selected.calibrationOf != null ? 'calibrated' : 'original';
  const choose = (next: Mode | null) => {
    if (next === null || !family || !variant) return;
    setBoth(next === 'both');
    if (next === 'original') onSelectPoint(family.original.id);
    if (next === 'calibrated') onSelectPoint(variant.id);
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="calibration-panel">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2">Calibration of {original.name}</Typography>
        {family && variant && (
          <>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={mode}
              onChange={(_, next: Mode | null) => choose(next)}
              aria-label="Series shown"
            >
              <ToggleButton value="original" data-testid="series-original">
                original
              </ToggleButton>
              <ToggleButton value="calibrated" data-testid="series-calibrated" disabled={!variant.isComputed}>
                calibrated
              </ToggleButton>
              <ToggleButton value="both" data-testid="series-both" disabled={!variant.isComputed}>
                both
              </ToggleButton>
            </ToggleButtonGroup>
            {family.variants.length > 1 && (
              <TextField
                select
                size="small"
                label="Calibrated variant"
                value={variant.id}
                onChange={(e) => {
                  const id = Number(e.target.value);
                  setVariantId(id);
                  if (mode === 'calibrated') onSelectPoint(id);
                }}
                sx={{ minWidth: 240 }}
              >
                {family.variants.map((v) => (
                  <MenuItem key={v.id} value={v.id}>
                    {v.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {!variant.isComputed && (
              <Typography variant="body2" color="text.secondary">
                “{variant.name}” is not computed yet: compute it in the Query tab.
              </Typography>
            )}
          </>
        )}
        <Box sx={{ flex: 1 }} />
        {canCalibrate && (
          <Button size="small" variant="outlined" onClick={() => setCalibrating(true)}>
            Calibrate…
          </Button>
        )}
      </Stack>
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
