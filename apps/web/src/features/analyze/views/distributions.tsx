// The distributions (spec 002): EPD histogram with its range selection, DR roses filtering the histogram by
// a sector, EJPD heat map, monthly statistics, profile and the analytical laws over the histogram.
import { useEffect, useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { VisuPayload } from '@metocean/contracts';
import {
  ChartError,
  apdOption,
  histogramOption,
  jointOption,
  monthlyStatsOption,
  nextRangeSelection,
  profileOption,
  roseOption,
  sectorRange,
  type RangeSelection,
} from '@metocean/charts';
import { ChartFrame } from '../ChartFrame';
import type { StatEntry } from '../selection';
import {
  Drawn,
  MonthSelect,
  SimpleChart,
  WithLevels,
  attempt,
  chartWidth,
  companion,
  modalChartWidth,
  payloadOf,
  perLevel,
  target,
  useChart,
  type ViewProps,
} from './frame';

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

/** DR and DR_month: the rose of the year or a month; a click on a sector filters the histogram below it. */
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

export function JointView(props: ViewProps) {
  const [value, setValue] = useState<'perMille' | 'counts'>('perMille');
  return (
    <WithLevels props={props}>
      {(entry) => (
        <SimpleChart
          key={entry.statId}
          props={props}
          entry={entry}
          // the dialog's width: a cell per height class and direction sector, and the source line whole
          size={{ width: modalChartWidth(props), height: 440 }}
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
            // the dialog's width: the laws' legend beside the plot
            size={{ width: modalChartWidth(props), height: 380 }}
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
