// How a stored result's payload is kept: its JSON text, gzip-compressed by the statistics thread that made
// it, in a bytea column the database does not compress again (STORAGE EXTERNAL, migration 0004). The text
// crosses the client protocols as base64 (written through decode(), read through encode()): PGlite would
// spell bytea in hex, byte by byte in JavaScript. Rows stored before 0004 hold the JSON text uncompressed;
// gzip's first byte (0x1f) can never start JSON, so both read back.
import { gunzipSync, gzipSync } from 'node:zlib';

/** Level 1: a 40-year point's 5.2 MB of results to 1.7 MB in ~60 ms (pglz: to 2.3 MB in ~200 ms). */
const LEVEL = 1;

/** A payload's JSON text as it is stored: gzip, in base64. */
export function encodePayload(json: string): string {
  return gzipSync(json, { level: LEVEL }).toString('base64');
}

/** The payload stored as `base64` (gzip'd JSON, or the JSON text of a row stored before compression). */
export function decodePayload(base64: string): Record<string, unknown> {
  const bytes = Buffer.from(base64, 'base64');
  const text =
    bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  return JSON.parse(text) as Record<string, unknown>;
}
