// /api/reports, /api/comments, /api/content_types (spec 000 §7 Reports and comments, §4 report lifecycle).
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import {
  comment,
  commentListQuery,
  contentType,
  createCommentRequest,
  createReportRequest,
  generateReportRequest,
  paths,
  report,
  REPORT_CONTENT_TYPE_ID,
  reportListQuery,
} from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import * as reports from '../../services/reports';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['reports'];

export function reportRoutes(app: App, { services, auth }: RouteDeps): void {
  const preHandler = auth.required;

  app.get(
    paths.reports,
    {
      schema: {
        tags,
        summary: 'The reports of a project, the latest started first (the current one)',
        querystring: reportListQuery,
        response: { 200: z.array(report), ...errorResponses },
      },
      preHandler,
    },
    async (request) => reports.listReports(services, callerOf(request), request.query.project),
  );

  app.post(
    paths.reports,
    {
      schema: {
        tags,
        summary: 'A draft report of a project (offers with report generation)',
        body: createReportRequest,
        response: { 201: report, ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.status(201).send(await reports.createReport(services, callerOf(request), request.body)),
  );

  app.get(
    '/api/reports/:id/',
    {
      schema: {
        tags,
        summary: 'One report (poll it while RUNNING)',
        params: idParams,
        response: { 200: report, ...errorResponses },
      },
      preHandler,
    },
    async (request) => reports.getReport(services, callerOf(request), request.params.id),
  );

  app.delete(
    '/api/reports/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: delete a report and its PDF',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) => {
      await reports.deleteReport(services, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/reports/:id/generate/',
    {
      schema: {
        tags,
        summary: 'Generate the PDF with these options (name, reportType, points, parts, monthly)',
        params: idParams,
        body: generateReportRequest,
        response: { 200: report, ...errorResponses },
      },
      preHandler,
    },
    async (request) => reports.generateReport(services, callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/reports/:id/cancel/',
    {
      schema: {
        tags,
        summary: 'Stop a running generation',
        params: idParams,
        response: { 200: report, ...errorResponses },
      },
      preHandler,
    },
    async (request) => reports.cancelReport(services, callerOf(request), request.params.id),
  );

  app.put(
    '/api/reports/:id/clean/',
    {
      schema: {
        tags,
        summary: 'Back to a draft: the document goes, the options stay',
        params: idParams,
        response: { 200: report, ...errorResponses },
      },
      preHandler,
    },
    async (request) => reports.cleanReport(services, callerOf(request), request.params.id),
  );

  app.get(
    '/api/reports/:id/download/',
    {
      schema: { tags, summary: 'The finished report as PDF', params: idParams },
      preHandler,
    },
    async (request, reply) => {
      const document = await reports.reportDocument(services, callerOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${document.downloadName}"`)
        .send(createReadStream(document.filePath));
    },
  );

  app.get(
    paths.comments,
    {
      schema: {
        tags,
        summary: 'The comments of a report, oldest first',
        querystring: commentListQuery,
        response: { 200: z.array(comment), ...errorResponses },
      },
      preHandler,
    },
    async (request) => reports.listComments(services, callerOf(request), request.query.objectId),
  );

  app.post(
    paths.comments,
    {
      schema: {
        tags,
        summary: 'Comment a report (any user of a non-expired project)',
        body: createCommentRequest,
        response: { 201: comment, ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.status(201).send(await reports.addComment(services, callerOf(request), request.body)),
  );

  app.get(
    paths.contentTypes,
    {
      schema: {
        tags,
        summary: 'The content types comments may target',
        response: { 200: z.array(contentType), ...errorResponses },
      },
      preHandler,
    },
    () => [{ id: REPORT_CONTENT_TYPE_ID, appLabel: 'reports', model: 'report' }],
  );
}
