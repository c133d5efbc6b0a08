import type { MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { firstFew, ValidationError } from '../shared/domain/errors.js';

/** A name the client sent, cut short: an error must not echo a megabyte back. */
const clip = (text: string) => (text.length > 64 ? `${text.slice(0, 64)}…` : text);

import type { AppEnv } from './env.js';

type Target = 'json' | 'query' | 'param';

/** What the typed client sends (the schema's input, before defaults) and what the handler reads. */
type Validated<Schema extends z.ZodType, T extends Target> = {
  in: { [K in T]: z.input<Schema> };
  out: { [K in T]: z.output<Schema> };
};

/** Validates one part of the request with a shared zod schema; failures become a 400 naming each field. */
export function validate<Schema extends z.ZodType, T extends Target, P extends string = string>(
  target: T,
  schema: Schema,
) {
  const middleware = validator(target, (value): z.output<Schema> => {
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
  // Hono would derive the client's input from the output (defaults applied, so required); the
  // schema's own input type is what a caller may send.
  return middleware as unknown as MiddlewareHandler<AppEnv, P, Validated<Schema, T>>;
}
