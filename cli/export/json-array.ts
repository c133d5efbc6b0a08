import { escapeJsonControls } from '../terminal-text.js';

/**
 * The text jsonPieces writes for an array — JSON.stringify(items, null, 2) — from pages of items as
 * they come, so the whole array is never in memory.
 */
export async function* jsonArrayPieces<T>(
  pages: AsyncIterable<T[]>,
  onItem?: () => void,
): AsyncGenerator<string> {
  let first = true;
  for await (const page of pages)
    for (const item of page) {
      onItem?.();
      const json = escapeJsonControls(JSON.stringify(item, null, 2)).replace(/\n/g, '\n  ');
      yield `${first ? '[\n' : ',\n'}  ${json}`;
      first = false;
    }
  yield first ? '[]\n' : '\n]\n';
}
