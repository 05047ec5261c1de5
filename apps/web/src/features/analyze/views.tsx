// The chart views of spec 002, one per statistic, each drawing options of packages/charts with its
// selectors: month, level, sector, histogram range, durations, quantiles, law highlight, legend.
import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EChartsOption } from 'echarts';
import type { VisuPayload } from '@metocean/contracts';
import {
  CHART_SIZES,
  ChartError,
  MONTH_OPTIONS,
  apdOption,
  concomitantOption,
  contourMaxima,
  contourOption,
  downtimeOption,
  extremeOption,
  extremeTable,
  fitParameterTable,
  histogramOption,
  jointOption,
  lawName,
  levelSelector,
  levelTypeFor,
  monthlyStatsOption,
  nextRangeSelection,
  notSucceeded,
  parseQuantiles,
  peakRoseOption,
  profileOption,
  returnPeriodTable,
  roseOption,
  sectorRange,
  timeSeriesOption,
  weatherWindowOption,
  withWindow,
  type RangeSelection,
  type WindowMeasure,
} from '@metocean/charts';
import { ChartFrame, ExportButtons, type DownloadRights, type ExportTarget } from './ChartFrame';
import { EChart, type ChartInstance } from './EChart';
import { useRefinedWindow } from './api';
import type { StatEntry } from './selection';

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
function attempt(build: () => EChartsOption): { option?: EChartsOption; error?: string } {
  try {
    return { option: build() };
  } catch (error) {
    if (error instanceof ChartError) return { error: error.message };
    throw error;
  }
}

function useChart(): [ChartInstance | null, (chart: ChartInstance) => void] {
  const [chart, setChart] = useState<ChartInstance | null>(null);
  return [chart, setChart];
}

function Drawn({
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

const payloadOf = (props: ViewProps, entry: StatEntry | undefined) =>
  entry ? props.payloads.get(entry.statId) : undefined;

const companion = (props: ViewProps, entry: StatEntry, id: string, partner = '') =>
  props.entries.find((e) => e.id === id && e.field === entry.field && e.partner === partner);

function target(props: ViewProps, entry: StatEntry, extra: Partial<ExportTarget> = {}): ExportTarget {
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

function MonthSelect({
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
function WithLevels({
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
function perLevel(Chart: ComponentType<{ props: ViewProps; entry: StatEntry }>) {
  return function PerLevelView(props: ViewProps) {
    return (
      <WithLevels props={props}>
        {(entry) => <Chart key={entry.statId} props={props} entry={entry} />}
      </WithLevels>
    );
  };
}

const chartWidth = (props: ViewProps, base: number) =>
  props.wide ? Math.max(base, 820 - (props.levels.length > 1 ? 75 : 0)) : base;

// ------------------------------------------------------------------------------------------- TS / CTS

function TimeSeriesChart({ props, entry }: { props: ViewProps; entry: StatEntry }) {
  const stored = payloadOf(props, entry)!;
  const [chart, onReady] = useChart();
  const [legend, setLegend] = useState(true);
  const [window, setWindow] = useState<[number, number] | undefined>();
  const concomitant = entry.id === 'CTS';
  const size = concomitant ? CHART_SIZES.concomitant : CHART_SIZES.default;
  const width = chartWidth(props, size.width);
  // the zoomed window at full detail from the server; the stored overview around it
  const refined = useRefinedWindow(props.projectId, entry, window, Math.max(100, width - 100));
  const payload = useMemo(
    () => (window && refined.data ? withWindow(stored, refined.data, window) : stored),
    [stored, refined.data, window],
  );
  const built = useMemo(
    () =>
      attempt(() =>
        (concomitant ? concomitantOption : timeSeriesOption)(payload, {
          window,
          pixels: Math.max(100, width - 100),
          legend,
          pointName: props.point.name,
        }),
      ),
    [payload, window, width, legend, concomitant, props.point.name],
  );
  // Zoom and pan: the window is refined to the pixels once the user stops moving (spec 002: zoom, pan).
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (!chart) return;
    const onZoom = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const zoom = (chart.getOption() as { dataZoom?: { startValue?: number; endValue?: number }[] })
          .dataZoom?.[0];
        if (zoom?.startValue !== undefined && zoom.endValue !== undefined)
          setWindow([Number(zoom.startValue), Number(zoom.endValue)]);
      }, 150);
    };
    chart.on('datazoom', onZoom);
    return () => {
      chart.off('datazoom', onZoom);
      clearTimeout(timer.current);
    };
  }, [chart]);
  return (
    <ChartFrame
      chart={chart}
      target={target(props, entry)}
      rights={props.rights}
      legend={legend}
      onLegend={setLegend}
      controls={
        window ? (
          <>
            <Chip
              size="small"
              label="Reset zoom"
              onClick={() => setWindow(undefined)}
              data-testid="reset-zoom"
            />
            <Typography
              variant="caption"
              color="text.secondary"
              data-testid="zoom-detail"
              data-refined={refined.isSuccess ? 'yes' : 'no'}
            >
              {refined.isFetching
                ? 'Refining…'
                : refined.isError
                  ? 'Showing the overview: the window could not be refined'
                  : 'Full detail of the window'}
            </Typography>
          </>
        ) : undefined
      }
    >
      <Drawn built={built} width={width} height={size.height} onReady={onReady} testId="echart" />
    </ChartFrame>
  );
}

export const TimeSeriesView = perLevel(TimeSeriesChart);

// ------------------------------------------------------------------------------------ EPD histogram

function HistogramChart({
  props,
  entry,
  sector,
}: {
  props: ViewProps;
  entry: StatEntry;
  sector?: { joint: VisuPayload; range: [number, number] } | null;
}) {
  const payload = payloadOf(props, entry)!;
  const [chart, onReady] = useChart();
  const [legend, setLegend] = useState(true);
  const [selection, setSelection] = useState<RangeSelection>({ mode: 'select' });
  const range = selection.mode === 'selectedRange' ? selection.range : null;
  const built = useMemo(
    () => attempt(() => histogramOption(payload, { range, sector, legend, pointName: props.point.name })),
    [payload, range, sector, legend, props.point.name],
  );
  const edges = (payload.edges?.values ?? []) as number[];
  // clicks snap to bin edges: the range covers whole bins
  const snap = (x: number) =>
    edges.reduce((best, e) => (Math.abs(e - x) < Math.abs(best - x) ? e : best), edges[0] ?? 0);
  useEffect(() => {
    if (!chart) return;
    const zr = chart.getZr();
    const onClick = (event: { offsetX: number; offsetY: number }) => {
      const point = chart.convertFromPixel({ gridIndex: 0 }, [event.offsetX, event.offsetY]) as
        number[] | undefined;
      if (!point || !chart.containPixel({ gridIndex: 0 }, [event.offsetX, event.offsetY])) return;
      setSelection((state) => nextRangeSelection(state, { type: 'click', value: snap(point[0]!) }));
    };
    const onLeave = () => setSelection((state) => nextRangeSelection(state, { type: 'leave' }));
    zr.on('click', onClick);
    zr.on('globalout', onLeave);
    return () => {
      zr.off('click', onClick);
      zr.off('globalout', onLeave);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chart, payload]);
  const bins = range
    ? edges.slice(0, -1).flatMap((e, i) => (e >= range[0] && edges[i + 1]! <= range[1] ? [i] : []))
    : [];
  const hint =
    selection.mode === 'select'
      ? 'Click the histogram to start a range'
      : selection.mode === 'selectRange'
        ? `From ${selection.start}: click to complete the range`
        : 'Click to clear the range';
  return (
    <ChartFrame
      chart={chart}
      target={target(props, entry, range ? { classes: { bin: bins } } : {})}
      rights={props.rights}
      legend={legend}
      onLegend={setLegend}
      controls={
        <>
          <Typography
            variant="caption"
            color="text.secondary"
            data-testid="range-mode"
            data-mode={selection.mode}
          >
            {hint}
          </Typography>
          {sector && (
            <Chip
              size="small"
              variant="outlined"
              data-testid="histogram-filter"
              label={`Direction filter ${sector.range[0]}°–${sector.range[1]}°`}
            />
          )}
        </>
      }
    >
      <Drawn built={built} width={chartWidth(props, 500)} height={350} onReady={onReady} testId="histogram" />
    </ChartFrame>
  );
}

export const HistogramView = perLevel(HistogramChart);

// ------------------------------------------------------------------------------------------------ DR

function RoseChart({ props, entry }: { props: ViewProps; entry: StatEntry }) {
  const annual = companion(props, entry, 'DR', entry.partner);
  const monthly = companion(props, entry, 'DR_month', entry.partner);
  const epd = companion(props, entry, 'EPD');
  const joint = companion(props, entry, 'EJPD', entry.partner);
  const [month, setMonth] = useState(entry.id === 'DR_month' ? 1 : 0);
  const [sector, setSector] = useState<number | null>(null);
  const [legend, setLegend] = useState(true);
  const [chart, onReady] = useChart();
  const shown = month === 0 ? annual : monthly;
  const payload = payloadOf(props, shown);
  const built = useMemo(
    () =>
      attempt(() => {
        if (!payload) throw new ChartError('Invalid graph data');
        return roseOption(payload, { month, sector, legend, pointName: props.point.name });
      }),
    [payload, month, sector, legend, props.point.name],
  );
  useEffect(() => {
    if (!chart) return;
    const onClick = (params: { dataIndex?: number }) => {
      const k = params.dataIndex;
      if (k !== undefined) setSector((current) => (current === k ? null : k));
    };
    chart.on('click', onClick);
    return () => {
      chart.off('click', onClick);
    };
  }, [chart]);
  const jointPayload = payloadOf(props, joint);
  const filter = useMemo(
    () =>
      payload && jointPayload && sector !== null
        ? { joint: jointPayload, range: sectorRange(payload, sector) }
        : null,
    [payload, jointPayload, sector],
  );
  return (
    <Stack spacing={2}>
      <ChartFrame
        chart={chart}
        target={target(props, shown ?? entry, {
          month: month > 0 ? month - 1 : undefined,
          classes: sector !== null ? { sector: [sector] } : undefined,
        })}
        rights={props.rights}
        legend={legend}
        onLegend={setLegend}
        controls={
          <>
            <MonthSelect value={month} onChange={setMonth} annual={annual !== undefined} />
            {sector !== null && payload && (
              <Chip
                size="small"
                color="primary"
                data-testid="selected-sector"
                label={`Sector ${sectorRange(payload, sector)[0]}°–${sectorRange(payload, sector)[1]}°`}
                onDelete={() => setSector(null)}
              />
            )}
          </>
        }
      >
        <Drawn built={built} width={500} height={420} onReady={onReady} testId="rose" />
      </ChartFrame>
      {epd && payloadOf(props, epd) && (
        <HistogramChart
          key={`${epd.statId}-${sector}`}
          props={{ ...props, wide: false }}
          entry={epd}
          sector={filter}
        />
      )}
    </Stack>
  );
}

export const RoseView = perLevel(RoseChart);

// ------------------------------------------------------------------------------------------- simple

function SimpleChart({
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

export function JointView(props: ViewProps) {
  const [value, setValue] = useState<'perMille' | 'counts'>('perMille');
  return (
    <WithLevels props={props}>
      {(entry) => (
        <SimpleChart
          key={entry.statId}
          props={props}
          entry={entry}
          size={CHART_SIZES.heatMap}
          build={(p, legend) => jointOption(p, { value, legend, pointName: props.point.name })}
          controls={
            <FormControlLabel
              control={
                <Switch
                  size="small"
                  checked={value === 'counts'}
                  onChange={(e) => setValue(e.target.checked ? 'counts' : 'perMille')}
                />
              }
              label="Counts"
            />
          }
        />
      )}
    </WithLevels>
  );
}

export function MonthlyStatsView(props: ViewProps) {
  return (
    <WithLevels props={props}>
      {(entry) => (
        <SimpleChart
          key={entry.statId}
          props={props}
          entry={entry}
          build={(p, legend) => monthlyStatsOption(p, { legend, pointName: props.point.name })}
        />
      )}
    </WithLevels>
  );
}

export function ProfileView(props: ViewProps) {
  return (
    <SimpleChart
      props={props}
      entry={props.levels[0]!}
      build={(p, legend) => profileOption(p, { legend, pointName: props.point.name })}
    />
  );
}

export function AnalyticalView(props: ViewProps) {
  const [highlight, setHighlight] = useState<string>('');
  return (
    <WithLevels props={props}>
      {(entry) => {
        const epd = payloadOf(props, companion(props, entry, 'EPD'));
        const laws = (payloadOf(props, entry)?.law?.values ?? []) as string[];
        return (
          <SimpleChart
            key={entry.statId}
            props={props}
            entry={entry}
            build={(p, legend) => {
              if (!epd) throw new ChartError('Invalid graph data');
              return apdOption(p, epd, { highlight: highlight || null, legend, pointName: props.point.name });
            }}
            controls={
              <TextField
                select
                size="small"
                label="Highlight law"
                value={highlight}
                onChange={(e) => setHighlight(e.target.value)}
                sx={{ width: 160 }}
              >
                <MenuItem value="">None</MenuItem>
                {laws.map((law) => (
                  <MenuItem key={law} value={law}>
                    {law}
                  </MenuItem>
                ))}
              </TextField>
            }
          />
        );
      }}
    </WithLevels>
  );
}

export function WeatherWindowView(props: ViewProps) {
  const [measure, setMeasure] = useState<WindowMeasure>('probability');
  return (
    <WithLevels props={props}>
      {(entry) => (
        <SimpleChart
          key={entry.statId}
          props={props}
          entry={entry}
          build={(p, legend) => weatherWindowOption(p, { measure, legend, pointName: props.point.name })}
          controls={
            <TextField
              select
              size="small"
              label="Measure"
              value={measure}
              onChange={(e) => setMeasure(e.target.value as WindowMeasure)}
              sx={{ width: 200 }}
            >
              <MenuItem value="probability">Probability</MenuItem>
              <MenuItem value="meanCalmPeriods">Calm periods per year</MenuItem>
              <MenuItem value="meanCalmLength">Mean calm length</MenuItem>
            </TextField>
          }
        />
      )}
    </WithLevels>
  );
}

function DowntimeChart({ props, entry }: { props: ViewProps; entry: StatEntry }) {
  const payload = payloadOf(props, entry)!;
  const durations = (payload.duration?.values ?? []) as number[];
  const percentiles = (payload.percentile?.values ?? []) as number[];
  const [duration, setDuration] = useState(0);
  const [text, setText] = useState(percentiles.join(','));
  let quantiles: number[] | undefined;
  let inputError = '';
  try {
    quantiles = parseQuantiles(text);
  } catch (error) {
    if (!(error instanceof ChartError)) throw error;
    inputError = error.message;
  }
  return (
    <SimpleChart
      props={props}
      entry={entry}
      build={(p, legend) => {
        if (!quantiles) throw new ChartError(inputError as 'Invalid params amount');
        return downtimeOption(p, { duration, quantiles, legend, pointName: props.point.name });
      }}
      extra={{ classes: { duration: [duration] } }}
      controls={
        <>
          <TextField
            select
            size="small"
            label="Duration"
            value={duration}
            onChange={(e) => setDuration(Number(e.target.value))}
            sx={{ width: 110 }}
          >
            {durations.map((d, i) => (
              <MenuItem key={d} value={i}>
                {d} h
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Quantiles (%)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={inputError !== ''}
            helperText={inputError || 'comma-separated integers 1–99'}
            sx={{ width: 230 }}
            slotProps={{ htmlInput: { 'data-testid': 'quantiles' } }}
          />
        </>
      }
    />
  );
}

export const DowntimeView = perLevel(DowntimeChart);

// ------------------------------------------------------------------------------------------ ENVC

function ContourChart({ props, entry }: { props: ViewProps; entry: StatEntry }) {
  const [density, setDensity] = useState(true);
  const payload = payloadOf(props, entry)!;
  const maxima = useMemo(() => {
    try {
      return contourMaxima(payload);
    } catch (error) {
      if (error instanceof ChartError) return [];
      throw error;
    }
  }, [payload]);
  return (
    <Stack spacing={1}>
      <SimpleChart
        props={props}
        entry={entry}
        size={{ width: 600, height: 440 }}
        testId="contour-plot"
        build={(p, legend) => contourOption(p, { density, legend, pointName: props.point.name })}
        controls={
          <FormControlLabel
            control={<Switch size="small" checked={density} onChange={(e) => setDensity(e.target.checked)} />}
            label="Sea states behind"
          />
        }
      />
      {maxima.length > 0 && (
        <Box sx={{ maxWidth: 600 }}>
          <Typography variant="subtitle2">Contour maxima (design sea states)</Typography>
          <SmallTable
            testId="contour-maxima"
            head={['T (years)', 'β', 'Hs max (m)', 'Tp at Hs max (s)', 'Tp range (s)']}
            rows={maxima.map((m) => [m.returnPeriod, m.beta, m.hsMax, m.tpAtHsMax, `${m.tpMin}–${m.tpMax}`])}
          />
        </Box>
      )}
    </Stack>
  );
}

export const ContourView = perLevel(ContourChart);

// ------------------------------------------------------------------------------------------ extremes

/** A number, '-' or a value with its interval ('1.16 [1.14–1.18]'): such cells never break across lines. */
const NUMERIC = /^[-+\d.eE\s[\]–]+$/;

function SmallTable({
  head,
  rows,
  testId,
  dense = false,
}: {
  head: string[];
  rows: string[][];
  testId?: string;
  /** Narrow cells and a smaller font, for tables with many columns beside a chart. */
  dense?: boolean;
}) {
  return (
    <Table
      size="small"
      data-testid={testId}
      sx={dense ? { '& td, & th': { px: 0.75, py: 0.5, fontSize: '0.75rem' } } : undefined}
    >
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <TableCell key={h} align={h === head[0] ? 'left' : 'right'} sx={{ whiteSpace: 'nowrap' }}>
              {h}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={i}>
            {row.map((cell, j) => (
              <TableCell
                key={j}
                align={j === 0 ? 'left' : 'right'}
                sx={{
                  fontVariantNumeric: 'tabular-nums',
                  whiteSpace: NUMERIC.test(cell) ? 'nowrap' : undefined,
                }}
              >
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Spec 002's toggle to highlight one law: a click picks it, a second click lets it go. */
function LawToggle({
  laws,
  value,
  onChange,
}: {
  laws: { id: string; law: string; error: string }[];
  value: string | null;
  onChange: (law: string | null) => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="caption" color="text.secondary">
        Highlight law
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        onChange={(_, law: string | null) => onChange(law)}
        data-testid="law-toggle"
      >
        {laws.map((l) => (
          <ToggleButton key={l.id} value={l.id} disabled={l.error !== ''} sx={{ py: 0.25, px: 1 }}>
            {l.law}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}

function ExtremeChart({ props, entry }: { props: ViewProps; entry: StatEntry }) {
  const annual = entry.id === 'EXT_month' ? companion(props, entry, 'EXT') : entry;
  const monthly =
    entry.id === 'EXT' || entry.id === 'EXT_month' ? companion(props, entry, 'EXT_month') : undefined;
  const [month, setMonth] = useState(entry.id === 'EXT_month' ? 1 : 0);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [legend, setLegend] = useState(true);
  const [chart, onReady] = useChart();
  const shown = month === 0 ? annual : monthly;
  const payload = payloadOf(props, shown);
  const failed = payload ? notSucceeded(payload) : null;
  const monthError =
    payload && month > 0 ? ((payload.kwargs.monthErrors as string[] | undefined)?.[month - 1] ?? '') : '';
  const tables = useMemo(
    () => (payload && !failed && !monthError ? returnPeriodTable(payload, month) : []),
    [payload, failed, monthError, month],
  );
  // a month or annual view without the highlighted law (or where it failed) highlights none
  const chosen = tables.some((t) => t.id === highlight && !t.error) ? highlight : null;
  const built = useMemo(
    () =>
      attempt(() => {
        if (!payload) throw new ChartError('Invalid graph data');
        return extremeOption(payload, { month, highlight: chosen, legend, pointName: props.point.name });
      }),
    [payload, month, chosen, legend, props.point.name],
  );
  const parameters = payload && tables.length > 0 ? fitParameterTable(payload, month) : null;
  const controls = (
    <>
      {monthly && <MonthSelect value={month} onChange={setMonth} annual={annual !== undefined} />}
      {tables.length > 1 && <LawToggle laws={tables} value={chosen} onChange={setHighlight} />}
    </>
  );
  if (failed)
    return (
      <Alert severity="info" data-testid="not-succeeded">
        <Typography variant="subtitle2">{failed.title}</Typography>
        {failed.info}
      </Alert>
    );
  return (
    <ChartFrame
      chart={chart}
      target={target(props, shown ?? entry, { month: month > 0 ? month - 1 : undefined })}
      rights={props.rights}
      legend={legend}
      onLegend={setLegend}
      controls={controls}
    >
      {monthError ? (
        <Alert severity="info">The estimate did not succeed for this month: {monthError}</Alert>
      ) : (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Drawn built={built} width={440} height={380} onReady={onReady} testId="extreme-plot" />
            {parameters && (
              <Box sx={{ minWidth: 0, flex: 1, overflowX: 'auto' }}>
                <Typography variant="subtitle2">Fit parameters</Typography>
                <SmallTable
                  dense
                  testId="fit-parameters"
                  head={parameters.header}
                  rows={parameters.rows.map((r) => [r.name, ...r.values])}
                />
              </Box>
            )}
          </Stack>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))', gap: 1.5 }}
          >
            {tables.map((t) => (
              <Box
                key={t.id}
                data-testid={`law-table-${t.id}`}
                sx={{
                  border: 1,
                  borderRadius: 1,
                  borderColor: t.id === chosen ? 'primary.main' : 'divider',
                  p: 0.5,
                }}
              >
                <Typography variant="subtitle2" sx={{ fontWeight: t.id === chosen ? 700 : 500, px: 1 }}>
                  {t.law} return values
                </Typography>
                {t.error && (
                  <Typography variant="caption" color="warning.main" sx={{ px: 1 }} data-testid="law-error">
                    Fit failed: {t.error}
                  </Typography>
                )}
                <SmallTable
                  dense
                  testId="return-period-table"
                  head={['T (years)', 'Value', 'Lower', 'Upper']}
                  rows={t.rows.map((r) => [r.returnPeriod, r.value, r.lower, r.upper])}
                />
              </Box>
            ))}
          </Box>
        </Stack>
      )}
      {payload?.peakDirection && month === 0 && <PeakRose payload={payload} />}
    </ChartFrame>
  );
}

/** The peak rose of spec 002's extreme view: peaks per direction at or above a threshold. */
function PeakRose({ payload }: { payload: VisuPayload }) {
  const [text, setText] = useState('');
  const [, onReady] = useChart();
  const threshold = text.trim() === '' ? null : Number(text);
  const built = useMemo(() => attempt(() => peakRoseOption(payload, { threshold })), [payload, threshold]);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Drawn
        built={built}
        width={CHART_SIZES.peakRose.width}
        height={CHART_SIZES.peakRose.height}
        onReady={onReady}
        testId="peak-rose"
      />
      <Stack spacing={1} sx={{ pt: 2 }}>
        <TextField
          size="small"
          label={`Threshold (${payload.peakValue?.attributes.units ?? ''})`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          helperText="Only the peaks at or above it; empty for all"
          sx={{ width: 220 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'peak-threshold' } }}
        />
        <Typography variant="caption" color="text.secondary">
          Direction at each storm peak:{' '}
          {typeof payload.kwargs.peakDirectionField === 'string' ? payload.kwargs.peakDirectionField : ''}
        </Typography>
      </Stack>
    </Stack>
  );
}

export function ExtremeView(props: ViewProps) {
  return (
    <WithLevels props={props} extremeView>
      {(entry) => <ExtremeChart key={entry.statId} props={props} entry={entry} />}
    </WithLevels>
  );
}

export function ExtremeTableView(props: ViewProps) {
  const entry = props.levels[0]!;
  const payload = payloadOf(props, entry)!;
  const [law, setLaw] = useState<string | undefined>();
  const table = useMemo(() => {
    try {
      return { value: extremeTable(payload, law) };
    } catch (error) {
      if (error instanceof ChartError) return { error: error.message };
      throw error;
    }
  }, [payload, law]);
  const laws = table.value?.laws ?? [];
  const primary = typeof payload.kwargs.law === 'string' ? payload.kwargs.law : '';
  return (
    <Stack spacing={1} data-testid={`chart-${entry.statId}`}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
        {laws.length > 1 && (
          <TextField
            select
            size="small"
            label="Law"
            value={law ?? primary}
            onChange={(e) => setLaw(e.target.value)}
            sx={{ width: 160, mr: 'auto' }}
            slotProps={{ htmlInput: { 'data-testid': 'table-law' } }}
          >
            {laws.map((l) => (
              <MenuItem key={l} value={l}>
                {lawName(l)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <ExportButtons target={target(props, entry)} rights={props.rights} />
      </Stack>
      <Typography variant="subtitle2">{payload.kwargs.title}</Typography>
      {table.error || !table.value ? (
        <Alert severity="warning">{table.error}</Alert>
      ) : (
        <SmallTable
          testId="extreme-table"
          head={table.value.header}
          rows={table.value.rows.map((r) => [
            r.label,
            ...r.cells.map((c, i) => (i === 0 && r.error ? r.error : c)),
          ])}
        />
      )}
      <Typography variant="caption" color="text.secondary">
        {lawName(law ?? primary)}: value [lower–upper] at{' '}
        {Math.round(Number(payload.kwargs.confidence ?? 0.9) * 100)}% confidence; '-' where no value exists.
      </Typography>
    </Stack>
  );
}
