// Configuration from the environment, read once at start. Every secret comes from here.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  loginRateLimitPerMinute: number;
  logLevel: string;
}

function integer(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

/** The JWT signing key: JWT_SECRET when set, otherwise one generated once and kept under DATA_DIR. */
function jwtSecret(dataDir: string): Uint8Array {
  const fromEnv = process.env.JWT_SECRET;
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

export function loadConfig(): Config {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './var');
  mkdirSync(dataDir, { recursive: true });
  const port = integer('PORT', 8080);
  return {
    port,
    host: process.env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM ?? 'Metocean Studio <no-reply@metocean.local>',
    publicUrl: (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    production: process.env.NODE_ENV === 'production',
    demoPassword: process.env.DEMO_PASSWORD || undefined,
    jwtSecret: jwtSecret(dataDir),
    accessTokenSeconds: integer('ACCESS_TOKEN_SECONDS', 15 * 60),
    minClientVersion: process.env.MIN_CLIENT_VERSION ?? APP_VERSION,
    contactFormUrl: process.env.CONTACT_FORM_URL || undefined,
    supportEmail: process.env.SUPPORT_EMAIL ?? 'support@metocean.local',
    loginRateLimitPerMinute: integer('LOGIN_RATE_LIMIT_PER_MINUTE', 30),
    logLevel: process.env.LOG_LEVEL ?? 'info',
  };
}
