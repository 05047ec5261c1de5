import type { ZodType } from 'zod';
import type * as SchemasModule from './schemas';

type Schemas = typeof SchemasModule;

let schemas: Promise<Schemas> | undefined;

/**
 * A response schema of ./schemas.ts, loaded (with zod) on first use rather than with the first page
 * (issue 34). The API client starts loading it with the request, so the two overlap; a failed load fails
 * the request like a network error, and the next request tries again.
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
}

function loadSchemas(): Promise<Schemas> {
  schemas ??= import('./schemas').catch((error: unknown) => {
    schemas = undefined;
    throw error;
  });
  return schemas;
}

export const lazySchema = <T>(pick: (schemas: Schemas) => ZodType<T>): LazySchema<T> => new LazySchema(pick);
