// The marine contractors wizard (spec 001 §7 "Contractors"): boats, operations and constraints of the
// caller's customer; the variables a constraint may read; the project's wizard job, its update (step RUN
// launches the run) and results. Thin: the rules are in services/contractors.ts.
import { z } from 'zod';
import {
  boatInput,
  constraintInput,
  constraintUpdate,
  contractorBoat,
  contractorConstraint,
  contractorJob,
  contractorJobUpdate,
  contractorOperation,
  contractorResults,
  contractorVariable,
  customerSettings,
  idText,
  operationInput,
  operationUpdate,
} from '@metocean/contracts';
import { downloadContractors } from '../../exports/contractors';
import { callerOf } from '../../http/auth';
import * as contractors from '../../services/contractors';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['contractors'];

export function contractorRoutes(app: App, { services, auth }: RouteDeps): void {
  const preHandler = auth.required;
  const deleted = { 204: z.null(), ...errorResponses };

  app.get(
    '/api/contractors/boats/',
    {
      schema: {
        tags,
        summary: "The customer's boats with their operations and constraints",
        response: { 200: z.array(contractorBoat), ...errorResponses },
      },
      preHandler,
    },
    async (request) => contractors.boatsOf(services, callerOf(request).customerId),
  );

  app.post(
    '/api/contractors/boats/',
    {
      schema: {
        tags,
        summary: 'Managers: add a boat',
        body: boatInput,
        response: { 201: contractorBoat, ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.status(201).send(await contractors.createBoat(services, callerOf(request), request.body)),
  );

  app.put(
    '/api/contractors/boats/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: rename a boat',
        params: idParams,
        body: boatInput,
        response: { 200: contractorBoat, ...errorResponses },
      },
      preHandler,
    },
    async (request) => contractors.updateBoat(services, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/contractors/boats/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: delete a boat without operations',
        params: idParams,
        response: deleted,
      },
      preHandler,
    },
    async (request, reply) => {
      await contractors.deleteBoat(services, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/contractors/operations/',
    {
      schema: {
        tags,
        summary: 'Managers: add an operation to a boat',
        body: operationInput,
        response: { 201: contractorOperation, ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.status(201).send(await contractors.createOperation(services, callerOf(request), request.body)),
  );

  app.put(
    '/api/contractors/operations/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: change an operation',
        params: idParams,
        body: operationUpdate,
        response: { 200: contractorOperation, ...errorResponses },
      },
      preHandler,
    },
    async (request) =>
      contractors.updateOperation(services, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/contractors/operations/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: delete an operation without constraints',
        params: idParams,
        response: deleted,
      },
      preHandler,
    },
    async (request, reply) => {
      await contractors.deleteOperation(services, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/contractors/constraints/',
    {
      schema: {
        tags,
        summary: 'Managers: add a weather constraint to an operation',
        body: constraintInput,
        response: { 201: contractorConstraint, ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.status(201).send(await contractors.createConstraint(services, callerOf(request), request.body)),
  );

  app.put(
    '/api/contractors/constraints/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: change a constraint',
        params: idParams,
        body: constraintUpdate,
        response: { 200: contractorConstraint, ...errorResponses },
      },
      preHandler,
    },
    async (request) =>
      contractors.updateConstraint(services, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/contractors/constraints/:id/',
    {
      schema: { tags, summary: 'Managers: delete a constraint', params: idParams, response: deleted },
      preHandler,
    },
    async (request, reply) => {
      await contractors.deleteConstraint(services, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/contractors/variables/',
    {
      schema: {
        tags,
        summary: 'The variables a constraint may read, with their units',
        response: { 200: z.array(contractorVariable), ...errorResponses },
      },
      preHandler,
    },
    () => contractors.variables(),
  );

  app.get(
    '/api/contractors/jobs/',
    {
      schema: {
        tags,
        summary:
          "The project's wizard job (?latest&project_id=); created at the operations step the first time",
        querystring: z.object({
          latest: z.string().optional(),
          project_id: idText(),
        }),
        response: { 200: contractorJob, ...errorResponses },
      },
      preHandler,
    },
    async (request) =>
      contractors.presentJob(
        await contractors.latestJob(services, callerOf(request), request.query.project_id),
      ),
  );

  app.get(
    '/api/contractors/jobs/:id/',
    {
      schema: {
        tags,
        summary: 'A wizard job',
        params: idParams,
        response: { 200: contractorJob, ...errorResponses },
      },
      preHandler,
    },
    async (request) =>
      contractors.presentJob((await contractors.jobFor(services, callerOf(request), request.params.id)).row),
  );

  app.put(
    '/api/contractors/jobs/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: save the step and parameters; step RUN launches the computation',
        params: idParams,
        body: contractorJobUpdate,
        response: { 200: contractorJob, ...errorResponses },
      },
      preHandler,
    },
    async (request) =>
      contractors.presentJob(
        await contractors.updateJob(services, callerOf(request), request.params.id, request.body),
      ),
  );

  app.get(
    '/api/contractors/jobs/:id/results/',
    {
      schema: {
        tags,
        summary: "The run's monthly percentiles per point, boat and operation",
        params: idParams,
        response: { 200: contractorResults, ...errorResponses },
      },
      preHandler,
    },
    async (request) => contractors.jobResults(services, callerOf(request), request.params.id),
  );

  app.get(
    '/api/contractors/jobs/:id/download/',
    {
      schema: {
        tags,
        summary: 'The results as an Excel workbook: one sheet per point and boat',
        params: idParams,
        response: { 200: z.any(), ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) => {
      const file = await downloadContractors(services, callerOf(request), request.params.id);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.get(
    '/api/customer/settings/:id/',
    {
      schema: {
        tags,
        summary: "The caller's customer's percentile set for the wizard",
        params: idParams,
        response: { 200: customerSettings, ...errorResponses },
      },
      preHandler,
    },
    async (request) => contractors.customerSettingsFor(services, callerOf(request), request.params.id),
  );

  app.put(
    '/api/customer/settings/:id/',
    {
      schema: {
        tags,
        summary: "Managers: replace the customer's percentile set",
        params: idParams,
        body: customerSettings,
        response: { 200: customerSettings, ...errorResponses },
      },
      preHandler,
    },
    async (request) =>
      contractors.updateCustomerSettings(services, callerOf(request), request.params.id, request.body),
  );
}
