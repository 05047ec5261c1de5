// Which satellite modal a click on a point opens (spec 002 "Data validation page", §3, §4): a point with
// satellite validation opens its result; any other opens the launch modal, in one of its states.
import type { SatelliteComparison } from '@metocean/contracts';

export type PointModal =
  | { kind: 'result'; comparison: SatelliteComparison }
  | { kind: 'launch'; state: 'notStarted' | 'running' | 'failed'; latest: SatelliteComparison | undefined };

/**
 * `comparisons` are the project's, newest first. The result shown is the point's newest FINISHED
 * comparison, once the point has satellite validation or its latest comparison has just finished (the
 * project not yet read again); a RUNNING one means running. A PENDING one was created but its computation
 * never started (the launch stopped between its two calls): launching computes it.
 */
export function pointModal(
  point: { id: number; hasSatelliteValidation: boolean },
  comparisons: readonly SatelliteComparison[] | undefined,
): PointModal {
  const mine = (comparisons ?? []).filter((c) => c.point === point.id);
  const latest = mine[0];
  const finished = mine.find((c) => c.status === 'FINISHED');
  if (finished && (point.hasSatelliteValidation || latest?.status === 'FINISHED'))
    return { kind: 'result', comparison: finished };
  const state =
    latest?.status === 'RUNNING' ? 'running' : latest?.status === 'FAILED' ? 'failed' : 'notStarted';
  return { kind: 'launch', state, latest };
}
