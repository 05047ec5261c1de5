// The Gantt of a planning (spec 001 §2.3, §3 "Gantt task", §4, §9) drawn with gantt-task-react: trips ›
// tasks › activities with nominal durations, the contingency shaded (the light part of each bar), Hour /
// Day / Week / Month, collapsible trips and tasks. Read-only: dates cannot be dragged.
import { createContext, useContext, useMemo, useState } from 'react';
import { Gantt, ViewMode, type Task } from 'gantt-task-react';
import 'gantt-task-react/dist/index.css';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  GANTT_SIZES,
  GANTT_VIEW_MODES,
  defaultViewMode,
  ganttRows,
  planHours,
  type GanttRow,
  type GanttViewMode,
  type PlanTrip,
} from './gantt';

const VIEW: Record<GanttViewMode, ViewMode> = {
  Hour: ViewMode.Hour,
  Day: ViewMode.Day,
  Week: ViewMode.Week,
  Month: ViewMode.Month,
};

// The Gantt shows the plan without weather from a fixed origin: only durations matter.
const ORIGIN = new Date(Date.UTC(2000, 0, 3));

const colours = {
  nominal: '#1f6fb2',
  contingency: '#a9c9e6',
  group: '#22364f',
  groupLight: '#9aa9bb',
};

function toTask(row: GanttRow): Task {
  const group = row.type === 'project';
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    start: row.start,
    end: row.end.getTime() > row.start.getTime() ? row.end : new Date(row.start.getTime() + 3_600_000),
    progress: row.progress,
    hideChildren: row.hideChildren,
    displayOrder: row.displayOrder,
    isDisabled: true,
    ...(row.project ? { project: row.project } : {}),
    styles: group
      ? {
          progressColor: colours.group,
          progressSelectedColor: colours.group,
          backgroundColor: colours.groupLight,
          backgroundSelectedColor: colours.groupLight,
        }
      : {
          progressColor: colours.nominal,
          progressSelectedColor: colours.nominal,
          backgroundColor: colours.contingency,
          backgroundSelectedColor: colours.contingency,
        },
  };
}

/** The rows behind the library's tasks, for the tooltip (the library's Task has no room for them). */
const RowsContext = createContext<ReadonlyMap<string, GanttRow>>(new Map());

function Tooltip({ task }: { task: Task }) {
  const row = useContext(RowsContext).get(task.id);
  const hours = hoursOf(task);
  return (
    <Box
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        p: 1,
        fontSize: 12,
        boxShadow: 2,
      }}
    >
      <b>{task.name}</b>
      <div>
        {hours} h, of which {row ? row.minDuration : Math.round((hours * task.progress) / 100)} h minimum
        {row?.inputContingencyTime ? ` + ${row.inputContingencyTime} % contingency` : ''}
      </div>
      {row?.environment && <div>environment: {row.environment}</div>}
    </Box>
  );
}

const hoursOf = (task: Task) => Math.round((task.end.getTime() - task.start.getTime()) / 3_600_000);

function ListHeader({ headerHeight, rowWidth }: { headerHeight: number; rowWidth: string }) {
  return (
    <Box
      sx={{
        display: 'flex',
        height: headerHeight,
        alignItems: 'center',
        borderBottom: 1,
        borderColor: 'divider',
        fontSize: 12,
        fontWeight: 600,
      }}
    >
      <Box sx={{ width: rowWidth, px: 1 }}>Trip › task › activity</Box>
      <Box sx={{ width: 56, px: 1, textAlign: 'right' }}>h</Box>
    </Box>
  );
}

function ListTable({
  rowHeight,
  rowWidth,
  tasks,
  onExpanderClick,
}: {
  rowHeight: number;
  rowWidth: string;
  tasks: Task[];
  onExpanderClick: (task: Task) => void;
}) {
  return (
    <Box sx={{ fontSize: 12 }}>
      {tasks.map((task) => {
        const depth = task.id.split('/').length - 1;
        return (
          <Box
            key={task.id}
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
                width: rowWidth,
                pl: 1 + depth * 1.5,
                pr: 1,
                display: 'flex',
                gap: 0.5,
                overflow: 'hidden',
                whiteSpace: 'nowrap',
              }}
            >
              {task.type === 'project' ? (
                <Box
                  component="button"
                  type="button"
                  onClick={() => onExpanderClick(task)}
                  aria-label={`${task.hideChildren ? 'Expand' : 'Collapse'} ${task.name}`}
                  sx={{ border: 0, bgcolor: 'transparent', cursor: 'pointer', p: 0, width: 14, fontSize: 11 }}
                >
                  {task.hideChildren ? '▶' : '▼'}
                </Box>
              ) : (
                <Box sx={{ width: 14 }} />
              )}
              <span>{task.name}</span>
            </Box>
            <Box sx={{ width: 56, px: 1, textAlign: 'right' }}>{hoursOf(task)}</Box>
          </Box>
        );
      })}
    </Box>
  );
}

export function PlanningGantt({ trips }: { trips: readonly PlanTrip[] }) {
  const total = planHours(trips);
  const [mode, setMode] = useState<GanttViewMode>(() => defaultViewMode(total));
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => ganttRows(trips, ORIGIN, collapsed), [trips, collapsed]);
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const tasks = useMemo(() => rows.map(toTask), [rows]);
  if (tasks.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="planning-gantt">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h3" sx={{ flex: 1 }}>
          Gantt · {total} h nominal with contingency
        </Typography>
        <Typography variant="caption" color="text.secondary">
          dark: minimum duration · light: contingency
        </Typography>
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
      <Box
        sx={{ maxWidth: GANTT_SIZES.maxWidth, overflowX: 'auto', border: 1, borderColor: 'divider' }}
        data-view-mode={mode}
      >
        <RowsContext value={byId}>
          <Gantt
            tasks={tasks}
            viewMode={VIEW[mode]}
            viewDate={ORIGIN}
            preStepsCount={1}
            columnWidth={GANTT_SIZES.columnWidth[mode]}
            rowHeight={GANTT_SIZES.rowHeight}
            ganttHeight={Math.min(GANTT_SIZES.maxHeight, tasks.length * GANTT_SIZES.rowHeight)}
            listCellWidth="180px"
            fontSize="12px"
            TooltipContent={Tooltip}
            TaskListHeader={ListHeader}
            TaskListTable={ListTable}
            onExpanderClick={(task) =>
              setCollapsed((set) => {
                const next = new Set(set);
                if (next.has(task.id)) next.delete(task.id);
                else next.add(task.id);
                return next;
              })
            }
          />
        </RowsContext>
      </Box>
    </Stack>
  );
}
