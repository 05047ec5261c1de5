// Comparison `/downtime/{id}/comparison?ids=…` (spec 001 §2.4): one card per selected planning with its
// value at the chosen percentile and month, the "Best Result" badge, at most 4 trips, remove / "Add
// another result", and the cumulative-duration graph below 40 trips. The selection lives in the URL; the
// month is remembered in localStorage.
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { planningCumulative } from '@metocean/charts';
import { formatDurationIn, tableDurationUnit, type DurationUnit } from '@metocean/core';
import { planningResults, type Planning, type PlanningResults, type Project } from '@metocean/contracts';
import { apiRequest, errorMessage } from '../../api/client';
import { SectionLoader } from '../../components/Loader';
import { FluidChart } from './FluidChart';
import { PeriodComparison } from './ComparisonTable';
import { DowntimeFrame, DowntimeHeader } from './frame';
import { downtimeKeys, downtimePaths, usePlannings } from './queries';
import {
  DASHBOARD_TEXTS,
  MONTH_LABELS,
  MONTH_STORAGE_KEY,
  RESULT_KINDS,
  bestResult,
  cardTrips,
  commonPercentiles,
  defaultPercentile,
  formatPercent,
  initialMonth,
  showCumulative,
  type ResultKind,
} from './rules';

function readStoredMonth(): string | null {
  try {
    return window.localStorage.getItem(MONTH_STORAGE_KEY);
  } catch {
    return null;
  }
}

interface CardData {
  planning: Planning;
  results: PlanningResults | undefined;
  error: unknown;
}

/** The whole-sequence value and per-trip values of one planning for the filters; null when absent. */
function valuesOf(results: PlanningResults | undefined, kind: ResultKind, percentile: number, month: string) {
  if (!results) return null;
  const monthly = results.MONTHLY;
  if (!monthly.percentiles.includes(percentile) || !monthly.periods.includes(month)) return null;
  const data = monthly[kind];
  const overall = data.wholeSequenceScenarios[`P${percentile}`]?.[month] ?? null;
  const trips = results.trips.map((trip) => ({
    trip,
    value: data.tripsScenarios[trip]?.[month]?.[`P${percentile}`] ?? null,
  }));
  return { overall, trips };
}

function PlanningCard({
  card,
  kind,
  percentile,
  month,
  best,
  unit,
  onRemove,
}: {
  card: CardData;
  kind: ResultKind;
  percentile: number;
  month: string;
  best: boolean;
  /** The one unit of every card's durations (issue 30: "169 h" beside "11.3 d" read as unlike things). */
  unit: DurationUnit;
  onRemove: () => void;
}) {
  const [tab, setTab] = useState('Overall');
  const values = valuesOf(card.results, kind, percentile, month);
  const format =
    RESULT_KINDS[kind].unit === 'h'
      ? (hours: number | null) => (hours === null ? '–' : `${formatDurationIn(hours, unit)} ${unit}`)
      : formatPercent;
  const shown = values ? cardTrips(values.trips, kind) : [];
  const current = tab === 'Overall' ? values?.overall : shown.find((t) => t.trip === tab)?.value;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, width: 300, position: 'relative' }}
      data-testid={`comparison-card-${card.planning.id}`}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h3" noWrap sx={{ flex: 1 }} title={card.planning.name}>
          {card.planning.name}
        </Typography>
        <IconButton size="small" onClick={onRemove} aria-label={`Remove ${card.planning.name}`}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      {best && (
        <Chip
          size="small"
          color="success"
          icon={<EmojiEventsIcon />}
          label="Best Result"
          sx={{ mb: 1 }}
          data-testid="best-result"
        />
      )}
      {card.error ? (
        <Alert severity="error">{errorMessage(card.error)}</Alert>
      ) : !card.results ? (
        <SectionLoader />
      ) : !values ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {DASHBOARD_TEXTS.noData}
        </Typography>
      ) : (
        <>
          <Tabs
            value={shown.some((t) => t.trip === tab) ? tab : 'Overall'}
            onChange={(_, v: string) => setTab(v)}
            variant="scrollable"
            sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, minWidth: 0, px: 1.25 } }}
          >
            <Tab value="Overall" label="Overall" />
            {shown.map((t) => (
              <Tab key={t.trip} value={t.trip} label={`Trip ${t.trip}`} />
            ))}
          </Tabs>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
            {RESULT_KINDS[kind].label} · P{percentile} · {month}
          </Typography>
          <Typography variant="h2" component="p" data-testid="card-value" data-value={current ?? ''}>
            {format(current ?? null)}
          </Typography>
        </>
      )}
    </Paper>
  );
}

/** The plannings with results not yet compared, in a modal (spec 001 §2.2). */
function AddPlanningDialog({
  available,
  onPick,
  onClose,
}: {
  available: Planning[];
  onPick: (id: number) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Add another result</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <List dense sx={{ maxHeight: 320, overflowY: 'auto' }}>
          {available.map((p) => (
            <ListItemButton key={p.id} onClick={() => onPick(p.id)}>
              <ListItemText primary={p.name} secondary={p.points.map((point) => point.name).join(', ')} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

function Comparison({ project }: { project: Project }) {
  const [params, setParams] = useSearchParams();
  const plannings = usePlannings(project.id, '-id');
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const withResults = (plannings.data ?? []).filter((p) => p.hasJsonResults);
  const selected = ids
    .map((id) => withResults.find((p) => p.id === id))
    .filter((p): p is Planning => p !== undefined);
  const available = withResults.filter((p) => !ids.includes(p.id));
  const queries = useQueries({
    queries: selected.map((p) => ({
      queryKey: downtimeKeys.results(p.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest(downtimePaths.results(p.id), { schema: planningResults, signal, forbidden: 'throw' }),
      staleTime: Infinity,
    })),
  });
  const cards: CardData[] = selected.map((planning, i) => ({
    planning,
    results: queries[i]?.data,
    error: queries[i]?.error,
  }));
  const percentiles = commonPercentiles(
    cards.map((c) => c.results?.MONTHLY.percentiles ?? []).filter((l) => l.length > 0),
  );
  const [kind, setKind] = useState<ResultKind>('distribsOfAllDelay');
  const [chosenPercentile, setPercentile] = useState<number | null>(null);
  const percentile =
    chosenPercentile !== null && percentiles.includes(chosenPercentile)
      ? chosenPercentile
      : defaultPercentile(percentiles);
  const [month, setMonthState] = useState(() => initialMonth(readStoredMonth()));
  const setMonth = (value: string) => {
    setMonthState(value);
    try {
      window.localStorage.setItem(MONTH_STORAGE_KEY, value);
    } catch {
      // Private modes may refuse storage: the month just is not remembered.
    }
  };
  const [adding, setAdding] = useState(false);
  const setIds = (next: number[]) => setParams({ ids: next.join(',') }, { replace: true });

  // one unit for all the cards: days when any value they can show passes 220 h (the tables' rule)
  const cardUnit = tableDurationUnit(
    cards.flatMap((c) => {
      const values = valuesOf(c.results, kind, percentile ?? 50, month);
      return values ? [values.overall, ...values.trips.map((t) => t.value)] : [];
    }),
  );
  const best =
    percentile === null
      ? null
      : bestResult(
          cards.map((c) => ({
            id: c.planning.id,
            kind,
            value: valuesOf(c.results, kind, percentile, month)?.overall ?? null,
          })),
        );
  const tripCount = Math.max(0, ...cards.map((c) => c.results?.trips.length ?? 0));
  const cumulative = (() => {
    if (percentile === null || !showCumulative(tripCount) || RESULT_KINDS[kind].unit !== 'h') return null;
    const series = cards
      .map((c) => ({
        name: c.planning.name,
        trips: valuesOf(c.results, kind, percentile, month)?.trips ?? [],
      }))
      .filter((s) => s.trips.length > 0);
    if (series.length === 0) return null;
    return planningCumulative({
      title: `Cumulative ${RESULT_KINDS[kind].label.toLowerCase()} trip after trip (P${percentile}, ${month})`,
      unit: 'h',
      series,
    });
  })();

  const dashboard = `/downtime/${project.id}`;
  return (
    <>
      <DowntimeHeader
        project={project}
        title="Compare results"
        trail={[{ to: dashboard, label: 'Advanced Weather Downtime' }]}
      />
      {plannings.isPending ? (
        <SectionLoader />
      ) : selected.length < 2 ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={dashboard}>
              Back to the plannings
            </Button>
          }
        >
          {DASHBOARD_TEXTS.compareTooltip}.
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label="Result"
              value={kind}
              onChange={(e) => setKind(e.target.value as ResultKind)}
              sx={{ width: 220 }}
            >
              {(Object.keys(RESULT_KINDS) as ResultKind[]).map((k) => (
                <MenuItem key={k} value={k}>
                  {RESULT_KINDS[k].label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Percentile"
              value={percentile ?? ''}
              onChange={(e) => setPercentile(Number(e.target.value))}
              sx={{ width: 130 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'percentile-select' } as object } }}
            >
              {percentiles.map((p) => (
                <MenuItem key={p} value={p}>
                  P{p}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Month"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              sx={{ width: 120 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'month-select' } as object } }}
            >
              {MONTH_LABELS.map((m) => (
                <MenuItem key={m} value={m}>
                  {m}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ flex: 1 }} />
            <Button startIcon={<AddIcon />} disabled={available.length === 0} onClick={() => setAdding(true)}>
              Add another result
            </Button>
          </Stack>
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            {cards.map((card) => (
              <PlanningCard
                key={card.planning.id}
                card={card}
                kind={kind}
                percentile={percentile ?? 50}
                month={month}
                best={best === card.planning.id}
                unit={cardUnit}
                onRemove={() => setIds(ids.filter((id) => id !== card.planning.id))}
              />
            ))}
          </Stack>
          {adding && (
            <AddPlanningDialog
              available={available}
              onPick={(id) => {
                setIds([...ids, id]);
                setAdding(false);
              }}
              onClose={() => setAdding(false)}
            />
          )}
          {cumulative && (
            <Paper variant="outlined" sx={{ p: 1 }}>
              <FluidChart option={cumulative} height={340} testId="comparison-cumulative" />
            </Paper>
          )}
          {percentile !== null && cards.every((c) => c.results) && (
            <PeriodComparison
              plannings={cards.map((c) => ({
                id: c.planning.id,
                name: c.planning.name,
                results: c.results!,
              }))}
              kind={kind}
              percentiles={percentiles}
              initialPercentile={percentile}
            />
          )}
        </Stack>
      )}
    </>
  );
}

export function ComparisonPage() {
  return <DowntimeFrame>{(project) => <Comparison project={project} />}</DowntimeFrame>;
}
