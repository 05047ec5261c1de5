// A project's revision, from its change log (migration 0019, issue 34). Triggers append a row to
// `project_changes` with every write to what the project's detail shows, in the writer's own transaction; the
// revision is the sum of the project's `writes`. It grows with every committed write whatever the order in
// which concurrent writers commit (a log id read by max() would not: a writer holding a lower id that
// commits after a higher one leaves the max unchanged, and a detail read in between would be kept stale), and
// the compaction below leaves it unchanged. Appending locks no row another writer takes, so the revision
// adds no lock order to the writers of tasks: they cannot deadlock on it (decisions, session 31).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { projectChanges, projects } from './schema';

/** The revision of the project of the query's `projects` row: for a select's field list. */
export function projectRevision(): SQL.Aliased<number> {
  return sql<number>`(select coalesce(sum(${projectChanges.writes}), 0) from ${projectChanges} where ${projectChanges.projectId} = ${projects.id})`
    .mapWith(Number)
    .as('revision');
}

/** The key of the transaction-scoped advisory lock that lets one compaction run at a time. */
export const COMPACTION_LOCK = 34_019;

/**
 * Folds each project's change rows into one carrying their sum, in one statement (a reader sees the rows
 * before or the row after: the same revision), and drops the rows of deleted projects. One process compacts
 * at a time (the others skip their turn: an advisory lock); two compactions deleting the same rows in
 * different orders could otherwise deadlock each other. Rows a writer appends meanwhile are not seen (not
 * committed) and stay. Answers whether this call compacted.
 */
export async function compactProjectChanges(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ taken: sql<boolean>`pg_try_advisory_xact_lock(${COMPACTION_LOCK})` })
      .from(sql`(select 1) as one`);
    if (!lock?.taken) return false;
    await tx.execute(sql`
      with gone as (
        delete from ${projectChanges} as c
        where c.project_id in (
            select project_id from ${projectChanges} group by project_id having count(*) > 1
          )
          or not exists (select 1 from ${projects} as p where p.id = c.project_id)
        returning c.project_id, c.writes
      )
      insert into ${projectChanges} (project_id, writes)
      select g.project_id, sum(g.writes) from gone as g
      where exists (select 1 from ${projects} as p where p.id = g.project_id)
      group by g.project_id`);
    return true;
  });
}
