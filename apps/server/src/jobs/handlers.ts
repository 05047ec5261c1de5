// One thin handler per job name: load, act, done. Retries are the queue's.
import type { Mailer } from '../mail/mailer';
import { failLostTask, runPointTask } from './compute-point';
import { renderStat2d } from './render-stat2d';
import { simulatePlanningJob } from './simulate-planning';
import type { StatisticsPool } from './pool';
import type { Services } from '../services/context';
import { forwardContact } from '../services/site';
import type { JobHandlers } from './queue';

export function jobHandlers(services: Services, mailer: Mailer, pool: StatisticsPool): JobHandlers {
  return {
    'send-email': (message) => mailer.send(message),
    'forward-contact': ({ contactRequestId }) => forwardContact(services, contactRequestId),
    'compute-point': ({ taskId }, attempt) => runPointTask(services, pool, taskId, attempt),
    'compute-point-failed': ({ taskId }) => failLostTask(services, taskId),
    'render-stat2d': ({ zoneId }) => renderStat2d(services, pool, zoneId),
    'simulate-planning': ({ planningId }) => simulatePlanningJob(services, planningId),
  };
}
