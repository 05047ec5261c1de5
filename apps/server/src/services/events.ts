// The audit trail (GET /api/history/) and the tracking events read later by usage analysis.
import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { TrackingEvent } from '@metocean/contracts';
import { eventLog, trackingEvents, users } from '../db/schema';
import type { Db } from '../db/client';
import type { Caller } from './context';

export async function logEvent(
  db: Db,
  entry: {
    actorId: number | null;
    impersonatorId?: number | null;
    customerId: number | null;
    action: string;
    detail?: string;
  },
): Promise<void> {
  await db.insert(eventLog).values({
    actorId: entry.actorId,
    impersonatorId: entry.impersonatorId ?? null,
    customerId: entry.customerId,
    action: entry.action,
    detail: entry.detail ?? '',
  });
}

/** An entry for something the caller did (the impersonating superuser, if any, is recorded with it). */
export function logCallerEvent(db: Db, caller: Caller, action: string, detail = ''): Promise<void> {
  return logEvent(db, {
    actorId: caller.id,
    impersonatorId: caller.impersonatorId,
    customerId: caller.customerId,
    action,
    detail,
  });
}

export async function recordTracking(db: Db, caller: Caller | null, event: TrackingEvent): Promise<void> {
  await db.insert(trackingEvents).values({
    userId: caller?.id ?? null,
    impersonatorId: caller?.impersonatorId ?? null,
    ...event,
  });
}

/** Superusers see every entry, managers their customer's, members their own. Newest first. */
export async function history(db: Db, caller: Caller, limit = 200) {
  let scope: SQL | undefined;
  if (!caller.isSuperuser)
    scope = caller.isStaff
      ? eq(eventLog.customerId, caller.customerId)
      : and(eq(eventLog.customerId, caller.customerId), or(eq(eventLog.actorId, caller.id)));
  const rows = await db
    .select({
      id: eventLog.id,
      at: eventLog.at,
      action: eventLog.action,
      detail: eventLog.detail,
      actor: users.username,
    })
    .from(eventLog)
    .leftJoin(users, eq(users.id, eventLog.actorId))
    .where(scope)
    .orderBy(desc(eventLog.at), desc(eventLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString(), actor: row.actor ?? null }));
}
