import { validator } from 'hono/validator';
import type { z } from 'zod';
import { firstFew, ValidationError } from '../shared/domain/errors.js';

/** A name the client sent, cut short: an error must not echo a megabyte back. */
const clip = (text: string) => (text.length > 64 ? `${text.slice(0, 64)}…` : text);

type Target = 'json' | 'query' | 'param';

/** Validates one part of the request with a shared zod schema; failures become a 400 naming each field. */
export function validate<Schema extends z.ZodType, T extends Target>(target: T, schema: Schema) {
  return validator(target, (value): z.output<Schema> => {
    const result = schema.safeParse(value);
    if (!result.success) {
      throw new ValidationError(
        result.error.issues.map((issue) => ({
          field: clip(issue.path.join('.')),
          message:
            issue.code === 'unrecognized_keys'
              ? `Unknown field(s): ${firstFew(issue.keys.map(clip), (n) => `and ${n} more`).join(', ')}`
              : issue.message,
        })),
      );
    }
    return result.data;
  });
}
