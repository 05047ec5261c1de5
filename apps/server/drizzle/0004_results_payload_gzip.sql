-- A result's payload becomes its JSON text gzip'd by the statistics thread (src/db/payload.ts). Rows already
-- stored keep their JSON text, uncompressed (the reader tells them apart by gzip's first byte). EXTERNAL:
-- the database stores the bytes as they come, out of line, without compressing them again.
ALTER TABLE "results" ALTER COLUMN "payload" SET DATA TYPE bytea USING convert_to("payload"::text, 'UTF8');--> statement-breakpoint
ALTER TABLE "results" ALTER COLUMN "payload" SET STORAGE EXTERNAL;
