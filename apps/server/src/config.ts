// Configuration from the environment, read once at start. Every secret comes from here.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { APP_VERSION } from '@metocean/contracts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  production: boolean;
  demoPassword: string | undefined;
  jwtSecret: Uint8Array;
  accessTokenSeconds: number;
  minClientVersion: string;
  contactFormUrl: string | undefined;
  supportEmail: string;
  /** JSON object from base-layer name to a tile URL template or { url, attribution }; '' for none. */
  mapTiles: string;
  /** Place-search URL template with {q} (Nominatim-style JSON); '' for the offline gazetteer. */
  geocoderUrl: string;
  loginRateLimitPerMinute: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): false (the default: the socket's
   * address is the client's), a number of hops, or addresses/CIDRs/'loopback' separated by commas.
   */
  trustProxy: boolean | number | string;
  logLevel: string;
  /** Statistics threads of a worker (or all-in-one) process: the points it computes at once. */
  statisticsThreads: number;
  /** Heap (MB) of the thread that simulates a planning: a simulation that needs more fails (issue 29). */
  planningMemoryMb: number;
  /** Heap (MB) of the thread that draws a report: a report that needs more fails with a message (issue 29). */
  reportMemoryMb: number;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

/** The JWT signing key: JWT_SECRET when set, otherwise one generated once and kept under DATA_DIR. */
function jwtSecret(env: Env, dataDir: string): Uint8Array {
  const fromEnv = env.JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(fromEnv);
  }
  const file = path.join(dataDir, 'secrets', 'jwt.key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** TRUST_PROXY: '' or 'false' → off; 'true' → every proxy (only behind one that overwrites the header); a
 * number → that many hops; otherwise a comma list of addresses, CIDRs or loopback/linklocal/uniquelocal. */
function trustProxy(raw: string | undefined): boolean | number | string {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const parts = value.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(part)))
    throw new Error(
      `TRUST_PROXY must be true, false, a number of hops or addresses/CIDRs separated by commas, got '${value}'`,
    );
  return parts.join(',');
}

/** Reads the configuration from an environment (process.env by default; tests pass their own). */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './var');
  mkdirSync(dataDir, { recursive: true });
  const port = integer(env, 'PORT', 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Metocean Studio <no-reply@metocean.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    production: env.NODE_ENV === 'production',
    demoPassword: env.DEMO_PASSWORD || undefined,
    jwtSecret: jwtSecret(env, dataDir),
    accessTokenSeconds: integer(env, 'ACCESS_TOKEN_SECONDS', 15 * 60),
    minClientVersion: env.MIN_CLIENT_VERSION ?? APP_VERSION,
    contactFormUrl: env.CONTACT_FORM_URL || undefined,
    supportEmail: env.SUPPORT_EMAIL ?? 'support@metocean.local',
    mapTiles: env.MAP_TILES ?? '',
    geocoderUrl: env.GEOCODER_URL ?? '',
    loginRateLimitPerMinute: integer(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 30),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    // one per core: the event loop mostly waits on the database; several worker processes on one machine
    // share its cores out with STATISTICS_THREADS
    statisticsThreads: integer(env, 'STATISTICS_THREADS', availableParallelism()),
    planningMemoryMb: integer(env, 'PLANNING_MEMORY_MB', 2048),
    reportMemoryMb: integer(env, 'REPORT_MEMORY_MB', 1024),
  };
}
