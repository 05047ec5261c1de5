// What every service receives: the database, the queue, the configuration and a logger.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Queue } from '../jobs/queue';

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  queue: Queue;
  log: FastifyBaseLogger;
  /**
   * The statistics threads for work a request asks for (the band of a point's contours): the worker's pool
   * in a process that runs one, else a one-lane pool of this process, started with its first job.
   */
  statisticsPool?: () => Promise<StatisticsThreads>;
}

/**
 * State a service keeps in memory for one database: `const computingIn = perDatabase(() => new Map())`, then
 * `computingIn(services.db)`. Two runtimes of one process (the integration tests, the bench) have rows of the
 * same ids in different databases, and one's state must not answer for the other's.
 */
export function perDatabase<T>(make: () => T): (db: Db) => T {
  const kept = new WeakMap<Db, T>();
  return (db) => {
    let state = kept.get(db);
    if (state === undefined) {
      state = make();
      kept.set(db, state);
    }
    return state;
  };
}

/** What a service may ask of the statistics threads (jobs/pool.ts): run one job, off the event loop. */
export interface StatisticsThreads {
  run(job: object): Promise<unknown>;
}

/** The authenticated caller, as the access token and the database say. */
export interface Caller {
  id: number;
  customerId: number;
  isStaff: boolean;
  isSuperuser: boolean;
  /** The superuser acting as this user, when impersonating. */
  impersonatorId: number | null;
}
