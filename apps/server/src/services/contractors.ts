// The marine contractors wizard (spec 001 §2.6, §3–§8): a customer's boats, their operations and the
// operations' constraints; the one wizard job per project, its parameters, its launch (the
// contractors-run job) and its results. Boats are the customer's: everyone of the customer reads them,
// managers change them. The job goes through the project access policy; runs need a manager and an offer
// that has not expired; results stay readable after it.
import { and, asc, eq, inArray, not, or } from 'drizzle-orm';
import {
  constraintConditions,
  constraintErrorCodes,
  DEFAULT_CONTRACTOR_PERCENTILES,
  type CustomerSettings,
  contractorMessages,
  contractorVariableCatalogue,
  type ConstraintCondition,
  type ContractorBoat,
  type ContractorJob,
  type ContractorJobStatus,
  type ContractorParameters,
  type ContractorResults,
  type ContractorStep,
  type ContractorVariable,
} from '@metocean/contracts';
import {
  contractorBoats,
  contractorConstraints,
  customers,
  contractorJobs,
  contractorOperations,
  points,
} from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { checkAlphaChoice } from './alpha-tables';
import type { Caller, Services } from './context';
import { projectFor, requireEditable } from './project-access';

type BoatRow = typeof contractorBoats.$inferSelect;
type OperationRow = typeof contractorOperations.$inferSelect;
type ConstraintRow = typeof contractorConstraints.$inferSelect;
type JobRow = typeof contractorJobs.$inferSelect;

function requireManager(caller: Caller): void {
  if (!caller.isStaff) throw forbidden();
}

/** Runs a write whose unique index guards a name; a clash (two requests at once included) is a field error. */
async function uniqueName<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest({ fieldErrors: { name: [message] } });
    throw error;
  }
}

// ---- variables ----

export function variables(): ContractorVariable[] {
  return contractorVariableCatalogue.map((v) => ({
    name: v.name,
    longName: v.longName,
    units: v.units.map((u) => u.unit),
  }));
}

// ---- boats, operations, constraints ----

const presentConstraint = (c: ConstraintRow) => ({
  id: c.id,
  operation: c.operationId,
  varName: c.varName,
  condition: c.condition as ConstraintCondition,
  limit: c.limit,
  unit: c.unit,
});

/** The boats of a customer with their operations and constraints, each in order of creation. */
export async function boatsOf(
  services: Services,
  customerId: number,
  only?: number[],
): Promise<ContractorBoat[]> {
  const db = services.db;
  const boats = await db
    .select()
    .from(contractorBoats)
    .where(
      and(
        eq(contractorBoats.customerId, customerId),
        only ? inArray(contractorBoats.id, only.length ? only : [-1]) : undefined,
      ),
    )
    .orderBy(asc(contractorBoats.id));
  const boatIds = boats.map((b) => b.id);
  const operations = boatIds.length
    ? await db
        .select()
        .from(contractorOperations)
        .where(inArray(contractorOperations.boatId, boatIds))
        .orderBy(asc(contractorOperations.id))
    : [];
  const operationIds = operations.map((o) => o.id);
  const constraints = operationIds.length
    ? await db
        .select()
        .from(contractorConstraints)
        .where(inArray(contractorConstraints.operationId, operationIds))
        .orderBy(asc(contractorConstraints.id))
    : [];
  return boats.map((b) => ({
    id: b.id,
    name: b.name,
    customer: b.customerId,
    operations: operations
      .filter((o) => o.boatId === b.id)
      .map((o) => ({
        id: o.id,
        name: o.name,
        duration: o.durationHours,
        boat: o.boatId,
        constraints: constraints.filter((c) => c.operationId === o.id).map(presentConstraint),
      })),
  }));
}

async function boatFor(services: Services, caller: Caller, id: number): Promise<BoatRow> {
  const [row] = await services.db
    .select()
    .from(contractorBoats)
    .where(and(eq(contractorBoats.id, id), eq(contractorBoats.customerId, caller.customerId)));
  if (!row) throw notFound();
  return row;
}

async function operationFor(services: Services, caller: Caller, id: number): Promise<OperationRow> {
  const [row] = await services.db
    .select({ operation: contractorOperations })
    .from(contractorOperations)
    .innerJoin(contractorBoats, eq(contractorBoats.id, contractorOperations.boatId))
    .where(and(eq(contractorOperations.id, id), eq(contractorBoats.customerId, caller.customerId)));
  if (!row) throw notFound();
  return row.operation;
}

async function constraintFor(services: Services, caller: Caller, id: number): Promise<ConstraintRow> {
  const [row] = await services.db
    .select({ constraint: contractorConstraints })
    .from(contractorConstraints)
    .innerJoin(contractorOperations, eq(contractorOperations.id, contractorConstraints.operationId))
    .innerJoin(contractorBoats, eq(contractorBoats.id, contractorOperations.boatId))
    .where(and(eq(contractorConstraints.id, id), eq(contractorBoats.customerId, caller.customerId)));
  if (!row) throw notFound();
  return row.constraint;
}

async function oneBoat(services: Services, caller: Caller, id: number): Promise<ContractorBoat> {
  return (await boatsOf(services, caller.customerId, [id]))[0]!;
}

export async function createBoat(services: Services, caller: Caller, input: { name: string }) {
  requireManager(caller);
  const [row] = await uniqueName(
    () =>
      services.db
        .insert(contractorBoats)
        .values({ customerId: caller.customerId, name: input.name })
        .returning(),
    contractorMessages.boatNameTaken,
  );
  return oneBoat(services, caller, row!.id);
}

export async function updateBoat(services: Services, caller: Caller, id: number, input: { name: string }) {
  requireManager(caller);
  await boatFor(services, caller, id);
  await uniqueName(
    () => services.db.update(contractorBoats).set({ name: input.name }).where(eq(contractorBoats.id, id)),
    contractorMessages.boatNameTaken,
  );
  return oneBoat(services, caller, id);
}

export async function deleteBoat(services: Services, caller: Caller, id: number): Promise<void> {
  requireManager(caller);
  await boatFor(services, caller, id);
  const [dependent] = await services.db
    .select({ id: contractorOperations.id })
    .from(contractorOperations)
    .where(eq(contractorOperations.boatId, id))
    .limit(1);
  if (dependent) throw badRequest({ nonFieldErrors: [contractorMessages.boatHasOperations] });
  await services.db.delete(contractorBoats).where(eq(contractorBoats.id, id));
}

const presentOperation = async (services: Services, caller: Caller, operation: OperationRow) =>
  (await oneBoat(services, caller, operation.boatId)).operations.find((o) => o.id === operation.id)!;

export async function createOperation(
  services: Services,
  caller: Caller,
  input: { name: string; duration: number; boat: number },
) {
  requireManager(caller);
  await boatFor(services, caller, input.boat);
  const [row] = await uniqueName(
    () =>
      services.db
        .insert(contractorOperations)
        .values({ boatId: input.boat, name: input.name, durationHours: input.duration })
        .returning(),
    contractorMessages.operationNameTaken,
  );
  return presentOperation(services, caller, row!);
}

export async function updateOperation(
  services: Services,
  caller: Caller,
  id: number,
  input: { name?: string; duration?: number; boat?: number },
) {
  requireManager(caller);
  await operationFor(services, caller, id);
  if (input.boat !== undefined) await boatFor(services, caller, input.boat);
  const [row] = await uniqueName(
    () =>
      services.db
        .update(contractorOperations)
        .set({ name: input.name, durationHours: input.duration, boatId: input.boat })
        .where(eq(contractorOperations.id, id))
        .returning(),
    contractorMessages.operationNameTaken,
  );
  return presentOperation(services, caller, row!);
}

export async function deleteOperation(services: Services, caller: Caller, id: number): Promise<void> {
  requireManager(caller);
  await operationFor(services, caller, id);
  const [dependent] = await services.db
    .select({ id: contractorConstraints.id })
    .from(contractorConstraints)
    .where(eq(contractorConstraints.operationId, id))
    .limit(1);
  if (dependent) throw badRequest({ nonFieldErrors: [contractorMessages.operationHasConstraints] });
  await services.db.delete(contractorOperations).where(eq(contractorOperations.id, id));
}

interface ConstraintFields {
  varName: string;
  condition: string;
  limit: number;
  unit: string;
}

const constraintError = (field: string, message: string, code: string) =>
  badRequest({ fieldErrors: { [field]: [message] }, code });

/** The constraint rules of spec 001 §5, each failure with its field and code. */
function checkConstraint(c: ConstraintFields): ConstraintFields & { condition: ConstraintCondition } {
  const variable = contractorVariableCatalogue.find((v) => v.name === c.varName);
  if (!variable)
    throw constraintError(
      'varName',
      contractorMessages.invalidVariable,
      constraintErrorCodes.invalidVariableUnit,
    );
  if (!(constraintConditions as readonly string[]).includes(c.condition))
    throw constraintError(
      'condition',
      contractorMessages.invalidCondition,
      constraintErrorCodes.invalidCondition,
    );
  if (!(Number.isFinite(c.limit) && c.limit > 0))
    throw constraintError('limit', contractorMessages.badLimit, constraintErrorCodes.badLimit);
  if (c.unit === '') throw constraintError('unit', contractorMessages.noUnit, constraintErrorCodes.noUnit);
  if (!variable.units.some((u) => u.unit === c.unit))
    throw constraintError('unit', contractorMessages.invalidUnit, constraintErrorCodes.invalidUnit);
  return { ...c, condition: c.condition as ConstraintCondition };
}

export async function createConstraint(
  services: Services,
  caller: Caller,
  input: ConstraintFields & { operation: number },
) {
  requireManager(caller);
  await operationFor(services, caller, input.operation);
  const c = checkConstraint(input);
  const [row] = await services.db
    .insert(contractorConstraints)
    .values({
      operationId: input.operation,
      varName: c.varName,
      condition: c.condition,
      limit: c.limit,
      unit: c.unit,
    })
    .returning();
  return presentConstraint(row!);
}

export async function updateConstraint(
  services: Services,
  caller: Caller,
  id: number,
  input: Partial<ConstraintFields>,
) {
  requireManager(caller);
  const current = await constraintFor(services, caller, id);
  const c = checkConstraint({
    varName: input.varName ?? current.varName,
    condition: input.condition ?? current.condition,
    limit: input.limit ?? current.limit,
    unit: input.unit ?? current.unit,
  });
  const [row] = await services.db
    .update(contractorConstraints)
    .set({ varName: c.varName, condition: c.condition, limit: c.limit, unit: c.unit })
    .where(eq(contractorConstraints.id, id))
    .returning();
  return presentConstraint(row!);
}

export async function deleteConstraint(services: Services, caller: Caller, id: number): Promise<void> {
  requireManager(caller);
  await constraintFor(services, caller, id);
  await services.db.delete(contractorConstraints).where(eq(contractorConstraints.id, id));
}

// ---- the customer's percentile set ----

/** GET /api/customer/settings/{customer}/: one's own customer only (404 otherwise). */
export async function customerSettingsFor(
  services: Services,
  caller: Caller,
  customerId: number,
): Promise<CustomerSettings> {
  if (customerId !== caller.customerId) throw notFound();
  const [row] = await services.db
    .select({ percentiles: customers.contractorPercentiles })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw notFound();
  return { customer: customerId, percentiles: row.percentiles ?? [...DEFAULT_CONTRACTOR_PERCENTILES] };
}

/** PUT: managers replace the list (its rules are the body schema's). */
export async function updateCustomerSettings(
  services: Services,
  caller: Caller,
  customerId: number,
  input: CustomerSettings,
): Promise<CustomerSettings> {
  if (customerId !== caller.customerId || input.customer !== customerId) throw notFound();
  requireManager(caller);
  const percentiles = [...input.percentiles].sort((a, b) => a - b);
  await services.db
    .update(customers)
    .set({ contractorPercentiles: percentiles })
    .where(eq(customers.id, customerId));
  return { customer: customerId, percentiles };
}

// ---- the wizard job ----

export function presentJob(row: JobRow): ContractorJob {
  return {
    id: row.id,
    project: row.projectId,
    status: row.status as ContractorJobStatus,
    step: row.step as ContractorStep,
    taskInfo: { progress: row.progress },
    parameters: row.parameters as ContractorParameters,
    errorMessage: row.errorMessage,
    hasResults: row.results !== null,
    startedAt: row.startedAt?.toISOString() ?? null,
    computedAt: row.computedAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/contractors/jobs/?latest&project_id=: the project's wizard job, made with the project (a marine
 * contractors dashboard) at the operations step with the default parameters. A GET changes nothing (issue
 * 29: it used to insert the job): a project without a wizard job answers 404.
 */
export async function latestJob(services: Services, caller: Caller, projectId: number): Promise<JobRow> {
  await projectFor(services.db, caller, projectId);
  const [row] = await services.db
    .select()
    .from(contractorJobs)
    .where(eq(contractorJobs.projectId, projectId));
  if (!row) throw notFound();
  return row;
}

/** The job if the caller may see its project; 404 otherwise. */
export async function jobFor(services: Services, caller: Caller, id: number) {
  const [row] = await services.db.select().from(contractorJobs).where(eq(contractorJobs.id, id));
  if (!row) throw notFound();
  const access = await projectFor(services.db, caller, row.projectId);
  return { row, access };
}

const inFlight = or(eq(contractorJobs.status, 'PENDING'), eq(contractorJobs.status, 'RUNNING'))!;

/**
 * What every saved step holds (issue 29: another customer's operation or point ids were stored at any step
 * but RUN): operations of the caller's customer, points of the project.
 */
async function checkReferences(
  services: Services,
  caller: Caller,
  projectId: number,
  p: ContractorParameters,
) {
  if (p.operations.length > 0) {
    const operations = (await boatsOf(services, caller.customerId)).flatMap((b) => b.operations);
    if (p.operations.some((id) => !operations.some((o) => o.id === id)))
      throw badRequest({ fieldErrors: { operations: [contractorMessages.unknownOperation] } });
  }
  if (p.points.length > 0) {
    const found = await services.db
      .select({ id: points.id })
      .from(points)
      .where(and(eq(points.projectId, projectId), inArray(points.id, p.points)));
    if (found.length !== new Set(p.points).size)
      throw badRequest({ fieldErrors: { points: [contractorMessages.unknownPoint] } });
  }
}

/** What a launch needs besides (spec 001 §4, §5): operations each with a constraint, points, a format. */
async function checkLaunch(services: Services, caller: Caller, p: ContractorParameters) {
  if (p.operations.length === 0)
    throw badRequest({ fieldErrors: { operations: [contractorMessages.noOperation] } });
  const operations = (await boatsOf(services, caller.customerId)).flatMap((b) => b.operations);
  if (p.operations.some((id) => operations.find((o) => o.id === id)?.constraints.length === 0))
    throw badRequest({ nonFieldErrors: [contractorMessages.operationWithoutConstraint] });
  if (p.points.length === 0) throw badRequest({ fieldErrors: { points: [contractorMessages.noPoint] } });
  if (p.percentiles.length === 0) throw badRequest({ fieldErrors: { percentiles: ['EMPTY_PERCENTILE'] } });
  if (p.outputFormat === null)
    throw badRequest({ fieldErrors: { outputFormat: [contractorMessages.noFormat] } });
}

/**
 * PUT /api/contractors/jobs/{id}/: managers save the step and parameters; step RUN launches the run
 * (PENDING, then the contractors-run job, enqueued after the update). The update is conditional, so a job
 * queued or running is neither changed nor launched twice: 409.
 */
export async function updateJob(
  services: Services,
  caller: Caller,
  id: number,
  input: { project: number; parameters: ContractorParameters; step: ContractorStep },
): Promise<JobRow> {
  const { row, access } = await jobFor(services, caller, id);
  if (input.project !== row.projectId)
    throw badRequest({ fieldErrors: { project: [contractorMessages.wrongProject] } });
  if (!access.canEdit) throw forbidden();
  await checkAlphaChoice(services, access.project.customerId, input.parameters.alpha);
  const launch = input.step === 'RUN';
  if (launch) requireEditable(access);
  await checkReferences(services, caller, row.projectId, input.parameters);
  if (launch) await checkLaunch(services, caller, input.parameters);
  const [updated] = await services.db
    .update(contractorJobs)
    .set({
      step: input.step,
      parameters: input.parameters,
      ...(launch
        ? {
            status: 'PENDING',
            progress: 0,
            errorMessage: '',
            results: null,
            userId: caller.id,
            queuedAt: new Date(),
            // the heartbeat of an earlier run is not this one's (reconcile.ts)
            heartbeatAt: null,
            startedAt: null,
            computedAt: null,
          }
        : {}),
    })
    .where(and(eq(contractorJobs.id, id), not(inFlight)))
    .returning();
  if (!updated) throw new HttpError(409, { nonFieldErrors: [contractorMessages.jobInFlight] });
  if (launch) await services.queue.send('contractors-run', { jobId: id });
  return updated;
}

/** GET /api/contractors/jobs/{id}/results/: 404 while there are none. */
export async function jobResults(services: Services, caller: Caller, id: number): Promise<ContractorResults> {
  const { row } = await jobFor(services, caller, id);
  if (row.results === null) throw notFound();
  return row.results as ContractorResults;
}
