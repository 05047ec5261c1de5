import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import MuiTooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import StraightenIcon from '@mui/icons-material/Straighten';
import { formatKm } from '../geo';
import type { MeasureState } from './useMeasure';

/** The distance tool's buttons (measure, finish, hide) and the length of the last path. */
export function MeasureTool({ measure }: { measure: MeasureState }) {
  const { measuring, measures } = measure;
  return (
    <Paper
      elevation={2}
      sx={{ p: 0.5, display: 'flex', gap: 0.5, alignItems: 'center', width: 'fit-content' }}
    >
      <MuiTooltip title={measuring ? 'Finish the measure' : 'Measure a distance'}>
        <Button
          size="small"
          variant={measuring ? 'contained' : 'text'}
          startIcon={<StraightenIcon />}
          onClick={measuring ? measure.finish : measure.start}
        >
          {measuring ? 'Finish measure' : 'Measure'}
        </Button>
      </MuiTooltip>
      {measures.length > 0 && (
        <Button size="small" onClick={measure.clear}>
          Hide measures
        </Button>
      )}
      {(measuring || measures.length > 0) && (
        <Typography
          variant="body2"
          data-testid="measure-total"
          sx={{ px: 1, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatKm(measure.lengthKm)}
        </Typography>
      )}
    </Paper>
  );
}
