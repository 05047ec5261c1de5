// pg-boss on the application's own database, in both modes. On PGlite it goes through the
// Database.executeSql adapter (one connection: never enqueue inside an open transaction).
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { MailMessage } from '../mail/mailer';

/** Every job name and its payload. */
export interface JobPayloads {
  'send-email': MailMessage;
  'forward-contact': { contactRequestId: number };
  'compute-point': { taskId: number };
}
export type JobName = keyof JobPayloads;
export const jobNames: JobName[] = ['send-email', 'forward-contact', 'compute-point'];

/** Retries and expiry per job: a point may take up to 10 minutes (spec 000 §9); a killed worker's job
 * expires and is retried from a clean state. */
const queueOptions: Record<JobName, { retryLimit: number; retryDelay: number; expireInSeconds: number }> = {
  'send-email': { retryLimit: 5, retryDelay: 10, expireInSeconds: 120 },
  'forward-contact': { retryLimit: 5, retryDelay: 10, expireInSeconds: 120 },
  'compute-point': { retryLimit: 2, retryDelay: 5, expireInSeconds: 900 },
};

export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
}

export type JobHandlers = { [K in JobName]: (payload: JobPayloads[K], attempt: JobAttempt) => Promise<void> };

export interface Queue {
  send<K extends JobName>(name: K, payload: JobPayloads[K]): Promise<void>;
  work(handlers: JobHandlers): Promise<void>;
  ping(): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startQueue(database: Database, log: FastifyBaseLogger): Promise<Queue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    // Mail and short jobs should not wait long; the minimum pg-boss accepts is 0.5 s.
    monitorStateIntervalSeconds: 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of jobNames)
    await boss.createQueue(name, { name, retryBackoff: true, ...queueOptions[name] });
  return {
    async send(name, payload) {
      await boss.send(name, payload as object);
    },
    async work(handlers) {
      const register = async <K extends JobName>(name: K) => {
        await boss.work<JobPayloads[K]>(
          name,
          { pollingIntervalSeconds: 0.5, includeMetadata: true },
          async (jobs) => {
            for (const job of jobs) {
              log.debug({ job: name, id: job.id }, 'job started');
              await handlers[name](job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
            }
          },
        );
      };
      for (const name of jobNames) await register(name);
    },
    ping: () =>
      boss.getQueueSize(jobNames[0] ?? 'send-email').then(
        () => true,
        () => false,
      ),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  };
}
