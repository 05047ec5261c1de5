// Who may see a project and who may change it (spec 000 §6): the one access policy every service that
// touches a project, its points, tasks, results or exports goes through. It imports no other domain
// service, so any of them may import it without an import circle.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { messages, projectMessages } from '@metocean/contracts';
import { customers, offerInstances, offers, projectCollaborators, projects, zones } from '../db/schema';
import type { Db } from '../db/client';
import { projectRevision } from '../db/project-changes';
import { badRequest, fieldError, forbidden, notFound } from '../http/errors';
import type { Caller } from './context';
import { isExpired } from './zones';

type ProjectRow = typeof projects.$inferSelect;
type InstanceRow = typeof offerInstances.$inferSelect;
type ZoneRow = typeof zones.$inferSelect;

export interface ProjectAccess {
  project: ProjectRow;
  /**
   * The project's revision when the access was read (db/project-changes.ts): the detail's rows kept at this
   * revision or a later one are current (services/project-rows.ts).
   */
  revision: number;
  instance: InstanceRow;
  offerName: string;
  zone: ZoneRow;
  /** Managers of the project's customer create, rename, delete, edit points and compute (spec 000 §6). */
  canEdit: boolean;
  expired: boolean;
}

/** The projects the caller may see: their customer's; members only those they collaborate on (§6). */
export function visibleTo(db: Db, caller: Caller): SQL {
  const ofCustomer = eq(projects.customerId, caller.customerId);
  if (caller.isStaff) return ofCustomer;
  const mine = db
    .select({ id: projectCollaborators.projectId })
    .from(projectCollaborators)
    .where(eq(projectCollaborators.userId, caller.id));
  return and(ofCustomer, inArray(projects.id, mine)) ?? ofCustomer;
}

/** The caller's visible projects matching `where`, with their offer instance and zone. */
export async function accessibleProjects(
  db: Db,
  caller: Caller,
  where: SQL | undefined,
  orderBy: SQL[] = [],
): Promise<ProjectAccess[]> {
  const rows = await projectAccessRows(db, and(visibleTo(db, caller), where), orderBy);
  return rows.map((row) => ({ ...row, canEdit: caller.isStaff, expired: isExpired(row.instance.offerEnd) }));
}

/**
 * The projects matching `where` with their revision, offer instance, offer name and zone, whoever asks: the
 * query behind every access (callers scope it, as `accessibleProjects` does by `visibleTo`).
 */
export function projectAccessRows(db: Db, where: SQL | undefined, orderBy: SQL[] = []) {
  return db
    .select({
      project: projects,
      revision: projectRevision(),
      instance: offerInstances,
      offerName: offers.name,
      zone: zones,
    })
    .from(projects)
    .innerJoin(offerInstances, eq(offerInstances.id, projects.offerInstanceId))
    .innerJoin(offers, eq(offers.id, offerInstances.offerId))
    .innerJoin(zones, eq(zones.id, projects.zoneId))
    .where(where)
    .orderBy(...orderBy);
}

/** The project if the caller may see it; 404 otherwise, so its existence is not revealed. */
export async function projectFor(db: Db, caller: Caller, projectId: number): Promise<ProjectAccess> {
  const [access] = await accessibleProjects(db, caller, eq(projects.id, projectId));
  if (!access) throw notFound();
  return access;
}

export function requireEditable(access: ProjectAccess): void {
  if (!access.canEdit) throw forbidden();
  if (access.expired) throw badRequest({ nonFieldErrors: [projectMessages.offerExpired(access.offerName)] });
}

/**
 * The projects among `ids` whose collaborators the caller may change (inviting with project access, a
 * collaborator's project list): each visible and editable, as update_collaborators asks. An unknown id is a
 * field error on `field`; a project whose offer ended refuses like any change to it.
 */
export async function grantableProjects(
  db: Db,
  caller: Caller,
  ids: readonly number[],
  field = 'projects',
): Promise<ProjectAccess[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await accessibleProjects(db, caller, inArray(projects.id, unique));
  if (found.length !== unique.length) throw fieldError(field, messages.notFound);
  for (const access of found) requireEditable(access);
  return found;
}

/**
 * Usage analysis (spec 002 §6: "superusers and staff"): superusers and the managers of the provider's own
 * account. A customer's managers are staff of their account only: they must not read other customers' usage.
 */
export async function requireUsageAnalyst(db: Db, caller: Caller): Promise<void> {
  if (caller.isSuperuser) return;
  if (caller.isStaff) {
    const [own] = await db
      .select({ isProvider: customers.isProvider })
      .from(customers)
      .where(eq(customers.id, caller.customerId))
      .limit(1);
    if (own?.isProvider) return;
  }
  throw forbidden();
}
