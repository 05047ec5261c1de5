// The one database module: PGlite under DATA_DIR when DATABASE_URL is unset, PostgreSQL when set.
// Both expose the same drizzle API and a raw `executeSql` used by pg-boss.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { takingTurns } from './turns';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for pg-boss: parameterised text is one statement; text without values may hold several. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from any connection of any process on
   * this database, until the answered function is called. On PostgreSQL it holds a connection of its own
   * (outside the pool), opened again a second after it is lost; while it is, notifications are missed, so a
   * listener must only ever speed up what happens anyway (the job queue's workers still poll).
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The migrations folder, found from this file whether it runs from src/ (tests) or dist/ (built). */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('migrations folder apps/server/drizzle not found');
}

// An arbitrary constant: one migrating process at a time on a shared PostgreSQL.
const MIGRATION_LOCK = 727_001;

/** The pause before a lost LISTEN connection is opened again. */
const RELISTEN_MS = 1_000;

/** Database.listen on PostgreSQL: a dedicated connection (LISTEN holds its session), reopened when lost. */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: '${channel}'`);
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  const again = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RELISTEN_MS);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    // a lost connection (server restart, an administrator's command) is opened again, never thrown
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next) client = undefined;
      again();
    });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch {
      await next.end().catch(() => undefined);
      return;
    }
    if (stopped) await next.end().catch(() => undefined);
    else client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    retry = undefined;
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  const databaseUrl = options.databaseUrl;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle client lost to a server restart or an administrator's command must not end the process: the
    // pool drops it and the next query connects anew (without a listener, node-postgres rethrows it).
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      async executeSql(text, values) {
        // Multi-statement text (pg-boss migrations) answers with one result per statement.
        const result = (await pool.query(text, values)) as unknown as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(result) ? result.at(-1) : result;
        return { rows: (last?.rows ?? []) as SqlResult['rows'] };
      },
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      listen: (channel, onNotify) => listenOnPostgres(databaseUrl, channel, onNotify),
      ping: () =>
        pool.query('SELECT 1').then(
          () => true,
          () => false,
        ),
      close: () => pool.end(),
    };
  }
  const dbDir = path.join(options.dataDir, 'db');
  mkdirSync(options.dataDir, { recursive: true });
  const client = takingTurns(await PGlite.create(dbDir));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (values && values.length > 0)
        return { rows: (await client.query(text, values)).rows as SqlResult['rows'] };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    },
    // the one connection hears its own NOTIFYs: an embedded runtime's queues share it
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    ping: () =>
      client.query('SELECT 1').then(
        () => true,
        () => false,
      ),
    close: () => client.close(),
  };
}
