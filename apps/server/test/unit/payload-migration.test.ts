// Migration 0004 on a database that already holds results: the json payloads become bytea and read back
// whole, beside a payload stored compressed after it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePayload } from '../../src/db/payload';
import { resultPayload, results } from '../../src/db/schema';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const before = mkdtempSync(path.join(tmpdir(), 'metocean-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it was before 0004. */
function migrationsBefore0004(): string {
  cpSync(MIGRATIONS, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.startsWith('0004_'));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return before;
}

describe('migration 0004 (compressed result payloads)', () => {
  it('keeps the payloads stored before it readable, and stores new ones compressed without recompressing them', async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore0004() });
    // results only: the rows they belong to do not matter here
    await client.exec(`SET session_replication_role = replica`);
    const old = { target: { field: 'hs' }, dataset: { name: 'Golfe – Gascogne' }, result: { mean: 1.5 } };
    await client.query(
      `INSERT INTO results (task_id, point_id, stat_id, code, payload) VALUES (1, 1, 'EPD@hs', 'EPD', $1::json)`,
      [JSON.stringify(old)],
    );
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const fresh = { target: { field: 'tp' }, result: { values: [1, 2, -999] } };
    await db.insert(results).values({
      taskId: 1,
      pointId: 1,
      statId: 'EPD@tp',
      code: 'EPD',
      payload: encodePayload(JSON.stringify(fresh)),
    });
    const read = async (statId: string) => {
      const [row] = await db
        .select({ payload: resultPayload() })
        .from(results)
        .where(eq(results.statId, statId));
      return row!.payload;
    };
    expect(await read('EPD@hs')).toEqual(old);
    expect(await read('EPD@tp')).toEqual(fresh);
    const { rows } = await client.query<{ storage: string; type: string }>(
      `SELECT a.attstorage AS storage, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
       WHERE a.attrelid = 'results'::regclass AND a.attname = 'payload'`,
    );
    expect(rows).toEqual([{ storage: 'e', type: 'bytea' }]);
    await client.close();
  }, 60_000);
});
