// The statistics step (spec 001 §2.6, §9): tabs per boat and per point; a card per operation of the boat
// (name, duration, constraints); a chart of the whole sequence's monthly percentiles; the numbers per
// operation; relaunch and export all.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { EChartsOption } from 'echarts';
import {
  conditionSymbols,
  contractorMessages,
  contractorPercentileConventions,
  intervalNotesText,
  variableLabel,
  yearBlockIntervalLabel,
  type ContractorResults,
} from '@metocean/contracts';
import { DURATION_UNIT_NAMES, durationIn, roundTo, tableDurationUnit } from '@metocean/core';
import { EChart } from '../analyze/EChart';
import { formatLabels } from './OutputsStep';
import { formatHours } from './rules';
import { formatAlpha, formatLimit } from '@metocean/core';

type Monthly = ContractorResults['dataByPoints'][string][string]['sequence'];
type Bands = NonNullable<ContractorResults['dataByPoints'][string][string]['intervals']>['sequence'];

const HOURS_PER_DAY = 24;

export function StatisticsStep({ results }: { results: ContractorResults }) {
  const [boatId, setBoatId] = useState(results.boats[0]?.id ?? 0);
  const [pointId, setPointId] = useState(results.points[0]?.id ?? 0);
  const boat = results.boats.find((b) => b.id === boatId) ?? results.boats[0]!;
  const point = results.points.find((p) => p.id === pointId) ?? results.points[0]!;
  const cell = results.dataByPoints[String(point.id)]?.[String(boat.id)];
  const notDoable = cell?.notDoable ?? {};
  const left = boat.operations.filter((o) => notDoable[String(o.id)] !== undefined);
  // issue 31: each percentile's year-block interval, in the table's unit (absent in older results)
  const bands = cell?.intervals;
  // one unit per table and axis (issue 30): DURATION is stored in days; hours while every value of this
  // point and boat stays under 220 h, so a 10 h transit reads 10 h, not 0.42 d
  const unit =
    results.dataFormat === 'DURATION' && cell
      ? tableDurationUnit(
          [
            ...[cell.sequence, ...Object.values(cell.operations)].flatMap((t) =>
              Object.values(t).flatMap((row) => Object.values(row)),
            ),
            // the intervals' bounds share the table, so its unit
            ...(bands ? [bands.sequence, ...Object.values(bands.operations)] : []).flatMap((t) =>
              Object.values(t).flatMap((row) => Object.values(row).flatMap((b) => b ?? [])),
            ),
          ].map((d) => (d === null ? null : d * HOURS_PER_DAY)),
        )
      : null;
  const value = (v: number | null | undefined): number | null =>
    v === null || v === undefined ? null : unit ? durationIn(v * HOURS_PER_DAY, unit) : roundTo(v, 1);
  const digits = unit === 'h' ? 0 : 1;
  const show = (v: number | null | undefined) => {
    const x = value(v);
    return x === null ? '–' : x.toFixed(digits);
  };
  const unitLabel = unit ? DURATION_UNIT_NAMES[unit] : results.unit;
  const title = `${formatLabels[results.dataFormat].label} (${unitLabel})`;
  const option: EChartsOption = {
    animation: false,
    title: {
      text: `${boat.name} at ${point.name}: whole sequence${left.length > 0 ? ` without ${left.map((o) => o.name).join(', ')}` : ''}`,
      subtext: title,
      left: 'center',
    },
    tooltip: { trigger: 'axis' },
    legend: { top: 58 },
    grid: { top: 96, left: 60, right: 30, bottom: 40 },
    xAxis: { type: 'category', data: results.periods },
    yAxis: { type: 'value', name: unit ?? results.unit },
    series: results.percentiles.map((p) => ({
      name: `P${p}`,
      type: 'line',
      data: results.periods.map((m) => value(cell?.sequence[`P${p}`]?.[m])),
    })),
  };
  const noneDoable = left.length === boat.operations.length;
  const empty = cell ? results.periods.every((m) => (cell.starts[m] ?? 0) === 0) : true;
  const rows = (label: string, table: Monthly | undefined, band: Bands | undefined) =>
    results.percentiles.map((p) => (
      <TableRow key={`${label}-${p}`}>
        <TableCell>{label}</TableCell>
        <TableCell>P{p}</TableCell>
        {results.periods.map((m) => {
          const b = band?.[`P${p}`]?.[m];
          return (
            <TableCell key={m} align="right" sx={{ whiteSpace: 'nowrap' }}>
              {show(table?.[`P${p}`]?.[m])}
              {b && (
                <Box
                  component="span"
                  data-testid="percentile-interval"
                  sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}
                >
                  [{show(b[0])}–{show(b[1])}]
                </Box>
              )}
            </TableCell>
          );
        })}
      </TableRow>
    ));
  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        <Tabs value={boat.id} onChange={(_, v: number) => setBoatId(v)} aria-label="Boats">
          {results.boats.map((b) => (
            <Tab key={b.id} value={b.id} label={b.name} />
          ))}
        </Tabs>
        <Tabs value={point.id} onChange={(_, v: number) => setPointId(v)} aria-label="Points">
          {results.points.map((p) => (
            <Tab key={p.id} value={p.id} label={p.name} />
          ))}
        </Tabs>
      </Paper>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        {boat.operations.map((o) => (
          <Card key={o.id} variant="outlined" sx={{ width: 260 }} data-testid="operation-card">
            <CardContent>
              <Typography variant="h3">{o.name}</Typography>
              <Typography color="text.secondary">{formatHours(o.duration)}</Typography>
              {notDoable[String(o.id)] !== undefined && (
                <Typography variant="body2" color="error" data-testid="not-doable">
                  {notDoable[String(o.id)]}
                </Typography>
              )}
              {o.constraints.map((c) => (
                <Typography key={c.id} variant="body2">
                  {variableLabel(c.varName, { units: false })} {conditionSymbols[c.condition]} {c.limit}{' '}
                  {c.unit}
                </Typography>
              ))}
            </CardContent>
          </Card>
        ))}
      </Stack>
      {noneDoable ? (
        <Alert severity="warning">
          No operation of {boat.name} is doable at {point.name}:{' '}
          {left.map((o) => `${o.name}, ${notDoable[String(o.id)]}`).join('; ')}.
        </Alert>
      ) : empty ? (
        <Alert severity="warning">{contractorMessages.restrictive}</Alert>
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
            <EChart option={option} width={900} height={380} testId="contractors-chart" />
          </Paper>
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={`${title} per month`}>
              <TableHead>
                <TableRow>
                  <TableCell>Item (values in {unitLabel})</TableCell>
                  <TableCell>Percentile</TableCell>
                  {results.periods.map((m) => (
                    <TableCell key={m} align="right">
                      {m}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {bands && (
                  <TableRow data-testid="interval-years">
                    <TableCell>Years of data</TableCell>
                    <TableCell />
                    {results.periods.map((m) => (
                      <TableCell key={m} align="right">
                        {bands.years[m] ?? 0}
                      </TableCell>
                    ))}
                  </TableRow>
                )}
                {rows(
                  left.length > 0
                    ? `Whole sequence without ${left.map((o) => o.name).join(', ')}`
                    : 'Whole sequence',
                  cell?.sequence,
                  bands?.sequence,
                )}
                {boat.operations.map((o) =>
                  notDoable[String(o.id)] !== undefined ? (
                    <TableRow key={o.id}>
                      <TableCell>{o.name}</TableCell>
                      <TableCell />
                      <TableCell colSpan={results.periods.length} sx={{ color: 'error.main' }}>
                        {notDoable[String(o.id)]}
                      </TableCell>
                    </TableRow>
                  ) : (
                    rows(o.name, cell?.operations[String(o.id)], bands?.operations[String(o.id)])
                  ),
                )}
              </TableBody>
            </Table>
          </Paper>
          <Box>
            {results.intervals && bands && (
              <Box data-testid="contractors-intervals" sx={{ mb: 1 }}>
                <Typography variant="body2">
                  In brackets under each percentile: its {yearBlockIntervalLabel(results.intervals)}, in{' '}
                  {unitLabel}; the years of data are the years with a start in the month.
                </Typography>
                {intervalNotesText(bands.notes, results.periods).map((line) => (
                  <Typography key={line} variant="body2" color="warning.main">
                    {line}.
                  </Typography>
                ))}
              </Box>
            )}
            <Typography variant="body2" data-testid="contractors-alpha" gutterBottom>
              {results.alpha
                ? `Alpha factors: ${results.alpha.name} (${results.alpha.source}); each upper limit ran as α × limit, TPOP = the operation's duration: ${
                    results.alpha.factored
                      .filter((f) => f.tripId === boat.name)
                      .map(
                        (f) =>
                          `${f.activityId} ${formatLimit(f.limit)} → ${formatLimit(f.effectiveLimit)} (α ${formatAlpha(f.alpha)})`,
                      )
                      .join('; ') || 'no constraint of this boat was factored'
                  }.`
                : 'Alpha factors: none (the raw limits of the constraints).'}
            </Typography>
            {results.alpha?.note && (
              <Typography variant="caption" color="text.secondary" component="p">
                {results.alpha.note}
              </Typography>
            )}
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              data-testid="percentile-convention"
            >
              {contractorPercentileConventions[results.dataFormat]}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Record {results.period.start.slice(0, 10)} to {results.period.end.slice(0, 10)};{' '}
              {cell?.censored ?? 0} of {cell?.totalStarts ?? 0} hourly starts end after the record and are
              left out.
            </Typography>
          </Box>
        </>
      )}
    </Stack>
  );
}
