export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/svg+xml';

export const EXTENSION_OF: Record<ImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/** Where product images live: a local folder by default, a Storage bucket at hosted scale. */
export interface ImageStore {
  /** Stores the bytes and returns the URL the apps use to show them. */
  save(bytes: Uint8Array, contentType: ImageContentType): Promise<{ url: string }>;
  /** Deletes an image this store handed out; URLs it does not own are ignored. */
  delete(url: string): Promise<void>;
}
