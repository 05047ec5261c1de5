// The end of a computation (spec 000 §4: the compute confirmation promises "a message is sent to {email} when
// it is done"). Called wherever a task settles — its job finishing or failing, a lost job, a cancel — it
// notices the computation whose last task just settled, records the computation's final status and mails
// the user who launched it. The stored status is the claim: only the caller that turns it from RUNNING sends
// the mail, so two points settling at once send one message.
import { and, asc, eq } from 'drizzle-orm';
import type { Status } from '@metocean/contracts';
import { computations, points, projects, tasks, users } from '../db/schema';
import { computationDoneMail, type PointOutcome } from '../mail/templates';
import type { Services } from './context';
import { computationStatus } from './projects';
import { ACTIVE } from './task-state';

/**
 * Whether an ended computation is worth a message: not when every point was cancelled (the user who
 * cancelled them knows; a cancelled computation has no results to read).
 */
export function mailsOutcome(outcomes: readonly Pick<PointOutcome, 'status'>[]): boolean {
  return outcomes.some((o) => o.status !== 'CANCELLED');
}

/** Never lets a failed notice fail the task's own work: the error is logged. */
export async function notifyIfComputationEnded(
  services: Services,
  computationId: number | null | undefined,
): Promise<void> {
  if (computationId === null || computationId === undefined) return;
  try {
    await notify(services, computationId);
  } catch (error) {
    services.log.error({ err: error, computationId }, 'computation-done notice failed');
  }
}

async function notify(services: Services, computationId: number): Promise<void> {
  const db = services.db;
  const rows = await db
    .select({ status: tasks.status, error: tasks.error, name: points.name })
    .from(tasks)
    .innerJoin(points, eq(points.id, tasks.pointId))
    .where(eq(tasks.computationId, computationId))
    .orderBy(asc(points.id));
  if (rows.length === 0 || rows.some((r) => ACTIVE.includes(r.status))) return;
  const final = computationStatus(
    'RUNNING',
    rows.map((r) => r.status as Status),
  );
  const [claimed] = await db
    .update(computations)
    .set({ status: final })
    .where(and(eq(computations.id, computationId), eq(computations.status, 'RUNNING')))
    .returning({ projectId: computations.projectId, userId: computations.spentById });
  if (!claimed) return;
  const outcomes = rows.map((r) => ({ name: r.name, status: r.status, error: r.error }) as PointOutcome);
  if (!mailsOutcome(outcomes) || claimed.userId === null) return;
  const [who] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      username: users.username,
      project: projects.name,
    })
    .from(users)
    .innerJoin(projects, eq(projects.id, claimed.projectId))
    .where(eq(users.id, claimed.userId))
    .limit(1);
  if (!who?.email) return;
  await services.queue.send(
    'send-email',
    computationDoneMail(
      who.email,
      who.firstName || who.username,
      who.project,
      outcomes,
      `${services.config.publicUrl}/project/${claimed.projectId}/${final === 'FINISHED' ? 'analyze' : 'query'}`,
    ),
  );
}
