// Projects of the demo: a customer's project kept from an offer that has since ended, with an AWD planning
// computed while that offer ran. It shows the read-only state of spec 001 §6 (the AWD dashboard and its
// results stay viewable; Upload opens the "AWD offer expired" modal; the API refuses uploads and runs) on an
// account that also has a running offer, so the account is not sent to /plans (spec 000 §5).
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_PLANNING_PERCENTILES, planningFormats, projectTypes } from '@metocean/contracts';
import { readPlan } from '@metocean/core';
import { loadWorkbookGrid, planningTemplate } from '@metocean/hindcast';
import { plannings, points, projectCollaborators, projects, zones } from '../db/schema';
import type { Tx } from '../services/credits';
import { bindPoints } from '../services/downtimes';
import { reportFilesOf } from '../services/reports';

export interface DemoProjectSeed {
  /** Unique within the customer; the seed replaces the project of that name. */
  name: string;
  /** The offer whose (first) instance of the customer holds the project. */
  offer: string;
  zone: string;
  points: { name: string; lat: number; lng: number }[];
  /** Plannings made from the AWD template (the guide's download), its aliases mapped to the points. */
  plannings: { name: string; locationAliases: Record<string, string> }[];
}

/**
 * Deletes the customer's demo projects (points, plannings, reports and the rest go with them); answers the
 * PDF file names of their reports, to remove once the deletion is committed (as project delete does).
 */
export async function removeDemoProjects(
  tx: Tx,
  customerId: number,
  seeds: DemoProjectSeed[],
): Promise<string[]> {
  if (seeds.length === 0) return [];
  const doomed = and(
    eq(projects.customerId, customerId),
    inArray(
      projects.name,
      seeds.map((s) => s.name),
    ),
  );
  const ids = await tx.select({ id: projects.id }).from(projects).where(doomed);
  const files = await reportFilesOf(
    tx,
    ids.map((row) => row.id),
  );
  await tx.delete(projects).where(doomed);
  return files;
}

/**
 * Creates the customer's demo projects; answers the ids of their plannings, which the runtime computes once
 * the datasets are seeded (the simulate-planning job, run at once), as if before the offer ended.
 */
export async function insertDemoProjects(
  tx: Tx,
  owner: { customerId: number; userId: number },
  seeds: DemoProjectSeed[],
  instanceOf: Map<string, number>,
): Promise<number[]> {
  const planningIds: number[] = [];
  for (const seed of seeds) {
    const instanceId = instanceOf.get(seed.offer);
    const [zone] = await tx.select().from(zones).where(eq(zones.name, seed.zone));
    if (instanceId === undefined || !zone)
      throw new Error(`demo project ${seed.name}: offer ${seed.offer} or zone ${seed.zone} missing`);
    const [project] = await tx
      .insert(projects)
      .values({
        customerId: owner.customerId,
        offerInstanceId: instanceId,
        zoneId: zone.id,
        createdById: owner.userId,
        name: seed.name,
        type: zone.isDemo ? projectTypes.demo : projectTypes.offer,
      })
      .returning({ id: projects.id });
    if (!project) throw new Error(`demo project ${seed.name} could not be created`);
    await tx.insert(projectCollaborators).values({ projectId: project.id, userId: owner.userId });
    await tx.insert(points).values(seed.points.map((p) => ({ ...p, projectId: project.id })));

    const template = await planningTemplate();
    const { plan } = readPlan(await loadWorkbookGrid(template));
    if (!plan) throw new Error('the AWD template does not read as a plan');
    for (const planning of seed.plannings) {
      const settings = {
        outputDir: planning.name,
        percentiles: [...DEFAULT_PLANNING_PERCENTILES],
        envCoords: plan.envCoords,
        tasksCoords: plan.tasksCoords,
        locationAliases: planning.locationAliases,
        formats: [...planningFormats],
        alpha: 'none',
      };
      const bound = bindPoints(plan, settings, seed.points);
      const [row] = await tx
        .insert(plannings)
        .values({
          projectId: project.id,
          userId: null,
          name: planning.name,
          fileName: 'planning_template.xlsx',
          document: template.toString('base64'),
          settings,
          plan,
          points: bound.points,
        })
        .returning({ id: plannings.id });
      if (row) planningIds.push(row.id);
    }
  }
  return planningIds;
}
