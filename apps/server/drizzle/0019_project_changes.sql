-- A project's change log (issue 34): every write to what a project's detail shows beside the project row
-- itself (its points, their tasks and overview results, its collaborators, its computations, the datasets
-- of its zone) appends a row here, in the writer's own transaction, whichever process writes. A project's
-- revision is the sum of its rows' `writes`: it grows with every committed write, whatever the order in
-- which concurrent writers commit, and the compaction (db/project-changes.ts: a project's rows replaced by
-- one row carrying their sum, in one statement) leaves it unchanged. The API keeps the detail's rows per
-- project and reads them again when the revision it reads with the access has moved.
-- Appending takes no row lock that another writer waits for (no foreign key either: its key-share lock on
-- the project row would wait for a project's delete while holding a task), so a writer of several task rows
-- and a worker writing its task's progress cannot deadlock on it, as a per-project counter row could.
CREATE TABLE "project_changes" (
  "id" bigserial PRIMARY KEY,
  "project_id" integer NOT NULL,
  "writes" bigint DEFAULT 1 NOT NULL
);--> statement-breakpoint
CREATE INDEX "project_changes_project" ON "project_changes" ("project_id", "writes");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "project_change_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null on an insert, NEW on a delete; an update logs the project before and after (one project but
  -- for a moved row). Reads only: no row of another table is locked.
  IF TG_TABLE_NAME IN ('points', 'computations', 'project_collaborators') THEN
    INSERT INTO "project_changes" ("project_id")
      SELECT DISTINCT "key" FROM unnest(ARRAY[OLD."project_id", NEW."project_id"]) AS "key" WHERE "key" IS NOT NULL;
  ELSIF TG_TABLE_NAME IN ('tasks', 'results') THEN
    INSERT INTO "project_changes" ("project_id")
      SELECT DISTINCT "project_id" FROM "points" WHERE "id" IN (OLD."point_id", NEW."point_id");
  ELSIF TG_TABLE_NAME = 'dataset_zones' THEN
    INSERT INTO "project_changes" ("project_id")
      SELECT "id" FROM "projects" WHERE "zone_id" IN (OLD."zone_id", NEW."zone_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "points_project_change" AFTER INSERT OR UPDATE OR DELETE ON "points"
  FOR EACH ROW EXECUTE FUNCTION "project_change_log"();--> statement-breakpoint
CREATE TRIGGER "computations_project_change" AFTER INSERT OR UPDATE OR DELETE ON "computations"
  FOR EACH ROW EXECUTE FUNCTION "project_change_log"();--> statement-breakpoint
CREATE TRIGGER "project_collaborators_project_change" AFTER INSERT OR UPDATE OR DELETE ON "project_collaborators"
  FOR EACH ROW EXECUTE FUNCTION "project_change_log"();--> statement-breakpoint
CREATE TRIGGER "tasks_project_change" AFTER INSERT OR DELETE ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION "project_change_log"();--> statement-breakpoint
-- a heartbeat (updated_at alone, every few seconds per running task) changes nothing the detail shows
CREATE TRIGGER "tasks_updated_project_change" AFTER UPDATE ON "tasks"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION "project_change_log"();--> statement-breakpoint
CREATE TRIGGER "results_overview_project_change" AFTER INSERT OR UPDATE ON "results"
  FOR EACH ROW WHEN (NEW."code" = 'OVERVIEW') EXECUTE FUNCTION "project_change_log"();--> statement-breakpoint
CREATE TRIGGER "results_overview_deleted_project_change" AFTER DELETE ON "results"
  FOR EACH ROW WHEN (OLD."code" = 'OVERVIEW') EXECUTE FUNCTION "project_change_log"();--> statement-breakpoint
CREATE TRIGGER "dataset_zones_project_change" AFTER INSERT OR UPDATE OR DELETE ON "dataset_zones"
  FOR EACH ROW EXECUTE FUNCTION "project_change_log"();
