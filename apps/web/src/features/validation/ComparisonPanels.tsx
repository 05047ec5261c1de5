// The parts the buoy and satellite comparison modals share (spec 002 "Satellite comparison", "Buoy
// comparison": same tabs and charts): one tab per variable sorted by name plus the two definition tabs, the
// scatter plot with its colour bar, regression and bias lines, and the one-row metrics table.
import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
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
import {
  COMPARISON_METRICS,
  metricHeader,
  variableLabel,
  variableUnits,
  type ScatterData,
} from '@metocean/contracts';
import { NumericTable } from '../../components/NumericTable';
import { EChart, type ChartInstance } from '../analyze/EChart';
import { metricDefinitions, variableDefinitions } from './texts';

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

export interface ComparedVariableView {
  name: string;
  metrics: Record<string, number | null>;
  scatter: ScatterData;
}

/**
 * The scatter plot of one variable, its one-row metrics table (n, then the metrics, each header with its
 * units: "bias (m)", "pbias (%)") and a caption.
 */
export function VariablePanel({
  variable,
  title,
  n,
  caption,
  onChart,
}: {
  variable: ComparedVariableView;
  title: string;
  /** The pairs (buoy) or matchups (satellite) behind the metrics. */
  n: number;
  caption: ReactNode;
  onChart?: (chart: ChartInstance) => void;
}) {
  const option = useMemo(() => comparisonScatterOption(variable.scatter, title), [variable, title]);
  const metrics = COMPARISON_METRICS.filter((m) => m in variable.metrics);
  return (
    <Stack spacing={1.5} data-testid={`comparison-panel-${variable.name}`}>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <EChart
          option={option}
          width={CHART_SIZES.scatter.width + 160}
          height={CHART_SIZES.scatter.height + 40}
          testId="comparison-scatter"
          onReady={onChart}
        />
      </Box>
      <NumericTable
        testId="comparison-metrics"
        head={['n', ...metrics.map((m) => metricHeader(m, variableUnits(variable.name)))]}
        rows={[[String(n), ...metrics.map((m) => format(variable.metrics[m] ?? null, 2))]]}
      />
      <Typography variant="caption" color="text.secondary">
        {caption}
      </Typography>
    </Stack>
  );
}

/**
 * The tabs of a comparison: one per variable, sorted by code and named by the label registry ("Wind
 * speed (m/s)", not "magw"), then "Variable names" and "Metric names".
 * Without a chosen tab (no variable), it says the visualization data is empty (spec 002 §8).
 */
export function ComparisonTabs({
  names,
  children,
  onTab,
}: {
  names: string[];
  /** The panel of the variable shown. */
  children: (name: string) => ReactNode;
  onTab?: (tab: string | null) => void;
}) {
  const sorted = [...names].sort((a, b) => a.localeCompare(b));
  const [chosen, setChosen] = useState<string | null>(null);
  const tab = chosen ?? sorted[0] ?? null;
  const choose = (value: string) => {
    setChosen(value);
    onTab?.(value);
  };
  return (
    <Stack spacing={2}>
      <Tabs value={tab ?? false} onChange={(_, value: string) => choose(value)} variant="scrollable">
        {sorted.map((name) => (
          <Tab key={name} value={name} label={variableLabel(name)} />
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
        children(tab)
      )}
    </Stack>
  );
}

/** Whether a tab is a variable's (not one of the two definition tabs). */
export const isVariableTab = (tab: string | null) =>
  tab !== null && tab !== VARIABLES_TAB && tab !== METRICS_TAB;

/** The hindcast line of a comparison's metadata: the dataset and the node compared, and its distance. */
export function hindcastRow(
  dataset: { name: string },
  node: { lat: number; lon: number; distanceKm: number },
  point: { name: string },
): [string, string] {
  return [
    'Hindcast',
    `${dataset.name}, node lat ${format(node.lat, 2)}, lon ${format(node.lon, 2)} (${format(node.distanceKm, 1)} km from ${point.name})`,
  ];
}

/** A comparison's metadata block: labels and values in two columns. */
export function MetadataList({ rows, testId }: { rows: [string, string][]; testId: string }) {
  return (
    <Box
      component="dl"
      data-testid={testId}
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
