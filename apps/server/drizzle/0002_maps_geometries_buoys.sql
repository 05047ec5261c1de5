CREATE TABLE "buoys" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"centre" text DEFAULT '' NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'buoy' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"sensors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date_begin" timestamp with time zone,
	"date_end" timestamp with time zone,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buoys_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "geometries" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"layers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat2d_layers" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"group" text NOT NULL,
	"field" text NOT NULL,
	"name" text NOT NULL,
	"units" text DEFAULT '' NOT NULL,
	"tiles_path" text NOT NULL,
	"property_file" text NOT NULL,
	"dataset_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat2d_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"offer_instance_id" integer,
	"credits" integer DEFAULT 0 NOT NULL,
	"bought_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "geometries" ADD CONSTRAINT "geometries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geometries" ADD CONSTRAINT "geometries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat2d_layers" ADD CONSTRAINT "stat2d_layers_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat2d_layers" ADD CONSTRAINT "stat2d_layers_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat2d_purchases" ADD CONSTRAINT "stat2d_purchases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat2d_purchases" ADD CONSTRAINT "stat2d_purchases_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat2d_purchases" ADD CONSTRAINT "stat2d_purchases_offer_instance_id_offer_instances_id_fk" FOREIGN KEY ("offer_instance_id") REFERENCES "public"."offer_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat2d_purchases" ADD CONSTRAINT "stat2d_purchases_bought_by_users_id_fk" FOREIGN KEY ("bought_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geometries_project" ON "geometries" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stat2d_layers_zone_field" ON "stat2d_layers" USING btree ("zone_id","field");--> statement-breakpoint
CREATE UNIQUE INDEX "stat2d_purchases_customer_zone" ON "stat2d_purchases" USING btree ("customer_id","zone_id");