// Starting and stopping one process of the product: database, migrations, queue, worker, HTTP.
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { startQueue } from './jobs/queue';
import { jobHandlers } from './jobs/handlers';
import { reconcileSettings, startReconciler } from './jobs/reconcile';
import { allTrackedJobs } from './jobs/tracked-jobs';
import { createStatisticsPool, type StatisticsPool } from './jobs/pool';
import { createReportThread, type ReportThread } from './jobs/report-thread';
import { createMailer } from './mail/mailer';
import type { App } from './routes/types';
import type { Services } from './services/context';
import { demoPassword, demoUsernames, hasBeenSeeded, seedDemo } from './seed/demo';
import { seedDatasets } from './data/registry';
import { keepStoredPlans, simulatePlanningJob } from './jobs/simulate-planning';
import { closePlanningThreads } from './jobs/planning-thread';

export type Role = 'all' | 'api' | 'worker';

export interface Runtime {
  services: Services;
  app: App | undefined;
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  role: Role;
  /** 'auto': seed on first start (never in production); 'always': seed now; 'never'. */
  seed: 'auto' | 'always' | 'never';
  logger?: FastifyBaseLogger;
  serveWeb?: boolean;
}

export async function startRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const log = options.logger ?? pino({ level: config.logLevel });
  const database = await openDatabase(config);
  await database.migrate();
  const queue = await startQueue(database, log);
  const services: Services = { config, database, db: database.db, queue, log };

  const mustSeed =
    options.seed === 'always' ||
    (options.seed === 'auto' && !config.production && !(await hasBeenSeeded(database.db)));
  if (mustSeed) {
    const password = demoPassword(config.demoPassword, config.dataDir);
    const seeded = await seedDemo(database.db, password, { dataDir: config.dataDir });
    await seedDatasets(database.db, config.dataDir);
    // the demo opens with its plannings' results (a seeded planning has no creator: no e-mail)
    for (const id of seeded.plannings) await simulatePlanningJob(services, id);
    log.info({ users: demoUsernames }, 'demo data seeded');
  }

  let pool: StatisticsPool | undefined;
  let reportThread: ReportThread | undefined;
  let stopReconciler: (() => void) | undefined;
  let keeping: Promise<void> | undefined;
  if (options.role !== 'api') {
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log,
    });
    pool = await createStatisticsPool(config.statisticsThreads, { log });
    const running = pool;
    services.statisticsPool = () => Promise.resolve(running);
    reportThread = createReportThread({ memoryMb: config.reportMemoryMb, log });
    // a point per lane at once
    const reconcile = reconcileSettings();
    await queue.work(jobHandlers(services, mailer, pool, reportThread, reconcile), {
      'compute-point': pool.lanes,
    });
    // jobs interrupted by a dead worker (this one before a restart, or another) are retried or failed
    stopReconciler = startReconciler(services, allTrackedJobs, reconcile);
    // plannings created before their plan was kept get it now (migration 0010), in the background
    keeping = keepStoredPlans(services).catch((error: unknown) =>
      log.error({ err: error }, 'keeping the plans of older plannings failed'),
    );
  }

  // an API process without the worker: a one-lane pool of its own for the requests that compute
  let ownPool: Promise<StatisticsPool> | undefined;
  services.statisticsPool ??= () => (ownPool ??= createStatisticsPool(1, { log }));

  let app: App | undefined;
  if (options.role !== 'worker') {
    app = await buildApp(services, { logger: log, serveWeb: options.serveWeb ?? true });
    await app.ready();
  }

  return {
    services,
    app,
    async stop() {
      stopReconciler?.();
      await app?.close();
      await queue.stop();
      await pool?.close();
      await ownPool?.then(
        (own) => own.close(),
        () => undefined,
      );
      await reportThread?.close();
      await keeping;
      await closePlanningThreads();
      await database.close();
    },
  };
}
