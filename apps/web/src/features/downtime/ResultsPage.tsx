// Results of one finished planning `/downtime/{id}/results/{planningId}` (issue 24 "Results"): per
// breakdown, the percentiles of the chosen data set per period (table and grouped bars), the per-trip
// stacked values at one percentile, and the censored starts stated; the alpha factors applied and the
// planning with and without them side by side (issue 32, AlphaResults.tsx).
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import DownloadIcon from '@mui/icons-material/Download';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { planningPercentileBars, planningTripStack } from '@metocean/charts';
import { planningPercentileConventions, type PlanningResults, type Project } from '@metocean/contracts';
import { durationIn, formatDurationIn, tableDurationUnit } from '@metocean/core';
import { errorMessage } from '../../api/client';
import { SectionLoader } from '../../components/Loader';
import { FluidChart } from './FluidChart';
import { DowntimeFrame, DowntimeHeader } from './frame';
import { AlphaSideBySide, AlphaSummaryPanel } from './AlphaResults';
import { PlanningGantt } from './PlanningGantt';
import {
  downloadPlanning,
  usePlannings,
  usePlanningIntervals,
  usePlanningResults,
  usePlanningTrips,
} from './queries';
import {
  RESULT_DATASETS,
  intervalCaption,
  intervalsOnRequest,
  intervalSummary,
  noIntervalsCaption,
  recordText,
  type ResultDataset,
} from './results';

const BREAKDOWNS = [
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'BIWEEKLY', label: 'Bi-weekly' },
  { value: 'WEEKLY', label: 'Weekly' },
] as const;
type BreakdownKey = (typeof BREAKDOWNS)[number]['value'];

function ResultsBody({ id, name, results }: { id: number; name: string; results: PlanningResults }) {
  const [breakdown, setBreakdown] = useState<BreakdownKey>('MONTHLY');
  // issue 31, session 31: the planning computed the monthly intervals; the bi-weekly and weekly ones are
  // computed when their "Intervals" switch is turned on (stored ones are drawn at once)
  const [shown, setShown] = useState<Record<BreakdownKey, boolean>>({
    MONTHLY: true,
    BIWEEKLY: Boolean(results.BIWEEKLY.intervalYears),
    WEEKLY: Boolean(results.WEEKLY.intervalYears),
  });
  const computing = usePlanningIntervals(id);
  const [dataset, setDataset] = useState<ResultDataset>('distribsOfAllDurations');
  const data = results[breakdown];
  const [tripPercentile, setTripPercentile] = useState<number>(
    data.percentiles.includes(50) ? 50 : (data.percentiles[0] ?? 50),
  );
  const meta = RESULT_DATASETS[dataset];
  const distribution = data[dataset];
  const source = `${name} · ${results.period.start.slice(0, 10)} to ${results.period.end.slice(0, 10)}`;
  // one unit per table and chart (issue 30): this data set's durations in hours, or all in days when one
  // passes 220 h (spec 001 §9); percent data sets stay in percent
  const unit = useMemo(
    () =>
      distribution && meta.unit === 'h'
        ? tableDurationUnit([
            ...Object.values(distribution.wholeSequenceScenarios).flatMap((r) => Object.values(r)),
            ...Object.values(distribution.tripsScenarios).flatMap((byPeriod) =>
              Object.values(byPeriod).flatMap((r) => Object.values(r)),
            ),
          ])
        : null,
    [distribution, meta],
  );
  const inUnit = useMemo(() => {
    const convert = (row: Record<string, number | null>) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, v === null || unit === null ? v : durationIn(v, unit)]),
      );
    const bounds = (row: Record<string, [number, number] | null>) =>
      Object.fromEntries(
        Object.entries(row).map(([k, i]) => [
          k,
          i === null || unit === null ? i : ([durationIn(i[0], unit), durationIn(i[1], unit)] as const),
        ]),
      );
    return distribution
      ? {
          wholeIntervals: Object.fromEntries(
            Object.entries(distribution.wholeSequenceIntervals ?? {}).map(([k, r]) => [k, bounds(r)]),
          ),
          tripIntervals: Object.fromEntries(
            Object.entries(distribution.tripsIntervals ?? {}).map(([trip, byPeriod]) => [
              trip,
              Object.fromEntries(Object.entries(byPeriod).map(([period, r]) => [period, bounds(r)])),
            ]),
          ),
          whole: Object.fromEntries(
            Object.entries(distribution.wholeSequenceScenarios).map(([k, r]) => [k, convert(r)]),
          ),
          trips: Object.fromEntries(
            Object.entries(distribution.tripsScenarios).map(([trip, byPeriod]) => [
              trip,
              Object.fromEntries(Object.entries(byPeriod).map(([period, r]) => [period, convert(r)])),
            ]),
          ),
        }
      : null;
  }, [distribution, unit]);
  const chartUnit = unit ?? meta.unit;
  const onRequest = breakdown !== 'MONTHLY' && intervalsOnRequest(data);
  const offerSwitch = breakdown !== 'MONTHLY' && (onRequest || Boolean(data.intervalYears));
  const on = shown[breakdown];
  const { mutate, isIdle, isPending, isError, error, reset, variables } = computing;
  useEffect(() => {
    if (on && onRequest && (isIdle || variables !== breakdown) && !isPending) mutate(breakdown);
  }, [on, onRequest, breakdown, isIdle, isPending, variables, mutate]);
  // the whiskers (issue 31): the year-block bootstrap interval of each value, and the years it rests on
  const summary = useMemo(() => (on ? intervalSummary(results, data) : null), [on, results, data]);
  const caption =
    summary || !(offerSwitch || data.intervalsNote)
      ? intervalCaption(summary, data.periods, results.intervals?.resamples)
      : noIntervalsCaption(data);
  const bars = useMemo(
    () =>
      inUnit
        ? planningPercentileBars({
            title: `${meta.label} per period`,
            unit: chartUnit,
            periods: data.periods,
            percentiles: data.percentiles,
            values: inUnit.whole,
            source,
            intervals: summary ? { byPercentile: inUnit.wholeIntervals, context: summary } : undefined,
          })
        : null,
    [inUnit, meta, data, source, chartUnit, summary],
  );
  const stack = useMemo(
    () =>
      inUnit && meta.unit === 'h'
        ? planningTripStack({
            title: `${meta.label} per trip at P${tripPercentile}`,
            unit: chartUnit,
            periods: data.periods,
            trips: results.trips,
            percentile: tripPercentile,
            values: inUnit.trips,
            source,
            intervals: summary ? { byTrip: inUnit.tripIntervals, context: summary } : undefined,
          })
        : null,
    [inUnit, meta, data, results.trips, tripPercentile, source, chartUnit, summary],
  );
  // the unit is in the header: cells hold the number alone, percent to 0.1
  const format = (v: number | null | undefined) =>
    unit !== null
      ? formatDurationIn(v, unit)
      : v === null || v === undefined || !Number.isFinite(v)
        ? '–'
        : v.toFixed(1);
  const available = Object.keys(RESULT_DATASETS) as ResultDataset[];

  return (
    <Stack spacing={2}>
      <Typography variant="body2" data-testid="record-used">
        {recordText(results.period)}
      </Typography>
      <Alert severity={results.censored > 0 ? 'info' : 'success'} data-testid="censored-count">
        {results.censored > 0
          ? `${results.censored.toLocaleString('en')} of ${results.totalStarts.toLocaleString('en')} hourly starts could not finish before the end of the data and are left out of every statistic.`
          : 'Every hourly start finished before the end of the data: none is left out.'}
      </Alert>
      <AlphaSummaryPanel results={results} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Tabs value={breakdown} onChange={(_, v: BreakdownKey) => setBreakdown(v)}>
          {BREAKDOWNS.map((b) => (
            <Tab key={b.value} value={b.value} label={b.label} />
          ))}
        </Tabs>
        <TextField
          select
          size="small"
          label="Result"
          value={dataset}
          onChange={(event) => setDataset(event.target.value as ResultDataset)}
          sx={{ width: 260 }}
        >
          {available.map((k) => (
            <MenuItem key={k} value={k}>
              {RESULT_DATASETS[k].label}
            </MenuItem>
          ))}
        </TextField>
        {offerSwitch && (
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={on}
                onChange={(e) => {
                  setShown({ ...shown, [breakdown]: e.target.checked });
                  // a failed attempt is tried again when the switch is turned on again
                  if (e.target.checked && isError) reset();
                }}
                slotProps={{
                  input: { 'aria-label': 'Intervals: the 90 % interval of each value of this breakdown' },
                }}
              />
            }
            label="Intervals"
          />
        )}
      </Stack>
      {on && onRequest && isPending && (
        <Box sx={{ maxWidth: 600 }} data-testid="results-intervals-progress">
          <Typography variant="caption" color="text.secondary">
            Computing the {breakdown === 'WEEKLY' ? 'weekly' : 'bi-weekly'} intervals: the plan simulated
            again and 1,000 resamples of the record&apos;s years (about a second on a 40-year record)…
          </Typography>
          <LinearProgress />
        </Box>
      )}
      {on && onRequest && isError && variables === breakdown && (
        <Alert severity="error" sx={{ maxWidth: 600 }} data-testid="results-intervals-error">
          The intervals could not be computed: {error.message}. Switch &quot;Intervals&quot; off and on to try
          again.
        </Alert>
      )}
      {bars && (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <FluidChart option={bars} height={380} testId="results-bars" />
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ px: 1 }}
            data-testid="results-bars-intervals"
          >
            {caption}
          </Typography>
        </Paper>
      )}
      {distribution && (
        <Paper variant="outlined">
          <TableContainer sx={{ maxHeight: 420 }}>
            <Table size="small" stickyHeader aria-label={`${meta.label} per period`}>
              <TableHead>
                <TableRow>
                  <TableCell>Period</TableCell>
                  <TableCell align="right">Starts</TableCell>
                  {data.percentiles.map((p) => (
                    <TableCell key={p} align="right">
                      P{p} ({unit ?? '%'})
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.periods.map((period) => (
                  <TableRow key={period} hover>
                    <TableCell>{period}</TableCell>
                    <TableCell align="right">{(data.starts[period] ?? 0).toLocaleString('en')}</TableCell>
                    {data.percentiles.map((p) => (
                      <TableCell key={p} align="right">
                        {format(distribution.wholeSequenceScenarios[`P${p}`]?.[period])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ px: 2, py: 1 }}
            data-testid="percentile-convention"
          >
            {planningPercentileConventions[dataset]}
          </Typography>
        </Paper>
      )}
      <AlphaSideBySide results={results} breakdown={breakdown} dataset={dataset} />
      {stack && (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'flex-end', px: 1 }}>
            <TextField
              select
              size="small"
              label="Trip percentile"
              value={tripPercentile}
              onChange={(event) => setTripPercentile(Number(event.target.value))}
              sx={{ width: 160 }}
            >
              {data.percentiles.map((p) => (
                <MenuItem key={p} value={p}>
                  P{p}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <FluidChart option={stack} height={380} testId="results-trips" />
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ px: 1 }}
            data-testid="results-trips-intervals"
          >
            {caption}
            {caption.startsWith('Whiskers') ? " Each trip's whisker stands on the trips below it." : ''}
          </Typography>
        </Paper>
      )}
    </Stack>
  );
}

/** The plan's Gantt under the results (the list of plannings does not carry the trips: read them here). */
function PlanGantt({ id }: { id: number }) {
  const trips = usePlanningTrips(id);
  if (trips.error) return <Alert severity="error">{errorMessage(trips.error)}</Alert>;
  if (!trips.data || trips.data.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <PlanningGantt trips={trips.data} />
    </Paper>
  );
}

function Results({ project }: { project: Project }) {
  const { planningId } = useParams();
  const id = Number(planningId);
  const plannings = usePlannings(project.id, '-id');
  const planning = plannings.data?.find((p) => p.id === id);
  const results = usePlanningResults(planning?.hasJsonResults ? id : null);
  const [downloadFailure, setDownloadFailure] = useState<string | null>(null);
  return (
    <>
      <DowntimeHeader
        project={project}
        title={planning ? `Results · ${planning.name}` : 'Results'}
        trail={[{ to: `/downtime/${project.id}`, label: 'Advanced Weather Downtime' }]}
        actions={
          planning?.hasJsonResults ? (
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => {
                setDownloadFailure(null);
                downloadPlanning(planning).catch((caught: unknown) =>
                  setDownloadFailure(errorMessage(caught)),
                );
              }}
            >
              Download outputs
            </Button>
          ) : undefined
        }
      />
      {downloadFailure && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setDownloadFailure(null)}>
          {downloadFailure}
        </Alert>
      )}
      {plannings.isPending ? (
        <SectionLoader />
      ) : !planning ? (
        <Alert severity="warning">This planning does not exist or is not in this project.</Alert>
      ) : !planning.hasJsonResults ? (
        <Alert severity="info">This planning has no results yet.</Alert>
      ) : results.error ? (
        <Alert severity="error">{errorMessage(results.error)}</Alert>
      ) : results.isPending ? (
        <SectionLoader />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Percentiles of all hourly starts of the period, every year pooled. Hover a bar to read its value.
          </Typography>
          <ResultsBody id={planning.id} name={planning.name} results={results.data} />
          <PlanGantt id={planning.id} />
        </>
      )}
    </>
  );
}

export function ResultsPage() {
  return <DowntimeFrame>{(project) => <Results project={project} />}</DowntimeFrame>;
}
