-- One heartbeat per running job (issue 29, finding 8): the worker running a planning, a report, a contractors
-- run or a satellite comparison beats it; the reconciler takes back the rows whose heartbeat stopped.
-- Null while the job waits for a worker (a point task beats tasks.updated_at).
ALTER TABLE "plannings" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contractor_jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "satellite_comparisons" ADD COLUMN "heartbeat_at" timestamp with time zone;
--> statement-breakpoint
-- A marine contractors dashboard gets its one wizard job with the project (GET ?latest only reads it now):
-- the projects that never opened their wizard get theirs, with the default parameters.
INSERT INTO "contractor_jobs" ("project_id", "user_id", "parameters")
SELECT p."id", p."created_by_id", '{"operations":[],"points":[],"percentiles":[50,60,70,80,90,99],"outputFormat":"DURATION"}'::jsonb
FROM "projects" p
WHERE p."is_mc_dashboard" AND NOT EXISTS (SELECT 1 FROM "contractor_jobs" j WHERE j."project_id" = p."id");
