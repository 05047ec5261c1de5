// The period-by-period comparison under the cards (issue 30): months, bi-weeks or weeks; chosen
// percentiles; one table (a column per planning and percentile, the best per period and percentile marked)
// and one chart (the plannings side by side at the first chosen percentile), in one unit. Each value's
// year-block interval is a whisker on the chart; a value whose interval overlaps the best one's is marked
// "≈" (within the noise, issue 31).
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
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
import Typography from '@mui/material/Typography';
import { planningComparisonBars } from '@metocean/charts';
import { planningPercentileConventions } from '@metocean/contracts';
import { DURATION_DIGITS } from '@metocean/core';
import { FluidChart } from './FluidChart';
import { comparisonTable, withoutIntervalsText, type Breakdown, type ComparedPlanning } from './comparison';
import { intervalSummary } from './results';
import { RESULT_KINDS, type ResultKind } from './rules';

const BREAKDOWNS: { value: Breakdown; label: string }[] = [
  { value: 'MONTHLY', label: 'Month by month' },
  { value: 'BIWEEKLY', label: 'Bi-week by bi-week' },
  { value: 'WEEKLY', label: 'Week by week' },
];

const UNIT_NAMES = { h: 'hours', d: 'days', '%': 'percent' } as const;

export function PeriodComparison({
  plannings,
  kind,
  percentiles,
  initialPercentile,
}: {
  plannings: readonly ComparedPlanning[];
  kind: ResultKind;
  /** The percentiles every planning has. */
  percentiles: readonly number[];
  initialPercentile: number;
}) {
  const [breakdown, setBreakdown] = useState<Breakdown>('MONTHLY');
  const [chosen, setChosen] = useState<number[]>([initialPercentile]);
  const shown = chosen.filter((p) => percentiles.includes(p));
  const table = useMemo(
    () => comparisonTable(plannings, breakdown, kind, shown),
    [plannings, breakdown, kind, shown],
  );
  const digits = table.unit === '%' ? 1 : DURATION_DIGITS[table.unit];
  const ciText = `${Math.round((table.ci ?? 0.9) * 100)} %`;
  const intervalTitle = (i: readonly [number, number] | null) =>
    i === null
      ? undefined
      : `${ciText} interval ${i[0].toFixed(digits)}–${i[1].toFixed(digits)} ${table.unit}`;
  const label = RESULT_KINDS[kind].label;
  const first = shown[0];
  const chart = useMemo(
    () =>
      first === undefined
        ? null
        : planningComparisonBars({
            title: `${label} per period at P${first}`,
            unit: table.unit,
            periods: table.rows.map((r) => r.period),
            series: table.columns
              .map((c, k) => ({ c, k }))
              .filter(({ c }) => c.percentile === first)
              .map(({ c, k }) => ({
                name: c.name,
                values: table.rows.map((r) => r.values[k] ?? null),
                intervals: table.rows.map((r) => r.intervals[k] ?? null),
              })),
            intervals:
              table.ci === null
                ? undefined
                : {
                    ci: table.ci,
                    contexts: plannings.map(
                      (p) =>
                        intervalSummary(p.results, p.results[breakdown]) ?? {
                          ci: table.ci!,
                          years: {},
                          notes: {},
                        },
                    ),
                  },
            source: plannings
              .map(
                (p) => `${p.name}: ${p.results.period.start.slice(0, 4)}–${p.results.period.end.slice(0, 4)}`,
              )
              .join(' · '),
          }),
    [first, label, table, plannings, breakdown],
  );
  const toggle = (p: number) =>
    setChosen((list) =>
      list.includes(p)
        ? list.length > 1
          ? list.filter((q) => q !== p)
          : list
        : [...list, p].sort((a, b) => a - b),
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="period-comparison">
      <Typography variant="h3" sx={{ mb: 1 }}>
        {label}, period by period ({UNIT_NAMES[table.unit]})
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Tabs value={breakdown} onChange={(_, v: Breakdown) => setBreakdown(v)}>
          {BREAKDOWNS.map((b) => (
            <Tab key={b.value} value={b.value} label={b.label} />
          ))}
        </Tabs>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} aria-label="Percentiles">
          <Typography variant="body2" color="text.secondary">
            Percentiles:
          </Typography>
          {percentiles.map((p) => (
            <Chip
              key={p}
              size="small"
              label={`P${p}`}
              color={shown.includes(p) ? 'primary' : 'default'}
              variant={shown.includes(p) ? 'filled' : 'outlined'}
              onClick={() => toggle(p)}
              aria-pressed={shown.includes(p)}
            />
          ))}
        </Stack>
      </Stack>
      {chart && (
        <Box sx={{ mb: 2 }}>
          <FluidChart option={chart} height={360} testId="period-comparison-chart" />
        </Box>
      )}
      <TableContainer sx={{ maxHeight: 480 }}>
        <Table size="small" stickyHeader aria-label={`${label} per period (${table.unit})`}>
          <TableHead>
            <TableRow>
              <TableCell>Period</TableCell>
              {table.columns.map((c) => (
                <TableCell key={`${c.planningId}-${c.percentile}`} align="right">
                  {c.name} · P{c.percentile} ({table.unit})
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.map((row) => (
              <TableRow key={row.period} hover>
                <TableCell>{row.period}</TableCell>
                {row.values.map((v, k) => (
                  <TableCell
                    key={k}
                    align="right"
                    sx={row.best[k] ? { fontWeight: 700, color: 'success.dark' } : undefined}
                    data-best={row.best[k] ? 'true' : undefined}
                    data-noise={row.withinNoise[k] ? 'true' : undefined}
                    title={intervalTitle(row.intervals[k] ?? null)}
                  >
                    {v === null ? '–' : v.toFixed(digits)}
                    {row.best[k] ? ' ★' : ''}
                    {row.withinNoise[k] ? ' ≈' : ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        ★ the best planning of the period at that percentile (
        {RESULT_KINDS[kind].weatherWindow ? 'highest' : 'lowest'} value); none when the values are equal or
        only one planning has a value.
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block' }}
        data-testid="noise-legend"
      >
        {table.ci === null
          ? 'No intervals: these plannings were computed before intervals existed; launch them again to tell a real difference from the noise.'
          : `≈ within the noise: the value's ${ciText} interval overlaps the best planning's (the best is marked too when any other overlaps it; with no best, values whose intervals overlap). The data cannot tell these plannings apart at ${ciText}. Hover a value for its interval; a value without an interval (fewer than 5 years in the period) is never marked.`}
      </Typography>
      {table.ci !== null && table.withoutIntervals.length > 0 && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block' }}
          data-testid="noise-on-request"
        >
          {withoutIntervalsText(table.withoutIntervals)}
        </Typography>
      )}
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block' }}
        data-testid="percentile-convention"
      >
        {planningPercentileConventions[kind]}
      </Typography>
    </Paper>
  );
}
