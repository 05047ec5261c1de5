// The planning's Gantt (spec 001 §3 "Gantt task", §4 view modes, §9 sizes): trips › tasks › activities
// laid end to end with their nominal durations (no weather), the contingency shaded, and the ticks of its
// time axis. Pure: PlanningGantt.tsx only draws these rows and ticks.

export interface PlanActivity {
  id: string;
  /** min_hours of the Tasks table, > 0. */
  minimumDuration: number;
  /** contingency_time, percent added to the minimum duration; null when empty. */
  inputContingencyTime: number | null;
  /** nb_windows: the row repeated n times (1 when empty). */
  nbWindows: number;
  environment: string;
  locationAlias: string | null;
  continuous?: boolean;
}
export interface PlanTask {
  id: string;
  activities: PlanActivity[];
}
export interface PlanTrip {
  id: string;
  tasks: PlanTask[];
}

export type GanttViewMode = 'Hour' | 'Day' | 'Week' | 'Month';
export const GANTT_VIEW_MODES: GanttViewMode[] = ['Hour', 'Day', 'Week', 'Month'];

/** Column widths per view mode, row height and the chart's maximum size, in pixels (spec 001 §9). */
export const GANTT_SIZES = {
  columnWidth: { Hour: 20, Day: 100, Week: 200, Month: 250 } satisfies Record<GanttViewMode, number>,
  rowHeight: 25,
  maxHeight: 400,
  maxWidth: 1000,
} as const;

/** Day above 45 hours of nominal duration (900 px / 20 px per hour), otherwise Hour (spec 001 §4). */
export const defaultViewMode = (totalHours: number): GanttViewMode => (totalHours > 45 ? 'Day' : 'Hour');

/** Duration of one copy = ceil(min_hours × (1 + contingency/100)) hours (docs/methods/awd.md rule 4). */
export function copyHours(activity: Pick<PlanActivity, 'minimumDuration' | 'inputContingencyTime'>): number {
  return Math.ceil(activity.minimumDuration * (1 + (activity.inputContingencyTime ?? 0) / 100));
}

export interface GanttRow {
  id: string;
  name: string;
  type: 'project' | 'task';
  start: Date;
  end: Date;
  /** Nominal hours without contingency (all copies). */
  minDuration: number;
  /** Percent; null on trips and tasks. */
  inputContingencyTime: number | null;
  environment: string | null;
  hideChildren: boolean;
  /** Parent row id (trip for a task, task for an activity). */
  project?: string;
  /** Share of the bar that is nominal time, 0–100; the rest is contingency. */
  progress: number;
}

const HOUR_MS = 3_600_000;

/**
 * Rows in table order: a trip, its tasks, each followed by its activities. Activities spanning all their
 * nb_windows copies back to back from `origin` (the Gantt shows the plan without weather). Collapsed
 * trips and tasks carry hideChildren and their descendants are left out.
 */
export function ganttRows(
  trips: readonly PlanTrip[],
  origin: Date,
  collapsed: ReadonlySet<string> = new Set(),
): GanttRow[] {
  const rows: GanttRow[] = [];
  let cursor = origin.getTime();
  for (const trip of trips) {
    const tripId = `trip:${trip.id}`;
    const tripRow: GanttRow = {
      id: tripId,
      name: `Trip ${trip.id}`,
      type: 'project',
      start: new Date(cursor),
      end: new Date(cursor),
      minDuration: 0,
      inputContingencyTime: null,
      environment: null,
      hideChildren: collapsed.has(tripId),
      progress: 0,
    };
    rows.push(tripRow);
    const tripStart = cursor;
    for (const task of trip.tasks) {
      const taskId = `${tripId}/task:${task.id}`;
      const taskRow: GanttRow = {
        id: taskId,
        name: `Task ${task.id}`,
        type: 'project',
        start: new Date(cursor),
        end: new Date(cursor),
        minDuration: 0,
        inputContingencyTime: null,
        environment: null,
        hideChildren: collapsed.has(taskId),
        project: tripId,
        progress: 0,
      };
      if (!tripRow.hideChildren) rows.push(taskRow);
      const taskStart = cursor;
      task.activities.forEach((activity, index) => {
        const copies = Math.max(1, activity.nbWindows);
        const hours = copyHours(activity) * copies;
        const nominal = activity.minimumDuration * copies;
        const row: GanttRow = {
          id: `${taskId}/activity:${activity.id}:${index}`,
          name: copies > 1 ? `${activity.id} ×${copies}` : activity.id,
          type: 'task',
          start: new Date(cursor),
          end: new Date(cursor + hours * HOUR_MS),
          minDuration: nominal,
          inputContingencyTime: activity.inputContingencyTime,
          environment: activity.environment,
          hideChildren: false,
          project: taskId,
          progress: hours > 0 ? Math.min(100, (100 * nominal) / hours) : 100,
        };
        cursor += hours * HOUR_MS;
        taskRow.minDuration += nominal;
        if (!tripRow.hideChildren && !taskRow.hideChildren) rows.push(row);
      });
      taskRow.end = new Date(cursor);
      const taskHours = (cursor - taskStart) / HOUR_MS;
      taskRow.progress = taskHours > 0 ? (100 * taskRow.minDuration) / taskHours : 100;
      tripRow.minDuration += taskRow.minDuration;
    }
    tripRow.end = new Date(cursor);
    const tripHours = (cursor - tripStart) / HOUR_MS;
    tripRow.progress = tripHours > 0 ? (100 * tripRow.minDuration) / tripHours : 100;
  }
  return rows;
}

/** Total nominal-plus-contingency hours of the plan (what decides the default view mode). */
export function planHours(trips: readonly PlanTrip[]): number {
  let hours = 0;
  for (const trip of trips)
    for (const task of trip.tasks)
      for (const a of task.activities) hours += copyHours(a) * Math.max(1, a.nbWindows);
  return hours;
}

/**
 * The time axis: the calendar from the Gantt's example start (a Monday 00:00 UTC; the plan has no date of
 * its own, it starts at every hour of the record), or hours from the plan's start (issue 30).
 */
export type GanttAxis = 'calendar' | 'relative';
export const GANTT_AXES: { value: GanttAxis; label: string }[] = [
  { value: 'calendar', label: 'Calendar' },
  { value: 'relative', label: 'Hours from start' },
];

/** Pixels per hour of each view mode: spec 001 §9's column widths over an hour, a day, a week, 30 days. */
export const GANTT_PX_PER_HOUR: Record<GanttViewMode, number> = {
  Hour: GANTT_SIZES.columnWidth.Hour,
  Day: GANTT_SIZES.columnWidth.Day / 24,
  Week: GANTT_SIZES.columnWidth.Week / 168,
  Month: GANTT_SIZES.columnWidth.Month / 720,
};

/** Hours between two labelled ticks: every 3 h (60 px), a day, a week, a month (30 d on the relative axis). */
const LABEL_STEP_HOURS: Record<GanttViewMode, number> = { Hour: 3, Day: 24, Week: 168, Month: 720 };

export interface GanttTick {
  /** Hours from the plan's start. */
  hour: number;
  label: string;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * The labelled ticks of the axis from 0 to at least `untilHours`: on the relative axis multiples of the
 * mode's step ("0 h", "24 h", …); on the calendar (UTC) the hours of the day with the day's name at
 * midnight, the days, the weeks' Mondays, or the months' first days (and the start itself).
 */
export function ganttTicks(
  untilHours: number,
  mode: GanttViewMode,
  axis: GanttAxis,
  origin: Date,
): GanttTick[] {
  const ticks: GanttTick[] = [];
  const t0 = origin.getTime();
  if (axis === 'relative' || mode !== 'Month') {
    const step = LABEL_STEP_HOURS[mode];
    for (let hour = 0; hour <= untilHours + step - 1e-9; hour += step) {
      if (axis === 'relative') {
        ticks.push({ hour, label: `${hour} h` });
        continue;
      }
      const d = new Date(t0 + hour * HOUR_MS);
      const day = `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
      const label =
        mode === 'Hour'
          ? d.getUTCHours() === 0
            ? day
            : `${two(d.getUTCHours())}:00`
          : mode === 'Week'
            ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`
            : day;
      ticks.push({ hour, label });
    }
    return ticks;
  }
  // calendar months: the start, then each first of a month
  const start = new Date(t0);
  ticks.push({
    hour: 0,
    label: `${start.getUTCDate()} ${MONTHS[start.getUTCMonth()]} ${start.getUTCFullYear()}`,
  });
  for (let m = 1; ; m++) {
    const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1);
    const hour = (first - t0) / HOUR_MS;
    ticks.push({
      hour,
      label: `${MONTHS[new Date(first).getUTCMonth()]} ${new Date(first).getUTCFullYear()}`,
    });
    if (hour > untilHours) break;
  }
  return ticks;
}
