// Spending a customer's credits: the one rule behind computing points and buying maps (spec 000 §5, §6).
import { and, eq, gte, sql } from 'drizzle-orm';
import { customers, users } from '../db/schema';
import type { Db } from '../db/client';
import type { Caller } from './context';

/** A transaction of the database (the argument of `db.transaction`'s callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Takes `cost` credits from the caller's customer inside `tx` and counts them as used by the caller, or
 * throws `refuse(available)` and changes nothing. Atomic: the decrement is conditional on the balance in
 * the same statement, so two concurrent spends can never use the same credits.
 */
export async function chargeCredits(
  tx: Tx,
  caller: Caller,
  cost: number,
  refuse: (available: number) => Error,
): Promise<void> {
  if (cost <= 0) return;
  const charged = await tx
    .update(customers)
    .set({ credits: sql`${customers.credits} - ${cost}` })
    .where(and(eq(customers.id, caller.customerId), gte(customers.credits, cost)))
    .returning({ credits: customers.credits });
  if (charged.length === 0) {
    const [account] = await tx
      .select({ credits: customers.credits })
      .from(customers)
      .where(eq(customers.id, caller.customerId));
    throw refuse(account?.credits ?? 0);
  }
  await tx
    .update(users)
    .set({ usedCredits: sql`${users.usedCredits} + ${cost}` })
    .where(eq(users.id, caller.id));
}
