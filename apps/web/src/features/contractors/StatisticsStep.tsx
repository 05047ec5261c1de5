// The statistics step (spec 001 §2.6, §9): tabs per boat and per point; a card per operation of the boat
// (name, duration, constraints); a chart of the whole sequence's monthly percentiles; the numbers per
// operation; relaunch and export all.
import { useMemo, useState } from 'react';
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
  variableLabel,
  type ContractorResults,
} from '@metocean/contracts';
import { EChart } from '../analyze/EChart';
import { formatLabels } from './OutputsStep';
import { formatHours } from './rules';

type Monthly = ContractorResults['dataByPoints'][string][string]['sequence'];

const show = (v: number | null | undefined, digits: number) =>
  v === null || v === undefined ? '–' : v.toFixed(digits);

export function StatisticsStep({ results }: { results: ContractorResults }) {
  const [boatId, setBoatId] = useState(results.boats[0]?.id ?? 0);
  const [pointId, setPointId] = useState(results.points[0]?.id ?? 0);
  const boat = results.boats.find((b) => b.id === boatId) ?? results.boats[0]!;
  const point = results.points.find((p) => p.id === pointId) ?? results.points[0]!;
  const cell = results.dataByPoints[String(point.id)]?.[String(boat.id)];
  const digits = results.dataFormat === 'DURATION' ? 2 : 1;
  const title = `${formatLabels[results.dataFormat].label} (${results.unit})`;
  const option = useMemo<EChartsOption>(
    () => ({
      animation: false,
      title: { text: `${boat.name} at ${point.name}: whole sequence`, subtext: title, left: 'center' },
      tooltip: { trigger: 'axis' },
      legend: { top: 50 },
      grid: { top: 90, left: 60, right: 30, bottom: 40 },
      xAxis: { type: 'category', data: results.periods },
      yAxis: { type: 'value', name: results.unit },
      series: results.percentiles.map((p) => ({
        name: `P${p}`,
        type: 'line',
        data: results.periods.map((m) => cell?.sequence[`P${p}`]?.[m] ?? null),
      })),
    }),
    [boat, point, cell, results, title],
  );
  const empty = cell ? results.periods.every((m) => cell.starts[m] === 0) : true;
  const rows = (label: string, table: Monthly | undefined) =>
    results.percentiles.map((p) => (
      <TableRow key={`${label}-${p}`}>
        <TableCell>{label}</TableCell>
        <TableCell>P{p}</TableCell>
        {results.periods.map((m) => (
          <TableCell key={m} align="right">
            {show(table?.[`P${p}`]?.[m], digits)}
          </TableCell>
        ))}
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
      {empty ? (
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
                  <TableCell>Item</TableCell>
                  <TableCell>Percentile</TableCell>
                  {results.periods.map((m) => (
                    <TableCell key={m} align="right">
                      {m}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows('Whole sequence', cell?.sequence)}
                {boat.operations.map((o) => rows(o.name, cell?.operations[String(o.id)]))}
              </TableBody>
            </Table>
          </Paper>
          <Box>
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
