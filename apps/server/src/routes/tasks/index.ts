// /api/tasks (spec 000 §7 Points and tasks, §4 task flow).
import { z } from 'zod';
import { computeTaskQuery, createTaskRequest, paths, task, taskListQuery } from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import * as tasks from '../../services/tasks';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['tasks'];

export function taskRoutes(app: App, { services, auth }: RouteDeps): void {
  // Authentication runs before the body is validated: an anonymous caller gets 401, not field errors.
  const preValidation = auth.required;

  app.get(
    paths.tasks,
    {
      schema: {
        tags,
        summary: 'The latest task of each point of a project (per-point progress)',
        querystring: taskListQuery,
        response: { 200: z.array(task), ...errorResponses },
      },
      preValidation,
    },
    async (request) => tasks.listTasks(services, callerOf(request), request.query.project),
  );

  app.post(
    paths.tasks,
    {
      schema: {
        tags,
        summary: 'Managers: a task for a point (a pending one with an empty process type is reused)',
        body: createTaskRequest,
        response: { 200: task, 201: task, ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) => {
      const { task: created, created: isNew } = await tasks.createTask(
        services,
        callerOf(request),
        request.body.point,
      );
      return reply.status(isNew ? 201 : 200).send(created);
    },
  );

  app.put(
    '/api/tasks/:id/compute/',
    {
      schema: {
        tags,
        summary: "Managers: charge credits and compute the task's point (query id: the process type)",
        params: idParams,
        querystring: computeTaskQuery,
        response: { 200: task, ...errorResponses },
      },
      preValidation,
    },
    async (request) => tasks.computeTask(services, callerOf(request), request.params.id, request.query.id),
  );

  app.put(
    '/api/tasks/:id/cancel/',
    {
      schema: {
        tags,
        summary: 'Managers: cancel the task (the credits of an uncomputed point come back)',
        params: idParams,
        response: { 200: task, ...errorResponses },
      },
      preValidation,
    },
    async (request) => tasks.cancelTask(services, callerOf(request), request.params.id),
  );

  app.get(
    '/api/tasks/:id/download/',
    {
      schema: {
        tags,
        summary: "The finished task's statistics as a JSON document (offers that may download)",
        params: idParams,
        response: { 200: z.string(), ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) => {
      const document = await tasks.downloadTask(services, callerOf(request), request.params.id);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${document.fileName}"`)
        .send(document.body);
    },
  );
}
