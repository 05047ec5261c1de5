// A point's hindcast as the planning simulators read it (the AWD planning and the contractors run): the
// dataset serving the point in the project's zone, its record's times and the fields the simulator knows.
import { PlanningError } from '@metocean/core';
import { planningFields } from '@metocean/hindcast';
import { sourceForPoint } from '../data/registry';
import type { PointSeries } from '../data/sources';
import { readPointRecord } from '../data/calibrated';
import type { PointCalibration } from '../db/schema';
import type { Services } from '../services/context';

export interface PlanningRecord {
  /** What was read: the dataset and its node, for the audit stamp. */
  read: PointSeries;
  time: Float64Array;
  location: { name: string; fields: ReturnType<typeof planningFields> };
}

/** Reads the point's record; a point no dataset serves fails the run with a message naming it. */
export async function planningRecordOf(
  services: Services,
  zoneId: number,
  point: { name: string; lat: number; lng: number; calibration?: PointCalibration | null },
): Promise<PlanningRecord> {
  const source = await sourceForPoint(services.db, zoneId, point.lat, point.lng);
  if (!source) throw new PlanningError(`no dataset serves point "${point.name}"`);
  const read = await readPointRecord(source, point);
  return {
    read,
    time: read.series.time,
    location: { name: point.name, fields: planningFields(read.series.fields) },
  };
}
