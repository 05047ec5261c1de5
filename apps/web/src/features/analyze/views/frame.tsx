// What every chart view of spec 002 shares: the props the stats modal hands over, the chart error in place
// of a chart, the level bar and month selector, and the one-chart view with its frame.
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EChartsOption } from 'echarts';
import type { VisuPayload } from '@metocean/contracts';
import {
  CHART_SIZES,
  ChartError,
  MONTH_OPTIONS,
  levelSelector,
  levelTypeFor,
  payloadWarnings,
} from '@metocean/charts';
import { ChartFrame, type DownloadRights, type ExportTarget } from '../ChartFrame';
import { EChart, type ChartInstance } from '../EChart';
import type { StatEntry } from '../selection';

export interface ViewProps {
  projectId: number;
  point: { id: number; name: string };
  /** The statistic at each level (one entry when the variable has no levels). */
  levels: StatEntry[];
  /** Every statistic of the point, to find companions. */
  entries: StatEntry[];
  payloads: Map<string, VisuPayload>;
  rights: DownloadRights;
  wide: boolean;
  /** The level shown (index in `levels`), held by the modal so that its title follows it. */
  levelIndex: number;
  onLevelChange: (index: number) => void;
}

/** Builds an option, or the chart error of spec 002 §8 to show in its place. */
export function attempt(build: () => EChartsOption): { option?: EChartsOption; error?: string } {
  try {
    return { option: build() };
  } catch (error) {
    if (error instanceof ChartError) return { error: error.message };
    throw error;
  }
}

export function useChart(): [ChartInstance | null, (chart: ChartInstance) => void] {
  const [chart, setChart] = useState<ChartInstance | null>(null);
  return [chart, setChart];
}

export function Drawn({
  built,
  width,
  height,
  onReady,
  testId,
}: {
  built: { option?: EChartsOption; error?: string };
  width: number;
  height: number;
  onReady: (chart: ChartInstance) => void;
  testId?: string;
}) {
  if (built.error || !built.option)
    return (
      <Alert severity="warning" data-testid="chart-error">
        {built.error}
      </Alert>
    );
  return <EChart option={built.option} width={width} height={height} onReady={onReady} testId={testId} />;
}

/** The plain warnings of a result (a short record, sea states outside a contour), one line each. */
export function PayloadWarnings({
  payload,
  month = 0,
}: {
  payload: VisuPayload | undefined;
  month?: number;
}) {
  const warnings = payloadWarnings(payload, month);
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="result-warnings" sx={{ py: 0 }}>
      {warnings.map((w) => (
        <Typography key={w} variant="body2">
          {w}
        </Typography>
      ))}
    </Alert>
  );
}

export const payloadOf = (props: ViewProps, entry: StatEntry | undefined) =>
  entry ? props.payloads.get(entry.statId) : undefined;

export const companion = (props: ViewProps, entry: StatEntry, id: string, partner = '') =>
  props.entries.find((e) => e.id === id && e.field === entry.field && e.partner === partner);

export function target(props: ViewProps, entry: StatEntry, extra: Partial<ExportTarget> = {}): ExportTarget {
  return {
    projectId: props.projectId,
    pointId: props.point.id,
    pointName: props.point.name,
    statId: entry.statId,
    ...extra,
  };
}

/** The level selector (spec 002 §9): a bar 65 wide beside the chart, compact above 30 levels. */
function LevelBar({
  levels,
  index,
  onChange,
  extremeView = false,
}: {
  levels: StatEntry[];
  index: number;
  onChange: (index: number) => void;
  extremeView?: boolean;
}) {
  if (levels.length < 2) return null;
  const first = levels[0]!;
  const selector = levelSelector(
    levelTypeFor(first.variable),
    levels.map((l) => l.level ?? 0),
    extremeView,
  );
  return (
    <Box sx={{ width: selector.width, flex: 'none' }} data-testid="level-selector">
      <Typography variant="caption" color="text.secondary">
        {selector.type === 'altitude' ? 'Altitude' : 'Depth'} (m)
      </Typography>
      <List dense disablePadding sx={{ maxHeight: selector.height, overflowY: 'auto' }}>
        {selector.levels.map((level) => {
          const i = levels.findIndex((l) => (l.level ?? 0) === level);
          return (
            <ListItemButton
              key={level}
              selected={i === index}
              onClick={() => onChange(i)}
              sx={{ py: selector.compact ? 0 : 0.5, px: 1 }}
            >
              <ListItemText
                primary={String(level)}
                slotProps={{ primary: { variant: selector.compact ? 'caption' : 'body2' } }}
              />
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );
}

export function MonthSelect({
  value,
  onChange,
  annual = true,
}: {
  value: number;
  onChange: (m: number) => void;
  annual?: boolean;
}) {
  return (
    <TextField
      select
      size="small"
      label="Month"
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ width: 120 }}
      slotProps={{ htmlInput: { 'data-testid': 'month-select' } }}
    >
      {MONTH_OPTIONS.filter((m) => annual || m.value > 0).map((m) => (
        <MenuItem key={m.value} value={m.value}>
          {m.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A view with the level bar on the left. */
export function WithLevels({
  props,
  extremeView,
  children,
}: {
  props: ViewProps;
  extremeView?: boolean;
  children: (entry: StatEntry) => ReactNode;
}) {
  const entry = props.levels[props.levelIndex] ?? props.levels[0]!;
  return (
    <Stack direction="row" spacing={1}>
      <LevelBar
        levels={props.levels}
        index={props.levelIndex}
        onChange={props.onLevelChange}
        extremeView={extremeView}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>{children(entry)}</Box>
    </Stack>
  );
}

/** A view that draws one chart per level: the level bar beside the chart of the chosen level. */
export function perLevel(Chart: ComponentType<{ props: ViewProps; entry: StatEntry }>) {
  return function PerLevelView(props: ViewProps) {
    return (
      <WithLevels props={props}>
        {(entry) => <Chart key={entry.statId} props={props} entry={entry} />}
      </WithLevels>
    );
  };
}

/** The width of the modal's chart area (900 or 700 wide, less its padding), less the level bar beside it. */
export const modalChartWidth = (props: ViewProps) =>
  (props.wide ? 820 : 640) - (props.levels.length > 1 ? 75 : 0);

/** A chart that takes the wide modal's width, `base` in the narrow one. */
export const chartWidth = (props: ViewProps, base: number) =>
  props.wide ? Math.max(base, modalChartWidth(props)) : base;

/** One chart of one statistic in its frame (legend, image and exports), built from its stored payload. */
export function SimpleChart({
  props,
  entry,
  build,
  size = CHART_SIZES.default,
  controls,
  extra,
  testId,
}: {
  props: ViewProps;
  entry: StatEntry;
  build: (payload: VisuPayload, legend: boolean) => EChartsOption;
  size?: { width: number; height: number };
  controls?: ReactNode;
  extra?: Partial<ExportTarget>;
  testId?: string;
}) {
  const payload = payloadOf(props, entry)!;
  const [legend, setLegend] = useState(true);
  const [chart, onReady] = useChart();
  const built = useMemo(() => attempt(() => build(payload, legend)), [payload, legend, build]);
  return (
    <ChartFrame
      chart={chart}
      target={target(props, entry, extra)}
      rights={props.rights}
      legend={legend}
      onLegend={setLegend}
      controls={controls}
    >
      <Drawn
        built={built}
        width={size.width}
        height={size.height}
        onReady={onReady}
        testId={testId ?? 'echart'}
      />
    </ChartFrame>
  );
}
