import { ValidationError } from '../domain/errors.js';

/** A product's ETag: its version, strong and quoted. */
export const productETag = (version: number): string => `"${version}"`;

/** Matches no version, so a condition naming none of ours is refused as stale (RFC 9110: 412). */
const NO_VERSION = -1;

/**
 * The version an If-Match header requires, or undefined when it requires none (absent, or `*`).
 * Comparison is strong, so weak ETags (W/"…") and foreign ones match nothing.
 */
export function versionFromIfMatch(header: string | undefined): number | undefined {
  const value = header?.trim();
  if (!value || value === '*') return undefined;
  const versions = new Set(
    value
      .split(',')
      .map((tag) => /^"(\d{1,15})"$/.exec(tag.trim())?.[1])
      .filter((v) => v !== undefined)
      .map(Number),
  );
  if (versions.size > 1)
    throw new ValidationError([{ field: 'If-Match', message: 'If-Match may name one version only' }]);
  return versions.size === 1 ? [...versions][0] : NO_VERSION;
}
