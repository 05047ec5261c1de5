// The customer account as spec 000 §3 presents it: credits, pack, end of subscription.
import { desc, eq } from 'drizzle-orm';
import type { Account } from '@metocean/contracts';
import { customers, offerInstances, offers, users } from '../db/schema';
import type { Db } from '../db/client';

/**
 * The order in which a customer's offers are preferred (spec 000 §4, default offer for a new project):
 * an unlimited non-trial non-dashboard offer, then a limited non-trial non-dashboard one, then a trial one,
 * then a dashboard. The account's pack is its most preferred active offer.
 */
export function offerPreference(instance: {
  isUnlimited: boolean;
  isTrial: boolean;
  isMcDashboard: boolean;
}): number {
  if (instance.isMcDashboard) return 3;
  if (instance.isTrial) return 2;
  return instance.isUnlimited ? 0 : 1;
}

/**
 * An account is expired when it has offer instances and every one has ended (an offer is expired when
 * the current time is on or after its end, spec 000 §4). The provider's own account never expires.
 */
export async function presentAccount(db: Db, customerId: number, now = new Date()): Promise<Account> {
  const [row] = await db
    .select({ customer: customers, people: db.$count(users, eq(users.customerId, customerId)) })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw new Error(`customer ${customerId} not found`);
  const { customer, people } = row;
  const instances = await db
    .select({ instance: offerInstances, offerName: offers.name })
    .from(offerInstances)
    .innerJoin(offers, eq(offers.id, offerInstances.offerId))
    .where(eq(offerInstances.customerId, customerId))
    .orderBy(desc(offerInstances.offerEnd));
  const active = instances.filter((row) => row.instance.offerEnd.getTime() > now.getTime());
  const current =
    [...active].sort((a, b) => offerPreference(a.instance) - offerPreference(b.instance))[0] ?? instances[0];
  return {
    id: customer.id,
    name: customer.name,
    image: customer.logo,
    collaborators: people,
    totalCredits: customer.totalCredits,
    credits: customer.credits,
    pack: current
      ? {
          name: current.instance.packName || current.offerName,
          hasUnlimitedFullStudy: current.instance.hasUnlimitedFullStudy,
          hasUnlimitedDiscover: current.instance.hasUnlimitedDiscover,
        }
      : null,
    subscriptionEnd: instances[0]?.instance.offerEnd.toISOString() ?? null,
    subscriptionExpired: !customer.isProvider && instances.length > 0 && active.length === 0,
  };
}
