import { describe, expect, it } from 'vitest';
import { pointsCell } from './pointsCell';

describe('pointsCell (spec 001 §2.2, spec 002 §9: more than 3 points in a row collapse to a link)', () => {
  const named = (...names: string[]) => names.map((name) => ({ name }));
  it('shows up to 3 names and collapses 4 into a "{n} points" link', () => {
    expect(pointsCell([])).toEqual({ kind: 'names', names: [] });
    expect(pointsCell(named('A', 'B', 'C'))).toEqual({ kind: 'names', names: ['A', 'B', 'C'] });
    expect(pointsCell(named('A', 'B', 'C', 'D'))).toEqual({ kind: 'link', label: '4 points' });
  });
});
