// A real server for integration tests: its own data folder, PGlite by default or a fresh PostgreSQL
// database when DATABASE_URL is set, listening on a free port, spoken to over HTTP by actors: one signed-in
// caller each (`const manager = await server.as('manager')`), polled with `until` or `eventually`.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { inject } from 'vitest';
import { APP_VERSION, type TokenPair } from '@metocean/contracts';
import { loadConfig } from '../src/config';
import { startRuntime, type Runtime } from '../src/runtime';

export const DEMO_PASSWORD = 'Harbour-Test-2024';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** A file part of a multipart form. */
export interface FilePart {
  content: Uint8Array | string;
  fileName: string;
}

/** A request with a JSON body. */
type Send = <T = Record<string, unknown>>(
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Answer<T>>;

/**
 * One caller of the API, signed in or not: `const manager = await server.as('manager');
 * await manager.post('/api/projects/', body)`. Every request carries its token.
 */
export interface Actor {
  /** The username signed in, or 'anonymous'. */
  readonly username: string;
  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: Omit<RequestOptions, 'token'>,
  ): Promise<Answer<T>>;
  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>): Promise<Answer<T>>;
  post: Send;
  put: Send;
  patch: Send;
  delete: Send;
  /** A multipart POST: text fields and files. */
  upload<T = Record<string, unknown>>(
    path: string,
    fields: Record<string, string | FilePart>,
  ): Promise<Answer<T>>;
  /** The raw response, for bodies that are neither JSON nor text (downloads). */
  fetch(path: string): Promise<Response>;
  /**
   * GETs `path` until `done` holds for its body, and answers that body; fails after `timeoutMs` with the
   * body it read last.
   */
  until<T = Record<string, unknown>>(
    path: string,
    done: (body: T) => boolean,
    options?: WaitOptions,
  ): Promise<T>;
}

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Reads until `done` holds for what was read, and answers it; throws after `timeoutMs` with what was read
 * last. The one poller of the tests (HTTP through Actor.until, the database, files).
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 150_000, intervalMs = 500 }: WaitOptions = {},
  what = 'the value',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `${what} did not come within ${timeoutMs} ms: last ${JSON.stringify(value)?.slice(0, 500)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface TestServer {
  url: string;
  dataDir: string;
  runtime: Runtime;
  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<Answer<T>>;
  login(username: string, password?: string): Promise<TokenPair>;
  /** The user signed in (demo password unless given), as an actor of the API. */
  as(username: string, password?: string): Promise<Actor>;
  /** A caller without a token. */
  anonymous: Actor;
  /** Waits for the next e-mail to `to` and returns its decoded text. */
  waitForMail(to: string, since?: number): Promise<string>;
  mailCount(): number;
  stop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database for this test file, dropped at the end: empty, or a copy of `template` (a
 * database of the same server that no session holds).
 */
export async function freshPostgres(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `metocean_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

// The seeded state every server of the suite starts from, made once per run (test/seeded-template.ts, the
// suite's globalSetup) instead of once per file: migrations, demo users, projects, datasets and the seeded
// plannings' results cost ~11 s of CPU per start (PGlite's initdb alone ~6 s), a copy of them ~1.5 s. Each
// file still gets a database and a data folder of its own (a copy of the template's folder, and on
// PostgreSQL a `CREATE DATABASE … TEMPLATE`), so files stay independent of each other and of their order.

/** Where the seeded template lives: a data folder and, on PostgreSQL, a database cloned per server. */
export interface SeededTemplate {
  dataDir: string;
  /** The template database's name on the server of DATABASE_URL; absent on PGlite. */
  database?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate;
  }
}

/**
 * Settings that change what seeding writes (the demo password, where data goes, the memory of the seeded
 * plannings' simulations, the links of their e-mails): a server given one of them seeds itself.
 */
const SEED_SETTINGS = ['DEMO_PASSWORD', 'DATA_DIR', 'DATABASE_URL', 'PLANNING_MEMORY_MB', 'PUBLIC_URL'];

/** Seeds a template with the product's own seeding, in an API-only runtime (no worker has run in it). */
export async function makeSeededTemplate(): Promise<{ template: SeededTemplate; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'metocean-it-template-'));
  const baseUrl = process.env.DATABASE_URL;
  const database = baseUrl ? await freshPostgres(baseUrl) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    PORT: '8080',
    LOG_LEVEL: 'silent',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const logger = pino({ level: 'silent' }) as FastifyBaseLogger;
  const runtime = await startRuntime(config, { role: 'api', seed: 'always', logger, serveWeb: false });
  await runtime.stop();
  const name = database ? new URL(database.url).pathname.slice(1) : undefined;
  if (baseUrl && name) {
    // a template must have no session while it is cloned: autovacuum keeps out of a database that allows none
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await admin.end();
  }
  return {
    template: { dataDir, ...(name ? { database: name } : {}) },
    async drop() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The suite's template; undefined outside a run with the globalSetup, or for `env` that changes seeding
 * (unless `anySeed`: the test reads nothing its seeding would have written otherwise).
 */
function seededTemplateFor(env: Record<string, string>, anySeed = false): SeededTemplate | undefined {
  if (!anySeed && SEED_SETTINGS.some((name) => name in env)) return undefined;
  try {
    return inject('seededTemplate');
  } catch {
    return undefined;
  }
}

/** A data folder and, on the PostgreSQL run, a database of the caller's own. */
export interface Store {
  dataDir: string;
  /** The database's URL on the PostgreSQL run; undefined on PGlite (its files are in the data folder). */
  databaseUrl: string | undefined;
  /** Whether they hold the seeded demo already (a copy of the suite's template): start with `seed: 'never'`. */
  seeded: boolean;
  drop(): Promise<void>;
}

/**
 * A fresh store for a runtime or a child server: a copy of the suite's seeded template when there is one
 * (`template`, by default the suite's), else empty (the first runtime on it seeds).
 */
export async function freshStore(template = seededTemplateFor({})): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'metocean-it-'));
  if (template) cpSync(template.dataDir, dataDir, { recursive: true });
  const database = process.env.DATABASE_URL
    ? await freshPostgres(process.env.DATABASE_URL, template?.database)
    : undefined;
  return {
    dataDir,
    databaseUrl: database?.url,
    seeded: template !== undefined,
    async drop() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Decodes the quoted-printable text part of an .eml file written by the mailer. */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function linkIn(mail: string, pathPrefix: string): URL {
  const match = mail.match(
    new RegExp(`https?://[^\\s"<]*${pathPrefix.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s"<]*`),
  );
  if (!match) throw new Error(`no link to ${pathPrefix} in mail:\n${mail}`);
  return new URL(match[0]);
}

export interface TestServerOptions {
  /**
   * Start from the suite's template even when `env` holds a setting of the seeding (SEED_SETTINGS): for a
   * test that reads nothing the seeding writes with it (e.g. PUBLIC_URL for a cookie's flag, not the links
   * of the seeded plannings' e-mails). A server that seeds itself costs ~11 s of CPU on PGlite.
   */
  anySeed?: boolean;
}

export async function startTestServer(
  env: Record<string, string> = {},
  { anySeed = false }: TestServerOptions = {},
): Promise<TestServer> {
  const store = await freshStore(seededTemplateFor(env, anySeed));
  const { dataDir } = store;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    PORT: '8080',
    LOG_LEVEL: 'silent',
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    ...env,
  });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as FastifyBaseLogger;
  const runtime = await startRuntime(config, {
    role: 'all',
    seed: store.seeded ? 'never' : 'always',
    logger,
    serveWeb: false,
  });
  if (!runtime.app) throw new Error('the test runtime has no HTTP app');
  const address = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const mailDir = path.join(dataDir, 'mail');
  const mailFiles = () => {
    try {
      return readdirSync(mailDir).sort();
    } catch {
      return [];
    }
  };

  const actor = (username: string, token: string | undefined): Actor => {
    const request = <T>(method: string, route: string, options: Omit<RequestOptions, 'token'> = {}) =>
      server.request<T>(method, route, { ...options, token });
    const authorization: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    return {
      username,
      request,
      get: (route, headers) => request('GET', route, { headers }),
      post: (route, body, headers) => request('POST', route, { body, headers }),
      put: (route, body, headers) => request('PUT', route, { body, headers }),
      patch: (route, body, headers) => request('PATCH', route, { body, headers }),
      delete: (route, body, headers) => request('DELETE', route, { body, headers }),
      async upload<T>(route: string, fields: Record<string, string | FilePart>) {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields))
          if (typeof value === 'string') form.append(name, value);
          else form.append(name, new Blob([value.content]), value.fileName);
        const response = await fetch(`${address}${route}`, {
          method: 'POST',
          headers: authorization,
          body: form,
        });
        return { status: response.status, body: (await response.json()) as T, headers: response.headers };
      },
      fetch: (route) => fetch(`${address}${route}`, { headers: authorization }),
      until<T>(route: string, done: (body: T) => boolean, options?: WaitOptions) {
        return eventually(
          async () => (await request<T>('GET', route)).body,
          done,
          options,
          `${username}'s GET ${route}`,
        );
      },
    };
  };

  const server: TestServer = {
    url: address,
    dataDir,
    runtime,
    async request<T>(method: string, route: string, options: RequestOptions = {}): Promise<Answer<T>> {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${address}${route}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      const body = (
        text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
      ) as T;
      return { status: response.status, body, headers: response.headers };
    },
    async login(username, password = DEMO_PASSWORD) {
      const answer = await server.request<TokenPair>('POST', '/api-auth/token/', {
        body: { username, password },
      });
      if (answer.status !== 200)
        throw new Error(`login ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    },
    async as(username, password) {
      return actor(username, (await server.login(username, password)).accessToken);
    },
    get anonymous() {
      return actor('anonymous', undefined);
    },
    mailCount: () => mailFiles().length,
    async waitForMail(to, since = 0) {
      const slug = to.replace(/[^a-zA-Z0-9]+/g, '_');
      const latest = () =>
        mailFiles()
          .slice(since)
          .filter((file) => file.endsWith(`-${slug}.eml`))
          .at(-1);
      const match = await eventually(
        () => Promise.resolve(latest()),
        (file) => file !== undefined,
        { timeoutMs: 15_000, intervalMs: 100 },
        `a mail to ${to}`,
      );
      return decodeMail(readFileSync(path.join(mailDir, match!), 'utf8'));
    },
    async stop() {
      await runtime.stop();
      await store.drop();
    },
  };
  return server;
}

export const webHeaders = { 'X-App-Version': APP_VERSION };
