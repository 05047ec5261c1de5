// The My Team page's shapes (spec 000 §2.10, §7): the projects the caller sees with who may see each, the
// account's collaborators, and a collaborator's project list.
import { z } from 'zod';
import { entityId } from './ids';
import { collaborator } from './users';

export const teamProject = z.object({
  id: z.number(),
  name: z.string(),
  zoneName: z.string(),
  /** Ids of the users who collaborate on the project (managers see every project of the account anyway). */
  collaborators: z.array(z.number()),
  /** Its offer ended: who may see it can no longer change. */
  expired: z.boolean(),
});
export type TeamProject = z.infer<typeof teamProject>;

/** GET /api/projects/get_projects_and_collaborators */
export const projectsAndCollaborators = z.object({
  projects: z.array(teamProject),
  collaborators: z.array(collaborator),
});
export type ProjectsAndCollaborators = z.infer<typeof projectsAndCollaborators>;

/** PUT /api/users/{id}/update_projects/ (ours): the whole list of projects the user may see. */
export const updateUserProjectsRequest = z.object({ projects: z.array(entityId()).max(500) });
export const userProjects = z.object({ projects: z.array(z.number()) });
export type UserProjects = z.infer<typeof userProjects>;
