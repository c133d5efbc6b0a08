import { z } from 'zod';

const MAX_TAGS = 50;
const TAG_MAX_LENGTH = 60;

const tagSchema = z
  .string({ error: 'A tag must be text' })
  .trim()
  .min(1, 'A tag cannot be empty')
  .max(TAG_MAX_LENGTH, `A tag must be at most ${TAG_MAX_LENGTH} characters`)
  // Every CSV format the shop reads and writes separates tags with commas.
  .refine((tag) => !tag.includes(','), 'A tag cannot contain a comma');

/** A product's tags in the order given, the later of two that differ only in case dropped. */
export const tagsSchema = z
  .array(tagSchema, { error: 'tags must be a list' })
  .max(MAX_TAGS, `A product can have at most ${MAX_TAGS} tags`)
  .transform(distinctTags);

function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
