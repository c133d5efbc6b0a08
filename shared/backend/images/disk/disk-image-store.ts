import { statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { newId } from '../../ids.js';
import {
  EXTENSION_OF,
  IMAGE_FILE_NAME,
  type ImageContentType,
  type ImageStore,
  type StoredImage,
} from '../port.js';

/** The URL path under which the server serves the images folder. */
const IMAGES_URL_PREFIX = '/images/';

/** Files looked at between two turns of the event loop (about a millisecond's work). */
const STAT_CHUNK = 100;

const isNotFound = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class DiskImageStore implements ImageStore {
  constructor(private readonly dir: string) {}

  async save(bytes: Uint8Array, contentType: ImageContentType): Promise<{ url: string }> {
    await mkdir(this.dir, { recursive: true });
    const file = `${newId()}.${EXTENSION_OF[contentType]}`;
    // Written under a temporary name and renamed, so a failed write (a full disk) never leaves a
    // half image that would be served; the temporary file is removed on failure.
    const partial = join(this.dir, `.${file}.partial`);
    try {
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, join(this.dir, file));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { url: `${IMAGES_URL_PREFIX}${file}` };
  }

  async delete(url: string): Promise<void> {
    if (url.startsWith(IMAGES_URL_PREFIX)) await this.deleteNamed(basename(url));
  }

  /**
   * Stored at the file's modification time, which a written-once image keeps. Files are looked at
   * in chunks with a turn of the event loop between them: a thread-pool call per file costs several
   * times more, and one long loop would stall the shop serving meanwhile.
   */
  async list(): Promise<StoredImage[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((name) => IMAGE_FILE_NAME.test(name));
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const images: StoredImage[] = [];
    for (let at = 0; at < names.length; at += STAT_CHUNK) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const name of names.slice(at, at + STAT_CHUNK)) {
        const file = statSync(join(this.dir, name), { throwIfNoEntry: false }); // gone meanwhile: undefined
        if (file?.isFile()) images.push({ name, size: file.size, storedAt: Math.floor(file.mtimeMs) });
      }
    }
    return images;
  }

  async deleteNamed(name: string): Promise<void> {
    if (IMAGE_FILE_NAME.test(name)) await rm(join(this.dir, name), { force: true });
  }
}
