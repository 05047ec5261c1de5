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
}
export type JobName = keyof JobPayloads;
export const jobNames: JobName[] = ['send-email', 'forward-contact'];

export type JobHandlers = { [K in JobName]: (payload: JobPayloads[K]) => Promise<void> };

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
    await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 10, retryBackoff: true });
  return {
    async send(name, payload) {
      await boss.send(name, payload as object);
    },
    async work(handlers) {
      const register = async <K extends JobName>(name: K) => {
        await boss.work<JobPayloads[K]>(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const job of jobs) {
            log.debug({ job: name, id: job.id }, 'job started');
            await handlers[name](job.data);
          }
        });
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
