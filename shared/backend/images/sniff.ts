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

const PDF_HEADER = '%PDF-';
const PDF_TRAILER = '%%EOF';
/** Readers accept the trailer within the last kilobyte, after which only junk such as line ends may follow. */
const PDF_TRAILER_WINDOW = 1024;

/**
 * True when the bytes are a whole PDF file: the `%PDF-` header at the start and the `%%EOF` marker
 * near the end (a truncated upload has none), whatever the file is named.
 */
export function isPdf(bytes: Uint8Array): boolean {
  if (bytes.length < PDF_HEADER.length + PDF_TRAILER.length) return false;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, PDF_HEADER.length));
  if (head !== PDF_HEADER) return false;
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - PDF_TRAILER_WINDOW)));
  return tail.includes(PDF_TRAILER);
}
