// Results of one finished planning `/downtime/{id}/results/{planningId}` (issue 24 "Results"): per
// breakdown, the percentiles of the chosen data set per period (table and grouped bars), the per-trip
// stacked values at one percentile, and the censored starts stated.
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
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
import { errorMessage } from '../../api/client';
import { SectionLoader } from '../../components/Loader';
import { EChart } from '../analyze/EChart';
import { DowntimeFrame, DowntimeHeader } from './frame';
import { PlanningGantt } from './PlanningGantt';
import { usePlannings, usePlanningResults } from './queries';
import { formatDuration, formatPercent } from './rules';
import { RESULT_DATASETS, type ResultDataset } from './results';

const BREAKDOWNS = [
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'BIWEEKLY', label: 'Bi-weekly' },
  { value: 'WEEKLY', label: 'Weekly' },
] as const;
type BreakdownKey = (typeof BREAKDOWNS)[number]['value'];

function ResultsBody({ name, results }: { name: string; results: PlanningResults }) {
  const [breakdown, setBreakdown] = useState<BreakdownKey>('MONTHLY');
  const [dataset, setDataset] = useState<ResultDataset>('distribsOfAllDurations');
  const data = results[breakdown];
  const [tripPercentile, setTripPercentile] = useState<number>(
    data.percentiles.includes(50) ? 50 : (data.percentiles[0] ?? 50),
  );
  const meta = RESULT_DATASETS[dataset];
  const distribution = data[dataset];
  const source = `${name} · ${results.period.start.slice(0, 10)} to ${results.period.end.slice(0, 10)}`;
  const bars = useMemo(
    () =>
      distribution
        ? planningPercentileBars({
            title: `${meta.label} per period`,
            unit: meta.unit,
            periods: data.periods,
            percentiles: data.percentiles,
            values: distribution.wholeSequenceScenarios,
            source,
          })
        : null,
    [distribution, meta, data, source],
  );
  const stack = useMemo(
    () =>
      distribution && meta.unit === 'h'
        ? planningTripStack({
            title: `${meta.label} per trip at P${tripPercentile}`,
            unit: meta.unit,
            periods: data.periods,
            trips: results.trips,
            percentile: tripPercentile,
            values: distribution.tripsScenarios,
            source,
          })
        : null,
    [distribution, meta, data, results.trips, tripPercentile, source],
  );
  const format = meta.unit === 'h' ? formatDuration : formatPercent;
  const available = Object.keys(RESULT_DATASETS) as ResultDataset[];

  return (
    <Stack spacing={2}>
      <Alert severity={results.censored > 0 ? 'info' : 'success'} data-testid="censored-count">
        {results.censored > 0
          ? `${results.censored.toLocaleString('en')} of ${results.totalStarts.toLocaleString('en')} hourly starts could not finish before the end of the data and are left out of every statistic.`
          : 'Every hourly start finished before the end of the data: none is left out.'}
      </Alert>
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
      </Stack>
      {bars && (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <EChart option={bars} width={1100} height={380} testId="results-bars" />
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
                      P{p} ({meta.unit === 'h' ? 'h or d' : '%'})
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
          <EChart option={stack} width={1100} height={380} testId="results-trips" />
        </Paper>
      )}
    </Stack>
  );
}

function Results({ project }: { project: Project }) {
  const { planningId } = useParams();
  const id = Number(planningId);
  const plannings = usePlannings(project.id, '-id');
  const planning = plannings.data?.find((p) => p.id === id);
  const results = usePlanningResults(planning?.hasJsonResults ? id : null);
  return (
    <>
      <DowntimeHeader
        project={project}
        title={planning ? `Results · ${planning.name}` : 'Results'}
        trail={[{ to: `/downtime/${project.id}`, label: 'Advanced Weather Downtime' }]}
      />
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
          <ResultsBody name={planning.name} results={results.data} />
          {planning.trips && planning.trips.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
              <PlanningGantt trips={planning.trips} />
            </Paper>
          )}
        </>
      )}
    </>
  );
}

export function ResultsPage() {
  return <DowntimeFrame>{(project) => <Results project={project} />}</DowntimeFrame>;
}
