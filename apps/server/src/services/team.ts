// The My Team page (spec 000 §2.10, §6, §7): the projects the caller sees with their collaborators, and one
// collaborator's project list, changed by managers. Members read; nobody changes their own access.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { messages, type ProjectsAndCollaborators, type UserProjects } from '@metocean/contracts';
import { projectCollaborators, projects } from '../db/schema';
import { badRequest } from '../http/errors';
import type { Caller, Services } from './context';
import { logCallerEvent } from './events';
import { accessibleProjects, grantableProjects } from './project-access';
import { listUsers, requireManager, teammate } from './users';

/** GET /api/projects/get_projects_and_collaborators: the caller's visible projects and their team. */
export async function projectsAndCollaborators(
  services: Services,
  caller: Caller,
): Promise<ProjectsAndCollaborators> {
  const visible = await accessibleProjects(services.db, caller, undefined, [
    sql`lower(${projects.name})`,
    asc(projects.id),
  ]);
  const ids = visible.map((access) => access.project.id);
  const links =
    ids.length === 0
      ? []
      : await services.db
          .select()
          .from(projectCollaborators)
          .where(inArray(projectCollaborators.projectId, ids));
  return {
    projects: visible.map((access) => ({
      id: access.project.id,
      name: access.project.name,
      zoneName: access.zone.name,
      collaborators: links
        .filter((link) => link.projectId === access.project.id)
        .map((link) => link.userId)
        .sort((a, b) => a - b),
      expired: access.expired,
    })),
    collaborators: await listUsers(services, caller, {}),
  };
}

/**
 * Sets the projects a teammate may see to `projectIds` (managers; spec 000 §2.10 "grant a collaborator
 * access to projects"). Only the projects added or removed must be editable: an expired project the user
 * already sees may stay in the list unchanged.
 */
export async function setUserProjects(
  services: Services,
  caller: Caller,
  userId: number,
  projectIds: number[],
): Promise<UserProjects> {
  requireManager(caller);
  if (userId === caller.id) throw badRequest({ nonFieldErrors: [messages.cannotChangeOwnProjects] });
  const target = await teammate(services, caller, userId);
  const current = new Set(
    (
      await services.db
        .select({ projectId: projectCollaborators.projectId })
        .from(projectCollaborators)
        .innerJoin(projects, eq(projects.id, projectCollaborators.projectId))
        .where(and(eq(projectCollaborators.userId, userId), eq(projects.customerId, caller.customerId)))
    ).map((row) => row.projectId),
  );
  const wanted = new Set(projectIds);
  const added = [...wanted].filter((id) => !current.has(id));
  const removed = [...current].filter((id) => !wanted.has(id));
  await grantableProjects(services.db, caller, [...added, ...removed]);
  if (added.length > 0 || removed.length > 0) {
    await services.db.transaction(async (tx) => {
      if (removed.length > 0)
        await tx
          .delete(projectCollaborators)
          .where(
            and(eq(projectCollaborators.userId, userId), inArray(projectCollaborators.projectId, removed)),
          );
      if (added.length > 0)
        await tx
          .insert(projectCollaborators)
          .values(added.map((projectId) => ({ projectId, userId })))
          .onConflictDoNothing();
    });
    await logCallerEvent(
      services.db,
      caller,
      'user.projects',
      `${target.email}: +[${added.join(',')}] -[${removed.join(',')}]`,
    );
  }
  return { projects: [...wanted].sort((a, b) => a - b) };
}
