import { describe, expect, it } from 'vitest';
import {
  GANTT_PX_PER_HOUR,
  copyHours,
  defaultViewMode,
  ganttRows,
  ganttTicks,
  planHours,
  type PlanTrip,
} from './gantt';

const origin = new Date(Date.UTC(2026, 0, 1));
const H = 3_600_000;
const trips: PlanTrip[] = [
  {
    id: '1',
    tasks: [
      {
        id: 'load',
        activities: [
          {
            id: 'A',
            minimumDuration: 4,
            inputContingencyTime: 25,
            nbWindows: 1,
            environment: 'E1',
            locationAlias: null,
          },
          {
            id: 'B',
            minimumDuration: 3,
            inputContingencyTime: null,
            nbWindows: 2,
            environment: 'E2',
            locationAlias: 'site',
          },
        ],
      },
    ],
  },
  {
    id: '2',
    tasks: [
      {
        id: 'sail',
        activities: [
          {
            id: 'C',
            minimumDuration: 10,
            inputContingencyTime: 15,
            nbWindows: 1,
            environment: 'none',
            locationAlias: null,
          },
        ],
      },
    ],
  },
];

describe('Gantt rows (spec 001 §3, §4, §9; docs/methods/awd.md rules 4–6)', () => {
  it('rounds each copy up: ceil(min × (1 + contingency/100))', () => {
    expect(copyHours({ minimumDuration: 4, inputContingencyTime: 25 })).toBe(5);
    expect(copyHours({ minimumDuration: 10, inputContingencyTime: 15 })).toBe(12); // 11.5 → 12
    expect(copyHours({ minimumDuration: 3, inputContingencyTime: null })).toBe(3);
  });

  it('lays trips › tasks › activities end to end, copies back to back', () => {
    const rows = ganttRows(trips, origin);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    const hoursFrom = (d: Date) => (d.getTime() - origin.getTime()) / H;
    expect(rows.map((r) => r.name)).toEqual(['Trip 1', 'Task load', 'A', 'B ×2', 'Trip 2', 'Task sail', 'C']);
    expect([hoursFrom(byName.A!.start), hoursFrom(byName.A!.end)]).toEqual([0, 5]);
    expect([hoursFrom(byName['B ×2']!.start), hoursFrom(byName['B ×2']!.end)]).toEqual([5, 11]);
    expect([hoursFrom(byName['Trip 1']!.start), hoursFrom(byName['Trip 1']!.end)]).toEqual([0, 11]);
    expect([hoursFrom(byName.C!.start), hoursFrom(byName.C!.end)]).toEqual([11, 23]);
    expect(planHours(trips)).toBe(23);
    expect(byName.C!.project).toBe(byName['Task sail']!.id);
  });

  it('shades the contingency: progress is the nominal share of each bar', () => {
    const rows = ganttRows(trips, origin);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName.A!.progress).toBeCloseTo(80, 10); // 4 of 5 h
    expect(byName['B ×2']!.progress).toBe(100);
    expect(byName['Trip 1']!.minDuration).toBe(10);
    expect(byName['Trip 1']!.progress).toBeCloseTo((100 * 10) / 11, 10);
  });

  it('hides the children of a collapsed trip or task, keeping later rows in place', () => {
    const rows = ganttRows(trips, origin, new Set(['trip:1']));
    expect(rows.map((r) => r.name)).toEqual(['Trip 1', 'Trip 2', 'Task sail', 'C']);
    expect(rows[0]!.hideChildren).toBe(true);
    expect((rows[3]!.start.getTime() - origin.getTime()) / H).toBe(11);
  });

  it('opens in Day above 45 hours, otherwise Hour', () => {
    expect(defaultViewMode(45)).toBe('Hour');
    expect(defaultViewMode(46)).toBe('Day');
  });

  // the axis (issue 30): hours from the start, or the UTC calendar from the example start. 3 January 2000
  // was a Monday and 2000 a leap year (February has 29 days): checked by hand against a calendar.
  const monday = new Date(Date.UTC(2000, 0, 3));
  const labels = (ticks: { hour: number; label: string }[]) => ticks.map((t) => `${t.hour}:${t.label}`);

  it('labels the relative axis in hours from the start, one tick per step past the end', () => {
    expect(labels(ganttTicks(50, 'Day', 'relative', monday))).toEqual([
      '0:0 h',
      '24:24 h',
      '48:48 h',
      '72:72 h',
    ]);
    expect(labels(ganttTicks(7, 'Hour', 'relative', monday))).toEqual(['0:0 h', '3:3 h', '6:6 h', '9:9 h']);
    expect(ganttTicks(400, 'Week', 'relative', monday).map((t) => t.label)).toEqual([
      '0 h',
      '168 h',
      '336 h',
      '504 h',
    ]);
  });

  it('labels the calendar axis in UTC from the example start', () => {
    const hours = ganttTicks(25, 'Hour', 'calendar', monday).map((t) => t.label);
    expect(hours.slice(0, 3)).toEqual(['Mon 3 Jan', '03:00', '06:00']);
    expect(hours[8]).toBe('Tue 4 Jan');
    expect(ganttTicks(30, 'Day', 'calendar', monday).map((t) => t.label)).toEqual([
      'Mon 3 Jan',
      'Tue 4 Jan',
      'Wed 5 Jan',
    ]);
    expect(labels(ganttTicks(800, 'Month', 'calendar', monday))).toEqual([
      '0:3 Jan 2000',
      `${29 * 24}:Feb 2000`,
      `${(29 + 29) * 24}:Mar 2000`,
    ]);
  });

  it('draws spec 001 §9 column widths: 20 px an hour, 100 a day, 200 a week, 250 a month of 30 days', () => {
    expect(GANTT_PX_PER_HOUR.Hour * 1).toBe(20);
    expect(GANTT_PX_PER_HOUR.Day * 24).toBeCloseTo(100, 10);
    expect(GANTT_PX_PER_HOUR.Week * 168).toBeCloseTo(200, 10);
    expect(GANTT_PX_PER_HOUR.Month * 720).toBeCloseTo(250, 10);
  });
});
