import { z } from 'zod';

/** Every error body the API sends (spec 000 §8: common errors and per-field errors). */
export const errorBody = z.object({
  nonFieldErrors: z.array(z.string()).optional(),
  detail: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
