import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
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
export const IMAGES_URL_PREFIX = '/images/';

const isNotFound = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class DiskImageStore implements ImageStore {
  constructor(private readonly dir: string) {}

  async save(bytes: Uint8Array, contentType: ImageContentType): Promise<{ url: string }> {
    await mkdir(this.dir, { recursive: true });
    const file = `${newId()}.${EXTENSION_OF[contentType]}`;
    await writeFile(join(this.dir, file), bytes, { flag: 'wx' });
    return { url: `${IMAGES_URL_PREFIX}${file}` };
  }

  async delete(url: string): Promise<void> {
    if (url.startsWith(IMAGES_URL_PREFIX)) await this.deleteNamed(basename(url));
  }

  /** Stored at the file's modification time, which a written-once image keeps. */
  async list(): Promise<StoredImage[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((name) => IMAGE_FILE_NAME.test(name));
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const images = await Promise.all(
      names.map(async (name) => {
        try {
          const file = await stat(join(this.dir, name));
          return file.isFile() ? { name, size: file.size, storedAt: Math.floor(file.mtimeMs) } : null;
        } catch (error) {
          if (isNotFound(error)) return null; // deleted meanwhile
          throw error;
        }
      }),
    );
    return images.filter((image) => image !== null);
  }

  async deleteNamed(name: string): Promise<void> {
    if (IMAGE_FILE_NAME.test(name)) await rm(join(this.dir, name), { force: true });
  }
}
