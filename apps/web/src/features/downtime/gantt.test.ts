import { describe, expect, it } from 'vitest';
import { copyHours, defaultViewMode, ganttRows, planHours, type PlanTrip } from './gantt';

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

  it('numbers rows from 1 in table order (the Gantt library ignores a displayOrder of 0)', () => {
    const rows = ganttRows(trips, origin);
    expect(rows.map((r) => r.displayOrder)).toEqual([1, 2, 3, 4, 5, 6, 7]);
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
});
