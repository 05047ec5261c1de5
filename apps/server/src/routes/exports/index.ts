// GET /api/projects/{id}/export/ (spec 000 §7, spec 002 §3 export request): a statistic as a file.
import { z } from 'zod';
import { exportQuery } from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import { exportStatistic } from '../../exports/service';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

export function exportRoutes(app: App, { services, auth }: RouteDeps): void {
  app.get(
    '/api/projects/:id/export/',
    {
      schema: {
        tags: ['projects'],
        summary:
          "A point's statistic (or EFT: its full record) as .xlsx, .mat or .nc; offers that may download statistics",
        description:
          'Query: point, stat_id, export_kind (EXCEL, MATLAB, NETCDF), file_name, month (0 = January), ' +
          'export_level_idx, and class lists: a dimension name of the statistic with the zero-based ' +
          'indices to keep (hs=0-3,7).',
        params: idParams,
        querystring: exportQuery,
        response: { 200: z.any(), ...errorResponses },
      },
      preValidation: auth.required,
    },
    async (request, reply) => {
      const file = await exportStatistic(services, callerOf(request), request.params.id, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
}
