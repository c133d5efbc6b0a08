import type { ImageContentType } from './port.js';

export type UploadableImageType = Exclude<ImageContentType, 'image/svg+xml'>;

/** The image type told by the file's first bytes, whatever its name claims; null if not JPEG/PNG/WebP. */
export function sniffImageType(bytes: Uint8Array): UploadableImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}
