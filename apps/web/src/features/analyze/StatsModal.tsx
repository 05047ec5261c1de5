// The stats modal (spec 002 'Stats modal', §4, §8): loads every statistic the view needs and shows a
// spinner until all are there; a help link opening in a new tab; wide for the views that need room. A
// load failure closes it (the tab shows the persistent notification).
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import type { VisuPayload } from '@metocean/contracts';
import { viewOf, type ViewKind } from '@metocean/charts';
import { ApiError } from '../../api/client';
import { useVisuPayloads } from './api';
import type { DownloadRights } from './ChartFrame';
import { companionsOf, type StatEntry } from './selection';
import type { ViewProps } from './views/frame';
import { ContourView } from './views/contours';
import {
  AnalyticalView,
  HistogramView,
  JointView,
  MonthlyStatsView,
  ProfileView,
  RoseView,
} from './views/distributions';
import { ExtremeTableView, ExtremeView } from './views/extremes';
import { TimeSeriesView } from './views/series';
import { DowntimeView, WeatherWindowView } from './views/windows';

const VIEWS: Record<ViewKind, ComponentType<ViewProps>> = {
  timeSeries: TimeSeriesView,
  concomitant: TimeSeriesView,
  histogram: HistogramView,
  monthlyStats: MonthlyStatsView,
  analytical: AnalyticalView,
  joint: JointView,
  rose: RoseView,
  weatherWindow: WeatherWindowView,
  downtime: DowntimeView,
  profile: ProfileView,
  extreme: ExtremeView,
  extremeTable: ExtremeTableView,
  contours: ContourView,
};

/**
 * Views that get the wide modal (spec 002: the chart area can be wide for one chart type): the time axes,
 * and the return-value tables (a column per return period, each a value and its interval).
 */
const WIDE: ReadonlySet<ViewKind> = new Set(['timeSeries', 'concomitant', 'extreme', 'extremeTable']);

export interface StatsModalProps {
  projectId: number;
  point: { id: number; name: string };
  /** The statistic at each level. */
  levels: StatEntry[];
  entries: StatEntry[];
  rights: DownloadRights;
  onClose: () => void;
  /** A load failure: the HTTP status (0 when unknown). */
  onFailure: (status: number) => void;
}

export default function StatsModal({
  projectId,
  point,
  levels,
  entries,
  rights,
  onClose,
  onFailure,
}: StatsModalProps) {
  const needed = useMemo(() => {
    const all = levels.flatMap((entry) => [entry, ...companionsOf(entry, entries)]);
    return [...new Map(all.map((e) => [e.statId, e])).values()];
  }, [levels, entries]);
  const results = useVisuPayloads(projectId, needed);
  const failure = results.find((r) => r.isError)?.error;
  useEffect(() => {
    if (failure) onFailure(failure instanceof ApiError ? failure.status : 0);
  }, [failure, onFailure]);
  const loaded = results.every((r) => r.isSuccess);
  const payloads = useMemo(() => {
    const map = new Map<string, VisuPayload>();
    results.forEach((r, i) => {
      if (r.data) map.set(needed[i]!.statId, r.data);
    });
    return map;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, needed]);
  const [levelIndex, setLevelIndex] = useState(0);
  const first = levels[0]!;
  const kind = viewOf(first.statId);
  const wide = WIDE.has(kind);
  const View = VIEWS[kind];
  // the title and the dataset table follow the level the view shows
  const main = payloads.get((levels[levelIndex] ?? first).statId);
  const k = main?.kwargs;
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      slotProps={{
        paper: {
          // the extreme tables hold seven return periods with their intervals (directional: nine sectors)
          sx: { width: kind === 'extremeTable' ? 1000 : wide ? 900 : 700, maxWidth: '96vw' },
          'data-testid': 'stats-modal',
        } as object,
      }}
    >
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h3" component="div">
            {k?.title ?? first.statId}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {point.name}
          </Typography>
        </Box>
        <Tooltip title="How to read this chart (opens a new tab)">
          <IconButton
            component="a"
            href={`/help/statistics#${first.code || first.id}`}
            target="_blank"
            rel="noopener"
            aria-label="Help"
          >
            <HelpOutlineIcon />
          </IconButton>
        </Tooltip>
      </DialogTitle>
      <DialogContent dividers>
        {!loaded || !main ? (
          <Box sx={{ display: 'grid', placeItems: 'center', height: 300 }} data-testid="stats-loading">
            <CircularProgress />
          </Box>
        ) : (
          <Stack spacing={2}>
            {k?.error && !['NOCYC', 'EXT', 'MAEXT', 'MIEXT'].includes(first.id) ? (
              <Typography color="warning.main">
                This statistic could not be computed for this point: {k.error}
              </Typography>
            ) : (
              <View
                projectId={projectId}
                point={point}
                levels={levels}
                entries={entries}
                payloads={payloads}
                rights={rights}
                wide={wide}
                levelIndex={levelIndex}
                onLevelChange={setLevelIndex}
              />
            )}
            <DatasetTable payload={main} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Where the numbers come from: the datasets table of the view. */
function DatasetTable({ payload }: { payload: VisuPayload }) {
  const k = payload.kwargs;
  const rows: [string, string][] = [
    ['Dataset', k.dataset],
    [
      'Node',
      k.node
        ? `${k.node.lat.toFixed(3)}°, ${k.node.lon.toFixed(3)}° (${k.node.distanceKm.toFixed(1)} km away)`
        : '-',
    ],
    ['Method', k.method],
  ];
  if (k.notice) rows.splice(1, 0, ['Notice', k.notice]);
  return (
    <Table size="small" data-testid="dataset-table">
      <TableBody>
        {rows.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell sx={{ width: 90, color: 'text.secondary', verticalAlign: 'top' }}>{name}</TableCell>
            <TableCell sx={{ color: name === 'Notice' ? 'warning.main' : undefined }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
