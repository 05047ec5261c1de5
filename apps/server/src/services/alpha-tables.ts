// Company alpha tables (issue 32; docs/methods/alpha.md): a customer's own α tables (rows TPOP, columns a
// limit of Hs or wind speed), read by everyone of the customer (they choose one in a planning or a
// contractors run), changed by managers. The rules of a table's shape and values are the core's
// (alphaTableProblems). `resolveAlpha` turns a planning's `alpha` choice into the table a job applies.
import { and, asc, eq } from 'drizzle-orm';
import {
  alphaMessages,
  BUILT_IN_ALPHA,
  NO_ALPHA,
  type AlphaTableInput,
  type CompanyAlphaTable,
} from '@metocean/contracts';
import { alphaTableProblems, OS_H101_2011_T4_1, PlanningError, type AlphaTable } from '@metocean/core';
import { alphaTables } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { Caller, Services } from './context';

type Row = typeof alphaTables.$inferSelect;

const present = (row: Row): CompanyAlphaTable => ({
  id: row.id,
  choice: `user-${row.id}`,
  customer: row.customerId,
  name: row.name,
  source: row.source,
  parameter: row.parameter as CompanyAlphaTable['parameter'],
  tpopHours: row.tpopHours,
  limits: row.limits,
  values: row.values,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function requireManager(caller: Caller): void {
  if (!caller.isStaff) throw forbidden(alphaMessages.managersOnly);
}

/** The table's rule problems as a 400 on `values` (shape and order problems included). */
function check(input: AlphaTableInput): void {
  const problems = alphaTableProblems(input);
  if (problems.length > 0) throw badRequest({ fieldErrors: { values: problems } });
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest({ fieldErrors: { name: [alphaMessages.nameTaken] } });
    throw error;
  }
}

export async function listAlphaTables(services: Services, caller: Caller): Promise<CompanyAlphaTable[]> {
  const rows = await services.db
    .select()
    .from(alphaTables)
    .where(eq(alphaTables.customerId, caller.customerId))
    .orderBy(asc(alphaTables.name));
  return rows.map(present);
}

async function rowFor(services: Services, customerId: number, id: number): Promise<Row> {
  const [row] = await services.db
    .select()
    .from(alphaTables)
    .where(and(eq(alphaTables.id, id), eq(alphaTables.customerId, customerId)));
  if (!row) throw notFound();
  return row;
}

export async function createAlphaTable(
  services: Services,
  caller: Caller,
  input: AlphaTableInput,
): Promise<CompanyAlphaTable> {
  requireManager(caller);
  check(input);
  const [row] = await uniqueName(() =>
    services.db
      .insert(alphaTables)
      .values({ customerId: caller.customerId, ...input })
      .returning(),
  );
  return present(row!);
}

export async function updateAlphaTable(
  services: Services,
  caller: Caller,
  id: number,
  input: AlphaTableInput,
): Promise<CompanyAlphaTable> {
  requireManager(caller);
  await rowFor(services, caller.customerId, id);
  check(input);
  const [row] = await uniqueName(() =>
    services.db
      .update(alphaTables)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(alphaTables.id, id), eq(alphaTables.customerId, caller.customerId)))
      .returning(),
  );
  return present(row!);
}

export async function deleteAlphaTable(services: Services, caller: Caller, id: number): Promise<void> {
  requireManager(caller);
  await rowFor(services, caller.customerId, id);
  await services.db
    .delete(alphaTables)
    .where(and(eq(alphaTables.id, id), eq(alphaTables.customerId, caller.customerId)));
}

/** A settings `alpha` choice is one of the customer's: 400 on `alpha` otherwise. */
export async function checkAlphaChoice(
  services: Services,
  customerId: number,
  choice: string,
): Promise<void> {
  const id = /^user-(\d+)$/.exec(choice)?.[1];
  if (id === undefined) return;
  const [row] = await services.db
    .select({ id: alphaTables.id })
    .from(alphaTables)
    .where(and(eq(alphaTables.id, Number(id)), eq(alphaTables.customerId, customerId)));
  if (!row) throw badRequest({ fieldErrors: { alpha: [alphaMessages.unknownTable] } });
}

/**
 * The table a job applies for a choice, or null for "none" (absent: none, the plannings made before issue
 * 32). A company table deleted since the choice fails the run with a message saying so.
 */
export async function resolveAlpha(
  services: Services,
  customerId: number,
  choice: string | undefined,
): Promise<AlphaTable | null> {
  if (choice === undefined || choice === NO_ALPHA) return null;
  if (choice === BUILT_IN_ALPHA) return OS_H101_2011_T4_1;
  const id = /^user-(\d+)$/.exec(choice)?.[1];
  const [row] =
    id === undefined
      ? []
      : await services.db
          .select()
          .from(alphaTables)
          .where(and(eq(alphaTables.id, Number(id)), eq(alphaTables.customerId, customerId)));
  if (!row) throw new PlanningError(`alpha table "${choice}": ${alphaMessages.unknownTable}`);
  return {
    id: choice,
    name: row.name,
    source: row.source,
    parameter: row.parameter as AlphaTable['parameter'],
    tpopHours: row.tpopHours,
    limits: row.limits,
    values: row.values,
  };
}
