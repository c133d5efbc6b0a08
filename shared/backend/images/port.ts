/** What the file port stores: product images, and lots' certificates of analysis (PDF). */
export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/svg+xml' | 'application/pdf';

export const EXTENSION_OF: Record<ImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
};

/** The file name every stored image (or COA) gets: a new id and its type's extension. */
export const IMAGE_FILE_NAME = /^[A-Za-z0-9]+\.(jpg|png|webp|svg|pdf)$/;

/** An image as the store holds it. */
export interface StoredImage {
  /** Its file name (IMAGE_FILE_NAME), unique in the store; every URL the store hands out for it contains it. */
  name: string;
  size: number;
  /** When it was stored, in ms since the epoch. */
  storedAt: number;
}

/**
 * Where product images and COA PDFs live: a local folder by default, a Storage bucket at hosted
 * scale.
 */
export interface ImageStore {
  /** Stores the bytes and returns the URL the apps use to show them. */
  save(bytes: Uint8Array, contentType: ImageContentType): Promise<{ url: string }>;
  /** Deletes an image this store handed out; URLs it does not own are ignored. */
  delete(url: string): Promise<void>;
  /** Every image this store holds; files it did not name itself are left out. */
  list(): Promise<StoredImage[]>;
  /** Deletes the image of that name, if it is still there. */
  deleteNamed(name: string): Promise<void>;
}
