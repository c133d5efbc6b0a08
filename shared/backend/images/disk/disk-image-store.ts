import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { newId } from '../../ids.js';
import { EXTENSION_OF, type ImageContentType, type ImageStore } from '../port.js';

/** The URL path under which the server serves the images folder. */
export const IMAGES_URL_PREFIX = '/images/';

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
    if (!url.startsWith(IMAGES_URL_PREFIX)) return;
    const file = basename(url);
    if (!/^[A-Za-z0-9]+\.(jpg|png|webp|svg)$/.test(file)) return;
    await rm(join(this.dir, file), { force: true });
  }
}
