// HTTP 426 for web clients older than the server's minimum, and for every web client while maintenance
// mode is on (spec 000 §8). Calls without the version header (scripts, the CLI) are always served.
// Every API answer names the server's version in the same header: the web app takes an answer of its own
// version as the contract says, the server having checked it against the contract's schema (issue 34).
import type { FastifyInstance } from 'fastify';
import { APP_VERSION, compareVersions, errorCodes, limits, messages } from '@metocean/contracts';
import type { Services } from '../services/context';
import { maintenanceState } from '../services/site';

const alwaysServed = new Set(['/api/maintenance/', '/api/health', '/api/changelog/']);
const header = limits.versionHeader.toLowerCase();

export function registerVersionCheck(app: FastifyInstance, services: Services): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!/^\/api(-auth)?\//.test(request.url)) return;
    reply.header(limits.versionHeader, APP_VERSION);
    const version = request.headers[header];
    if (typeof version !== 'string') return;
    if (compareVersions(version, services.config.minClientVersion) < 0)
      return reply.status(426).send({ detail: messages.updateRequired, code: errorCodes.upgradeRequired });
    const path = request.url.split('?')[0] ?? '';
    if (alwaysServed.has(path)) return;
    const state = await maintenanceState(services);
    if (state?.active)
      return reply.status(426).send({ detail: messages.maintenance, code: errorCodes.maintenance });
  });
}
