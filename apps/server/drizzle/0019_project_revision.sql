-- A project's revision (issue 34): every write to what a project's detail shows beside the project row
-- itself (its points, their tasks and overview results, its collaborators, its computations, the datasets
-- of its zone) adds one, in the writer's own transaction, whichever process writes. The API keeps the
-- detail's rows per project and reads them again when the revision it reads with the access has moved.
ALTER TABLE "projects" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "project_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME IN ('points', 'computations', 'project_collaborators') THEN
    UPDATE "projects" SET "revision" = "revision" + 1 WHERE "id" = changed."project_id";
  ELSIF TG_TABLE_NAME IN ('tasks', 'results') THEN
    UPDATE "projects" SET "revision" = "revision" + 1
      WHERE "id" = (SELECT "project_id" FROM "points" WHERE "points"."id" = changed."point_id");
  ELSIF TG_TABLE_NAME = 'dataset_zones' THEN
    UPDATE "projects" SET "revision" = "revision" + 1 WHERE "zone_id" = changed."zone_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "points_project_revision" AFTER INSERT OR UPDATE OR DELETE ON "points"
  FOR EACH ROW EXECUTE FUNCTION "project_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "computations_project_revision" AFTER INSERT OR UPDATE OR DELETE ON "computations"
  FOR EACH ROW EXECUTE FUNCTION "project_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "project_collaborators_project_revision" AFTER INSERT OR UPDATE OR DELETE ON "project_collaborators"
  FOR EACH ROW EXECUTE FUNCTION "project_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "tasks_project_revision" AFTER INSERT OR UPDATE OR DELETE ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION "project_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "results_overview_project_revision" AFTER INSERT OR UPDATE ON "results"
  FOR EACH ROW WHEN (NEW."code" = 'OVERVIEW') EXECUTE FUNCTION "project_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "results_overview_deleted_project_revision" AFTER DELETE ON "results"
  FOR EACH ROW WHEN (OLD."code" = 'OVERVIEW') EXECUTE FUNCTION "project_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "dataset_zones_project_revision" AFTER INSERT OR UPDATE OR DELETE ON "dataset_zones"
  FOR EACH ROW EXECUTE FUNCTION "project_revision_bump"();
