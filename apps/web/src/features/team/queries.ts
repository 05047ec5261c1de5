// Server state of the My Team page (spec 000 §4 User actions, §7 Users and Projects).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  collaborator,
  inviteResponse,
  paths,
  projectsAndCollaborators,
  userProjects,
  type CurrentUser,
  type InviteRequest,
} from '@metocean/contracts';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/queries';

export const teamKeys = {
  all: ['team'] as const,
};

/** Everything the page and its dialogs read after a change: the team, the projects and the current user. */
function useRefreshAfterChange() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: teamKeys.all }),
      client.invalidateQueries({ queryKey: ['users'] }),
      client.invalidateQueries({ queryKey: ['projects'] }),
    ]);
}

/** The caller's projects with their collaborators, and the account's team (members read it too). */
export function useTeam() {
  return useQuery({
    queryKey: teamKeys.all,
    queryFn: ({ signal }) =>
      apiRequest(paths.projectsAndCollaborators, { schema: projectsAndCollaborators, signal }),
  });
}

// A refused change (403) is shown where it happened; it does not end the session.
const change = { forbidden: 'throw' } as const;

export function useInvite() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (request: InviteRequest) =>
      apiRequest(paths.users, { ...change, method: 'POST', body: request, schema: inviteResponse }),
    onSuccess: refresh,
  });
}

export interface MemberEdit {
  id: number;
  firstName: string;
  lastName: string;
  /** Absent when editing oneself: the manager flag is not one's own to change (spec 000 §6). */
  isStaff?: boolean;
}

export function useEditMember() {
  const client = useQueryClient();
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, ...body }: MemberEdit) =>
      apiRequest(paths.user(id), { ...change, method: 'PUT', body, schema: collaborator }),
    onSuccess: (updated) => {
      client.setQueryData<CurrentUser>(queryKeys.currentUser, (user) =>
        user && user.id === updated.id
          ? { ...user, firstName: updated.firstName, lastName: updated.lastName }
          : user,
      );
      return refresh();
    },
  });
}

export type PersonAction = 'remove' | 'resend' | 'revoke';

const actionPath: Record<PersonAction, (id: number) => string> = {
  remove: paths.userRemove,
  resend: paths.userResendInvite,
  revoke: paths.userRevokeInvite,
};

/** Remove a member, resend or revoke an invitation. */
export function usePersonAction() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ action, id }: { action: PersonAction; id: number }) =>
      apiRequest(actionPath[action](id), { ...change, method: 'PUT' }),
    onSuccess: refresh,
  });
}

/** The whole list of projects a collaborator may see. */
export function useSetUserProjects() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, projects }: { id: number; projects: number[] }) =>
      apiRequest(paths.userProjects(id), {
        ...change,
        method: 'PUT',
        body: { projects },
        schema: userProjects,
      }),
    onSuccess: refresh,
  });
}

/** The whole list of collaborators of a project (the caller's own access never changes). */
export function useSetProjectCollaborators() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ projectId, collaborators }: { projectId: number; collaborators: number[] }) =>
      apiRequest(paths.projectCollaborators(projectId), {
        ...change,
        method: 'POST',
        body: { collaborators },
      }),
    onSuccess: refresh,
  });
}
