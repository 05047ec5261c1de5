// The HTTP application: plugins, hooks, routes, the built SPA. No process-wide state: everything it needs
// comes in through `services`, so any number of API processes can share one database.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { APP_VERSION, messages } from '@metocean/contracts';
import { authHandlers } from './http/auth';
import { HttpError, registerErrorHandler } from './http/errors';
import { registerSecurityHeaders } from './http/security';
import { registerCookies } from './http/session-cookie';
import { registerVersionCheck } from './http/version';
import { authRoutes } from './routes/auth/index';
import { siteRoutes } from './routes/site/index';
import { userRoutes } from './routes/users/index';
import { zoneRoutes } from './routes/zones/index';
import { projectRoutes } from './routes/projects/index';
import { pointRoutes } from './routes/points/index';
import { taskRoutes } from './routes/tasks/index';
import { exportRoutes } from './routes/exports/index';
import { contractorRoutes } from './routes/contractors/index';
import { alphaTableRoutes } from './routes/alpha-tables/index';
import { downtimeRoutes } from './routes/downtimes/index';
import { stat2dRoutes } from './routes/stat2ds/index';
import { datasetRoutes } from './routes/datasets/index';
import { buoyRoutes } from './routes/buoys/index';
import { satelliteRoutes } from './routes/satellite/index';
import { geometryRoutes } from './routes/geometries/index';
import { reportRoutes } from './routes/reports/index';
import { usageRoutes } from './routes/usage/index';
import type { App } from './routes/types';
import type { Services } from './services/context';

/** apps/web/dist, found from this file whether it runs from src/ or dist/. */
function webDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * The built assets' names carry a hash of their content: a browser keeps them a year without asking again.
 * The rest (index.html, which names them, the help pages, the icon) is checked with the server on every use
 * (it was `max-age=0` for every file, the hashed ones included).
 */
function webCacheHeaders(res: { setHeader(name: string, value: string): unknown }, file: string): void {
  const hashed = file.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  // the variant sent depends on the request's Accept-Encoding (preCompressed): a shared cache must know it
  res.setHeader('vary', 'accept-encoding');
}

export async function buildApp(
  services: Services,
  options: { logger: FastifyBaseLogger; serveWeb?: boolean },
): Promise<App> {
  const app = Fastify({
    loggerInstance: options.logger,
    // X-Forwarded-For only from the proxies TRUST_PROXY names: otherwise anyone picks their own address
    trustProxy:
      typeof services.config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(services.config.trustProxy)
        : services.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, services.config);
  await registerCookies(app);

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, {
        detail: `Too many requests. Please try again in ${context.after}.`,
        code: 'rate_limited',
      }),
  });
  // Point files (POST /api/points/parse/): one file per request; the route sets the size limit.
  await app.register(multipart, { limits: { files: 1, fields: 5, fileSize: 5 * 1024 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Metocean Studio API',
        version: APP_VERSION,
        description: 'Ocean and weather statistics for offshore engineering.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerVersionCheck(app, services);
  const deps = { services, auth: authHandlers(services) };
  authRoutes(app, deps);
  userRoutes(app, deps);
  siteRoutes(app, deps);
  zoneRoutes(app, deps);
  projectRoutes(app, deps);
  pointRoutes(app, deps);
  taskRoutes(app, deps);
  exportRoutes(app, deps);
  downtimeRoutes(app, deps);
  contractorRoutes(app, deps);
  alphaTableRoutes(app, deps);
  stat2dRoutes(app, deps);
  datasetRoutes(app, deps);
  buoyRoutes(app, deps);
  satelliteRoutes(app, deps);
  geometryRoutes(app, deps);
  reportRoutes(app, deps);
  usageRoutes(app, deps);

  const web = options.serveWeb === false ? undefined : webDist();
  if (web)
    await app.register(fastifyStatic, {
      root: web,
      wildcard: false,
      index: ['index.html'],
      // the build's .br and .gz beside each asset (apps/web/vite.config.ts), as the browser accepts them
      preCompressed: true,
      cacheControl: false,
      setHeaders: webCacheHeaders,
    });
  app.setNotFoundHandler((request, reply) => {
    const api = /^\/api(-auth)?(\/|$)/.test(request.url);
    if (!api && web && request.method === 'GET') return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ detail: messages.notFound });
  });
  return app;
}
