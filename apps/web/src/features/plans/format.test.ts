import { describe, expect, it } from 'vitest';
import { activeFirst, activePlanCount, allowance, creditsUsed, frenchDate } from './format';

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

describe('creditsUsed', () => {
  it('counts what was spent of the total and its share', () => {
    expect(creditsUsed({ totalCredits: 40, credits: 30 })).toEqual({ used: 10, percent: 25 });
    expect(creditsUsed({ totalCredits: 10, credits: 0 })).toEqual({ used: 10, percent: 100 });
  });

  it('reads 0 % for an account never granted credits, and never below 0 or above 100 %', () => {
    expect(creditsUsed({ totalCredits: 0, credits: 0 })).toEqual({ used: 0, percent: 0 });
    // credits added by hand above the total (a refund) do not make a negative spend
    expect(creditsUsed({ totalCredits: 10, credits: 12 })).toEqual({ used: 0, percent: 0 });
    expect(creditsUsed({ totalCredits: 10, credits: -5 }).percent).toBe(100);
  });
});
