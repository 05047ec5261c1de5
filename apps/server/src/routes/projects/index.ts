// /api/projects (spec 000 §7 Projects).
import { z } from 'zod';
import {
  createProjectRequest,
  createProjectResponse,
  paths,
  project,
  projectListItem,
  projectListQuery,
  projectsAndCollaborators,
  projectZone,
  renameProjectRequest,
  statResult,
  updateCollaboratorsRequest,
  visuDataQuery,
  visuPayload,
  windowDurations,
  windowLimit,
} from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import * as compute from '../../services/compute';
import * as projects from '../../services/projects';
import * as results from '../../services/results';
import { contourBand } from '../../services/contour-band';
import { wdIntervals, wwIntervals } from '../../services/intervals';
import * as team from '../../services/team';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['projects'];

export function projectRoutes(app: App, { services, auth }: RouteDeps): void {
  // Authentication runs before the body is validated: an anonymous caller gets 401, not field errors.
  const preValidation = auth.required;

  app.get(
    paths.projects,
    {
      schema: {
        tags,
        summary: 'My projects',
        querystring: projectListQuery,
        response: { 200: z.array(projectListItem), ...errorResponses },
      },
      preValidation,
    },
    async (request) => projects.listProjects(services, callerOf(request), request.query),
  );

  app.post(
    paths.projects,
    {
      schema: {
        tags,
        summary: 'Create a project (trial offers: generated name, first zone)',
        body: createProjectRequest,
        response: { 201: createProjectResponse, ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) =>
      reply.status(201).send({
        status: 'success' as const,
        projectId: await projects.createProject(services, callerOf(request), request.body),
      }),
  );

  app.get(
    paths.projectsAndCollaborators,
    {
      schema: {
        tags,
        summary: "The caller's projects with who may see each, and the account's collaborators (My Team)",
        response: { 200: projectsAndCollaborators, ...errorResponses },
      },
      preValidation,
    },
    async (request) => team.projectsAndCollaborators(services, callerOf(request)),
  );

  app.post(
    paths.createDemoProject,
    {
      schema: {
        tags,
        summary: "'Pack 10 Demo' users: the free demo project, computed at once",
        response: { 201: createProjectResponse, ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const setup = await projects.demoProjectSetup(services, caller);
      const projectId = await projects.createProject(services, caller, {
        ...setup,
        name: undefined,
        isTrial: true,
        collaborators: [],
        // The demo point: the middle of the Bay of Biscay (spec 000 §2.3: one computed point).
        points: [{ name: 'Demo point', lat: 45.5, lng: -5.0 }],
      });
      await compute.computeProject(services, caller, projectId);
      return reply.status(201).send({ status: 'success' as const, projectId });
    },
  );

  app.get(
    '/api/projects/:id/',
    {
      schema: {
        tags,
        summary: 'A project with its points and computations',
        params: idParams,
        response: { 200: project, ...errorResponses },
      },
      preValidation,
    },
    async (request) => projects.getProject(services, callerOf(request), request.params.id),
  );

  app.delete(
    '/api/projects/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: delete a project',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) => {
      await projects.deleteProject(services, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/projects/:id/zone/',
    {
      schema: {
        tags,
        summary: "The project's zone",
        params: idParams,
        response: { 200: projectZone, ...errorResponses },
      },
      preValidation,
    },
    async (request) => (await projects.getProject(services, callerOf(request), request.params.id)).zone,
  );

  app.post(
    '/api/projects/:id/update_project_name/',
    {
      schema: {
        tags,
        summary: 'Managers: rename',
        params: idParams,
        body: renameProjectRequest,
        response: { 200: project, ...errorResponses },
      },
      preValidation,
    },
    async (request) =>
      projects.renameProject(services, callerOf(request), request.params.id, request.body.name),
  );

  app.post(
    '/api/projects/:id/update_collaborators/',
    {
      schema: {
        tags,
        summary: 'Managers: who may see the project',
        params: idParams,
        body: updateCollaboratorsRequest,
        response: { 200: project, ...errorResponses },
      },
      preValidation,
    },
    async (request) =>
      projects.updateCollaborators(
        services,
        callerOf(request),
        request.params.id,
        request.body.collaborators,
      ),
  );

  app.put(
    '/api/projects/:id/compute/',
    {
      schema: {
        tags,
        summary: 'Managers: charge credits and compute every uncomputed point',
        params: idParams,
        response: { 200: project, ...errorResponses },
      },
      preValidation,
    },
    async (request) => compute.computeProject(services, callerOf(request), request.params.id),
  );

  app.put(
    '/api/projects/:id/cancel/',
    {
      schema: {
        tags,
        summary: 'Managers: cancel the running computation (credits of uncomputed points return)',
        params: idParams,
        response: { 200: project, ...errorResponses },
      },
      preValidation,
    },
    async (request) => compute.cancelProject(services, callerOf(request), request.params.id),
  );

  app.get(
    '/api/projects/:id/stats/',
    {
      schema: {
        tags,
        summary: 'The statistics stored for the points of the project',
        params: idParams,
        response: { 200: z.array(statResult), ...errorResponses },
      },
      preValidation,
    },
    async (request) => results.listResults(services, callerOf(request), request.params.id),
  );

  app.get(
    '/api/projects/:id/get_visu_data/',
    {
      schema: {
        tags,
        summary: 'One stored statistic of one point, as named arrays and kwargs (spec 002 §3; -999 missing)',
        description:
          'TS and CTS also take start and end (ms since 1970) and pixels: the window is re-read from the full record and min/max-downsampled to the pixels (zoom refinement). WW and WD also take below (the limit, in the variable units) and durations (hours, comma-separated): recomputed from the full record with them. Intervals (issue 31; computed on request: wd_intervals and ww_intervals; absent until then, kwargs.intervalsNote says so): WW carries probabilityLower and probabilityUpper (%, duration × month) and intervalYears; WD carries waitPercentileLower and waitPercentileUpper (hour, duration × month × percentile; -999: no interval under 5 years, or a censored end), waitIntervalMoreThan (hour: a censored end is more than it) and intervalYears (duration × month); kwargs.intervals states the method, kwargs.intervalCi the coverage.',
        params: idParams,
        querystring: visuWindowQuery,
        response: { 200: visuPayload, ...errorResponses },
      },
      preValidation,
    },
    async (request) => {
      const { point, stats_id: statId, start, end, pixels, below, durations } = request.query;
      const window =
        start !== undefined && end !== undefined ? { start, end, pixels: pixels ?? 1000 } : undefined;
      const settings =
        below !== undefined || durations !== undefined ? { below, durationsHours: durations } : undefined;
      return results.visuData(
        services,
        callerOf(request),
        request.params.id,
        point,
        statId,
        window,
        settings,
      );
    },
  );

  app.post(
    '/api/projects/:id/contour_band/',
    {
      schema: {
        tags,
        summary: "The 90 % band of a point's environmental contours (ENVC), computed once and stored",
        description:
          "The year-block bootstrap band of the stored contours (200 resamples of whole calendar years, each refitting the joint model; docs/methods/contours.md), computed on request in a statistics thread (about a second of CPU per wave height) and stored with the result: a second call answers the stored band at once. No credit is used (the point was paid for). Answers the ENVC result as get_visu_data does, with the band arrays, or kwargs.bandNote saying why there is none. Anyone who may see the project's results may ask.",
        params: idParams,
        querystring: visuDataQuery,
        response: { 200: visuPayload, ...errorResponses },
      },
      preValidation,
    },
    async (request) =>
      contourBand(
        services,
        callerOf(request),
        request.params.id,
        request.query.point,
        request.query.stats_id,
      ),
  );

  app.post(
    '/api/projects/:id/wd_intervals/',
    {
      schema: {
        tags,
        summary:
          "The 90 % intervals of a point's weather downtime (WD) wait percentiles, computed once and stored",
        description:
          "The year-block bootstrap intervals of the stored WD result's wait percentiles (1,000 resamples of whole years per month, seed 1; docs/methods/wd.md), at the stored limit and durations, computed on request in a statistics thread (about 0.7 s of CPU per duration on a 40-year record) and stored with the result: a second call answers the stored intervals at once. No credit is used (the point was paid for). Answers the WD result as get_visu_data does, with waitPercentileLower, waitPercentileUpper, waitIntervalMoreThan and intervalYears, or kwargs.intervalsNote saying why there are none. get_visu_data with a user's limit or durations carries none (kwargs.intervalsNote says so). Anyone who may see the project's results may ask.",
        params: idParams,
        querystring: visuDataQuery,
        response: { 200: visuPayload, ...errorResponses },
      },
      preValidation,
    },
    async (request) =>
      wdIntervals(
        services,
        callerOf(request),
        request.params.id,
        request.query.point,
        request.query.stats_id,
      ),
  );

  app.post(
    '/api/projects/:id/ww_intervals/',
    {
      schema: {
        tags,
        summary:
          "The 90 % intervals of a point's weather window (WW) probabilities, computed once and stored",
        description:
          "The year-block bootstrap interval of each month's window probability in the stored WW result (1,000 resamples of whole years per month, seed 1; docs/methods/ww.md), at the stored limit and durations, computed on request in a statistics thread (about 0.1 s of CPU per duration on a 40-year record) and stored with the result: a second call answers the stored intervals at once. No credit is used (the point was paid for). Answers the WW result as get_visu_data does, with probabilityLower, probabilityUpper and intervalYears, or kwargs.intervalsNote saying why there are none. get_visu_data with a user's limit or durations carries none (kwargs.intervalsNote says so). Anyone who may see the project's results may ask.",
        params: idParams,
        querystring: visuDataQuery,
        response: { 200: visuPayload, ...errorResponses },
      },
      preValidation,
    },
    async (request) =>
      wwIntervals(
        services,
        callerOf(request),
        request.params.id,
        request.query.point,
        request.query.stats_id,
      ),
  );
}

/** get_visu_data's query with the optional zoom window of TS and CTS. */
const visuWindowQuery = visuDataQuery.extend({
  start: z.coerce.number().finite().optional(),
  end: z.coerce.number().finite().optional(),
  pixels: z.coerce.number().int().min(10).max(4000).optional(),
  below: windowLimit.optional(),
  durations: windowDurations.optional(),
});
