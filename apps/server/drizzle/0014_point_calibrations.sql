ALTER TABLE "points" ADD COLUMN "calibration_of" integer;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "calibration" jsonb;--> statement-breakpoint
ALTER TABLE "points" ADD CONSTRAINT "points_calibration_of_points_id_fk" FOREIGN KEY ("calibration_of") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;
