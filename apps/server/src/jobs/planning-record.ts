// A point's hindcast as the planning simulators read it (the AWD planning and the contractors run): the
// dataset serving the point in the project's zone is found here (the database); the record itself — its
// times and the fields the simulator knows — is read in the planning thread (planning-worker.ts,
// readPlanningRecord), off the event loop and under the thread's memory limit (issue 29).
import { PlanningError } from '@metocean/core';
import { sourceForPoint } from '../data/registry';
import type { PointCalibration } from '../db/schema';
import type { Services } from '../services/context';
import type { RecordPoint } from './planning-worker';

/** Where the point's record is read; a point no dataset serves fails the run with a message naming it. */
export async function recordPointOf(
  services: Services,
  zoneId: number,
  point: { name: string; lat: number; lng: number; calibration?: PointCalibration | null },
): Promise<RecordPoint> {
  const source = await sourceForPoint(services.db, zoneId, point.lat, point.lng);
  if (!source) throw new PlanningError(`no dataset serves point "${point.name}"`);
  return {
    name: point.name,
    lat: point.lat,
    lng: point.lng,
    calibration: point.calibration ?? null,
    source,
  };
}
