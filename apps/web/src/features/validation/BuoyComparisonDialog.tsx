// The buoy comparison modal (spec 002 "Buoy comparison"): one tab per compared variable, sorted by name, then
// the two definition tabs; the scatter plot with its colour bar and lines; a one-row metrics table; the
// buoy's metadata. No download button (spec: hidden for buoys).
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { CHART_SIZES, comparisonScatterOption, format } from '@metocean/charts';
import { COMPARISON_METRICS, type BuoyComparison } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { SectionLoader } from '../../components/Loader';
import { NumericTable } from '../../components/NumericTable';
import { EChart } from '../analyze/EChart';
import { humanDate } from '../projects/dataset-text';
import { useBuoyComparison } from './queries';
import { metricDefinitions, variableDefinitions } from './texts';

export interface ComparisonTarget {
  buoy: number;
  project: number;
  point: number;
}

const VARIABLES_TAB = 'variables';
const METRICS_TAB = 'metrics';

/** A two-column table of names and their meanings, both left-aligned (text, not numbers). */
function Definitions({ rows, head }: { rows: [string, string][]; head: [string, string] }) {
  return (
    <Table size="small" data-testid="comparison-definitions">
      <TableHead>
        <TableRow>
          <TableCell>{head[0]}</TableCell>
          <TableCell>{head[1]}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([name, meaning]) => (
          <TableRow key={name}>
            <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{name}</TableCell>
            <TableCell>{meaning}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function VariablePanel({ comparison, name }: { comparison: BuoyComparison; name: string }) {
  const variable = comparison.variables.find((v) => v.name === name)!;
  const option = useMemo(
    () =>
      comparisonScatterOption(
        variable.scatter,
        `${variable.name}: ${comparison.dataset.name} / ${comparison.buoy.name}`,
      ),
    [variable, comparison],
  );
  const metrics = COMPARISON_METRICS.filter((m) => m in variable.metrics);
  const { counts } = variable;
  return (
    <Stack spacing={1.5} data-testid={`comparison-panel-${name}`}>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <EChart
          option={option}
          width={CHART_SIZES.scatter.width + 160}
          height={CHART_SIZES.scatter.height + 40}
          testId="comparison-scatter"
        />
      </Box>
      <NumericTable
        testId="comparison-metrics"
        head={['n', ...metrics]}
        rows={[[String(counts.paired), ...metrics.map((m) => format(variable.metrics[m] ?? null, 2))]]}
      />
      <Typography variant="caption" color="text.secondary">
        {counts.paired.toLocaleString('en')} hourly pairs from {humanDate(variable.period.from)} to{' '}
        {humanDate(variable.period.to)}, out of {counts.common.toLocaleString('en')} common hours (
        {counts.missingMeasure.toLocaleString('en')} missing at the buoy,{' '}
        {counts.missingModel.toLocaleString('en')} in the hindcast). Scatter: {variable.scatter.nbTimeSteps}{' '}
        pairs with both values non-zero, cells of {variable.scatter.cell} {variable.units}.
      </Typography>
    </Stack>
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
    [
      'Hindcast',
      `${dataset.name}, node lat ${format(node.lat, 2)}, lon ${format(node.lon, 2)} (${format(node.distanceKm, 1)} km from ${point.name})`,
    ],
    ['Distance', `${format(comparison.distanceKm, 1)} km from the point to the buoy`],
    ['Licence', buoy.licence],
  ];
  return (
    <Box
      component="dl"
      data-testid="buoy-metadata"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.25, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
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
  const [chosen, setTab] = useState<string | null>(null);
  const comparison = query.data;
  const names = comparison ? comparison.variables.map((v) => v.name).sort((a, b) => a.localeCompare(b)) : [];
  const tab = chosen ?? names[0] ?? null;

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
            <Tabs value={tab ?? false} onChange={(_, value: string) => setTab(value)} variant="scrollable">
              {names.map((name) => (
                <Tab key={name} value={name} label={name} />
              ))}
              <Tab value={VARIABLES_TAB} label="Variable names" />
              <Tab value={METRICS_TAB} label="Metric names" />
            </Tabs>
            {tab === null ? (
              <Typography>The visualization data is empty.</Typography>
            ) : tab === VARIABLES_TAB ? (
              <Definitions head={['Variable', 'Meaning']} rows={variableDefinitions} />
            ) : tab === METRICS_TAB ? (
              <Definitions head={['Metric', 'Definition']} rows={metricDefinitions} />
            ) : (
              <VariablePanel comparison={comparison} name={tab} />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
