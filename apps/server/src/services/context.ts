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
