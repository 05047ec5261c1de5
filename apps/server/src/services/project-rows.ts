// The rows a project's detail (and its line in the list) is built from, kept per project and revision
// (issue 34: the detail under load). The project's revision (db/project-changes.ts, migration 0019) grows
// with every write to these rows committed by any process (API, worker, command): the access query reads it
// with the project, and a kept entry of an older revision is read again. What depends on the caller or on
// the clock (the access, the offer's end) is never kept: it comes from the access each time.
import { asc, eq, inArray } from 'drizzle-orm';
import { computations, points, projectCollaborators, tasks } from '../db/schema';
import type { Db } from '../db/client';
import { pointDataList, type PointDataView } from '../data/point-data';
import { perDatabase } from './context';
import type { ProjectAccess } from './project-access';
import { latestStartedTasks } from './task-state';
import { overviewStats } from './results';

export interface ProjectRows {
  points: (typeof points.$inferSelect)[];
  /** The latest started task of each point. */
  latestTasks: (typeof tasks.$inferSelect)[];
  collaborators: number[];
  computations: (typeof computations.$inferSelect)[];
  computationTasks: { computationId: number | null; status: string }[];
  overview: Awaited<ReturnType<typeof overviewStats>>;
}

interface Entry {
  revision: number;
  rows: Promise<ProjectRows>;
  /** The data node of each point, in the order of `rows.points` (the detail only: read on first ask). */
  dataNodes?: Promise<(PointDataView | null)[]>;
}

/** Projects kept per database, the least recently read dropped first. */
export const KEPT_PROJECTS = 500;

const keptIn = perDatabase(() => new Map<number, Entry>());

async function readRows(db: Db, projectId: number): Promise<ProjectRows> {
  // independent reads side by side: on PostgreSQL each takes a connection of the pool, and the detail
  // waits for the slowest instead of their sum
  const [pointRows, latestTasks, collaboratorRows, computationRows] = await Promise.all([
    db.select().from(points).where(eq(points.projectId, projectId)).orderBy(asc(points.id)),
    latestStartedTasks(db, eq(points.projectId, projectId)),
    db
      .select({ userId: projectCollaborators.userId })
      .from(projectCollaborators)
      .where(eq(projectCollaborators.projectId, projectId)),
    db.select().from(computations).where(eq(computations.projectId, projectId)).orderBy(asc(computations.id)),
  ]);
  const [computationTasks, overview] = await Promise.all([
    computationRows.length === 0
      ? []
      : db
          .select({ computationId: tasks.computationId, status: tasks.status })
          .from(tasks)
          .where(
            inArray(
              tasks.computationId,
              computationRows.map((c) => c.id),
            ),
          ),
    overviewStats(
      db,
      pointRows.filter((p) => p.isComputed).map((p) => p.id),
    ),
  ]);
  return {
    points: pointRows,
    latestTasks,
    collaborators: collaboratorRows.map((c) => c.userId),
    computations: computationRows,
    computationTasks,
    overview,
  };
}

/** The entry of the project at the revision its access was read with, read anew when that moved. */
function entryFor(db: Db, access: ProjectAccess): Entry {
  const byProject = keptIn(db);
  const { id } = access.project;
  const { revision } = access;
  const found = byProject.get(id);
  // an entry of a newer revision (a request that read the access later) is as good: never go back to older
  if (found && found.revision >= revision) {
    // most recently read last: Map keeps insertion order
    byProject.delete(id);
    byProject.set(id, found);
    return found;
  }
  const entry: Entry = { revision, rows: readRows(db, id) };
  byProject.delete(id);
  byProject.set(id, entry);
  // a failed read is not kept: the next request tries again
  entry.rows.catch(() => {
    if (byProject.get(id) === entry) byProject.delete(id);
  });
  while (byProject.size > KEPT_PROJECTS) byProject.delete(byProject.keys().next().value!);
  return entry;
}

/** The rows of the project's detail as of (at least) the revision of `access`. */
export function projectRows(db: Db, access: ProjectAccess): Promise<ProjectRows> {
  return entryFor(db, access).rows;
}

/** The data node each point of the project reads (point-data.ts), in the order of its rows' points. */
export function projectDataNodes(db: Db, access: ProjectAccess): Promise<(PointDataView | null)[]> {
  const entry = entryFor(db, access);
  if (!entry.dataNodes) {
    const nodes = entry.rows.then((rows) => pointDataList(db, access.zone.id, rows.points));
    entry.dataNodes = nodes;
    nodes.catch(() => {
      if (entry.dataNodes === nodes) delete entry.dataNodes;
    });
  }
  return entry.dataNodes;
}
