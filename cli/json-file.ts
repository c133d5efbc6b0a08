import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { OperationError, UsageError } from './errors.js';

/**
 * A JSON file judged by a schema; each problem named by its JSON path (`zones.0.rates.1.amount: …`).
 * An unreadable file is a usage error (exit 2); a file that is not what `what` must be, exit 1.
 */
export async function readJsonFile<S extends z.ZodType>(
  file: string,
  schema: S,
  what: string,
): Promise<z.output<S>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--file: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new OperationError(`${file} is not JSON (${(error as Error).message}); nothing was changed`);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (i) => `  ${i.path.join('.') || '(the whole file)'}: ${i.message}`,
  );
  throw new OperationError(`${file} is not valid ${what}; nothing was changed:\n${problems.join('\n')}`);
}
