CREATE TABLE "satellite_comparisons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"project_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"error_message" text DEFAULT '' NOT NULL,
	"stats" jsonb,
	"visu" jsonb,
	"matchups" jsonb,
	"synthetic" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"computed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "satellite_comparisons" ADD CONSTRAINT "satellite_comparisons_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_comparisons" ADD CONSTRAINT "satellite_comparisons_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_comparisons" ADD CONSTRAINT "satellite_comparisons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "satellite_comparisons_point" ON "satellite_comparisons" USING btree ("point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "satellite_comparisons_one_running" ON "satellite_comparisons" USING btree ("point_id") WHERE "satellite_comparisons"."status" in ('PENDING', 'RUNNING');