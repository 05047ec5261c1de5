// HTTP 426 for web clients older than the server's minimum, and for every web client while maintenance
// mode is on (spec 000 §8). Calls without the version header (scripts, the CLI) are always served.
import type { FastifyInstance } from 'fastify';
import { compareVersions, errorCodes, limits, messages } from '@metocean/contracts';
import type { Services } from '../services/context';
import { maintenanceState } from '../services/site';

const alwaysServed = new Set(['/api/maintenance/', '/api/health', '/api/changelog/']);
const header = limits.versionHeader.toLowerCase();

export function registerVersionCheck(app: FastifyInstance, services: Services): void {
  app.addHook('onRequest', async (request, reply) => {
    const version = request.headers[header];
    if (typeof version !== 'string' || !/^\/api(-auth)?\//.test(request.url)) return;
    if (compareVersions(version, services.config.minClientVersion) < 0)
      return reply.status(426).send({ detail: messages.updateRequired, code: errorCodes.upgradeRequired });
    const path = request.url.split('?')[0] ?? '';
    if (alwaysServed.has(path)) return;
    const state = await maintenanceState(services);
    if (state?.active)
      return reply.status(426).send({ detail: messages.maintenance, code: errorCodes.maintenance });
  });
}
