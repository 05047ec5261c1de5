// The shared number formatter of tables and labels (comparison metrics, extremes, statistics).
import { MISSING_VALUE } from '@metocean/contracts';
import { describe, expect, it } from 'vitest';
import { format } from '../src/common';

describe('format', () => {
  it('prints a value that rounds to zero without a sign', () => {
    expect(format(-0.001)).toBe('0.00');
    expect(format(-0.004999, 2)).toBe('0.00');
    expect(format(-0)).toBe('0.00');
    expect(format(-1e-12, 3)).toBe('0.000');
    expect(format(-0.4, 0)).toBe('0');
  });

  it('keeps the sign of a negative value that does not round to zero', () => {
    expect(format(-0.006)).toBe('-0.01');
    expect(format(-1.234, 1)).toBe('-1.2');
    expect(format(-0.6, 0)).toBe('-1');
    expect(format(0.004)).toBe('0.00');
    expect(format(3.14159)).toBe('3.14');
  });

  it('prints a missing value as "-"', () => {
    expect(format(null)).toBe('-');
    expect(format(undefined)).toBe('-');
    expect(format(MISSING_VALUE)).toBe('-');
    expect(format(Number.NaN)).toBe('-');
    expect(format(Number.POSITIVE_INFINITY)).toBe('-');
  });
});
