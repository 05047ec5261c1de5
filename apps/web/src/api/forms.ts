import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messages } from '@metocean/contracts';
import { ApiError } from './client';

/**
 * Puts a server error on the form: each field error under its field (when the form has it), everything
 * else (non-field errors, detail, fields the form does not show) as the form's root error.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) {
    setError('root.server', { message: messages.generic });
    return;
  }
  const rootMessages: string[] = [...(error.body.nonFieldErrors ?? [])];
  if (error.body.detail) rootMessages.push(error.body.detail);
  for (const [field, list] of Object.entries(error.body.fieldErrors ?? {})) {
    const message = list.join(' ');
    if ((fields as readonly string[]).includes(field)) setError(field as Path<T>, { message });
    else rootMessages.push(message);
  }
  if (rootMessages.length > 0 || Object.keys(error.body.fieldErrors ?? {}).length === 0) {
    setError('root.server', { message: rootMessages.join(' ') || error.message });
  }
}
