import { describe, expect, it } from 'vitest';
import { autoStartsOnQuery, queryTourFor, type QueryTourState } from './tour-rules';

const computed = { isComputed: true };
const uncomputed = { isComputed: false };
const state = (over: Partial<QueryTourState>): QueryTourState => ({
  points: [],
  canAdd: true,
  canRun: true,
  isDemo: false,
  ...over,
});

describe('the Query tab tour (spec 000 §4 Tutorials)', () => {
  it('creates a point on an empty project the caller may fill, else none', () => {
    expect(queryTourFor(state({}))).toBe('createPoint');
    expect(queryTourFor(state({ canAdd: false, canRun: false }))).toBeNull();
  });

  it('gets statistics when a point waits and the caller may run it, even beside computed points', () => {
    expect(queryTourFor(state({ points: [uncomputed] }))).toBe('uncomputedPoint');
    expect(queryTourFor(state({ points: [computed, uncomputed] }))).toBe('uncomputedPoint');
  });

  it('views statistics once a point is computed, or when the caller may not run the others', () => {
    expect(queryTourFor(state({ points: [computed] }))).toBe('computedPoint');
    expect(queryTourFor(state({ points: [computed, uncomputed], canRun: false }))).toBe('computedPoint');
    expect(queryTourFor(state({ points: [uncomputed], canRun: false }))).toBeNull();
  });

  it('does not open the create-point tour by itself on a demo zone; the others open there too', () => {
    const demo = state({ isDemo: true });
    expect(autoStartsOnQuery('createPoint', demo)).toBe(false);
    expect(autoStartsOnQuery('createPoint', state({}))).toBe(true);
    expect(autoStartsOnQuery('computedPoint', demo)).toBe(true);
    expect(autoStartsOnQuery(null, state({}))).toBe(false);
  });
});
