import { randomUUID } from 'node:crypto';
import type { App } from 'firebase-admin/app';
import { getDownloadURL, getStorage } from 'firebase-admin/storage';
import { newId } from '../../ids.js';
import {
  EXTENSION_OF,
  IMAGE_FILE_NAME,
  type ImageContentType,
  type ImageStore,
  type StoredImage,
} from '../port.js';

/**
 * Folder of product images in the bucket; storage.rules allows public reads of this folder only.
 * @internal
 */
export const PRODUCT_IMAGES_FOLDER = 'product-images';

/**
 * Each upload gets a new name, so a cached copy never goes stale and may be kept a year.
 * @internal
 */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Product images in a Cloud Storage bucket (firebase-admin Storage). URLs are Firebase download URLs,
 * which work from any browser without credentials; with FIREBASE_STORAGE_EMULATOR_HOST set,
 * firebase-admin talks to that host instead of Google's.
 */
export class BucketImageStore implements ImageStore {
  private readonly bucket;

  constructor(app: App, bucketName: string) {
    this.bucket = getStorage(app).bucket(bucketName);
  }

  async save(bytes: Uint8Array, contentType: ImageContentType): Promise<{ url: string }> {
    const file = this.bucket.file(`${PRODUCT_IMAGES_FOLDER}/${newId()}.${EXTENSION_OF[contentType]}`);
    await file.save(Buffer.from(bytes), {
      resumable: false,
      preconditionOpts: { ifGenerationMatch: 0 },
      metadata: {
        contentType,
        cacheControl: IMAGE_CACHE_CONTROL,
        // A COA opens in the browser's PDF viewer rather than being downloaded.
        ...(contentType === 'application/pdf' ? { contentDisposition: 'inline' } : {}),
        // What a Firebase download URL's token is checked against.
        metadata: { firebaseStorageDownloadTokens: randomUUID() },
      },
    });
    return { url: await getDownloadURL(file) };
  }

  async delete(url: string): Promise<void> {
    const name = this.fileNameOf(url);
    if (name) await this.deleteNamed(name);
  }

  /** Stored at the object's creation time; the listing comes a page at a time, all pages read. */
  async list(): Promise<StoredImage[]> {
    const [files] = await this.bucket.getFiles({ prefix: `${PRODUCT_IMAGES_FOLDER}/`, autoPaginate: true });
    const images: StoredImage[] = [];
    for (const { name: object, metadata } of files) {
      const name = object.slice(PRODUCT_IMAGES_FOLDER.length + 1);
      const storedAt = Date.parse(metadata.timeCreated ?? '');
      if (!IMAGE_FILE_NAME.test(name) || Number.isNaN(storedAt)) continue;
      images.push({ name, size: Number(metadata.size ?? 0), storedAt });
    }
    return images;
  }

  async deleteNamed(name: string): Promise<void> {
    if (IMAGE_FILE_NAME.test(name))
      await this.bucket.file(`${PRODUCT_IMAGES_FOLDER}/${name}`).delete({ ignoreNotFound: true });
  }

  /** The image a download URL of this bucket's image folder points at, else null. */
  private fileNameOf(url: string): string | null {
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
    const prefix = `/v0/b/${this.bucket.name}/o/`;
    if (!path.startsWith(prefix)) return null;
    const object = decodeURIComponent(path.slice(prefix.length));
    const name = object.slice(PRODUCT_IMAGES_FOLDER.length + 1);
    return object.startsWith(`${PRODUCT_IMAGES_FOLDER}/`) && IMAGE_FILE_NAME.test(name) ? name : null;
  }
}
