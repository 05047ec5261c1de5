import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe as suite, expect, test } from 'vitest';
import {
  CONTRACTOR_FORMATS,
  sequenceStatistics,
  simulateSequence,
  type FieldCondition,
} from '@metocean/core';
import { parseCsvSeries, planningFields } from '@metocean/hindcast';
import { OUTPUT_DECIMALS, parseConstraint, roundTable, runOperationCli } from '../../src/operation';

// `metocean operation` on the real NORA3 North Sea year of ../shared/data. The wizard's engine
// (simulateSequence) is checked against a brute force in packages/core; here the command must print that
// engine's numbers for the same operation, and with --alpha the numbers of the same operation whose Hs
// limit is replaced by hand with α·L from DNV-OS-H101 (2011) Table 4-1.
const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
const NORA3 = DATA + 'nora3-northsea/NORA3_wind_wave_lon1.32_lat53.324_20000101_20001231.csv';
const warnings: string[] = [];
const io = { readText: (path: string) => readFileSync(path, 'utf8'), warn: (m: string) => warnings.push(m) };

const series = parseCsvSeries(readFileSync(NORA3, 'utf8'));
const fields = planningFields(series.fields);

function engine(durationHours: number, conditions: FieldCondition[], percentiles: number[]) {
  const sim = simulateSequence(series.time, { name: 'P', fields }, [
    { name: 'op', durationHours, conditions },
  ]);
  return Object.fromEntries(
    CONTRACTOR_FORMATS.map((f) => [
      f,
      roundTable(sequenceStatistics(sim, percentiles, f).sequence, OUTPUT_DECIMALS[f]),
    ]),
  );
}

suite('metocean operation', () => {
  test('prints the wizard engine numbers with the wizard keys', async () => {
    const result = await runOperationCli(
      [
        NORA3,
        '--duration',
        '12',
        '--constraint',
        'hs<=2',
        '--constraint',
        'magw<15',
        '--percentiles',
        '50,90',
      ],
      io,
    );
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(json.status).toBe('done');
    expect(json.units).toEqual({ DURATION: 'days', WEATHER_WINDOW: '%', WEATHER_WINDOW_COMPLEMENT: '%' });
    const expected = engine(
      12,
      [
        { field: 'hs', comparison: 'LESS_EQUAL', limit: 2 },
        { field: 'wind_speed', comparison: 'LESS', limit: 15 },
      ],
      [50, 90],
    );
    for (const f of CONTRACTOR_FORMATS) expect(json[f]).toEqual(expected[f]);
    expect(Object.keys(json.DURATION as object)).toEqual(['P50', 'P90']);
    expect(Object.keys((json.DURATION as Record<string, object>).P50!)).toHaveLength(12);
    // a North Sea winter waits longer than its summer for the same operation
    const p90 = (json.DURATION as Record<string, Record<string, number>>).P90!;
    expect(p90.Jan!).toBeGreaterThan(p90.Jul!);
    expect(json.alpha).toBeNull();
  }, 60_000);

  test('--alpha: the Hs limit runs at α·L (12 h row ≤ 12, 2 m: 0.76 → 1.52 m), wind untouched', async () => {
    const withAlpha = JSON.parse(
      (
        await runOperationCli(
          [
            NORA3,
            '--duration',
            '12',
            '--constraint',
            'hs<=2',
            '--constraint',
            'wind_speed<15',
            '--percentiles',
            '50,90',
            '--alpha',
            'os-h101-2011-t4-1',
          ],
          io,
        )
      ).stdout,
    ) as Record<string, unknown> & { alpha: { factored: { alpha: number; effectiveLimit: number }[] } };
    const byHand = engine(
      12,
      [
        { field: 'hs', comparison: 'LESS_EQUAL', limit: 1.52 },
        { field: 'wind_speed', comparison: 'LESS', limit: 15 },
      ],
      [50, 90],
    );
    for (const f of CONTRACTOR_FORMATS) expect(withAlpha[f]).toEqual(byHand[f]);
    expect(withAlpha.alpha.factored).toEqual([
      expect.objectContaining({ alpha: 0.76, effectiveLimit: 1.52 }),
    ]);
    // α makes the operation wait more, never less
    const p50 = (withAlpha.DURATION as Record<string, Record<string, number>>).P50!;
    const plain = engine(
      12,
      [
        { field: 'hs', comparison: 'LESS_EQUAL', limit: 2 },
        { field: 'wind_speed', comparison: 'LESS', limit: 15 },
      ],
      [50],
    );
    for (const m of Object.keys(p50)) expect(p50[m]!).toBeGreaterThanOrEqual(plain.DURATION!.P50![m]!);
  }, 60_000);

  test('--alpha-table: a company wind table from CSV factors the wind limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metocean-operation-'));
    const csv = join(dir, 'wind.csv');
    writeFileSync(
      csv,
      'name,Company wind\nsource,Procedure MO-12\nparameter,wind_speed\ntpop_hours,10,20\n24,0.9,0.8\n',
    );
    const json = JSON.parse(
      (
        await runOperationCli(
          [NORA3, '--duration', '6', '--constraint', 'magw<=15', '--percentiles', '50', '--alpha-table', csv],
          io,
        )
      ).stdout,
    ) as Record<string, unknown>;
    // 15 m/s between the 10 and 20 m/s columns: 0.85 → 12.75 m/s
    const byHand = engine(6, [{ field: 'wind_speed', comparison: 'LESS_EQUAL', limit: 12.75 }], [50]);
    for (const f of CONTRACTOR_FORMATS) expect(json[f]).toEqual(byHand[f]);
    expect(json.alpha).toMatchObject({ name: 'Company wind', source: 'Procedure MO-12', note: null });
  }, 60_000);

  test('a file without a constrained variable is undoable, with the reason and no numbers', async () => {
    const result = await runOperationCli([NORA3, '--duration', '6', '--constraint', 'wlev<2'], io);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(json.status).toBe('undoable');
    expect(json.reason).toBe(`${NORA3} has no water_level (constraint "wlev<2")`);
    expect(json).not.toHaveProperty('DURATION');
  }, 60_000);

  test('constraints too restrictive for any start are undoable too', async () => {
    const json = JSON.parse(
      (await runOperationCli([NORA3, '--duration', '6', '--constraint', 'hs<0.01'], io)).stdout,
    ) as Record<string, unknown>;
    expect(json).toMatchObject({
      status: 'undoable',
      reason: 'The operation constraints are to restrictive',
    });
    expect(json).not.toHaveProperty('DURATION');
  }, 60_000);

  test('TPOP above 72 h with --alpha is refused; bad options are named', async () => {
    const long = await runOperationCli(
      [NORA3, '--duration', '80', '--constraint', 'hs<2', '--alpha', 'os-h101-2011-t4-1'],
      io,
    );
    expect(long.code).toBe(1);
    expect(long.stderr).toContain('TPOP 80 h is above 72 h');
    expect((await runOperationCli([NORA3, '--constraint', 'hs<2'], io)).stderr).toBe(
      'operation: --duration H is required\n',
    );
    expect(
      (await runOperationCli([NORA3, '--duration', '2.5', '--constraint', 'hs<2'], io)).stderr,
    ).toContain('The duration must be a whole number of hours');
    expect(
      (await runOperationCli([NORA3, '--duration', '6', '--constraint', 'hs<2', '--alpha', 'st-n001'], io))
        .stderr,
    ).toContain('--alpha takes none or os-h101-2011-t4-1');
  });

  test('constraints by code or catalogue name, the four conditions', () => {
    expect(parseConstraint('hs<=1.0')).toMatchObject({ field: 'hs', comparison: 'LESS_EQUAL', limit: 1 });
    expect(parseConstraint(' magw < 12 ')).toMatchObject({
      field: 'wind_speed',
      comparison: 'LESS',
      limit: 12,
    });
    expect(parseConstraint('wind_speed>=3')).toMatchObject({
      field: 'wind_speed',
      comparison: 'GREATER_EQUAL',
    });
    expect(parseConstraint('swh>.5')).toMatchObject({ field: 'hs', comparison: 'GREATER', limit: 0.5 });
    expect(parseConstraint('thetaw<=90').field).toBe('wind_dir');
    expect(() => parseConstraint('hs=1')).toThrow('expected VARIABLE<LIMIT');
    expect(() => parseConstraint('foo<1')).toThrow('unknown variable "foo"');
  });
});
