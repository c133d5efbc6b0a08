import { imagesDir, type ShopConfig } from '../config.js';
import { DiskImageStore } from './disk/disk-image-store.js';
import type { ImageStore } from './port.js';

/**
 * The image store that goes with the configured backend: a bucket beside Firestore, else a folder.
 * The bucket adapter (and Cloud Storage's client) loads only when used.
 */
export async function openImageStore(
  config: Pick<ShopConfig, 'backend' | 'dataDir' | 'projectId' | 'authEmulatorHost' | 'storageBucket'>,
): Promise<ImageStore> {
  if (config.backend !== 'firestore') return new DiskImageStore(imagesDir(config));
  const [{ firebaseApp }, { BucketImageStore }] = await Promise.all([
    import('../auth/firebase-app.js'),
    import('./bucket/bucket-image-store.js'),
  ]);
  return new BucketImageStore(firebaseApp(config), config.storageBucket);
}
