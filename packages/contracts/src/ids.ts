// Ids of stored objects: PostgreSQL `integer` columns, so positive 32-bit integers. Anything else is refused
// by the schema (400) before it reaches a query, rather than failing in the database (issue 23).
import { z } from 'zod';

export const MAX_ID = 2_147_483_647;
export const idMessage = `must be a whole number from 1 to ${MAX_ID}`;

/** An id in a JSON body. */
export const entityId = () => z.number().int(idMessage).positive(idMessage).max(MAX_ID, idMessage);

/** An id in a path or a query string (text turned into a number). */
export const idText = () => z.coerce.number().int(idMessage).positive(idMessage).max(MAX_ID, idMessage);

/**
 * A required id in a query string, named in its messages: "point is required" when absent or empty, not
 * zod's "expected number, received NaN".
 */
export const requiredIdText = (name: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} ${idMessage}`),
    })
    .trim()
    .min(1, `${name} is required`)
    .pipe(
      z.coerce
        .number<string>()
        .int(`${name} ${idMessage}`)
        .positive(`${name} ${idMessage}`)
        .max(MAX_ID, `${name} ${idMessage}`),
    );
