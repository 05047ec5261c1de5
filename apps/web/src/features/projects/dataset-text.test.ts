import { describe, expect, it } from 'vitest';
import { humanDate } from './dataset-text';

describe('humanDate', () => {
  it('writes the UTC day in words', () => {
    expect(humanDate('2000-01-01T00:00:00Z')).toBe('1 January 2000');
    // 23:30 UTC on 31 December is still that day, whatever the machine's time zone
    expect(humanDate('2010-12-31T23:30:00.000Z')).toBe('31 December 2010');
  });
  it('says when the date is unknown, and leaves text that is not a date as it is', () => {
    expect(humanDate(undefined)).toBe('—');
    expect(humanDate('')).toBe('—');
    expect(humanDate('ongoing')).toBe('ongoing');
  });
});
