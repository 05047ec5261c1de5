// One thin handler per job name: load, act, done. Retries are the queue's.
import type { Mailer } from '../mail/mailer';
import { contractorsRunJob } from './contractors-run';
import { failLostTask, runPointTask } from './compute-point';
import { renderStat2d } from './render-stat2d';
import { failLostSatellite, satelliteComparisonJob } from './satellite-comparison';
import { runReportJob } from './render-report';
import type { ReportThread } from './report-thread';
import { simulatePlanningJob } from './simulate-planning';
import type { StatisticsPool } from './pool';
import type { Services } from '../services/context';
import { forwardContact } from '../services/site';
import type { JobHandlers } from './queue';
import { withHeartbeat, type ReconcileSettings } from './reconcile';

export function jobHandlers(
  services: Services,
  mailer: Mailer,
  pool: StatisticsPool,
  reports: ReportThread,
  reconcile: ReconcileSettings,
): JobHandlers {
  return {
    'send-email': (message) => mailer.send(message),
    'forward-contact': ({ contactRequestId }) => forwardContact(services, contactRequestId),
    'compute-point': ({ taskId }, attempt) =>
      withHeartbeat(services, taskId, reconcile, () => runPointTask(services, pool, taskId, attempt)),
    'compute-point-failed': ({ taskId }) => failLostTask(services, taskId),
    'render-stat2d': ({ zoneId }) => renderStat2d(services, pool, zoneId),
    'render-report': ({ reportId, token }) => runReportJob(services, reports, reportId, token),
    'simulate-planning': ({ planningId }) => simulatePlanningJob(services, planningId),
    'contractors-run': ({ jobId }) => contractorsRunJob(services, jobId),
    'satellite-comparison': ({ comparisonId }) => satelliteComparisonJob(services, pool, comparisonId),
    'satellite-comparison-failed': ({ comparisonId }) => failLostSatellite(services, comparisonId),
  };
}
