import type { ZodType } from 'zod';
import { APP_VERSION, limits } from '@metocean/contracts';
import type * as SchemasModule from './schemas';

type Schemas = typeof SchemasModule;

let schemas: Promise<Schemas> | undefined;

/**
 * Whether an answer a server of this very version vouches for is taken as its contract says, unparsed
 * (issue 34, session 30). The server checks every answer against the contract's schema before sending it
 * (its serializer compiler refuses a body that does not match with a 500) and names its version in the
 * `X-App-Version` header of every API answer: a second check of the same schema in the browser only cost
 * the first page zod (26 kB gz). On in the production build; off in development and in the unit tests,
 * where every answer is parsed, so that a contract drift shows where it is made. An answer without the
 * header, or from another version (a tab opened before a deployment), is always parsed.
 */
export const answerPolicy = { trustSameVersion: import.meta.env.PROD };

/** True when `response` comes from a server of this version and the policy takes its word. */
export function vouchedFor(response: Response): boolean {
  return answerPolicy.trustSameVersion && response.headers.get(limits.versionHeader) === APP_VERSION;
}

/**
 * A response schema of ./schemas.ts, loaded (with zod) on first use rather than with the first page
 * (issue 34). A failed load fails the request like a network error, and the next request tries again.
 */
export class LazySchema<T> {
  private loaded: Promise<ZodType<T>> | undefined;

  constructor(private readonly pick: (schemas: Schemas) => ZodType<T>) {}

  load(): Promise<ZodType<T>> {
    this.loaded ??= loadSchemas()
      .then(this.pick)
      .catch((error: unknown) => {
        this.loaded = undefined;
        throw error;
      });
    return this.loaded;
  }

  /**
   * The answer's body as `T`: parsed with the schema, unless a server of this version vouches for it
   * (`vouchedFor`), in which case the schema (and zod) is not loaded at all.
   */
  async read(response: Response): Promise<T> {
    if (vouchedFor(response)) return (await response.json()) as T;
    const [schema, json] = await Promise.all([this.load(), response.json() as Promise<unknown>]);
    return schema.parse(json);
  }
}

function loadSchemas(): Promise<Schemas> {
  schemas ??= import('./schemas').catch((error: unknown) => {
    schemas = undefined;
    throw error;
  });
  return schemas;
}

export const lazySchema = <T>(pick: (schemas: Schemas) => ZodType<T>): LazySchema<T> => new LazySchema(pick);
