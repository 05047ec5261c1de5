// The Gantt of a planning (spec 001 §2.3, §3 "Gantt task", §4, §9): trips › tasks › activities with nominal
// durations laid end to end, the contingency shaded (the light part of each activity's bar), a trip or a
// task as a plain summary bar spanning its children, Hour / Day / Week / Month, collapsible trips and
// tasks, and an axis read as a calendar from an example start or as hours from the start (issue 30; the
// choice is remembered in this browser). Drawn in SVG here: the library it replaced drew group bars with
// wedges and could only label a calendar, in the browser's time zone. Read-only.
import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  GANTT_AXES,
  GANTT_PX_PER_HOUR,
  GANTT_SIZES,
  GANTT_VIEW_MODES,
  defaultViewMode,
  ganttRows,
  ganttTicks,
  planHours,
  type GanttAxis,
  type GanttRow,
  type GanttViewMode,
  type PlanTrip,
} from './gantt';

// The Gantt shows the plan without weather from an example start (a Monday 00:00 UTC): only durations matter.
const ORIGIN = new Date(Date.UTC(2000, 0, 3));
const HOUR_MS = 3_600_000;
const AXIS_STORAGE_KEY = 'metocean.ganttAxis';
const LIST_WIDTH = 180;
const HOURS_WIDTH = 56;
const HEADER_HEIGHT = 36;

const colours = {
  nominal: '#1f6fb2',
  contingency: '#a9c9e6',
  group: '#5b6b7f',
  grid: '#e3e7ec',
  label: '#3d4b5c',
};

function readStoredAxis(): GanttAxis {
  try {
    return window.localStorage.getItem(AXIS_STORAGE_KEY) === 'relative' ? 'relative' : 'calendar';
  } catch {
    return 'calendar';
  }
}

const hoursOf = (row: GanttRow) => Math.round((row.end.getTime() - row.start.getTime()) / HOUR_MS);
const startHour = (row: GanttRow) => (row.start.getTime() - ORIGIN.getTime()) / HOUR_MS;

function TooltipText({ row }: { row: GanttRow }) {
  const hours = hoursOf(row);
  const from = startHour(row);
  return (
    <>
      <b>{row.name}</b>
      <div>
        {hours} h, of which {row.minDuration} h minimum
        {row.inputContingencyTime ? ` + ${row.inputContingencyTime} % contingency` : ''}
      </div>
      <div>
        from {from} h to {from + hours} h after the start
      </div>
      {row.environment && <div>environment: {row.environment}</div>}
    </>
  );
}

function Bar({ row, y, pxPerHour }: { row: GanttRow; y: number; pxPerHour: number }) {
  const x = startHour(row) * pxPerHour;
  const width = Math.max(2, hoursOf(row) * pxPerHour);
  const { rowHeight } = GANTT_SIZES;
  let shape: ReactNode;
  if (row.type === 'project') {
    // a trip or a task: one plain bar from its first child's start to its last child's end
    const height = 8;
    shape = (
      <rect
        x={x}
        y={y + (rowHeight - height) / 2}
        width={width}
        height={height}
        rx={2}
        fill={colours.group}
        data-testid="gantt-group-bar"
      />
    );
  } else {
    const height = 15;
    const top = y + (rowHeight - height) / 2;
    shape = (
      <>
        <rect x={x} y={top} width={width} height={height} rx={3} fill={colours.contingency} />
        <rect
          x={x}
          y={top}
          width={(width * row.progress) / 100}
          height={height}
          rx={3}
          fill={colours.nominal}
        />
      </>
    );
  }
  return (
    <Tooltip title={<TooltipText row={row} />} placement="top" arrow>
      <g aria-label={`${row.name}: ${hoursOf(row)} h`}>{shape}</g>
    </Tooltip>
  );
}

export function PlanningGantt({ trips }: { trips: readonly PlanTrip[] }) {
  const total = planHours(trips);
  const [mode, setMode] = useState<GanttViewMode>(() => defaultViewMode(total));
  const [axis, setAxisState] = useState<GanttAxis>(readStoredAxis);
  const setAxis = (value: GanttAxis) => {
    setAxisState(value);
    try {
      window.localStorage.setItem(AXIS_STORAGE_KEY, value);
    } catch {
      // Private modes may refuse storage: the choice just is not remembered.
    }
  };
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => ganttRows(trips, ORIGIN, collapsed), [trips, collapsed]);
  if (rows.length === 0) return null;
  const pxPerHour = GANTT_PX_PER_HOUR[mode];
  // the chart fills the frame's width at least, and reaches past the plan's end
  const chartMin = GANTT_SIZES.maxWidth - LIST_WIDTH - HOURS_WIDTH - 2;
  const ticks = ganttTicks(Math.max(total, chartMin / pxPerHour), mode, axis, ORIGIN);
  const width = Math.ceil(Math.max(chartMin, ticks.at(-1)!.hour * pxPerHour + 1));
  const { rowHeight } = GANTT_SIZES;
  const height = rows.length * rowHeight;
  const toggle = (id: string) =>
    setCollapsed((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
  return (
    <Stack spacing={1} data-testid="planning-gantt">
      <Typography variant="h3">Gantt · {total} h nominal with contingency</Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
          dark: minimum duration · light: contingency · grey: trip or task
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={axis}
          onChange={(_, value: GanttAxis | null) => value && setAxis(value)}
          aria-label="Gantt axis"
        >
          {GANTT_AXES.map((a) => (
            <ToggleButton key={a.value} value={a.value}>
              {a.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_, value: GanttViewMode | null) => value && setMode(value)}
          aria-label="Gantt view mode"
        >
          {GANTT_VIEW_MODES.map((m) => (
            <ToggleButton key={m} value={m}>
              {m}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {axis === 'calendar' && (
        <Typography variant="caption" color="text.secondary">
          Calendar from an example start, Monday 00:00 UTC: the simulation starts the plan at every hour of
          the record.
        </Typography>
      )}
      <Box
        sx={{
          maxWidth: GANTT_SIZES.maxWidth,
          maxHeight: GANTT_SIZES.maxHeight + HEADER_HEIGHT,
          overflow: 'auto',
          border: 1,
          borderColor: 'divider',
        }}
        data-view-mode={mode}
        data-axis={axis}
      >
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: `${LIST_WIDTH + HOURS_WIDTH}px ${width}px`,
            fontSize: 12,
          }}
        >
          <Box
            sx={{
              ...sticky,
              top: 0,
              zIndex: 3,
              display: 'flex',
              alignItems: 'center',
              height: HEADER_HEIGHT,
              borderBottom: 1,
              borderRight: 1,
              borderColor: 'divider',
              fontWeight: 600,
            }}
          >
            <Box sx={{ width: LIST_WIDTH, px: 1 }}>Trip › task › activity</Box>
            <Box sx={{ width: HOURS_WIDTH, px: 1, textAlign: 'right' }}>h</Box>
          </Box>
          <Box sx={{ position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.paper' }}>
            <svg
              width={width}
              height={HEADER_HEIGHT}
              data-testid="gantt-axis"
              role="img"
              aria-label="Gantt time axis"
            >
              <line
                x1={0}
                x2={width}
                y1={HEADER_HEIGHT - 0.5}
                y2={HEADER_HEIGHT - 0.5}
                stroke={colours.grid}
              />
              {ticks.map((t) => (
                <g key={t.hour}>
                  <line
                    x1={t.hour * pxPerHour + 0.5}
                    x2={t.hour * pxPerHour + 0.5}
                    y1={HEADER_HEIGHT - 8}
                    y2={HEADER_HEIGHT}
                    stroke="#b8c2cc"
                  />
                  <text
                    x={t.hour * pxPerHour + 3}
                    y={HEADER_HEIGHT - 12}
                    fontSize={11}
                    fill={colours.label}
                    data-testid="gantt-tick"
                  >
                    {t.label}
                  </text>
                </g>
              ))}
            </svg>
          </Box>
          <Box sx={{ ...sticky, borderRight: 1, borderColor: 'divider' }}>
            {rows.map((row) => {
              const depth = row.id.split('/').length - 1;
              return (
                <Box
                  key={row.id}
                  sx={{
                    display: 'flex',
                    height: rowHeight,
                    alignItems: 'center',
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box
                    sx={{
                      width: LIST_WIDTH,
                      pl: 1 + depth * 1.5,
                      pr: 1,
                      display: 'flex',
                      gap: 0.5,
                      overflow: 'hidden',
                      whiteSpace: 'nowrap',
                    }}
                    title={row.name}
                  >
                    {row.type === 'project' ? (
                      <Box
                        component="button"
                        type="button"
                        onClick={() => toggle(row.id)}
                        aria-label={`${row.hideChildren ? 'Expand' : 'Collapse'} ${row.name}`}
                        sx={{
                          border: 0,
                          bgcolor: 'transparent',
                          cursor: 'pointer',
                          p: 0,
                          width: 14,
                          fontSize: 11,
                        }}
                      >
                        {row.hideChildren ? '▶' : '▼'}
                      </Box>
                    ) : (
                      <Box sx={{ width: 14 }} />
                    )}
                    <span>{row.name}</span>
                  </Box>
                  <Box sx={{ width: HOURS_WIDTH, px: 1, textAlign: 'right' }}>{hoursOf(row)}</Box>
                </Box>
              );
            })}
          </Box>
          <svg width={width} height={height} data-testid="gantt-bars">
            {ticks.map((t) => (
              <line
                key={t.hour}
                x1={t.hour * pxPerHour + 0.5}
                x2={t.hour * pxPerHour + 0.5}
                y1={0}
                y2={height}
                stroke={colours.grid}
              />
            ))}
            {rows.map((row, i) => (
              <line
                key={row.id}
                x1={0}
                x2={width}
                y1={(i + 1) * rowHeight - 0.5}
                y2={(i + 1) * rowHeight - 0.5}
                stroke={colours.grid}
              />
            ))}
            {rows.map((row, i) => (
              <Bar key={row.id} row={row} y={i * rowHeight} pxPerHour={pxPerHour} />
            ))}
          </svg>
        </Box>
      </Box>
    </Stack>
  );
}
