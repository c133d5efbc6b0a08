import { firebaseApp } from '../auth/firebase-app.js';
import { imagesDir, type ShopConfig } from '../config.js';
import { BucketImageStore } from './bucket/bucket-image-store.js';
import { DiskImageStore } from './disk/disk-image-store.js';
import type { ImageStore } from './port.js';

/** The image store that goes with the configured backend: a bucket beside Firestore, else a folder. */
export function openImageStore(
  config: Pick<ShopConfig, 'backend' | 'dataDir' | 'projectId' | 'authEmulatorHost' | 'storageBucket'>,
): ImageStore {
  return config.backend === 'firestore'
    ? new BucketImageStore(firebaseApp(config), config.storageBucket)
    : new DiskImageStore(imagesDir(config));
}
