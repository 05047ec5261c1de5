CREATE TABLE "results" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"stat_id" text NOT NULL,
	"code" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "projects_name_key";--> statement-breakpoint
ALTER TABLE "offer_instances" ADD COLUMN "credits_per_point" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "credits_per_point" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "results_task_stat_key" ON "results" USING btree ("task_id","stat_id");--> statement-breakpoint
CREATE INDEX "results_point" ON "results" USING btree ("point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_customer_name_key" ON "projects" USING btree ("customer_id","name");