import { MAX_IMAGE_BYTES } from '../../domain/constants.js';
import { imageUrlSchema } from '../../domain/product-images.js';
import { formatBytes } from './amounts.js';
import type { ImageStore } from './port.js';
import { sniffImageType } from './sniff.js';

export interface DownloadOptions {
  /** Images downloaded at the same time (default 4). */
  concurrency?: number;
  /** The most one image may take, redirects and body included (default 15 s). */
  timeoutMs?: number;
  /** The largest image kept (default MAX_IMAGE_BYTES, as for uploads); a bigger body is cut off as it arrives. */
  maxBytes?: number;
  /** Redirects followed per image (default 3). */
  maxRedirects?: number;
  /** Node's fetch unless a test gives another. */
  fetch?: typeof globalThis.fetch;
}

/** Per URL: where the shop's copy is, or why there is none, in words for the import report. */
export type DownloadResult = { url: string } | { error: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const OWN_IMAGE = /^\/images\//;

class Refused extends Error {}

/**
 * Downloads remote images into the shop's image store: each distinct URL once, `concurrency` at a
 * time, each within `timeoutMs` and `maxBytes`, following at most `maxRedirects` redirects, and kept
 * only when its bytes are a JPEG, PNG or WebP. Only https URLs are fetched (plain http only from this
 * machine), by the same rule as a product's image URL, redirects included. URLs that are already the
 * shop's own (/images/…) are answered as they are. A failing image store (a full disk) is thrown once
 * the downloads under way have ended; anything about an image itself is its answer's `error`.
 */
export async function downloadImages(
  urls: Iterable<string>,
  images: ImageStore,
  options: DownloadOptions = {},
): Promise<Map<string, DownloadResult>> {
  const settings = {
    timeoutMs: options.timeoutMs ?? 15_000,
    maxBytes: options.maxBytes ?? MAX_IMAGE_BYTES,
    maxRedirects: options.maxRedirects ?? 3,
    fetch: options.fetch ?? globalThis.fetch,
  };
  const queue = [...new Set(urls)];
  const results = new Map<string, DownloadResult>();
  let storeFailure: { error: unknown } | null = null;
  let next = 0;
  const worker = async () => {
    while (next < queue.length && !storeFailure) {
      const url = queue[next++]!;
      let bytes: Uint8Array;
      try {
        if (OWN_IMAGE.test(url) && isAllowed(url)) {
          results.set(url, { url });
          continue;
        }
        bytes = await fetchImage(url, settings);
      } catch (error) {
        results.set(url, { error: reason(error, settings) });
        continue;
      }
      const type = sniffImageType(bytes);
      if (!type) {
        results.set(url, { error: 'not an image: only JPEG, PNG and WebP are kept, judged by the bytes' });
        continue;
      }
      try {
        results.set(url, await images.save(bytes, type));
      } catch (error) {
        storeFailure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  if (storeFailure) throw (storeFailure as { error: unknown }).error;
  return results;
}

type Settings = Required<Omit<DownloadOptions, 'concurrency'>>;

/** The same rule as a product's image URL: https, or http to this machine; no credentials, no tricks. */
function isAllowed(url: string): boolean {
  return url.trim() !== '' && imageUrlSchema.safeParse(url).success;
}

async function fetchImage(url: string, settings: Settings): Promise<Uint8Array> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError()), settings.timeoutMs);
  try {
    let at = url;
    for (let redirects = 0; ; redirects++) {
      if (!isAllowed(at))
        throw new Refused(
          at === url
            ? 'refused: only https images are downloaded (plain http only from this machine)'
            : `refused: it redirects to ${at}, and only https images are downloaded`,
        );
      const response = await settings.fetch(at, { redirect: 'manual', signal: controller.signal });
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) throw new Refused(`the server answered ${response.status} without saying where to`);
        if (redirects >= settings.maxRedirects)
          throw new Refused(`more than ${settings.maxRedirects} redirects`);
        at = new URL(location, at).href;
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new Refused(
          `the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
        );
      }
      const declared = Number(response.headers.get('content-length'));
      if (declared > settings.maxBytes) {
        controller.abort();
        throw new TooLarge();
      }
      return await readBody(response, settings.maxBytes, controller);
    }
  } catch (error) {
    // Our timer aborted it: fetch and the body reader reject with the abort reason or an AbortError.
    if (controller.signal.reason instanceof TimeoutError) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

class TimeoutError extends Error {}
class TooLarge extends Error {}

/** Reads the body, cutting the connection as soon as it holds more than `maxBytes`. */
async function readBody(
  response: Response,
  maxBytes: number,
  controller: AbortController,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      controller.abort();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function reason(error: unknown, settings: Settings): string {
  if (error instanceof Refused) return error.message;
  if (error instanceof TooLarge)
    return `larger than ${formatBytes(settings.maxBytes)}, the most an image may be`;
  if (error instanceof TimeoutError) return `timed out: not downloaded within ${settings.timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `could not be downloaded (${cause?.code ?? cause?.message ?? (error as Error).message})`;
}
