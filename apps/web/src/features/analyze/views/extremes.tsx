// The extreme estimates (spec 002): return values per law with their intervals, the fit parameters, the law
// highlight, the monthly estimates, the peak rose, and the tables of maxima and minima.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { VisuPayload } from '@metocean/contracts';
import {
  CHART_SIZES,
  ChartError,
  extremeOption,
  extremeTable,
  fitParameterTable,
  lawName,
  notSucceeded,
  peakRoseOption,
  returnPeriodTable,
} from '@metocean/charts';
import { NumericTable } from '../../../components/NumericTable';
import { ChartFrame, ExportButtons } from '../ChartFrame';
import type { StatEntry } from '../selection';
import {
  Drawn,
  MonthSelect,
  PayloadWarnings,
  WithLevels,
  attempt,
  companion,
  payloadOf,
  target,
  useChart,
  type ViewProps,
} from './frame';

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
  // the monthly view opens on the first month with an estimate (a month of fewer than 10 storms is refused)
  const [month, setMonth] = useState(() => {
    if (entry.id !== 'EXT_month') return 0;
    const errors = payloadOf(props, monthly)?.kwargs.monthErrors as string[] | undefined;
    const first = errors?.findIndex((e) => e === '') ?? -1;
    return first >= 0 ? first + 1 : 1;
  });
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
          {/* the analysis' warnings (a short record, the law the likelihood-ratio test chose), per month too */}
          <PayloadWarnings payload={payload} month={month} />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Drawn built={built} width={440} height={380} onReady={onReady} testId="extreme-plot" />
            {parameters && (
              <Box sx={{ minWidth: 0, flex: 1, overflowX: 'auto' }}>
                <Typography variant="subtitle2">Fit parameters</Typography>
                <NumericTable
                  dense
                  testId="fit-parameters"
                  head={parameters.header}
                  rows={parameters.rows.map((r) => [r.label, ...r.values])}
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
                <NumericTable
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

/** CUREXT, HEIEXT and EXT_direction: one law's return values by level, component or direction sector. */
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
        <>
          <NumericTable
            dense
            testId="extreme-table"
            head={table.value.header}
            rows={table.value.rows.map((r) => [r.label, ...r.cells])}
          />
          {/* a row without values says why beneath the table (many sectors may have too few storms) */}
          {table.value.rows
            .filter((r) => r.error)
            .map((r) => (
              <Typography
                key={r.label}
                variant="caption"
                color="warning.main"
                data-testid="extreme-table-error"
              >
                {r.label}: {r.error}
              </Typography>
            ))}
        </>
      )}
      <Typography variant="caption" color="text.secondary">
        {lawName(law ?? primary)}: value [lower–upper] at{' '}
        {Math.round(Number(payload.kwargs.confidence ?? 0.9) * 100)}% confidence; '-' where no value exists.
      </Typography>
    </Stack>
  );
}
