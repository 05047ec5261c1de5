CREATE TABLE "plannings" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"document" "bytea" NOT NULL,
	"settings" jsonb NOT NULL,
	"points" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_message" text DEFAULT '' NOT NULL,
	"results" jsonb,
	"stamp" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"computed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plannings" ADD CONSTRAINT "plannings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plannings" ADD CONSTRAINT "plannings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plannings_project" ON "plannings" USING btree ("project_id");