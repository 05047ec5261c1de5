import { describe, expect, it } from 'vitest';
import { frenchDate } from './format';

describe('frenchDate', () => {
  it('shows the end of access as dd/mm/yyyy', () => {
    expect(frenchDate('2026-03-07T00:00:00.000Z')).toBe('07/03/2026');
  });

  it('shows a dash without a date and passes unreadable text through', () => {
    expect(frenchDate(null)).toBe('—');
    expect(frenchDate('soon')).toBe('soon');
  });
});
