// Security headers on every answer (issue 23, OWASP ASVS 14.4): @fastify/helmet with a Content-Security-Policy
// that forbids inline script, nosniff, no framing by other sites, a strict referrer policy. The policy lets
// the built app reach only this origin, plus the tile servers and the geocoder that MAP_TILES and
// GEOCODER_URL configure (their hosts, with a template's `{s}` as a wildcard label).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { mapConfiguration } from '../services/geometries';

/** The CSP source of a URL template ('https://{s}.tile.example.org/{z}/…' → 'https://*.tile.example.org'). */
export function cspSource(template: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return undefined;
  const [, scheme, rawHost] = match as unknown as [string, string, string];
  const host = rawHost.replace(/\{[^}]*\}/g, '*');
  // CSP allows a wildcard only as the leftmost label; any other template in the host opens the scheme.
  if (host.includes('*') && !/^\*\.[^*]+$/.test(host)) return `${scheme.toLowerCase()}:`;
  return `${scheme.toLowerCase()}://${host}`;
}

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const map = mapConfiguration(config.mapTiles, config.geocoderUrl);
  const tiles = map.tileLayers.map((layer) => cspSource(layer.url)).filter((s): s is string => !!s);
  const geocoder = map.geocoderUrl ? cspSource(map.geocoderUrl) : undefined;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // MUI (emotion), ECharts and Leaflet set styles at run time
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...tiles],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(geocoder ? [geocoder] : [])],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // only when served over https: on plain http it would send every request to an https port that is not there
    ...(config.publicUrl.startsWith('https://') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // the map's tiles come from other origins without CORP headers
    crossOriginEmbedderPolicy: false,
    // sent below, from what the request came over
    strictTransportSecurity: false,
  });
  const httpsOnly = config.publicUrl.startsWith('https://');
  app.addHook('onSend', (request, reply, payload, done) => {
    // HSTS whenever the answer goes out over https: PUBLIC_URL says so, or the connection does — directly,
    // or through a proxy TRUST_PROXY believes that says X-Forwarded-Proto: https (issue 29: it was not sent).
    // Never over plain http from an untrusted sender: a header anyone can forge must not pin the site.
    if (httpsOnly || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // An answer to a signed-in caller (a download, a statistic, an account) is nobody else's: no cache, the
    // browser's or a proxy's, keeps it (issue 29). Answers that set their own policy keep it.
    if (request.caller !== null && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/** A year, subdomains included (helmet's default, as sent before). */
export const HSTS = 'max-age=31536000; includeSubDomains';
