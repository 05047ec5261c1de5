// Weather windows and weather downtime (spec 002): the user's limit and durations, recomputed by the
// server from the point's full record at once (issue 21); the measure of the windows; the downtime's
// duration and quantiles, typed as comma-separated percentages; the starts censored by missing data.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MISSING_VALUE, windowDurations, windowLimit, type VisuPayload } from '@metocean/contracts';
import {
  ChartError,
  downtimeOption,
  parseQuantiles,
  weatherWindowOption,
  type WindowMeasure,
} from '@metocean/charts';
import { errorMessage } from '../../../api/client';
import { useIntervalsOnRequest, useRecomputedWindows, type WindowQuery } from '../api';
import type { StatEntry } from '../selection';
import { SimpleChart, payloadOf, perLevel, type ViewProps } from './frame';

/** A number as typed back into a field: at most 3 decimals, no trailing zeros. */
const typed = (x: number) => String(Math.round(x * 1000) / 1000);

/** Waits this long after the last keystroke before asking the server. */
const SETTLE_MS = 350;

interface WindowSettings {
  /** The stored payload, or the one recomputed with the user's settings once it is there. */
  payload: VisuPayload;
  /** The settings of the payload shown when they are the user's (for the exports). */
  windows?: WindowQuery;
  controls: ReactNode;
  notes: ReactNode;
}

/**
 * The limit and durations a user types, checked as the server checks them; once they differ from the
 * stored run's and have settled, the result recomputed from the full record replaces the stored one.
 */
function useWindowSettings(props: ViewProps, entry: StatEntry): WindowSettings {
  const stored = payloadOf(props, entry)!;
  const storedLimit = typeof stored.kwargs.limit === 'number' ? stored.kwargs.limit : undefined;
  const initialLimit = storedLimit === undefined ? '' : typed(storedLimit);
  const initialDurations = ((stored.duration?.values ?? []) as number[]).join(',');
  const [limitText, setLimitText] = useState(initialLimit);
  const [durationsText, setDurationsText] = useState(initialDurations);
  const limit = windowLimit.safeParse(limitText);
  const durations = windowDurations.safeParse(durationsText);
  const limitError = limit.success ? '' : (limit.error.issues[0]?.message ?? 'Invalid limit');
  const durationsError = durations.success ? '' : (durations.error.issues[0]?.message ?? 'Invalid durations');
  const changed = limitText.trim() !== initialLimit || durationsText.replace(/ /g, '') !== initialDurations;
  const wanted = useMemo<WindowQuery | undefined>(() => {
    if (!changed || !limit.success || !durations.success) return undefined;
    return {
      below: limitText.trim() === initialLimit ? undefined : limit.data,
      durationsHours: [...new Set(durations.data)].sort((a, b) => a - b),
    };
    // the parsed values follow the two texts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changed, limitText, durationsText, initialLimit]);
  const [settled, setSettled] = useState<WindowQuery | undefined>(undefined);
  const wantedKey = JSON.stringify(wanted ?? null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(wanted), SETTLE_MS);
    return () => clearTimeout(timer);
    // keyed on the settings' content, not on the object
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantedKey]);
  const recomputed = useRecomputedWindows(props.projectId, entry, settled);
  // the recomputed payload shown, with the settings it was computed with (the last one while new ones load)
  const shown = settled ? recomputed.data : undefined;
  const payload = shown?.payload ?? stored;
  const limitLabel = typeof payload.kwargs.limitLabel === 'string' ? payload.kwargs.limitLabel : '';
  const controls = (
    <>
      <TextField
        size="small"
        label="Limit"
        value={limitText}
        onChange={(e) => setLimitText(e.target.value)}
        error={limitError !== ''}
        helperText={limitError || (limitText.trim() === initialLimit ? 'median of the record' : 'below this')}
        sx={{ width: 130 }}
        slotProps={{ htmlInput: { 'data-testid': 'window-limit', inputMode: 'decimal' } }}
      />
      <TextField
        size="small"
        label="Durations (h)"
        value={durationsText}
        onChange={(e) => setDurationsText(e.target.value)}
        error={durationsError !== ''}
        helperText={durationsError || 'comma-separated hours'}
        sx={{ width: 170 }}
        slotProps={{ htmlInput: { 'data-testid': 'window-durations' } }}
      />
    </>
  );
  const notes = (
    <Stack spacing={1}>
      {settled && recomputed.isFetching ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="window-recomputing">
          <CircularProgress size={16} />
          <Typography variant="body2">Recomputing from the full record…</Typography>
        </Stack>
      ) : null}
      {settled && recomputed.isError ? (
        <Alert severity="error" data-testid="window-error">
          {errorMessage(recomputed.error)}
        </Alert>
      ) : null}
      {limitLabel ? (
        <Typography variant="body2" color="text.secondary" data-testid="window-limit-label">
          {shown ? 'Recomputed from the full record for ' : 'Computed with the point for '}
          {limitLabel}
        </Typography>
      ) : null}
      <CensoredNote payload={payload} />
    </Stack>
  );
  return { payload, windows: shown?.settings, controls, notes };
}

/**
 * WW (issue 31): what the probability's whiskers rest on — the years per month — or why a month has none;
 * switched off, that they are available on request (issue 34, session 31); nothing for results stored
 * before the intervals.
 */
function IntervalNote({ payload, on }: { payload: VisuPayload; on: boolean }) {
  const note = payload.kwargs.intervalsNote;
  if (!payload.intervalYears || !on) {
    const text = !on
      ? 'The 90 % intervals of the window probabilities (year-block bootstrap of the record\'s years) are available on request: switch "Intervals" on.'
      : typeof note === 'string' && !onRequest(payload)
        ? `No whiskers: ${note.replace(/^no intervals[^:]*: /, '')}.`
        : '';
    return text ? (
      <Typography variant="body2" color="text.secondary" data-testid="window-intervals">
        {text}
      </Typography>
    ) : null;
  }
  const years = (payload.intervalYears.values ?? []) as number[][];
  const lower = (payload.probabilityLower?.values ?? []) as number[][];
  const has = (d: number, m: number) => (lower[d]?.[m] ?? -999) !== -999;
  const counted = years.flatMap((row, d) => row.filter((_, m) => has(d, m)));
  const without = MONTH_NAMES.filter((_, m) => years.length > 0 && years.every((_, d) => !has(d, m)));
  const ci = typeof payload.kwargs.intervalCi === 'number' ? payload.kwargs.intervalCi : 0.9;
  const reason = 'no interval: fewer than 5 years of data in the month, too few to resample whole years';
  let text: string;
  if (counted.length === 0) text = `No whiskers on the probability: ${reason}.`;
  else {
    const [low, high] = [Math.min(...counted), Math.max(...counted)];
    text = `Whiskers on the probability: its ${Math.round(ci * 100)} % interval (year-block bootstrap, 1,000 resamples), on ${low === high ? low : `${low}–${high}`} years of data per month; none for the whole year.`;
    if (without.length > 0) text += ` ${without.join(', ')}: ${reason}.`;
  }
  return (
    <Typography variant="body2" color="text.secondary" data-testid="window-intervals">
      {text}
    </Typography>
  );
}

/** How many starts were left out because their window ran into missing data (per duration, whole year). */
function CensoredNote({ payload }: { payload: VisuPayload }) {
  const durations = (payload.duration?.values ?? []) as number[];
  const censored = (payload.censoredAnnual?.values ?? []) as number[];
  if (censored.length === 0) return null;
  const text = durations.map((d, i) => `${d} h: ${(censored[i] ?? 0).toLocaleString('en-US')}`).join(' · ');
  const isDowntime = payload.kwargs.code === 'WD';
  return (
    <Typography variant="body2" color="text.secondary" data-testid="window-censored">
      {isDowntime
        ? 'Censored starts (waited at least the hours to missing data or the end of the record; in the Kaplan–Meier estimate), whole year — '
        : 'Censored starts (window runs into missing data or the end of the record), whole year — '}
      {text}
    </Typography>
  );
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * WD (issue 31): the percentiles the Kaplan–Meier curve never reaches for the duration shown are not
 * numbers: each is "more than" the hours followed in its month; the mean is restricted to its horizon.
 */
function BeyondFollowUpNote({ payload, duration }: { payload: VisuPayload; duration: number }) {
  const percentiles = (payload.percentile?.values ?? []) as number[];
  const cube = (payload.waitPercentile?.values ?? []) as number[][][];
  const annual = (payload.waitPercentileAnnual?.values ?? []) as number[][];
  const followUp = (payload.followUp?.values ?? []) as number[][];
  const followUpAnnual = (payload.followUpAnnual?.values ?? []) as number[];
  const restricted: string[] = [];
  const rows = [
    ...(cube[duration] ?? []).map((row, m) => ({
      label: MONTH_NAMES[m] ?? String(m + 1),
      row,
      f: followUp[duration]?.[m],
    })),
    { label: 'Year', row: annual[duration] ?? [], f: followUpAnnual[duration] },
  ];
  for (const { label, row, f } of rows) {
    const missing = percentiles.filter((_, j) => row[j] === MISSING_VALUE);
    if (missing.length > 0 && typeof f === 'number' && f !== MISSING_VALUE)
      restricted.push(`${label} P${missing[0]}${missing.length > 1 ? '+' : ''} > ${Math.round(f)} h`);
  }
  return (
    <Typography variant="body2" color="text.secondary" data-testid="downtime-km">
      Kaplan–Meier estimate over every start (censored starts count as waited at least c hours); the mean is
      restricted to the longest wait followed.
      {restricted.length > 0
        ? ` Not reached by the curve (more than the hours followed, not shown as a bar): ${restricted.join(' · ')}.`
        : ''}
    </Typography>
  );
}

/**
 * WD (issue 31): what the wait percentiles' whiskers rest on — the years per month — what an open
 * (arrowhead) whisker means, and why a month has none; nothing for results stored before the intervals.
 */
function WaitIntervalNote({ payload, on }: { payload: VisuPayload; on: boolean }) {
  const note = payload.kwargs.intervalsNote;
  if (!payload.intervalYears || !on) {
    const text = !on
      ? 'The 90 % intervals of the waiting-time percentiles (year-block bootstrap of the record\'s years) are available on request: switch "Intervals" on.'
      : typeof note === 'string' && !onRequest(payload)
        ? `No whiskers: ${note.replace(/^no intervals[^:]*: /, '')}.`
        : '';
    return text ? (
      <Typography variant="body2" color="text.secondary" data-testid="downtime-intervals">
        {text}
      </Typography>
    ) : null;
  }
  const years = (payload.intervalYears?.values ?? []) as number[][];
  const ci = typeof payload.kwargs.intervalCi === 'number' ? payload.kwargs.intervalCi : 0.9;
  // the years of a month are those with a start in it, the same for every duration
  const perMonth = years[0] ?? [];
  const counted = perMonth.filter((y) => y >= 5);
  const without = MONTH_NAMES.filter((_, m) => (perMonth[m] ?? 0) < 5);
  const reason = 'no interval: fewer than 5 years of data in the month, too few to resample whole years';
  let text: string;
  if (counted.length === 0) text = `No whiskers on the waiting times: ${reason}.`;
  else {
    const [low, high] = [Math.min(...counted), Math.max(...counted)];
    text = `Whiskers on each waiting-time percentile: its ${Math.round(ci * 100)} % interval (year-block bootstrap, 1,000 resamples, Kaplan–Meier in each resample), on ${low === high ? low : `${low}–${high}`} years of data per month; an arrowhead instead of the top cap: the upper end is more than the hours it reaches (over 5 % of the resamples never reach the percentile; the tooltip says ">"); none for the whole year.`;
    if (without.length > 0) text += ` ${without.join(', ')}: ${reason}.`;
  }
  return (
    <Typography variant="body2" color="text.secondary" data-testid="downtime-intervals">
      {text}
    </Typography>
  );
}

/** WD's and WW's standard set have no intervals: they are computed when asked for (kwargs.intervalsNote). */
const onRequest = (payload: VisuPayload) =>
  typeof payload.kwargs.intervalsNote === 'string' &&
  payload.kwargs.intervalsNote.startsWith('intervals on request');

/** The WD or WW payload without its interval arrays: the chart as without intervals (the switch off). */
function withoutIntervals(payload: VisuPayload): VisuPayload {
  const rest: VisuPayload = { ...payload };
  for (const name of [
    'waitPercentileLower',
    'waitPercentileUpper',
    'waitIntervalMoreThan',
    'probabilityLower',
    'probabilityUpper',
    'intervalYears',
  ])
    delete rest[name];
  return rest;
}

interface IntervalsSwitch {
  /** Whether the switch is on. */
  on: boolean;
  /** The payload with its intervals (answered by the route, or stored), or the user's recomputed one. */
  full: VisuPayload;
  /** What the chart draws: `full`, without its interval arrays while the switch is off. */
  payload: VisuPayload;
  /** The switch, where the result can have intervals (null otherwise). */
  control: ReactNode;
  /** The progress while the route computes, or its failure. */
  status: ReactNode;
}

/**
 * The "Intervals" switch of WD and WW (issue 31, session 30; issue 34, session 31): stored intervals are
 * drawn at once; ones not yet computed are asked for (wd_intervals, ww_intervals) when the switch is turned
 * on, with a progress bar, then drawn; a failure is said and tried again by switching off and on.
 */
function useIntervalsSwitch(
  props: ViewProps,
  entry: StatEntry,
  settings: WindowSettings,
  words: { label: string; progress: string; testId: string },
): IntervalsSwitch {
  const stored = payloadOf(props, entry)!;
  const [on, setOn] = useState(Boolean(stored.intervalYears));
  const computing = useIntervalsOnRequest(props.projectId, entry);
  // the user's limit or durations: their recomputed payload (no intervals: its note says why); otherwise the
  // payload answered with the intervals, until the cached one (replaced by it) reaches this view
  const full = settings.windows ? settings.payload : (computing.data ?? settings.payload);
  const pending = onRequest(full);
  const { mutate, isIdle } = computing;
  useEffect(() => {
    if (on && pending && isIdle) mutate();
  }, [on, pending, isIdle, mutate]);
  const offer = pending || Boolean(full.intervalYears) || settings.windows !== undefined;
  const control = offer ? (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={on}
          onChange={(e) => {
            setOn(e.target.checked);
            // a failed attempt is tried again when the switch is turned on again
            if (e.target.checked && computing.isError) computing.reset();
          }}
          slotProps={{ input: { 'aria-label': words.label } }}
        />
      }
      label="Intervals"
    />
  ) : null;
  const status = (
    <>
      {on && computing.isPending && (
        <Box sx={{ maxWidth: 600 }} data-testid={`${words.testId}-progress`}>
          <Typography variant="caption" color="text.secondary">
            {words.progress}
          </Typography>
          <LinearProgress />
        </Box>
      )}
      {on && computing.isError && (
        <Alert severity="error" sx={{ maxWidth: 600 }} data-testid={`${words.testId}-error`}>
          The intervals could not be computed: {computing.error.message}. Switch &quot;Intervals&quot; off and
          on to try again.
        </Alert>
      )}
    </>
  );
  return { on, full, payload: on ? full : withoutIntervals(full), control, status };
}

/** The stats modal hands its payloads by stat id: the recomputed one stands in for the stored one. */
const withPayload = (props: ViewProps, entry: StatEntry, payload: VisuPayload): ViewProps => ({
  ...props,
  payloads: new Map(props.payloads).set(entry.statId, payload),
});

function WeatherWindowChart({ props, entry }: { props: ViewProps; entry: StatEntry }) {
  const [measure, setMeasure] = useState<WindowMeasure>('probability');
  const settings = useWindowSettings(props, entry);
  const intervals = useIntervalsSwitch(props, entry, settings, {
    label: 'Intervals: the 90 % interval of each window probability',
    progress:
      "Computing the intervals: 1,000 resamples of the record's years per duration and month (a fraction of a second on a 40-year record)…",
    testId: 'window-intervals',
  });
  return (
    <Stack spacing={1}>
      <SimpleChart
        props={withPayload(props, entry, intervals.payload)}
        entry={entry}
        build={(p, legend) => weatherWindowOption(p, { measure, legend, pointName: props.point.name })}
        extra={settings.windows ? { windows: settings.windows } : undefined}
        controls={
          <>
            {settings.controls}
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
            {intervals.control}
          </>
        }
      />
      {intervals.status}
      <IntervalNote payload={intervals.full} on={intervals.on} />
      {settings.notes}
    </Stack>
  );
}

export const WeatherWindowView = perLevel(WeatherWindowChart);

function DowntimeChart({ props, entry }: { props: ViewProps; entry: StatEntry }) {
  const settings = useWindowSettings(props, entry);
  const intervals = useIntervalsSwitch(props, entry, settings, {
    label: 'Intervals: the 90 % interval of each waiting-time percentile',
    progress:
      "Computing the intervals: 1,000 resamples of the record's years per duration (about a second per duration on a 40-year record)…",
    testId: 'downtime-intervals',
  });
  const payload = intervals.payload;
  const durations = (payload.duration?.values ?? []) as number[];
  const percentiles = (payload.percentile?.values ?? []) as number[];
  const [duration, setDuration] = useState(0);
  const [text, setText] = useState(percentiles.join(','));
  // a recomputed run may have fewer durations than the one picked
  const picked = duration < durations.length ? duration : 0;
  let quantiles: number[] | undefined;
  let inputError = '';
  try {
    quantiles = parseQuantiles(text);
  } catch (error) {
    if (!(error instanceof ChartError)) throw error;
    inputError = error.message;
  }
  return (
    <Stack spacing={1}>
      <SimpleChart
        props={withPayload(props, entry, payload)}
        entry={entry}
        build={(p, legend) => {
          if (!quantiles) throw new ChartError(inputError as 'Invalid params amount');
          return downtimeOption(p, { duration: picked, quantiles, legend, pointName: props.point.name });
        }}
        extra={{
          classes: { duration: [picked] },
          ...(settings.windows ? { windows: settings.windows } : {}),
        }}
        controls={
          <>
            {settings.controls}
            <TextField
              select
              size="small"
              label="Duration"
              value={picked}
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
            {intervals.control}
          </>
        }
      />
      {intervals.status}
      <BeyondFollowUpNote payload={payload} duration={picked} />
      <WaitIntervalNote payload={intervals.full} on={intervals.on} />
      {settings.notes}
    </Stack>
  );
}

export const DowntimeView = perLevel(DowntimeChart);
