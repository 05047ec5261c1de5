// /api/users: the current user, settings and the team (spec 000 §7 Users, §6 permissions).
import { z } from 'zod';
import {
  collaborator,
  currentUser,
  editUserRequest,
  inviteRequest,
  inviteResponse,
  paths,
  updateUserProjectsRequest,
  userProjects,
  userSettings,
} from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import * as team from '../../services/team';
import * as users from '../../services/users';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['users'];

export function userRoutes(app: App, { services, auth }: RouteDeps): void {
  // Authentication runs before the body is validated: an anonymous caller gets 401, not field errors.
  const preValidation = auth.required;

  app.get(
    paths.usersCurrent,
    {
      schema: {
        tags,
        summary: 'The signed-in user, their account and counts',
        response: { 200: currentUser, ...errorResponses },
      },
      preValidation,
    },
    async (request) => users.currentUser(services, callerOf(request)),
  );

  app.get(
    paths.usersCurrentSettings,
    {
      schema: {
        tags,
        summary: 'Per-user interface settings',
        response: { 200: userSettings, ...errorResponses },
      },
      preValidation,
    },
    async (request) => (await users.currentUser(services, callerOf(request))).settings,
  );

  app.put(
    paths.usersCurrentSettings,
    {
      schema: {
        tags,
        summary: 'Change per-user interface settings',
        body: userSettings,
        response: { 200: userSettings, ...errorResponses },
      },
      preValidation,
    },
    async (request) => users.updateSettings(services, callerOf(request), request.body),
  );

  app.get(
    paths.users,
    {
      schema: {
        tags,
        summary: "The caller's team; superusers may list everybody with scope=all",
        querystring: z.object({
          scope: z.enum(['team', 'all']).optional(),
          search: z.string().max(100).optional(),
        }),
        response: { 200: z.array(collaborator), ...errorResponses },
      },
      preValidation,
    },
    async (request) => users.listUsers(services, callerOf(request), request.query),
  );

  app.post(
    paths.users,
    {
      schema: {
        tags,
        summary: 'Managers: invite by e-mail, with the manager flag and optional project access',
        body: inviteRequest,
        response: { 201: inviteResponse, ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) =>
      reply.status(201).send(await users.invite(services, callerOf(request), request.body)),
  );

  app.put(
    '/api/users/:id/',
    {
      schema: {
        tags,
        summary: 'Edit first and last name (and, for managers, the manager flag of others)',
        params: idParams,
        body: editUserRequest,
        response: { 200: collaborator, ...errorResponses },
      },
      preValidation,
    },
    async (request) => users.editUser(services, callerOf(request), request.params.id, request.body),
  );

  const action = (suffix: string, summary: string, run: typeof users.removeUser) =>
    app.put(
      `/api/users/:id/${suffix}/`,
      {
        schema: { tags, summary, params: idParams, response: { 204: z.null(), ...errorResponses } },
        preValidation,
      },
      async (request, reply) => {
        await run(services, callerOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  app.put(
    '/api/users/:id/update_projects/',
    {
      schema: {
        tags,
        summary: "Managers: the whole list of a teammate's projects (ours; not oneself)",
        params: idParams,
        body: updateUserProjectsRequest,
        response: { 200: userProjects, ...errorResponses },
      },
      preValidation,
    },
    async (request) =>
      team.setUserProjects(services, callerOf(request), request.params.id, request.body.projects),
  );

  action('remove_user', 'Managers: remove a member of the team', users.removeUser);
  action('resend_invite', 'Managers: send the invitation again', users.resendInvite);
  action('revoke_invite', 'Managers: withdraw a pending invitation', users.revokeInvite);
}
