import { describe, expect, it } from 'vitest';
import type { ContractorBoat } from '@metocean/contracts';
import {
  formatHours,
  nextOperationName,
  numericEntry,
  operationsBlockers,
  percentileError,
  unitFor,
} from './rules';

// The rules as spec 001 §4, §5 and §9 word them.
describe('contractors wizard rules', () => {
  it('names a new operation My Operation, numbered by the highest existing suffix plus one', () => {
    expect(nextOperationName([])).toBe('My Operation 1');
    expect(nextOperationName(['Transit', 'My Operation 1', 'My Operation 4'])).toBe('My Operation 5');
    expect(nextOperationName(['My Operation'])).toBe('My Operation 2');
  });

  it('resets a non-numeric entry to 0', () => {
    expect(numericEntry('abc')).toBe(0);
    expect(numericEntry('')).toBe(0);
    expect(numericEntry('1,5')).toBe(1.5);
    expect(numericEntry(' 12 ')).toBe(12);
  });

  it('sets the unit when the variable has one, clears it when there is a choice', () => {
    expect(unitFor({ name: 'hs', longName: 'Significant wave height', units: ['m'] })).toBe('m');
    expect(unitFor({ name: 'magw', longName: 'Wind speed', units: ['m/s', 'kn'] })).toBe('');
  });

  it('blocks Next without a selected operation, with one lacking constraints, or with an incomplete constraint', () => {
    const boats: ContractorBoat[] = [
      {
        id: 1,
        name: 'CTV',
        customer: 1,
        operations: [
          { id: 10, name: 'A', duration: 4, boat: 1, constraints: [] },
          {
            id: 11,
            name: 'B',
            duration: 4,
            boat: 1,
            constraints: [{ id: 5, operation: 11, varName: 'hs', condition: 'LESS', limit: 2, unit: 'm' }],
          },
        ],
      },
    ];
    const draft = { varName: 'hs', condition: '', limit: '', unit: 'm' };
    expect(operationsBlockers(boats, [], [])).toEqual({
      noSelection: true,
      withoutConstraint: false,
      incomplete: false,
    });
    expect(operationsBlockers(boats, [10, 11], []).withoutConstraint).toBe(true);
    expect(operationsBlockers(boats, [11], [{ operation: 11, draft }]).incomplete).toBe(true);
    expect(operationsBlockers(boats, [11], [])).toEqual({
      noSelection: false,
      withoutConstraint: false,
      incomplete: false,
    });
  });

  it('checks a custom percentile with the spec codes', () => {
    expect(percentileError('', [])).toBe('EMPTY_PERCENTILE');
    expect(percentileError('2.5', [])).toBe('INVALID_PERCENTILE');
    expect(percentileError('0', [])).toBe('MIN_PERCENTILE');
    expect(percentileError('100', [])).toBe('MAX_PERCENTILE');
    expect(percentileError('95', [95])).toBe('NON_UNIQUE_PERCENTILE');
    expect(percentileError('95', [50])).toBeNull();
  });

  it('shows durations above 220 hours in days', () => {
    expect(formatHours(220)).toBe('220 h');
    expect(formatHours(240)).toBe('10.0 days');
  });
});
