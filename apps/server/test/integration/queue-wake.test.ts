// A job sent by one process is taken at once by the workers of another (issue 34): the sender announces it
// on the database (NOTIFY), every queue that works jobs listens, and its workers fetch without waiting for
// their next poll. On PostgreSQL the two queues below have connections of their own, as an API process and a
// worker process have; on the embedded default they share the one database, as the API and the in-process
// worker do. The workers poll only every minute here: a job taken within seconds was taken on the wake-up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { queueSettings, startQueue, jobNames, type JobHandlers, type Queue } from '../../src/jobs/queue';
import { eventually, freshPostgres } from '../harness';

const log = pino({ level: 'silent' }) as FastifyBaseLogger;
const dataDir = mkdtempSync(path.join(tmpdir(), 'metocean-queue-wake-'));
const postgres = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
const databases: Database[] = [];
const queues: Queue[] = [];

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  for (const database of databases) await database.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function open(): Promise<Database> {
  const database = await openDatabase({ databaseUrl: postgres?.url, dataDir });
  databases.push(database);
  return database;
}

/** A minute between polls: far longer than the test waits for a job. */
const settings = { ...queueSettings({}), pollingSeconds: 60 };

describe('the job queue across processes', () => {
  it("takes a job sent by another process's queue at once, not at its next poll", async () => {
    const workerSide = await open();
    // two processes on PostgreSQL; on the embedded default the API and the worker share the database
    const senderSide = postgres ? await open() : workerSide;
    const worker = await startQueue(workerSide, log, settings);
    queues.push(worker);
    const sender = await startQueue(senderSide, log, settings);
    queues.push(sender);

    const taken: string[] = [];
    const handlers = Object.fromEntries(
      jobNames.map((name) => [
        name,
        (payload: { subject?: string }) => {
          taken.push(`${name}: ${payload.subject ?? ''}`);
          return Promise.resolve();
        },
      ]),
    ) as unknown as JobHandlers;
    await worker.work(handlers);
    // the workers' first fetch, at their start, finds nothing: the next poll is a minute away
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(taken).toEqual([]);

    await sender.send('send-email', { to: 'a@example.com', subject: 'Woken', text: 'x', html: '<p>x</p>' });
    await eventually(
      () => Promise.resolve([...taken]),
      (now) => now.length > 0,
      { timeoutMs: 20_000, intervalMs: 50 },
      'the job taken',
    );
    // within the 20 s waited, a third of the poll's minute: the wake-up, not the poll, handed it over
    expect(taken).toEqual(['send-email: Woken']);
  });
});
