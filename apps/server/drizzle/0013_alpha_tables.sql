CREATE TABLE "alpha_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"parameter" text NOT NULL,
	"tpop_hours" jsonb NOT NULL,
	"limits" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alpha_tables" ADD CONSTRAINT "alpha_tables_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "alpha_tables_customer_name" ON "alpha_tables" USING btree ("customer_id","name");
