// The worked example of the AWD guide (spec 001 §2.5; docs/methods/awd.md): a 3-activity plan from one
// start, hour by hour. The hourly heights and the plan are the data; the timeline the guide prints is
// checked against the simulator of packages/core in guide-example.test.ts, so the guide cannot drift
// from the rules.

/** Significant wave height (m) of hours 00:00 … 15:00 UTC of the example day. */
export const EXAMPLE_HS = [1.2, 1.4, 1.8, 1.6, 1.3, 1.4, 1.2, 1.5, 2.3, 1.0, 1.1, 1.2, 1.4, 1.9, 1.8, 2.5];

export const EXAMPLE_ENVIRONMENTS = [
  { name: 'E1', hsMax: 1.5 },
  { name: 'E2', hsMax: 2.0 },
] as const;

export interface ExampleActivity {
  id: string;
  minHours: number;
  contingencyPercent: number;
  continuous: boolean;
  /** null = "none": no limit */
  environment: 'E1' | 'E2' | null;
  durationHours: number;
}

export const EXAMPLE_ACTIVITIES: ExampleActivity[] = [
  {
    id: 'Mobilise',
    minHours: 2,
    contingencyPercent: 0,
    continuous: false,
    environment: null,
    durationHours: 2,
  },
  // ceil(3 × 1.2) = ceil(3.6) = 4 h
  { id: 'Lift', minHours: 3, contingencyPercent: 20, continuous: false, environment: 'E1', durationHours: 4 },
  { id: 'Secure', minHours: 2, contingencyPercent: 0, continuous: true, environment: 'E2', durationHours: 2 },
];

/** What happens at each hour, as the guide tells it. */
export type ExampleHourState = 'Mobilise' | 'Lift' | 'Secure' | 'waiting' | 'done';

/** The outcome printed by the guide for the start at 00:00. */
export const EXAMPLE_OUTCOME = {
  /** Lift starts at 09:00 (Secure right after it, 13:00–15:00). */
  liftStartHour: 9,
  endHour: 15,
  durationHours: 15,
  nominalHours: 8,
  delayHours: 7,
  downtimePercent: (100 * 7) / 15,
  /** hour → what the plan does */
  timeline: [
    'Mobilise',
    'Mobilise',
    'waiting',
    'waiting',
    'waiting',
    'waiting',
    'waiting',
    'waiting',
    'waiting',
    'Lift',
    'Lift',
    'Lift',
    'Lift',
    'Secure',
    'Secure',
    'done',
  ] as ExampleHourState[],
  /** Why each waiting hour cannot start the Lift + Secure chain. */
  reasons: {
    2: 'Hs 1.8 m at 02:00 is above the Lift limit of 1.5 m.',
    3: 'Hs 1.6 m at 03:00 is above 1.5 m.',
    4: 'Lift would fit 04:00–08:00, but Secure (continuous) would then need 08:00–10:00 and Hs is 2.3 m at 08:00: the look-ahead refuses this start.',
    5: 'Lift 05:00–09:00 would include 08:00 (2.3 m).',
    6: 'Lift 06:00–10:00 would include 08:00.',
    7: 'Lift 07:00–11:00 would include 08:00.',
    8: 'Hs 2.3 m at 08:00.',
  } as Record<number, string>,
};
