// One thin handler per job name: load, act, done. Retries are the queue's. Every long job beats its row's
// heartbeat (withHeartbeat, with its kind from tracked-jobs.ts) so that the reconciler finds it if its worker dies.
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
import { trackedJobs } from './tracked-jobs';

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
      withHeartbeat(services, trackedJobs.pointTask, taskId, reconcile, () =>
        runPointTask(services, pool, taskId, attempt),
      ),
    'compute-point-failed': ({ taskId }) => failLostTask(services, taskId),
    'render-stat2d': ({ zoneId }) => renderStat2d(services, pool, zoneId),
    'render-report': ({ reportId, token }) =>
      withHeartbeat(services, trackedJobs.report, reportId, reconcile, () =>
        runReportJob(services, reports, pool, reportId, token),
      ),
    'simulate-planning': ({ planningId }) =>
      withHeartbeat(services, trackedJobs.planning, planningId, reconcile, () =>
        simulatePlanningJob(services, planningId),
      ),
    'contractors-run': ({ jobId }) =>
      withHeartbeat(services, trackedJobs.contractorsRun, jobId, reconcile, () =>
        contractorsRunJob(services, jobId),
      ),
    'satellite-comparison': ({ comparisonId }) =>
      withHeartbeat(services, trackedJobs.satellite, comparisonId, reconcile, () =>
        satelliteComparisonJob(services, pool, comparisonId),
      ),
    'satellite-comparison-failed': ({ comparisonId }) => failLostSatellite(services, comparisonId),
  };
}
