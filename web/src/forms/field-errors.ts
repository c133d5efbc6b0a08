import type { z } from 'zod';
import { ApiError } from '../../../shared/api/errors.js';

export type FieldErrors = Record<string, string>;

/** The first message per field of a failed zod parse, keyed by the field's dotted path. */
export function zodFieldErrors(error: z.ZodError, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = prefix + issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's per-field messages (ApiError.fields), keyed by the same dotted paths. */
export function apiFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const { field, message } of error.fields) errors[field] ??= message;
  return errors;
}
