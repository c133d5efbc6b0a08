/** Reading and writing list queries in URLs leniently, zod-free (the admin app's lists share it). */

/** `value` when it is one of `values`, else the fallback. */
export const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** A whole number from 1, capped at `max`; the fallback for anything else. */
export const wholeNumber = (value: string | null, fallback: number, max: number): number => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** The query as URL parameters, values equal to the defaults left out so links stay short. */
export function paramsBesideDefaults<Q extends object>(query: Q, defaults: Q): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults) as (keyof Q & string)[]) {
    if (query[key] !== defaults[key]) params.set(key, String(query[key]));
  }
  return params;
}
