import { describe, expect, it } from 'vitest';
import { expandCopies, simulatePlan, type PlanActivity } from '@metocean/core';
import { EXAMPLE_ACTIVITIES, EXAMPLE_ENVIRONMENTS, EXAMPLE_HS, EXAMPLE_OUTCOME } from './guide-example';

const HOUR = 3_600_000;
const t0 = Date.UTC(2026, 5, 1);

/** Literal definition (issue 22 rules 7–8): every hour of each member's window workable at its offset. */
function bruteForceChainStart(ready: number, members: { offset: number; hours: number; limit: number }[]) {
  for (let s = ready; s < EXAMPLE_HS.length; s++) {
    const fits = members.every((m) => {
      for (let h = s + m.offset; h < s + m.offset + m.hours; h++) {
        const hs = EXAMPLE_HS[h];
        if (hs === undefined || hs > m.limit) return false;
      }
      return true;
    });
    if (fits) return s;
  }
  return -1;
}

describe('the guide’s worked example (docs/methods/awd.md rules 4, 7–10)', () => {
  it('states durations as ceil(min × (1 + contingency/100))', () => {
    for (const a of EXAMPLE_ACTIVITIES) {
      expect(a.durationHours).toBe(Math.ceil(a.minHours * (1 + a.contingencyPercent / 100)));
    }
  });

  it('agrees with a brute-force placement of the Lift + Secure chain', () => {
    const [, lift, secure] = EXAMPLE_ACTIVITIES;
    const limit = (env: string | null) => EXAMPLE_ENVIRONMENTS.find((e) => e.name === env)?.hsMax ?? Infinity;
    const start = bruteForceChainStart(2, [
      { offset: 0, hours: lift!.durationHours, limit: limit(lift!.environment) },
      { offset: lift!.durationHours, hours: secure!.durationHours, limit: limit(secure!.environment) },
    ]);
    expect(start).toBe(EXAMPLE_OUTCOME.liftStartHour);
    const timeline = EXAMPLE_OUTCOME.timeline;
    expect(timeline.filter((s) => s === 'waiting')).toHaveLength(EXAMPLE_OUTCOME.delayHours);
    expect(timeline.indexOf('done')).toBe(EXAMPLE_OUTCOME.endHour);
    expect(timeline.indexOf('Lift')).toBe(start);
  });

  it('agrees with the simulator of packages/core for the start at 00:00', () => {
    const time = Float64Array.from(EXAMPLE_HS, (_, i) => t0 + i * HOUR);
    const activities: PlanActivity[] = EXAMPLE_ACTIVITIES.map((a, i) => ({
      tripId: '1',
      taskId: 'T1',
      activityId: a.id,
      minHours: a.minHours,
      contingencyPercent: a.contingencyPercent,
      durationHours: a.durationHours,
      nbWindows: 1,
      continuous: a.continuous,
      environment: a.environment,
      location: null,
      cell: `Tasks!B${i + 4}`,
    }));
    const result = simulatePlan({
      time,
      locations: [{ name: 'P1', fields: { hs: Float32Array.from(EXAMPLE_HS) } }],
      aliases: {},
      environments: EXAMPLE_ENVIRONMENTS.map((e) => ({
        name: e.name,
        maxima: { hs: e.hsMax },
        sectors: {},
        cell: 'Environments!A4',
      })),
      copies: expandCopies(activities),
    });
    expect(result.censored[0]).toBe(0);
    expect(result.duration[0]).toBe(EXAMPLE_OUTCOME.durationHours);
    expect(result.delay[0]).toBe(EXAMPLE_OUTCOME.delayHours);
    expect(result.nominalHours).toBe(EXAMPLE_OUTCOME.nominalHours);
    expect((100 * result.delay[0]!) / result.duration[0]!).toBeCloseTo(EXAMPLE_OUTCOME.downtimePercent, 12);
  });
});
