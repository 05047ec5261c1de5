ALTER TABLE "plannings" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "plannings" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
