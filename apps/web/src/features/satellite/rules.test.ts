import { describe, expect, it } from 'vitest';
import type { SatelliteComparison } from '@metocean/contracts';
import { pointModal } from './rules';

const comparison = (
  id: number,
  point: number,
  status: SatelliteComparison['status'],
): SatelliteComparison => ({
  id,
  name: `c${id}`,
  project: 1,
  point,
  user: 1,
  status,
  errorMessage: status === 'FAILED' ? 'boom' : '',
  stats: null,
  synthetic: null,
  createdAt: '2026-11-28T00:00:00Z',
  startedAt: null,
  computedAt: null,
});

describe('pointModal(point, comparisons)', () => {
  it('opens the launch modal, not started, for a point without comparison (or before the list loads)', () => {
    expect(pointModal({ id: 7, hasSatelliteValidation: false }, [comparison(1, 8, 'FINISHED')])).toEqual({
      kind: 'launch',
      state: 'notStarted',
      latest: undefined,
    });
    expect(pointModal({ id: 7, hasSatelliteValidation: false }, undefined).kind).toBe('launch');
  });

  it('says running while the latest comparison of the point is RUNNING', () => {
    expect(pointModal({ id: 7, hasSatelliteValidation: false }, [comparison(2, 7, 'RUNNING')])).toMatchObject(
      {
        kind: 'launch',
        state: 'running',
      },
    );
  });

  it('lets a comparison created but never computed (PENDING) be launched', () => {
    const pending = comparison(2, 7, 'PENDING');
    expect(pointModal({ id: 7, hasSatelliteValidation: false }, [pending])).toEqual({
      kind: 'launch',
      state: 'notStarted',
      latest: pending,
    });
  });

  it('offers a new launch after a failure', () => {
    const failed = comparison(3, 7, 'FAILED');
    expect(pointModal({ id: 7, hasSatelliteValidation: false }, [failed])).toEqual({
      kind: 'launch',
      state: 'failed',
      latest: failed,
    });
  });

  it('opens the newest finished result of a validated point, or of one whose comparison just finished', () => {
    const list = [comparison(5, 7, 'FAILED'), comparison(4, 7, 'FINISHED'), comparison(3, 7, 'FINISHED')];
    expect(pointModal({ id: 7, hasSatelliteValidation: true }, list)).toMatchObject({
      kind: 'result',
      comparison: { id: 4 },
    });
    // the project not read again yet: the flag is still false, the list already says FINISHED
    expect(
      pointModal({ id: 7, hasSatelliteValidation: false }, [comparison(6, 7, 'FINISHED')]),
    ).toMatchObject({
      kind: 'result',
      comparison: { id: 6 },
    });
    // a point moved since (flag cleared) with an old result and a failed relaunch: launch again
    expect(pointModal({ id: 7, hasSatelliteValidation: false }, list)).toMatchObject({
      kind: 'launch',
      state: 'failed',
    });
  });
});
