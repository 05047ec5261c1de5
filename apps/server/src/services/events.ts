// The audit trail (GET /api/history/) and the tracking events read later by usage analysis.
import { and, count, desc, eq, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import { EXPORT_KINDS, type ExportQuery, type TrackingEvent } from '@metocean/contracts';
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

/** The audit entry of a served export: its kind and statistic code lead the detail, read by exportTallies. */
export const EXPORT_EVENT = 'statistics.exported';

export function logExport(
  db: Db,
  caller: Caller,
  exported: {
    kind: ExportQuery['export_kind'];
    code: string;
    projectId: number;
    pointId: number;
    statId: string;
  },
): Promise<void> {
  const { kind, code, projectId, pointId, statId } = exported;
  return logCallerEvent(db, caller, EXPORT_EVENT, `${kind} ${code} #${projectId} point ${pointId} ${statId}`);
}

/** Exports per customer of the exporting user, statistic code and kind (usage 'exportDetails', spec 002 §3). */
export async function exportTallies(db: Db) {
  const kind = sql<string>`split_part(${eventLog.detail}, ' ', 1)`;
  const code = sql<string>`split_part(${eventLog.detail}, ' ', 2)`;
  const rows = await db
    .select({ customerId: eventLog.customerId, kind, code, n: count() })
    .from(eventLog)
    .where(eq(eventLog.action, EXPORT_EVENT))
    .groupBy(eventLog.customerId, kind, code);
  const known = new Set<string>(EXPORT_KINDS);
  return rows.filter((row) => known.has(row.kind)) as {
    customerId: number | null;
    kind: ExportQuery['export_kind'];
    code: string;
    n: number;
  }[];
}

/** Each user's latest page view made as themselves (a superuser acting as them is not their visit). */
export async function lastPageViews(db: Db): Promise<Map<number, Date>> {
  const rows = await db
    .select({ userId: trackingEvents.userId, at: max(trackingEvents.at) })
    .from(trackingEvents)
    // searches, clicks and tutorials are tracked too: only a page view counts as a visit here
    .where(and(isNull(trackingEvents.impersonatorId), eq(trackingEvents.category, 'pageView')))
    .groupBy(trackingEvents.userId);
  const result = new Map<number, Date>();
  for (const row of rows) if (row.userId !== null && row.at) result.set(row.userId, row.at);
  return result;
}
