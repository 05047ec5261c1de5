// The calibration panel's row of controls (issue 33), loaded with the Analyze tab: the panel draws it, and the
// tab draws it disabled in the panel's place while the panel's code loads, so the menu below does not move
// under the pointer when the panel comes (the same controls: the same height).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Point } from '@metocean/contracts';
import type { CalibrationPanelView } from './rules';

/** The series the Analyze tab shows: the original, the calibrated variant, or both side by side. */
export type SeriesMode = 'original' | 'calibrated' | 'both';

/** The variant the toggle compares with: the selected one, else the one chosen in the select, else the first. */
export function comparedVariant(
  { selected, family }: CalibrationPanelView,
  chosenId: number | null,
): Point | undefined {
  if (!family) return undefined;
  if (selected.calibrationOf != null) return selected;
  return family.variants.find((v) => v.id === chosenId) ?? family.variants[0];
}

/** The series shown: both when asked for side by side, else the selected point's (a variant: calibrated). */
export function seriesMode({ selected }: CalibrationPanelView, both: boolean): SeriesMode {
  if (both) return 'both';
  return selected.calibrationOf != null ? 'calibrated' : 'original';
}

/** What the controls do; absent, they are drawn disabled (the panel's code is still loading). */
export interface HeaderActions {
  chooseMode: (next: SeriesMode) => void;
  chooseVariant: (id: number) => void;
  calibrate: () => void;
}

export function CalibrationHeader({
  view,
  mode,
  variant,
  actions,
}: {
  view: CalibrationPanelView;
  mode: SeriesMode;
  variant: Point | undefined;
  actions?: HeaderActions;
}) {
  const { original, family, canCalibrate } = view;
  const waiting = !actions;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="subtitle2">Calibration of {original.name}</Typography>
      {family && variant && (
        <>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_, next: SeriesMode | null) => next && actions?.chooseMode(next)}
            aria-label="Series shown"
            disabled={waiting}
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
              onChange={(e) => actions?.chooseVariant(Number(e.target.value))}
              disabled={waiting}
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
        <Button size="small" variant="outlined" onClick={actions?.calibrate} disabled={waiting}>
          Calibrate…
        </Button>
      )}
    </Stack>
  );
}

/** The panel's place while its code loads: its frame and its controls, disabled. */
export function CalibrationPlaceholder({ view }: { view: CalibrationPanelView }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="calibration-placeholder" aria-busy="true">
      <CalibrationHeader view={view} mode={seriesMode(view, false)} variant={comparedVariant(view, null)} />
    </Paper>
  );
}
