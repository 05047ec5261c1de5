// The buoy comparison modal (spec 002 "Buoy comparison"): one tab per compared variable, sorted by name, then
// the two definition tabs; the scatter plot with its colour bar and lines; a one-row metrics table; the
// buoy's metadata. No download button (spec: hidden for buoys).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { format } from '@metocean/charts';
import type { BuoyComparison } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { SectionLoader } from '../../components/Loader';
import { humanDate } from '../projects/dataset-text';
import { ComparisonTabs, hindcastRow, MetadataList, VariablePanel } from './ComparisonPanels';
import { useBuoyComparison } from './queries';

export interface ComparisonTarget {
  buoy: number;
  project: number;
  point: number;
}

function BuoyVariablePanel({ comparison, name }: { comparison: BuoyComparison; name: string }) {
  const variable = comparison.variables.find((v) => v.name === name)!;
  const { counts } = variable;
  return (
    <VariablePanel
      variable={variable}
      title={`${variable.name}: ${comparison.dataset.name} / ${comparison.buoy.name}`}
      n={counts.paired}
      caption={
        <>
          {counts.common.toLocaleString('en')} hours held by both (the pairs) from{' '}
          {humanDate(variable.period.from)} to {humanDate(variable.period.to)}; of the{' '}
          {counts.timestamps.toLocaleString('en')} hours on both time axes,{' '}
          {counts.missingMeasure.toLocaleString('en')} have no buoy value and{' '}
          {counts.missingModel.toLocaleString('en')} no hindcast value. Scatter:{' '}
          {variable.scatter.nbTimeSteps} pairs with both values non-zero, cells of {variable.scatter.cell}{' '}
          {variable.units}.
        </>
      }
    />
  );
}

function Metadata({ comparison }: { comparison: BuoyComparison }) {
  const { buoy, point, node, dataset } = comparison;
  const rows: [string, string][] = [
    ['Buoy', `${buoy.name} (${buoy.centre})`],
    ['Position', `lat ${format(buoy.latitude, 2)}, lon ${format(buoy.longitude, 2)} (WGS 84)`],
    [
      'Record',
      `${humanDate(buoy.dateBegin)} to ${humanDate(buoy.dateEnd)}, sensors ${buoy.sensors.join(', ')}`,
    ],
    hindcastRow(dataset, node, point),
    ['Distance', `${format(comparison.distanceKm, 1)} km from the point to the buoy`],
    ['Licence', buoy.licence],
  ];
  return <MetadataList rows={rows} testId="buoy-metadata" />;
}

export function BuoyComparisonDialog({
  target,
  expired,
  onClose,
}: {
  target: ComparisonTarget | null;
  /** An expired offer: comparison is not allowed (spec 002 "Data validation page"). */
  expired: boolean;
  onClose: () => void;
}) {
  const query = useBuoyComparison(target && !expired ? target : null);
  const comparison = query.data;

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="buoy-comparison"
    >
      <DialogTitle id="buoy-comparison">
        Buoy comparison{comparison ? `: ${comparison.buoy.name} / ${comparison.point.name}` : ''}
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 320 }}>
        {expired ? (
          <Alert severity="warning">Your offer has expired: comparison is not allowed.</Alert>
        ) : query.error ? (
          <Alert severity="error">The buoy comparison could not be loaded: {errorMessage(query.error)}</Alert>
        ) : !comparison ? (
          <SectionLoader />
        ) : (
          <Stack spacing={2}>
            {comparison.dataset.synthetic && (
              <Alert severity="info" data-testid="synthetic-notice">
                This zone is served by the synthetic demo hindcast: the comparison shows how the generated
                series differs from the real buoy, not how a real model performs.
              </Alert>
            )}
            <Metadata comparison={comparison} />
            <ComparisonTabs names={comparison.variables.map((v) => v.name)}>
              {(name) => <BuoyVariablePanel comparison={comparison} name={name} />}
            </ComparisonTabs>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
