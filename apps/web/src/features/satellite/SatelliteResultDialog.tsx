// The satellite comparison result modal (spec 002 "Satellite comparison"): tabs per variable sorted by name
// plus the two definition tabs, the scatter plot with its colour bar, the one-row metrics table, and a
// Download button saving the chart as a PNG named for the comparison; a spinner until the statistics exist.
// The matchups and metrics also come as a zip (GET …/download/).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import {
  paths,
  satelliteFileName,
  type SatelliteComparison,
  type SatelliteVisuData,
} from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { SectionLoader } from '../../components/Loader';
import { chartPng, type ChartInstance } from '../analyze/EChart';
import { downloadWithSession } from '../analyze/api';
import { humanDate } from '../projects/dataset-text';
import {
  ComparisonTabs,
  hindcastRow,
  isVariableTab,
  MetadataList,
  VariablePanel,
} from '../validation/ComparisonPanels';
import { useSatelliteVisu } from './queries';

function Metadata({ data }: { data: SatelliteVisuData }) {
  const { altimetry, dataset, node, point } = data;
  const rows: [string, string][] = [
    [
      'Altimetry',
      altimetry.synthetic
        ? `synthetic along-track samples drawn from the hindcast (missions ${altimetry.missions.join(', ')})`
        : `${altimetry.missions.join(', ')} (${altimetry.source})`,
    ],
    hindcastRow(dataset, node, point),
    [
      'Matchups',
      `samples within ${altimetry.radiusKm} km of the node and ±${altimetry.halfWindowMinutes} min of an hourly step, averaged per step (at least ${altimetry.minSamples})`,
    ],
  ];
  return <MetadataList rows={rows} testId="satellite-metadata" />;
}

function Panel({
  data,
  name,
  onChart,
}: {
  data: SatelliteVisuData;
  name: string;
  onChart: (chart: ChartInstance) => void;
}) {
  const variable = data.variables.find((v) => v.name === name)!;
  const { counts } = variable;
  return (
    <VariablePanel
      variable={variable}
      title={`${variable.name}: ${data.dataset.name} / ${data.altimetry.synthetic ? 'synthetic altimetry' : 'altimetry'}`}
      n={counts.matchups}
      onChart={onChart}
      caption={
        <>
          {counts.matchups.toLocaleString('en')} matchups from {humanDate(variable.period.from)} to{' '}
          {humanDate(variable.period.to)}, averaging {counts.inRadius.toLocaleString('en')} samples within the
          radius ({counts.outsideRecord.toLocaleString('en')} outside the hindcast period,{' '}
          {counts.tooFewSamples.toLocaleString('en')} passes with too few samples,{' '}
          {counts.missingModel.toLocaleString('en')} without a model value). Scatter:{' '}
          {variable.scatter.nbTimeSteps} matchups with both values non-zero, cells of {variable.scatter.cell}{' '}
          {variable.units}.
        </>
      }
    />
  );
}

export function SatelliteResultDialog({
  comparison,
  onClose,
}: {
  comparison: SatelliteComparison | null;
  onClose: () => void;
}) {
  const visu = useSatelliteVisu(comparison);
  const [chart, setChart] = useState<ChartInstance | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const data = visu.data;

  const savePng = () => {
    if (!chart || !comparison) return;
    const link = Object.assign(document.createElement('a'), {
      href: chartPng(chart),
      download: satelliteFileName(comparison.name, 'png'),
    });
    document.body.append(link);
    link.click();
    link.remove();
  };
  const saveZip = () => {
    if (!comparison) return;
    setFailure(null);
    downloadWithSession(
      paths.satelliteComparisonDownload(comparison.id),
      satelliteFileName(comparison.name, 'zip'),
    ).catch((error: unknown) => setFailure(errorMessage(error)));
  };

  return (
    <Dialog
      open={comparison !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="satellite-result"
    >
      <DialogTitle id="satellite-result">Satellite comparison: {comparison?.name}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 320 }}>
        {visu.error ? (
          <Alert severity="error">
            The satellite comparison could not be loaded: {errorMessage(visu.error)}
          </Alert>
        ) : !data ? (
          <SectionLoader />
        ) : (
          <Stack spacing={2}>
            {data.altimetry.synthetic && (
              <Alert severity="info" data-testid="satellite-synthetic-notice">
                No altimeter file was placed for this zone: the along-track samples were drawn from the
                hindcast with altimeter-like noise. The comparison shows the method, not the skill of the
                model.
              </Alert>
            )}
            <Metadata data={data} />
            <ComparisonTabs
              names={data.variables.map((v) => v.name)}
              onTab={(tab) => {
                if (!isVariableTab(tab)) setChart(null);
              }}
            >
              {(name) => <Panel data={data} name={name} onChart={setChart} />}
            </ComparisonTabs>
            {failure && (
              <Alert severity="error" onClose={() => setFailure(null)}>
                The download failed: {failure}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={saveZip} disabled={!data}>
          Data (zip)
        </Button>
        <Button onClick={savePng} disabled={!chart} variant="outlined">
          Download
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
