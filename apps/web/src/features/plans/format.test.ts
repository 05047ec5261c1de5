import { describe, expect, it } from 'vitest';
import { activeFirst, activePlanCount, allowance, frenchDate } from './format';

describe('frenchDate', () => {
  it('shows the end of access as dd/mm/yyyy', () => {
    expect(frenchDate('2026-03-07T00:00:00.000Z')).toBe('07/03/2026');
  });

  it('shows a dash without a date and passes unreadable text through', () => {
    expect(frenchDate(null)).toBe('—');
    expect(frenchDate('soon')).toBe('soon');
  });
});

describe('allowance', () => {
  it('reads unlimited when no limit is set or the offer is unlimited', () => {
    expect(allowance(null, false)).toBe('unlimited');
    expect(allowance(10, true)).toBe('unlimited');
  });

  it('shows a set limit, zero included, with thousands separators', () => {
    expect(allowance(0, false)).toBe('0');
    expect(allowance(1200, false)).toBe('1,200');
  });
});

describe('active plans', () => {
  const offers = Object.freeze([
    { id: 1, expired: true },
    { id: 2, expired: false },
    { id: 3, expired: true },
    { id: 4, expired: false },
  ]);

  it('counts the plans that have not expired', () => {
    expect(activePlanCount(offers)).toBe(2);
    expect(activePlanCount([])).toBe(0);
  });

  it('lists active plans first and keeps the order within each group', () => {
    expect(activeFirst(offers).map((offer) => offer.id)).toEqual([2, 4, 1, 3]);
  });
});
