-- One heartbeat per running job (issue 29, finding 8): the worker running a planning, a report, a contractors
-- run or a satellite comparison beats it; the reconciler takes back the rows whose heartbeat stopped.
-- Null while the job waits for a worker (a point task beats tasks.updated_at).
ALTER TABLE "plannings" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contractor_jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "satellite_comparisons" ADD COLUMN "heartbeat_at" timestamp with time zone;
