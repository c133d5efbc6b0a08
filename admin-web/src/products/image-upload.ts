import { MAX_IMAGE_BYTES } from '../../../shared/domain/constants.js';
import { adminApi } from '../../../shared/web/admin-api.js';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Why the browser will not send this file, before uploading it; null when it may go. */
export function imageFileProblem(file: File): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return 'Choose a JPEG, PNG or WebP image';
  if (file.size > MAX_IMAGE_BYTES) return 'The image is larger than 5 MB';
  return null;
}

/** Stores the image; the server checks its bytes again, whatever the browser let through. */
export async function uploadImage(file: File): Promise<string> {
  return (await adminApi.images.upload(file, file.name)).url;
}
