CREATE TABLE "contractor_boats" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_constraints" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" integer NOT NULL,
	"var_name" text NOT NULL,
	"condition" text NOT NULL,
	"limit" double precision NOT NULL,
	"unit" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer,
	"step" text DEFAULT 'OPERATIONS' NOT NULL,
	"status" text DEFAULT 'IDLE' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"parameters" jsonb NOT NULL,
	"error_message" text DEFAULT '' NOT NULL,
	"results" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"computed_at" timestamp with time zone,
	CONSTRAINT "contractor_jobs_project_id_unique" UNIQUE("project_id")
);
--> statement-breakpoint
CREATE TABLE "contractor_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"boat_id" integer NOT NULL,
	"name" text NOT NULL,
	"duration_hours" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "contractor_percentiles" jsonb;--> statement-breakpoint
ALTER TABLE "contractor_boats" ADD CONSTRAINT "contractor_boats_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_constraints" ADD CONSTRAINT "contractor_constraints_operation_id_contractor_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."contractor_operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_jobs" ADD CONSTRAINT "contractor_jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_jobs" ADD CONSTRAINT "contractor_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_operations" ADD CONSTRAINT "contractor_operations_boat_id_contractor_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."contractor_boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_boats_customer_name" ON "contractor_boats" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "contractor_constraints_operation" ON "contractor_constraints" USING btree ("operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_operations_boat_name" ON "contractor_operations" USING btree ("boat_id","name");