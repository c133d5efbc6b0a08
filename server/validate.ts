import { validator } from 'hono/validator';
import type { z } from 'zod';
import { ValidationError } from '../shared/domain/errors.js';

type Target = 'json' | 'query' | 'param';

/** Validates one part of the request with a shared zod schema; failures become a 400 naming each field. */
export function validate<Schema extends z.ZodType, T extends Target>(target: T, schema: Schema) {
  return validator(target, (value): z.output<Schema> => {
    const result = schema.safeParse(value);
    if (!result.success) {
      throw new ValidationError(
        result.error.issues.map((issue) => ({
          field: issue.path.join('.'),
          message:
            issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message,
        })),
      );
    }
    return result.data;
  });
}
