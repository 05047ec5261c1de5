// Which guided tour the Query tab offers (spec 000 §4 Tutorials), kept pure for unit tests.

export type TourName = 'newProject' | 'createPoint' | 'uncomputedPoint' | 'computedPoint' | 'analyzeDisplay';

export type QueryTourName = Extract<TourName, 'createPoint' | 'uncomputedPoint' | 'computedPoint'>;

export interface QueryTourState {
  /** Points of the project, with whether each is computed. */
  points: readonly { isComputed: boolean }[];
  /** The caller may add points here now (manager, offer running, no run in progress, trial allowance). */
  canAdd: boolean;
  /** The caller may start a computation now (manager, offer running, no run in progress). */
  canRun: boolean;
  /** Demo-zone projects do not open the create-point tour by themselves (spec 000 §4: 'non-demo'). */
  isDemo: boolean;
}

/**
 * The tour of the Query tab in this state, or null: create a point on an empty project, get statistics
 * when a point waits to be computed and the caller may run it, view statistics once a point is computed.
 * One tour per state, so closing one never chains into the next on the same visit.
 */
export function queryTourFor(state: QueryTourState): QueryTourName | null {
  if (state.points.length === 0) return state.canAdd ? 'createPoint' : null;
  if (state.canRun && state.points.some((p) => !p.isComputed)) return 'uncomputedPoint';
  if (state.points.some((p) => p.isComputed)) return 'computedPoint';
  return null;
}

/** Whether the Query tab's tour opens by itself: the create-point tour not on demo zones (spec 000 §4). */
export function autoStartsOnQuery(name: QueryTourName | null, state: QueryTourState): boolean {
  if (name === 'createPoint') return !state.isDemo;
  return name !== null;
}

/** How a tour run ended, for the tracking event: every step seen, or closed before (Skip or ×). */
export type TourOutcome = 'finish' | 'skip';
