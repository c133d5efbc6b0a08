import { deleteApp, initializeApp } from 'firebase-admin/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BucketImageStore,
  IMAGE_CACHE_CONTROL,
  PRODUCT_IMAGES_FOLDER,
} from '../../shared/backend/images/bucket/bucket-image-store.js';
import { startFakeCloudStorage } from '../support/fake-cloud-storage.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const BUCKET = 'demo-peptide-shop.firebasestorage.app';

describe('bucket image store (Cloud Storage through firebase-admin)', () => {
  let storage: Awaited<ReturnType<typeof startFakeCloudStorage>>;
  let images: BucketImageStore;
  const app = initializeApp({ projectId: 'demo-peptide-shop' }, 'bucket-image-store-test');

  beforeAll(async () => {
    storage = await startFakeCloudStorage();
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = storage.host;
    images = new BucketImageStore(app, BUCKET);
  });
  afterAll(async () => {
    await deleteApp(app);
    await storage.close();
    delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  });

  it('uploads with content type and long-lived cache headers and returns a working download URL', async () => {
    const { url } = await images.save(PNG, 'image/png');
    expect(url).toMatch(
      new RegExp(
        `^http://${storage.host}/v0/b/${BUCKET}/o/${PRODUCT_IMAGES_FOLDER}%2F[A-Za-z0-9]{20}\\.png\\?alt=media&token=[0-9a-f-]{36}$`,
      ),
    );
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    const withoutToken = await fetch(url.replace(/token=[^&]+/, 'token=wrong'));
    expect(withoutToken.status).toBe(403);
  });

  it('gives every upload its own object', async () => {
    const first = await images.save(PNG, 'image/png');
    const second = await images.save(PNG, 'image/png');
    expect(first.url).not.toBe(second.url);
  });

  it('deletes an image it handed out, and ignores URLs that are not its own', async () => {
    const { url } = await images.save(new TextEncoder().encode('<svg/>'), 'image/svg+xml');
    const before = storage.objects.size;
    await images.delete('https://example.com/v0/b/other-bucket/o/product-images%2Fx.png');
    await images.delete('/images/abc.png');
    await images.delete('not a url');
    expect(storage.objects.size).toBe(before);
    await images.delete(url);
    expect(storage.objects.size).toBe(before - 1);
    expect((await fetch(url)).status).toBe(404);
    await expect(images.delete(url)).resolves.toBeUndefined();
  });
});
