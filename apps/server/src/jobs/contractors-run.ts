// The contractors-run job (spec 001 §2.6 run step, §3 "Results"; docs/methods/contractors.md): for each
// selected point and each boat with selected operations, the boat's selected operations in their order of
// creation run from every hourly start of the point's record (core simulateSequence, each constraint a
// field condition in SI units; the record is read and simulated in the planning thread, issue 29); the
// chosen format's monthly percentiles are stored as dataByPoints[point id][boat id]. Progress: the share of
// (point, boat) pairs done, recorded after each point. Any error sets ERROR with its message and sends the
// wizard back to the outputs step.
import { eq, inArray } from 'drizzle-orm';
import {
  contractorFormatUnits,
  contractorVariableCatalogue,
  type ContractorBoat,
  type ContractorParameters,
  type ContractorResults,
} from '@metocean/contracts';
import {
  alphaSummary,
  operationEnvironments,
  PlanningError,
  type AlphaFactored,
  type ContractorOperation,
  type FieldCondition,
} from '@metocean/core';
import { contractorJobs, points, projects } from '../db/schema';
import type { Services } from '../services/context';
import { resolveAlpha } from '../services/alpha-tables';
import { boatsOf } from '../services/contractors';
import { recordPointOf } from '../services/planning-simulation';
import { contractorsPointInThread, PlanningThreadRefusal } from './planning-thread';

/** A constraint as the simulator reads it: the variable's catalogue field, its limit in the field's unit. */
function condition(c: ContractorBoat['operations'][number]['constraints'][number]): FieldCondition {
  const variable = contractorVariableCatalogue.find((v) => v.name === c.varName);
  const unit = variable?.units.find((u) => u.unit === c.unit);
  if (!variable || !unit) throw new PlanningError(`constraint ${c.id}: unknown variable or unit`);
  return { field: variable.field, comparison: c.condition, limit: c.limit * unit.toSi };
}

export async function contractorsRunJob(services: Services, jobId: number): Promise<void> {
  const db = services.db;
  const [row] = await db
    .select({ job: contractorJobs, zoneId: projects.zoneId, customerId: projects.customerId })
    .from(contractorJobs)
    .innerJoin(projects, eq(projects.id, contractorJobs.projectId))
    .where(eq(contractorJobs.id, jobId));
  // a job of a deleted project has nothing to do; one found RUNNING was left so by a dead worker: run again
  if (!row || (row.job.status !== 'PENDING' && row.job.status !== 'RUNNING')) return;
  await db
    .update(contractorJobs)
    .set({ status: 'RUNNING', startedAt: new Date(), progress: 0 })
    .where(eq(contractorJobs.id, jobId));
  try {
    const parameters = row.job.parameters as ContractorParameters;
    const format = parameters.outputFormat;
    if (format === null) throw new PlanningError('no output format was chosen');
    const selected = new Set(parameters.operations);
    const boats = (await boatsOf(services, row.customerId))
      .map((b) => ({ ...b, operations: b.operations.filter((o) => selected.has(o.id)) }))
      .filter((b) => b.operations.length > 0);
    if (boats.length === 0) throw new PlanningError('none of the selected operations exists any more');
    const chosen = await db
      .select({
        id: points.id,
        name: points.name,
        lat: points.lat,
        lng: points.lng,
        calibration: points.calibration,
      })
      .from(points)
      .where(inArray(points.id, parameters.points.length ? parameters.points : [-1]));
    chosen.sort((a, b) => parameters.points.indexOf(a.id) - parameters.points.indexOf(b.id));
    if (chosen.length === 0) throw new PlanningError('none of the selected points exists any more');
    // alpha factors (issue 32), TPOP = each operation's duration; refused above the table's last row
    const alpha = await resolveAlpha(services, row.customerId, parameters.alpha);
    const operationsOf = (boat: (typeof boats)[number]): ContractorOperation[] =>
      boat.operations.map((o) => ({
        name: o.name,
        durationHours: o.duration,
        conditions: o.constraints.map(condition),
      }));
    const factored: AlphaFactored[] = [];
    if (alpha)
      for (const boat of boats)
        for (const f of operationEnvironments(operationsOf(boat), alpha).factored)
          factored.push({ ...f, tripId: boat.name, taskId: f.activityId });
    const dataByPoints: ContractorResults['dataByPoints'] = {};
    let period = { start: '', end: '' };
    let periods: string[] = [];
    let settings: ContractorResults['intervals'];
    let done = 0;
    for (const point of chosen) {
      // the point's record is read and every boat's sequence simulated in the planning thread, off the
      // event loop and under its memory limit (issue 29)
      const answer = await contractorsPointInThread(
        {
          point: await recordPointOf(services, row.zoneId, point),
          boats: boats.map((boat) => ({ id: boat.id, operations: operationsOf(boat) })),
          alpha,
          percentiles: parameters.percentiles,
          format,
        },
        services.config.planningMemoryMb,
      );
      if (!period.start && answer.period) period = answer.period;
      const byBoat: ContractorResults['dataByPoints'][string] = {};
      for (const boat of boats) {
        const ran = answer.boats.find((b) => b.id === boat.id)!;
        const notDoableById = Object.fromEntries(
          ran.notDoable.map((n) => [String(boat.operations[n.index]!.id), n.reason]),
        );
        const stats = ran.stats;
        if (!stats)
          byBoat[String(boat.id)] = {
            sequence: {},
            operations: {},
            starts: {},
            censored: 0,
            totalStarts: 0,
            notDoable: notDoableById,
          };
        else {
          const bands = ran.bands!;
          settings = bands.intervals;
          periods = Object.keys(stats.starts);
          byBoat[String(boat.id)] = {
            sequence: stats.sequence,
            operations: Object.fromEntries(
              ran.doable.map((k, j) => [String(boat.operations[k]!.id), stats.operations[j]!]),
            ),
            starts: stats.starts,
            censored: stats.censored,
            totalStarts: stats.totalStarts,
            notDoable: notDoableById,
            intervals: {
              sequence: bands.sequence,
              operations: Object.fromEntries(
                ran.doable.map((k, j) => [String(boat.operations[k]!.id), bands.operations[j]!]),
              ),
              years: bands.years,
              notes: bands.notes,
            },
          };
        }
        done++;
      }
      await db
        .update(contractorJobs)
        .set({ progress: Math.min(99, Math.floor((100 * done) / (chosen.length * boats.length))) })
        .where(eq(contractorJobs.id, jobId));
      dataByPoints[String(point.id)] = byBoat;
    }
    const results: ContractorResults = {
      dataFormat: format,
      unit: contractorFormatUnits[format],
      percentiles: parameters.percentiles,
      periods,
      period,
      points: chosen.map(({ calibration, ...point }) =>
        calibration ? { ...point, calibration: calibration.stamp.text } : point,
      ),
      boats,
      alpha: alpha ? alphaSummary(alpha, factored) : null,
      ...(settings ? { intervals: settings } : {}),
      dataByPoints,
    };
    await db
      .update(contractorJobs)
      .set({ status: 'COMPLETE', step: 'STATISTICS', progress: 100, results, computedAt: new Date() })
      .where(eq(contractorJobs.id, jobId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof PlanningError || error instanceof PlanningThreadRefusal))
      services.log.error({ err: error, jobId }, 'contractors run failed');
    await db
      .update(contractorJobs)
      .set({ status: 'ERROR', step: 'OUTPUTS', errorMessage: message, computedAt: new Date() })
      .where(eq(contractorJobs.id, jobId));
  }
}
