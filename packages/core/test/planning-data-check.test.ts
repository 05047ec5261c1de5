import fc from 'fast-check';
import { describe as suite, expect, test } from 'vitest';
import {
  environmentNeeds,
  planFieldName,
  planDataGaps,
  PlanningError,
  workableMask,
  type Environment,
  type PlanParameter,
  type PointData,
} from '../src';

// The check before launch (issue 30): the reference is the simulator's own refusal. workableMask throws
// PlanningError exactly when an environment limits a field the point's data lack; planDataGaps must name
// the same (environment, point) pairs before any run, so a plan it passes never fails on missing data.

const env = (name: string, e: Partial<Environment>): Environment => ({
  name,
  maxima: {},
  sectors: {},
  cell: 'Planning!B4',
  ...e,
});

// the fields of the South China Sea ERA5 record (packages/hindcast ingests swh, pp1d, mwd as hs, tp, dir)
const era5Waves: PointData = {
  name: 'Port_approach',
  dataset: 'ERA5 South China Sea',
  fields: ['tp', 'hs', 'dir'],
};
const withWind: PointData = {
  name: 'Offshore',
  dataset: 'Synthetic South China Sea',
  fields: ['hs', 'tp', 'dir', 'wind_speed', 'wind_speed@10', 'wind_dir', 'current_speed', 'current_speed@0'],
};

suite('planDataGaps: an environment limiting what a point lacks is named before launch', () => {
  const transit = env('TRANSIT', { maxima: { hs: 2.5, wind_speed: 15 } });
  const lay = env('LAY', { maxima: { hs: 1.5 } });
  const needs = { TRANSIT: environmentNeeds(transit), LAY: environmentNeeds(lay) };

  test('a wind limit on a waves-only point is one gap, in the planner’s words', () => {
    const gaps = planDataGaps(
      [
        { environment: 'TRANSIT', location: 'port' },
        { environment: 'LAY', location: 'port' },
        { environment: 'TRANSIT', location: 'port' },
      ],
      needs,
      { port: 'Port_approach' },
      null,
      [era5Waves, withWind],
    );
    expect(gaps).toEqual([
      {
        environment: 'TRANSIT',
        point: 'Port_approach',
        missing: ['wind_speed'],
        text:
          'Environment "TRANSIT": Port_approach, on ERA5 South China Sea, has no wind speed; it has Hs, Tp, ' +
          'mean direction. Remove the limit or choose a point on a dataset with wind.',
      },
    ]);
  });

  test('choosing a point with wind clears it; activities without a location run on the default point', () => {
    const uses = [
      { environment: 'TRANSIT', location: 'port' },
      { environment: 'TRANSIT', location: null },
    ];
    expect(planDataGaps(uses, needs, { port: 'Offshore' }, 'Offshore', [era5Waves, withWind])).toEqual([]);
    const gaps = planDataGaps(uses, needs, { port: 'Offshore' }, 'Port_approach', [era5Waves, withWind]);
    expect(gaps.map((g) => [g.environment, g.point])).toEqual([['TRANSIT', 'Port_approach']]);
  });

  test('an environment "none" or an alias without a point is no data gap', () => {
    expect(
      planDataGaps(
        [
          { environment: null, location: 'port' },
          { environment: 'TRANSIT', location: 'unmapped' },
        ],
        needs,
        { port: 'Port_approach' },
        null,
        [era5Waves],
      ),
    ).toEqual([]);
  });

  test('a current limit at a depth the point lacks names the depth', () => {
    const deep = env('TOW', { maxima: { current_speed: 1 }, currentDepth: 30 });
    const [gap] = planDataGaps(
      [{ environment: 'TOW', location: null }],
      { TOW: environmentNeeds(deep) },
      {},
      'Offshore',
      [withWind],
    );
    expect(gap?.missing).toEqual(['current_speed@30']);
    expect(gap?.text).toContain('has no current speed at 30 m depth');
    expect(gap?.text).toContain('a dataset with currents');
  });

  test('names: catalogue keys read as the planner says them', () => {
    expect(planFieldName('wind_speed')).toBe('wind speed');
    expect(planFieldName('dir')).toBe('mean direction');
    expect(planFieldName('current_dir@10')).toBe('current direction at 10 m depth');
    expect(planFieldName('some_field')).toBe('some field');
  });

  // seeded: any environment over the plan parameters, any subset of fields held by the point
  test('agrees with the simulator: a gap exactly when workableMask refuses the pair', () => {
    const params: PlanParameter[] = ['hs', 'tp', 'dp', 'dir', 'wind_speed', 'wind_dir', 'current_speed'];
    const directions = new Set<PlanParameter>(['dp', 'dir', 'wind_dir']);
    const all = [...params, 'current_speed@10', 'water_level'];
    fc.assert(
      fc.property(
        fc.subarray(params),
        fc.subarray(all),
        fc.boolean(),
        fc.boolean(),
        (limited, held, atDepth, levelCondition) => {
          const e = env('E', {
            maxima: Object.fromEntries(limited.filter((p) => !directions.has(p)).map((p) => [p, 1])),
            sectors: Object.fromEntries(
              limited.filter((p) => directions.has(p)).map((p) => [p, { from: 0, to: 90 }]),
            ),
            ...(atDepth ? { currentDepth: 10 } : {}),
            ...(levelCondition
              ? { conditions: [{ field: 'water_level', comparison: 'LESS_EQUAL' as const, limit: 1 }] }
              : {}),
          });
          const time = new Float64Array([0, 3_600_000]);
          const fields = Object.fromEntries(held.map((k) => [k, new Float64Array(2)]));
          let refused = false;
          try {
            workableMask(time, fields, e, 'P');
          } catch (error) {
            if (!(error instanceof PlanningError)) throw error;
            refused = true;
          }
          const gaps = planDataGaps(
            [{ environment: 'E', location: null }],
            { E: environmentNeeds(e) },
            {},
            'P',
            [{ name: 'P', dataset: 'D', fields: held }],
          );
          expect(gaps.length === 1).toBe(refused);
        },
      ),
      { seed: 30, numRuns: 300 },
    );
  });
});
